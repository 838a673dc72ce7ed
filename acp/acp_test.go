package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/acp"
	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// opener builds each session's core in-process: the real tool registry
// (without the sandbox) in the session's root, and a provider playing
// script.
type opener struct {
	script llmtest.Script
	// maxTurns, when set, is agent.Config.MaxTurns.
	maxTurns int
	mu       sync.Mutex
	closed   int
	provider *llmtest.Provider // the last one opened
}

func (o *opener) Open(_ context.Context, spec acp.Spec) (*acp.Core, error) {
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: spec.Root, Buffers: spec.Buffers})
	if err != nil {
		return nil, err
	}
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Safe
	if o.maxTurns > 0 {
		cfg.MaxTurns = o.maxTurns
	}
	provider := llmtest.NewProvider("fake", o.script)
	o.mu.Lock()
	o.provider = provider
	o.mu.Unlock()
	a := agent.New(agent.Options{
		Provider: provider, Tools: reg,
		Approver: spec.Approver, Sink: spec.Sink, Rules: spec.Rules,
		Config: cfg, Unconfined: true,
	})
	return &acp.Core{ID: "sess-" + filepath.Base(spec.Root), Agent: a, Close: func() {
		reg.Close()
		o.mu.Lock()
		o.closed++
		o.mu.Unlock()
	}}, nil
}

func (o *opener) closedSessions() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.closed
}

// client is an ACP client that records the updates and answers
// permission requests with answer (nil: never answers, waits for the
// request to be cancelled).
type client struct {
	answer func(sdk.RequestPermissionRequest) sdk.PermissionOptionId

	mu      sync.Mutex
	updates []sdk.SessionUpdate
	asked   []sdk.RequestPermissionRequest
	// onUpdate, when set, sees every update as it arrives.
	onUpdate func(sdk.SessionUpdate)
	// askedCh receives each permission request.
	askedCh chan sdk.RequestPermissionRequest
	// buffers, when set, are the files the client holds open, by path,
	// offered with fs/read_text_file; read lists the paths it was asked.
	// Its failReadsFrom-th read and those after fail (0: none fails).
	buffers       map[string]string
	read          []string
	failReadsFrom int
	// writes are the texts it was asked to write with fs/write_text_file,
	// by path (it keeps them in buffers, unsaved); writeErr fails them.
	writes   map[string]string
	writeErr error
}

func (c *client) RequestPermission(ctx context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	c.mu.Lock()
	c.asked = append(c.asked, p)
	c.mu.Unlock()
	if c.askedCh != nil {
		c.askedCh <- p
	}
	if c.answer == nil {
		<-ctx.Done()
		return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeCancelled()}, nil
	}
	return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeSelected(c.answer(p))}, nil
}

func (c *client) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	c.mu.Lock()
	c.updates = append(c.updates, n.Update)
	f := c.onUpdate
	c.mu.Unlock()
	if f != nil {
		f(n.Update)
	}
	return nil
}

func (c *client) ReadTextFile(_ context.Context, p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read = append(c.read, p.Path)
	if c.failReadsFrom > 0 && len(c.read) >= c.failReadsFrom {
		return sdk.ReadTextFileResponse{}, sdk.NewInternalError(map[string]any{"error": "the editor is busy"})
	}
	if t, ok := c.buffers[p.Path]; ok {
		return sdk.ReadTextFileResponse{Content: t}, nil
	}
	return sdk.ReadTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsReadTextFile)
}

func (c *client) WriteTextFile(_ context.Context, p sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.writeErr != nil {
		return sdk.WriteTextFileResponse{}, c.writeErr
	}
	if c.writes == nil {
		c.writes = map[string]string{}
	}
	if c.buffers == nil {
		c.buffers = map[string]string{}
	}
	c.writes[p.Path], c.buffers[p.Path] = p.Content, p.Content
	return sdk.WriteTextFileResponse{}, nil
}

func (c *client) CreateTerminal(context.Context, sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	return sdk.CreateTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalCreate)
}

func (c *client) KillTerminal(context.Context, sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalKill)
}

func (c *client) TerminalOutput(context.Context, sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return sdk.TerminalOutputResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalOutput)
}

func (c *client) ReleaseTerminal(context.Context, sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalRelease)
}

func (c *client) WaitForTerminalExit(context.Context, sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return sdk.WaitForTerminalExitResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalWaitForExit)
}

