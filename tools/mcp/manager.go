package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/sandbox"
)

// Options are what Start needs besides the config.
type Options struct {
	// Root is the absolute project root: stdio servers start there, and
	// classify.Action.Root.
	Root string
	// Env is the base environment of stdio servers, as KEY=value; nil means
	// os.Environ(). It is scrubbed as for commands (see tools.ChildEnv),
	// then each server's env_vars are passed by name.
	Env []string
	// Getenv reads the agent's environment (bearer tokens); nil means
	// os.Getenv.
	Getenv func(string) string
	// SecretEnv and PassEnv are as in tools.ChildEnv.
	SecretEnv, PassEnv []string
	// LogDir is where each stdio server's stderr is kept, as
	// NAME.stderr.log; empty discards it.
	LogDir string
	// StateDir is where images and resources that tools return are saved;
	// empty means they are described but not saved.
	StateDir string
	// Sandbox runs the servers whose config says sandbox = true; nil
	// refuses to start them.
	Sandbox sandbox.Sandbox
	// Network gives sandboxed servers the network ([sandbox] network).
	Network bool
	// Version is the agent's version, told to servers.
	Version string
}

func (o *Options) getenv(name string) string {
	if o.Getenv == nil {
		return os.Getenv(name)
	}
	return o.Getenv(name)
}

// Manager holds the MCP servers of one session and offers their tools as a
// tools.Source. It is safe for concurrent use.
type Manager struct {
	opts    Options
	servers []*server // sorted by name
	// started is closed once every server is ready or has failed.
	started chan struct{}
}

// Start starts every enabled server of cfg at once, each within its startup
// timeout, and returns when each is ready or has failed: a server that
// fails does not stop the others, and Status says why. cfg must be valid.
// Call Close to stop them.
func Start(ctx context.Context, cfg Config, opts Options) *Manager {
	m := Begin(ctx, cfg, opts)
	<-m.started
	return m
}

// Begin is Start without waiting: it returns at once, with the servers
// starting on goroutines of their own (the screen draws meanwhile).
// Status shows them starting; Specs and Plan wait until every server is
// ready or has failed, and Wait waits for that as long as its ctx allows.
// Cancelling ctx stops the starts. Call Close to stop the servers.
func Begin(ctx context.Context, cfg Config, opts Options) *Manager {
	m := &Manager{opts: opts, started: make(chan struct{})}
	var wg sync.WaitGroup
	for _, name := range cfg.Names() {
		s := &server{name: name, cfg: cfg[name], opts: &m.opts, state: StateStarting}
		m.servers = append(m.servers, s)
		if !s.cfg.IsEnabled() {
			s.state = StateDisabled
			continue
		}
		wg.Go(func() { s.start(ctx) })
	}
	go func() {
		wg.Wait()
		close(m.started)
	}()
	return m
}

// Wait blocks until every server is ready or has failed, or ctx is done
// (then it returns ctx's error).
func (m *Manager) Wait(ctx context.Context) error {
	select {
	case <-m.started:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops every server (its whole process group, for stdio ones) and
// waits for them, after their starts (which the ctx given to Begin
// stops). Calls still running fail.
func (m *Manager) Close() error {
	<-m.started
	var wg sync.WaitGroup
	for _, s := range m.servers {
		wg.Go(s.close)
	}
	wg.Wait()
	return nil
}

// ServerStatus describes one configured server.
type ServerStatus struct {
	Name string
	// Transport is "stdio" or "http".
	Transport string
	// Target is the command line or the URL.
	Target string
	State  State
	// Err says why a server failed or stopped; empty otherwise.
	Err string
	// Log is the file its stderr goes to; empty when none.
	Log string
	// Tools are the tools offered, sorted by name.
	Tools []ToolInfo
}

// ToolInfo is one tool offered to the model.
type ToolInfo struct {
	// Name is the name the model calls, mcp__SERVER__TOOL.
	Name        string
	Description string
	// Action is what the classifier judges for a call of it.
	Action classify.MCPTool
}

// Status returns every configured server, sorted by name.
func (m *Manager) Status() []ServerStatus {
	out := make([]ServerStatus, 0, len(m.servers))
	for _, s := range m.servers {
		s.mu.Lock()
		st := ServerStatus{Name: s.name, Transport: "stdio", Target: s.cfg.Command, State: s.state, Log: s.logPath}
		for _, a := range s.cfg.Args {
			st.Target += " " + a
		}
		if s.cfg.URL != "" {
			st.Transport, st.Target = "http", s.cfg.URL
		}
		if s.err != nil {
			st.Err = s.err.Error()
		}
		for _, e := range s.tools {
			st.Tools = append(st.Tools, ToolInfo{Name: e.name, Description: e.tool.Description, Action: e.action})
		}
		s.mu.Unlock()
		out = append(out, st)
	}
	return out
}

// Problems returns a sentence for each server that failed or stopped, for
// the panel and stderr; one still starting (see Begin) is none yet.
func (m *Manager) Problems() []string {
	var out []string
	for _, st := range m.Status() {
		if st.State != StateFailed && st.State != StateStopped {
			continue
		}
		msg := fmt.Sprintf("MCP server %s %s: %s", st.Name, st.State, st.Err)
		if st.Log != "" {
			msg += " (its stderr is in " + st.Log + ")"
		}
		out = append(out, msg)
	}
	return out
}

// Specs returns the tools of the ready servers, for the model, once every
// server is ready or has failed (see Begin). It is part of tools.Source.
func (m *Manager) Specs() []tools.Spec {
	<-m.started
	var specs []tools.Spec
	for _, s := range m.servers {
		s.mu.Lock()
		for _, e := range s.tools {
			specs = append(specs, tools.Spec{Name: e.name, Description: description(s.name, e), Parameters: e.params})
		}
		s.mu.Unlock()
	}
	return specs
}

// description is the tool's description for the model, saying which server
// it belongs to.
func description(server string, e *entry) string {
	d := e.tool.Description
	if d == "" && e.tool.Annotations != nil {
		d = e.tool.Annotations.Title
	}
	if d == "" {
		d = e.tool.Title
	}
	return fmt.Sprintf("[MCP server %s, tool %s] %s", server, e.tool.Name, d)
}

// lookup finds the server and tool a model's name calls.
func (m *Manager) lookup(name string) (*server, *entry) {
	for _, s := range m.servers {
		s.mu.Lock()
		for _, e := range s.tools {
			if e.name == name {
				s.mu.Unlock()
				return s, e
			}
		}
		s.mu.Unlock()
	}
	return nil, nil
}

// Plan plans a call of one of the servers' tools: the arguments must be a
// JSON object that matches the tool's input schema. Like Specs, it waits
// for the servers to start. It is part of tools.Source.
func (m *Manager) Plan(name, args string) (*tools.Plan, bool, error) {
	<-m.started
	s, e := m.lookup(name)
	if e == nil {
		return nil, false, nil
	}
	obj, err := decodeArgs(name, args, e.schema)
	if err != nil {
		return nil, true, err
	}
	raw, _ := json.Marshal(obj)
	action := classify.Action{Kind: classify.MCP, Root: m.opts.Root, MCP: e.action}
	summary := fmt.Sprintf("%s/%s %s", s.name, e.tool.Name, shortJSON(raw, 160))
	plan := tools.NewPlan(name, raw, action, summary, details(s, e, obj), func(ctx context.Context, out func(string)) tools.Result {
		return s.call(ctx, e, raw, out, m.opts.StateDir)
	})
	return plan, true, nil
}
