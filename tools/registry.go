package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"

	"github.com/agentcli/agent/tools/redact"
	"github.com/agentcli/agent/tools/safegit"
	"github.com/agentcli/agent/tools/sandbox"
)

// Options are what the wiring layer passes to New besides the config.
type Options struct {
	// Root is the project root, absolute or relative to the working
	// directory. New makes it absolute and resolves its symbolic links.
	Root string
	// Home is the user's home directory: what "~" means in paths, and
	// classify.Action.Home. Empty means unknown ("~" is then an error).
	Home string
	// StateDir is where the whole output of a command that was cut is saved.
	// It is created (0700) on demand. Empty means cut output is not saved.
	StateDir string
	// Sandbox confines shell and git commands; nil runs them unconfined.
	Sandbox sandbox.Sandbox
	// CacheDir holds each project's private toolchain caches (Go build and
	// module caches, npm, pip, cargo...) for confined commands, in a
	// directory per project root, created (0700) on demand. Empty leaves
	// the toolchains' caches where the environment says, where confined
	// commands cannot write.
	CacheDir string
	// CacheOf is the project root whose private caches commands use;
	// empty means Root. An isolated copy of a project names the project,
	// so that its copies share one cache and pay for a cold one once.
	CacheOf string
	// Network is the [sandbox] network setting: every command may use the
	// network, not only those whose call asked for it.
	Network bool
	// Env is the base environment of commands, as KEY=value; nil means
	// os.Environ(). It is scrubbed of secrets (see Config.PassEnv).
	Env []string
	// SecretEnv names more variables to remove from commands' environment,
	// such as the configured providers' API key variables.
	SecretEnv []string
	// Web is the [network] section: the hosts web_fetch reaches without
	// asking, and the only way it reaches this machine or a private network.
	Web NetworkConfig
	// Sources add tools from outside the catalog (MCP servers), offered
	// after the built-in ones. The registry does not close them.
	Sources []Source
	// Effects, when set, makes shell commands run held where the sandbox
	// can (see Plan.Holdable): over an overlay of the root, with their
	// changes judged by Effects.Policy and applied only when the caller
	// says so. Nil runs every command on the real root.
	Effects *EffectsOptions
	// Buffers, when set, is an editor whose unsaved changes read_file
	// sees; nil reads files on disk only. When it is also a
	// BufferWriter, writes and edits go through the editor too.
	Buffers Buffers
	// EditTool is the tool the model changes part of a file with:
	// EditToolEdit (edit_file; "" means the same) or EditToolPatch
	// (apply_patch, the patch format some models are trained on).
	EditTool string
}

// The values of Options.EditTool.
const (
	EditToolEdit  = "edit"
	EditToolPatch = "apply_patch"
)

// tool is one entry of the catalog.
type tool struct {
	name   string
	desc   string
	params []Param
	plan   func(r *Registry, raw string) (*Plan, error)
}

// newTool is the catalog entry of the tool called name, described to the
// model by desc. Its plan decodes the model's arguments, checked against
// params (see DecodeArgs), into an A and hands them to plan with the
// tool's name, for its errors.
func newTool[A any](name string, params []Param, plan func(r *Registry, name string, a A) (*Plan, error), desc string) tool {
	return tool{name: name, desc: desc, params: params, plan: func(r *Registry, raw string) (*Plan, error) {
		var a A
		if err := DecodeArgs(name, raw, params, &a); err != nil {
			return nil, err
		}
		return plan(r, name, a)
	}}
}

// Registry is the tool catalog bound to one project root. It plans calls and
// runs them. It is safe for concurrent use; Plans it made must not be run
// after Close.
type Registry struct {
	cfg     Config
	root    string
	home    string
	fsRoot  *os.Root
	state   string
	caches  string
	cacheOf string // the root the private caches are named for
	sandbox sandbox.Sandbox
	// sessions runs shell commands in long-lived sandbox helpers; nil
	// when the sandbox cannot (each command then starts its own helper).
	sessions *sandbox.Sessions
	network  bool
	env      []string
	// redact scrubs the values of secret variables and token-shaped strings
	// from the output files it saves.
	redact *redact.Redactor
	shell  string       // absolute path of bash, or sh when there is no bash
	git    *safegit.Git // nil when git is not installed
	web    *webGuard
	tools  []tool
	// sources are the tools from outside the catalog, asked in order.
	sources []Source
	// buffers is the editor read_file reads through; nil for none.
	buffers Buffers
	// writer is the editor writes and edits go through; nil writes on
	// disk.
	writer BufferWriter
	// searchKey is the web_search backend's key, sent to it alone.
	searchKey string
	// effects, when set, holds shell commands (see held.go); holding
	// caches whether the sandbox can.
	effects *EffectsOptions
	holding holdCheck
	secrets secretCache

	// writeFile is the last step of an atomic write, replaceable in tests to
	// simulate a failure half way.
	writeFile func(f *os.File, data []byte) (int, error)

	mu      sync.Mutex
	closed  bool
	running map[*run]struct{}
	wg      sync.WaitGroup
}

