package llmtest

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// Server is what the conformance suite needs of a fake.
type Server interface {
	// URL is the base URL to configure the adapter with.
	URL() string
	Requests() []Request
}

// Harness connects RunConformance to one adapter and its fake.
type Harness struct {
	// Serve starts the adapter's fake playing script, closed when t ends.
	Serve func(t testing.TB, script Script) Server
	// Connect returns the adapter configured with Model, APIKey and
	// APIKeyEnv and the given options for the server at baseURL.
	Connect func(t testing.TB, baseURL string, o Options) llm.Provider
	// URLSuffix is what the adapter's base URL holds after host and port
	// ("/v1" for OpenAI, "" for the others).
	URLSuffix string
	Caps      Caps
}

// Options are the settings a test may change when it connects an
// adapter; the zero value is the adapter's defaults.
type Options struct {
	// IdleTimeout is the adapter's idle timeout.
	IdleTimeout time.Duration
}

// Caps say what a wire format can carry, so the suite skips or relaxes
// what one cannot express.
type Caps struct {
	// Interleave: fragments of several calls may alternate (OpenAI).
	Interleave bool
	// RawArgs: arguments that are not valid JSON reach the client as
	// text (not Ollama, whose arguments are a JSON object).
	RawArgs bool
	// ErrorFlag: tool results carry IsError (Anthropic).
	ErrorFlag bool
	// ToolName: tool results carry the tool's name (Ollama).
	ToolName bool
	// Auth: the format sends an API key (not Ollama).
	Auth bool
	// CachedUsage, CacheWriteUsage, ReasoningUsage: the format reports
	// the cached part of the input (OpenAI, Anthropic), the part written
	// to the cache (Anthropic), the reasoning part of the output (OpenAI).
	CachedUsage, CacheWriteUsage, ReasoningUsage bool
}

// RunConformance checks an adapter against its fake: streaming and
// assembly, what reaches the server, usage, every fault and how it is
// reported, cancellation and retry. Every adapter must pass it unchanged.
func RunConformance(t *testing.T, h Harness) {
	for _, c := range conformanceCases(h) {
		t.Run(c.name, func(t *testing.T) { c.check(t, h) })
	}
}

// conformanceCase is one check of RunConformance: its name reads as a
// sentence, and check runs it against an adapter and its fake.
type conformanceCase struct {
	name  string
	check func(t *testing.T, h Harness)
}

// conformanceCases are RunConformance's checks for h, in the order they
// run.
func conformanceCases(h Harness) []conformanceCase {
	cases := []conformanceCase{{"text streams in pieces and arrives whole", checkTextArrivesWhole}}
	for _, tc := range toolCallCases(h.Caps) {
		cases = append(cases, conformanceCase{tc.name, tc.run})
	}
	cases = append(cases,
		conformanceCase{"the conversation reaches the server as sent", checkConversationSent},
		conformanceCase{"the turn is chosen by the assistant messages already sent", checkTurnByAssistantMessages},
		conformanceCase{"usage is reported as the server counted it", checkUsage},
		conformanceCase{"a thinking model's reasoning streams apart from its text, and before it", checkReasoningApart},
		conformanceCase{"a reply cut at the output token limit says so", checkLengthFinish},
	)
	for _, tc := range errorCases(h.Caps) {
		cases = append(cases, conformanceCase{tc.name, tc.run})
	}
	cases = append(cases,
		conformanceCase{"a message that starts twice within one reply is a broken stream, retried", checkMessageRestarted},
		conformanceCase{"a reply larger than MaxReplyBytes is dropped with an error", checkReplyTooLarge},
		conformanceCase{"a stream cut in the middle is an interrupted reply", checkStreamCut},
	)
	for _, tc := range stallCases() {
		cases = append(cases, conformanceCase{tc.name, tc.run})
	}
	cases = append(cases,
		conformanceCase{"a stalled request is retried and then succeeds", checkStallRetried},
		conformanceCase{"cancelling a slow stream returns at once with ctx's error", checkCancel},
		conformanceCase{"an unreachable server says so and names the URL", checkUnreachable},
		conformanceCase{"a server with a context window refuses a longer request in its own words, and answers summary requests", checkContextWindow},
		conformanceCase{"a failure before any text is retried and then succeeds", checkRetryBeforeText},
	)
	return cases
}

