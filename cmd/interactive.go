package cmd

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/internal/history"
	"github.com/agentcli/agent/tui"
)

// runInteractive opens the screen, with one panel per provider: the
// --provider list ("openai,ollama"), else the config's [tui] providers,
// else its provider. A provider that cannot be built (no key, unknown type)
// or does not answer gets a panel that says how to set it up; the screen
// opens anyway.
func (a *app) runInteractive(c *cobra.Command, _ []string) error {
	if a.showVersion {
		fmt.Fprintln(a.stdout, versionString())
		return nil
	}
	if _, _, err := a.screenFlags.autoApprove(); err != nil {
		return err
	}
	if !a.hasTerminal() {
		return usageError("the interactive screen needs a terminal; for scripts use: agent run --yes-safe \"task\"")
	}
	names, err := a.panelProviders()
	if err != nil {
		return err
	}
	cfg, files, root, err := a.loadEffective(a.screenFlags)
	if err != nil {
		return err
	}
	probeSandbox()
	if err := a.openSession(&cfg, root, "interactive"); err != nil {
		return err
	}
	defer a.closeSession()
	switch {
	case len(names) == 0 && a.provider == "" && len(cfg.TUI.Providers) > 0:
		names = cfg.TUI.Providers
	case len(names) == 0:
		names = []string{cfg.Provider}
	}
	for _, n := range names {
		if _, ok := cfg.Providers[n]; !ok {
			return unknownProvider(n, cfg, files)
		}
	}
	var copies *screenWorktrees
	if a.isolated {
		if len(names) < 2 {
			return usageError("--isolate compares several providers: name them with --provider a,b")
		}
		iso, err := a.isolate(c.Context(), root, names)
		if err != nil {
			return err
		}
		copies = &screenWorktrees{set: iso, root: root, names: names, undo: a.session.checkpointer()}
		// Left for 'agent apply' when they hold work; after the panels'
		// agents are closed, so no tool still writes in them.
		defer copies.finish(a.stderr)
	}

	bridge := tui.NewBridge()
	a.rules = bridge.Rules()
	opts := tui.Options{
		Available:   cfg.providerNames(),
		Root:        root,
		AutoApprove: cfg.Agent.AutoApprove,
		Network:     cfg.Sandbox.Network,
		Config:      cfg.TUI,
		// Waits, call by call, for the checkpoint store to open.
		Undo: a.session.undoer(),
	}
	if copies != nil {
		opts.Worktrees = copies
	}
	if a.resume != "" && a.session != nil {
		opts.Notices = append(opts.Notices, "Resumed session "+a.session.rec.ID()+": the model is given the conversation above and goes on from there.")
	}
	if ignored := files.ignoredNotes(); len(ignored) > 0 {
		opts.Notices = append(opts.Notices, ignored...)
		opts.Warning = fmt.Sprintf("project: %d ignored", len(ignored))
	}
	a.session.screenMCP(&opts, cfg.Policy())
	hist := history.Open(a.historyFile(root), 200)
	if opts.History, err = hist.Load(); err != nil {
		opts.Notices = append(opts.Notices, "The prompts of earlier sessions could not be read: "+err.Error())
	}
	opts.SaveHistory = func(p string) { hist.Append(p) } // a lost entry costs only an Up
	// One coordinator for the screen: the panels share its locks, so two
	// providers never write the same file or run unsafe commands at once.
	coord := agent.NewCoordinator(root)
	opts.Stats = func() string {
		var b strings.Builder
		writeStats(&b, coord.Stats())
		return b.String()
	}
	// Each panel's agent is built after the first frame (tui.Options.Start):
	// waiting for the sandbox's probe of the kernel and making the tools
	// need not delay the screen.
	wirings := make([]*panelWiring, len(names))
	defer func() {
		for _, pw := range wirings {
			pw.close()
		}
	}()
	for i, name := range names {
		pw := &panelWiring{a: a, cfg: cfg, name: name, root: root, bridge: bridge, join: coord.Join}
		spec := tui.Panel{Provider: name, Model: cfg.Providers[name].Model, Replay: a.session.transcript(name)}
		if copies != nil {
			wroot := copies.set.Dir(name)
			pw.root, spec.Worktree = wroot, wroot
			pw.join = func(o agent.Options) (*agent.Agent, error) {
				// Its own root: nothing to share, and the real root's
				// checkpoints would record the wrong files.
				o.Locks, o.Checkpointer = agent.NewLocks(wroot), nil
				return coord.Join(o)
			}
		}
		wirings[i] = pw
		opts.Panels = append(opts.Panels, spec)
	}
	specs := opts.Panels
	session := a.session
	opts.Start = func() tui.Started {
		// The session's git processes (the checkpoint store) wait for the
		// agents too: begun together they slowed the first frame.
		defer session.begin()
		return a.startPanels(cfg, files, names, wirings, specs)
	}
	ctx, stop := a.session.guard(c.Context())
	defer stop()
	err = tui.Run(ctx, bridge, opts)
	if lost := a.session.lost(); lost != nil {
		return lost
	}
	return err
}