func (c *client) seen() []sdk.SessionUpdate {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]sdk.SessionUpdate(nil), c.updates...)
}

// harness is a server on pipes, its client, and what ends them.
type harness struct {
	conn   *sdk.ClientSideConnection
	opener *opener
	// hangUp closes the client's ends of the pipes: the editor is gone.
	hangUp func()
	// served is closed when Serve returned.
	served chan struct{}
}

// serve starts Serve with opener o and connects cl to it through the Go
// SDK's client side.
func serve(t *testing.T, o *opener, cl *client) *harness {
	t.Helper()
	toServer, clientOut := io.Pipe()
	clientIn, fromServer := io.Pipe()
	h := &harness{opener: o, served: make(chan struct{})}
	go func() {
		defer close(h.served)
		if err := acp.Serve(context.Background(), toServer, fromServer, acp.Options{Opener: o, Version: "test"}); err != nil {
			t.Errorf("Serve: %v", err)
		}
		fromServer.Close()
	}()
	h.conn = sdk.NewClientSideConnection(cl, clientOut, clientIn)
	h.hangUp = func() { clientOut.Close(); clientIn.Close() }
	t.Cleanup(func() {
		h.hangUp()
		<-h.served
	})
	return h
}

// start initializes the connection and opens a session in root.
func (h *harness) start(t *testing.T, root string) sdk.SessionId {
	t.Helper()
	return h.startWith(t, root, sdk.ClientCapabilities{})
}

// startWith is start for a client that offers caps.
func (h *harness) startWith(t *testing.T, root string, caps sdk.ClientCapabilities) sdk.SessionId {
	t.Helper()
	ini, err := h.conn.Initialize(t.Context(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber, ClientCapabilities: caps})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if ini.ProtocolVersion != 1 || !ini.AgentCapabilities.LoadSession || !ini.AgentCapabilities.PromptCapabilities.EmbeddedContext {
		t.Fatalf("initialize = %+v, want protocol 1, loadSession, embedded context", ini)
	}
	s, err := h.conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	if s.Modes == nil || s.Modes.CurrentModeId != "safe" || len(s.Modes.AvailableModes) != 3 {
		t.Fatalf("session/new modes = %+v, want safe of safe, warning, dangerous", s.Modes)
	}
	return s.SessionId
}

func prompt(t *testing.T, h *harness, sid sdk.SessionId, text string) sdk.StopReason {
	t.Helper()
	r, err := h.conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: sid, Prompt: []sdk.ContentBlock{sdk.TextBlock(text)}})
	if err != nil {
		t.Fatalf("session/prompt: %v", err)
	}
	return r.StopReason
}

// statuses are the statuses the updates gave tool call id, in order.
func statuses(updates []sdk.SessionUpdate, id string) []sdk.ToolCallStatus {
	var out []sdk.ToolCallStatus
	for _, u := range updates {
		switch {
		case u.ToolCall != nil && string(u.ToolCall.ToolCallId) == id:
			out = append(out, u.ToolCall.Status)
		case u.ToolCallUpdate != nil && string(u.ToolCallUpdate.ToolCallId) == id && u.ToolCallUpdate.Status != nil:
			out = append(out, *u.ToolCallUpdate.Status)
		}
	}
	return out
}

func agentText(updates []sdk.SessionUpdate) string {
	var b strings.Builder
	for _, u := range updates {
		if u.AgentMessageChunk != nil && u.AgentMessageChunk.Content.Text != nil {
			b.WriteString(u.AgentMessageChunk.Content.Text.Text)
		}
	}
	return b.String()
}

