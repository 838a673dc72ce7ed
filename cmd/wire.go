package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/responses"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/sandbox"
)

// wiring is one provider's agent with everything it was built from.
type wiring struct {
	cfg      Config
	root     string
	tools    *tools.Registry
	sandbox  sandbox.Sandbox
	provider llm.Provider
	agent    *agent.Agent
	// notes are what the person should know about the context files
	// (AGENTS.md cut to size, or not readable).
	notes []string
}

// Close releases the tool registry.
func (w *wiring) Close() error { return w.tools.Close() }

// loadEffective loads the config for the project root and applies the
// common and run flags.
func (a *app) loadEffective(f runFlags) (Config, configFiles, string, error) {
	root, err := a.projectRoot()
	if err != nil {
		return Config{}, configFiles{}, "", err
	}
	cfg, files, err := loadConfig(root, a.configFile, a.getenv)
	if err != nil {
		return cfg, files, root, failure(err)
	}
	if err := f.apply(&cfg); err != nil {
		return cfg, files, root, err
	}
	if a.provider != "" {
		if _, ok := cfg.Providers[a.provider]; !ok {
			return cfg, files, root, unknownProvider(a.provider, cfg, files)
		}
		cfg.Provider = a.provider
	}
	if a.model != "" {
		p := cfg.Providers[cfg.Provider]
		p.Model = a.model
		cfg.Providers[cfg.Provider] = p
	}
	if err := cfg.Validate(); err != nil {
		return cfg, files, root, failure(fmt.Errorf("config: %w", err))
	}
	return cfg, files, root, nil
}

// probeSandbox starts the sandbox's probe of the kernel (a few clones into
// new namespaces, milliseconds each) on a goroutine of its own, so that it
// runs while the session opens instead of after: sandbox.New waits for
// its report.
func probeSandbox() { go sandbox.Probe() }

// wire builds the agent for the configured provider in root.
func (a *app) wire(cfg Config, root string, approver agent.Approver, sink agent.Sink) (*wiring, error) {
	return a.wireWith(cfg, root, approver, sink, func(o agent.Options) (*agent.Agent, error) { return agent.New(o), nil })
}

// cacheOf is the project whose private toolchain caches the commands in
// root use: the project itself for an isolated copy of it (under its
// worktrees directory), so its copies share one; else root.
func (a *app) cacheOf(root string) string {
	project, err := a.projectRoot()
	if err != nil || project == root {
		return root
	}
	if rel, err := filepath.Rel(a.clones(project).Base, root); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		return project
	}
	return root
}

// wireWith is wire with the last step, building the agent from its
// options, done by build: agent.New, or a Coordinator's Join.
func (a *app) wireWith(cfg Config, root string, approver agent.Approver, sink agent.Sink,
	build func(agent.Options) (*agent.Agent, error)) (*wiring, error) {
	w := &wiring{cfg: cfg, root: root}
	exe, err := os.Executable()
	if err != nil {
		return nil, failure(fmt.Errorf("find own executable for the sandbox: %w", err))
	}
	st := stateDir(a.getenv)
	w.sandbox = sandbox.New(a.sandboxConfig(cfg.Sandbox, st), exe)
	w.tools, err = tools.New(cfg.Tools, tools.Options{
		Root:      root,
		Home:      a.getenv("HOME"),
		StateDir:  savedOutputDir(st, a.session.id()),
		CacheDir:  filepath.Join(st, "cache"),
		CacheOf:   a.cacheOf(root),
		Sandbox:   w.sandbox,
		Network:   cfg.Sandbox.Network,
		SecretEnv: secretEnvNames(cfg),
		Web:       cfg.Network,
		Sources:   a.session.mcpSources(),
		Effects:   &tools.EffectsOptions{Config: cfg.Effects, Policy: cfg.Policy()},
		Buffers:   a.buffers,
		EditTool:  cfg.Providers[cfg.Provider].EditToolFor(),
	})
	if err != nil {
		return nil, failure(err)
	}
	w.provider, err = a.newProvider(cfg.Provider, cfg.Providers[cfg.Provider], cfg.Agent.IdleTimeout())
	if err != nil {
		w.tools.Close()
		return nil, failure(err)
	}
	pc := cfg.Providers[cfg.Provider]
	talk := w.provider
	if pc.Tools == ToolsPrompt {
		talk = llm.WithPromptTools(talk)
	}
	var context string
	context, w.notes = agent.LoadContext(filepath.Dir(userConfigPath(a.getenv)), w.tools.Root())
	if st := w.sandbox.Status(); !st.Confined {
		// Said once per run: without the sandbox every command that is not
		// safe waits for a person (and is denied headless).
		w.notes = append(w.notes, "commands run without the sandbox ("+st.Summary+"): every command that is not safe needs approval")
	}
	w.agent, err = build(agent.Options{
		Provider:   talk,
		Tools:      w.tools,
		Approver:   approver,
		Sink:       a.session.sink(sink),
		Policy:     cfg.Policy(),
		Config:     cfg.Agent,
		Unconfined: !w.sandbox.Status().Confined,
		Rules:      a.rules,
		Context:    context,
		Price:      pc.Price,
		// The window the loop keeps the conversation in; Ollama is told
		// the same (num_ctx).
		ContextWindow: pc.Window(),
		// A resumed session's conversation, and undo's checkpoints.
		History:      a.session.takeHistory(cfg.Provider),
		Checkpointer: a.session.checkpointer(),
		RateLimits:   a.rateLimits(cfg.Tools),
		// What the system prompt says of the date, git and the shell.
		Environment: w.environment(cfg),
	})
	if err != nil {
		w.tools.Close()
		return nil, failure(err)
	}
	return w, nil
}

