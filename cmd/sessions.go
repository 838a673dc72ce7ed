package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/checkpoint"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/redact"
)

// resumeLatest is the value of a bare --resume: the latest session of the
// project root.
const resumeLatest = "latest"

// sessionsDir is where session files live: $XDG_STATE_HOME/agent/sessions.
func sessionsDir(env func(string) string) string {
	return filepath.Join(stateDir(env), "sessions")
}

// checkpointsDir is where the shadow repositories of undo live.
func checkpointsDir(env func(string) string) string {
	return filepath.Join(stateDir(env), "checkpoints")
}

// savedOutputDir is where the commands of session id save output too long
// for the model: under the state directory's output/, one directory per
// session, pruned with it. Without a session (id ""), output/ itself.
func savedOutputDir(state, id string) string {
	return filepath.Join(state, "output", id)
}

// canonicalRoot resolves root's symbolic links, as the tool registry does,
// so that sessions and checkpoints of one directory are found whichever
// path led to it.
func canonicalRoot(root string) string {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		return r
	}
	return root
}

// sessionRun is the session a run or the screen records: the recorder
// every agent's events also go to, the checkpoints of undo, and the
// conversations of a resumed session.
type sessionRun struct {
	rec *session.Recorder
	// checkpoints and undo are set once the checkpoint store has opened,
	// on the side, when opened is closed: see waitOpened.
	opened      chan struct{}
	checkpoints agent.Checkpointer
	// undo is the checkpoints' chain, nil when git is missing.
	undo *checkpoint.Session
	// mcp holds the session's MCP servers; nil when none is configured.
	mcp *mcp.Manager

	mu      sync.Mutex
	resumed session.Conversations
	taken   map[string]bool

	// stop cancels the first staging of the files; closeSession waits for
	// it and for the clean-up of old sessions, which is let finish.
	stop       context.CancelFunc
	background sync.WaitGroup
	// begun is closed by begin: the work on the side (opening the
	// checkpoint store, the clean-up of old sessions) may start. The
	// screen begins it once its panels' agents are built, after its first
	// frame, which those git processes would otherwise compete with;
	// other commands at once.
	begun     chan struct{}
	beginOnce sync.Once
	// reported is set once the recording's failure was returned as the
	// run's error, so closeSession does not say it again.
	reported bool
}

