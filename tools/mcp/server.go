package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/sandbox"
)

// State is where a server is in its life.
type State string

// The states of a server.
const (
	// StateStarting: started, not yet initialized.
	StateStarting State = "starting"
	// StateReady: initialized, its tools listed and offered.
	StateReady State = "ready"
	// StateFailed: it did not start, or did not answer initialize or
	// tools/list in time; its tools are not offered.
	StateFailed State = "failed"
	// StateStopped: it was ready and its connection ended (it exited).
	StateStopped State = "stopped"
	// StateDisabled: enabled = false in the config.
	StateDisabled State = "disabled"
)

// maxProgressMessage bounds what one progress notification shows on the
// card, whatever the server sends.
const maxProgressMessage = 200

// terminateGrace is how long a stdio server has to exit after its stdin
// is closed, and again after SIGTERM, before SIGKILL.
const terminateGrace = 2 * time.Second

// server is one configured MCP server and its connection.
type server struct {
	name string
	cfg  ServerConfig
	opts *Options

	mu      sync.Mutex
	state   State
	err     error
	session *sdk.ClientSession
	tools   []*entry
	cmd     *exec.Cmd // the stdio server's process, leader of its group
	tempDir string    // a sandboxed server's private temp directory
	logPath string
	logFile *os.File
	closing bool

	// progress routes progress notifications to the call that asked for
	// them, by progress token.
	progress sync.Map // string -> chan string
	seq      atomic.Int64
	// refreshes are the tools/list requests under way after a
	// list_changed notification; Close waits for them. refreshing says
	// one runs, again that another notification came meanwhile (mu).
	refreshes  sync.WaitGroup
	refreshing bool
	again      bool
}

// entry is one tool of a server as it is offered to the model.
type entry struct {
	name   string // mcp__SERVER__TOOL
	tool   *sdk.Tool
	schema *jsonschema.Resolved // nil when the server's schema cannot be resolved
	params json.RawMessage      // the input schema as sent to the model
	action classify.MCPTool
}

// start connects to the server within its startup timeout and lists its
// tools. A failure is recorded in the server's state, never returned: one
// server that fails does not stop the others.
func (s *server) start(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.StartupTimeout())
	defer cancel()
	err := s.connect(ctx)
	if err == nil {
		err = s.refresh(ctx)
	}
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			err = fmt.Errorf("did not start within %s (startup_timeout_seconds): %w", s.cfg.StartupTimeout(), err)
		}
		s.fail(err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == StateStarting {
		s.state = StateReady
	}
}

// fail records err and stops whatever was started.
func (s *server) fail(err error) {
	s.mu.Lock()
	s.state, s.err = StateFailed, err
	s.mu.Unlock()
	s.stop()
}

// connect starts (stdio) or reaches (HTTP) the server and initializes the
// session.
func (s *server) connect(ctx context.Context) error {
	var transport sdk.Transport
	if s.cfg.URL != "" {
		t, err := s.httpTransport()
		if err != nil {
			return err
		}
		transport = t
	} else {
		cmd, err := s.command(ctx)
		if err != nil {
			return err
		}
		transport = &sdk.CommandTransport{Command: cmd, TerminateDuration: terminateGrace}
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "agent", Version: s.opts.Version}, &sdk.ClientOptions{
		ToolListChangedHandler:      s.toolsChanged,
		ProgressNotificationHandler: s.progressed,
	})
	session, err := client.Connect(ctx, transport, nil)
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	s.mu.Lock()
	s.session = session
	s.mu.Unlock()
	go s.watch(session)
	return nil
}

// watch marks the server stopped when its connection ends by itself.
func (s *server) watch(session *sdk.ClientSession) {
	err := session.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || s.session != session {
		return
	}
	if err == nil {
		err = errors.New("the connection closed")
	}
	s.state, s.err, s.session, s.tools = StateStopped, fmt.Errorf("stopped: %w", err), nil, nil
}

