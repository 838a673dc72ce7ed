package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/effects"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/sandbox"
	"github.com/agentcli/agent/tui"
)

// Config is the whole configuration: each section is owned by the package
// that reads it.
type Config struct {
	// Provider names the [providers.NAME] entry used when no --provider is
	// given.
	Provider  string                    `toml:"provider"`
	Agent     agent.Config              `toml:"agent"`
	Providers map[string]ProviderConfig `toml:"providers"`
	Tools     tools.Config              `toml:"tools"`
	Network   tools.NetworkConfig       `toml:"network"`
	Sandbox   sandbox.Config            `toml:"sandbox"`
	Effects   effects.Config            `toml:"effects"`
	TUI       tui.Config                `toml:"tui"`
	Sessions  session.Config            `toml:"sessions"`
	Rules     []classify.Rule           `toml:"rules"`
	// MCPServers are the MCP servers whose tools are offered; only the
	// user's config may add them.
	MCPServers mcp.Config `toml:"mcp_servers"`
}

// defaultConfig returns the built-in configuration. The default provider is
// a local Ollama, so nothing leaves the machine unless the person says so.
func defaultConfig() Config {
	return Config{
		Provider: "ollama",
		Agent:    agent.DefaultConfig(),
		Providers: map[string]ProviderConfig{
			"openai":    {Type: "openai", BaseURL: "https://api.openai.com/v1", APIKeyEnv: "OPENAI_API_KEY", Model: "gpt-4o-mini"},
			"deepseek":  {Type: "openai", BaseURL: "https://api.deepseek.com/v1", APIKeyEnv: "DEEPSEEK_API_KEY", Model: "deepseek-chat"},
			"ollama":    {Type: "ollama", BaseURL: "http://127.0.0.1:11434", Model: "qwen2.5-coder:7b"},
			"anthropic": {Type: "anthropic", BaseURL: "https://api.anthropic.com", APIKeyEnv: "ANTHROPIC_API_KEY", Model: "claude-sonnet-4-5"},
		},
		Tools:   tools.DefaultConfig(),
		Sandbox: sandbox.DefaultConfig(),
		Effects: effects.DefaultConfig(),
		TUI:     tui.DefaultConfig(),
		// Sessions: how many recorded sessions are kept.
		Sessions: session.DefaultConfig(),
	}
}

// Policy returns the classifier policy the config describes.
func (c Config) Policy() classify.Policy { return classify.Policy{Rules: c.Rules} }

// Validate reports the first setting that cannot work, naming its key.
func (c Config) Validate() error {
	if err := c.Agent.Validate(); err != nil {
		return err
	}
	if err := c.Tools.Validate(); err != nil {
		return err
	}
	if err := c.Sandbox.Validate(); err != nil {
		return err
	}
	if err := c.Effects.Validate(); err != nil {
		return fmt.Errorf("effects: %w", err)
	}
	if err := c.Network.Validate(); err != nil {
		return err
	}
	for _, name := range c.providerNames() {
		if err := c.Providers[name].Validate(name); err != nil {
			return err
		}
	}
	if err := c.TUI.Validate(); err != nil {
		return err
	}
	if err := c.Sessions.Validate(); err != nil {
		return err
	}
	if err := c.MCPServers.Validate(); err != nil {
		return err
	}
	for _, name := range c.TUI.Providers {
		if _, ok := c.Providers[name]; !ok {
			return fmt.Errorf("tui.providers names %q: no [providers.%s] section (known: %s)", name, name, strings.Join(c.providerNames(), ", "))
		}
	}
	if _, ok := c.Providers[c.Provider]; !ok {
		return fmt.Errorf("provider = %q: no [providers.%s] section (known: %s)", c.Provider, c.Provider, strings.Join(c.providerNames(), ", "))
	}
	return c.Policy().Validate()
}

