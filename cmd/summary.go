package cmd

import (
	"errors"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent/session"
)

func (a *app) summaryCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "summary [FILE]",
		Short: "Write a Markdown summary of an agent run --json output, for a CI job",
		Long: `Summary reads the JSON Lines that 'agent run --json' printed (or a session
file) from FILE, or from stdin when FILE is - or missing, and writes a short
Markdown report of each provider's run: how it ended and its exit code, the
task, the answer, every tool call with its level, decision and result, the
calls refused, errors, and the tokens and cost. On GitHub Actions, append it
to $GITHUB_STEP_SUMMARY (the agent Action does). Secrets are redacted from
what it writes, as in 'agent sessions show'.

It exits 1 when the input holds no event (a run without --json).`,
		Example: `  agent run --json --yes safe "review this change" > events.jsonl
  agent summary events.jsonl >> "$GITHUB_STEP_SUMMARY"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			in := a.stdin
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return usageError("%s: %v", args[0], errors.Unwrap(err))
				}
				defer f.Close()
				in = f
			}
			return a.redacted(func(w io.Writer) error {
				return failureIf(session.WriteRunSummary(w, in))
			})
		},
	}
}