func checkTextArrivesWhole(t *testing.T, h Harness) {
	const text = "Hello there, this is a reply in several words."
	p := h.connect(t, h.Serve(t, Script{Say(text)}).URL())
	var deltas []string
	resp, err := p.Stream(t.Context(), simpleRequest(), func(d llm.Delta) { deltas = append(deltas, d.Text) })
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if got := strings.Join(deltas, ""); got != text {
		t.Errorf("joined deltas = %q, want %q", got, text)
	}
	if len(deltas) < 2 || slices.Contains(deltas, "") {
		t.Errorf("deltas = %q, want several, none empty", deltas)
	}
	if resp.Message.Role != llm.RoleAssistant || resp.Message.Content != text || len(resp.Message.ToolCalls) != 0 {
		t.Errorf("Message = %+v, want the assistant text and no calls", resp.Message)
	}
}

// toolCallCase is a case of toolCallCases.
type toolCallCase struct {
	name  string
	turn  Turn
	skip  bool
	check func(t *testing.T, turn Turn, got llm.Message)
}

// toolCallCases are the tool calls of one turn, and what arrives of them.
func toolCallCases(c Caps) []toolCallCase {
	return []toolCallCase{
		{
			name: "a tool call arrives whole with its id",
			turn: Use(Call{ID: "call_abc", Name: "read_file", Args: `{"path":"docs/a.txt"}`}),
		},
		{
			name: "several calls in one turn keep their order",
			turn: Use(
				Call{ID: "call_1", Name: "read_file", Args: `{"path":"a.txt"}`},
				Call{ID: "call_2", Name: "run", Args: `{"command":"go test ./...","timeout":60}`},
				Call{ID: "call_3", Name: "read_file", Args: `{"path":"ü/ß.txt"}`},
			),
		},
		{
			name: "text and calls in one turn both arrive",
			turn: Turn{Text: "Let me look.", Calls: []Call{{ID: "call_x", Name: "read_file", Args: `{"path":"x"}`}}},
		},
		{
			name: "arguments sent one character at a time are joined",
			turn: Turn{Text: "Próbuję.", Calls: []Call{
				{ID: "c1", Name: "write_file", Args: `{"path":"a.go","content":"package a\n\nfunc A() {}\n"}`},
				{ID: "c2", Name: "read_file", Args: `{"path":"日本.txt"}`},
			}, Fault: Fault{CharByChar: true}},
		},
		{
			name: "interleaved fragments of several calls are sorted out",
			skip: !c.Interleave,
			turn: Turn{Calls: []Call{
				{ID: "c1", Name: "read_file", Args: `{"path":"first/file/name.txt"}`},
				{ID: "c2", Name: "run", Args: `{"command":"ls -la /tmp"}`},
			}, Fault: Fault{Interleave: true}},
		},
		{
			name: "arguments that are not JSON pass through untouched",
			skip: !c.RawArgs,
			turn: Use(Call{ID: "c1", Name: "read_file", Args: `{"path": "a.txt"`}),
		},
		{
			name: "an unknown tool name passes through",
			turn: Use(Call{ID: "c1", Name: "frobnicate_everything", Args: `{}`}),
		},
		{
			name: "whole calls without index or id are separate calls with ids of their own",
			skip: !c.Interleave,
			turn: Turn{Calls: []Call{
				{Name: "read_file", Args: `{"path":"a"}`},
				{Name: "read_file", Args: `{"path":"b"}`},
			}, Fault: Fault{NoIDs: true, NoIndex: true}},
			check: func(t *testing.T, turn Turn, got llm.Message) {
				if len(got.ToolCalls) != 2 || got.ToolCalls[0].Args != `{"path":"a"}` || got.ToolCalls[1].Args != `{"path":"b"}` {
					t.Fatalf("calls = %+v, want the two calls apart", got.ToolCalls)
				}
				if a, b := got.ToolCalls[0].ID, got.ToolCalls[1].ID; a == "" || b == "" || a == b {
					t.Errorf("ids = %q, %q, want two different non-empty ids", a, b)
				}
			},
		},
		{
			name: "calls without ids get unique ones",
			turn: Turn{Calls: []Call{
				{Name: "read_file", Args: `{"path":"a"}`},
				{Name: "read_file", Args: `{"path":"b"}`},
			}, Fault: Fault{NoIDs: true}},
			check: func(t *testing.T, turn Turn, got llm.Message) {
				if len(got.ToolCalls) != 2 {
					t.Fatalf("got %d calls, want 2", len(got.ToolCalls))
				}
				a, b := got.ToolCalls[0].ID, got.ToolCalls[1].ID
				if a == "" || b == "" || a == b {
					t.Errorf("ids = %q, %q, want two different non-empty ids", a, b)
				}
			},
		},
	}
}

