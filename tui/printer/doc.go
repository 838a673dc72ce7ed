// Package printer writes the events of a headless run for a person or a
// program: assistant text and one line per tool call (NewText), or one JSON
// object per event (NewJSON). NewAsker asks a person at a terminal to decide
// on calls when there is no screen; NewSessionAsker also lets them make a
// rule for the rest of the session (agent.SessionRules).
//
// The printer only formats what the agent publishes: it never decides,
// never runs anything, and writes nothing it received from a model or a
// command without first removing terminal escape sequences.
package printer
