package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools/isolate"
	"github.com/agentcli/agent/tui"
)

// screenWorktrees are the clones of an --isolate screen, for /compare and
// /apply: the same clones, diffs and apply as 'agent run --isolate' and
// 'agent apply'.
type screenWorktrees struct {
	set   isolate.Set
	root  string
	names []string // in panel order
	// undo takes the checkpoint before an /apply, in the screen session's
	// chain, so /undo and 'agent undo' take it back; nil: none is taken.
	undo agent.Checkpointer
}

// Changes implements tui.Worktrees: each provider's work so far, skipping
// clones already applied or cleaned.
func (s *screenWorktrees) Changes(ctx context.Context) ([]tui.Changes, error) {
	var out []tui.Changes
	for _, n := range s.names {
		if !s.set.Has(n) {
			continue
		}
		w, err := s.set.Diff(ctx, n)
		out = append(out, screenChanges(w, err))
	}
	return out, nil
}

// screenChanges is w as the screen shows it.
func screenChanges(w isolate.Work, err error) tui.Changes {
	if err != nil {
		return tui.Changes{Provider: w.Provider, Dir: w.Dir, Err: err}
	}
	return tui.Changes{Provider: w.Provider, Dir: w.Dir, Files: w.Files, Stat: string(w.Stat), Diff: string(w.Patch)}
}

// Apply implements tui.Worktrees with the checks and the apply of
// 'agent apply PROVIDER --yes'.
func (s *screenWorktrees) Apply(ctx context.Context, provider string) (tui.Changes, error) {
	w, err := s.set.Diff(ctx, provider)
	if errors.Is(err, isolate.ErrNoClone) {
		return tui.Changes{}, fmt.Errorf("%w of %s (applied or cleaned already)", err, s.root)
	}
	if err != nil {
		return tui.Changes{}, fmt.Errorf("%s's worktree: %w", provider, err)
	}
	if len(w.Patch) == 0 {
		return screenChanges(w, nil), isolate.Drop(w.Dir)
	}
	if err := isolate.Check(ctx, s.root, w); err != nil {
		return tui.Changes{}, err
	}
	if s.undo != nil {
		if _, err := s.undo.Checkpoint(ctx, "apply "+provider+"'s changes"); err != nil {
			return tui.Changes{}, fmt.Errorf("not applied: no checkpoint could be taken, so undo could not take the changes back (%v); the worktree is kept", err)
		}
	}
	return screenChanges(w, nil), isolate.Apply(ctx, s.root, w)
}

// finish runs when the screen closes: clones with no changes are removed,
// so they do not block the next --isolate run; the others are listed on
// out with their diffstat, left for 'agent apply' or 'agent worktrees clean'.
func (s *screenWorktrees) finish(out io.Writer) {
	ctx := context.Background()
	if left := s.set.DropUnchanged(ctx, s.names); len(left) > 0 {
		s.set.Report(ctx, out, left)
	}
}
