package session

import (
	"github.com/agentcli/agent/agent"
)

// Format is the version of the session file format this package writes.
// Readers accept any version: unknown fields and record types are skipped.
const Format = 1

// The record types a session file holds besides the agent's events.
const (
	// TypeStarted is the first record of a file: Session says which
	// session, where and by what.
	TypeStarted agent.EventType = "session_started"
	// TypeResumed marks where a later process continued the session.
	TypeResumed agent.EventType = "session_resumed"
	// TypeClosed is written when the process that recorded the session
	// ends normally; a session without it after its last start or resume
	// was killed or is still running.
	TypeClosed agent.EventType = "session_closed"
)

// Record is one line of a session file: an agent event (the same JSON as
// the headless --json output), or one of the session's own records, which
// carry Session.
type Record struct {
	agent.Event
	// Session describes the session (TypeStarted, TypeResumed).
	Session *Info `json:"session,omitempty"`
}

// Info describes a session and the process recording it.
type Info struct {
	// ID is the session's short id, also the end of its file name.
	ID string `json:"id"`
	// Root is the absolute project root.
	Root string `json:"root"`
	// Command is "run" for a headless run, "interactive" for the screen,
	// "acp" for an editor's session (agent acp).
	Command string `json:"command,omitempty"`
	// Version is the version of agent that wrote the records.
	Version string `json:"version,omitempty"`
	// PID is the process recording the session, to tell a running session
	// from one whose process was killed.
	PID int `json:"pid,omitempty"`
	// Format is the file format version (see Format).
	Format int `json:"format"`
}
