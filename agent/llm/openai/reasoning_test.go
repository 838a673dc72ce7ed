package openai_test

import (
	"encoding/json"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// The reasoning effort goes out as each server's knob: OpenAI's
// reasoning_effort ("none" turns it off), OpenRouter's reasoning object,
// DeepSeek's thinking switch beside reasoning_effort; nothing by default.
// The fake refuses values the servers refuse, and a model told not to
// think answers without thinking.
func TestReasoningEffortIsSentAsTheServersKnob(t *testing.T) {
	tests := []struct {
		name   string // the provider's name, which says the server here
		effort llm.Effort
		want   string // the knob's fields, as JSON
	}{
		{name: "openai", effort: llm.EffortDefault, want: `{}`},
		{name: "openai", effort: llm.EffortHigh, want: `{"reasoning_effort":"high"}`},
		{name: "openai", effort: llm.EffortOff, want: `{"reasoning_effort":"none"}`},
		{name: "openrouter", effort: llm.EffortLow, want: `{"reasoning":{"effort":"low"}}`},
		{name: "openrouter", effort: llm.EffortOff, want: `{"reasoning":{"enabled":false}}`},
		{name: "openrouter", effort: llm.EffortDefault, want: `{}`},
		{name: "deepseek", effort: llm.EffortMedium, want: `{"reasoning_effort":"medium","thinking":{"type":"enabled"}}`},
		{name: "deepseek", effort: llm.EffortOff, want: `{"thinking":{"type":"disabled"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+string(tt.effort), func(t *testing.T) {
			srv := openaitest.NewServer(t, llmtest.Script{{Reasoning: "hmm", Text: "hi"}})
			p, err := openai.New(openai.Options{Name: tt.name, BaseURL: srv.URL(), Model: llmtest.Model, Reasoning: tt.effort})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}, nil)
			if err != nil {
				t.Fatalf("Stream() error = %v", err)
			}
			var knob struct {
				ReasoningEffort *string         `json:"reasoning_effort,omitempty"`
				Reasoning       json.RawMessage `json:"reasoning,omitempty"`
				Thinking        json.RawMessage `json:"thinking,omitempty"`
			}
			json.Unmarshal(srv.Requests()[0].Body, &knob)
			if got, _ := json.Marshal(knob); string(got) != tt.want {
				t.Errorf("knob sent = %s, want %s", got, tt.want)
			}
			if off := tt.effort == llm.EffortOff; off == (resp.Message.ReasoningText() != "") {
				t.Errorf("reply thinking = %q with effort %q", resp.Message.ReasoningText(), tt.effort)
			}
		})
	}
}
