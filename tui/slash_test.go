package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/tools/checkpoint"
)

// listOnlyUndoer has one checkpoint and nothing to undo.
type listOnlyUndoer struct{}

func (listOnlyUndoer) List(context.Context) ([]checkpoint.Checkpoint, error) {
	return []checkpoint.Checkpoint{{N: 1, Time: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC), Label: "write_file main.go (openai)"}}, nil
}

func (listOnlyUndoer) Preview(context.Context, int) (*checkpoint.Undo, error) {
	return nil, checkpoint.ErrNothingToUndo
}

func (listOnlyUndoer) Apply(context.Context, *checkpoint.Undo) (checkpoint.Checkpoint, error) {
	return checkpoint.Checkpoint{}, nil
}

func TestSlashCommandOutputFollowsTheCommand(t *testing.T) {
	tests := []struct {
		typed  string
		output string // the first words of what the command shows
	}{
		{"/rules", "No session rules yet"},
		{"/providers", "Panels:"},
		{"/help", "Commands (start a message"},
		{"/stats", "openai: 2 turns"},
		{"/checkpoints", "Checkpoints of this session"},
		{"/undo", "Nothing to undo"},
	}
	for _, tt := range tests {
		t.Run(tt.typed+" shows the command above its output", func(t *testing.T) {
			opts := testOptions
			opts.Stats = func() string { return "openai: 2 turns\n" }
			opts.Undo = listOnlyUndoer{}
			m, b, _ := newTestModel(t, nil, opts)
			m.Update(tea.WindowSizeMsg{Width: 100, Height: 40}) // /help is long
			typeText(m, tt.typed)
			press(m, keyEnter)
			settle(m, b)
			m.showHelp = false // /help opens the key help over the panel
			rows := strings.Split(screen(m), "\n")
			at := -1
			for i, r := range rows {
				if strings.HasPrefix(r, tt.output) {
					at = i
					break
				}
			}
			if at < 1 {
				t.Fatalf("%s: no row starts with %q:\n%s", tt.typed, tt.output, screen(m))
			}
			if got := strings.TrimRight(rows[at-1], " "); got != "› "+tt.typed {
				t.Errorf("%s: the row above its output is %q, want %q:\n%s", tt.typed, got, "› "+tt.typed, screen(m))
			}
		})
	}
}

func TestASlashCommandThatOnlyAnswersInTheStatusBarLeavesNoTrace(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	typeText(m, "/yes")
	press(m, keyEnter)
	if out := screen(m); strings.Contains(out, "› /yes") || !strings.Contains(out, "auto-approve: safe (/yes") {
		t.Errorf("/yes without a level should answer in the status bar only:\n%s", out)
	}
}

// Typing a slash shows the commands it may start, with what each does;
// Tab completes the name, as a shell does, instead of switching panels.
func TestSlashCommandsCompleteWithTab(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, twoPanels)
	typeText(m, "/c")
	s := screen(m)
	for _, want := range []string{"/clear", "/compact", "/checkpoints", "/compare [NAME]", "tab completes"} {
		if !strings.Contains(s, want) {
			t.Errorf("after /c the popup lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "/model") {
		t.Errorf("the popup lists /model after /c:\n%s", s)
	}
	focus := m.focus
	press(m, keyTab)
	if m.focus != focus {
		t.Error("Tab while typing a command switched panels")
	}
	typeText(m, "o")
	press(m, keyTab)
	if v := m.prompt.ta.Value(); v != "/compa" {
		t.Errorf("Tab after /co gives %q, want /compa, where /compact and /compare part", v)
	}
	typeText(m, "c")
	press(m, keyTab)
	if v := m.prompt.ta.Value(); v != "/compact" {
		t.Errorf("Tab after /compac gives %q, want /compact", v)
	}
	m.prompt.reset()
	typeText(m, "/mod")
	press(m, keyTab)
	if v := m.prompt.ta.Value(); v != "/model " {
		t.Errorf("Tab after /mod gives %q, want /model and a space for its argument", v)
	}
	if strings.Contains(screen(m), "tab completes") {
		t.Errorf("the popup stays once the arguments are being typed:\n%s", screen(m))
	}
	m.prompt.reset()
	press(m, keyTab)
	if m.focus != (focus+1)%len(m.panels) {
		t.Error("Tab on an empty prompt no longer switches panels")
	}
}

// A listing that wraps keeps its columns: the further rows of a command's
// description start under the description, not at the panel's edge.
func TestHelpListingWrapsWithAHangingIndent(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	m.Update(tea.WindowSizeMsg{Width: 70, Height: 60})
	typeText(m, "/help")
	press(m, keyEnter)
	press(m, keyEsc) // close the key help over it
	rows := strings.Split(screen(m), "\n")
	for i, r := range rows {
		if !strings.Contains(r, "/compact") || i+1 == len(rows) {
			continue
		}
		desc := strings.Index(r, "summarise")
		next := rows[i+1]
		if desc < 0 || len(next) <= desc || strings.TrimSpace(next[:desc]) != "" || next[desc] == ' ' {
			t.Errorf("the row after\n%q\nis\n%q\nwant it to start under the description (column %d)", r, next, desc)
		}
		return
	}
	t.Fatalf("no /compact row in /help:\n%s", screen(m))
}
