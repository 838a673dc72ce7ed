package openai_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		opts    openai.Options
		wantErr error
	}{
		{name: "a model is required", opts: openai.Options{BaseURL: "http://localhost:1/v1"}, wantErr: llm.ErrNoModel},
		{name: "a base URL without a scheme is refused", opts: openai.Options{Model: "m", BaseURL: "localhost:1234/v1"}, wantErr: llm.ErrBadBaseURL},
		{name: "a base URL of another scheme is refused", opts: openai.Options{Model: "m", BaseURL: "ftp://example.com"}, wantErr: llm.ErrBadBaseURL},
		{name: "an empty base URL means OpenAI itself", opts: openai.Options{Model: "m"}},
		{name: "a local server needs no key", opts: openai.Options{Model: "m", BaseURL: "http://127.0.0.1:8080/v1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := openai.New(tt.opts)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("New(%+v) error = %v, want %v", tt.opts, err, tt.wantErr)
			}
			if err == nil && (p.Name() != "openai" || p.Model() != tt.opts.Model) {
				t.Errorf("Name(), Model() = %q, %q, want %q, %q", p.Name(), p.Model(), "openai", tt.opts.Model)
			}
		})
	}
}

// TestRequestShape checks details of what goes on the wire that the
// conformance suite cannot see: usage is asked for, and empty arguments
// and empty tool output are filled in, since strict servers reject them.
func TestRequestShape(t *testing.T) {
	srv := openaitest.NewServer(t, llmtest.Script{{}, llmtest.Say("ok")})
	p := newProvider(t, srv.URL())
	req := llm.Request{Messages: []llm.Message{
		{Role: llm.RoleUser, Content: "go"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "list", Args: ""}}},
		{Role: llm.RoleTool, ToolCallID: "c1", Content: ""},
	}, Tools: []llm.ToolSpec{{Name: "list", Description: "List files."}}}
	if _, err := p.Stream(t.Context(), req, nil); err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	body := string(srv.Requests()[0].Body)
	for _, want := range []string{
		`"stream_options":{"include_usage":true}`,
		`"arguments":"{}"`,
		`"content":"(no output)"`,
		`"parameters":{"type":"object","properties":{}}`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("request body %s\ndoes not contain %s", body, want)
		}
	}
}

// TestStreamWithoutFinish checks that a stream that ends cleanly but
// without a finish_reason, as a proxy that gives up does, is reported as
// interrupted rather than taken for a complete reply.
func TestStreamWithoutFinish(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"half a"}}]}`+"\n\n")
		fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"write","arguments":"{\"content\":\"trun"}}]}}]}`+"\n\n")
	}))
	defer srv.Close()
	resp, err := newProvider(t, srv.URL+"/v1").Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, nil)
	if k := llm.KindOf(err); k != llm.KindInterrupted {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindInterrupted)
	}
	if resp.Message.Content != "half a" {
		t.Errorf("partial text = %q, want %q", resp.Message.Content, "half a")
	}
}

// TestErrorBodyNotJSON checks that an error page that is not the API's
// JSON (a proxy's HTML, a plain message) still gives a status-based kind
// and the server's words.
func TestErrorBodyNotJSON(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream connect error", http.StatusBadGateway)
	}))
	defer srv.Close()
	_, err := newProvider(t, srv.URL+"/v1").Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, nil)
	if k := llm.KindOf(err); k != llm.KindServer {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindServer)
	}
	if !strings.Contains(err.Error(), "upstream connect error") || !strings.Contains(err.Error(), "502") {
		t.Errorf("error %q does not carry the status and the server's words", err)
	}
}

func TestModels(t *testing.T) {
	srv := openaitest.NewServer(t, nil)
	srv.SetModels("gpt-b", "gpt-a")
	got, err := newProvider(t, srv.URL()).Models(t.Context())
	if err != nil {
		t.Fatalf("Models() error = %v", err)
	}
	if want := []string{"gpt-a", "gpt-b"}; !slices.Equal(got, want) {
		t.Errorf("Models() = %q, want %q", got, want)
	}
}

func TestPresets(t *testing.T) {
	p, ok := openai.LookupPreset("deepseek")
	if !ok || p.APIKeyEnv != "DEEPSEEK_API_KEY" || !strings.HasPrefix(p.BaseURL, "https://api.deepseek.com") {
		t.Errorf("LookupPreset(%q) = %+v, %v, want DeepSeek's URL and key variable", "deepseek", p, ok)
	}
	for name, p := range openai.Presets() {
		if _, err := openai.New(openai.Options{Name: name, BaseURL: p.BaseURL, Model: "m"}); err != nil {
			t.Errorf("preset %q does not make a provider: %v", name, err)
		}
	}
}

