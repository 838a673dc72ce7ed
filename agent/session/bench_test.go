package session_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools/redact"
)

// BenchmarkPublish is what recording costs the agent per event: a streamed
// text piece, and a tool result with 4 KiB of output, redacted and
// written with one write call each.
func BenchmarkPublish(b *testing.B) {
	red := redact.New("plain-looking-secret-value-42", "another-secret-value")
	lvl := classify.Warning
	call := &agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command":"go test ./..."}`, Summary: "go test ./...", Level: &lvl}
	output := strings.Repeat("ok  \tgithub.com/agentcli/agent/tools\t0.412s\n", 100)
	for _, bc := range []struct {
		name string
		e    agent.Event
	}{
		{"text piece", agent.Event{Type: agent.EventText, Provider: "p", Text: "word "}},
		{"text line", agent.Event{Type: agent.EventText, Provider: "p", Text: "a line of text\n"}},
		{"tool result 4KiB", agent.Event{Type: agent.EventToolResult, Provider: "p", Call: call, Result: &agent.CallResult{Output: output}}},
		{"usage", agent.Event{Type: agent.EventUsage, Provider: "p", Usage: &llm.Usage{InputTokens: 1}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			rec, err := session.Create(b.TempDir(), session.Info{Root: "/p"}, red)
			if err != nil {
				b.Fatal(err)
			}
			defer rec.Close()
			for b.Loop() {
				rec.Publish(bc.e)
			}
		})
	}
}
