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

// Options describe the screen. The zero value is usable: no provider name,
// auto-approve safe, the terminal for input and output.
type Options struct {
	// Provider and Model name who answers, for the panel header and the
	// status bar.
	Provider, Model string
	// Root is the project root the agent works in.
	Root string
	// AutoApprove is the highest level that runs without asking, shown in
	// the status bar.
	AutoApprove classify.Level
	// Sandbox is a one-line sandbox status for the status bar
	// ("landlock, network off"); empty hides it.
	Sandbox string
	// Setup, when not empty, says no provider is usable and how to set one
	// up (which variables, where the config lives, `agent config init`).
	// The screen opens anyway, shows it, and sends nothing.
	Setup string
	// Input and Output replace the terminal, for tests; nil means the
	// terminal.
	Input  io.Reader
	Output io.Writer
}

// Run shows the screen until the person quits (Ctrl+D, or Ctrl+C when no
// turn runs) or ctx is cancelled. Prompts become turns of r, one at a time;
// r may be nil when opts.Setup is set. b must be the Sink and Approver the
// agent behind r was given.
//
// On return no turn is running any more: the running one is cancelled and
// waited for, and b is closed, so a pending approval gets ErrClosed. A
// cancelled ctx is not an error.
func Run(ctx context.Context, r Runner, b *Bridge, opts Options) error {
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// no-color.org: set and not empty means no colour.
	noColor := os.Getenv("NO_COLOR") != ""
	m := newModel(r, b, opts, noColor, time.Now)
	m.ctx = ctx

	popts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
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
