package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// Ctrl+C with nothing running clears what is typed instead of quitting
// and losing it; a second Ctrl+C on the empty prompt quits; Up brings the
// cleared text back.
func TestCtrlCClearsThePromptBeforeItQuits(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	typeText(m, "half a thought")
	if _, cmd := m.Update(keyCtrlC); isQuit(cmd) {
		t.Fatal("Ctrl+C quit and lost the typed prompt")
	}
	if v := m.prompt.ta.Value(); v != "" {
		t.Errorf("after Ctrl+C the prompt holds %q, want it cleared", v)
	}
	if s := screen(m); !strings.Contains(s, "prompt cleared (↑ brings it back); Ctrl+C again quits") {
		t.Errorf("no hint after clearing:\n%s", s)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyUp})
	if v := m.prompt.ta.Value(); v != "half a thought" {
		t.Errorf("Up after Ctrl+C shows %q, want the cleared text", v)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyDown})
	typeText(m, "x")
	if _, cmd := m.Update(keyCtrlC); isQuit(cmd) {
		t.Fatal("Ctrl+C after typing again quit")
	}
	// Another key between two Ctrl+C disarms the second.
	press(m, keyCtrlC)
	press(m, char('a'))
	press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	if _, cmd := m.Update(keyCtrlC); isQuit(cmd) {
		t.Fatal("Ctrl+C quit though the Ctrl+C before it was followed by typing")
	}
	if _, cmd := m.Update(keyCtrlC); !isQuit(cmd) {
		t.Error("two Ctrl+C in a row on an empty prompt did not quit")
	}
}

// Ctrl+D deletes forward while the prompt holds text and quits only on an
// empty one; Ctrl+U, Ctrl+W, Ctrl+A and Ctrl+E edit as in readline.
func TestPromptKeysActAsInReadline(t *testing.T) {
	ctrl := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	typeText(m, "fix the tests")
	press(m, ctrl('a'))
	if _, cmd := m.Update(keyCtrlD); isQuit(cmd) {
		t.Fatal("Ctrl+D quit with text in the prompt")
	}
	if v := m.prompt.ta.Value(); v != "ix the tests" {
		t.Errorf("Ctrl+A then Ctrl+D left %q, want the first letter deleted", v)
	}
	press(m, ctrl('e'), ctrl('w'))
	if v := m.prompt.ta.Value(); v != "ix the " {
		t.Errorf("Ctrl+E then Ctrl+W left %q, want the last word deleted", v)
	}
	press(m, ctrl('u'))
	if v := m.prompt.ta.Value(); v != "" {
		t.Errorf("Ctrl+U left %q, want the line cleared", v)
	}
	if _, cmd := m.Update(keyCtrlD); !isQuit(cmd) {
		t.Error("Ctrl+D on an empty prompt did not quit")
	}
}

// Esc interrupts a running turn, as in other coding assistants.
func TestEscInterruptsARunningTurn(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	cancelled := make(chan struct{})
	m.panels[0].runner = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
		<-ctx.Done()
		close(cancelled)
		return agent.Outcome{Status: agent.StatusCancelled}, nil
	})
	typeText(m, "sleep")
	press(m, keyEnter)
	if _, cmd := m.Update(keyEsc); isQuit(cmd) {
		t.Fatal("Esc quit")
	}
	<-cancelled
	m.turns.Wait()
	pump(m, b)
	if m.busy() {
		t.Error("the turn did not end after Esc")
	}
}
