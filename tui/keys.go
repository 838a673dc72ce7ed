package tui

import "charm.land/bubbles/v2/key"

// keyMap holds every key the screen reacts to. The same bindings are used
// to match keys and to draw the help, so the two cannot disagree.
type keyMap struct {
	Broadcast key.Binding
	Cancel    key.Binding
	Quit      key.Binding
	Help      key.Binding

	NextPanel key.Binding
	PrevPanel key.Binding
	GoPanel   key.Binding // alt+1..9

	PageUp   key.Binding
	PageDown key.Binding
	HalfUp   key.Binding
	Top      key.Binding
	Bottom   key.Binding

	CardPrev   key.Binding
	CardNext   key.Binding
	CardToggle key.Binding
	Thinking   key.Binding // unfold or fold the panel's thinking

	// QuitAnyway answers the question asked before quitting while turns
	// run; any other key stays.
	QuitAnyway key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		Broadcast: key.NewBinding(key.WithKeys("ctrl+b"), key.WithHelp("ctrl+b", "broadcast")),
		Cancel:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "cancel")),
		// Ctrl+D scrolls while the view is scrolled up, and quits at the
		// bottom, as it ends input in a shell.
		Quit: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "quit")),
		// "?" only toggles help while the prompt is empty: otherwise it is
		// part of a question being typed.
		Help: key.NewBinding(key.WithKeys("?", "f1"), key.WithHelp("?", "help")),

		NextPanel: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "panels")),
		PrevPanel: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous")),
		GoPanel: key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8", "alt+9"),
			key.WithHelp("alt+1…9", "panel n")),

		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		HalfUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "half up")),
		Top:      key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "bottom")),

		CardPrev:   key.NewBinding(key.WithKeys("alt+up"), key.WithHelp("alt+↑", "previous card")),
		CardNext:   key.NewBinding(key.WithKeys("alt+down"), key.WithHelp("alt+↓", "next card")),
		CardToggle: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "expand card")),
		Thinking:   key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "thinking")),

		QuitAnyway: key.NewBinding(key.WithKeys("y", "Y", "ctrl+c", "ctrl+d", "enter"), key.WithHelp("y", "quit")),
	}
}

// ShortHelp is the hint line of the status bar, most useful first: it is
// cut from the right when the row is short.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.Cancel, k.NextPanel}
}

// FullHelp is the root's share of the help shown with "?" (the components
// bring theirs): the global keys, the panels and tool cards, scrolling.
// Home, End and Enter on a card act so only while the prompt is empty.
func (k keyMap) FullHelp() [][]key.Binding {
	// Ctrl+D is listed once, where it scrolls: it quits only at the end.
	halfDownOrQuit := k.Quit
	halfDownOrQuit.SetHelp("ctrl+d", "half down/quit")
	return [][]key.Binding{
		{k.Broadcast, k.Help, k.Cancel},
		{k.NextPanel, k.PrevPanel, k.GoPanel, k.CardPrev, k.CardNext, k.CardToggle, k.Thinking},
		{k.PageUp, k.PageDown, k.HalfUp, halfDownOrQuit, k.Top, k.Bottom},
		{k.QuitAnyway},
	}
}

// GroupTitles names the groups of FullHelp: where their keys apply.
func (k keyMap) GroupTitles() []string {
	return []string{"anywhere", "panels and tool cards", "scrolling a panel", "quit while work runs?"}
}
