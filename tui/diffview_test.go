package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func TestParseDiffNumbersTheLines(t *testing.T) {
	got := parseDiff(notesPreview)
	var b strings.Builder
	for _, l := range got {
		b.WriteString(string(l.kind))
		if l.old > 0 || l.new > 0 {
			b.WriteString(" " + strconv.Itoa(l.old) + "/" + strconv.Itoa(l.new))
		}
		b.WriteString("|")
	}
	want := "f|f|@|  1/1|  2/2|- 3/0|+ 0/3|+ 0/4|  4/5|  5/6|  6/7|"
	if b.String() != want {
		t.Errorf("parseDiff = %s\nwant        %s", b.String(), want)
	}
}

func TestDiffViewRowsFitAndWrap(t *testing.T) {
	long := "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-" + strings.Repeat("old ", 40) + "\n+" + strings.Repeat("new ", 40) + "\n"
	lines := parseDiff(long)
	st := newStyles(true)
	for _, w := range []int{40, 80, 130} {
		for name, rows := range map[string][]string{"unified": unified(lines, w, st), "side by side": sideBySide(lines, w, st)} {
			text := ansi.Strip(strings.Join(rows, "\n"))
			if strings.Count(text, "new") != 40 || strings.Count(text, "old") != 40 {
				t.Errorf("%s at %d lost words: %d old, %d new", name, w, strings.Count(text, "old"), strings.Count(text, "new"))
			}
			for _, r := range rows {
				if cw := ansi.StringWidth(r); cw > w {
					t.Errorf("%s at %d: a row is %d cells wide", name, w, cw)
				}
			}
		}
	}
}

func TestShellBreakdownShowsEachPartAndTheFilesItWrites(t *testing.T) {
	cmd := "ls && rm -rf build > log.txt"
	v := classify.Classify(classify.Action{Kind: classify.Shell, Command: cmd, Root: "/src/project"}, classify.Policy{})
	req := agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command": "ls && rm -rf build > log.txt"}`}, Verdict: v}
	out := strings.Join(shellBreakdown(req, "/src/project", false), "\n")
	for _, want := range []string{"[safe]      ls: lists files", "[dangerous] rm -rf build", "Files it writes", "> log.txt: writes inside the project"} {
		if !strings.Contains(out, want) {
			t.Errorf("shellBreakdown(%q) lacks %q:\n%s", cmd, want, out)
		}
	}
}

// The diff view owns its keys: it scrolls and switches mode itself, says
// when a key closes it, and draws its row of keys from its key map.
func TestDiffViewOwnsItsKeys(t *testing.T) {
	var preview strings.Builder
	preview.WriteString("--- a/x\n+++ b/x\n@@ -1,40 +1,40 @@\n")
	for i := range 40 {
		preview.WriteString(" line " + strconv.Itoa(i) + "\n")
	}
	req := agent.ApprovalRequest{Call: agent.CallInfo{Tool: "write_file", Args: `{"path":"x"}`}, Preview: preview.String()}
	open := func(w int) *diffView {
		v := newDiffView(req, "/p", false, newStyles(true))
		v.SetSize(w, 10)
		v.View()
		return v
	}
	space := tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	steps := []struct {
		key  tea.KeyPressMsg
		want int // the offset after it
	}{
		{char('j'), 1}, {tea.KeyPressMsg{Code: tea.KeyDown}, 2}, {char('k'), 1},
		{space, 8}, {keyPgUp, 1}, {char('G'), 1 << 30}, {char('g'), 0},
	}
	v := open(80)
	for _, s := range steps {
		if v.Update(s.key) {
			t.Fatalf("%s closed the view", s.key)
		}
		if v.offset != s.want {
			t.Errorf("after %s offset = %d, want %d", s.key, v.offset, s.want)
		}
	}
	if row := ansi.Strip(v.keyRow(80)); row != "↑/↓ pgup/pgdn home/end scroll · esc back to the approval" {
		t.Errorf("narrow key row = %q", row)
	}
	wide := open(140)
	if row := wide.keyRow(140); row != "t side by side · ↑/↓ pgup/pgdn home/end scroll · esc back to the approval" {
		t.Errorf("wide key row = %q", row)
	}
	wide.Update(char('t'))
	if !wide.side || wide.keyRow(140) != "t unified · ↑/↓ pgup/pgdn home/end scroll · esc back to the approval" {
		t.Errorf("after t: side = %v, key row %q", wide.side, wide.keyRow(140))
	}
	for _, k := range []tea.KeyPressMsg{keyEsc, char('v'), char('q')} {
		if !open(80).Update(k) {
			t.Errorf("%s did not close the approval's view", k)
		}
	}
	compare := &diffView{keys: newDiffKeys("back to the panels", "esc", "q")}
	if compare.Update(char('v')) || !compare.Update(char('q')) {
		t.Error("the compare view closes on esc and q, not on v")
	}
}