// A dangerous command is asked with session/request_permission and
// rejected: it does not run. A safe one runs and streams its tool call
// to completed, the answer streams as message chunks, and the prompt
// ends with end_turn.
func TestRejectedCommandDoesNotRunAndSafeOneCompletes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "rm", Name: "shell", Args: `{"command": "rm -rf build"}`}),
		llmtest.Use(llmtest.Call{ID: "ls", Name: "shell", Args: `{"command": "ls"}`}),
		llmtest.Say("Kept build; listed the files."),
	}}
	cl := &client{answer: func(p sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "reject_once" }}
	h := serve(t, o, cl)
	sid := h.start(t, root)

	if got := prompt(t, h, sid, "clean up"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	if _, err := os.Stat(filepath.Join(root, "build")); err != nil {
		t.Fatalf("build/ after the rejected rm: %v", err)
	}
	if len(cl.asked) != 1 {
		t.Fatalf("asked %d times, want once (the rm only)", len(cl.asked))
	}
	req := cl.asked[0]
	if req.ToolCall.Title == nil || *req.ToolCall.Title != "rm -rf build" || req.ToolCall.Kind == nil || *req.ToolCall.Kind != sdk.ToolKindExecute {
		t.Errorf("permission tool call = %+v, want title rm -rf build, kind execute", req.ToolCall)
	}
	kinds := map[sdk.PermissionOptionKind]bool{}
	for _, o := range req.Options {
		kinds[o.Kind] = true
	}
	if !kinds[sdk.PermissionOptionKindAllowOnce] || !kinds[sdk.PermissionOptionKindRejectOnce] || !kinds[sdk.PermissionOptionKindAllowAlways] {
		t.Errorf("options = %+v, want allow_once, allow_always, reject_once", req.Options)
	}
	if text := req.ToolCall.Content[0].Content.Content.Text.Text; !strings.Contains(text, "dangerous") || !strings.Contains(text, "recursive") {
		t.Errorf("permission content = %q, want the level and reasons", text)
	}
	updates := cl.seen()
	if got := statuses(updates, "rm"); len(got) == 0 || got[len(got)-1] != sdk.ToolCallStatusFailed {
		t.Errorf("rm statuses = %v, want to end failed", got)
	}
	got := statuses(updates, "ls")
	want := []sdk.ToolCallStatus{sdk.ToolCallStatusPending, sdk.ToolCallStatusInProgress, sdk.ToolCallStatusCompleted}
	if strings.Join(toStrings(got), ",") != strings.Join(toStrings(want), ",") {
		t.Errorf("ls statuses = %v, want %v", got, want)
	}
	if text := agentText(updates); !strings.Contains(text, "Kept build; listed the files.") {
		t.Errorf("agent text = %q, want the answer", text)
	}
}

func toStrings[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

// marker is an argument no other process on the machine has, so the
// test can tell whether the command it started is still alive.
const marker = "6171.25"

// alive reports whether a process runs `sleep marker` (Linux: /proc).
func alive(marker string) bool {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		if err == nil && string(b) == "sleep\x00"+marker+"\x00" {
			return true
		}
	}
	return false
}

// session/cancel during a long command stops it: the prompt answers
// cancelled, and no process of it is left.
func TestCancelStopsLongCommand(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("looks for the command in /proc")
	}
	root := t.TempDir()
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "long", Name: "shell", Args: `{"command": "echo started; sleep ` + marker + `"}`}),
		llmtest.Say("never reached"),
	}}
	started := make(chan struct{})
	var once sync.Once
	cl := &client{}
	cl.onUpdate = func(u sdk.SessionUpdate) {
		if u.ToolCallUpdate != nil && u.ToolCallUpdate.ToolCallId == "long" && len(u.ToolCallUpdate.Content) > 0 {
			once.Do(func() { close(started) })
		}
	}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	go func() {
		<-started
		// The output came from echo, just before bash starts sleep:
		// wait for it to run, so the test knows what it stops.
		for !alive(marker) {
			runtime.Gosched()
		}
		if err := h.conn.Cancel(context.Background(), sdk.CancelNotification{SessionId: sid}); err != nil {
			t.Errorf("session/cancel: %v", err)
		}
	}()
	if got := prompt(t, h, sid, "wait"); got != sdk.StopReasonCancelled {
		t.Fatalf("stop reason = %q, want cancelled", got)
	}
	if alive(marker) {
		t.Errorf("sleep %s still runs after the cancelled prompt", marker)
	}
	if got := statuses(cl.seen(), "long"); got[len(got)-1] != sdk.ToolCallStatusFailed {
		t.Errorf("statuses = %v, want to end failed", got)
	}
}

