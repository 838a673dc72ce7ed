package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// promptRows are the prompt's rows on the screen: the three above the
// status bar.
func promptRows(t *testing.T, m *model) []string {
	t.Helper()
	rows := strings.Split(screen(m), "\n")
	if len(rows) < promptHeight+1 {
		t.Fatalf("the screen has %d rows:\n%s", len(rows), screen(m))
	}
	return rows[len(rows)-1-promptHeight : len(rows)-1]
}

func TestOnlyThePromptsFirstRowHasTheMarker(t *testing.T) {
	tests := []struct {
		name  string
		typed func(m *model)
		want  []string // each row's start
	}{
		{"an empty prompt", func(*model) {}, []string{"> Ask for a change", "  ", "  "}},
		{"one line typed", func(m *model) { typeText(m, "hello") }, []string{"> hello", "  ", "  "}},
		{"three lines typed", func(m *model) {
			typeText(m, "one")
			press(m, tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl})
			typeText(m, "two")
			press(m, tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl})
			typeText(m, "three")
		}, []string{"> one", "  two", "  three"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _, _ := newTestModel(t, idleRunner, testOptions)
			tt.typed(m)
			rows := promptRows(t, m)
			for i, want := range tt.want {
				if !strings.HasPrefix(rows[i], want) {
					t.Errorf("prompt row %d = %q, want it to start with %q", i+1, rows[i], want)
				}
				if i > 0 && strings.Contains(rows[i], ">") {
					t.Errorf("prompt row %d = %q has a marker", i+1, rows[i])
				}
			}
		})
	}
}

// The prompts of earlier sessions come back with Up, and each prompt sent
// (or cleared with Ctrl+C) is handed to SaveHistory by a command, outside
// Update.
func TestPromptHistorySurvivesARestart(t *testing.T) {
	saved := make(chan string, 4)
	opts := testOptions
	opts.History = []string{"from yesterday", "from this morning"}
	opts.SaveHistory = func(p string) { saved <- p }
	m, b, _ := newTestModel(t, idleRunner, opts)
	press(m, tea.KeyPressMsg{Code: tea.KeyUp})
	if v := m.prompt.ta.Value(); v != "from this morning" {
		t.Errorf("Up on a fresh screen shows %q, want the newest prompt of before", v)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyUp})
	if v := m.prompt.ta.Value(); v != "from yesterday" {
		t.Errorf("Up again shows %q, want the one before", v)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyDown}, tea.KeyPressMsg{Code: tea.KeyDown})
	typeText(m, "run the tests")
	_, cmd := m.Update(keyEnter)
	startCmds(cmd)
	if got := <-saved; got != "run the tests" {
		t.Errorf("saved %q, want the prompt sent", got)
	}
	settle(m, b) // the turn ends: Ctrl+C then clears rather than cancels
	typeText(m, "half typed")
	_, cmd = m.Update(keyCtrlC)
	startCmds(cmd)
	if got := <-saved; got != "half typed" {
		t.Errorf("saved %q, want the prompt cleared", got)
	}
}

// startCmds runs cmd, and the commands of the batches it returns, each in
// its own goroutine, as the program would: the test waits for what it
// expects of them, not for them.
func startCmds(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if batch, ok := cmd().(tea.BatchMsg); ok {
			for _, c := range batch {
				startCmds(c)
			}
		}
	}()
}