// run runs the case against h.
func (tc toolCallCase) run(t *testing.T, h Harness) {
	if tc.skip {
		t.Skip("the wire format cannot express this")
	}
	p := h.connect(t, h.Serve(t, Script{tc.turn}).URL())
	var text strings.Builder
	resp, err := p.Stream(t.Context(), simpleRequest(), func(d llm.Delta) { text.WriteString(d.Text) })
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if resp.Message.Content != tc.turn.Text || text.String() != tc.turn.Text {
		t.Errorf("text = %q (streamed %q), want %q", resp.Message.Content, text.String(), tc.turn.Text)
	}
	if tc.check != nil {
		tc.check(t, tc.turn, resp.Message)
		return
	}
	want := make([]llm.ToolCall, len(tc.turn.Calls))
	for i, c := range tc.turn.Calls {
		want[i] = llm.ToolCall{ID: tc.turn.CallID(0, i), Name: c.Name, Args: c.Args}
	}
	if !sameCalls(resp.Message.ToolCalls, want) {
		t.Errorf("ToolCalls = %+v, want %+v", resp.Message.ToolCalls, want)
	}
}

func checkConversationSent(t *testing.T, h Harness) {
	req := richRequest()
	srv := h.Serve(t, Script{Say("unused"), Say("unused"), Say("Done.")})
	p := h.connect(t, srv.URL())
	resp, err := p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if resp.Message.Content != "Done." {
		t.Errorf("reply = %q, want the third turn's %q", resp.Message.Content, "Done.")
	}
	got := srv.Requests()
	if len(got) != 1 {
		t.Fatalf("server received %d requests, want 1", len(got))
	}
	r := got[0]
	if r.Model != Model {
		t.Errorf("model = %q, want %q", r.Model, Model)
	}
	if h.Caps.Auth && r.APIKey != APIKey {
		t.Errorf("API key sent = %q, want %q", r.APIKey, APIKey)
	}
	if r.System != req.System {
		t.Errorf("system = %q, want %q", r.System, req.System)
	}
	if !sameTools(r.Tools, req.Tools) {
		t.Errorf("tools = %s, want %s", toJSON(r.Tools), toJSON(req.Tools))
	}
	want := normalize(req.Messages, h.Caps)
	if gotMsgs := normalize(r.Messages, h.Caps); !sameMessages(gotMsgs, want) {
		t.Errorf("messages =\n%s\nwant\n%s", toJSON(gotMsgs), toJSON(want))
	}
}

