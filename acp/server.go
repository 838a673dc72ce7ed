package acp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// Options configure Serve.
type Options struct {
	// Opener builds each session's core. Required.
	Opener Opener
	// Name and Version are the agent's, as initialize reports them.
	Name    string
	Version string
}

// Serve runs one ACP agent on the connection in and out (the process's
// stdin and stdout) until the client closes it or ctx is cancelled. Then
// it cancels every prompt still running, waits for them to end (their
// commands stopped) and closes every session. It returns nil when the
// client closed the connection.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Opener == nil {
		return errors.New("acp: no Opener")
	}
	s := &server{opts: opts, sessions: map[sdk.SessionId]*session{}, ready: make(chan struct{})}
	s.ending, s.end = context.WithCancel(context.Background())
	defer s.end()
	conn := sdk.NewAgentSideConnection(s, out, in)
	// The connection's diagnostics (a malformed line, a notification that
	// failed) go to the default logger, stderr: the SDK's SetLogger races
	// with the connection it configures.
	s.conn = conn
	close(s.ready)
	select {
	case <-conn.Done():
	case <-ctx.Done():
	}
	s.shutdown()
	return nil
}

// server is the ACP agent: the sessions of one connection.
type server struct {
	opts Options
	// conn is set once ready is closed: requests may arrive before.
	conn  *sdk.AgentSideConnection
	ready chan struct{}
	// ending is cancelled when Serve ends: every prompt stops with it.
	ending context.Context
	end    context.CancelFunc

	mu     sync.Mutex
	closed bool
	// readsBuffers is set when the client offered fs/read_text_file,
	// writesBuffers when it offered fs/write_text_file too.
	readsBuffers, writesBuffers bool
	sessions                    map[sdk.SessionId]*session
	// prompts counts the prompts running, so shutdown waits for them.
	prompts sync.WaitGroup
}

var _ sdk.AgentLoader = (*server)(nil)

// shutdown cancels every prompt, waits for them to end, and closes every
// session.
func (s *server) shutdown() {
	s.end()
	s.mu.Lock()
	s.closed = true
	sessions := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		sessions = append(sessions, ss)
	}
	s.sessions = map[sdk.SessionId]*session{}
	s.mu.Unlock()
	for _, ss := range sessions {
		ss.cancelTurn()
	}
	s.prompts.Wait()
	for _, ss := range sessions {
		ss.close()
	}
}

// Initialize reports what the agent offers: protocol version 1, loading
// sessions, embedded context and resource links in prompts, MCP servers
// over stdio and HTTP.
func (s *server) Initialize(_ context.Context, p sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	s.mu.Lock()
	s.readsBuffers = p.ClientCapabilities.Fs.ReadTextFile
	// Writes go through the editor only when it also gives its text: a
	// change is planned against the text the editor holds, or it would
	// overwrite the person's unsaved changes unseen.
	s.writesBuffers = s.readsBuffers && p.ClientCapabilities.Fs.WriteTextFile
	s.mu.Unlock()
	name := s.opts.Name
	if name == "" {
		name = "agent"
	}
	return sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		AgentInfo:       &sdk.Implementation{Name: name, Title: sdk.Ptr(name), Version: s.opts.Version},
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession:        true,
			PromptCapabilities: sdk.PromptCapabilities{EmbeddedContext: true},
			McpCapabilities:    sdk.McpCapabilities{Http: true},
		},
		AuthMethods: []sdk.AuthMethod{},
	}, nil
}

// Authenticate has nothing to do: providers' keys come from the
// environment, as for every other way to run the agent.
func (s *server) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

// NewSession opens a session in the client's cwd, the project root.
func (s *server) NewSession(ctx context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	ss, err := s.open(ctx, p.Cwd, "", p.McpServers)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	return sdk.NewSessionResponse{SessionId: ss.id, Modes: ss.modes()}, nil
}

// LoadSession continues the recorded session p.SessionId: it replays what
// the session showed as updates, then answers.
func (s *server) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	if p.SessionId == "" {
		return sdk.LoadSessionResponse{}, invalidParams("sessionId is empty")
	}
	s.mu.Lock()
	_, open := s.sessions[p.SessionId]
	s.mu.Unlock()
	if open {
		return sdk.LoadSessionResponse{}, invalidParams("session " + string(p.SessionId) + " is already open on this connection")
	}
	ss, err := s.open(ctx, p.Cwd, string(p.SessionId), p.McpServers)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	ss.stream.replay(ss.core.Transcript)
	return sdk.LoadSessionResponse{Modes: ss.modes()}, nil
}

