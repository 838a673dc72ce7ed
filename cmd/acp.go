package cmd

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/acp"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/internal/lazyre"
	"github.com/agentcli/agent/tools/mcp"
)

func (a *app) acpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "acp",
		Short: "Serve editors over the Agent Client Protocol on stdin and stdout",
		Long: `acp runs the agent as an Agent Client Protocol (ACP) server on stdin and
stdout, for editors that speak it (Zed, JetBrains IDEs, Neovim, Emacs). The
editor starts it; each editor session is a session of the agent in the
editor's project directory, recorded like any other (agent sessions, agent
undo).

Every action is classified and approved as on the screen: anything that is
not auto-approved is asked in the editor (session/request_permission), and
only the editor's answer approves it. The session mode is the auto-approve
level: safe, warning or dangerous. Commands run in the agent's own sandbox.
Diagnostics go to stderr; stdout carries only the protocol. --root is not
used: each session's root is the directory the editor names.

See docs/editors.md for each editor's settings.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return acp.Serve(c.Context(), a.stdin, a.stdout, acp.Options{
				Opener:  acpOpener{a},
				Name:    "agent",
				Version: strings.TrimPrefix(versionString(), "agent "),
			})
		},
	}
}

// acpOpener builds each ACP session the way `agent run` builds its agent:
// the config of the session's root, its session record and checkpoints,
// its MCP servers (the configured ones and the client's), the sandbox.
type acpOpener struct{ a *app }

// Open wires one session; see acp.Opener.
func (o acpOpener) Open(_ context.Context, spec acp.Spec) (*acp.Core, error) {
	getenv, servers, env, err := clientMCP(o.a.getenv, spec.MCPServers)
	if err != nil {
		return nil, err
	}
	// A copy of the app per session: each has its own root, record and
	// rules. Nothing of it may write to stdout, the protocol's.
	sa := &app{stdin: strings.NewReader(""), stdout: o.a.stderr, stderr: o.a.stderr, getenv: getenv, example: o.a.example,
		configFile: o.a.configFile, rootDir: spec.Root, provider: o.a.provider, model: o.a.model,
		resume: spec.Resume, rules: spec.Rules, mcpEnv: env, buffers: spec.Buffers}
	if spec.Resume != "" {
		if _, err := session.Find(sessionsDir(getenv), spec.Resume); err != nil {
			// Said here rather than as openSession's "--resume" usage error.
			return nil, fmt.Errorf("session/load: %w", err)
		}
	}
	cfg, files, root, err := sa.loadEffective(runFlags{})
	if err != nil {
		return nil, err
	}
	if len(servers) > 0 {
		cfg.MCPServers = maps.Clone(cfg.MCPServers)
		if cfg.MCPServers == nil {
			cfg.MCPServers = mcp.Config{}
		}
		for name, s := range servers {
			if _, ok := cfg.MCPServers[name]; ok {
				return nil, fmt.Errorf("MCP server %s: the config already has a server of that name", name)
			}
			cfg.MCPServers[name] = s
		}
		if err := cfg.MCPServers.Validate(); err != nil {
			return nil, fmt.Errorf("the editor's MCP servers: %w", err)
		}
	}
	if err := sa.openSession(&cfg, root, "acp"); err != nil {
		return nil, err
	}
	w, err := sa.wire(cfg, root, spec.Approver, spec.Sink)
	if err != nil {
		sa.closeSession()
		return nil, err
	}
	notes := append(files.ignoredNotes(), w.notes...)
	if sa.session.mcp != nil {
		notes = append(notes, sa.session.mcp.Problems()...)
	}
	s := sa.session
	return &acp.Core{
		ID:         s.id(),
		Agent:      w.agent,
		Transcript: s.transcript(cfg.Provider),
		Notes:      notes,
		Guard:      s.guard,
		Lost:       s.lost,
		Close: func() {
			w.Close()
			sa.closeSession()
		},
	}, nil
}

// clientMCP turns the MCP servers a client passed into [mcp_servers]
// entries. The values the client gives (a stdio server's variables, an
// HTTP server's bearer token) are passed the way the config passes
// variables: by name, from the environment getenv returns (for tokens)
// and the agent's environment with env added (for stdio servers), env
// being the client's values as KEY=value. Headers other than a bearer
// token have no equivalent in the config and are refused.
func clientMCP(base func(string) string, in []acp.MCPServer) (func(string) string, mcp.Config, []string, error) {
	if len(in) == 0 {
		return base, nil, nil, nil
	}
	added := map[string]string{}
	out := mcp.Config{}
	for _, s := range in {
		if _, dup := out[s.Name]; dup {
			return nil, nil, nil, fmt.Errorf("MCP server %s: named twice", s.Name)
		}
		var c mcp.ServerConfig
		switch {
		case s.Command != "":
			c.Command, c.Args = s.Command, s.Args
			for _, k := range sortedKeys(s.Env) {
				if v, ok := added[k]; ok && v != s.Env[k] {
					return nil, nil, nil, fmt.Errorf("MCP server %s: variable %s is given two values by two servers", s.Name, k)
				}
				added[k] = s.Env[k]
				c.EnvVars = append(c.EnvVars, k)
			}
		case s.URL != "":
			c.URL = s.URL
			for k, v := range s.Headers {
				token, ok := strings.CutPrefix(v, "Bearer ")
				if !strings.EqualFold(k, "Authorization") || !ok {
					return nil, nil, nil, fmt.Errorf("MCP server %s: header %s: only an Authorization: Bearer token can be passed", s.Name, k)
				}
				env := "AGENT_ACP_MCP_TOKEN_" + strings.ToUpper(nonWord().ReplaceAllString(s.Name, "_"))
				added[env] = token
				c.BearerTokenEnv = env
			}
		default:
			return nil, nil, nil, fmt.Errorf("MCP server %s: neither a command nor a URL", s.Name)
		}
		out[s.Name] = c
	}
	getenv := func(k string) string {
		if v, ok := added[k]; ok {
			return v
		}
		return base(k)
	}
	var env []string
	for _, k := range sortedKeys(added) {
		env = append(env, k+"="+added[k])
	}
	return getenv, out, env, nil
}

var nonWord = lazyre.New(`\W+`)

func sortedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}
