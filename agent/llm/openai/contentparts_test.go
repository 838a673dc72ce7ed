package openai_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

// Mistral's reasoning models (magistral) stream delta.content as a list
// of typed parts: a thinking part with a list of its own, then text parts,
// and later plain strings. The thinking is reasoning, streamed as such;
// the text is the reply.
func TestContentAsAListOfParts(t *testing.T) {
	chunks := []string{
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`,
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"The user wants "}]}]},"finish_reason":null}]}`,
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"a greeting."}]}]},"finish_reason":null}]}`,
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"text","text":"Hello"}]},"finish_reason":null}]}`,
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":" there."},"finish_reason":null}]}`,
		`{"id":"a1","object":"chat.completion.chunk","model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":""},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":12,"total_tokens":21}}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, c := range chunks {
			fmt.Fprintf(w, "data: %s\n\n", c)
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
	}))
	defer srv.Close()
	var text, thought strings.Builder
	resp, err := newProvider(t, srv.URL+"/v1").Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}, func(d llm.Delta) {
		text.WriteString(d.Text)
		thought.WriteString(d.Reasoning)
	})
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if resp.Message.Content != "Hello there." || text.String() != "Hello there." {
		t.Errorf("text = %q (streamed %q), want %q", resp.Message.Content, text.String(), "Hello there.")
	}
	if got := resp.Message.ReasoningText(); got != "The user wants a greeting." || thought.String() != got {
		t.Errorf("thinking = %q (streamed %q), want the thinking parts", got, thought.String())
	}
	if resp.Usage.OutputTokens != 12 {
		t.Errorf("usage = %+v, want the chunk's", resp.Usage)
	}
}