// A client that never answers a permission request: session/cancel
// denies the call, which never runs; the next prompt works.
func TestUnansweredPermissionCancelled(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "build"), 0o755)
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "rm", Name: "shell", Args: `{"command": "rm -rf build"}`}),
		llmtest.Say("after the cancel"),
	}}
	cl := &client{askedCh: make(chan sdk.RequestPermissionRequest, 1)}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	go func() {
		<-cl.askedCh
		h.conn.Cancel(context.Background(), sdk.CancelNotification{SessionId: sid})
	}()
	if got := prompt(t, h, sid, "clean up"); got != sdk.StopReasonCancelled {
		t.Fatalf("stop reason = %q, want cancelled", got)
	}
	if _, err := os.Stat(filepath.Join(root, "build")); err != nil {
		t.Fatalf("build/ after the unanswered rm: %v", err)
	}
	if got := prompt(t, h, sid, "go on"); got != sdk.StopReasonEndTurn {
		t.Fatalf("next prompt's stop reason = %q, want end_turn", got)
	}
	if text := agentText(cl.seen()); !strings.Contains(text, "after the cancel") {
		t.Errorf("agent text = %q, want the next answer", text)
	}
}

// A client that disconnects while a permission request waits: the call
// never runs, Serve returns, and the session is closed.
func TestDisconnectWhileAsking(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "build"), 0o755)
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "rm", Name: "shell", Args: `{"command": "rm -rf build"}`}),
		llmtest.Say("unreachable"),
	}}
	cl := &client{askedCh: make(chan sdk.RequestPermissionRequest, 1)}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	go h.conn.Prompt(context.Background(), sdk.PromptRequest{SessionId: sid, Prompt: []sdk.ContentBlock{sdk.TextBlock("clean up")}})
	<-cl.askedCh
	h.hangUp()
	<-h.served
	if _, err := os.Stat(filepath.Join(root, "build")); err != nil {
		t.Fatalf("build/ after the client left: %v", err)
	}
	if n := o.closedSessions(); n != 1 {
		t.Errorf("%d sessions closed, want 1", n)
	}
}

// "Allow always" saves a session rule as narrow as the screen's: the
// same command runs again without asking.
func TestAllowAlwaysMakesSessionRule(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "a", Name: "write_file", Args: `{"path": "a.txt", "content": "one\n"}`}),
		llmtest.Use(llmtest.Call{ID: "b", Name: "write_file", Args: `{"path": "a.txt", "content": "two\n"}`}),
		llmtest.Say("written twice"),
	}}
	cl := &client{answer: func(p sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "allow_always" }}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	if got := prompt(t, h, sid, "write"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	if len(cl.asked) != 1 {
		t.Fatalf("asked %d times, want once", len(cl.asked))
	}
	var diff *sdk.ToolCallContentDiff
	for _, c := range cl.asked[0].ToolCall.Content {
		if c.Diff != nil {
			diff = c.Diff
		}
	}
	if diff == nil || diff.Path != filepath.Join(root, "a.txt") || diff.NewText != "one\n" || diff.OldText != nil {
		t.Errorf("permission diff = %+v, want a.txt created with one", diff)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(b) != "two\n" {
		t.Errorf("a.txt = %q, want two", b)
	}
}

// session/set_mode raises the auto-approve level: a write runs without
// asking in mode warning.
func TestSetModeAutoApproves(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "a", Name: "write_file", Args: `{"path": "a.txt", "content": "one\n"}`}),
		llmtest.Say("written"),
	}}
	cl := &client{}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	if _, err := h.conn.SetSessionMode(t.Context(), sdk.SetSessionModeRequest{SessionId: sid, ModeId: "blocked"}); err == nil {
		t.Errorf("set_mode blocked: no error")
	}
	if _, err := h.conn.SetSessionMode(t.Context(), sdk.SetSessionModeRequest{SessionId: sid, ModeId: "warning"}); err != nil {
		t.Fatalf("set_mode warning: %v", err)
	}
	if got := prompt(t, h, sid, "write"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	if len(cl.asked) != 0 {
		t.Errorf("asked %d times in mode warning, want never", len(cl.asked))
	}
	if b, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(b) != "one\n" {
		t.Errorf("a.txt = %q, want one", b)
	}
}

