package cmd_test

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// acpSDK is the official ACP TypeScript library the end-to-end tests
// drive `agent acp` with, pinned so a new release cannot change the test
// under us.
const acpSDK = "@agentclientprotocol/sdk@2.4.0"

//go:embed testdata/acp/client.mjs
var acpClient []byte

// networkFailure matches npm's words for a registry it cannot reach.
var networkFailure = regexp.MustCompile(`ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|network|proxy`)

// acpSDKDir installs acpSDK from the npm registry, once per machine: in a
// directory of the Go build cache, so repeated runs do not install it
// again and `go clean -cache` removes it. It returns the directory whose
// node_modules holds it, and skips the test only when node or npm is
// missing or the registry cannot be reached.
func acpSDKDir(t *testing.T) string {
	t.Helper()
	node, errNode := exec.LookPath("node")
	npm, errNPM := exec.LookPath("npm")
	if errNode != nil || errNPM != nil {
		t.Skipf("node and npm are needed to install %s: %v %v", acpSDK, errNode, errNPM)
	}
	_ = node
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" || strings.TrimSpace(string(out)) == "off" {
		t.Fatalf("go env GOCACHE: %v %q", err, out)
	}
	base := filepath.Join(strings.TrimSpace(string(out)), "agent-e2e")
	dir := filepath.Join(base, strings.NewReplacer("@", "", "/", "-").Replace(acpSDK))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@agentclientprotocol", "sdk", "package.json")); err == nil {
		return dir
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	// Installed aside and renamed into place, so that a test running at
	// the same time never sees half an install.
	tmp, err := os.MkdirTemp(base, "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), []byte(`{"private": true, "type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.CommandContext(t.Context(), npm, "install", "--no-audit", "--no-fund", "--no-package-lock", "--no-save", acpSDK)
	c.Dir = tmp
	// The person's npm configuration and cache stay out of it; a
	// registry or proxy given in the environment is used.
	c.Env = append(os.Environ(), "HOME="+tmp, "npm_config_cache="+filepath.Join(base, "npm-cache"),
		"npm_config_update_notifier=false", "npm_config_fetch_retries=1")
	var log bytes.Buffer
	c.Stdout, c.Stderr = &log, &log
	if err := c.Run(); err != nil {
		if networkFailure.MatchString(log.String()) {
			t.Skipf("the npm registry cannot be reached, so %s cannot be installed: %v\n%s", acpSDK, err, log.String())
		}
		t.Fatalf("npm install %s: %v\n%s", acpSDK, err, log.String())
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(dir); statErr != nil {
			t.Fatalf("keep the install: %v", err)
		}
		// Another test installed it first.
	}
	return dir
}

// acpReport is what the TypeScript client saw.
type acpReport struct {
	Init struct {
		ProtocolVersion   int `json:"protocolVersion"`
		AgentCapabilities struct {
			LoadSession bool `json:"loadSession"`
		} `json:"agentCapabilities"`
	} `json:"init"`
	StopReason   string           `json:"stopReason"`
	StillRunning bool             `json:"stillRunning"`
	SawRunning   bool             `json:"sawRunning"`
	Updates      []map[string]any `json:"updates"`
	Permissions  []struct {
		ToolCall struct {
			ToolCallID string           `json:"toolCallId"`
			Title      string           `json:"title"`
			Kind       string           `json:"kind"`
			Content    []map[string]any `json:"content"`
		} `json:"toolCall"`
		Options []struct {
			Kind     string `json:"kind"`
			OptionID string `json:"optionId"`
		} `json:"options"`
	} `json:"permissions"`
	// Reads and Writes are what the agent asked of the editor's files.
	Reads  []string `json:"reads"`
	Writes []struct {
		Path    string `json:"path"`
		Content string `json:"content"`
	} `json:"writes"`
	AgentExit any `json:"agentExit"`
}

