package mcp

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/agentcli/agent/internal/lazyre"
)

// ServerConfig is one [mcp_servers.NAME] section: a server the agent starts
// (Command, over stdio) or reaches (URL, over streamable HTTP). Exactly one
// of Command and URL is set.
type ServerConfig struct {
	// Command and Args start a stdio server, in the project root, as the
	// person's own program (inside the command sandbox when Sandbox is set).
	Command string   `toml:"command,omitempty"`
	Args    []string `toml:"args,omitempty"`
	// EnvVars names variables passed to a stdio server from the agent's
	// environment; everything else that looks secret is scrubbed, as for
	// commands.
	EnvVars []string `toml:"env_vars,omitempty"`
	// URL is a streamable HTTP server's endpoint.
	URL string `toml:"url,omitempty"`
	// BearerTokenEnv names the variable holding the token sent as
	// "Authorization: Bearer" to a URL server; empty sends none.
	BearerTokenEnv string `toml:"bearer_token_env,omitempty"`
	// StartupTimeoutSeconds bounds the start and the initialize handshake;
	// 0 means DefaultStartupTimeout.
	StartupTimeoutSeconds int `toml:"startup_timeout_seconds,omitempty"`
	// ToolTimeoutSeconds bounds one tool call; 0 means DefaultToolTimeout.
	ToolTimeoutSeconds int `toml:"tool_timeout_seconds,omitempty"`
	// EnabledTools, when not empty, lists the only tools offered; names
	// are the server's own.
	EnabledTools []string `toml:"enabled_tools,omitempty"`
	// DisabledTools lists tools never offered, whatever EnabledTools says.
	DisabledTools []string `toml:"disabled_tools,omitempty"`
	// Enabled false leaves the server out; nil means true.
	Enabled *bool `toml:"enabled,omitempty"`
	// Sandbox runs a stdio server inside the command sandbox: it can write
	// only the project root and a private temp, and has no network unless
	// [sandbox] network is on.
	Sandbox bool `toml:"sandbox,omitempty"`
}

// Config is the [mcp_servers] section: servers by name. The zero value has
// no servers.
type Config map[string]ServerConfig

// ProjectConfig is what a project's own .agent/config.toml may say in
// [mcp_servers]: by server name, that a server of the user's is disabled
// or some of its tools are. A project can never add a server or enable
// one.
type ProjectConfig map[string]ProjectServerConfig

// ProjectServerConfig is one server's entry in a ProjectConfig. A nil
// Enabled says nothing.
type ProjectServerConfig struct {
	Enabled       *bool    `toml:"enabled"`
	DisabledTools []string `toml:"disabled_tools"`
}

// Tighten returns a copy of c with the servers p disables disabled and
// the tools it disables added to theirs, and a note for each server p
// would have enabled against the user's config, which is ignored. Servers
// c does not have are nothing to tighten.
func (c Config) Tighten(p ProjectConfig) (Config, []string) {
	if len(p) == 0 {
		return c, nil
	}
	out := maps.Clone(c)
	var ignored []string
	for _, name := range slices.Sorted(maps.Keys(p)) {
		ps := p[name]
		s, ok := out[name]
		if !ok {
			continue
		}
		if ps.Enabled != nil && !*ps.Enabled {
			s.Enabled = ps.Enabled
		} else if ps.Enabled != nil && s.Enabled != nil && !*s.Enabled {
			ignored = append(ignored, fmt.Sprintf("[mcp_servers.%s] enabled = true: you disabled it; a project may only make the policy stricter", name))
		}
		s.DisabledTools = append(slices.Clone(s.DisabledTools), ps.DisabledTools...)
		out[name] = s
	}
	return out, ignored
}

// Defaults of the timeouts.
const (
	DefaultStartupTimeout = 10 * time.Second
	DefaultToolTimeout    = 60 * time.Second
	maxTimeoutSeconds     = 24 * 60 * 60
)

// IsEnabled reports whether the server is to be started.
func (c ServerConfig) IsEnabled() bool { return c.Enabled == nil || *c.Enabled }

// StartupTimeout is how long the server has to start and answer initialize.
func (c ServerConfig) StartupTimeout() time.Duration {
	if c.StartupTimeoutSeconds <= 0 {
		return DefaultStartupTimeout
	}
	return time.Duration(c.StartupTimeoutSeconds) * time.Second
}

// ToolTimeout is how long one call may take.
func (c ServerConfig) ToolTimeout() time.Duration {
	if c.ToolTimeoutSeconds <= 0 {
		return DefaultToolTimeout
	}
	return time.Duration(c.ToolTimeoutSeconds) * time.Second
}

// offers reports whether the server's tool is offered to the model.
func (c ServerConfig) offers(tool string) bool {
	if slices.Contains(c.DisabledTools, tool) {
		return false
	}
	return len(c.EnabledTools) == 0 || slices.Contains(c.EnabledTools, tool)
}

// serverName is what a server may be called: it becomes part of tool names
// (mcp__NAME__TOOL), so it takes the providers' characters, and no "__",
// which would make rules such as mcp__a__* match another server's tools.
var serverName = lazyre.New(`^[A-Za-z0-9_-]{1,32}$`)

var envName = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Validate reports every setting that cannot work, joined, naming the keys.
func (c Config) Validate() error {
	var errs []error
	for _, name := range c.Names() {
		s := c[name]
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("mcp_servers.%s: %s", name, fmt.Sprintf(format, args...)))
		}
		if !serverName().MatchString(name) || strings.Contains(name, "__") {
			bad("the name may have only letters, digits, _ and - (at most 32, and no \"__\")")
		}
		switch {
		case s.Command == "" && s.URL == "":
			bad("set command (a stdio server) or url (a streamable HTTP server)")
		case s.Command != "" && s.URL != "":
			bad("set command or url, not both")
		case s.URL != "":
			if u, err := url.Parse(s.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				bad("url %q is not an http:// or https:// address", s.URL)
			}
			if len(s.Args) > 0 || len(s.EnvVars) > 0 || s.Sandbox {
				bad("args, env_vars and sandbox are for command servers, not url ones")
			}
		default:
			if s.BearerTokenEnv != "" {
				bad("bearer_token_env is for url servers; pass a command server's variables with env_vars")
			}
		}
		for _, v := range append(append([]string(nil), s.EnvVars...), s.BearerTokenEnv) {
			if v != "" && !envName().MatchString(v) {
				bad("%q is not a variable name", v)
			}
		}
		if s.StartupTimeoutSeconds < 0 || s.StartupTimeoutSeconds > maxTimeoutSeconds {
			bad("startup_timeout_seconds = %d: want 0 (default %s) to %d", s.StartupTimeoutSeconds, DefaultStartupTimeout, maxTimeoutSeconds)
		}
		if s.ToolTimeoutSeconds < 0 || s.ToolTimeoutSeconds > maxTimeoutSeconds {
			bad("tool_timeout_seconds = %d: want 0 (default %s) to %d", s.ToolTimeoutSeconds, DefaultToolTimeout, maxTimeoutSeconds)
		}
	}
	return errors.Join(errs...)
}

// Names returns the servers' names, sorted.
func (c Config) Names() []string {
	names := make([]string, 0, len(c))
	for n := range c {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