// startPanels builds each panel's agent, for the screen's Options.Start:
// specs with the Runner, or the set-up help when it cannot be built, and
// the sandbox's summary for the status bar.
func (a *app) startPanels(cfg Config, files configFiles, names []string, wirings []*panelWiring, specs []tui.Panel) tui.Started {
	started := tui.Started{Panels: slices.Clone(specs)}
	for i, pw := range wirings {
		spec := &started.Panels[i]
		name := names[i]
		w, err := pw.build(cfg.Providers[name].Model)
		if err != nil {
			spec.Setup = setupHelp(cfg, files, name, names, err, a.getenv)
			continue
		}
		if started.Sandbox == "" {
			started.Sandbox = w.sandbox.Status().Summary
			if w.tools.MayHold() {
				// Said first: the status line cuts what does not fit.
				// (Without starting the session helper to ask; a kernel
				// that cannot hold after all asks before every command
				// that is not safe, as agent doctor says.)
				started.Sandbox = "approvals by effects; " + started.Sandbox
			}
		}
		spec.Runner = w.agent
		spec.Renew = pw.renew
		provider := w.provider
		spec.Probe = func(ctx context.Context) string {
			if err := probe(ctx, provider); err != nil {
				return setupHelp(cfg, files, name, names, err, a.getenv)
			}
			return ""
		}
	}
	return started
}

// panelProviders splits --provider "a,b" into the providers that get a
// panel. A single name (or none) is left to loadEffective, which applies it
// with --model; --model with several providers is ambiguous.
func (a *app) panelProviders() ([]string, error) {
	if !strings.Contains(a.provider, ",") {
		return nil, nil
	}
	var names []string
	for _, n := range strings.Split(a.provider, ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
			return nil, usageError("--provider %q: an empty name in the list", a.provider)
		case slices.Contains(names, n):
			return nil, usageError("--provider %q names %s twice", a.provider, n)
		}
		names = append(names, n)
	}
	if a.model != "" {
		return nil, usageError("--model needs a single --provider; with several, set each one's model in the config")
	}
	// loadEffective checks a single name; the list is checked by the
	// caller once the config is loaded.
	a.provider = ""
	return names, nil
}

// panelWiring is the agent behind one panel, rebuilt when the person
// switches models or clears the panel.
type panelWiring struct {
	a      *app
	cfg    Config
	name   string
	root   string
	bridge *tui.Bridge
	// join makes the panel's agent one of the screen's coordinator.
	join func(agent.Options) (*agent.Agent, error)

	mu  sync.Mutex
	cur *wiring
}

// build wires a new agent for the panel's provider asking model, and makes
// it the current one; the one before is closed.
func (p *panelWiring) build(model string) (*wiring, error) {
	cfg := p.cfg
	cfg.Provider = p.name
	cfg.Providers = maps.Clone(p.cfg.Providers)
	pc := cfg.Providers[p.name]
	pc.Model = model
	cfg.Providers[p.name] = pc
	w, err := p.a.wireWith(cfg, p.root, p.bridge, p.bridge, p.join)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	old := p.cur
	p.cur = w
	p.mu.Unlock()
	if old != nil {
		old.Close()
	}
	return w, nil
}