// New opens the project root and returns its tool registry. It fails when
// the config is invalid, the root is not a directory, or there is no shell
// (neither bash nor sh on PATH). Call Close when done: it stops commands
// still running.
func New(cfg Config, opts Options) (*Registry, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := opts.Web.Validate(); err != nil {
		return nil, err
	}
	switch opts.EditTool {
	case "", EditToolEdit, EditToolPatch:
	default:
		return nil, fmt.Errorf("edit tool %q: want %q or %q", opts.EditTool, EditToolEdit, EditToolPatch)
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	if root, err = filepath.EvalSymlinks(root); err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	fsRoot, err := os.OpenRoot(root)
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	shell, err := exec.LookPath("bash")
	if err != nil {
		if shell, err = exec.LookPath("sh"); err != nil {
			fsRoot.Close()
			return nil, fmt.Errorf("no shell: neither bash nor sh is on PATH")
		}
	}
	if shell, err = filepath.Abs(shell); err != nil {
		fsRoot.Close()
		return nil, fmt.Errorf("shell: %w", err)
	}
	home := opts.Home
	if home != "" {
		home = filepath.Clean(home)
	}
	base := opts.Env
	if base == nil {
		base = os.Environ()
	}
	secretEnv := opts.SecretEnv
	var searchKey string
	if k := cfg.WebSearch.APIKeyEnv; k != "" {
		// The search key is the person's: no command sees it, and it is
		// redacted like a provider's key.
		secretEnv = append(slices.Clone(secretEnv), k)
		searchKey = lookupEnv(base, k)
		if searchKey == "" {
			fsRoot.Close()
			return nil, fmt.Errorf("tools.web_search: %s is not set: export %s=<your %s key>, or remove [tools.web_search] to go without web_search",
				k, k, cfg.WebSearch.Provider)
		}
	}
	env := childEnv(base, secretEnv, cfg.PassEnv)
	git, _ := safegit.New(env) // the git tool says so when it runs
	r := &Registry{
		cfg:       cfg,
		root:      root,
		home:      home,
		fsRoot:    fsRoot,
		state:     opts.StateDir,
		caches:    opts.CacheDir,
		cacheOf:   cmp.Or(opts.CacheOf, root),
		sandbox:   opts.Sandbox,
		sessions:  sandbox.NewSessions(opts.Sandbox),
		network:   opts.Network,
		env:       env,
		redact:    redact.New(SecretValues(base, secretEnv)...),
		shell:     shell,
		git:       git,
		web:       &webGuard{allow: newAllowList(opts.Web.AllowDomains), lookup: net.DefaultResolver.LookupNetIP},
		writeFile: (*os.File).Write,
		running:   make(map[*run]struct{}),
		sources:   opts.Sources,
		buffers:   opts.Buffers,
		searchKey: searchKey,
		effects:   opts.Effects,
	}
	r.writer, _ = opts.Buffers.(BufferWriter)
	r.tools = catalog(opts.EditTool)
	if cfg.WebSearch.Provider != "" {
		r.tools = append(r.tools, webSearchTool)
	}
	return r, nil
}

// catalog lists the tools in the order the model sees them, with the
// edit tool editTool names (see Options.EditTool).
func catalog(editTool string) []tool {
	edit := editFileTool
	if editTool == EditToolPatch {
		edit = applyPatchTool
	}
	return []tool{
		shellTool, readFileTool, writeFileTool, edit, deleteFileTool,
		listDirTool, globTool, grepTool, gitTool, webFetchTool,
	}
}

// Root returns the absolute project root, with symbolic links resolved.
func (r *Registry) Root() string { return r.root }

// Specs returns the catalog in a stable order, with the JSON Schemas of the
// arguments, for the model, followed by the sources' tools as they are now.
func (r *Registry) Specs() []Spec {
	specs := make([]Spec, len(r.tools))
	for i, t := range r.tools {
		specs[i] = Spec{Name: t.name, Description: t.desc, Parameters: Schema(t.params)}
	}
	for _, s := range r.sources {
		specs = append(specs, s.Specs()...)
	}
	return specs
}

// Plan validates a call the model made and describes what it will do,
// without doing it. args is the raw JSON text the model wrote, possibly
// malformed. Errors are written for the model to read and wrap
// ErrUnknownTool, ErrInvalidArgs (an *ArgError), ErrOutsideRoot, ErrGitDir
// or a file system error naming the path. Plan reads the files a write,
// edit or delete will change, to build the preview.
func (r *Registry) Plan(name, args string) (*Plan, error) {
	if r.isClosed() {
		return nil, ErrClosed
	}
	for _, t := range r.tools {
		if t.name == name {
			return t.plan(r, args)
		}
	}
	for _, s := range r.sources {
		if p, ok, err := s.Plan(name, args); ok {
			if err != nil {
				return nil, err
			}
			return r.external(p), nil
		}
	}
	var known []string
	for _, s := range r.Specs() {
		known = append(known, s.Name)
	}
	return nil, unknownToolError(name, known)
}

// Close stops every command still running (SIGTERM to its process group,
// SIGKILL after the grace period), waits for their Runs to return, and
// closes the root. Plans run after Close fail with ErrClosed.
func (r *Registry) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	for run := range r.running {
		run.stop(ErrClosed)
	}
	r.mu.Unlock()
	r.wg.Wait()
	r.sessions.Close()
	return r.fsRoot.Close()
}