func checkTurnByAssistantMessages(t *testing.T, h Harness) {
	srv := h.Serve(t, Script{
		Use(Call{ID: "call_1", Name: "read_file", Args: `{"path":"a"}`}),
		Say("It says hello."),
	})
	p := h.connect(t, srv.URL())
	req := simpleRequest()
	first, err := p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatalf("first Stream() error = %v", err)
	}
	if len(first.Message.ToolCalls) != 1 {
		t.Fatalf("first reply has %d calls, want 1", len(first.Message.ToolCalls))
	}
	req.Messages = append(req.Messages, first.Message, llm.Message{
		Role: llm.RoleTool, ToolCallID: first.Message.ToolCalls[0].ID, ToolName: "read_file", Content: "hello",
	})
	second, err := p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatalf("second Stream() error = %v", err)
	}
	if second.Message.Content != "It says hello." {
		t.Errorf("second reply = %q, want the second turn", second.Message.Content)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("server received %d requests, want 2", len(reqs))
	}
	results := reqs[1].ToolResults()
	if len(results) != 1 || results[0].ToolCallID != "call_1" || results[0].Content != "hello" {
		t.Errorf("tool results sent = %+v, want the result of call_1", results)
	}
}

func checkUsage(t *testing.T, h Harness) {
	sent := llm.Usage{InputTokens: 1234, OutputTokens: 56, CachedInputTokens: 1000, CacheWriteTokens: 200, ReasoningTokens: 30}
	p := h.connect(t, h.Serve(t, Script{{Text: "ok", Usage: sent}}).URL())
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	want := sent
	if !h.Caps.CachedUsage {
		want.CachedInputTokens = 0
	}
	if !h.Caps.CacheWriteUsage {
		want.CacheWriteTokens = 0
	}
	if !h.Caps.ReasoningUsage {
		want.ReasoningTokens = 0
	}
	if resp.Usage != want {
		t.Errorf("Usage = %+v, want %+v", resp.Usage, want)
	}
}

func checkReasoningApart(t *testing.T, h Harness) {
	p := h.connect(t, h.Serve(t, Script{{Reasoning: "First, the question. Then the answer.", Text: "Forty-two.", Fault: Fault{CharByChar: true}}}).URL())
	var streamed, thought strings.Builder
	resp, err := p.Stream(t.Context(), simpleRequest(), func(d llm.Delta) {
		if d.Text != "" && d.Reasoning != "" {
			t.Errorf("delta %+v holds text and thinking at once", d)
		}
		if d.Reasoning != "" && streamed.Len() > 0 {
			t.Errorf("thinking %q streamed after the text began", d.Reasoning)
		}
		streamed.WriteString(d.Text)
		thought.WriteString(d.Reasoning)
	})
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if got := thought.String(); got != "First, the question. Then the answer." {
		t.Errorf("streamed thinking = %q, want it piece by piece as it came", got)
	}
	if got := resp.Message.ReasoningText(); got != "First, the question. Then the answer." {
		t.Errorf("reasoning = %q, want the thinking", got)
	}
	if resp.Message.Content != "Forty-two." || streamed.String() != "Forty-two." {
		t.Errorf("text = %q (streamed %q), want only the answer", resp.Message.Content, streamed.String())
	}
}

func checkLengthFinish(t *testing.T, h Harness) {
	p := h.connect(t, h.Serve(t, Script{{Text: "The answer is", Finish: llm.FinishLength}}).URL())
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if resp.Finish != llm.FinishLength || resp.StopReason == "" {
		t.Errorf("Finish = %q (StopReason %q), want %q", resp.Finish, resp.StopReason, llm.FinishLength)
	}
	if resp.Message.Content != "The answer is" {
		t.Errorf("text = %q, want what came before the cut", resp.Message.Content)
	}
}

// errorCase is a case of errorCases.
type errorCase struct {
	name       string
	fault      Fault
	skip       bool
	kind       llm.ErrorKind
	retryAfter time.Duration
	mentions   []string
}