// runACPClient runs the TypeScript client against the binary in root with
// the fake srv as the model, for scenario (see testdata/acp/client.mjs).
func runACPClient(t *testing.T, sdkDir, root, scenario, marker string, srv *openaitest.Server) acpReport {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(sdkDir, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "client.mjs")
	if err := os.WriteFile(script, acpClient, 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	c := agentCmd(t, home, openaiEnv(srv), "")
	c.Path, c.Args = mustLookPath(t, "node"), []string{"node", script, agentBin, root, scenario, marker}
	c.Dir = dir
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		t.Fatalf("the TypeScript client: %v\nstderr: %s\nstdout: %s", err, errb.String(), out.String())
	}
	var r acpReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("the client's report %q: %v\nstderr: %s", out.String(), err, errb.String())
	}
	if r.AgentExit != float64(0) {
		t.Errorf("agent acp exited with %v after the client closed its stdin, want 0\nstderr: %s", r.AgentExit, errb.String())
	}
	return r
}

func mustLookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s: %v", name, err)
	}
	return p
}

// callStatuses are the statuses the updates gave the tool call id, in
// order, from tool_call and tool_call_update alike.
func callStatuses(updates []map[string]any, id string) []string {
	var out []string
	for _, u := range updates {
		if u["toolCallId"] != id {
			continue
		}
		if s, ok := u["status"].(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// `agent acp` driven by the official ACP TypeScript library, as an editor
// drives it, against a fake provider.
func TestACPWithTheOfficialTypeScriptClient(t *testing.T) {
	t.Parallel()
	sdkDir := acpSDKDir(t)

	t.Run("a rejected rm -rf build changes nothing; ls streams to completed; the answer ends the turn", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		if err := os.Mkdir(filepath.Join(root, "build"), 0o755); err != nil {
			t.Fatal(err)
		}
		// Something to delete: where commands run held, removing an
		// empty directory changes nothing worth asking about.
		if err := os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "call_rm", Name: "shell", Args: `{"command": "rm -rf build"}`}),
			llmtest.Use(llmtest.Call{ID: "call_ls", Name: "shell", Args: `{"command": "ls"}`}),
			llmtest.Say("build/ stays; the project holds build."),
		})

		r := runACPClient(t, sdkDir, root, "reject", "", srv)

		if r.Init.ProtocolVersion != 1 || !r.Init.AgentCapabilities.LoadSession {
			t.Errorf("initialize = %+v, want protocol 1 with loadSession", r.Init)
		}
		if r.StopReason != "end_turn" {
			t.Errorf("stop reason = %q, want end_turn", r.StopReason)
		}
		if _, err := os.Stat(filepath.Join(root, "build")); err != nil {
			t.Errorf("build/ after the rejected rm: %v", err)
		}
		if len(r.Permissions) != 1 {
			t.Fatalf("%d permission requests, want 1 (the rm)", len(r.Permissions))
		}
		p := r.Permissions[0]
		if p.ToolCall.ToolCallID != "call_rm" || p.ToolCall.Title != "rm -rf build" || p.ToolCall.Kind != "execute" {
			t.Errorf("permission tool call = %+v, want call_rm, rm -rf build, execute", p.ToolCall)
		}
		var kinds []string
		for _, o := range p.Options {
			kinds = append(kinds, o.Kind)
		}
		if !strings.Contains(strings.Join(kinds, ","), "allow_once") || !strings.Contains(strings.Join(kinds, ","), "reject_once") {
			t.Errorf("options = %v, want allow_once and reject_once", kinds)
		}
		if got := callStatuses(r.Updates, "call_rm"); len(got) == 0 || got[len(got)-1] != "failed" {
			t.Errorf("rm statuses = %v, want to end failed", got)
		}
		if got := strings.Join(callStatuses(r.Updates, "call_ls"), ","); got != "pending,in_progress,completed" {
			t.Errorf("ls statuses = %s, want pending,in_progress,completed", got)
		}
		var text strings.Builder
		for _, u := range r.Updates {
			if u["sessionUpdate"] == "agent_message_chunk" {
				c, _ := u["content"].(map[string]any)
				t, _ := c["text"].(string)
				text.WriteString(t)
			}
		}
		if !strings.Contains(text.String(), "build/ stays; the project holds build.") {
			t.Errorf("agent_message_chunk text = %q, want the answer", text.String())
		}
		// The model was told the rm was denied, and got ls's output.
		reqs := srv.Requests()
		if res := reqs[len(reqs)-1].ToolResults(); len(res) != 2 || !strings.Contains(res[0].Content, "denied") || !strings.Contains(res[1].Content, "build") {
			t.Errorf("tool results = %+v, want the denial and ls's output", res)
		}
	})

	t.Run("session/cancel during a long command ends the turn cancelled with no process left", func(t *testing.T) {
		t.Parallel()
		if runtime.GOOS != "linux" {
			t.Skip("the client looks for the command in /proc")
		}
		const marker = "6172.5"
		root := t.TempDir()
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "call_sleep", Name: "shell", Args: `{"command": "echo started; sleep ` + marker + `"}`}),
			llmtest.Say("not reached"),
		})

		r := runACPClient(t, sdkDir, root, "cancel", marker, srv)

		if r.StopReason != "cancelled" {
			t.Errorf("stop reason = %q, want cancelled", r.StopReason)
		}
		if !r.SawRunning {
			t.Errorf("the client never saw sleep %s run", marker)
		}
		if r.StillRunning {
			t.Errorf("sleep %s still ran when the cancelled prompt was answered", marker)
		}
		if got := callStatuses(r.Updates, "call_sleep"); len(got) == 0 || got[len(got)-1] != "failed" {
			t.Errorf("statuses = %v, want to end failed", got)
		}
	})
}