// command builds the stdio server's process: in the project root, with the
// scrubbed environment plus env_vars, its stderr in the log file, in a
// process group of its own so that stopping it stops its children too.
func (s *server) command(ctx context.Context) (*exec.Cmd, error) {
	path, err := exec.LookPath(s.cfg.Command)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", s.cfg.Command, err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, err
	}
	argv := append([]string{path}, s.cfg.Args...)
	var cmd *exec.Cmd
	if s.cfg.Sandbox {
		sb := s.opts.Sandbox
		if sb == nil || !sb.Status().Confined {
			why := "no sandbox"
			if sb != nil {
				why = sb.Status().Summary
			}
			return nil, fmt.Errorf("sandbox = true, but commands cannot be confined here (%s); the server was not started", why)
		}
		tmp, err := os.MkdirTemp("", "agent-mcp-")
		if err != nil {
			return nil, err
		}
		// The server lives as long as the session, not as ctx, which
		// bounds only its start: it is stopped by stop.
		sc, err := sb.Command(context.WithoutCancel(ctx), sandbox.Options{Root: s.opts.Root, TempDir: tmp, Network: s.opts.Network}, argv)
		if err != nil {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("sandbox: %w", err)
		}
		// How the server ended is not reported, only that it did.
		cmd = sc.Cmd
		s.mu.Lock()
		s.tempDir = tmp
		s.mu.Unlock()
	} else {
		cmd = &exec.Cmd{Path: path, Args: argv}
	}
	cmd.Dir = s.opts.Root
	cmd.Env = s.env()
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setsid = true // its own session and process group
	cmd.SysProcAttr.Setpgid = false
	cmd.Stderr = s.stderrLog()
	s.mu.Lock()
	s.cmd = cmd
	s.mu.Unlock()
	return cmd, nil
}

// env is the stdio server's environment: what commands get, plus the
// variables the config passes by name.
func (s *server) env() []string {
	base := s.opts.Env
	if base == nil {
		base = os.Environ()
	}
	env := tools.ChildEnv(base, s.opts.SecretEnv, s.opts.PassEnv)
	for _, name := range s.cfg.EnvVars {
		for _, kv := range base {
			if strings.HasPrefix(kv, name+"=") {
				env = append(env, kv)
			}
		}
	}
	return env
}

// stderrLog opens the file the server's stderr goes to; nil (discarded)
// when there is no log directory or it cannot be written.
func (s *server) stderrLog() *os.File {
	if s.opts.LogDir == "" {
		return nil
	}
	if err := os.MkdirAll(s.opts.LogDir, 0o700); err != nil {
		return nil
	}
	p := filepath.Join(s.opts.LogDir, s.name+".stderr.log")
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	s.logPath, s.logFile = p, f
	s.mu.Unlock()
	return f
}

// httpTransport reaches a streamable HTTP server, with its bearer token.
func (s *server) httpTransport() (sdk.Transport, error) {
	client := &http.Client{}
	if v := s.cfg.BearerTokenEnv; v != "" {
		token := s.opts.getenv(v)
		if token == "" {
			return nil, fmt.Errorf("bearer_token_env: %s is not set", v)
		}
		client.Transport = bearer{token: token, next: http.DefaultTransport}
	}
	return &sdk.StreamableClientTransport{Endpoint: s.cfg.URL, HTTPClient: client, MaxRetries: 1}, nil
}

// bearer adds the Authorization header to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// refresh lists the server's tools and replaces the offered ones.
func (s *server) refresh(ctx context.Context) error {
	s.mu.Lock()
	session := s.session
	s.mu.Unlock()
	if session == nil {
		return errors.New("not connected")
	}
	var list []*sdk.Tool
	for t, err := range session.Tools(ctx, nil) {
		if err != nil {
			return fmt.Errorf("tools/list: %w", err)
		}
		list = append(list, t)
	}
	entries := s.entries(list)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.session == session {
		s.tools = entries
	}
	return nil
}