// Malformed JSON-RPC and unknown methods get no answer or an error, and
// lose nothing: the connection goes on and the session works after them.
func TestMalformedAndUnknownLoseNothing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	o := &opener{script: llmtest.Script{llmtest.Say("still here")}}
	toServer, w := io.Pipe()
	r, fromServer := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		acp.Serve(context.Background(), toServer, fromServer, acp.Options{Opener: o})
		fromServer.Close()
	}()
	lines := bufio.NewScanner(r)
	lines.Buffer(nil, 1<<20)
	send := func(s string) {
		if _, err := io.WriteString(w, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	// reply reads lines until the answer to id, skipping notifications.
	reply := func(id int) map[string]any {
		for lines.Scan() {
			var m map[string]any
			if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
				t.Fatalf("agent wrote a line that is not JSON: %q", lines.Text())
			}
			if n, ok := m["id"].(float64); ok && int(n) == id {
				return m
			}
		}
		t.Fatalf("no answer to request %d: %v", id, lines.Err())
		return nil
	}
	send(`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1`) // cut short
	send(`this is not JSON`)
	send(`{"jsonrpc": "2.0", "id": 2, "method": "no/such/method", "params": {}}`)
	if e, _ := reply(2)["error"].(map[string]any); e == nil || e["code"] != float64(-32601) {
		t.Fatalf("unknown method: error = %v, want -32601", e)
	}
	send(`{"jsonrpc": "2.0", "id": 3, "method": "session/new", "params": {"cwd": "relative", "mcpServers": []}}`)
	if e, _ := reply(3)["error"].(map[string]any); e == nil || e["code"] != float64(-32602) {
		t.Fatalf("relative cwd: error = %v, want -32602", e)
	}
	send(`{"jsonrpc": "2.0", "id": 4, "method": "session/prompt", "params": {"sessionId": "nope", "prompt": [{"type": "text", "text": "hi"}]}}`)
	if e, _ := reply(4)["error"].(map[string]any); e == nil {
		t.Fatalf("prompt to no session: no error")
	}
	send(`{"jsonrpc": "2.0", "id": 5, "method": "initialize", "params": {"protocolVersion": 1}}`)
	if res, _ := reply(5)["result"].(map[string]any); res["protocolVersion"] != float64(1) {
		t.Fatalf("initialize after the garbage: %v", res)
	}
	rootJSON, _ := json.Marshal(root)
	send(`{"jsonrpc": "2.0", "id": 6, "method": "session/new", "params": {"cwd": ` + string(rootJSON) + `, "mcpServers": []}}`)
	sid, _ := reply(6)["result"].(map[string]any)["sessionId"].(string)
	send(`{"jsonrpc": "2.0", "id": 7, "method": "session/prompt", "params": {"sessionId": "` + sid + `", "prompt": [{"type": "text", "text": "hi"}]}}`)
	if res, _ := reply(7)["result"].(map[string]any); res["stopReason"] != "end_turn" {
		t.Fatalf("prompt after the garbage: %v", res)
	}
	w.Close()
	r.Close()
	<-done
	if n := o.closedSessions(); n != 1 {
		t.Errorf("%d sessions closed after the client left, want 1", n)
	}
}

// Each way a turn ends has its ACP stop reason, and the model's thinking
// streams as agent_thought_chunk.
func TestStopReasonsAndThinking(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		script   llmtest.Script
		maxTurns int
		want     sdk.StopReason
	}{
		{"an answer ends the turn", llmtest.Script{{Reasoning: "think first", Text: "answer"}}, 0, sdk.StopReasonEndTurn},
		{"the turn limit is max_turn_requests", llmtest.Script{
			llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
			llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
		}, 1, sdk.StopReasonMaxTurnRequests},
		{"a reply cut at the output limit is max_tokens", llmtest.Script{{Text: "cut sh", Finish: llm.FinishLength}}, 0, sdk.StopReasonMaxTokens},
		{"the content filter is refusal", llmtest.Script{{Text: "I", Finish: llm.FinishFiltered}}, 0, sdk.StopReasonRefusal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cl := &client{}
			h := serve(t, &opener{script: c.script, maxTurns: c.maxTurns}, cl)
			sid := h.start(t, t.TempDir())
			if got := prompt(t, h, sid, "go"); got != c.want {
				t.Fatalf("stop reason = %q, want %q", got, c.want)
			}
			if c.script[0].Reasoning == "" {
				return
			}
			var thought strings.Builder
			for _, u := range cl.seen() {
				if u.AgentThoughtChunk != nil {
					thought.WriteString(u.AgentThoughtChunk.Content.Text.Text)
				}
			}
			if thought.String() != c.script[0].Reasoning {
				t.Errorf("agent_thought_chunk text = %q, want %q", thought.String(), c.script[0].Reasoning)
			}
		})
	}
}

