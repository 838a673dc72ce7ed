package isolate

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// Work is what one provider did in its clone.
type Work struct {
	// Provider is whose clone it is; Dir is where the clone is.
	Provider, Dir string
	// Files are the paths changed, relative to the root.
	Files []string
	// Patch is a binary diff from the Baseline, and Stat its diffstat;
	// both are empty when nothing changed.
	Patch, Stat []byte
}

// Summary is the last line of the diffstat ("2 files changed, ..."), or
// "no changes".
func (w Work) Summary() string {
	lines := strings.Split(strings.TrimSpace(string(w.Stat)), "\n")
	if s := strings.TrimSpace(lines[len(lines)-1]); s != "" {
		return s
	}
	return "no changes"
}

// Diff reads provider's work in its clone, staging everything in the
// clone's own index so that new files are part of it. It returns an error
// wrapping ErrNoClone when provider has none.
func (s Set) Diff(ctx context.Context, provider string) (Work, error) {
	w := Work{Provider: provider, Dir: s.Dir(provider)}
	if !s.Has(provider) {
		return w, fmt.Errorf("%s: %w", provider, ErrNoClone)
	}
	if _, err := git(ctx, w.Dir, "add", "-A"); err != nil {
		return w, err
	}
	var err error
	if w.Patch, err = git(ctx, w.Dir, "diff", "--cached", "--binary", Baseline); err != nil {
		return w, err
	}
	if w.Stat, err = git(ctx, w.Dir, "diff", "--cached", "--stat", Baseline); err != nil {
		return w, err
	}
	names, err := git(ctx, w.Dir, "diff", "--cached", "--name-only", Baseline)
	if err != nil {
		return w, err
	}
	w.Files = strings.Fields(string(names))
	return w, nil
}

// Check returns an error saying so, changing nothing, when w does not
// apply cleanly to root as it is now.
func Check(ctx context.Context, root string, w Work) error {
	if _, err := gitIn(ctx, root, w.Patch, "apply", "--check", "--binary"); err != nil {
		return fmt.Errorf("not applied: the project changed since %s started, in a way that conflicts with its changes (%v); its worktree is kept at %s", w.Provider, err, w.Dir)
	}
	return nil
}

// Apply applies w, checked with Check, to root, then removes its clone:
// the work is in the project now. Work with no changes only removes the
// clone. When git refuses, the clone is kept and the error says where.
func Apply(ctx context.Context, root string, w Work) error {
	if len(w.Patch) > 0 {
		if _, err := gitIn(ctx, root, w.Patch, "apply", "--binary"); err != nil {
			return fmt.Errorf("not applied: %w; its worktree is kept at %s", err, w.Dir)
		}
	}
	return Drop(w.Dir)
}

// Drop removes the clone at dir, with whatever it holds.
func Drop(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("remove worktree: %w", err)
	}
	return nil
}

// DropUnchanged removes the clones among names that hold no work, so they
// do not block the next run, and returns the others (those that could
// not be read included), in order.
func (s Set) DropUnchanged(ctx context.Context, names []string) []string {
	var left []string
	for _, n := range names {
		if !s.Has(n) {
			continue
		}
		if w, err := s.Diff(ctx, n); err == nil && len(w.Patch) == 0 {
			os.RemoveAll(w.Dir)
			continue
		}
		left = append(left, n)
	}
	return left
}

// Report writes to out each provider's diffstat and how to take or drop
// it.
func (s Set) Report(ctx context.Context, out io.Writer, names []string) {
	for _, n := range names {
		w, err := s.Diff(ctx, n)
		switch {
		case err != nil:
			fmt.Fprintf(out, "%s: cannot read its worktree: %v\n", n, err)
		case len(w.Stat) == 0:
			fmt.Fprintf(out, "%s: no changes\n", n)
		default:
			fmt.Fprintf(out, "%s: changes in %s\n%s", n, w.Dir, Indent(w.Stat))
		}
	}
	fmt.Fprintln(out, "Take one provider's changes with 'agent apply PROVIDER'; drop them all with 'agent worktrees clean'.")
}

// Indent indents every line of b by two spaces, for a diffstat under its
// heading.
func Indent(b []byte) string {
	var out strings.Builder
	for line := range strings.Lines(string(b)) {
		out.WriteString("  " + line)
	}
	return out.String()
}
