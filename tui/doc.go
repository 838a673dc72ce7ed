// Package tui is the interactive screen: the conversation with a provider,
// a card per tool call with its level and live output, a prompt, and the
// approval modal that asks a person before any action that is not
// auto-approved runs.
//
// The screen only shows what the agent publishes and carries the person's
// answers back: events arrive through a Bridge (an agent.Sink), approval
// requests through the same Bridge (an agent.Approver). It never runs a tool,
// never classifies, and never approves anything by itself: the modal's
// default is deny, and it ignores keys for a moment after it opens so that
// text being typed cannot approve an action.
//
// The screen is one root model (app.go) that owns the layout, the panel, the
// prompt and the approval queue. Its Update and View do no I/O and never
// block; turns run on their own goroutine and report back through the Bridge.
// Text from a model or a command is stripped of terminal escape sequences
// before it is drawn.
package tui
