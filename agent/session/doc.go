// Package session records every event of a run in a JSON Lines file under
// the state directory, and reads those files back: to list sessions, show
// and export one, query the audit log of tool calls across sessions, and
// rebuild each provider's conversation to resume it.
//
// A session file is named <UTC start time>-<id>.jsonl. Its first record
// (session_started) names the project root; every other line is an
// agent.Event as the headless --json output writes it, or a session record
// (session_resumed, session_closed). The recorder appends and writes each
// record as it arrives, redacted of secrets, and never holds the session in
// memory; the reader skips a torn last line and records it does not know.
//
// What it never does: write a secret it was told about, or one shaped like
// a key, to disk; delete the session being recorded.
package session
