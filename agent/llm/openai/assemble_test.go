package openai

import (
	"encoding/json"
	"strings"
	"testing"

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
			name: "whole calls without index or id are separate calls",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"id":"","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"b\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{Name: "read_file", Args: `{"path":"a"}`}, {Name: "read_file", Args: `{"path":"b"}`}},
			finish: "tool_calls",
		},
		{
			name: "two whole calls without index or id in one chunk are separate calls",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"type":"function","function":{"name":"a","arguments":"{}"}},{"type":"function","function":{"name":"b","arguments":"{\"x\":1}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{Name: "a", Args: `{}`}, {Name: "b", Args: `{"x":1}`}},
			finish: "tool_calls",
		},
		{
			name: "a call without index or id streamed in pieces with its name repeated stays one call",
			chunks: []string{
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"type":"function","function":{"name":"a","arguments":"{\"p\":"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"name":"a","arguments":"1}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			},
			calls:  []llm.ToolCall{{Name: "a", Args: `{"p":1}`}},
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
				var ch chunk
				if err := json.Unmarshal([]byte(c), &ch); err != nil {
					t.Fatalf("bad test chunk %s: %v", c, err)
				}
				if e := a.add(ch, func(d llm.Delta) { streamed.WriteString(d.Text) }); e != nil {
					t.Fatalf("add(%s) = error %q", c, e.text())
				}
			}
			resp := a.response()
			if resp.Message.Content != tt.text || streamed.String() != tt.text {
				t.Errorf("text = %q (streamed %q), want %q", resp.Message.Content, streamed.String(), tt.text)
			}
			if len(resp.Message.ToolCalls) != len(tt.calls) {
				t.Fatalf("calls = %+v, want %+v", resp.Message.ToolCalls, tt.calls)
			}
			for i, c := range resp.Message.ToolCalls {
				if tt.calls[i].ID == "" {
					if c.ID == "" {
						t.Errorf("call %d has no id, want a made-up one", i)
					}
					c.ID = "" // made up: any non-empty id will do
				}
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
	var ch chunk
	json.Unmarshal([]byte(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read","arguments":"{}"}}]}}]}`), &ch)
	a.add(ch, func(llm.Delta) {})
	first, second := a.response().Message.ToolCalls[0].ID, a.response().Message.ToolCalls[0].ID
	if first == "" || first != second {
		t.Errorf("ids = %q then %q, want the same non-empty id", first, second)
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name  string
		usage string
		want  llm.Usage
	}{
		{
			name:  "OpenAI's cached and reasoning details are parts of the counts",
			usage: `{"prompt_tokens":2000,"completion_tokens":300,"total_tokens":2300,"prompt_tokens_details":{"cached_tokens":1536},"completion_tokens_details":{"reasoning_tokens":200}}`,
			want:  llm.Usage{InputTokens: 2000, OutputTokens: 300, CachedInputTokens: 1536, ReasoningTokens: 200},
		},
		{
			name:  "DeepSeek's prompt_cache_hit_tokens count as cached",
			usage: `{"prompt_tokens":900,"completion_tokens":10,"total_tokens":910,"prompt_cache_hit_tokens":640,"prompt_cache_miss_tokens":260}`,
			want:  llm.Usage{InputTokens: 900, OutputTokens: 10, CachedInputTokens: 640},
		},
		{
			name:  "a total above prompt plus completion counts, as input when the cached prompt was left out (GLM via a gateway)",
			usage: `{"prompt_tokens":1100,"completion_tokens":71,"total_tokens":35091,"prompt_tokens_details":{"cached_tokens":33920}}`,
			want:  llm.Usage{InputTokens: 35020, OutputTokens: 71, CachedInputTokens: 33920},
		},
		{
			name:  "a total above prompt plus completion counts, as output when it is the reasoning (xAI)",
			usage: `{"prompt_tokens":500,"completion_tokens":40,"total_tokens":1040,"completion_tokens_details":{"reasoning_tokens":500}}`,
			want:  llm.Usage{InputTokens: 500, OutputTokens: 540, ReasoningTokens: 500},
		},
		{
			name:  "a total below the sum changes nothing",
			usage: `{"prompt_tokens":10,"completion_tokens":5,"total_tokens":0}`,
			want:  llm.Usage{InputTokens: 10, OutputTokens: 5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var u chunkUsage
			if err := json.Unmarshal([]byte(tt.usage), &u); err != nil {
				t.Fatal(err)
			}
			if got := u.usage(); got != tt.want {
				t.Errorf("usage(%s) = %+v, want %+v", tt.usage, got, tt.want)
			}
		})
	}
}

func TestErrorsInsideTheStream(t *testing.T) {
	tests := []struct {
		name  string
		chunk string
		want  []string
	}{
		{
			name:  "OpenRouter: an error object and finish_reason error",
			chunk: `{"id":"gen-1","object":"chat.completion.chunk","created":1,"model":"x","provider":"Chutes","error":{"code":502,"message":"Provider returned error","metadata":{"provider_name":"Chutes","raw":"{\"detail\":\"upstream timed out\"}"}},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}`,
			want:  []string{"Provider returned error", "Chutes", "upstream timed out"},
		},
		{
			name:  "an error chunk with no choices",
			chunk: `{"id":"x","choices":[],"error":{"message":"Internal server error","type":"server_error","code":"internal_error"}}`,
			want:  []string{"Internal server error"},
		},
		{
			name:  "finish_reason error without an error object",
			chunk: `{"choices":[{"index":0,"delta":{},"finish_reason":"error"}]}`,
			want:  []string{"finish_reason \"error\""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				a  assembler
				ch chunk
			)
			if err := json.Unmarshal([]byte(tt.chunk), &ch); err != nil {
				t.Fatal(err)
			}
			e := a.add(ch, func(llm.Delta) {})
			if e == nil {
				t.Fatalf("add(%s) = no error, want one", tt.chunk)
			}
			for _, w := range tt.want {
				if !strings.Contains(e.text(), w) {
					t.Errorf("error text %q does not carry %q", e.text(), w)
				}
			}
			if a.finished {
				t.Errorf("a reply that failed counts as finished")
			}
		})
	}
}