// `agent acp` driven by the official ACP TypeScript library as an editor
// that offers its files: approved edits land in its buffers, planned
// against its unsaved text, and the model's plan reaches it.
func TestACPWritesThroughTheTypeScriptClient(t *testing.T) {
	t.Parallel()
	sdkDir := acpSDKDir(t)

	t.Run("an approved edit lands in the editor's buffer, not on disk, and the plan is shown", func(t *testing.T) {
		t.Parallel()
		root, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		notes := filepath.Join(root, "notes.txt")
		if err := os.WriteFile(notes, []byte("first line\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "call_plan", Name: "update_plan", Args: `{"plan": [{"step": "fix the note", "status": "in_progress"}, {"step": "say so", "status": "pending"}]}`}),
			llmtest.Use(llmtest.Call{ID: "call_edit", Name: "edit_file", Args: `{"path": "notes.txt", "old_string": "unsaved line", "new_string": "fixed line"}`}),
			llmtest.Say("Fixed the note."),
		})

		r := runACPClient(t, sdkDir, root, "write", "", srv)

		if r.StopReason != "end_turn" {
			t.Errorf("stop reason = %q, want end_turn", r.StopReason)
		}
		if len(r.Writes) != 1 || r.Writes[0].Path != notes || r.Writes[0].Content != "first line\nfixed line\n" {
			t.Errorf("the editor's writeTextFile handler got %+v, want notes.txt's unsaved text edited", r.Writes)
		}
		if b, _ := os.ReadFile(notes); string(b) != "first line\n" {
			t.Errorf("notes.txt on disk = %q, want it untouched: the editor holds the change", b)
		}
		if len(r.Permissions) != 1 {
			t.Fatalf("%d permission requests, want 1 (the edit)", len(r.Permissions))
		}
		if len(r.Reads) != 2 {
			t.Errorf("the editor's readTextFile handler was asked %d times (%v), want twice: to plan the edit, and to check before writing it", len(r.Reads), r.Reads)
		}
		var diff map[string]any
		for _, c := range r.Permissions[0].ToolCall.Content {
			if c["type"] == "diff" {
				diff = c
			}
		}
		if diff == nil || diff["oldText"] != "first line\nunsaved line\n" || diff["newText"] != "first line\nfixed line\n" {
			t.Errorf("the permission request's diff = %v, want the editor's text before and after", diff)
		}
		if got := callStatuses(r.Updates, "call_edit"); len(got) == 0 || got[len(got)-1] != "completed" {
			t.Errorf("edit statuses = %v, want to end completed", got)
		}
		var plans []any
		for _, u := range r.Updates {
			if u["sessionUpdate"] == "plan" {
				plans = append(plans, u["entries"])
			}
		}
		want := `[[map[content:fix the note priority:medium status:in_progress] map[content:say so priority:medium status:pending]]]`
		if got := fmt.Sprint(plans); got != want {
			t.Errorf("plan updates = %s, want %s", got, want)
		}
	})

	t.Run("a write the editor fails is a tool error the model reads, and nothing changes", func(t *testing.T) {
		t.Parallel()
		root, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		notes := filepath.Join(root, "notes.txt")
		if err := os.WriteFile(notes, []byte("first line\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(llmtest.Call{ID: "call_write", Name: "write_file", Args: `{"path": "notes.txt", "content": "replaced\n"}`}),
			llmtest.Say("Could not write."),
		})

		r := runACPClient(t, sdkDir, root, "write", "fail", srv)

		if r.StopReason != "end_turn" {
			t.Errorf("stop reason = %q, want end_turn", r.StopReason)
		}
		if b, _ := os.ReadFile(notes); string(b) != "first line\n" {
			t.Errorf("notes.txt = %q, want it untouched", b)
		}
		reqs := srv.Requests()
		if res := reqs[len(reqs)-1].ToolResults(); len(res) != 1 || !strings.Contains(res[0].Content, "the editor did not write it: the buffer is read-only") {
			t.Errorf("tool results = %+v, want an error saying the editor did not write it and why", res)
		}
		if got := callStatuses(r.Updates, "call_write"); len(got) == 0 || got[len(got)-1] != "failed" {
			t.Errorf("write statuses = %v, want to end failed", got)
		}
	})
}

