package anthropic_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// thinkingSent is the thinking and max_tokens of a request body.
type thinkingSent struct {
	Thinking *struct {
		Type         string `json:"type"`
		BudgetTokens int    `json:"budget_tokens"`
	} `json:"thinking"`
	MaxTokens int `json:"max_tokens"`
}

// The reasoning effort goes out as extended thinking with a budget under
// max_tokens (which grows by the budget, so the answer keeps its room),
// as thinking disabled for off, and as nothing by default.
func TestReasoningEffortIsSentAsAThinkingBudget(t *testing.T) {
	tests := []struct {
		effort     llm.Effort
		wantType   string
		wantBudget int
	}{
		{effort: llm.EffortDefault},
		{effort: llm.EffortOff, wantType: "disabled"},
		{effort: llm.EffortLow, wantType: "enabled", wantBudget: 2048},
		{effort: llm.EffortMedium, wantType: "enabled", wantBudget: 8192},
		{effort: llm.EffortHigh, wantType: "enabled", wantBudget: 16384},
	}
	for _, tt := range tests {
		t.Run("effort "+string(tt.effort), func(t *testing.T) {
			srv := anthropictest.NewServer(t, llmtest.Script{{Reasoning: "hmm", Text: "hi"}})
			p, err := anthropic.New(anthropic.Options{BaseURL: srv.URL(), Model: llmtest.Model, APIKey: llmtest.APIKey, Reasoning: tt.effort})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Stream(t.Context(), hello(), nil)
			if err != nil {
				t.Fatalf("Stream() error = %v (the fake refuses what the API refuses)", err)
			}
			var got thinkingSent
			json.Unmarshal(srv.Requests()[0].Body, &got)
			switch {
			case tt.wantType == "" && got.Thinking != nil:
				t.Errorf("thinking = %+v, want none sent", *got.Thinking)
			case tt.wantType != "" && (got.Thinking == nil || got.Thinking.Type != tt.wantType || got.Thinking.BudgetTokens != tt.wantBudget):
				t.Errorf("thinking = %+v, want type %q with budget %d", got.Thinking, tt.wantType, tt.wantBudget)
			}
			if want := anthropic.DefaultMaxTokens + tt.wantBudget; got.MaxTokens != want {
				t.Errorf("max_tokens = %d, want %d", got.MaxTokens, want)
			}
			if off := tt.effort == llm.EffortOff; off == (resp.Message.ReasoningText() != "") {
				t.Errorf("reply thinking = %q with effort %q", resp.Message.ReasoningText(), tt.effort)
			}
		})
	}
}

// With thinking on, the API refuses a conversation that goes on from a
// tool call whose assistant turn lost its signed thinking block; the
// adapter sends the block back first, so the second request passes.
func TestThinkingBlockGoesBackBeforeToolUse(t *testing.T) {
	script := llmtest.Script{
		{Reasoning: "I need the file.", Calls: []llmtest.Call{llmtest.UseTool("read_file", `{"path":"a"}`)}},
		llmtest.Say("It says a."),
	}
	call := func(t *testing.T, srv *anthropictest.Server, history []llm.Message) error {
		p, err := anthropic.New(anthropic.Options{BaseURL: srv.URL(), Model: llmtest.Model, APIKey: llmtest.APIKey, Reasoning: llm.EffortLow})
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Stream(t.Context(), llm.Request{Messages: history}, nil)
		return err
	}
	first := func(t *testing.T, srv *anthropictest.Server) llm.Message {
		p, _ := anthropic.New(anthropic.Options{BaseURL: srv.URL(), Model: llmtest.Model, APIKey: llmtest.APIKey, Reasoning: llm.EffortLow})
		resp, err := p.Stream(t.Context(), hello(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return resp.Message
	}
	history := func(turn llm.Message) []llm.Message {
		return []llm.Message{hello().Messages[0], turn, {Role: llm.RoleTool, ToolCallID: turn.ToolCalls[0].ID, Content: "a"}}
	}

	t.Run("sent back, the conversation goes on", func(t *testing.T) {
		srv := anthropictest.NewServer(t, script)
		turn := first(t, srv)
		if len(turn.Reasoning) != 1 || turn.Reasoning[0].Signature == "" {
			t.Fatalf("first reply's thinking = %+v, want one signed block", turn.Reasoning)
		}
		if err := call(t, srv, history(turn)); err != nil {
			t.Fatalf("second request error = %v", err)
		}
	})
	t.Run("dropped, the API refuses it", func(t *testing.T) {
		srv := anthropictest.NewServer(t, script)
		turn := first(t, srv)
		turn.Reasoning = nil
		err := call(t, srv, history(turn))
		if llm.KindOf(err) != llm.KindBadRequest || !strings.Contains(err.Error(), "Expected `thinking` or `redacted_thinking`, but found `tool_use`") {
			t.Errorf("second request without the thinking block: error = %v, want the API's 400", err)
		}
	})
}