// errorCases are the faults a server reports, and the error each becomes.
func errorCases(c Caps) []errorCase {
	return []errorCase{
		{name: "a rejected key names its variable", fault: Fault{Status: http.StatusUnauthorized}, skip: !c.Auth, kind: llm.KindAuth, mentions: []string{APIKeyEnv, "401"}},
		{name: "a forbidden model is an auth error", fault: Fault{Status: http.StatusForbidden}, kind: llm.KindAuth, mentions: []string{"403"}},
		{name: "an unknown model is named", fault: Fault{Status: http.StatusNotFound}, kind: llm.KindModelNotFound, mentions: []string{Model}},
		{name: "a rate limit carries its Retry-After", fault: Fault{Status: http.StatusTooManyRequests, RetryAfter: "7"}, kind: llm.KindRateLimit, retryAfter: 7 * time.Second, mentions: []string{"429", "7s"}},
		{name: "a rate limit without Retry-After has none", fault: Fault{Status: http.StatusTooManyRequests}, kind: llm.KindRateLimit},
		{name: "a 500 is a server error", fault: Fault{Status: http.StatusInternalServerError}, kind: llm.KindServer, mentions: []string{"500"}},
		{name: "a 503 with Retry-After is a server error to wait for", fault: Fault{Status: http.StatusServiceUnavailable, RetryAfter: "2"}, kind: llm.KindServer, retryAfter: 2 * time.Second},
		{name: "a context overflow says to shorten the conversation", fault: Fault{ContextLength: true}, kind: llm.KindContextLength, mentions: []string{"too long", "shorten"}},
		{name: "another 400 is a bad request with the server's words", fault: Fault{Status: http.StatusBadRequest, Message: "temperature must be at most 2"}, kind: llm.KindBadRequest, mentions: []string{"temperature must be at most 2"}},
		{name: "a malformed chunk is a bad response", fault: Fault{Malformed: true}, kind: llm.KindBadResponse},
		{name: "an error inside the stream is a server error", fault: Fault{StreamError: true}, kind: llm.KindServer},
		{name: "an error chunk inside the stream is a server error", fault: Fault{ErrorChunk: true}, kind: llm.KindServer},
	}
}

// run runs the case against h.
func (tc errorCase) run(t *testing.T, h Harness) {
	if tc.skip {
		t.Skip("the wire format cannot express this")
	}
	p := h.connect(t, h.Serve(t, Script{{Text: "never shown", Fault: tc.fault}}).URL())
	_, err := p.Stream(t.Context(), simpleRequest(), nil)
	e, ok := errors.AsType[*llm.Error](err)
	if !ok {
		t.Fatalf("Stream() error = %v (%T), want an *llm.Error", err, err)
	}
	if e.Kind != tc.kind {
		t.Errorf("Kind = %q, want %q (error: %v)", e.Kind, tc.kind, err)
	}
	if e.RetryAfter != tc.retryAfter {
		t.Errorf("RetryAfter = %v, want %v", e.RetryAfter, tc.retryAfter)
	}
	if e.Provider != p.Name() || !strings.HasPrefix(err.Error(), p.Name()+": ") {
		t.Errorf("error %q does not start with the provider name %q", err, p.Name())
	}
	for _, m := range tc.mentions {
		if !strings.Contains(err.Error(), m) {
			t.Errorf("error %q does not mention %q", err, m)
		}
	}
}

func checkMessageRestarted(t *testing.T, h Harness) {
	turn := Use(Call{ID: "call_1", Name: "write_file", Args: `{"path":"a.go","content":"package a\n\nfunc A() {}\n"}`})
	turn.Fault = Fault{Restart: true}
	_, err := h.connect(t, h.Serve(t, Script{turn}).URL()).Stream(t.Context(), simpleRequest(), nil)
	e, ok := errors.AsType[*llm.Error](err)
	if !ok || e.Kind != llm.KindBadResponse || !e.Retryable() || !errors.Is(err, llm.ErrMessageRestarted) {
		t.Fatalf("Stream() error = %v, want a retryable bad_response wrapping ErrMessageRestarted", err)
	}

	turn.Fault.Times = 1
	srv := h.Serve(t, Script{turn})
	var retries []llm.RetryInfo
	p := llm.WithRetry(h.connect(t, srv.URL()), llm.RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond},
		func(ri llm.RetryInfo) { retries = append(retries, ri) })
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil {
		t.Fatalf("Stream() with retries error = %v", err)
	}
	want := []llm.ToolCall{{ID: "call_1", Name: "write_file", Args: turn.Calls[0].Args}}
	if !sameCalls(resp.Message.ToolCalls, want) {
		t.Errorf("ToolCalls = %+v, want the one whole call of the clean retry", resp.Message.ToolCalls)
	}
	if len(retries) != 1 || llm.KindOf(retries[0].Err) != llm.KindBadResponse {
		t.Errorf("retries = %+v, want one after the broken stream", retries)
	}
}

