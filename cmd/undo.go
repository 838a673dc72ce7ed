package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/tools/checkpoint"
)

// undoFlags choose what agent undo restores.
type undoFlags struct {
	session string
	to      int
	yes     bool
	list    bool
}

func (a *app) undoCommand() *cobra.Command {
	var f undoFlags
	c := &cobra.Command{
		Use:   "undo",
		Short: "Restore the files to a checkpoint taken before an agent's action",
		Long: `Before every approved action that can change files (writes, edits, deletes,
and every shell or git command that is not safe) agent records a checkpoint
of the project: every file git does not ignore, tracked or not, kept in a
shadow repository under $XDG_STATE_HOME/agent/checkpoints. Your own .git,
index, branches and stash are never touched, and the project need not be a
git repository.

Undo shows the diff from the files as they are to the checkpoint and asks
before it changes anything; without a terminal it restores only with --yes.
By default it restores the state before the latest action of the session
that changed something; undo again to go one action further back. --to N
restores checkpoint N (see --list). The files as they were before the undo
are recorded as a checkpoint too, so an undo can be undone.

Files git ignores are never restored nor removed.`,
		Example: `  agent undo               # take back the last change of this project's latest session
  agent undo --list        # the checkpoints, each with the action that followed
  agent undo --to 3 --yes  # restore checkpoint 3 without asking`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.undo(c, f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.session, "session", "", "the session whose checkpoints to use (default: the latest session of the project root)")
	fl.IntVar(&f.to, "to", 0, "restore checkpoint N (default: the state before the last action that changed files)")
	fl.BoolVar(&f.yes, "yes", false, "restore without asking")
	fl.BoolVar(&f.list, "list", false, "list the session's checkpoints and exit")
	return c
}

func (a *app) undo(c *cobra.Command, f undoFlags) error {
	if f.to < 0 {
		return usageError("--to %d: checkpoints are numbered from 1", f.to)
	}
	dir := sessionsDir(a.getenv)
	var e session.Entry
	var err error
	if f.session != "" {
		e, err = a.findSession(f.session)
	} else {
		root, rerr := a.projectRoot()
		if rerr != nil {
			return rerr
		}
		e, err = session.Latest(dir, canonicalRoot(root))
		if errors.Is(err, session.ErrNotFound) {
			return usageError("no session recorded in %s: nothing to undo (see agent sessions)", root)
		}
	}
	if err != nil {
		return failureIf(err)
	}
	s, err := session.Summarize(e)
	if err != nil {
		return failure(err)
	}
	store, err := a.openCheckpoints(s.Root)
	if err != nil {
		return failure(err)
	}
	cs := store.Session(e.ID)
	ctx := c.Context()
	if f.list {
		return a.listCheckpoints(ctx, cs, s)
	}
	u, err := cs.Preview(ctx, f.to)
	switch {
	case errors.Is(err, checkpoint.ErrNothingToUndo):
		fmt.Fprintf(a.stdout, "Nothing to undo in session %s: %v.\n", e.ID, errors.Unwrap(err))
		return nil
	case errors.Is(err, checkpoint.ErrNotFound):
		return usageError("--to %d: %v (see agent undo --list)", f.to, err)
	case err != nil:
		return failure(err)
	}
	fmt.Fprintf(a.stdout, "Restore %s to checkpoint %d of session %s, taken %s before:\n  %s\n\n",
		s.Root, u.Target.N, e.ID, u.Target.Time.Local().Format("2006-01-02 15:04:05"), firstLine(u.Target.Label))
	for _, ch := range u.Changes {
		fmt.Fprintf(a.stdout, "  %s %s\n", changeWord(ch.Status), ch.Path)
	}
	fmt.Fprintf(a.stdout, "\n%s", u.Diff)
	if !f.yes {
		if !a.hasTerminal() {
			fmt.Fprintln(a.stderr, "agent: nothing was restored: there is no terminal to ask; run again with --yes to restore")
			return &exitError{code: exitRefused}
		}
		fmt.Fprintf(a.stderr, "Restore these %s? [y/N] ", files(len(u.Changes)))
		answer, _ := bufio.NewReader(a.stdin).ReadString('\n')
		if ans := strings.ToLower(strings.TrimSpace(answer)); ans != "y" && ans != "yes" {
			fmt.Fprintln(a.stderr, "Nothing was restored.")
			return &exitError{code: exitRefused}
		}
	}
	marker, err := cs.Apply(ctx, u)
	if errors.Is(err, checkpoint.ErrChanged) {
		return failure(fmt.Errorf("nothing was restored: %w; run agent undo again to see the new diff", err))
	}
	if err != nil {
		return failure(err)
	}
	fmt.Fprintf(a.stdout, "Restored %s to checkpoint %d. To take this undo back: agent undo --session %s --to %d\n",
		files(len(u.Changes)), u.Target.N, e.ID, marker.N)
	return nil
}

func (a *app) listCheckpoints(ctx context.Context, cs *checkpoint.Session, s session.Summary) error {
	cps, err := cs.List(ctx)
	if err != nil {
		return failure(err)
	}
	if len(cps) == 0 {
		fmt.Fprintf(a.stdout, "Session %s has no checkpoints: no action changed files.\n", s.ID)
		return nil
	}
	fmt.Fprintf(a.stdout, "Checkpoints of session %s in %s; each holds the files as they were before the action:\n", s.ID, s.Root)
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	for _, cp := range cps {
		label := firstLine(cp.Label)
		if cp.UndoOf > 0 {
			label = fmt.Sprintf("(before an undo to %d)", cp.UndoOf)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\n", cp.N, cp.Time.Local().Format("2006-01-02 15:04:05"), label)
	}
	return failureIf(tw.Flush())
}

// changeWord says what an undo does to a file, from git's status letter.
func changeWord(status string) string {
	switch status {
	case "A":
		return "restore"
	case "D":
		return "remove "
	case "M":
		return "revert "
	}
	return "change "
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// files counts files in words: "1 file", "3 files".
func files(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}