// goClient is an editor played with the Go SDK's client side: it keeps
// the updates and approves nothing.
type goClient struct {
	mu      sync.Mutex
	updates []sdk.SessionUpdate
	asked   []string // the titles of the permission requests
	// onUpdate, when set, sees each update as it arrives.
	onUpdate func(sdk.SessionUpdate)
}

func (c *goClient) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	c.mu.Lock()
	c.updates = append(c.updates, n.Update)
	c.mu.Unlock()
	if c.onUpdate != nil {
		c.onUpdate(n.Update)
	}
	return nil
}

func (c *goClient) RequestPermission(_ context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	c.mu.Lock()
	if p.ToolCall.Title != nil {
		c.asked = append(c.asked, *p.ToolCall.Title)
	}
	c.mu.Unlock()
	return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeSelected("reject_once")}, nil
}

func (c *goClient) ReadTextFile(context.Context, sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	return sdk.ReadTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsReadTextFile)
}

func (c *goClient) WriteTextFile(context.Context, sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	return sdk.WriteTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsWriteTextFile)
}

func (c *goClient) CreateTerminal(context.Context, sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	return sdk.CreateTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalCreate)
}

func (c *goClient) KillTerminal(context.Context, sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalKill)
}

func (c *goClient) TerminalOutput(context.Context, sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return sdk.TerminalOutputResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalOutput)
}

func (c *goClient) ReleaseTerminal(context.Context, sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalRelease)
}

func (c *goClient) WaitForTerminalExit(context.Context, sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return sdk.WaitForTerminalExitResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalWaitForExit)
}

// startACP starts `agent acp` with home and env and connects cl to it; the
// returned function closes its stdin and waits for it to exit, returning
// its stderr.
func startACP(t *testing.T, home string, env map[string]string, cl sdk.Client) (*sdk.ClientSideConnection, func() string) {
	t.Helper()
	return startACPWith(t, home, env, cl, sdk.ClientCapabilities{})
}