func checkReplyTooLarge(t *testing.T, h Harness) {
	word := strings.Repeat("x", 64<<10-1) + " "
	huge := strings.Repeat(word, llm.MaxReplyBytes/len(word)+2)
	p := h.connect(t, h.Serve(t, Script{Say(huge)}).URL())
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if k := llm.KindOf(err); k != llm.KindBadResponse || !errors.Is(err, llm.ErrReplyTooLarge) {
		t.Fatalf("Stream() error = %v (kind %q), want ErrReplyTooLarge of kind %q", err, k, llm.KindBadResponse)
	}
	if resp.Message.Content != "" {
		t.Errorf("Response kept %d bytes of the reply, want none", len(resp.Message.Content))
	}
}

func checkStreamCut(t *testing.T, h Harness) {
	p := h.connect(t, h.Serve(t, Script{{Text: "Hello there world, more to come", Fault: Fault{CutAfter: 2}}}).URL())
	var text strings.Builder
	resp, err := p.Stream(t.Context(), simpleRequest(), func(d llm.Delta) { text.WriteString(d.Text) })
	if k := llm.KindOf(err); k != llm.KindInterrupted {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindInterrupted)
	}
	if !llm.KindOf(err).Retryable() {
		t.Errorf("an interrupted reply should be retryable")
	}
	if resp.Message.Content != text.String() {
		t.Errorf("partial Response text = %q, want what streamed: %q", resp.Message.Content, text.String())
	}
}

// stallCase is a case of stallCases.
type stallCase struct {
	name  string
	fault Fault
}

// stallCases are servers that stop sending, and the idle timeout that cuts them.
func stallCases() []stallCase {
	return []stallCase{
		{name: "a server that never answers is cut after the idle timeout", fault: Fault{StallHeaders: true}},
		{name: "a stream that goes silent is cut after the idle timeout", fault: Fault{StallAfter: 1}},
	}
}

// run runs the case against h.
func (tc stallCase) run(t *testing.T, h Harness) {
	const idle = 300 * time.Millisecond
	p := h.Connect(t, h.Serve(t, Script{{Text: "Hello there world", Fault: tc.fault}}).URL(), Options{IdleTimeout: idle})
	start := time.Now()
	_, err := p.Stream(t.Context(), simpleRequest(), nil)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Stream returned after %v, want soon after the %v idle timeout", took, idle)
	}
	if k := llm.KindOf(err); k != llm.KindInterrupted {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindInterrupted)
	}
	if !strings.Contains(err.Error(), "idle_timeout_seconds") {
		t.Errorf("error %q does not name the setting to change", err)
	}
}

func checkStallRetried(t *testing.T, h Harness) {
	srv := h.Serve(t, Script{{Text: "fine now", Fault: Fault{StallHeaders: true, Times: 1}}})
	p := llm.WithRetry(h.Connect(t, srv.URL(), Options{IdleTimeout: 200 * time.Millisecond}),
		llm.RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond}, nil)
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil || resp.Message.Content != "fine now" {
		t.Fatalf("Stream() = %q, %v, want the reply after one retry", resp.Message.Content, err)
	}
}

