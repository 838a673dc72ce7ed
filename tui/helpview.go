package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// helpMaxWidth keeps the help readable on wide screens.
const helpMaxWidth = 100

// helpView is the help opened with "?" or /help, a box over the screen. It
// is drawn from the key maps of every component, in the order given, each
// group of keys under a title that says where they apply; so a key added to
// a key map shows in the help without anyone writing it there. When it is
// taller than the screen it scrolls.
type helpView struct {
	maps   []help.KeyMap
	keys   helpKeys
	offset int // rows scrolled past
	w, h   int // the screen's size
	st     *styles
}

// helpKeys are the help's own keys.
type helpKeys struct {
	Close, Up, Down key.Binding
}

// ShortHelp lists the help's keys.
func (k helpKeys) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.Close} }

// FullHelp lists the help's keys in one group.
func (k helpKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// GroupTitles names the group of FullHelp.
func (k helpKeys) GroupTitles() []string { return []string{"this help"} }

// titledKeyMap is a key map whose FullHelp groups have titles: where
// their keys apply. A group without one continues the group before it.
type titledKeyMap interface {
	help.KeyMap
	GroupTitles() []string
}

// helpAction is what a key did to the help.
type helpAction int

const (
	helpKept   helpAction = iota // the help took the key and stays open
	helpClosed                   // the key closed the help
	helpPassed                   // the help closed; the key acts as usual
)

// newHelpView returns the help of maps, which it lists in order; its own
// keys come last.
func newHelpView(st *styles, maps ...help.KeyMap) *helpView {
	v := &helpView{st: st, keys: helpKeys{
		// Enter closes it too: the help is read, then gone.
		Close: key.NewBinding(key.WithKeys("esc", "?", "f1", "q", "enter"), key.WithHelp("esc/?", "close")),
		Up:    key.NewBinding(key.WithKeys("up", "pgup"), key.WithHelp("↑/pgup", "scroll up")),
		Down:  key.NewBinding(key.WithKeys("down", "pgdown"), key.WithHelp("↓/pgdn", "scroll down")),
	}}
	v.maps = append(maps, v.keys)
	return v
}

// SetSize takes the screen's size, which the box fits in.
func (v *helpView) SetSize(w, h int) { v.w, v.h = w, h }

// KeyMap returns the help's own keys.
func (v *helpView) KeyMap() help.KeyMap { return v.keys }

// open shows the help from its top.
func (v *helpView) open() { v.offset = 0 }

// Update takes a key while the help is open: it scrolls or closes the
// help; any other key closes it and acts as it would without the help.
func (v *helpView) Update(msg tea.Msg) helpAction {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
		return helpKept
	case key.Matches(k, v.keys.Close):
		return helpClosed
	case key.Matches(k, v.keys.Up):
		v.offset = max(v.offset-max(v.h/2, 1), 0)
		return helpKept
	case key.Matches(k, v.keys.Down):
		v.offset += max(v.h/2, 1) // clamped when drawn
		return helpKept
	}
	return helpPassed
}

// helpColumn is one group of keys under its title.
type helpColumn struct {
	title string
	keys  []key.Binding
}

// columns are the groups of every key map, in order, with their titles.
func (v *helpView) columns() []helpColumn {
	var cols []helpColumn
	for _, km := range v.maps {
		var titles []string
		if t, ok := km.(titledKeyMap); ok {
			titles = t.GroupTitles()
		}
		for i, group := range km.FullHelp() {
			c := helpColumn{keys: group}
			if i < len(titles) {
				c.title = titles[i]
			}
			cols = append(cols, c)
		}
	}
	return cols
}

// lines draws a column: its title, then each enabled key and what it does,
// the keys aligned.
func (c helpColumn) lines(st *styles) []string {
	kw := 0
	for _, b := range c.keys {
		if b.Enabled() {
			kw = max(kw, ansi.StringWidth(b.Help().Key))
		}
	}
	rows := []string{st.Muted.Render(c.title)}
	for _, b := range c.keys {
		if !b.Enabled() {
			continue
		}
		k := b.Help().Key
		rows = append(rows, st.Key.Render(k)+strings.Repeat(" ", kw-ansi.StringWidth(k)+1)+b.Help().Desc)
	}
	return rows
}

// body is every row of the help at inner width w: the columns side by side
// as many as fit, the rest in bands below, then a note on the keys that
// depend on the prompt.
func (v *helpView) body(w int) []string {
	const gap = 3
	var rows, band []string
	bandW := 0
	flush := func() {
		if len(band) == 0 {
			return
		}
		if len(rows) > 0 {
			rows = append(rows, "")
		}
		rows = append(rows, band...)
		band, bandW = nil, 0
	}
	for _, c := range v.columns() {
		lines := c.lines(v.st)
		cw := 0
		for _, l := range lines {
			cw = max(cw, ansi.StringWidth(l))
		}
		cw = min(cw, w)
		if bandW > 0 && bandW+gap+cw > w {
			flush()
		}
		left := bandW
		if bandW > 0 {
			left += gap
		}
		for len(band) < len(lines) {
			band = append(band, strings.Repeat(" ", bandW))
		}
		for i := range band {
			cell := ""
			if i < len(lines) {
				cell = fit(lines[i], cw)
			}
			band[i] += strings.Repeat(" ", max(left-ansi.StringWidth(band[i]), 0)) + cell
		}
		bandW = left + cw
	}
	flush()
	rows = append(rows, "")
	for _, l := range wrap("Up/Down, Home, End and Enter on a card act so only while the prompt is empty. /help lists the commands.", w) {
		rows = append(rows, v.st.Muted.Render(l))
	}
	return rows
}

// View draws the help as a box that fits the screen, scrolled to where
// the person is.
func (v *helpView) View() string {
	w := min(v.w, helpMaxWidth)
	inner := max(w-v.st.Modal.GetHorizontalFrameSize(), 10)
	body := v.body(inner)
	// Border and padding, the title and the blank row under it.
	room := max(v.h-v.st.Modal.GetVerticalFrameSize()-2, 3)
	if len(body) > room {
		room-- // for the scroll hint
		v.offset = min(v.offset, len(body)-room)
		hint := fmt.Sprintf("↑/↓ scroll · rows %d-%d of %d", v.offset+1, v.offset+room, len(body))
		body = append(append([]string(nil), body[v.offset:v.offset+room]...), v.st.Muted.Render(fit(hint, inner)))
	}
	rows := append([]string{v.st.ModalTitle.Render("Keys"), ""}, body...)
	return v.st.Modal.Width(w).Render(strings.Join(rows, "\n"))
}