// renew is the panel's tui.Panel.Renew: the screen calls it only while the
// current agent is idle.
func (p *panelWiring) renew(model string) (tui.Runner, error) {
	if model == "" {
		model = p.cfg.Providers[p.name].Model
	}
	w, err := p.build(model)
	if err != nil {
		return nil, err
	}
	return w.agent, nil
}

// close releases the current agent's tools.
func (p *panelWiring) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil {
		p.cur.Close()
		p.cur = nil
	}
}

// probe asks the provider for its models, briefly, so that a server that
// is not running or a wrong key shows the setup screen at once instead of
// failing on the first prompt. Providers that cannot list models pass.
func probe(ctx context.Context, p llm.Provider) error {
	lister, ok := p.(llm.ModelLister)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := lister.Models(ctx)
	switch llm.KindOf(err) {
	case llm.KindUnreachable, llm.KindAuth:
		return err
	}
	return nil
}

func (a *app) hasTerminal() bool {
	in, ok := a.stdin.(*os.File)
	return ok && term.IsTerminal(int(in.Fd()))
}

// setupHelp explains, in the panel of provider name, what is wrong with
// that provider and how to make it usable; it suggests the configured
// providers that have no panel open beside it, first one whose key is set
// in env (or that needs none). The commands it shows are spelt as this
// program was started, so they work from where the person is (./bin/agent
// after make run); config init only when there is no config file yet.
func setupHelp(cfg Config, files configFiles, name string, open []string, cause error, env func(string) string) string {
	self := selfCommand()
	pc := cfg.Providers[name]
	var b strings.Builder
	fmt.Fprintf(&b, "%s is not usable: %v\n\n", name, cause)
	b.WriteString("To make it usable:\n")
	switch pc.Type {
	case "ollama":
		fmt.Fprintf(&b, "  • start Ollama where base_url points (%s): ollama serve, or set OLLAMA_HOST;\n", pc.BaseURL)
		fmt.Fprintf(&b, "  • pull its model: ollama pull %s\n", pc.Model)
	default:
		if pc.APIKeyEnv != "" {
			fmt.Fprintf(&b, "  • export %s with your key, then start again;\n", pc.APIKeyEnv)
		}
		fmt.Fprintf(&b, "  • check base_url (%s) and model (%s) of [providers.%s].\n", pc.BaseURL, pc.Model, name)
	}
	var others, ready []string
	for _, n := range cfg.providerNames() {
		if n != name && !slices.Contains(open, n) {
			others = append(others, n)
			if k := cfg.Providers[n].APIKeyEnv; k == "" || env(k) != "" {
				ready = append(ready, n)
			}
		}
	}
	switch {
	case len(ready) > 0:
		fmt.Fprintf(&b, "\nOr use another provider: %s --provider %s (configured: %s).\n", self, ready[0], strings.Join(others, ", "))
	case len(others) > 0:
		// None has its key: say which variable the first one needs.
		o := others[0]
		fmt.Fprintf(&b, "\nOr use another provider: export %s=<your key>, then %s --provider %s (configured: %s).\n",
			cfg.Providers[o].APIKeyEnv, self, o, strings.Join(others, ", "))
	}
	if files.UserFound {
		fmt.Fprintf(&b, "\nYour config file is %s. See the effective settings with: %s config", files.User, self)
	} else {
		fmt.Fprintf(&b, "\nYour config file would be %s (not found). Write a commented one with: %s config init\n", files.User, self)
		fmt.Fprintf(&b, "See the effective settings with: %s config", self)
	}
	return b.String()
}

// selfCommand is how to run this program again from here: its name when
// the PATH finds this very binary by it, else the path it was started by.
func selfCommand() string {
	arg0 := os.Args[0]
	base := filepath.Base(arg0)
	found, err := exec.LookPath(base)
	if err != nil {
		return arg0
	}
	a, errA := os.Stat(found)
	b, errB := os.Stat(arg0)
	if errA == nil && errB == nil && os.SameFile(a, b) {
		return base
	}
	return arg0
}

// historyFile is where the screen keeps the prompts sent in root: under
// the state directory, one file per root, named as its worktrees are.
func (a *app) historyFile(root string) string {
	return filepath.Join(stateDir(a.getenv), "history", filepath.Base(a.clones(root).Base)+".jsonl")
}
