package anthropic_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

func hello() llm.Request {
	return llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}
}

func TestDefaultBaseURL(t *testing.T) {
	t.Setenv("ANTHROPIC_BASE_URL", "")
	if got := anthropic.DefaultBaseURL(); got != "https://api.anthropic.com" {
		t.Errorf("DefaultBaseURL() = %q, want the Anthropic API", got)
	}
	t.Setenv("ANTHROPIC_BASE_URL", "http://proxy.internal:8080")
	if got := anthropic.DefaultBaseURL(); got != "http://proxy.internal:8080" {
		t.Errorf("DefaultBaseURL() with ANTHROPIC_BASE_URL set = %q, want it", got)
	}
}

func TestNew(t *testing.T) {
	if _, err := anthropic.New(anthropic.Options{BaseURL: "http://127.0.0.1:1"}); !errors.Is(err, llm.ErrNoModel) {
		t.Errorf("New() without a model error = %v, want %v", err, llm.ErrNoModel)
	}
	if _, err := anthropic.New(anthropic.Options{Model: "m", BaseURL: "api.anthropic.com"}); !errors.Is(err, llm.ErrBadBaseURL) {
		t.Errorf("New() with a bare host error = %v, want %v", err, llm.ErrBadBaseURL)
	}
}

// TestKeyOnlyFromOptions checks that the SDK does not pick a key up from
// the environment behind our back, and that a missing key names the
// default variable.
func TestKeyOnlyFromOptions(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "sk-from-the-environment")
	srv := anthropictest.NewServer(t, llmtest.Script{{Fault: llmtest.Fault{Status: http.StatusUnauthorized}}})
	p, err := anthropic.New(anthropic.Options{BaseURL: srv.URL(), Model: llmtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Stream(t.Context(), hello(), nil)
	if llm.KindOf(err) != llm.KindAuth || !strings.Contains(err.Error(), "set ANTHROPIC_API_KEY") {
		t.Errorf("Stream() without a key error = %v, want an auth error saying to set ANTHROPIC_API_KEY", err)
	}
	if got := srv.Requests()[0].APIKey; got != "" {
		t.Errorf("key sent = %q, want none", got)
	}
}

// TestRequestShape checks the parts of the wire format the conformance
// suite cannot see.
func TestRequestShape(t *testing.T) {
	srv := anthropictest.NewServer(t, llmtest.Script{{}, llmtest.Say("ok")})
	p, err := anthropic.New(anthropic.Options{BaseURL: srv.URL(), APIKey: "k", Model: llmtest.Model, MaxTokens: 1000})
	if err != nil {
		t.Fatal(err)
	}
	req := llm.Request{
		System: "Be brief.",
		Tools: []llm.ToolSpec{{Name: "edit", Parameters: json.RawMessage(
			`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`)}},
		Messages: []llm.Message{
			{Role: llm.RoleUser, Content: "fix it"},
			{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "edit", Args: `{"path":`}, {ID: "c2", Name: "edit", Args: `{"path":"b"}`}}},
			{Role: llm.RoleTool, ToolCallID: "c1", Content: "invalid JSON arguments", IsError: true},
			{Role: llm.RoleTool, ToolCallID: "c2", Content: ""},
			{Role: llm.RoleUser, Content: "and hurry"},
		},
	}
	if _, err := p.Stream(t.Context(), req, nil); err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	var body struct {
		MaxTokens int               `json:"max_tokens"`
		System    []json.RawMessage `json:"system"`
		Tools     []struct {
			InputSchema map[string]any `json:"input_schema"`
		} `json:"tools"`
		Messages []struct {
			Role    string           `json:"role"`
			Content []map[string]any `json:"content"`
		} `json:"messages"`
	}
	raw := srv.Requests()[0].Body
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatalf("body %s: %v", raw, err)
	}
	if body.MaxTokens != 1000 || len(body.System) != 1 {
		t.Errorf("max_tokens = %d, system = %s; want 1000 and one block", body.MaxTokens, body.System)
	}
	if body.Tools[0].InputSchema["additionalProperties"] != false || body.Tools[0].InputSchema["type"] != "object" {
		t.Errorf("input_schema = %v, want the schema whole", body.Tools[0].InputSchema)
	}
	var roles []string
	for _, m := range body.Messages {
		roles = append(roles, m.Role)
	}
	if want := []string{"user", "assistant", "user"}; !slices.Equal(roles, want) {
		t.Fatalf("roles = %q, want %q: results and the next words merge into one user turn", roles, want)
	}
	if in := body.Messages[1].Content[0]["input"]; fmt.Sprint(in) != "map[]" {
		t.Errorf("input of a call whose arguments were not JSON = %v, want {}", in)
	}
	last := body.Messages[2].Content
	var types []string
	for _, b := range last {
		types = append(types, b["type"].(string))
	}
	if want := []string{"tool_result", "tool_result", "text"}; !slices.Equal(types, want) {
		t.Errorf("last user turn blocks = %q, want %q", types, want)
	}
	if last[0]["is_error"] != true {
		t.Errorf("failed result block = %v, want is_error true", last[0])
	}
	if _, ok := last[1]["content"]; ok {
		t.Errorf("empty result block = %v, want no content (the API refuses empty text)", last[1])
	}
}

