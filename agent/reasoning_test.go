package agent_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// A thinking model's reasoning reaches readers while it streams, before
// the reply's text, and once more whole with the complete reply.
func TestThinkingStreamsBeforeTheReply(t *testing.T) {
	const thought = "The file is small. Reading it is enough."
	l := newLoop(t, llmtest.NewProvider("fake", llmtest.Script{
		{Reasoning: thought, Text: "It is small.", Fault: llmtest.Fault{CharByChar: true}},
	}), nil)
	if out, err := l.ag.Run(t.Context(), "how big is it?"); err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run() = %v, %v, want finished", out.Status, err)
	}
	var streamed strings.Builder
	firstText, lastDelta, whole := -1, -1, -1
	l.sink.mu.Lock()
	for i, e := range l.sink.events {
		switch e.Type {
		case agent.EventReasoningDelta:
			streamed.WriteString(e.Text)
			lastDelta = i
		case agent.EventText:
			if firstText < 0 {
				firstText = i
			}
		case agent.EventReasoning:
			whole = i
			if e.Text != thought || len(e.Reasoning) != 1 {
				t.Errorf("reasoning event = %q %+v, want the whole thinking", e.Text, e.Reasoning)
			}
		}
	}
	l.sink.mu.Unlock()
	if streamed.String() != thought {
		t.Errorf("reasoning_delta events joined = %q, want %q", streamed.String(), thought)
	}
	if n := len(l.sink.ofType(agent.EventReasoningDelta)); n < 2 {
		t.Errorf("%d reasoning_delta events, want one per streamed piece", n)
	}
	if !(lastDelta < firstText && firstText < whole) {
		t.Errorf("events at %d (last thinking), %d (first text), %d (whole thinking): want them in that order", lastDelta, firstText, whole)
	}
}
