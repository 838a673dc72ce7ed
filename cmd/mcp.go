package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/sandbox"
	"github.com/agentcli/agent/tui"
)

// mcpLogDir is where the stderr of a session's MCP servers is kept: beside
// the session's file, named for its id.
func mcpLogDir(env func(string) string, sessionID string) string {
	return filepath.Join(sessionsDir(env), sessionID+".mcp")
}

// startMCP starts the configured MCP servers for root, in parallel, and
// with wait, waits for them and says on stderr which failed and why;
// without, it returns while they start (see mcp.Begin). It returns nil
// when none is configured. logDir keeps their stderr; empty discards it.
func (a *app) startMCP(ctx context.Context, cfg Config, root, logDir, outputDir string, wait bool) *mcp.Manager {
	if len(cfg.MCPServers) == 0 {
		return nil
	}
	exe, err := os.Executable()
	var sb sandbox.Sandbox
	if err == nil {
		// Made when a server that runs in it starts: the screen starts
		// its servers on the side and its first frame need not wait for
		// the sandbox's probe.
		sb = sandbox.NewOnFirstUse(a.sandboxConfig(cfg.Sandbox, stateDir(a.getenv)), exe)
	}
	var env []string // nil: the agent's own
	if len(a.mcpEnv) > 0 {
		// An editor's values for its servers (agent acp), by name.
		env = append(os.Environ(), a.mcpEnv...)
	}
	opts := mcp.Options{
		Env:       env,
		Root:      canonicalRoot(root),
		Getenv:    a.getenv,
		SecretEnv: secretEnvNames(cfg),
		PassEnv:   cfg.Tools.PassEnv,
		LogDir:    logDir,
		StateDir:  outputDir,
		Sandbox:   sb,
		Network:   cfg.Sandbox.Network,
		Version:   strings.TrimPrefix(versionString(), "agent "),
	}
	if !wait {
		// The screen shows the servers' problems once they have started.
		return mcp.Begin(ctx, cfg.MCPServers, opts)
	}
	m := mcp.Start(ctx, cfg.MCPServers, opts)
	for _, p := range m.Problems() {
		fmt.Fprintf(a.stderr, "agent: %s\n", p)
	}
	return m
}

// mcpSecretEnvNames lists the variables MCP servers are given (a bearer
// token, the env_vars passed to a server): secrets of those servers, which
// commands never see and sessions redact, whatever their names look like.
func mcpSecretEnvNames(cfg Config) []string {
	var names []string
	for _, n := range cfg.MCPServers.Names() {
		s := cfg.MCPServers[n]
		if s.BearerTokenEnv != "" {
			names = append(names, s.BearerTokenEnv)
		}
		names = append(names, s.EnvVars...)
	}
	return names
}

// mcpSources is what the tool registry offers besides its own tools.
func (s *sessionRun) mcpSources() []tools.Source {
	if s == nil || s.mcp == nil {
		return nil
	}
	return []tools.Source{s.mcp}
}

// screenMCP gives the screen /mcp and the servers that did not start.
func (s *sessionRun) screenMCP(opts *tui.Options, pol classify.Policy) {
	if s == nil || s.mcp == nil {
		return
	}
	m := s.mcp
	opts.MCP = func() string {
		var b strings.Builder
		writeMCPStatus(&b, m.Status(), pol)
		return b.String()
	}
	// Shown once every server has started or failed: the screen does not
	// wait for them to draw.
	opts.NoticesLater = func(ctx context.Context) []string {
		if m.Wait(ctx) != nil {
			return nil
		}
		return m.Problems()
	}
}

func (a *app) mcpCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "mcp",
		Short: "Show the MCP servers and the tools they offer",
		Long: `MCP servers are configured in the user's config as [mcp_servers.NAME]
(see 'agent config init' and docs/mcp.md). Their tools are offered to the
model as mcp__NAME__TOOL and every call is classified and approved like a
command.`,
		Args: cobra.NoArgs,
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "Start each configured MCP server, and list its status and its tools with their levels",
		Long: `List starts every configured MCP server as a session would, says whether it
started and why not, and lists the tools it offers with the level a call of
each gets under the rules in force ([[rules]] with tool = "mcp__NAME__*").
The servers are stopped before it returns.

Exit status: 0 when every enabled server started, 1 when one did not (or
the config could not be read).`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			cfg, _, root, err := a.loadEffective(runFlags{})
			if err != nil {
				return err
			}
			if len(cfg.MCPServers) == 0 {
				fmt.Fprintf(a.stdout, "no MCP servers configured: add [mcp_servers.NAME] to %s (see docs/mcp.md)\n", userConfigPath(a.getenv))
				return nil
			}
			m := a.startMCP(c.Context(), cfg, root, "", savedOutputDir(stateDir(a.getenv), ""), true)
			defer m.Close()
			st := m.Status()
			writeMCPStatus(a.stdout, st, cfg.Policy())
			var broken []string
			for _, s := range st {
				if s.State == mcp.StateFailed || s.State == mcp.StateStopped {
					broken = append(broken, s.Name)
				}
			}
			if len(broken) > 0 {
				return failure(fmt.Errorf("mcp list: %s: %s (see above)", strings.Join(broken, ", "), "did not start"))
			}
			return nil
		},
	}
	c.AddCommand(list)
	return c
}

// writeMCPStatus lists servers and their tools with their levels.
func writeMCPStatus(w io.Writer, servers []mcp.ServerStatus, pol classify.Policy) {
	for i, st := range servers {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s (%s: %s): %s", st.Name, st.Transport, st.Target, st.State)
		if st.Err != "" {
			fmt.Fprintf(w, ": %s", st.Err)
		}
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, t := range st.Tools {
			v := classify.Classify(classify.Action{Kind: classify.MCP, MCP: t.Action}, pol)
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", t.Name, v.Level, firstReason(v))
		}
		tw.Flush()
	}
}

// firstReason is the reason that decided a verdict, without the part
// that names the tool again.
func firstReason(v classify.Verdict) string {
	if len(v.Reasons) == 0 {
		return ""
	}
	r := v.Reasons[0]
	if _, after, ok := strings.Cut(r, ": "); ok {
		return after
	}
	return r
}