// open builds a session's core in cwd and keeps the session.
func (s *server) open(ctx context.Context, cwd, resume string, servers []sdk.McpServer) (*session, error) {
	if !filepath.IsAbs(cwd) {
		return nil, invalidParams(fmt.Sprintf("cwd %q: want an absolute path", cwd))
	}
	if st, err := os.Stat(cwd); err != nil || !st.IsDir() {
		return nil, invalidParams(fmt.Sprintf("cwd %s: not a directory", cwd))
	}
	mcp, err := mcpServers(servers)
	if err != nil {
		return nil, invalidParams(err.Error())
	}
	cwd = filepath.Clean(cwd)
	<-s.ready
	rules := new(agent.SessionRules)
	var buffers *editorBuffers
	var readers tools.Buffers
	s.mu.Lock()
	if s.readsBuffers {
		buffers = &editorBuffers{conn: s.conn}
		readers = buffers
		if s.writesBuffers {
			readers = editorWriter{buffers}
		}
	}
	s.mu.Unlock()
	st := newStream(s.conn, cwd)
	asker := &permissionAsker{conn: s.conn, root: cwd, rules: rules}
	spec := Spec{Root: cwd, Resume: resume, MCPServers: mcp, Approver: asker, Sink: st, Rules: rules, Buffers: readers}
	core, err := s.opts.Opener.Open(ctx, spec)
	if err != nil {
		return nil, failed(err.Error())
	}
	ss := &session{id: sdk.SessionId(core.ID), core: core, stream: st, notes: core.Notes}
	st.setSession(ss.id)
	asker.sid = ss.id
	if buffers != nil {
		buffers.setSession(ss.id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		ss.close()
		return nil, failed("the connection is closing")
	}
	s.sessions[ss.id] = ss
	return ss, nil
}

// session returns the open session id, or an error for the client.
func (s *server) session(id sdk.SessionId) (*session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.sessions[id]
	if !ok {
		return nil, invalidParams("no session " + string(id) + " is open: start one with session/new or session/load")
	}
	return ss, nil
}

// Prompt runs one turn of the session: the prompt goes to the model and
// the turn ends when it answers without a tool call, a limit stops it,
// or session/cancel does.
func (s *server) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	ss, err := s.session(p.SessionId)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	task, err := promptText(p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, invalidParams(err.Error())
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	}
	s.prompts.Add(1)
	s.mu.Unlock()
	defer s.prompts.Done()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(s.ending, cancel)()
	return ss.prompt(ctx, task)
}

// Cancel stops the session's running prompt: the SDK cancels the
// prompt's context, and so does this, for a prompt still waiting for the
// one before it.
func (s *server) Cancel(_ context.Context, p sdk.CancelNotification) error {
	if ss, err := s.session(p.SessionId); err == nil {
		ss.cancelTurn()
	}
	return nil
}

// SetSessionMode sets the auto-approve level of the session.
func (s *server) SetSessionMode(_ context.Context, p sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	ss, err := s.session(p.SessionId)
	if err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	l, err := classify.ParseLevel(string(p.ModeId))
	if err != nil || l >= classify.Blocked {
		return sdk.SetSessionModeResponse{}, invalidParams(fmt.Sprintf("mode %q: want safe, warning or dangerous", p.ModeId))
	}
	ss.core.Agent.SetAutoApprove(l)
	return sdk.SetSessionModeResponse{}, nil
}

// CloseSession cancels the session's prompt and closes it.
func (s *server) CloseSession(_ context.Context, p sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	s.mu.Lock()
	ss, ok := s.sessions[p.SessionId]
	delete(s.sessions, p.SessionId)
	s.mu.Unlock()
	if ok {
		ss.cancelTurn()
		ss.turn.Lock() // the prompt has ended
		ss.close()
		ss.turn.Unlock()
	}
	return sdk.CloseSessionResponse{}, nil
}

// ListSessions, ResumeSession and SetSessionConfigOption are not offered
// (initialize does not announce them).
func (s *server) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

// ResumeSession is not offered; session/load is.
func (s *server) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

// SetSessionConfigOption is not offered; modes are.
func (s *server) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetConfigOption)
}

// mcpServers converts the servers a client passed.
func mcpServers(in []sdk.McpServer) ([]MCPServer, error) {
	var out []MCPServer
	for _, m := range in {
		switch {
		case m.Stdio != nil:
			env := map[string]string{}
			for _, e := range m.Stdio.Env {
				env[e.Name] = e.Value
			}
			out = append(out, MCPServer{Name: m.Stdio.Name, Command: m.Stdio.Command, Args: m.Stdio.Args, Env: env})
		case m.Http != nil:
			h := map[string]string{}
			for _, e := range m.Http.Headers {
				h[e.Name] = e.Value
			}
			out = append(out, MCPServer{Name: m.Http.Name, URL: m.Http.Url, Headers: h})
		case m.Sse != nil:
			return nil, fmt.Errorf("MCP server %s: SSE transport is not supported (initialize offers stdio and http)", m.Sse.Name)
		default:
			return nil, errors.New("MCP server of a transport this agent does not know")
		}
	}
	return out, nil
}

// promptText turns a prompt's content into the task the model reads:
// text as it is, a resource link as a mention of the file, an embedded
// resource as its text in a fenced block named by its URI.
func promptText(blocks []sdk.ContentBlock) (string, error) {
	var b strings.Builder
	for _, c := range blocks {
		switch {
		case c.Text != nil:
			b.WriteString(c.Text.Text)
		case c.ResourceLink != nil:
			fmt.Fprintf(&b, "\n[%s](%s)\n", c.ResourceLink.Name, c.ResourceLink.Uri)
		case c.Resource != nil && c.Resource.Resource.TextResourceContents != nil:
			r := c.Resource.Resource.TextResourceContents
			fmt.Fprintf(&b, "\n<context uri=%q>\n%s\n</context>\n", r.Uri, r.Text)
		case c.Resource != nil:
			return "", errors.New("embedded binary resources are not supported: attach text")
		case c.Image != nil:
			return "", errors.New("images are not supported (initialize does not offer them)")
		case c.Audio != nil:
			return "", errors.New("audio is not supported (initialize does not offer it)")
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", errors.New("the prompt is empty")
	}
	return b.String(), nil
}

// invalidParams is the JSON-RPC error for a request the agent cannot take
// as it is, with why as its message: editors show the message.
func invalidParams(why string) *sdk.RequestError {
	return &sdk.RequestError{Code: -32602, Message: why}
}

// failed is the JSON-RPC error for a request the agent could not carry
// out (a config that does not load, a provider that fails), with why.
func failed(why string) *sdk.RequestError {
	return &sdk.RequestError{Code: -32603, Message: why}
}