// An edit is shown as ACP diff content: the file as it is and as the
// edit leaves it, with the file as its location.
func TestEditShowsDiff(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "main.go"), []byte("package main\n\nvar x = 1\n"), 0o644)
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "e", Name: "edit_file", Args: `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`}),
		llmtest.Say("edited"),
	}}
	cl := &client{answer: func(sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "allow_once" }}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	if got := prompt(t, h, sid, "edit"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	var start *sdk.SessionUpdateToolCall
	for _, u := range cl.seen() {
		if u.ToolCall != nil && u.ToolCall.ToolCallId == "e" {
			start = u.ToolCall
		}
	}
	if start == nil {
		t.Fatal("no tool_call for the edit")
	}
	path := filepath.Join(root, "main.go")
	if start.Kind != sdk.ToolKindEdit || len(start.Locations) != 1 || start.Locations[0].Path != path {
		t.Errorf("tool_call = kind %q, locations %+v; want edit at %s", start.Kind, start.Locations, path)
	}
	var diff *sdk.ToolCallContentDiff
	for _, c := range start.Content {
		if c.Diff != nil {
			diff = c.Diff
		}
	}
	if diff == nil || diff.OldText == nil || *diff.OldText != "package main\n\nvar x = 1\n" || diff.NewText != "package main\n\nvar x = 2\n" {
		t.Errorf("diff = %+v, want x = 1 -> x = 2", diff)
	}
	if b, _ := os.ReadFile(path); string(b) != "package main\n\nvar x = 2\n" {
		t.Errorf("main.go = %q after the approved edit", b)
	}
}

// A client that offers fs/read_text_file: read_file sees its unsaved
// text of an open file, and files it does not hold are read on disk.
// One that does not offer it is never asked.
func TestReadsThroughTheEditor(t *testing.T) {
	t.Parallel()
	for _, offers := range []bool{true, false} {
		t.Run(fmt.Sprintf("offered %v", offers), func(t *testing.T) {
			t.Parallel()
			root, _ := filepath.EvalSymlinks(t.TempDir())
			os.WriteFile(filepath.Join(root, "a.txt"), []byte("saved\n"), 0o644)
			os.WriteFile(filepath.Join(root, "b.txt"), []byte("b on disk\n"), 0o644)
			o := &opener{script: llmtest.Script{
				llmtest.Use(llmtest.UseTool("read_file", `{"path": "a.txt"}`), llmtest.UseTool("read_file", `{"path": "b.txt"}`)),
				llmtest.Say("read"),
			}}
			cl := &client{buffers: map[string]string{filepath.Join(root, "a.txt"): "unsaved\n"}}
			h := serve(t, o, cl)
			sid := h.startWith(t, root, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: offers}})
			if got := prompt(t, h, sid, "read"); got != sdk.StopReasonEndTurn {
				t.Fatalf("stop reason = %q", got)
			}
			reqs := o.provider.Requests()
			res := reqs[len(reqs)-1].ToolResults()
			want := "saved"
			if offers {
				want = "unsaved"
			}
			if len(res) != 2 || !strings.Contains(res[0].Content, "\t"+want) || !strings.Contains(res[1].Content, "b on disk") {
				t.Errorf("tool results = %+v, want a.txt %s and b.txt from disk", res, want)
			}
			if asked := len(cl.read) > 0; asked != offers {
				t.Errorf("the client was asked %v, want asked only when it offers", cl.read)
			}
		})
	}
}

// When Serve's context ends (agent acp got SIGTERM) while a command runs,
// the command is stopped, the prompt answers cancelled, and Serve returns.
func TestServeEndsWithItsContext(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("looks for the command in /proc")
	}
	const marker = "6174.25"
	root := t.TempDir()
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "long", Name: "shell", Args: `{"command": "echo started; sleep ` + marker + `"}`}),
		llmtest.Say("never reached"),
	}}
	started := make(chan struct{})
	var once sync.Once
	cl := &client{onUpdate: func(u sdk.SessionUpdate) {
		if u.ToolCallUpdate != nil && u.ToolCallUpdate.ToolCallId == "long" && len(u.ToolCallUpdate.Content) > 0 {
			once.Do(func() { close(started) })
		}
	}}
	toServer, clientOut := io.Pipe()
	clientIn, fromServer := io.Pipe()
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() {
		defer close(served)
		acp.Serve(ctx, toServer, fromServer, acp.Options{Opener: o})
	}()
	h := &harness{conn: sdk.NewClientSideConnection(cl, clientOut, clientIn), opener: o, served: served}
	t.Cleanup(func() { clientOut.Close(); clientIn.Close(); stop(); <-served })
	sid := h.start(t, root)
	answered := make(chan sdk.StopReason, 1)
	go func() {
		r, _ := h.conn.Prompt(context.Background(), sdk.PromptRequest{SessionId: sid, Prompt: []sdk.ContentBlock{sdk.TextBlock("wait")}})
		answered <- r.StopReason
	}()
	<-started
	for !alive(marker) {
		runtime.Gosched()
	}
	stop()
	<-served
	if alive(marker) {
		t.Errorf("sleep %s still runs after Serve returned", marker)
	}
	if got := <-answered; got != sdk.StopReasonCancelled {
		t.Errorf("stop reason = %q, want cancelled", got)
	}
	if n := o.closedSessions(); n != 1 {
		t.Errorf("%d sessions closed, want 1", n)
	}
}