func (c Config) providerNames() []string {
	names := make([]string, 0, len(c.Providers))
	for n := range c.Providers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// configFiles says which files a load read, for `agent config`.
type configFiles struct {
	User, Project string
	// UserFound and ProjectFound report whether the files existed.
	UserFound, ProjectFound bool
	// Ignored are the project file's settings that would have loosened
	// the policy, each with why it was ignored: said at start and by
	// `agent config`.
	Ignored []string
	// IgnoredRules are the project's rules that can never apply: a
	// project rule only raises a level, and safe raises nothing.
	IgnoredRules []classify.Rule
}

// ignoredNotes are the lines that tell the person, at start, what the
// project file said that was ignored and why.
func (f configFiles) ignoredNotes() []string {
	var notes []string
	for _, s := range f.Ignored {
		notes = append(notes, "project config "+f.Project+": ignored "+s)
	}
	return notes
}

// userConfigPath is $XDG_CONFIG_HOME/agent/config.toml, or
// ~/.config/agent/config.toml.
func userConfigPath(env func(string) string) string {
	dir := env("XDG_CONFIG_HOME")
	if dir == "" {
		dir = filepath.Join(env("HOME"), ".config")
	}
	return filepath.Join(dir, "agent", "config.toml")
}

// stateDir is $XDG_STATE_HOME/agent, or ~/.local/state/agent.
func stateDir(env func(string) string) string {
	dir := env("XDG_STATE_HOME")
	if dir == "" {
		dir = filepath.Join(env("HOME"), ".local", "state")
	}
	return filepath.Join(dir, "agent")
}

// loadConfig builds the effective config: defaults, then the user file
// (or explicit, when given), then the project's .agent/config.toml (which
// may only tighten), then the environment. Flags are applied by the caller.
func loadConfig(root, explicit string, env func(string) string) (Config, configFiles, error) {
	cfg := defaultConfig()
	files := configFiles{User: userConfigPath(env), Project: filepath.Join(root, ".agent", "config.toml")}
	if explicit != "" {
		files.User = explicit
	}
	found, err := decodeUserFile(files.User, &cfg)
	if err != nil {
		return cfg, files, err
	}
	if explicit != "" && !found {
		return cfg, files, fmt.Errorf("config file %s does not exist", explicit)
	}
	files.UserFound = found
	files.ProjectFound, err = applyProjectFile(files.Project, &cfg, &files)
	if err != nil {
		return cfg, files, err
	}
	applyEnv(&cfg, env)
	return cfg, files, nil
}

// readConfigFile reads a config file. Only a missing file is no config:
// a symbolic link to nothing, or something that is not a regular file (a
// named pipe would block the read forever, a device never end), is an
// error naming the file.
func readConfigFile(path string) (data []byte, found bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if target, lerr := os.Readlink(path); lerr == nil {
			return nil, true, fmt.Errorf("config %s is a symbolic link to %s, which does not exist", path, target)
		}
		return nil, false, nil
	}
	if err != nil {
		return nil, true, fmt.Errorf("config %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, true, fmt.Errorf("config %s is not a regular file (%s): write the config there as a file", path, tools.KindOf(fi.Mode()))
	}
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, true, fmt.Errorf("config %s: %w", path, err)
	}
	return data, true, nil
}

// decodeUserFile overlays a user config file onto cfg. A missing file is
// not an error; an unknown key is.
func decodeUserFile(path string, cfg *Config) (bool, error) {
	data, found, err := readConfigFile(path)
	if !found || err != nil {
		return found, err
	}
	// Providers are decoded one by one onto their existing entries, so that
	// [providers.openai] model = "x" changes the model and keeps the rest.
	var raw struct {
		Config
		Providers map[string]toml.Primitive `toml:"providers"`
	}
	raw.Config = *cfg
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		return true, decodeError("config "+path, err)
	}
	for name, prim := range raw.Providers {
		p := cfg.Providers[name]
		if err := md.PrimitiveDecode(prim, &p); err != nil {
			return true, fmt.Errorf("config %s: providers.%s: %w", path, name, err)
		}
		raw.Config.Providers[name] = p
	}
	if err := rulesHaveLevels(path, data); err != nil {
		return true, err
	}
	if err := unknownKeys(path, md); err != nil {
		return true, err
	}
	*cfg = raw.Config
	return true, nil
}

// projectConfig is what a repository's own .agent/config.toml may say:
// only settings that make the policy stricter, each section owned by the
// package that reads it and tightened there. Anything else (providers,
// base URLs, key variables) would let a cloned repository send the
// person's keys or code somewhere, so it is ignored, and said.
type projectConfig struct {
	Agent      agent.ProjectConfig        `toml:"agent"`
	Sandbox    sandbox.ProjectConfig      `toml:"sandbox"`
	Network    tools.ProjectNetworkConfig `toml:"network"`
	Rules      []classify.Rule            `toml:"rules"`
	MCPServers mcp.ProjectConfig          `toml:"mcp_servers"`
}

// outermostKeys are keys as TOML names them, leaving out those inside a
// table already listed: [providers.evil] once, not also each of its keys.
func outermostKeys(keys []toml.Key) []string {
	var out []string
	for _, k := range keys {
		name := k.String()
		inside := slices.ContainsFunc(out, func(o string) bool { return strings.HasPrefix(name, o+".") })
		if !inside {
			out = append(out, name)
		}
	}
	return out
}

