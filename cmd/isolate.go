package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentcli/agent/tools/isolate"
)

// clones are the --isolate clones of root, under the state directory.
func (a *app) clones(root string) isolate.Set {
	return isolate.For(stateDir(a.getenv), root)
}

// isolate makes one clone of root per provider in names (see
// isolate.Make): a root with no commit, or a provider whose clone of an
// earlier run is still there, is a usage error.
func (a *app) isolate(ctx context.Context, root string, names []string) (isolate.Set, error) {
	set := a.clones(root)
	err := isolate.Make(ctx, root, set, names)
	var left *isolate.LeftOverError
	switch {
	case errors.Is(err, isolate.ErrNotARepo):
		return set, usageError("--isolate needs a git repository with at least one commit: %v", err)
	case errors.As(err, &left):
		return set, usageError("%v: take it with 'agent apply %s' or drop it with 'agent worktrees clean'", err, left.Provider)
	case err != nil:
		return set, failure(fmt.Errorf("--isolate: %w", err))
	}
	return set, nil
}
