package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tui"
)

// screenWorktrees are the copies of an --isolate screen, for /compare and
// /apply: the same worktrees, diffs and apply as 'agent run --isolate'
// and 'agent apply'.
type screenWorktrees struct {
	iso   *isolation
	root  string
	names []string // in panel order
	// undo takes the checkpoint before an /apply, in the screen session's
	// chain, so /undo and 'agent undo' take it back; nil: none is taken.
	undo agent.Checkpointer
}

// Changes implements tui.Worktrees: each provider's work so far, skipping
// copies already applied or cleaned.
func (s *screenWorktrees) Changes(ctx context.Context) ([]tui.Changes, error) {
	var out []tui.Changes
	for _, n := range s.names {
		dir := s.iso.dir(n)
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		out = append(out, changesIn(ctx, n, dir))
	}
	return out, nil
}

// changesIn reads provider's work in its worktree dir.
func changesIn(ctx context.Context, provider, dir string) tui.Changes {
	c := tui.Changes{Provider: provider, Dir: dir}
	patch, stat, err := worktreeDiff(ctx, dir)
	if err != nil {
		c.Err = err
		return c
	}
	c.Stat, c.Diff = string(stat), string(patch)
	// worktreeDiff staged everything, new files included.
	names, err := git(ctx, dir, "diff", "--cached", "--name-only", baseline)
	if err != nil {
		c.Err = err
		return c
	}
	c.Files = strings.Fields(string(names))
	return c
}

// Apply implements tui.Worktrees with the checks and the apply of
// 'agent apply PROVIDER --yes'.
func (s *screenWorktrees) Apply(ctx context.Context, provider string) (tui.Changes, error) {
	dir := s.iso.dir(provider)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return tui.Changes{}, fmt.Errorf("%s: %w of %s (applied or cleaned already)", provider, errNoWorktree, s.root)
	}
	c := changesIn(ctx, provider, dir)
	if c.Err != nil {
		return tui.Changes{}, fmt.Errorf("%s's worktree: %w", provider, c.Err)
	}
	if c.Diff == "" {
		return c, removeWorktree(dir)
	}
	if err := checkPatch(ctx, s.root, provider, dir, []byte(c.Diff)); err != nil {
		return tui.Changes{}, err
	}
	if s.undo != nil {
		if _, err := s.undo.Checkpoint(ctx, "apply "+provider+"'s changes"); err != nil {
			return tui.Changes{}, fmt.Errorf("not applied: no checkpoint could be taken, so undo could not take the changes back (%v); the worktree is kept", err)
		}
	}
	return c, applyPatch(ctx, s.root, dir, []byte(c.Diff))
}

// finish runs when the screen closes: copies with no changes are removed,
// so they do not block the next --isolate run; the others are listed on
// w with their diffstat, left for 'agent apply' or 'agent worktrees clean'.
func (s *screenWorktrees) finish(w io.Writer) {
	ctx := context.Background()
	var left []string
	for _, n := range s.names {
		dir := s.iso.dir(n)
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if patch, _, err := worktreeDiff(ctx, dir); err == nil && len(patch) == 0 {
			os.RemoveAll(dir)
			continue
		}
		left = append(left, n)
	}
	if len(left) > 0 {
		s.iso.report(w, left)
	}
}