// startACPWith is startACP for a client that offers caps.
func startACPWith(t *testing.T, home string, env map[string]string, cl sdk.Client, caps sdk.ClientCapabilities) (*sdk.ClientSideConnection, func() string) {
	t.Helper()
	c := agentCmd(t, home, env, "acp")
	c.Stdin = nil
	in, err := c.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	c.Stderr = &errb
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	conn := sdk.NewClientSideConnection(cl, in, out)
	if _, err := conn.Initialize(t.Context(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber, ClientCapabilities: caps}); err != nil {
		t.Fatalf("initialize: %v\nstderr: %s", err, errb.String())
	}
	return conn, func() string {
		in.Close()
		if err := c.Wait(); err != nil {
			t.Errorf("agent acp: %v\nstderr: %s", err, errb.String())
		}
		return errb.String()
	}
}

// session/load in a new `agent acp` replays the recorded session as
// updates, and the next prompt continues its conversation.
func TestACPLoadSessionReplaysAndContinues(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "call_ls", Name: "shell", Args: `{"command": "ls"}`}),
		llmtest.Say("first answer"),
		llmtest.Say("second answer"),
	})
	env := openaiEnv(srv)

	conn, stop := startACP(t, home, env, &goClient{})
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	r, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("first prompt")}})
	if err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("first prompt: %+v, %v", r, err)
	}
	stop()

	cl := &goClient{}
	conn, stop = startACP(t, home, env, cl)
	if _, err := conn.LoadSession(t.Context(), sdk.LoadSessionRequest{SessionId: s.SessionId, Cwd: root, McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatalf("session/load: %v", err)
	}
	cl.mu.Lock()
	var user, agentText strings.Builder
	var calls []string
	for _, u := range cl.updates {
		switch {
		case u.UserMessageChunk != nil:
			user.WriteString(u.UserMessageChunk.Content.Text.Text)
		case u.AgentMessageChunk != nil:
			agentText.WriteString(u.AgentMessageChunk.Content.Text.Text)
		case u.ToolCall != nil:
			calls = append(calls, u.ToolCall.Title)
		}
	}
	cl.mu.Unlock()
	if user.String() != "first prompt" || !strings.Contains(agentText.String(), "first answer") || strings.Join(calls, ",") != "ls" {
		t.Errorf("replayed: user %q, agent %q, calls %v; want the first prompt, its answer and ls", user.String(), agentText.String(), calls)
	}
	r, err = conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("second prompt")}})
	if err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("second prompt: %+v, %v", r, err)
	}
	stop()
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	var sent []string
	for _, m := range last.Messages {
		sent = append(sent, m.Content)
	}
	if got := strings.Join(sent, "|"); !strings.Contains(got, "first prompt") || !strings.Contains(got, "first answer") || !strings.Contains(got, "second prompt") {
		t.Errorf("the model was sent %q, want the loaded conversation and the second prompt", got)
	}
}

// The MCP servers the editor passes with session/new are started like
// [mcp_servers] ones, with the variables the editor gives them, and their
// tools go through the same gate: the read-only tool runs, the others are
// asked in the editor and, rejected, do not run.
func TestACPEditorMCPServersGoThroughTheGate(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls.log")
	srv := openaitest.NewServer(t, threeCalls())
	cl := &goClient{}
	conn, stop := startACP(t, home, openaiEnv(srv), cl)
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{{Stdio: &sdk.McpServerStdio{
		Name: "notes", Command: os.Args[0], Args: []string{"mcptest-stdio"},
		Env: []sdk.EnvVariable{{Name: mcptest.LogEnv, Value: calls}},
	}}}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	r, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("take notes")}})
	if err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt: %+v, %v", r, err)
	}
	stderr := stop()
	if got := strings.Join(ranCalls(t, calls), ","); got != "read_note" {
		t.Errorf("the server ran %q, want read_note only\nstderr: %s", got, stderr)
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if len(cl.asked) != 2 {
		t.Errorf("asked about %q, want the write and the delete", cl.asked)
	}
}