func checkCancel(t *testing.T, h Harness) {
	p := h.connect(t, h.Serve(t, Script{{Text: "one two three four five six", Fault: Fault{Delay: 100 * time.Millisecond}}}).URL())
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var (
		text      strings.Builder
		cancelled time.Time
	)
	resp, err := p.Stream(ctx, simpleRequest(), func(d llm.Delta) {
		text.WriteString(d.Text)
		if cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Stream() error = %v, want context.Canceled", err)
	}
	if cancelled.IsZero() {
		t.Fatal("no text arrived before the end")
	}
	if d := time.Since(cancelled); d > 2*time.Second {
		t.Errorf("Stream returned %v after the cancel, want promptly", d)
	}
	if resp.Message.Content != text.String() {
		t.Errorf("partial Response text = %q, want what streamed: %q", resp.Message.Content, text.String())
	}
}

func checkUnreachable(t *testing.T, h Harness) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + h.URLSuffix
	l.Close()
	_, err = h.connect(t, url).Stream(t.Context(), simpleRequest(), nil)
	if k := llm.KindOf(err); k != llm.KindUnreachable {
		t.Fatalf("Stream() error = %v (kind %q), want kind %q", err, k, llm.KindUnreachable)
	}
	if !strings.Contains(err.Error(), l.Addr().String()) {
		t.Errorf("error %q does not name the address", err)
	}
}

func checkContextWindow(t *testing.T, h Harness) {
	srv := h.Serve(t, Script{Say("it fits"), Say("after the summary")})
	w, ok := srv.(interface {
		SetContextWindow(int)
		SummarizeWith(Turn)
	})
	if !ok {
		t.Fatalf("the fake %T has no SetContextWindow and SummarizeWith", srv)
	}
	w.SetContextWindow(400)
	w.SummarizeWith(Say("the summary"))
	p := h.connect(t, srv.URL())
	long := simpleRequest()
	long.Messages[0].Content = strings.Repeat("far too long for the window ", 100)
	_, err := p.Stream(t.Context(), long, nil)
	if llm.KindOf(err) != llm.KindContextLength || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("Stream(a request of ~700 tokens) error = %v, want a context-length error", err)
	}
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil || resp.Message.Content != "it fits" {
		t.Fatalf("Stream(a short request) = %q, %v; want the first turn", resp.Message.Content, err)
	}
	noTools := simpleRequest()
	noTools.Tools = nil
	if resp, err := p.Stream(t.Context(), noTools, nil); err != nil || resp.Message.Content != "the summary" {
		t.Errorf("Stream(a request without tools) = %q, %v; want the summary", resp.Message.Content, err)
	}
	if resp, err := p.Stream(t.Context(), simpleRequest(), nil); err != nil || resp.Message.Content != "after the summary" {
		t.Errorf("Stream(the next request) = %q, %v; want the turn after the last one answered", resp.Message.Content, err)
	}
}

func checkRetryBeforeText(t *testing.T, h Harness) {
	srv := h.Serve(t, Script{{Text: "fine now", Fault: Fault{Status: http.StatusServiceUnavailable, Times: 1}}})
	var retries []llm.RetryInfo
	p := llm.WithRetry(h.connect(t, srv.URL()), llm.RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond},
		func(ri llm.RetryInfo) { retries = append(retries, ri) })
	resp, err := p.Stream(t.Context(), simpleRequest(), nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if resp.Message.Content != "fine now" {
		t.Errorf("reply = %q, want %q", resp.Message.Content, "fine now")
	}
	if len(retries) != 1 || llm.KindOf(retries[0].Err) != llm.KindServer {
		t.Errorf("retries = %+v, want one after a server error", retries)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("server received %d requests, want 2", n)
	}
}

// connect connects the adapter with its default options.
func (h Harness) connect(t testing.TB, baseURL string) llm.Provider {
	return h.Connect(t, baseURL, Options{})
}

// BenchmarkStream measures one request and its streamed reply (a sentence
// and a tool call) through an adapter and its fake on loopback: the cost
// a provider adds to each tool round trip of the loop.
func BenchmarkStream(b *testing.B, h Harness) {
	turn := Turn{Text: "Let me run the tests.", Calls: []Call{{ID: "call_1", Name: "run", Args: `{"command":"go test ./..."}`}}}
	p := h.connect(b, h.Serve(b, Script{turn}).URL())
	req := simpleRequest()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := p.Stream(b.Context(), req, nil)
		if err != nil || len(resp.Message.ToolCalls) != 1 {
			b.Fatalf("Stream() = %+v, %v", resp.Message, err)
		}
	}
}