// entries turns the server's tools into what is offered: the tools the
// config lets through, each under a unique name, with its schema resolved.
func (s *server) entries(list []*sdk.Tool) []*entry {
	var out []*entry
	taken := map[string]bool{}
	for _, t := range list {
		if t == nil || !s.cfg.offers(t.Name) {
			continue
		}
		name := ToolName(s.name, t.Name)
		if taken[name] {
			// Two names that differ only in characters the providers
			// refuse: the second gets a hash to tell them apart.
			name = hashed(name, s.name, t.Name)
			if taken[name] {
				continue
			}
		}
		taken[name] = true
		e := &entry{name: name, tool: t, action: classify.MCPTool{Name: name, Server: s.name, Tool: t.Name}}
		if a := t.Annotations; a != nil {
			e.action.ReadOnly, e.action.Destructive, e.action.OpenWorld = &a.ReadOnlyHint, a.DestructiveHint, a.OpenWorldHint
		}
		e.params, e.schema = inputSchema(t.InputSchema)
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b *entry) int { return strings.Compare(a.name, b.name) })
	return out
}

// inputSchema encodes a tool's input schema for the model and resolves it
// for validating arguments. A schema that cannot be resolved (a remote
// reference) is still sent; arguments are then checked only to be an
// object.
func inputSchema(v any) (json.RawMessage, *jsonschema.Resolved) {
	raw, err := json.Marshal(v)
	if err != nil || v == nil || string(raw) == "null" {
		return json.RawMessage(`{"type":"object","properties":{}}`), nil
	}
	var sch jsonschema.Schema
	if err := json.Unmarshal(raw, &sch); err != nil {
		return raw, nil
	}
	res, err := sch.Resolve(nil)
	if err != nil {
		return raw, nil
	}
	return raw, res
}

// toolsChanged refreshes the tools when the server says they changed. It
// runs on the connection's goroutine, so the request is made on another;
// notifications that come while a refresh runs make one more refresh, so
// a server that floods them costs one request at a time.
func (s *server) toolsChanged(context.Context, *sdk.ToolListChangedRequest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	if s.refreshing {
		s.again = true
		return
	}
	s.refreshing = true
	s.refreshes.Add(1)
	go func() {
		defer s.refreshes.Done()
		for {
			ctx, cancel := context.WithTimeout(context.Background(), s.cfg.StartupTimeout())
			err := s.refresh(ctx)
			cancel()
			s.mu.Lock()
			if err != nil {
				s.err = fmt.Errorf("refreshing the tools after list_changed: %w", err)
			}
			if !s.again || s.closing {
				s.refreshing, s.again = false, false
				s.mu.Unlock()
				return
			}
			s.again = false
			s.mu.Unlock()
		}
	}()
}

// progressed passes a progress notification to the call it belongs to.
func (s *server) progressed(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
	p := req.Params
	if p == nil {
		return
	}
	ch, ok := s.progress.Load(fmt.Sprint(p.ProgressToken))
	if !ok {
		return
	}
	line := "progress " + formatFloat(p.Progress)
	if p.Total > 0 {
		line += "/" + formatFloat(p.Total)
	}
	if msg := strings.TrimSpace(p.Message); msg != "" {
		if len(msg) > maxProgressMessage {
			msg = strings.ToValidUTF8(msg[:maxProgressMessage], "") + "…"
		}
		line += ": " + strings.Join(strings.Fields(msg), " ")
	}
	select {
	case ch.(chan string) <- line + "\n":
	default: // the call is not keeping up; a later one will say where it is
	}
}

func formatFloat(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// stop ends the connection and the server's process group.
func (s *server) stop() {
	s.mu.Lock()
	session, cmd := s.session, s.cmd
	s.session, s.tools = nil, nil
	s.mu.Unlock()
	if session != nil {
		session.Close() // closes stdin, waits, then SIGTERM and SIGKILL
	}
	if cmd != nil && cmd.Process != nil {
		pgid := cmd.Process.Pid
		// Whatever the server started and left behind.
		syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// close stops the server for good, when the session ends.
func (s *server) close() {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.stop()
	s.refreshes.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.logFile != nil {
		s.logFile.Close()
		s.logFile = nil
	}
	if s.tempDir != "" {
		os.RemoveAll(s.tempDir)
	}
}