// The values an editor gives its MCP servers are secrets like the
// variables [mcp_servers] env_vars names: a model that repeats one (as a
// server's output could) does not put it in the session's files.
func TestACPEditorMCPValuesAreRedacted(t *testing.T) {
	t.Parallel()
	const token = "tok-editor-5d1c0ffee7e2"
	root, home := t.TempDir(), t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("the notes token is " + token)})
	conn, stop := startACP(t, home, openaiEnv(srv), &goClient{})
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{{Stdio: &sdk.McpServerStdio{
		Name: "notes", Command: os.Args[0], Args: []string{"mcptest-stdio"},
		Env: []sdk.EnvVariable{{Name: "NOTES_TOKEN", Value: token}},
	}}}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	if _, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("say the token")}}); err != nil {
		t.Fatalf("prompt: %v", err)
	}
	stop()
	sessions := 0
	filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if strings.HasSuffix(p, ".jsonl") {
			sessions++
		}
		if data, _ := os.ReadFile(p); bytes.Contains(data, []byte(token)) {
			t.Errorf("%s holds the editor's MCP token", p)
		}
		return nil
	})
	if sessions == 0 {
		t.Fatal("no session file was written: nothing was checked")
	}
}

// sleepRuns reports whether a process runs `sleep marker` (Linux: /proc).
func sleepRuns(t *testing.T, marker string) bool {
	t.Helper()
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		if err == nil && string(b) == "sleep\x00"+marker+"\x00" {
			return true
		}
	}
	return false
}

// An editor that goes away (its end of the pipes closed) while a command
// runs: `agent acp` stops the command, closes the session and exits 0,
// leaving no process behind.
func TestACPEditorGoneDuringCommand(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("looks for the command in /proc")
	}
	const marker = "6173.5"
	root, home := t.TempDir(), t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "call_sleep", Name: "shell", Args: `{"command": "echo started; sleep ` + marker + `"}`}),
		llmtest.Say("not reached"),
	})
	started := make(chan struct{})
	var once sync.Once
	cl := &goClient{onUpdate: func(u sdk.SessionUpdate) {
		if u.ToolCallUpdate != nil && u.ToolCallUpdate.ToolCallId == "call_sleep" && len(u.ToolCallUpdate.Content) > 0 {
			once.Do(func() { close(started) })
		}
	}}
	conn, stop := startACP(t, home, openaiEnv(srv), cl)
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	go conn.Prompt(context.Background(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("wait")}})
	<-started
	// The output came from echo, just before bash starts sleep: wait
	// for it to run, so the test knows what it stops.
	for !sleepRuns(t, marker) {
		if t.Context().Err() != nil {
			t.Fatalf("sleep %s never ran", marker)
		}
		runtime.Gosched()
	}
	stop() // closes stdin and waits: exit status 0 is checked there
	if sleepRuns(t, marker) {
		t.Errorf("sleep %s still runs after agent acp exited", marker)
	}
}

// Requests `agent acp` cannot carry out get an error that says why, and
// a session nobody prompted leaves no session file.
func TestACPErrorsSayWhy(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	conn, stop := startACP(t, home, openaiEnv(srv), &goClient{})
	if _, err := conn.LoadSession(t.Context(), sdk.LoadSessionRequest{SessionId: "no-such-session", Cwd: root, McpServers: []sdk.McpServer{}}); err == nil || !strings.Contains(err.Error(), "no-such-session") {
		t.Errorf("session/load of an unknown id: %v, want an error naming it", err)
	}
	if _, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: filepath.Join(root, "missing"), McpServers: []sdk.McpServer{}}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("session/new in a missing directory: %v, want not a directory", err)
	}
	if _, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatalf("session/new: %v", err)
	}
	stop()
	if entries, _ := os.ReadDir(filepath.Join(home, "state", "agent", "sessions")); len(entries) != 0 {
		t.Errorf("a session nobody prompted left %d entries", len(entries))
	}

	// Without the provider's key, session/new says which variable to set.
	env := openaiEnv(srv)
	delete(env, "OPENAI_API_KEY")
	conn, stop = startACP(t, t.TempDir(), env, &goClient{})
	if _, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}}); err == nil || !strings.Contains(err.Error(), "OPENAI_API_KEY") {
		t.Errorf("session/new without a key: %v, want it to name OPENAI_API_KEY", err)
	}
	stop()
}

