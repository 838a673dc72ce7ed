package responses_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/responses"
	"github.com/agentcli/agent/agent/llm/responses/responsestest"
)

func TestNew(t *testing.T) {
	if _, err := responses.New(responses.Options{}); err == nil {
		t.Error("New() without a model succeeded, want an error")
	}
	if _, err := responses.New(responses.Options{Model: "m", BaseURL: "api.openai.com"}); err == nil {
		t.Error("New() with a base URL without scheme succeeded, want an error")
	}
	p, err := responses.New(responses.Options{Model: "gpt-5-codex"})
	if err != nil || p.Name() != "openai" || p.Model() != "gpt-5-codex" {
		t.Errorf("New() = %v, %v; want provider openai with model gpt-5-codex", p, err)
	}
}

// tee records what a handler writes, for a test to read the stream as
// the server sent it.
type tee struct {
	http.ResponseWriter
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (t tee) Write(b []byte) (int, error) {
	t.mu.Lock()
	t.buf.Write(b)
	t.mu.Unlock()
	return t.ResponseWriter.Write(b)
}

func (t tee) Flush() { t.ResponseWriter.(http.Flusher).Flush() }

// sentItems returns the item of every response.output_item.done event
// in an SSE body, as the server wrote it.
func sentItems(t *testing.T, body string) []string {
	t.Helper()
	var items []string
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type string          `json:"type"`
			Item json.RawMessage `json:"item"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("the fake sent %q: %v", data, err)
		}
		if ev.Type == "response.output_item.done" {
			items = append(items, string(ev.Item))
		}
	}
	return items
}

// A tool turn of a reasoning model: the two calls run as two function
// calls, their outputs go back as function_call_output items with the
// same call_id, and the reasoning item goes back in the next request's
// input byte for byte as the server sent it, before the calls.
func TestToolTurnGoesBackAsItCame(t *testing.T) {
	t.Parallel()
	fake := responsestest.Start(llmtest.Script{
		{Reasoning: "Both files are needed.\n\nRead them at once.", Calls: []llmtest.Call{
			{ID: "call_a", Name: "read_file", Args: `{"path":"a.txt"}`},
			{ID: "call_b", Name: "read_file", Args: `{"path":"b.txt"}`},
		}},
		llmtest.Say("a and b."),
	})
	fake.ReportTo(t)
	var (
		mu   sync.Mutex
		sent bytes.Buffer
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fake.Handler().ServeHTTP(tee{ResponseWriter: w, mu: &mu, buf: &sent}, r)
	}))
	defer srv.Close()
	p := newProvider(t, srv.URL+"/v1")

	req := llm.Request{
		System:   "You are a test.",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "Read a.txt and b.txt."}},
		Tools:    []llm.ToolSpec{{Name: "read_file", Description: "Read a file.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)}},
	}
	var thought strings.Builder
	first, err := p.Stream(t.Context(), req, func(d llm.Delta) { thought.WriteString(d.Reasoning) })
	if err != nil {
		t.Fatalf("first Stream() error = %v", err)
	}
	if got := first.Message.ReasoningText(); got != "Both files are needed.\n\nRead them at once." || thought.String() != got {
		t.Errorf("thinking = %q (streamed %q), want both summary parts", got, thought.String())
	}
	if ids := []string{first.Message.ToolCalls[0].ID, first.Message.ToolCalls[1].ID}; len(first.Message.ToolCalls) != 2 || ids[0] != "call_a" || ids[1] != "call_b" {
		t.Fatalf("calls = %+v, want call_a and call_b", first.Message.ToolCalls)
	}
	mu.Lock()
	items := sentItems(t, sent.String())
	mu.Unlock()
	if len(items) != 3 || !strings.Contains(items[0], `"type":"reasoning"`) {
		t.Fatalf("the fake sent items %q, want a reasoning item and two calls", items)
	}

	req.Messages = append(req.Messages, first.Message,
		llm.Message{Role: llm.RoleTool, ToolCallID: "call_a", Content: "a"},
		llm.Message{Role: llm.RoleTool, ToolCallID: "call_b", Content: "b"})
	second, err := p.Stream(t.Context(), req, nil)
	if err != nil || second.Message.Content != "a and b." {
		t.Fatalf("second Stream() = %q, %v; want the second turn", second.Message.Content, err)
	}
	var body struct {
		Input             []json.RawMessage `json:"input"`
		Store             *bool             `json:"store"`
		Include           []string          `json:"include"`
		Reasoning         json.RawMessage   `json:"reasoning"`
		ParallelToolCalls bool              `json:"parallel_tool_calls"`
		Instructions      string            `json:"instructions"`
		Tools             []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(fake.Requests()[1].Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.Store == nil || *body.Store || !slices.Equal(body.Include, []string{"reasoning.encrypted_content"}) || !body.ParallelToolCalls || body.Instructions != "You are a test." {
		t.Errorf("request = store %v, include %q, parallel_tool_calls %v, instructions %q; want stateless, with the encrypted reasoning, parallel calls and the system prompt",
			body.Store, body.Include, body.ParallelToolCalls, body.Instructions)
	}
	if string(body.Reasoning) != `{"summary":"auto"}` {
		t.Errorf("reasoning = %s, want summaries and the model's default effort", body.Reasoning)
	}
	if len(body.Tools) != 1 || string(body.Tools[0]) != `{"type":"function","name":"read_file","description":"Read a file.","parameters":{"type":"object","properties":{"path":{"type":"string"}}},"strict":false}` {
		t.Errorf("tools = %s", body.Tools)
	}
	want := []string{
		`{"type":"message","role":"user","content":[{"type":"input_text","text":"Read a.txt and b.txt."}]}`,
		items[0],
		`{"type":"function_call","call_id":"call_a","name":"read_file","arguments":"{\"path\":\"a.txt\"}"}`,
		`{"type":"function_call","call_id":"call_b","name":"read_file","arguments":"{\"path\":\"b.txt\"}"}`,
		`{"type":"function_call_output","call_id":"call_a","output":"a"}`,
		`{"type":"function_call_output","call_id":"call_b","output":"b"}`,
	}
	if len(body.Input) != len(want) {
		t.Fatalf("input = %s, want %d items", body.Input, len(want))
	}
	for i := range want {
		if string(body.Input[i]) != want[i] {
			t.Errorf("input[%d] = %s\nwant        %s", i, body.Input[i], want[i])
		}
	}
}

// A reasoning item that does not come back as it was is refused by the
// fake, as by the API.
func TestForgedReasoningIsRefused(t *testing.T) {
	t.Parallel()
	srv := responsestest.NewServer(t, llmtest.Script{
		{Reasoning: "Look first.", Calls: []llmtest.Call{{ID: "call_1", Name: "read_file", Args: `{}`}}},
		llmtest.Say("never"),
	})
	p := newProvider(t, srv.URL())
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}}}
	first, err := p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	first.Message.Reasoning[0].Item = strings.Replace(first.Message.Reasoning[0].Item, "Look first.", "Look later.", 1)
	req.Messages = append(req.Messages, first.Message, llm.Message{Role: llm.RoleTool, ToolCallID: "call_1", Content: "x"})
	srv.ReportTo(&quiet{TB: t})
	_, err = p.Stream(t.Context(), req, nil)
	if llm.KindOf(err) != llm.KindBadRequest || !strings.Contains(err.Error(), "could not be verified") {
		t.Errorf("Stream() with a forged reasoning item error = %v, want the API's refusal", err)
	}
}

// quiet is a testing.TB whose Errorf does nothing: for a fake that is
// meant to refuse a request.
type quiet struct{ testing.TB }

func (quiet) Errorf(string, ...any) {}

// The reasoning effort goes out as reasoning.effort ("none" turns it
// off), always with summaries asked for; a model told not to think
// answers without thinking.
func TestReasoningEffort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		effort llm.Effort
		want   string
	}{
		{effort: llm.EffortDefault, want: `{"summary":"auto"}`},
		{effort: llm.EffortLow, want: `{"effort":"low","summary":"auto"}`},
		{effort: llm.EffortHigh, want: `{"effort":"high","summary":"auto"}`},
		{effort: llm.EffortOff, want: `{"effort":"none","summary":"auto"}`},
	}
	for _, tt := range tests {
		t.Run(string(tt.effort), func(t *testing.T) {
			srv := responsestest.NewServer(t, llmtest.Script{{Reasoning: "hmm", Text: "hi"}})
			p, err := responses.New(responses.Options{BaseURL: srv.URL(), Model: llmtest.Model, APIKey: llmtest.APIKey, Reasoning: tt.effort})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}, nil)
			if err != nil {
				t.Fatalf("Stream() error = %v", err)
			}
			var body struct {
				Reasoning json.RawMessage `json:"reasoning"`
			}
			json.Unmarshal(srv.Requests()[0].Body, &body)
			if string(body.Reasoning) != tt.want {
				t.Errorf("reasoning sent = %s, want %s", body.Reasoning, tt.want)
			}
			if off := tt.effort == llm.EffortOff; off == (resp.Message.ReasoningText() != "") {
				t.Errorf("reply thinking = %q with effort %q", resp.Message.ReasoningText(), tt.effort)
			}
		})
	}
}

// serveEvents answers every request with the given events, in the
// API's SSE framing.
func serveEvents(t *testing.T, events ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			var head struct {
				Type string `json:"type"`
			}
			var data bytes.Buffer
			if err := json.Compact(&data, []byte(e)); err != nil || json.Unmarshal(data.Bytes(), &head) != nil {
				t.Errorf("test event %s: %v", e, err)
			}
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", head.Type, data.Bytes())
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

const created = `{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","output":[],"usage":null}}`

// How a response ends, and the failures reported inside the stream, in
// the shapes the API sends them: they come out like the chat adapter's
// finish reasons and errors.
func TestEndsAndFailuresInsideTheStream(t *testing.T) {
	t.Parallel()
	text := `{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Partial"}`
	tests := []struct {
		name   string
		events []string
		finish llm.Finish
		kind   llm.ErrorKind
		usage  llm.Usage
	}{
		{
			name: "max output tokens is a cut reply",
			events: []string{created, text, `{"type":"response.incomplete","sequence_number":2,"response":{"id":"resp_1","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},
				"usage":{"input_tokens":100,"input_tokens_details":{"cached_tokens":64},"output_tokens":50,"output_tokens_details":{"reasoning_tokens":20},"total_tokens":150}}}`},
			finish: llm.FinishLength,
			usage:  llm.Usage{InputTokens: 100, CachedInputTokens: 64, OutputTokens: 50, ReasoningTokens: 20},
		},
		{
			name:   "the content filter is a filtered reply",
			events: []string{created, text, `{"type":"response.incomplete","sequence_number":2,"response":{"id":"resp_1","status":"incomplete","incomplete_details":{"reason":"content_filter"},"usage":null}}`},
			finish: llm.FinishFiltered,
		},
		{
			name: "a refusal is a filtered reply",
			events: []string{created, `{"type":"response.refusal.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"I can't help with that."}`,
				`{"type":"response.completed","sequence_number":2,"response":{"id":"resp_1","status":"completed","usage":null}}`},
			finish: llm.FinishFiltered,
		},
		{
			name:   "an error event about the context window is a context overflow",
			events: []string{created, `{"type":"error","sequence_number":1,"code":"context_length_exceeded","message":"Your input exceeds the context window of this model. Please adjust your input and try again.","param":"input"}`},
			kind:   llm.KindContextLength,
		},
		{
			name:   "a failed response with a rate limit is a rate limit",
			events: []string{created, `{"type":"response.failed","sequence_number":1,"response":{"id":"resp_1","status":"failed","error":{"code":"rate_limit_exceeded","message":"Rate limit reached for gpt-5-codex."},"usage":null}}`},
			kind:   llm.KindRateLimit,
		},
		{
			name:   "a failed response is a server error",
			events: []string{created, `{"type":"response.failed","sequence_number":1,"response":{"id":"resp_1","status":"failed","error":{"code":"server_error","message":"An error occurred while processing your request."},"usage":null}}`},
			kind:   llm.KindServer,
		},
		{
			name:   "an error object inside an event is a server error",
			events: []string{created, `{"type":"error","error":{"type":"server_error","code":"server_error","message":"upstream crashed"}}`},
			kind:   llm.KindServer,
		},
		{
			name:   "a stream that ends before response.completed is interrupted",
			events: []string{created, text},
			kind:   llm.KindInterrupted,
		},
		{
			name:   "a second response.created is a broken stream",
			events: []string{created, text, created, text},
			kind:   llm.KindBadResponse,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProvider(t, serveEvents(t, tt.events...))
			resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, nil)
			if k := llm.KindOf(err); k != tt.kind {
				t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, tt.kind)
			}
			if err != nil {
				return
			}
			if resp.Finish != tt.finish || resp.StopReason == "" {
				t.Errorf("Finish = %q (StopReason %q), want %q", resp.Finish, resp.StopReason, tt.finish)
			}
			if resp.Usage != tt.usage {
				t.Errorf("Usage = %+v, want %+v", resp.Usage, tt.usage)
			}
		})
	}
}

