package tui

import "charm.land/bubbles/v2/key"

// approvalKeys are the approval modal's keys, for each of its modes. The
// footer of each mode and the help are drawn from them, so what the modal
// says and what it does cannot disagree. The full-screen view has keys of
// its own (diffKeys).
type approvalKeys struct {
	// Asking about the request.
	Approve   key.Binding
	Deny      key.Binding
	DenyWhy   key.Binding
	Modify    key.Binding
	ViewDiff  key.Binding
	AllowRule key.Binding
	Up        key.Binding
	Down      key.Binding

	// Typing the reason of a denial.
	DenyReason   key.Binding
	DenyNoReason key.Binding

	// Modify's editor: a command submits with Enter, a file's content
	// (more than one line) with Ctrl+S.
	SubmitLine key.Binding
	Newline    key.Binding
	Submit     key.Binding
	OpenEditor key.Binding
	EditBack   key.Binding

	// The session rule shown before it is saved.
	RuleSave key.Binding
	RuleBack key.Binding
}

func newApprovalKeys() approvalKeys {
	return approvalKeys{
		Approve:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "approve")),
		Deny:      key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("esc", "deny")),
		DenyWhy:   key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "deny…")),
		Modify:    key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "modify")),
		ViewDiff:  key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "view")),
		AllowRule: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "session")),
		Up:        key.NewBinding(key.WithKeys("up", "k", "pgup"), key.WithHelp("↑/k", "scroll up")),
		Down:      key.NewBinding(key.WithKeys("down", "j", "pgdown"), key.WithHelp("↓/j", "scroll down")),

		DenyReason:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "deny")),
		DenyNoReason: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "deny without a reason")),

		SubmitLine: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		// Shift+Enter needs a terminal that reports it; Ctrl+J and
		// Alt+Enter work everywhere.
		Newline:    key.NewBinding(key.WithKeys("shift+enter", "ctrl+j", "alt+enter"), key.WithHelp("alt+enter", "new line")),
		Submit:     key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "submit")),
		OpenEditor: key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "$EDITOR")),
		EditBack:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),

		RuleSave: key.NewBinding(key.WithKeys("enter", "s"), key.WithHelp("enter", "save and approve")),
		RuleBack: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// modeHelp are the keys the footer shows in a mode; multiline says which
// editor Modify opened.
func (k approvalKeys) modeHelp(md mode, multiline bool) []key.Binding {
	switch md {
	case modeReason:
		return []key.Binding{k.DenyReason, k.DenyNoReason}
	case modeEdit:
		if multiline {
			return []key.Binding{k.Submit, k.OpenEditor, k.EditBack}
		}
		return []key.Binding{k.SubmitLine, k.Newline, k.OpenEditor, k.EditBack}
	case modeRule:
		return []key.Binding{k.RuleSave, k.RuleBack}
	}
	return k.ShortHelp()
}

// ShortHelp is the footer of the request: the answers.
func (k approvalKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Approve, k.DenyWhy, k.Modify, k.ViewDiff, k.AllowRule, k.Deny}
}

// FullHelp lists every key of every mode, one group per mode, named by
// GroupTitles.
func (k approvalKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Approve, k.Deny, k.DenyWhy, k.Modify, k.ViewDiff, k.AllowRule},
		{k.Up, k.Down},
		{k.DenyReason, k.DenyNoReason},
		{k.SubmitLine, k.Newline, k.OpenEditor, k.EditBack},
		{k.Submit, k.OpenEditor, k.EditBack},
		{k.RuleSave, k.RuleBack},
	}
}

// GroupTitles names the groups of FullHelp: where their keys apply.
func (k approvalKeys) GroupTitles() []string {
	return []string{"an approval", "a long approval", "d: typing a reason", "m: a command", "m: other text", "s: the session rule"}
}
