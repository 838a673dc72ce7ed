package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"
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
says which files. Once applied, the worktree is removed.`,
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
	dir := (&isolation{base: a.worktreesDir(root)}).dir(provider)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) || strings.ContainsAny(provider, `/\`) {
		return usageError("%s: %v of %s (see 'agent worktrees')", provider, errNoWorktree, root)
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
	if err := applyPatch(ctx, root, dir, patch); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "Applied %s's changes to %s.\n", provider, root)
	return nil
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