// Servers that send items only whole (no deltas) lose nothing: the text
// and the thinking come from output_item.done, once.
func TestItemsSentOnlyWhole(t *testing.T) {
	t.Parallel()
	p := newProvider(t, serveEvents(t, created,
		`{"type":"response.output_item.done","sequence_number":1,"output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[],"content":[{"type":"reasoning_text","text":"Thinking aloud."}]}}`,
		`{"type":"response.output_item.done","sequence_number":2,"output_index":1,"item":{"id":"msg_1","type":"message","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Done.","annotations":[]}]}}`,
		`{"type":"response.output_item.done","sequence_number":3,"output_index":2,"item":{"id":"fc_1","type":"function_call","status":"completed","call_id":"call_9","name":"run","arguments":"{\"command\":\"ls\"}"}}`,
		`{"type":"response.completed","sequence_number":4,"response":{"id":"resp_1","status":"completed","usage":null}}`))
	var text, thought strings.Builder
	resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}, func(d llm.Delta) {
		text.WriteString(d.Text)
		thought.WriteString(d.Reasoning)
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Message.Content != "Done." || text.String() != "Done." || resp.Message.ReasoningText() != "Thinking aloud." || thought.String() != "Thinking aloud." {
		t.Errorf("text %q (streamed %q), thinking %q (streamed %q)", resp.Message.Content, text.String(), resp.Message.ReasoningText(), thought.String())
	}
	if c := resp.Message.ToolCalls; len(c) != 1 || c[0].ID != "call_9" || c[0].Args != `{"command":"ls"}` {
		t.Errorf("calls = %+v", c)
	}
}

func TestModels(t *testing.T) {
	t.Parallel()
	srv := responsestest.NewServer(t, nil)
	srv.SetModels("gpt-5-codex", "gpt-5.1-codex-mini")
	got, err := newProvider(t, srv.URL()).Models(t.Context())
	if err != nil || !slices.Equal(got, []string{"gpt-5-codex", "gpt-5.1-codex-mini"}) {
		t.Errorf("Models() = %q, %v", got, err)
	}
	p, _ := responses.New(responses.Options{Name: "codex", BaseURL: srv.URL(), Model: "m", APIKey: "wrong", APIKeyEnv: "OPENAI_API_KEY"})
	if _, err := p.Models(t.Context()); llm.KindOf(err) != llm.KindAuth || !strings.Contains(err.Error(), "OPENAI_API_KEY") {
		t.Errorf("Models() with a wrong key error = %v, want an auth error naming the variable", err)
	}
}
