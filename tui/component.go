package tui

import "charm.land/bubbles/v2/help"

// component is the shape the screen's parts share: the root sizes them,
// draws them, and builds the help from their keys. Each also has an
// Update that owns its keys; its result differs, since it says what the
// root must do next (close a view, put typing back in the prompt).
type component interface {
	View() string
	SetSize(w, h int)
	KeyMap() help.KeyMap
}

// The components, checked by the compiler.
var (
	_ component = (*prompt)(nil)
	_ component = (*diffView)(nil)
	_ component = (*approvalModal)(nil)
	_ component = (*helpView)(nil)
)
