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