// savingEditor is an editor that offers its files and saves what the
// agent writes at once, as Zed does; it approves every request.
type savingEditor struct {
	*goClient
	writes []string // the paths written
}

func (e *savingEditor) RequestPermission(context.Context, sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	return sdk.RequestPermissionResponse{Outcome: sdk.NewRequestPermissionOutcomeSelected("allow_once")}, nil
}

func (e *savingEditor) ReadTextFile(_ context.Context, p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	b, err := os.ReadFile(p.Path)
	if err != nil {
		return sdk.ReadTextFileResponse{}, &sdk.RequestError{Code: -32002, Message: err.Error()}
	}
	return sdk.ReadTextFileResponse{Content: string(b)}, nil
}

func (e *savingEditor) WriteTextFile(_ context.Context, p sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	e.mu.Lock()
	e.writes = append(e.writes, p.Path)
	e.mu.Unlock()
	return sdk.WriteTextFileResponse{}, os.WriteFile(p.Path, []byte(p.Content), 0o644)
}

// A write that went through the editor is covered by the checkpoint taken
// before it: agent undo takes it back.
func TestACPEditorWriteIsUndone(t *testing.T) {
	t.Parallel()
	root, home := gitRepo(t, map[string]string{"notes.txt": "before\n"}), t.TempDir()
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "call_edit", Name: "edit_file", Args: `{"path": "notes.txt", "old_string": "before", "new_string": "after"}`}),
		llmtest.Say("edited"),
	})
	env := openaiEnv(srv)
	ed := &savingEditor{goClient: &goClient{}}
	conn, stop := startACPWith(t, home, env, ed, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: true}})
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	r, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("edit")}})
	if err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt: %+v, %v", r, err)
	}
	stop()
	if len(ed.writes) != 1 || ed.writes[0] != filepath.Join(root, "notes.txt") {
		t.Fatalf("the editor wrote %v, want notes.txt once", ed.writes)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(b) != "after\n" {
		t.Fatalf("notes.txt = %q after the editor saved the edit", b)
	}
	u := run(t, agentCmd(t, home, env, "undo", "--yes", "--root", root))
	if u.code != 0 {
		t.Fatalf("agent undo: exit %d\nstdout: %s\nstderr: %s", u.code, u.stdout, u.stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(b) != "before\n" {
		t.Errorf("notes.txt = %q after agent undo, want it as before the edit", b)
	}
}

// session/load replays the session's plan too: the editor shows the plan
// as the model left it.
func TestACPLoadSessionReplaysThePlan(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "call_plan", Name: "update_plan", Args: `{"plan": [{"step": "look", "status": "completed"}, {"step": "report", "status": "in_progress"}]}`}),
		llmtest.Say("reporting"),
	})
	env := openaiEnv(srv)
	conn, stop := startACP(t, home, env, &goClient{})
	s, err := conn.NewSession(t.Context(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	if r, err := conn.Prompt(t.Context(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("plan")}}); err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt: %+v, %v", r, err)
	}
	stop()

	cl := &goClient{}
	conn, stop = startACP(t, home, env, cl)
	defer stop()
	if _, err := conn.LoadSession(t.Context(), sdk.LoadSessionRequest{SessionId: s.SessionId, Cwd: root, McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatalf("session/load: %v", err)
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	var plans [][]sdk.PlanEntry
	for _, u := range cl.updates {
		if u.Plan != nil {
			plans = append(plans, u.Plan.Entries)
		}
	}
	if len(plans) != 1 || len(plans[0]) != 2 || plans[0][0].Content != "look" || plans[0][1].Status != sdk.PlanEntryStatusInProgress {
		t.Errorf("replayed plan updates = %+v, want the plan of the session", plans)
	}
}
