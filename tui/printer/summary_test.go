package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

func TestTextSummaryAndRetries(t *testing.T) {
	cost := 0.0387
	total := &llm.Usage{InputTokens: 12840, OutputTokens: 655}
	tests := []struct {
		name       string
		events     []agent.Event
		wantStderr string
	}{
		{
			name:       "a finished run ends with its turns and tokens",
			events:     []agent.Event{{Type: agent.EventRunFinished, Status: agent.StatusFinished, Turn: 4, Total: total}},
			wantStderr: "finished after 4 turns: 12840 input and 655 output tokens\n",
		},
		{
			name:       "a price adds the cost",
			events:     []agent.Event{{Type: agent.EventRunFinished, Status: agent.StatusFinished, Turn: 1, Total: total, TotalCost: &cost}},
			wantStderr: "finished after 1 turn: 12840 input and 655 output tokens, $0.0387\n",
		},
		{
			name: "a run stopped by the budget says so after the error",
			events: []agent.Event{
				{Type: agent.EventError, Error: "token budget reached: 13495 of 10000 tokens used (max_tokens_per_run)"},
				{Type: agent.EventRunFinished, Status: agent.StatusTokenLimit, Turn: 3, Total: total},
			},
			wantStderr: "error: token budget reached: 13495 of 10000 tokens used (max_tokens_per_run)\nstopped at the token budget after 3 turns: 12840 input and 655 output tokens\n",
		},
		{
			name:       "a cancelled run says so with what it used",
			events:     []agent.Event{{Type: agent.EventRunFinished, Status: agent.StatusCancelled, Turn: 2, Total: total}},
			wantStderr: "cancelled after 2 turns: 12840 input and 655 output tokens\n",
		},
		{
			name:       "a retry is one line",
			events:     []agent.Event{{Type: agent.EventRetry, Attempt: 1, Text: "retry 1 of 3 in 812ms: openai: server error (503 Service Unavailable)"}},
			wantStderr: "retry 1 of 3 in 812ms: openai: server error (503 Service Unavailable)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			s := NewText(&stdout, &stderr, false)
			for _, e := range tt.events {
				s.Publish(e)
			}
			if got := stderr.String(); got != tt.wantStderr {
				t.Errorf("stderr = %q, want %q", got, tt.wantStderr)
			}
		})
	}
}

// A run whose provider never answered did not take a turn: the summary
// does not say "failed after 1 turn".
func TestRunSummaryOfARunThatNeverGotAnAnswer(t *testing.T) {
	got := runSummary(agent.Event{Type: agent.EventRunFinished, Status: agent.StatusFailed, Turn: 1})
	if strings.Contains(got, "after 1 turn") || !strings.Contains(got, "before the provider answered") {
		t.Errorf("runSummary(failed, no tokens) = %q, want it to say no request was answered", got)
	}
	got = runSummary(agent.Event{Type: agent.EventRunFinished, Status: agent.StatusFailed, Turn: 2, Total: &llm.Usage{InputTokens: 10, OutputTokens: 2}})
	if got != "failed after 2 turns: 10 input and 2 output tokens" {
		t.Errorf("runSummary(failed after an answer) = %q", got)
	}
}