// sse serves a fixed event stream.
func sse(t *testing.T, events ...string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			name, _, _ := strings.Cut(e, " ")
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, strings.TrimPrefix(e, name+" "))
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestInputInStartBlock checks that a server that sends a tool's input
// whole in content_block_start, with no deltas, is understood.
func TestInputInStartBlock(t *testing.T) {
	url := sse(t,
		`message_start {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x","usage":{"input_tokens":5,"output_tokens":1}}}`,
		`content_block_start {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"read","input":{"path":"a.txt"}}}`,
		`content_block_stop {"type":"content_block_stop","index":0}`,
		`message_delta {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}`,
		`message_stop {"type":"message_stop"}`,
	)
	resp, err := newProvider(t, url).Stream(t.Context(), hello(), nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	want := llm.ToolCall{ID: "t1", Name: "read", Args: `{"path":"a.txt"}`}
	if len(resp.Message.ToolCalls) != 1 || resp.Message.ToolCalls[0] != want {
		t.Errorf("ToolCalls = %+v, want [%+v]", resp.Message.ToolCalls, want)
	}
	if resp.Usage != (llm.Usage{InputTokens: 5, OutputTokens: 9}) || resp.StopReason != "tool_use" {
		t.Errorf("Usage, StopReason = %+v, %q, want 5 in, 9 out, tool_use", resp.Usage, resp.StopReason)
	}
}

// TestStreamWithoutStop checks that a stream that ends cleanly before
// message_stop is reported as interrupted.
func TestStreamWithoutStop(t *testing.T) {
	url := sse(t,
		`message_start {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x","usage":{"input_tokens":5,"output_tokens":1}}}`,
		`content_block_start {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		`content_block_delta {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"half"}}`,
	)
	resp, err := newProvider(t, url).Stream(t.Context(), hello(), nil)
	if k := llm.KindOf(err); k != llm.KindInterrupted {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindInterrupted)
	}
	if resp.Message.Content != "half" {
		t.Errorf("partial text = %q, want %q", resp.Message.Content, "half")
	}
}

func TestModels(t *testing.T) {
	srv := anthropictest.NewServer(t, nil)
	srv.SetModels("claude-b", "claude-a")
	got, err := newProvider(t, srv.URL()).Models(t.Context())
	if err != nil {
		t.Fatalf("Models() error = %v", err)
	}
	if want := []string{"claude-a", "claude-b"}; !slices.Equal(got, want) {
		t.Errorf("Models() = %q, want %q", got, want)
	}
}

// Extended thinking comes back as signed reasoning, and goes back first in
// the assistant turn, before its tool_use, with its signature unchanged.
func TestThinkingRoundTrip(t *testing.T) {
	srv := anthropictest.NewServer(t, llmtest.Script{
		{Reasoning: "The file list first.", Calls: []llmtest.Call{{ID: "toolu_1", Name: "list_dir", Args: `{"path":"."}`}}},
		llmtest.Say("Done."),
	})
	p := newProvider(t, srv.URL())
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "look"}}}
	first, err := p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []llm.Reasoning{{Text: "The file list first.", Signature: anthropictest.Signature(0)}}
	if !slices.Equal(first.Message.Reasoning, want) {
		t.Fatalf("Reasoning = %+v, want %+v", first.Message.Reasoning, want)
	}
	req.Messages = append(req.Messages, first.Message, llm.Message{Role: llm.RoleTool, ToolCallID: "toolu_1", Content: "a.txt"})
	if _, err := p.Stream(t.Context(), req, nil); err != nil {
		t.Fatal(err)
	}
	body := string(srv.Requests()[1].Body)
	thinking := strings.Index(body, `"signature":"`+anthropictest.Signature(0)+`"`)
	toolUse := strings.Index(body, `"type":"tool_use"`)
	if thinking < 0 || toolUse < 0 || thinking > toolUse || !strings.Contains(body, `"thinking":"The file list first."`) {
		t.Errorf("the assistant turn does not start with its signed thinking block: %s", body)
	}
}

// A growing conversation marks four cache breakpoints, as the API allows:
// the last tool, the system prompt and the last two user messages; from
// the second request on, the prefix the one before wrote is read from the
// cache, and the usage says so.
func TestPromptCacheBreakpoints(t *testing.T) {
	var script llmtest.Script
	for i := range 5 {
		script = append(script, llmtest.Use(llmtest.UseTool("read_file", fmt.Sprintf(`{"path":"f%d"}`, i))))
	}
	srv := anthropictest.NewServer(t, script)
	p, err := anthropic.New(anthropic.Options{BaseURL: srv.URL(), APIKey: "k", Model: llmtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	req := llm.Request{
		System: strings.Repeat("You are a careful assistant. ", 50),
		Tools: []llm.ToolSpec{
			{Name: "list_dir", Parameters: json.RawMessage(`{"type":"object","properties":{}}`)},
			{Name: "read_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)},
		},
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "read the files"}},
	}
	var cached []int
	for i := range 5 {
		resp, err := p.Stream(t.Context(), req, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		cached = append(cached, resp.Usage.CachedInputTokens)
		if i == 0 && resp.Usage.CacheWriteTokens == 0 {
			t.Errorf("the first request wrote nothing to the cache: %+v", resp.Usage)
		}
		call := resp.Message.ToolCalls[0]
		req.Messages = append(req.Messages, resp.Message,
			llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, ToolName: call.Name, Content: strings.Repeat("content ", 100)})
	}
	reqs := srv.Requests()
	bps, err := anthropictest.Breakpoints(reqs[len(reqs)-1].Body)
	if err != nil {
		t.Fatal(err)
	}
	var where []string
	for _, bp := range bps {
		where = append(where, bp.Path)
	}
	// The last request: user, then four assistant/user pairs.
	want := []string{"tools.1", "system.0", "messages.6.content.0", "messages.8.content.0"}
	if !slices.Equal(where, want) {
		t.Errorf("breakpoints at %v, want %v", where, want)
	}
	if cached[0] != 0 || slices.Contains(cached[1:], 0) {
		t.Errorf("cached input tokens per request = %v, want none on the first and some on every later one", cached)
	}
	if cached[4] <= cached[1] {
		t.Errorf("cached input tokens per request = %v, want the cached prefix to grow with the conversation", cached)
	}
}