func (r *Registry) isClosed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.closed
}

// begin registers a run so Close can stop it; it fails after Close.
func (r *Registry) begin(ru *run) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	r.running[ru] = struct{}{}
	r.wg.Add(1)
	return nil
}

// end unregisters a run.
func (r *Registry) end(ru *run) {
	r.mu.Lock()
	delete(r.running, ru)
	r.mu.Unlock()
	r.wg.Done()
}

// run is one Run in progress, known to the registry so Close can stop it.
type run struct {
	cancel context.CancelCauseFunc
}

// stop cancels the run's context with cause.
func (ru *run) stop(cause error) { ru.cancel(cause) }

// newPlan fills the fields every plan shares. Its run registers with the
// registry, so that Close stops it and waits for it, and fails after Close.
func (r *Registry) newPlan(name string, args any, summary string,
	fn func(ctx context.Context, out func(string)) Result) *Plan {
	return &Plan{
		Tool:    name,
		Args:    encodeArgs(args),
		Summary: summary,
		run: func(ctx context.Context, out func(string)) Result {
			return r.tracked(ctx, name, func(ctx context.Context) Result { return fn(ctx, out) })
		},
	}
}

// tracked runs fn as one of the registry's runs, and says whether its
// failure was transient.
func (r *Registry) tracked(ctx context.Context, name string, fn func(ctx context.Context) Result) Result {
	return r.registered(ctx, func(ctx context.Context) Result {
		res := fn(ctx)
		if res.Transient == "" && ctx.Err() == nil {
			res.Transient = transientCause(name, res)
		}
		return res
	})
}

// registered runs fn as one of the registry's runs, which Close cancels
// and waits for; once the registry is closed it runs nothing and fails.
func (r *Registry) registered(ctx context.Context, fn func(ctx context.Context) Result) Result {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	ru := &run{cancel: cancel}
	if err := r.begin(ru); err != nil {
		return failure(err.Error())
	}
	defer r.end(ru)
	return fn(ctx)
}

// failure is an error result for the model to read.
func failure(msg string) Result {
	return Result{Output: msg, IsError: true, ExitCode: -1}
}

// unapplied is the result of a change that was not made because checking
// its file failed; Stale tells the caller when the file changed since the
// plan, so the model can be told to read it again.
func unapplied(err error) Result {
	res := failure(err.Error())
	res.Stale = errors.Is(err, ErrChangedSincePreview)
	return res
}

// failuref is failure with formatting.
func failuref(format string, args ...any) Result {
	return failure(fmt.Sprintf(format, args...))
}

// internal is the result of a failure that is ours, not the model's: the
// model gets a short generic message and Err carries the detail to log.
func internal(err error) Result {
	return Result{Output: "internal error: the tool could not run (details in the agent's log)", IsError: true, ExitCode: -1, Err: err}
}