// openSession starts recording a session for root, or continues the one
// a.resume names (resumeLatest: the newest of root). A resumed session runs
// with its last provider unless --provider says otherwise. In the
// background it deletes old sessions beyond the [sessions] limits and
// stages the project's files for the first checkpoint. The caller must call
// closeSession.
func (a *app) openSession(cfg *Config, root, command string) error {
	root = canonicalRoot(root)
	dir := sessionsDir(a.getenv)
	// The values an editor gives its MCP servers (a.mcpEnv) are secrets
	// like the configured servers' env_vars, which secretEnvNames names.
	environ := append(os.Environ(), a.mcpEnv...)
	red := redact.New(tools.SecretValues(environ, secretEnvNames(*cfg))...)
	info := session.Info{Root: root, Command: command, Version: strings.TrimPrefix(versionString(), "agent "), PID: os.Getpid()}
	s := &sessionRun{taken: map[string]bool{}}
	var err error
	if a.resume != "" {
		var e session.Entry
		if a.resume == resumeLatest {
			e, err = session.Latest(dir, root)
		} else {
			e, err = session.Find(dir, a.resume)
		}
		if err != nil {
			return usageError("--resume: %v", err)
		}
		if s.resumed, err = session.Rebuild(e.Path); err != nil {
			return failure(err)
		}
		a.resumeModel(cfg, s.resumed)
		s.rec, err = session.Append(e.Path, info, red)
	} else {
		// A screen opened and closed without a prompt, or a run stopped
		// before its task by a set-up error (no key), is no session: its
		// file is made with the first event, so it never clutters the list.
		// So is an editor's session nobody prompted (editors open one
		// when their agent panel opens).
		s.rec, err = session.CreateOnFirstEvent(dir, info, red)
	}
	if err != nil {
		return failure(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	// The first time in a project, opening the store makes its shadow
	// repository (three git processes): the screen's first frame need not
	// wait for that, only the first checkpoint does.
	s.opened = make(chan struct{})
	s.begun = make(chan struct{})
	if command != "interactive" {
		s.begin()
	}
	s.background.Go(func() {
		if !s.waitBegun(ctx) {
			// Closed before the screen began: nothing takes checkpoints.
			s.checkpoints = failingCheckpointer{ctx.Err()}
			close(s.opened)
			return
		}
		store, err := a.openCheckpoints(root)
		if err != nil {
			s.checkpoints = failingCheckpointer{err}
			close(s.opened)
			return
		}
		s.undo = store.Session(s.rec.ID())
		s.checkpoints = redactedLabels{s.undo, red}
		close(s.opened)
		store.Warm(ctx)
	})
	s.background.Go(func() {
		if !s.waitBegun(ctx) {
			return // left for the next session
		}
		pruneSessions(context.Background(), dir, checkpointsDir(a.getenv), stateDir(a.getenv), cfg.Sessions, s.rec.ID())
	})
	// The screen does not wait for the servers to start; their tools do.
	s.mcp = a.startMCP(ctx, *cfg, root, mcpLogDir(a.getenv, s.rec.ID()), savedOutputDir(stateDir(a.getenv), s.rec.ID()), command != "interactive")
	a.session = s
	return nil
}

// begin lets the session's work on the side start; see sessionRun.begun.
func (s *sessionRun) begin() { s.beginOnce.Do(func() { close(s.begun) }) }

// waitBegun waits for begin and reports true, or false when ctx ends
// first: a session begun and closed at once still does its work.
func (s *sessionRun) waitBegun(ctx context.Context) bool {
	select {
	case <-s.begun:
		return true
	default:
	}
	select {
	case <-s.begun:
		return true
	case <-ctx.Done():
		return false
	}
}

// resumeModel makes a resumed session go on with the provider and model
// of its last task, unless told otherwise: --provider or AGENT_PROVIDER
// choose the provider, and --model or AGENT_MODEL the model, of whichever
// provider goes on.
func (a *app) resumeModel(cfg *Config, c session.Conversations) {
	last := c.Last()
	p, ok := cfg.Providers[last]
	if a.provider != "" || a.getenv("AGENT_PROVIDER") != "" || !ok {
		return
	}
	cfg.Provider = last
	model := c.LastModel()
	switch {
	case a.model != "":
		model = a.model
	case a.getenv("AGENT_MODEL") != "":
		model = a.getenv("AGENT_MODEL")
	}
	if model != "" {
		p.Model = model
		cfg.Providers[last] = p
	}
}

// closeSession ends the recording: it stops the staging of the files if
// it is still running, waits for the clean-up of old sessions, and closes
// the session file. A recording that
// failed is reported on stderr; the run's own outcome stands.
func (a *app) closeSession() {
	s := a.session
	if s == nil {
		return
	}
	a.session = nil
	s.stop()
	if s.mcp != nil {
		s.mcp.Close()
	}
	s.background.Wait()
	// The sandbox made the directory for the session's saved output; it
	// goes when nothing was saved in it (a screen closed without a
	// prompt has no session to prune it with).
	_ = os.Remove(savedOutputDir(stateDir(a.getenv), s.rec.ID()))
	if err := s.rec.Close(); err != nil && !s.reported {
		fmt.Fprintf(a.stderr, "agent: the session was not fully recorded: %v\n", err)
	}
	if _, err := os.Stat(s.rec.Path()); errors.Is(err, fs.ErrNotExist) {
		// No session was recorded: its MCP servers' stderr belongs to none.
		os.RemoveAll(mcpLogDir(a.getenv, s.rec.ID()))
	}
}

// guard returns a context that is cancelled as soon as the session file
// cannot be written: nothing may run that the audit log would not show.
// The caller calls the CancelFunc and, after the run, lost.
func (s *sessionRun) guard(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	if s != nil {
		s.rec.OnFail(cancel)
	}
	return ctx, cancel
}

// lost returns, when the session file could not be written, the error
// that ends the run (exit 1), naming the file and why; nil otherwise.
func (s *sessionRun) lost() error {
	if s == nil {
		return nil
	}
	err := s.rec.Err()
	if err == nil {
		return nil
	}
	s.reported = true
	why := err
	var pe *fs.PathError
	if errors.As(err, &pe) {
		why = pe.Err
	}
	return failure(fmt.Errorf("stopped: the session log %s cannot be written (%v), and no action runs without its record; free space under %s or point XDG_STATE_HOME elsewhere",
		s.rec.Path(), why, filepath.Dir(filepath.Dir(s.rec.Path()))))
}

// pruneSessions deletes the sessions beyond the limits and the checkpoints
// that only they used. Failures are not worth interrupting a run for: the
// next session tries again.
func pruneSessions(ctx context.Context, dir, cpDir, state string, cfg session.Config, current string) {
	removed, _ := session.Prune(dir, cfg, current, func(id string) []string {
		// Its MCP servers' stderr, and the output its commands saved.
		return []string{filepath.Join(dir, id+".mcp"), savedOutputDir(state, id)}
	})
	for _, r := range removed {
		if ctx.Err() != nil || r.Root == "" {
			continue
		}
		if _, err := os.Stat(checkpoint.ShadowDir(cpDir, r.Root)); err != nil {
			continue
		}
		if store, err := checkpoint.Open(cpDir, r.Root, state); err == nil {
			store.DropSession(ctx, r.ID)
		}
	}
}

// openCheckpoints opens the shadow repository of root's checkpoints.
func (a *app) openCheckpoints(root string) (*checkpoint.Store, error) {
	return checkpoint.Open(checkpointsDir(a.getenv), root, stateDir(a.getenv))
}

// sink returns s, the session's recorder alongside s when a session is
// being recorded.
func (s *sessionRun) sink(other agent.Sink) agent.Sink {
	if s == nil {
		return other
	}
	return agent.Tee(other, s.rec)
}

// id returns the session's id, "" without a session.
func (s *sessionRun) id() string {
	if s == nil {
		return ""
	}
	return s.rec.ID()
}

// checkpointer returns what takes checkpoints before changes, nil without
// a session. It may be called while the store opens: its calls wait.
func (s *sessionRun) checkpointer() agent.Checkpointer {
	if s == nil {
		return nil
	}
	return openingCheckpoints{s}
}

// undoer returns the session's checkpoints for /undo, nil without a
// session. It may be called while the store opens: its calls wait, and
// say why when the store could not be opened (git is missing).
func (s *sessionRun) undoer() agent.Undoer {
	if s == nil {
		return nil
	}
	return openingUndo{s}
}

// waitOpened waits until the checkpoint store has opened (or failed to:
// then checkpoints is a failingCheckpointer), or for ctx, whose error it
// returns.
func (s *sessionRun) waitOpened(ctx context.Context) error {
	select {
	case <-s.opened:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// openingUndo is the session's checkpoints for /undo once their store has
// opened: each call waits for it (or for ctx).
type openingUndo struct{ s *sessionRun }

// open waits for the store.
func (o openingUndo) open(ctx context.Context) (*checkpoint.Session, error) {
	if err := o.s.waitOpened(ctx); err != nil {
		return nil, err
	}
	if f, ok := o.s.checkpoints.(failingCheckpointer); ok {
		return nil, fmt.Errorf("undo is not available: %w", f.err)
	}
	return o.s.undo, nil
}

func (o openingUndo) List(ctx context.Context) ([]agent.Checkpoint, error) {
	u, err := o.open(ctx)
	if err != nil {
		return nil, err
	}
	return u.List(ctx)
}

func (o openingUndo) Preview(ctx context.Context, n int) (*agent.Undo, error) {
	u, err := o.open(ctx)
	if err != nil {
		return nil, err
	}
	return u.Preview(ctx, n)
}

func (o openingUndo) Apply(ctx context.Context, undo *agent.Undo) (agent.Checkpoint, error) {
	u, err := o.open(ctx)
	if err != nil {
		return agent.Checkpoint{}, err
	}
	return u.Apply(ctx, undo)
}

// openingCheckpoints takes the session's checkpoints once their store
// has opened: each call waits for it (or for ctx), then goes to the store,
// or fails as failingCheckpointer does when it could not be opened.
type openingCheckpoints struct{ s *sessionRun }

// open waits for the store.
func (o openingCheckpoints) open(ctx context.Context) (agent.Checkpointer, error) {
	if err := o.s.waitOpened(ctx); err != nil {
		return nil, err
	}
	return o.s.checkpoints, nil
}

func (o openingCheckpoints) Checkpoint(ctx context.Context, label string) (string, error) {
	cp, err := o.open(ctx)
	if err != nil {
		return "", err
	}
	return cp.Checkpoint(ctx, label)
}

// Ignored passes on what the checkpoints leave out, when they can say.
func (o openingCheckpoints) Ignored(ctx context.Context, paths []string) ([]string, error) {
	cp, err := o.open(ctx)
	if err != nil {
		return nil, err
	}
	if ic, ok := cp.(agent.IgnoreChecker); ok {
		return ic.Ignored(ctx, paths)
	}
	return nil, nil
}

// takeHistory returns the resumed conversation for provider the first
// time it is asked, and nil after: an agent built again later (a panel
// cleared or switched to another model) starts afresh.
func (s *sessionRun) takeHistory(provider string) []llm.Message {
	if s == nil || s.resumed.ByProvider == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken[provider] {
		return nil
	}
	s.taken[provider] = true
	return s.resumed.For(provider)
}

// transcript returns what provider's panel shows of a resumed session:
// the transcript of the conversation takeHistory gives its agent; nil when
// the session is new.
func (s *sessionRun) transcript(provider string) []agent.Event {
	if s == nil || s.resumed.ByProvider == nil {
		return nil
	}
	return s.resumed.Transcript(provider)
}

// redactedLabels takes checkpoints whose labels (the command about to
// run) are redacted, since they are stored in the shadow repository.
type redactedLabels struct {
	agent.Checkpointer
	red *redact.Redactor
}

func (r redactedLabels) Checkpoint(ctx context.Context, label string) (string, error) {
	return r.Checkpointer.Checkpoint(ctx, r.red.String(label))
}

// Ignored passes on what the checkpoints leave out, when they can say.
func (r redactedLabels) Ignored(ctx context.Context, paths []string) ([]string, error) {
	if ic, ok := r.Checkpointer.(agent.IgnoreChecker); ok {
		return ic.Ignored(ctx, paths)
	}
	return nil, nil
}

// failingCheckpointer stands in when checkpoints cannot be taken (git is
// missing): every change is recorded as one that cannot be undone.
type failingCheckpointer struct{ err error }

func (f failingCheckpointer) Checkpoint(context.Context, string) (string, error) { return "", f.err }

// Ignored says, before an approval, that undo will not cover the action.
func (f failingCheckpointer) Ignored(context.Context, []string) ([]string, error) { return nil, f.err }

func (a *app) sessionsCommand() *cobra.Command {
	var n int
	var all bool
	c := &cobra.Command{
		Use:   "sessions",
		Short: "List recorded sessions; show or export one",
		Long: `Every run, headless or on the screen, is recorded as a session under
$XDG_STATE_HOME/agent/sessions, one JSON Lines file each, with secrets
redacted. 'agent sessions' lists the recent ones, newest first: id, start
time, status, providers, project root and first task. Continue one with
'agent --resume ID' or 'agent run --resume ID "more"'.`,
		Example: `  agent sessions
  agent sessions show 3f2a
  agent sessions export 3f2a --format md > session.md`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.listSessions(n, all)
		},
	}
	c.Flags().IntVarP(&n, "number", "n", 20, "list at most this many sessions")
	c.Flags().BoolVar(&all, "all", false, "list every session kept")
	c.AddCommand(&cobra.Command{
		Use:   "show ID",
		Short: "Print one session readably",
		Long: `Show prints a session: each task, the assistant's text, and every tool call
with its level, the decision and who made it, the checkpoint taken before it,
and the first lines of its output. ID may be any unique prefix of an id.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			e, err := a.findSession(args[0])
			if err != nil {
				return err
			}
			return a.redacted(func(w io.Writer) error {
				var buf bytes.Buffer
				err := session.WriteText(&buf, e)
				io.WriteString(w, plainText(buf.String()))
				return failureIf(err)
			})
		},
	})
	var format string
	export := &cobra.Command{
		Use:   "export ID",
		Short: "Write one session as Markdown or JSON",
		Long: `Export writes a whole session to stdout: --format md is a Markdown document
with every call's arguments and recorded output, without terminal escapes
(as show prints them); --format json is one JSON
document, {"session": {...}, "records": [...]}, the records as in the file.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			e, err := a.findSession(args[0])
			if err != nil {
				return err
			}
			switch format {
			case "md", "markdown":
				// Stored text is printed as show prints it: escapes in a
				// task or a command's output must not drive the terminal
				// the export is read in.
				return a.redacted(func(w io.Writer) error {
					var buf bytes.Buffer
					err := session.WriteMarkdown(&buf, e)
					io.WriteString(w, plainText(buf.String()))
					return failureIf(err)
				})
			case "json":
				return a.redacted(func(w io.Writer) error { return failureIf(session.WriteJSON(w, e)) })
			}
			return usageError("--format %s: want md or json", format)
		},
	}
	export.Flags().StringVar(&format, "format", "md", "md or json")
	c.AddCommand(export)
	return c
}

// redacted runs write with a writer that redacts what it writes to
// stdout. Sessions are redacted when recorded; this catches what older
// versions, or secrets set since, left in them.
func (a *app) redacted(write func(w io.Writer) error) error {
	var keys []string
	if cfg, _, _, err := a.loadEffective(runFlags{}); err == nil {
		keys = secretEnvNames(cfg)
	}
	w := redact.New(tools.SecretValues(os.Environ(), keys)...).NewWriter(a.stdout)
	if err := write(w); err != nil {
		w.Close()
		return err
	}
	return failureIf(w.Close())
}

// findSession finds a session by id prefix, as a usage error when there
// is none or several.
func (a *app) findSession(id string) (session.Entry, error) {
	e, err := session.Find(sessionsDir(a.getenv), id)
	if errors.Is(err, session.ErrNotFound) || errors.Is(err, session.ErrAmbiguous) {
		return e, usageError("%v", err)
	}
	return e, failureIf(err)
}

// failureIf marks a non-nil error as a failed command.
func failureIf(err error) error {
	if err == nil {
		return nil
	}
	return failure(err)
}

func (a *app) listSessions(n int, all bool) error {
	entries, err := session.List(sessionsDir(a.getenv))
	if err != nil {
		return failure(err)
	}
	if len(entries) == 0 {
		fmt.Fprintln(a.stdout, "No sessions yet. Every 'agent run' and screen session is recorded here.")
		return nil
	}
	if !all && n > 0 && len(entries) > n {
		entries = entries[:n]
	}
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTARTED\tSTATUS\tPROVIDERS\tROOT\tFIRST TASK")
	for _, e := range entries {
		s, err := session.Summarize(e)
		if err != nil {
			fmt.Fprintf(tw, "%s\t%s\tunreadable\t\t\t%v\n", e.ID, when(e.Start), err)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, when(s.Start), s.Status,
			strings.Join(s.Providers, ","), tildeHome(s.Root, a.getenv("HOME")), oneLine(s.Prompt, 60))
	}
	return failureIf(tw.Flush())
}

// when formats a time for a listing: local, to the minute.
func when(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// oneLine shortens s to one line of at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// tildeHome writes a path under home with ~.
func tildeHome(p, home string) string {
	if home != "" && home != "/" {
		if rest, ok := strings.CutPrefix(p, home); ok && (rest == "" || rest[0] == '/') {
			return "~" + rest
		}
	}
	return p
}

// rootArgs takes no arguments, except the session id after a bare
// --resume: "agent --resume 3f2a" reads as "--resume=3f2a".
func (a *app) rootArgs(c *cobra.Command, args []string) error {
	if a.showVersion {
		return nil // as cobra's --version did: the version, whatever follows
	}
	if len(args) == 1 && c.Flags().Changed("resume") && a.resume == resumeLatest {
		a.resume = args[0]
		return nil
	}
	return cobra.NoArgs(c, args)
}

// plainText is s without terminal escape sequences or control characters
// other than line breaks and tabs, as the screen shows stored text: a task
// or a reply stored with escapes must not drive the terminal it is shown
// in.
func plainText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			return -1
		}
		return r
	}, ansi.Strip(s))
}
