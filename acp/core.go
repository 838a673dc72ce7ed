package acp

import (
	"context"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools"
)

// Opener builds the core of one ACP session: the agent, its tools, its
// session record and checkpoints. cmd implements it with the same wiring
// as `agent run`; tests implement it with a scripted provider.
type Opener interface {
	// Open starts the core of a session in spec.Root (a new session, or
	// the recorded session spec.Resume names), whose agent must use
	// spec.Approver, spec.Sink and spec.Rules. It may block while MCP
	// servers start. The caller calls Core.Close once it is done with it.
	Open(ctx context.Context, spec Spec) (*Core, error)
}

// Spec is what an Opener needs to build one session's core.
type Spec struct {
	// Root is the project root: the client's cwd, absolute.
	Root string
	// Resume is the id of a recorded session to continue (session/load);
	// empty for a new session.
	Resume string
	// MCPServers are the servers the client asked for, started like the
	// configured [mcp_servers] and gated like them.
	MCPServers []MCPServer
	// Approver asks the client; Sink streams to it; Rules are the session
	// rules its "allow always" answers add to.
	Approver agent.Approver
	Sink     agent.Sink
	Rules    *agent.SessionRules
	// Buffers, when set, reads files as the editor has them, unsaved
	// changes included: the tool registry's read_file is to read through
	// it. Nil when the editor does not offer fs/read_text_file. When the
	// editor offers fs/write_text_file too, it is a tools.BufferWriter,
	// and the registry's writes and edits land in the editor.
	Buffers tools.Buffers
}

// MCPServer is an MCP server a client passed with session/new or
// session/load: a stdio server (Command) or a streamable HTTP one (URL).
type MCPServer struct {
	Name    string
	Command string
	Args    []string
	// Env are the variables the client gives a stdio server, as
	// name and value.
	Env map[string]string
	URL string
	// Headers are the HTTP headers the client gives an HTTP server.
	Headers map[string]string
}

// Core is one session's running core.
type Core struct {
	// ID is the recorded session's id: what session/load takes back.
	ID    string
	Agent *agent.Agent
	// Transcript is what a loaded session showed so far, replayed to the
	// client as updates; nil for a new session.
	Transcript []agent.Event
	// Notes are what the person should know about this session (the
	// sandbox is off, AGENTS.md was cut...), sent as agent text before
	// the first answer.
	Notes []string
	// Guard, when set, returns the context a prompt runs in: cancelled
	// when the session can no longer be recorded. Lost then says why.
	Guard func(context.Context) (context.Context, context.CancelFunc)
	Lost  func() error
	// Close releases the tools, MCP servers and session record; nil
	// holds nothing.
	Close func()
}
