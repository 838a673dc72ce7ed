package cmd

import (
	"fmt"
	"os"

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
	// maxTokens is --max-tokens, used when maxTokensSet says it was given.
	maxTokens    int
	maxTokensSet bool
	json         bool
	// isolate is --isolate: each provider of a --provider a,b run works
	// in its own worktree.
	isolate bool
}

func (a *app) runCommand() *cobra.Command {
	var f runFlags
	c := &cobra.Command{
		Use:   "run [flags] [\"task\" [-] | -]",
		Short: "Work on one task headless and exit",
		Long: `Run gives the task to the provider and works on it without a screen: the
assistant's text goes to stdout, one line per tool call to stderr (or, with
--json, one JSON event per line to stdout).

The task is the arguments; with - or none while stdin is not a terminal, it
is read from stdin. Input piped to a task given as arguments is added below
it ("cat log | agent run explain"); past 256 KiB it is cut, and said. A pipe
where nothing arrives within 200ms is not waited for (said on stderr); a -
after the task waits for stdin to end ("go test | agent run explain -").

A bare --resume goes on with the latest session of the project root, and
the arguments are the task; "--resume ID task" names the session.

Actions up to the --yes level run at once; blocked actions never run. Any
other action is asked on the terminal when stdin is one; without a terminal it
is denied, and the model is told it was denied by policy and why, so it can
try another way.

Exit codes:
  0    finished
  1    the run failed (provider unreachable, bad key, bad config, or the
       session log could not be written)
  2    usage error
  3    finished, but at least one action was denied or blocked
  4    stopped at a limit: the turn limit (--max-turns), the token budget
       (--max-tokens), or the model's output token limit (its last reply
       was cut, so the answer is incomplete)
  130  interrupted (SIGINT or SIGTERM): the running command is stopped and
       the model's unanswered calls are recorded as cancelled

With --provider a,b the providers work at once, in the same root (their
conflicting calls queue) or, with --isolate, each in its own clone of the project. Text
lines are prefixed with the provider's name; JSON events carry it in
"provider". Each provider's figures go to stderr at the end, and the exit
code is the worst of theirs: 130, then 1, then 4, then 3.`,
		Example: `  agent run --yes-safe "run the tests and explain any failure"
  agent run --provider deepseek --yes warning "add a --verbose flag"
  agent run --json --yes-safe "list the TODOs" | jq .
  go test ./... 2>&1 | agent run --yes-safe "explain the failures"
  agent run --resume "and now the docs"
  agent run --provider a,b --yes-safe "find the slowest test"
  agent run --isolate --provider a,b --yes warning "fix the flaky test"`,
		RunE: func(c *cobra.Command, args []string) error {
			f.maxTokensSet = c.Flags().Changed("max-tokens")
			task, err := a.runTask(c, args)
			if err != nil {
				return err
			}
			return a.run(c, f, task)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.yes, "yes", "", "auto-approve actions up to and including LEVEL: safe, warning or dangerous (blocked never runs)")
	fl.BoolVar(&f.yesSafe, "yes-safe", false, "short for --yes safe")
	fl.IntVar(&f.maxTurns, "max-turns", 0, "stop after this many requests to the provider (default from config: 25)")
	fl.IntVar(&f.maxTokens, "max-tokens", 0, "stop once the provider reports this many tokens (input and output) for the task; 0 means no budget (default from config: 0)")
	fl.BoolVar(&f.json, "json", false, "write one JSON event per line to stdout instead of text")
	fl.BoolVar(&f.isolate, "isolate", false, "with several providers, give each its own clone of the project (HEAD plus the uncommitted changes), and leave their changes for 'agent apply PROVIDER'")
	fl.StringVar(&a.resume, "resume", "", "continue session ID (see agent sessions), or with no value the latest session of the project root: each provider's conversation is rebuilt from it, and the task is its next message")
	fl.Lookup("resume").NoOptDefVal = resumeLatest
	return a.providerFlags(c)
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
	if f.maxTokensSet {
		if f.maxTokens < 0 {
			return usageError("--max-tokens %d: want 0 (no budget) or more", f.maxTokens)
		}
		cfg.Agent.MaxTokensPerRun = f.maxTokens
	}
	return nil
}

func (a *app) run(c *cobra.Command, f runFlags, task string) error {
	names, err := a.panelProviders()
	if err != nil {
		return err
	}
	if len(names) > 1 || f.isolate {
		if len(names) < 2 {
			return usageError("--isolate compares several providers: name them with --provider a,b")
		}
		return a.runMulti(c, f, names, task)
	}
	if len(names) == 1 {
		a.provider = names[0]
	}
	var sink agent.Sink
	if f.json {
		sink = printer.NewJSON(a.stdout)
	} else {
		sink = printer.NewText(a.stdout, a.stderr, a.colorful(a.stderr))
	}
	sink = exitCodeSink{sink}
	var approver agent.Approver = agent.DenyAll{}
	if in, ok := a.stdin.(*os.File); ok && term.IsTerminal(int(in.Fd())) {
		a.rules = new(agent.SessionRules)
		approver = printer.NewSessionAsker(a.stdin, a.stderr, a.rules)
	}

	cfg, files, root, err := a.loadEffective(f)
	if err != nil {
		return err
	}
	for _, n := range files.ignoredNotes() {
		fmt.Fprintf(a.stderr, "agent: %s\n", n)
	}
	probeSandbox()
	if err := a.openSession(&cfg, root, "run"); err != nil {
		return err
	}
	defer a.closeSession()
	ctx, stop := a.session.guard(c.Context())
	defer stop()
	w, err := a.wire(cfg, root, approver, sink)
	if err != nil {
		return err
	}
	defer w.Close()
	for _, n := range w.notes {
		fmt.Fprintf(a.stderr, "agent: %s\n", n)
	}

	out, err := w.agent.Run(ctx, task)
	if lost := a.session.lost(); lost != nil {
		return lost
	}
	return runEnd(runExitCode(out.Status, out.Denied+out.Blocked), err, f.json)
}

// runExitCode is the exit code of a run that ended with status after
// refused calls were denied or blocked.
func runExitCode(status agent.Status, refused int) int {
	switch status {
	case agent.StatusCancelled:
		return exitInterrupted
	case agent.StatusFailed:
		return exitFailed
	case agent.StatusTurnLimit, agent.StatusTokenLimit, agent.StatusTruncated:
		return exitLimit
	}
	if refused > 0 {
		return exitRefused
	}
	return exitOK
}

// exitCodeSink adds the exit code to the run_finished event, so a program
// reading the JSON output learns it with the rest.
type exitCodeSink struct{ agent.Sink }

// Publish passes e on, with ExitCode set on EventRunFinished.
func (s exitCodeSink) Publish(e agent.Event) {
	if e.Type == agent.EventRunFinished {
		code := runExitCode(e.Status, e.Denied+e.Blocked)
		e.ExitCode = &code
	}
	s.Sink.Publish(e)
}

// colorful reports whether w is a terminal and NO_COLOR is unset.
func (a *app) colorful(w any) bool {
	if a.getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