// environment is what the system prompt says of where the agent works:
// today's date, the shell, git's branch and status (asked once, briefly),
// and whether commands may use the network without asking. Git is asked
// on a goroutine of its own, started now, and the agent waits for its
// answer only when it first needs the prompt: three git processes (safegit's
// checks, then status) need not delay the screen's first frame.
func (w *wiring) environment(cfg Config) agent.Environment {
	git := make(chan *agent.GitState, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		var state *agent.GitState
		if branch, status, err := w.tools.GitState(ctx); err == nil {
			state = &agent.GitState{Branch: branch, Status: status}
		}
		git <- state
	}()
	return agent.Environment{
		Date:        time.Now(),
		Shell:       w.tools.Shell(),
		NetworkOpen: cfg.Sandbox.Network,
		// Without starting the sandbox's session to ask: a kernel that
		// has sessions holds commands.
		JudgedByEffects: w.tools.MayHold(),
		GitLater:        func() *agent.GitState { return <-git },
	}
}

// sandboxConfig is the [sandbox] settings sb with what the agent itself
// keeps from commands: its whole state directory st (the sessions, the
// saved output of other sessions, checkpoints, the isolated copies and the
// toolchain caches of other projects, and whatever it keeps there later)
// and its config (where MCP servers' settings and base URLs live). The
// sandbox leaves visible what is a command's own in there: its root (an
// isolated copy), its project's caches and, read-only, the saved output
// of this session, which the model reads with commands; that directory
// is made now, since only what exists can be put back.
func (a *app) sandboxConfig(sb sandbox.Config, st string) sandbox.Config {
	sb.Hide = slices.Clone(sb.Hide)
	own := []string{st, filepath.Dir(userConfigPath(a.getenv))}
	if a.configFile != "" {
		if p, err := filepath.Abs(a.configFile); err == nil {
			own = append(own, p)
		}
	}
	for _, p := range own {
		// Relative when HOME and the XDG variables are unset: then
		// there is no telling where, and nothing of the agent's there.
		if filepath.IsAbs(p) {
			sb.Hide = append(sb.Hide, filepath.Clean(p))
		}
	}
	sb.Visible = nil
	if id := a.session.id(); id != "" {
		out := savedOutputDir(st, id)
		if err := os.MkdirAll(out, 0o700); err == nil {
			sb.Visible = []string{out}
		}
	}
	return sb
}

// newProvider builds the adapter for one configured provider, with the key
// taken from the environment.
func (a *app) newProvider(name string, pc ProviderConfig, idle time.Duration) (llm.Provider, error) {
	key := ""
	if pc.APIKeyEnv != "" {
		key = a.getenv(pc.APIKeyEnv)
		if key == "" {
			return nil, fmt.Errorf("provider %s: %s is not set: export %s=<your key>, or choose another provider with --provider (see 'agent config')",
				name, pc.APIKeyEnv, pc.APIKeyEnv)
		}
	}
	switch pc.Type {
	case "openai":
		return openai.New(openai.Options{Name: name, BaseURL: pc.BaseURL, APIKey: key, APIKeyEnv: pc.APIKeyEnv, Model: pc.Model, IdleTimeout: idle, Reasoning: pc.Reasoning})
	case "openai-responses":
		return responses.New(responses.Options{Name: name, BaseURL: pc.BaseURL, APIKey: key, APIKeyEnv: pc.APIKeyEnv, Model: pc.Model, IdleTimeout: idle, Reasoning: pc.Reasoning})
	case "ollama":
		return ollama.New(ollama.Options{Name: name, BaseURL: pc.BaseURL, Model: pc.Model, IdleTimeout: idle, ContextLength: pc.Window(), Reasoning: pc.Reasoning})
	case "anthropic":
		return anthropic.New(anthropic.Options{Name: name, BaseURL: pc.BaseURL, APIKey: key, APIKeyEnv: pc.APIKeyEnv, Model: pc.Model, IdleTimeout: idle, Reasoning: pc.Reasoning})
	default:
		// Validate rejects unknown types; this guards a new type added to
		// the config without an adapter.
		return nil, fmt.Errorf("provider %s: type %q has no adapter", name, pc.Type)
	}
}

// secretEnvNames lists every configured key variable, so that no child
// process ever sees a provider key.
func secretEnvNames(cfg Config) []string {
	var names []string
	for _, n := range cfg.providerNames() {
		if v := cfg.Providers[n].APIKeyEnv; v != "" {
			names = append(names, v)
		}
	}
	if v := cfg.Tools.WebSearch.APIKeyEnv; v != "" {
		names = append(names, v)
	}
	return append(names, mcpSecretEnvNames(cfg)...)
}
