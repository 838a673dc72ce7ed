package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/tools/redact"
)

func (a *app) applyCommand() *cobra.Command {
	var yes bool
	c := &cobra.Command{
		Use:   "apply PROVIDER",
		Short: "Take one provider's changes from an --isolate run into the project",
		Long: `Apply takes the changes PROVIDER made in its worktree during
'agent run --isolate' and applies them to the project root. It prints the
diffstat and asks y/N on stdin, unless --yes is given. When the root changed
since in a way that conflicts with them, nothing is applied and the message
says which files. Before applying it takes a checkpoint of the project, as
any agent action does, so 'agent undo' takes the changes back. Once applied,
the worktree is removed. With no worktree of PROVIDER (nothing to apply) it
says so and exits 0.

Exit codes:
  0  applied, or nothing to apply
  1  not applied: the changes conflict with the project, or a checkpoint
     or git failed (the worktree is kept)
  2  usage error
  3  not applied: you answered no (or stdin ended) at the question; the
     worktree is kept`,
		Example: `  agent run --isolate --provider a,b --yes warning "fix the flaky test"
  agent apply b`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return a.apply(c, args[0], yes) },
	}
	c.Flags().BoolVar(&yes, "yes", false, "apply without asking")
	return c
}

func (a *app) apply(c *cobra.Command, provider string, yes bool) error {
	ctx := c.Context()
	root, err := a.projectRoot()
	if err != nil {
		return err
	}
	if strings.ContainsAny(provider, `/\`) || provider == "." || provider == ".." {
		return usageError("%s: not a provider name", provider)
	}
	dir := (&isolation{base: a.worktreesDir(root)}).dir(provider)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(a.stdout, "Nothing to apply: %s has no worktree of %s (applied or cleaned already, or never run with --isolate; see 'agent worktrees').\n", provider, root)
		return nil
	}
	patch, stat, err := worktreeDiff(ctx, dir)
	if err != nil {
		return failure(fmt.Errorf("%s's worktree: %w", provider, err))
	}
	if len(patch) == 0 {
		fmt.Fprintf(a.stdout, "%s made no changes; its worktree is removed.\n", provider)
		return removeWorktree(dir)
	}
	fmt.Fprintf(a.stdout, "%s changed:\n%s", provider, indent(stat))
	if err := checkPatch(ctx, root, provider, dir, patch); err != nil {
		return err
	}
	if !yes {
		fmt.Fprintf(a.stdout, "Apply these changes to %s? [y/N] ", root)
		line, _ := bufio.NewReader(a.stdin).ReadString('\n')
		if ans := strings.ToLower(strings.TrimSpace(line)); ans != "y" && ans != "yes" {
			fmt.Fprintln(a.stdout, "Not applied; the worktree is kept.")
			return &exitError{code: exitRefused}
		}
	}
	rec, err := a.checkpointApply(ctx, root, provider, stat)
	if err != nil {
		return err
	}
	err = applyPatch(ctx, root, dir, patch)
	status := agent.StatusFinished
	if err != nil {
		status = agent.StatusFailed
	}
	rec.Publish(agent.Event{Type: agent.EventRunFinished, Provider: provider, Status: status, Time: time.Now()})
	if cerr := rec.Close(); cerr != nil {
		fmt.Fprintf(a.stderr, "agent: the session was not fully recorded: %v\n", cerr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "Applied %s's changes to %s; 'agent undo' takes them back.\n", provider, root)
	return nil
}

// checkpointApply records an apply as a session of its own, with a
// checkpoint of root taken before the changes go in, so that 'agent undo'
// (the latest session of root) takes them back. Without a checkpoint
// nothing is applied: the caller closes the returned recorder.
func (a *app) checkpointApply(ctx context.Context, root, provider string, stat []byte) (*session.Recorder, error) {
	root = canonicalRoot(root)
	info := session.Info{Root: root, Command: "apply", Version: strings.TrimPrefix(versionString(), "agent "), PID: os.Getpid()}
	rec, err := session.Create(sessionsDir(a.getenv), info, redact.New())
	if err != nil {
		return nil, failure(fmt.Errorf("not applied: %w", err))
	}
	task := "agent apply " + provider
	if lines := strings.Split(strings.TrimSpace(string(stat)), "\n"); len(lines) > 0 {
		task += ": " + strings.TrimSpace(lines[len(lines)-1])
	}
	rec.Publish(agent.Event{Type: agent.EventRunStarted, Provider: provider, Text: task, Time: time.Now()})
	var id string
	store, err := a.openCheckpoints(root)
	if err == nil {
		id, err = store.Session(rec.ID()).Checkpoint(ctx, task)
	}
	call := &agent.CallInfo{Tool: "apply", Summary: task}
	if err != nil {
		rec.Publish(agent.Event{Type: agent.EventCheckpoint, Provider: provider, Call: call, Error: err.Error(), Time: time.Now()})
		rec.Publish(agent.Event{Type: agent.EventRunFinished, Provider: provider, Status: agent.StatusFailed, Time: time.Now()})
		rec.Close()
		return nil, failure(fmt.Errorf("not applied: no checkpoint could be taken, so agent undo could not take the changes back (%v); the worktree is kept", err))
	}
	rec.Publish(agent.Event{Type: agent.EventCheckpoint, Provider: provider, Call: call, Checkpoint: id, Time: time.Now()})
	if err := rec.Err(); err != nil {
		rec.Close()
		return nil, failure(fmt.Errorf("not applied: %w", err))
	}
	return rec, nil
}

// checkPatch refuses, changing nothing, when patch (provider's work in
// its worktree dir) does not apply cleanly to root as it is now.
func checkPatch(ctx context.Context, root, provider, dir string, patch []byte) error {
	if _, err := gitIn(ctx, root, patch, "apply", "--check", "--binary"); err != nil {
		return failure(fmt.Errorf("not applied: the project changed since %s started, in a way that conflicts with its changes (%v); its worktree is kept at %s", provider, err, dir))
	}
	return nil
}

// applyPatch applies a checked patch from the worktree dir to root, then
// removes the worktree: its work is in the project now.
func applyPatch(ctx context.Context, root, dir string, patch []byte) error {
	if _, err := gitIn(ctx, root, patch, "apply", "--binary"); err != nil {
		return failure(fmt.Errorf("not applied: %w; its worktree is kept at %s", err, dir))
	}
	return removeWorktree(dir)
}

func removeWorktree(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return failure(fmt.Errorf("remove worktree: %w", err))
	}
	return nil
}

func (a *app) worktreesCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "worktrees",
		Short: "List the project clones left by 'agent run --isolate' for this project",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			root, err := a.projectRoot()
			if err != nil {
				return err
			}
			base := a.worktreesDir(root)
			entries, _ := os.ReadDir(base)
			if len(entries) == 0 {
				fmt.Fprintf(a.stdout, "No worktrees for %s.\n", root)
				return nil
			}
			for _, e := range entries {
				dir := (&isolation{base: base}).dir(e.Name())
				_, stat, err := worktreeDiff(c.Context(), dir)
				switch {
				case err != nil:
					fmt.Fprintf(a.stdout, "%s\t%s\tunreadable: %v\n", e.Name(), dir, err)
				case len(stat) == 0:
					fmt.Fprintf(a.stdout, "%s\t%s\tno changes\n", e.Name(), dir)
				default:
					lines := strings.Split(strings.TrimSpace(string(stat)), "\n")
					fmt.Fprintf(a.stdout, "%s\t%s\t%s\n", e.Name(), dir, strings.TrimSpace(lines[len(lines)-1]))
				}
			}
			return nil
		},
	}
	c.AddCommand(&cobra.Command{
		Use:   "clean",
		Short: "Remove every worktree of this project, dropping their changes",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			root, err := a.projectRoot()
			if err != nil {
				return err
			}
			base := a.worktreesDir(root)
			entries, _ := os.ReadDir(base)
			if err := os.RemoveAll(base); err != nil {
				return failure(fmt.Errorf("remove worktrees: %w", err))
			}
			fmt.Fprintf(a.stdout, "Removed %d worktrees of %s.\n", len(entries), root)
			return nil
		},
	})
	return c
}
