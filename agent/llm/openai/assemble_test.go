package openai

import (
	"encoding/json"
	"strings"
	"testing"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm"
)

// TestAssembler feeds chunk sequences that real servers send, including
// the odd ones, and checks the calls that come out.
func TestAssembler(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string // the JSON of each chunk
		text   string
		calls  []llm.ToolCall
		finish string
	}{
		{
			name: "calls without an index are told apart by their ids",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"a","type":"function","function":{"name":"read","arguments":"{\"p\""}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":":1}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"b","type":"function","function":{"name":"run","arguments":"{}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{ID: "a", Name: "read", Args: `{"p":1}`}, {ID: "b", Name: "run", Args: `{}`}},
			finish: "tool_calls",
		},
		{
			name: "an id repeated on every fragment does not start a new call",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"a","type":"function","function":{"name":"read","arguments":"{\"p\""}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"a","function":{"arguments":":1}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{ID: "a", Name: "read", Args: `{"p":1}`}},
			finish: "tool_calls",
		},
		{
			name: "a name repeated on later fragments is not doubled",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"read","arguments":""}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"read","arguments":"{}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{ID: "a", Name: "read", Args: `{}`}},
			finish: "tool_calls",
		},
		{
			name: "calls are ordered by index, not by first appearance",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"second","type":"function","function":{"name":"b","arguments":"{}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"first","type":"function","function":{"name":"a","arguments":"{}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{ID: "first", Name: "a", Args: `{}`}, {ID: "second", Name: "b", Args: `{}`}},
			finish: "tool_calls",
		},
		{
			name: "a whole call in one chunk, as some servers send it, is kept",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"role":"assistant","content":"ok","tool_calls":[{"index":0,"id":"x","type":"function","function":{"name":"read","arguments":"{\"path\":\"a\"}"}}]},"finish_reason":"tool_calls"}]}`,
			},
			text:   "ok",
			calls:  []llm.ToolCall{{ID: "x", Name: "read", Args: `{"path":"a"}`}},
			finish: "tool_calls",
		},
		{
			name: "other choices are ignored",
			chunks: []string{
				`{"choices":[{"index":1,"delta":{"content":"not me"}},{"index":0,"delta":{"content":"me"}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
			},
			text:   "me",
			finish: "stop",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				a        assembler
				streamed strings.Builder
			)
			for _, c := range tt.chunks {
				var chunk goopenai.ChatCompletionStreamResponse
				if err := json.Unmarshal([]byte(c), &chunk); err != nil {
					t.Fatalf("bad test chunk %s: %v", c, err)
				}
				a.add(chunk, func(d string) { streamed.WriteString(d) })
			}
			resp := a.response()
			if resp.Message.Content != tt.text || streamed.String() != tt.text {
				t.Errorf("text = %q (streamed %q), want %q", resp.Message.Content, streamed.String(), tt.text)
			}
			if len(resp.Message.ToolCalls) != len(tt.calls) {
				t.Fatalf("calls = %+v, want %+v", resp.Message.ToolCalls, tt.calls)
			}
			for i, c := range resp.Message.ToolCalls {
				if c != tt.calls[i] {
					t.Errorf("call %d = %+v, want %+v", i, c, tt.calls[i])
				}
			}
			if resp.StopReason != tt.finish || !a.finished {
				t.Errorf("StopReason = %q (finished %v), want %q", resp.StopReason, a.finished, tt.finish)
			}
		})
	}
}

// TestAssemblerKeepsMadeUpIDs checks that asking for the response twice
// gives a call without an id the same made-up id both times.
func TestAssemblerKeepsMadeUpIDs(t *testing.T) {
	var a assembler
	var chunk goopenai.ChatCompletionStreamResponse
	json.Unmarshal([]byte(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read","arguments":"{}"}}]}}]}`), &chunk)
	a.add(chunk, func(string) {})
	first, second := a.response().Message.ToolCalls[0].ID, a.response().Message.ToolCalls[0].ID
	if first == "" || first != second {
		t.Errorf("ids = %q then %q, want the same non-empty id", first, second)
	}
}