// An error OpenRouter reports inside the stream reaches the person with
// the upstream provider's own words, and is retried when nothing had
// streamed.
func TestErrorChunkCarriesTheUpstreamWords(t *testing.T) {
	srv := openaitest.NewServer(t, llmtest.Script{{Text: "fine now", Fault: llmtest.Fault{ErrorChunk: true, Times: 1}}})
	_, err := newProvider(t, srv.URL()).Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, nil)
	if k := llm.KindOf(err); k != llm.KindServer {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindServer)
	}
	for _, want := range []string{"Provider returned error", "FakeUpstream", "upstream model crashed"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not carry %q", err, want)
		}
	}
	p := llm.WithRetry(newProvider(t, srv.URL()), llm.RetryPolicy{MaxRetries: 1, BaseDelay: 1, MaxDelay: 1}, nil)
	resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, nil)
	if err != nil || resp.Message.Content != "fine now" {
		t.Errorf("retried Stream() = %q, %v, want the reply", resp.Message.Content, err)
	}
}

// The DeepSeek-style fake refuses, with the real error, a tool-using
// history whose thinking was dropped; the adapter keeps it in such a
// history and leaves it out of a turn without tools.
func TestReasoningContentGoesBackInToolTurnsOnly(t *testing.T) {
	script := llmtest.Script{
		{Reasoning: "think 1", Calls: []llmtest.Call{{ID: "c1", Name: "list_dir", Args: `{}`}}},
		{Reasoning: "think 2", Text: "done"},
		{Reasoning: "think 3", Text: "second answer"},
	}
	first := []llm.Message{
		{Role: llm.RoleUser, Content: "go"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "list_dir", Args: `{}`}}, Reasoning: []llm.Reasoning{{Text: "think 1"}}},
		{Role: llm.RoleTool, ToolCallID: "c1", Content: "a.txt"},
	}
	srv := openaitest.NewServer(t, script)
	p := newProvider(t, srv.URL())
	dropped := slices.Clone(first)
	dropped[1].Reasoning = nil
	_, err := p.Stream(t.Context(), llm.Request{Messages: dropped}, nil)
	if k := llm.KindOf(err); k != llm.KindBadRequest || !strings.Contains(err.Error(), "Missing `reasoning_content` field in the assistant message at message index 1") {
		t.Fatalf("Stream(without reasoning) error = %v (kind %q), want the server's 400", err, k)
	}
	if _, err := p.Stream(t.Context(), llm.Request{Messages: first}, nil); err != nil {
		t.Fatalf("Stream(with reasoning) error = %v", err)
	}
	next := append(slices.Clone(first),
		llm.Message{Role: llm.RoleAssistant, Content: "done", Reasoning: []llm.Reasoning{{Text: "think 2"}}},
		llm.Message{Role: llm.RoleUser, Content: "and now?"})
	if _, err := p.Stream(t.Context(), llm.Request{Messages: next}, nil); err != nil {
		t.Fatalf("Stream(next task) error = %v", err)
	}
	body := string(srv.Requests()[2].Body)
	if !strings.Contains(body, `"reasoning_content":"think 1"`) || !strings.Contains(body, `"reasoning_content":"think 2"`) {
		t.Errorf("the tool-using turn's thinking was not sent back: %s", body)
	}
	none := []llm.Message{
		{Role: llm.RoleUser, Content: "hi"},
		{Role: llm.RoleAssistant, Content: "hello", Reasoning: []llm.Reasoning{{Text: "greet"}}},
		{Role: llm.RoleUser, Content: "bye"},
	}
	srv2 := openaitest.NewServer(t, llmtest.Script{llmtest.Say("x"), llmtest.Say("bye")})
	if _, err := newProvider(t, srv2.URL()).Stream(t.Context(), llm.Request{Messages: none}, nil); err != nil {
		t.Fatal(err)
	}
	if body := string(srv2.Requests()[0].Body); strings.Contains(body, "reasoning_content") {
		t.Errorf("a turn without tools sent its thinking back: %s", body)
	}
}

// OpenAI and DeepSeek word a request too long for the window differently
// (DeepSeek's code is a plain invalid_request_error); both are context
// length errors that carry the server's figures.
func TestContextWindowRefusalOfOpenAIAndDeepSeek(t *testing.T) {
	for _, model := range []string{"gpt-4o-mini", "deepseek-chat"} {
		t.Run(model, func(t *testing.T) {
			srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("never")})
			srv.SetContextWindow(300)
			p, err := openai.New(openai.Options{BaseURL: srv.URL(), APIKey: llmtest.APIKey, Model: model})
			if err != nil {
				t.Fatal(err)
			}
			req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: strings.Repeat("too long ", 200)}}}
			_, err = p.Stream(t.Context(), req, nil)
			if llm.KindOf(err) != llm.KindContextLength || !strings.Contains(err.Error(), "maximum context length is 300 tokens") {
				t.Errorf("error = %v, want a context-length error with the server's figures", err)
			}
			body := string(srv.Requests()[0].Body)
			if !strings.Contains(body, "too long") {
				t.Errorf("the request did not reach the server: %s", body)
			}
		})
	}
}
