package tui

import "charm.land/bubbles/v2/key"

// keyMap holds every key the screen reacts to. The same bindings are used
// to match keys and to draw the help, so the two cannot disagree.
type keyMap struct {
	Send    key.Binding
	Newline key.Binding
	Cancel  key.Binding
	Quit    key.Binding
	Help    key.Binding

	PageUp   key.Binding
	PageDown key.Binding

	Approve   key.Binding
	Deny      key.Binding
	ModalUp   key.Binding
	ModalDown key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		Send: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		// Shift+Enter needs a terminal that reports it; Ctrl+J and Alt+Enter
		// work everywhere.
		Newline: key.NewBinding(key.WithKeys("shift+enter", "ctrl+j", "alt+enter"), key.WithHelp("shift+enter", "new line")),
		Cancel:  key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "cancel/quit")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "quit")),
		// "?" only toggles help while the prompt is empty: otherwise it is
		// part of a question being typed.
		Help: key.NewBinding(key.WithKeys("?", "f1"), key.WithHelp("?", "help")),

		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll down")),

		Approve:   key.NewBinding(key.WithKeys("y", "a"), key.WithHelp("y/a", "approve")),
		Deny:      key.NewBinding(key.WithKeys("n", "d", "esc"), key.WithHelp("n/d/esc", "deny")),
		ModalUp:   key.NewBinding(key.WithKeys("up", "k", "pgup"), key.WithHelp("↑", "scroll")),
		ModalDown: key.NewBinding(key.WithKeys("down", "j", "pgdown"), key.WithHelp("↓", "scroll")),
	}
}

// ShortHelp is the hint line of the status bar, most useful first: it is
// cut from the right when the row is short.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.Cancel, k.Quit}
}

// FullHelp is the help shown with "?".
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Send, k.Newline, k.Help},
		{k.PageUp, k.PageDown, k.Cancel, k.Quit},
		{k.Approve, k.Deny, k.ModalDown},
	}
}