// A client that offers fs/write_text_file (and fs/read_text_file): an
// approved edit is planned against its unsaved text, shown as the diff of
// that text in the permission request, and handed to its write handler;
// the agent writes nothing on disk itself. A write the client fails is a
// tool error the model reads, and nothing changes. A path that leaves the
// root never reaches the client.
func TestWritesThroughTheEditor(t *testing.T) {
	t.Parallel()
	allow := func(sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "allow_once" }
	caps := sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: true}}

	t.Run("an approved edit lands in the editor", func(t *testing.T) {
		t.Parallel()
		root, _ := filepath.EvalSymlinks(t.TempDir())
		path := filepath.Join(root, "main.go")
		os.WriteFile(path, []byte("package main\n"), 0o644)
		o := &opener{script: llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "e", Name: "edit_file", Args: `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`}),
			llmtest.Say("edited"),
		}}
		cl := &client{answer: allow, buffers: map[string]string{path: "package main\n\nvar x = 1\n"}}
		h := serve(t, o, cl)
		sid := h.startWith(t, root, caps)
		if got := prompt(t, h, sid, "edit"); got != sdk.StopReasonEndTurn {
			t.Fatalf("stop reason = %q, want end_turn", got)
		}
		if len(cl.asked) != 1 {
			t.Fatalf("%d permission requests, want 1", len(cl.asked))
		}
		var diff *sdk.ToolCallContentDiff
		for _, c := range cl.asked[0].ToolCall.Content {
			if c.Diff != nil {
				diff = c.Diff
			}
		}
		if diff == nil || diff.OldText == nil || *diff.OldText != "package main\n\nvar x = 1\n" || diff.NewText != "package main\n\nvar x = 2\n" {
			t.Errorf("the permission request's diff = %+v, want the editor's text x = 1 -> x = 2", diff)
		}
		if got := cl.writes[path]; got != "package main\n\nvar x = 2\n" {
			t.Errorf("the client's write handler got %q for %s, want the edited text", got, path)
		}
		if b, _ := os.ReadFile(path); string(b) != "package main\n" {
			t.Errorf("main.go on disk = %q, want it as it was: the client did not save", b)
		}
		if got := statuses(cl.seen(), "e"); len(got) == 0 || got[len(got)-1] != sdk.ToolCallStatusCompleted {
			t.Errorf("the edit's statuses = %v, want it completed", got)
		}
	})

	t.Run("a failing client write is a tool error and changes nothing", func(t *testing.T) {
		t.Parallel()
		root, _ := filepath.EvalSymlinks(t.TempDir())
		path := filepath.Join(root, "notes.txt")
		os.WriteFile(path, []byte("keep\n"), 0o644)
		o := &opener{script: llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "w", Name: "write_file", Args: `{"path": "notes.txt", "content": "lost?\n"}`}),
			llmtest.Say("tried"),
		}}
		cl := &client{answer: allow, writeErr: &sdk.RequestError{Code: -32603, Message: "the buffer is read-only"}}
		h := serve(t, o, cl)
		sid := h.startWith(t, root, caps)
		if got := prompt(t, h, sid, "write"); got != sdk.StopReasonEndTurn {
			t.Fatalf("stop reason = %q, want end_turn", got)
		}
		reqs := o.provider.Requests()
		res := reqs[len(reqs)-1].ToolResults()
		if len(res) != 1 || !res[0].IsError || !strings.Contains(res[0].Content, "the editor did not write it: the buffer is read-only") {
			t.Errorf("tool results = %+v, want an error saying the editor did not write it and why", res)
		}
		if got := statuses(cl.seen(), "w"); len(got) == 0 || got[len(got)-1] != sdk.ToolCallStatusFailed {
			t.Errorf("the write's statuses = %v, want it failed", got)
		}
		if b, _ := os.ReadFile(path); string(b) != "keep\n" {
			t.Errorf("notes.txt = %q, want it untouched", b)
		}
	})

	t.Run("a client that offers writes but not reads gets the writes on disk", func(t *testing.T) {
		t.Parallel()
		root, _ := filepath.EvalSymlinks(t.TempDir())
		path := filepath.Join(root, "notes.txt")
		os.WriteFile(path, []byte("old\n"), 0o644)
		o := &opener{script: llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "w", Name: "write_file", Args: `{"path": "notes.txt", "content": "new\n"}`}),
			llmtest.Say("wrote"),
		}}
		cl := &client{answer: allow}
		h := serve(t, o, cl)
		sid := h.startWith(t, root, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{WriteTextFile: true}})
		if got := prompt(t, h, sid, "write"); got != sdk.StopReasonEndTurn {
			t.Fatalf("stop reason = %q, want end_turn", got)
		}
		if len(cl.writes) != 0 || len(cl.read) != 0 {
			t.Errorf("the client was asked to write %v and read %v, want nothing", cl.writes, cl.read)
		}
		if b, _ := os.ReadFile(path); string(b) != "new\n" {
			t.Errorf("notes.txt = %q, want the write on disk", b)
		}
	})

	t.Run("a path out of the root never reaches the client", func(t *testing.T) {
		t.Parallel()
		root, _ := filepath.EvalSymlinks(t.TempDir())
		outside := t.TempDir()
		os.Symlink(outside, filepath.Join(root, "out"))
		o := &opener{script: llmtest.Script{
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "../x.txt", "content": "x"}`)),
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "out/x.txt", "content": "x"}`)),
			llmtest.Use(llmtest.UseTool("edit_file", `{"path": "`+filepath.Join(outside, "y.txt")+`", "old_string": "a", "new_string": "b"}`)),
			llmtest.Say("refused"),
		}}
		os.WriteFile(filepath.Join(outside, "y.txt"), []byte("a\n"), 0o644)
		cl := &client{answer: allow}
		h := serve(t, o, cl)
		sid := h.startWith(t, root, caps)
		if got := prompt(t, h, sid, "escape"); got != sdk.StopReasonEndTurn {
			t.Fatalf("stop reason = %q, want end_turn", got)
		}
		cl.mu.Lock()
		defer cl.mu.Unlock()
		if len(cl.writes) != 0 || len(cl.read) != 0 {
			t.Errorf("the client was asked to write %v and read %v, want nothing", cl.writes, cl.read)
		}
		if entries, _ := os.ReadDir(outside); len(entries) != 1 {
			t.Errorf("outside the root: %v", entries)
		}
	})
}

