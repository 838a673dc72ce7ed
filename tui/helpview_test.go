package tui

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/classify"
)

// The help is drawn from the key maps: every key of every component's key
// map is in its FullHelp and on the help screen, beside what it does. A
// binding added to a key map later and left out of FullHelp fails here.
func TestTheHelpListsEveryKeyOfEveryKeyMap(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 300}) // tall: nothing scrolled away
	press(m, char('?'))
	out := screen(m)
	if strings.Contains(out, "scroll · rows") {
		t.Fatalf("the help scrolls at 100x300; the test needs all of it:\n%s", out)
	}
	maps := []struct {
		name string
		km   help.KeyMap
	}{
		{"the screen", m.keys},
		{"the prompt", m.prompt.KeyMap()},
		{"the approval modal", m.modal.KeyMap()},
		{"an approval's diff view", newDiffView(shellReq("make", classify.Warning), "/p", false, m.st).KeyMap()},
		{"/compare's diff view", (&diffView{keys: newDiffKeys("back to the panels", "esc", "q")}).KeyMap()},
		{"the help", m.keysHelp.KeyMap()},
	}
	binding := reflect.TypeFor[key.Binding]()
	for _, tt := range maps {
		groups := tt.km.FullHelp()
		v := reflect.ValueOf(tt.km)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Type != binding {
				continue // unexported bindings only summarise others in a short help
			}
			b := v.Field(i).Interface().(key.Binding)
			if !inGroups(b, groups) {
				t.Errorf("%s: %s (%s %s) is not in its FullHelp", tt.name, f.Name, b.Help().Key, b.Help().Desc)
			}
		}
		for _, g := range groups {
			for _, b := range g {
				row := regexp.MustCompile(`(?m)(^|\s)` + regexp.QuoteMeta(b.Help().Key) + ` +` + regexp.QuoteMeta(b.Help().Desc) + `(\s|$)`)
				if !row.MatchString(out) {
					t.Errorf("%s: the help does not show %q beside %q:\n%s", tt.name, b.Help().Key, b.Help().Desc, out)
				}
			}
		}
	}
}

// inGroups reports whether b is in groups: the same keys and help key, and
// a description that says at least what b's does (the help may say more,
// as "half down/quit" for Ctrl+D).
func inGroups(b key.Binding, groups [][]key.Binding) bool {
	for _, g := range groups {
		for _, x := range g {
			if slices.Equal(x.Keys(), b.Keys()) && x.Help().Key == b.Help().Key && strings.Contains(x.Help().Desc, b.Help().Desc) {
				return true
			}
		}
	}
	return false
}

// Each group of keys in the help says where its keys apply.
func TestEveryGroupOfTheHelpHasATitle(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	for i, c := range m.keysHelp.columns() {
		if c.title == "" && i > 0 && m.keysHelp.columns()[i-1].title == "" {
			t.Errorf("group %d (%s…) and the one before have no title", i, c.keys[0].Help().Key)
		}
	}
	for _, km := range m.keysHelp.maps {
		tk, ok := km.(titledKeyMap)
		if !ok {
			t.Errorf("%T has no group titles", km)
			continue
		}
		if got, want := len(tk.GroupTitles()), len(km.FullHelp()); got != want {
			t.Errorf("%T names %d groups, has %d", km, got, want)
		}
	}
}

// A help taller than the screen scrolls with the arrows, and says so; Esc
// closes it, and any other key closes it and acts as usual.
func TestTheHelpScrollsAndCloses(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	press(m, char('?'))
	top := screen(m)
	if !strings.Contains(top, "the prompt") || !strings.Contains(top, "scroll · rows 1-") {
		t.Fatalf("at 80x24 the help does not start at the top with a scroll hint:\n%s", top)
	}
	if strings.Contains(top, "this help") {
		t.Fatalf("at 80x24 the whole help fits; the test needs it to scroll:\n%s", top)
	}
	for range 5 {
		press(m, tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if end := screen(m); !strings.Contains(end, "this help") || !m.showHelp {
		t.Fatalf("Down did not scroll the help to its end:\n%s", end)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyUp})
	press(m, keyEsc)
	if m.showHelp {
		t.Fatal("Esc did not close the help")
	}
	press(m, char('?'))
	press(m, char('x'))
	if m.showHelp || m.prompt.value() != "x" {
		t.Errorf("x over the help: help open %v, prompt %q; want it closed and x typed", m.showHelp, m.prompt.value())
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	press(m, char('?'))
	if !strings.Contains(screen(m), "scroll · rows 1-") {
		t.Errorf("the help opened again is not at its top:\n%s", screen(m))
	}
}

// Every column of the key help says where its keys apply: a column with
// no title reads as an orphan wherever the help wraps.
func TestEveryHelpColumnHasATitle(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	for _, c := range m.keysHelp.columns() {
		if c.title == "" {
			var keys []string
			for _, b := range c.keys {
				keys = append(keys, b.Help().Key+" "+b.Help().Desc)
			}
			t.Errorf("a help column without a title: %q", keys)
		}
	}
}
