package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/tools/isolate"
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
	w, err := a.clones(root).Diff(ctx, provider)
	if errors.Is(err, isolate.ErrNoClone) {
		fmt.Fprintf(a.stdout, "Nothing to apply: %s has no worktree of %s (applied or cleaned already, or never run with --isolate; see 'agent worktrees').\n", provider, root)
		return nil
	}
	if err != nil {
		return failure(fmt.Errorf("%s's worktree: %w", provider, err))
	}
	if len(w.Patch) == 0 {
		fmt.Fprintf(a.stdout, "%s made no changes; its worktree is removed.\n", provider)
		return failureIf(isolate.Drop(w.Dir))
	}
	fmt.Fprintf(a.stdout, "%s changed:\n%s", provider, isolate.Indent(w.Stat))
	if err := isolate.Check(ctx, root, w); err != nil {
		return failure(err)
	}
	if !yes && !a.confirm(fmt.Sprintf("Apply these changes to %s?", root)) {
		fmt.Fprintln(a.stdout, "Not applied; the worktree is kept.")
		return &exitError{code: exitRefused}
	}
	rec, err := a.checkpointApply(ctx, root, provider, w.Stat)
	if err != nil {
		return err
	}
	err = isolate.Apply(ctx, root, w)
	status := agent.StatusFinished
	if err != nil {
		status = agent.StatusFailed
	}
	rec.Publish(agent.Event{Type: agent.EventRunFinished, Provider: provider, Status: status, Time: time.Now()})
	if cerr := rec.Close(); cerr != nil {
		fmt.Fprintf(a.stderr, "agent: the session was not fully recorded: %v\n", cerr)
	}
	if err != nil {
		return failure(err)
	}
	fmt.Fprintf(a.stdout, "Applied %s's changes to %s; 'agent undo' takes them back.\n", provider, root)
	return nil
}

// confirm asks question on stdout and reads the answer from stdin: only
// y or yes is yes; anything else, or no answer, is no.
func (a *app) confirm(question string) bool {
	fmt.Fprintf(a.stdout, "%s [y/N] ", question)
	line, _ := bufio.NewReader(a.stdin).ReadString('\n')
	ans := strings.ToLower(strings.TrimSpace(line))
	return ans == "y" || ans == "yes"
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
			set := a.clones(root)
			names := set.Providers()
			if len(names) == 0 {
				fmt.Fprintf(a.stdout, "No worktrees for %s.\n", root)
				return nil
			}
			for _, n := range names {
				w, err := set.Diff(c.Context(), n)
				if err != nil {
					fmt.Fprintf(a.stdout, "%s\t%s\tunreadable: %v\n", n, w.Dir, err)
					continue
				}
				fmt.Fprintf(a.stdout, "%s\t%s\t%s\n", n, w.Dir, w.Summary())
			}
			return nil
		},
	}
	var yes bool
	clean := &cobra.Command{
		Use:   "clean",
		Short: "Remove every worktree of this project, dropping their changes",
		Long: `Clean removes every clone 'agent run --isolate' left for this project.
When one still holds changes, it lists them and asks y/N on stdin first,
unless --yes is given; declined, nothing is removed and it exits 3.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.cleanWorktrees(c.Context(), yes) },
	}
	clean.Flags().BoolVar(&yes, "yes", false, "remove without asking, changes and all")
	c.AddCommand(clean)
	return c
}

// cleanWorktrees removes every clone of the project root, asking first,
// unless yes, when one holds changes that would be lost.
func (a *app) cleanWorktrees(ctx context.Context, yes bool) error {
	root, err := a.projectRoot()
	if err != nil {
		return err
	}
	set := a.clones(root)
	names := set.Providers()
	var changed []string
	for _, n := range names {
		w, err := set.Diff(ctx, n)
		switch {
		case err != nil:
			changed = append(changed, fmt.Sprintf("  %s: unreadable (%v)", n, err))
		case len(w.Patch) > 0:
			changed = append(changed, fmt.Sprintf("  %s: %s", n, w.Summary()))
		}
	}
	if len(changed) > 0 && !yes {
		fmt.Fprintf(a.stdout, "These worktrees of %s hold changes that would be lost:\n%s\n", root, strings.Join(changed, "\n"))
		if !a.confirm("Remove them all?") {
			fmt.Fprintln(a.stdout, "Nothing removed; take one with 'agent apply PROVIDER'.")
			return &exitError{code: exitRefused}
		}
	}
	if err := set.RemoveAll(); err != nil {
		return failure(err)
	}
	noun := "worktrees"
	if len(names) == 1 {
		noun = "worktree"
	}
	fmt.Fprintf(a.stdout, "Removed %d %s of %s.\n", len(names), noun, root)
	return nil
}
