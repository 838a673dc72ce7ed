package openai_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// What a server attaches to a tool-using turn for later (OpenRouter's
// reasoning_details, Gemini's thought signatures) goes back with the turn
// exactly, and the fakes, like the servers, refuse the next request
// without it.
func TestReasoningThatMustComeBack(t *testing.T) {
	tests := []struct {
		name   string
		flavor openaitest.Flavor
		// drop takes the data away from the first reply.
		drop    func(*llm.Message)
		refusal string
	}{
		{
			name:   "OpenRouter's reasoning_details",
			flavor: openaitest.OpenRouter,
			drop: func(m *llm.Message) {
				for i := range m.Reasoning {
					m.Reasoning[i].Details = strings.Replace(m.Reasoning[i].Details, "or-sig-0", "forged", 1)
				}
			},
			refusal: "Expected `thinking` or `redacted_thinking`",
		},
		{
			name:    "Gemini's thought signature",
			flavor:  openaitest.Gemini,
			drop:    func(m *llm.Message) { m.ToolCalls[0].Extra = "" },
			refusal: "Function call is missing a thought_signature",
		},
	}
	for _, tt := range tests {
		script := llmtest.Script{
			{Reasoning: "I need both files.", Calls: []llmtest.Call{
				llmtest.UseTool("read_file", `{"path":"a"}`), llmtest.UseTool("read_file", `{"path":"b"}`)},
				Fault: llmtest.Fault{CharByChar: true}},
			llmtest.Say("They say a and b."),
		}
		second := func(t *testing.T, srv *openaitest.Server, turn llm.Message) error {
			p, err := openai.New(openai.Options{BaseURL: srv.URL(), Model: llmtest.Model})
			if err != nil {
				t.Fatal(err)
			}
			msgs := []llm.Message{{Role: llm.RoleUser, Content: "read a and b"}, turn}
			for _, c := range turn.ToolCalls {
				msgs = append(msgs, llm.Message{Role: llm.RoleTool, ToolCallID: c.ID, Content: "contents"})
			}
			_, err = p.Stream(t.Context(), llm.Request{Messages: msgs}, nil)
			return err
		}
		first := func(t *testing.T) (*openaitest.Server, llm.Message) {
			srv := openaitest.NewServer(t, script)
			srv.SetFlavor(tt.flavor)
			p, err := openai.New(openai.Options{BaseURL: srv.URL(), Model: llmtest.Model})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "read a and b"}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			return srv, resp.Message
		}
		t.Run(tt.name+" kept, the conversation goes on", func(t *testing.T) {
			srv, turn := first(t)
			if err := second(t, srv, turn); err != nil {
				t.Fatalf("second request error = %v", err)
			}
		})
		t.Run(tt.name+" lost, the server refuses", func(t *testing.T) {
			srv, turn := first(t)
			tt.drop(&turn)
			err := second(t, srv, turn)
			if llm.KindOf(err) != llm.KindBadRequest || !strings.Contains(err.Error(), tt.refusal) {
				t.Errorf("second request error = %v, want a 400 saying %q", err, tt.refusal)
			}
		})
	}
}
