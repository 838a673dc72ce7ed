package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// Runner runs one task to its end; *agent.Agent is one. Run publishes the
// turn's events to the Bridge and asks it for approvals, blocks until the
// turn ends, and honours ctx: Ctrl+C cancels it. A returned error (the
// provider is unreachable, a key is wrong) is shown in the panel; the screen
// stays open.
type Runner interface {
	Run(ctx context.Context, task string) (agent.Outcome, error)
}

// AutoApprover is a Runner whose auto-approve level can change while the
// screen runs; *agent.Agent is one. /yes LEVEL calls SetAutoApprove on
// every panel's Runner, from the screen's goroutine, possibly while Run
// runs on another.
type AutoApprover interface {
	SetAutoApprove(classify.Level)
}

// Panel describes one provider's panel.
type Panel struct {
	// Provider and Model name who answers, for the panel header. Provider
	// is the name the agent publishes its events and requests under.
	Provider, Model string
	// Runner runs the panel's turns; nil when the provider is not usable,
	// and then Setup says why and how to fix it.
	Runner Runner
	Setup  string
	// Probe, when not nil, checks that the provider answers (a running
	// server, a valid key). The screen calls it once at start on a
	// goroutine of its own, so a slow server never delays the first frame;
	// a non-empty answer is set-up help, shown in the panel in place of the
	// conversation. It must honour ctx.
	Probe func(ctx context.Context) (setup string)
	// Renew, when not nil, builds a new Runner for this provider asking
	// model (empty: the configured one), with a new conversation: /model
	// NAME and /clear use it. The screen calls it on a goroutine of its
	// own, only while the panel's current Runner is idle, and drops that
	// Runner afterwards; releasing it is Renew's business.
	Renew func(model string) (Runner, error)
	// Worktree, when not empty, is the isolated copy of the project the
	// panel's provider works in (--isolate); the panel says so.
	Worktree string
	// Replay is the transcript of a resumed session, shown before anything
	// else as it was shown live: the prompts, the replies, and a card per
	// tool call, collapsed. The screen only reads it.
	Replay []agent.Event
}

// Options describe the screen. The zero value is usable: one panel that
// says no provider is set up, auto-approve safe, the terminal for input and
// output.
type Options struct {
	// Panels are the providers shown, one panel each, in order; at most
	// nine. With none, the screen shows Setup in a single panel.
	Panels []Panel
	// Available names every configured provider, for /providers.
	Available []string
	// Root is the project root the agent works in: the working directory
	// of every command, shown in the approval modal.
	Root string
	// AutoApprove is the highest level that runs without asking, shown in
	// the status bar until /yes changes it.
	AutoApprove classify.Level
	// Sandbox is a one-line sandbox status for the status bar
	// ("landlock, network off"); empty hides it.
	Sandbox string
	// Warning is a short note the status bar keeps showing, before the
	// sandbox ("project: 2 ignored", for settings of the project config);
	// the details belong in Notices. Empty hides it.
	Warning string
	// Network says every command may use the network ([sandbox] network),
	// not only those whose call asks for it.
	Network bool
	// Setup, when not empty and Panels is empty, says no provider is
	// usable and how to set one up (which variables, where the config
	// lives, `agent config init`). The screen opens anyway and sends
	// nothing.
	Setup string
	// Config is the [tui] section.
	Config Config
	// Stats returns the per-provider figures for /stats (turns, calls by
	// outcome, tool time, lock waits, tokens, cost); nil hides the command.
	// It must not block: it reads figures kept in memory.
	Stats func() string
	// MCP returns the MCP servers' status and tools with their levels, for
	// /mcp; nil hides the command. It must not block.
	MCP func() string
	// Notices are shown in every panel when the screen opens (MCP servers
	// that did not start, and why).
	Notices []string
	// NoticesLater, when not nil, returns more notices, shown in every
	// panel like Notices once it returns (MCP servers that did not start,
	// once they all have started or failed: the screen does not wait for
	// them). The screen calls it once at start on a goroutine of its own;
	// it may block, and must return when ctx is cancelled.
	NoticesLater func(ctx context.Context) []string
	// Undo is the session's checkpoints, for /undo and /checkpoints; nil
	// when no session is recorded. Its methods do I/O: they are called
	// from commands, never from Update.
	Undo agent.Undoer
	// History are the prompts sent in this project before, oldest first:
	// Up walks them from the newest.
	History []string
	// SaveHistory keeps a prompt just sent (or cleared with Ctrl+C) for
	// the next start; nil keeps nothing. It is called from a command,
	// never from Update, and may block on the disk.
	SaveHistory func(prompt string)
	// Worktrees are the panels' isolated copies of the project, for
	// /compare and /apply; nil when the panels share the root.
	Worktrees Worktrees
	// Start, when not nil, builds the panels' agents after the first
	// frame, so that the screen shows at once (the sandbox's probe of the
	// kernel and the tools take a few milliseconds). Panels then give
	// only who answers (Provider, Model), Worktree and Replay; what Start
	// returns adds the rest. The screen calls it once, on a goroutine of
	// its own; until it returns the panels have no agent, the status bar
	// says the sandbox is being checked, typing works, and Enter sends
	// the prompt as soon as it has returned. It must not block for long.
	Start func() Started
	// Input and Output replace the terminal, for tests; nil means the
	// terminal.
	Input  io.Reader
	Output io.Writer
}

// Started is what Options.Start built.
type Started struct {
	// Panels are Options.Panels, in the same order, with each panel's
	// Runner, Renew and Probe, or the Setup that says why it has none.
	Panels []Panel
	// Sandbox is the status bar's sandbox summary, as Options.Sandbox.
	Sandbox string
}

// Run shows the screen until the person quits (Ctrl+D, /quit, or Ctrl+C
// when nothing runs; asking first while something does) or ctx is
// cancelled. Prompts become turns of the panels' Runners, one at a time per
// panel, several panels at once. b must be the Sink and Approver of every
// agent behind the Runners.
//
// On return no turn is running any more: running ones are cancelled and
// waited for, and b is closed, so a pending approval gets ErrClosed. A
// cancelled ctx is not an error.
func Run(ctx context.Context, b *Bridge, opts Options) error {
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// no-color.org: set and not empty means no colour.
	noColor := os.Getenv("NO_COLOR") != ""
	m := newModel(b, opts, noColor, time.Now)
	m.ctx = ctx

	// Bubble Tea writes a frame out only on its ticker, whose first tick
	// comes a whole period after the program starts: at 120 frames a
	// second instead of the default 60 the first frame reaches the
	// terminal up to 8 ms sooner. (It has no way to write the first frame
	// at once; idle, the faster ticker costs about 2 ms of CPU a second.)
	popts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithFPS(frameRate)}
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	if opts.Config.Mouse {
		// Wheel events come in floods; only the last of a run matters
		// less than that they are few, so motion is never asked for.
		popts = append(popts, tea.WithFilter(dropMotion))
	}
	_, err := tea.NewProgram(m, popts...).Run()

	// The program has stopped, so m is ours again.
	cancel()
	b.close()
	m.turns.Wait()
	if err != nil && !(errors.Is(err, tea.ErrProgramKilled) && parent.Err() != nil) {
		return fmt.Errorf("screen: %w", err)
	}
	return nil
}

// frameRate is the screen's highest number of frames a second, the most
// Bubble Tea allows.
const frameRate = 120

// dropMotion filters out mouse motion, which the screen never uses.
func dropMotion(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.MouseMotionMsg); ok {
		return nil
	}
	return msg
}