// applyProjectFile tightens cfg with the project's file, if there is one.
// What it says that would loosen the policy is ignored, and listed in
// files.Ignored and files.IgnoredRules.
func applyProjectFile(path string, cfg *Config, files *configFiles) (bool, error) {
	data, found, err := readConfigFile(path)
	if !found || err != nil {
		return found, err
	}
	var p projectConfig
	md, err := toml.Decode(string(data), &p)
	if err != nil {
		return true, decodeError("project config "+path, err)
	}
	if err := rulesHaveLevels(path, data); err != nil {
		return true, err
	}
	// A key that is not policy (a provider, a base URL, a key variable)
	// is never applied: the struct above has no field for it. It is said,
	// like a loosening value, rather than stopping every command,
	// `agent config` included, in a repository the person did not write.
	for _, key := range outermostKeys(md.Undecoded()) {
		files.Ignored = append(files.Ignored, fmt.Sprintf("%s: not a policy setting; a project may only tighten the policy "+
			"([agent] max_turns, auto_approve, max_tokens_per_run; [sandbox] mode, network, hide; [network] allow_domains, "+
			"which keeps only hosts the user's config lists; [[rules]] that raise levels; "+
			"[mcp_servers.NAME] enabled = false, disabled_tools)", key))
	}
	var notes []string
	cfg.Agent, notes = cfg.Agent.Tighten(p.Agent)
	files.Ignored = append(files.Ignored, notes...)
	sb, notes, err := cfg.Sandbox.Tighten(p.Sandbox)
	if err != nil {
		return true, fmt.Errorf("project config %s: %w", path, err)
	}
	cfg.Sandbox = sb
	files.Ignored = append(files.Ignored, notes...)
	cfg.Network, notes = cfg.Network.Tighten(p.Network)
	files.Ignored = append(files.Ignored, notes...)
	policy, ignoredRules := cfg.Policy().Tighten(p.Rules)
	cfg.Rules = policy.Rules
	for _, r := range ignoredRules {
		files.IgnoredRules = append(files.IgnoredRules, r)
		files.Ignored = append(files.Ignored, fmt.Sprintf("[[rules]] %s -> safe: a project rule may only raise a level, and safe raises nothing", rulePattern(r)))
	}
	cfg.MCPServers, notes = cfg.MCPServers.Tighten(p.MCPServers)
	files.Ignored = append(files.Ignored, notes...)
	return true, nil
}

// rulePattern names a rule by what it matches: command "rm *", path
// "secrets/**" or tool "mcp__github__*".
func rulePattern(r classify.Rule) string {
	switch {
	case r.Command != "":
		return fmt.Sprintf("command %q", r.Command)
	case r.Path != "":
		return fmt.Sprintf("path %q", r.Path)
	default:
		return fmt.Sprintf("tool %q", r.Tool)
	}
}

// decodeError is err from decoding the file named by what, said for a
// person. A level's own message lists every level, which auto_approve
// does not take: blocked is no auto-approve level.
func decodeError(what string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) && pe.LastKey == "agent.auto_approve" {
		return fmt.Errorf("%s: line %d: agent.auto_approve: want safe, warning or dangerous (blocked actions never run)", what, pe.Position.Line)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// rulesHaveLevels refuses a [[rules]] entry without a level: the zero
// level is safe, so a forgotten level would silently approve whatever the
// rule matches.
func rulesHaveLevels(path string, data []byte) error {
	var raw struct {
		Rules []map[string]any `toml:"rules"`
	}
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	for i, r := range raw.Rules {
		if _, ok := r["level"]; !ok {
			return fmt.Errorf("config %s: rule %d has no level: say level = \"safe\", \"warning\", \"dangerous\" or \"blocked\"", path, i+1)
		}
	}
	return nil
}

// unknownKeys turns the first key the config structs did not take into an
// error naming it and the file.
func unknownKeys(path string, md toml.MetaData) error {
	keys := md.Undecoded()
	if len(keys) == 0 {
		return nil
	}
	key := keys[0].String()
	if k := keys[0]; len(k) >= 3 && k[0] == "mcp_servers" && k[2] == "env" {
		// Codex's config gives a server variables as env = {...}.
		return fmt.Errorf("config %s: unknown key %q: agent writes no variable values in its config; export the variable "+
			"and name it in env_vars = [\"NAME\"], which passes it from agent's environment (see docs/mcp.md)", path, key)
	}
	return fmt.Errorf("config %s: unknown key %q (see config.example.toml for every key)", path, key)
}

// applyEnv lets the standard variables point the built-in providers
// elsewhere, and AGENT_PROVIDER / AGENT_MODEL choose.
func applyEnv(cfg *Config, env func(string) string) {
	for name, v := range map[string]string{
		"openai":    env("OPENAI_BASE_URL"),
		"ollama":    env("OLLAMA_HOST"),
		"anthropic": env("ANTHROPIC_BASE_URL"),
	} {
		if p, ok := cfg.Providers[name]; ok && v != "" {
			if name == "ollama" && !strings.Contains(v, "://") {
				v = "http://" + v // OLLAMA_HOST is often written as host:port
			}
			p.BaseURL = v
			cfg.Providers[name] = p
		}
	}
	if v := env("AGENT_PROVIDER"); v != "" {
		cfg.Provider = v
	}
	if v := env("AGENT_MODEL"); v != "" {
		if p, ok := cfg.Providers[cfg.Provider]; ok {
			p.Model = v
			cfg.Providers[cfg.Provider] = p
		}
	}
}
