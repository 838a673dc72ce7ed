// Package tui is the interactive screen: one panel per provider, each a
// conversation of prompts, Markdown replies and a card per tool call with
// its level and live output; a prompt that goes to the focused panel or to
// all of them; a status line; and the approval modal that asks a person
// before any action that is not auto-approved runs (approve, deny with a
// reason, modify, view the diff, or allow alike for the session).
//
// The screen only shows what the agents publish and carries the person's
// answers back: events arrive through a Bridge (an agent.Sink), approval
// requests through the same Bridge (an agent.Approver), routed to panels by
// provider name. It never runs a tool, never classifies, and approves
// nothing by itself: the modal's default is deny, it ignores keys for a
// moment after it opens so that text being typed cannot approve an action,
// and a session allow rule approves only calls that the person saw a rule
// for, never above the level they saw.
//
// The screen is one root model (app.go) that owns the layout, the panels,
// the prompt and the approval modal, and routes each message to the
// component on top. The components (the approval modal, the diff view, the
// prompt) share one shape, Update, View, SetSize and KeyMap, and own their
// keys; the help is drawn from their key maps. Update and View do no I/O
// and never block; turns run on their own goroutines and report back through the
// Bridge. Text from a model or a command is stripped of terminal escape
// sequences before it is drawn.
package tui
