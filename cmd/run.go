package cmd

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tui/printer"
)

// runFlags are the flags that change how much runs without asking.
type runFlags struct {
	yes      string
	yesSafe  bool
	maxTurns int
	json     bool
}

func (a *app) runCommand() *cobra.Command {
	var f runFlags
	c := &cobra.Command{
		Use:   "run [flags] \"task\"",
		Short: "Work on one task headless and exit",
		Long: `Run gives the task to the provider and works on it without a screen: the
assistant's text goes to stdout, one line per tool call to stderr (or, with
--json, one JSON event per line to stdout).

Actions up to the --yes level run at once; blocked actions never run. Any
other action is asked on the terminal when stdin is one; without a terminal it
is denied, and the model is told it was denied by policy and why, so it can
try another way.

Exit codes:
  0    finished
  1    the run failed (provider unreachable, bad key, bad config)
  2    usage error
  3    finished, but at least one action was denied or blocked
  4    stopped at the turn limit (--max-turns)
  130  interrupted`,
		Example: `  agent run --yes-safe "run the tests and explain any failure"
  agent run --provider deepseek --yes warning "add a --verbose flag"
  agent run --json --yes-safe "list the TODOs" | jq .`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 || strings.TrimSpace(strings.Join(args, " ")) == "" {
				return usageError("agent run needs a task, for example: agent run --yes-safe \"run the tests\"")
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			return a.run(c, f, strings.Join(args, " "))
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.yes, "yes", "", "auto-approve actions up to and including LEVEL: safe, warning or dangerous (blocked never runs)")
	fl.BoolVar(&f.yesSafe, "yes-safe", false, "short for --yes safe")
	fl.IntVar(&f.maxTurns, "max-turns", 0, "stop after this many requests to the provider (default from config: 25)")
	fl.BoolVar(&f.json, "json", false, "write one JSON event per line to stdout instead of text")
	return c
}

// autoApprove turns --yes / --yes-safe into a level; ok is false when
// neither was given.
func (f runFlags) autoApprove() (lvl classify.Level, ok bool, err error) {
	switch {
	case f.yes != "" && f.yesSafe:
		return 0, false, usageError("use either --yes LEVEL or --yes-safe, not both")
	case f.yesSafe:
		return classify.Safe, true, nil
	case f.yes == "":
		return 0, false, nil
	}
	lvl, err = classify.ParseLevel(f.yes)
	if err != nil {
		return 0, false, usageError("--yes %s: want safe, warning or dangerous", f.yes)
	}
	if lvl == classify.Blocked {
		return 0, false, usageError("--yes blocked: blocked actions never run; the highest level is dangerous")
	}
	return lvl, true, nil
}

// apply puts the flags over the loaded config.
func (f runFlags) apply(cfg *Config) error {
	if lvl, ok, err := f.autoApprove(); err != nil {
		return err
	} else if ok {
		cfg.Agent.AutoApprove = lvl
	}
	if f.maxTurns < 0 {
		return usageError("--max-turns %d: must be at least 1", f.maxTurns)
	}
	if f.maxTurns > 0 {
		cfg.Agent.MaxTurns = f.maxTurns
	}
	return nil
}

func (a *app) run(c *cobra.Command, f runFlags, task string) error {
	ctx := c.Context()
	var sink agent.Sink
	if f.json {
		sink = printer.NewJSON(a.stdout)
	} else {
		sink = printer.NewText(a.stdout, a.stderr, a.colorful(a.stderr))
	}
	var approver agent.Approver = agent.DenyAll{}
	if in, ok := a.stdin.(*os.File); ok && term.IsTerminal(int(in.Fd())) {
		approver = printer.NewAsker(a.stdin, a.stderr)
	}

	cfg, _, root, err := a.loadEffective(f)
	if err != nil {
		return err
	}
	w, err := a.wire(cfg, root, approver, sink)
	if err != nil {
		return err
	}
	defer w.Close()

	out, err := w.agent.Run(ctx, task)
	switch {
	case out.Status == agent.StatusCancelled:
		return &exitError{code: exitInterrupted}
	case err != nil:
		// The error event already reached the sink; in text mode it is on
		// stderr, so say nothing twice.
		if f.json {
			return &exitError{code: exitFailed, err: err}
		}
		return &exitError{code: exitFailed}
	case out.Status == agent.StatusTurnLimit:
		return &exitError{code: exitTurnLimit}
	case out.Denied+out.Blocked > 0:
		return &exitError{code: exitRefused}
	}
	return nil
}

// colorful reports whether w is a terminal and NO_COLOR is unset.
func (a *app) colorful(w any) bool {
	if a.getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
