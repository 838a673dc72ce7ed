package tui

import (
	"strconv"
	"strings"
	"testing"

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