// The model's update_plan reaches the client as a plan update: every
// step in order with its status.
func TestPlanUpdate(t *testing.T) {
	t.Parallel()
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "p", Name: agent.PlanTool, Args: `{"plan": [
			{"step": "read the code", "status": "completed"},
			{"step": "fix it", "status": "in_progress"},
			{"step": "test it", "status": "pending"}]}`}),
		llmtest.Say("on it"),
	}}
	cl := &client{}
	h := serve(t, o, cl)
	sid := h.start(t, t.TempDir())
	if got := prompt(t, h, sid, "plan"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	var plans []*sdk.SessionUpdatePlan
	for _, u := range cl.seen() {
		if u.Plan != nil {
			plans = append(plans, u.Plan)
		}
	}
	want := []sdk.PlanEntry{
		{Content: "read the code", Priority: sdk.PlanEntryPriorityMedium, Status: sdk.PlanEntryStatusCompleted},
		{Content: "fix it", Priority: sdk.PlanEntryPriorityMedium, Status: sdk.PlanEntryStatusInProgress},
		{Content: "test it", Priority: sdk.PlanEntryPriorityMedium, Status: sdk.PlanEntryStatusPending},
	}
	if len(plans) != 1 || fmt.Sprint(plans[0].Entries) != fmt.Sprint(want) {
		t.Fatalf("plan updates = %+v, want one with %+v", plans, want)
	}
	if got := statuses(cl.seen(), "p"); len(got) == 0 || got[len(got)-1] != sdk.ToolCallStatusCompleted {
		t.Errorf("update_plan's statuses = %v, want it completed", got)
	}
}
