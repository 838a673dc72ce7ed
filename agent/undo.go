package agent

import (
	"context"

	"github.com/agentcli/agent/tools/checkpoint"
)

// The agent owns undo as it owns taking checkpoints: the screen's /undo and
// /checkpoints reach the checkpoints (package tools/checkpoint) through
// these names, never directly.
type (
	// Checkpoint is one recorded state of the project's files.
	Checkpoint = checkpoint.Checkpoint
	// Undo is what restoring a checkpoint would change, shown before it
	// is applied.
	Undo = checkpoint.Undo
)

// ErrNothingToUndo is Undoer.Preview's error when the files already match
// the checkpoint.
var ErrNothingToUndo = checkpoint.ErrNothingToUndo

// Undoer is a session's chain of checkpoints, which a person can go back
// along; *checkpoint.Session implements it. Its methods do I/O and block
// while they work; when ctx is cancelled they return promptly with an
// error.
type Undoer interface {
	// List returns the session's checkpoints, oldest first.
	List(ctx context.Context) ([]Checkpoint, error)
	// Preview returns what restoring checkpoint n would change (n 0:
	// the last checkpoint that differs from the files), without changing
	// anything; ErrNothingToUndo when the files already match.
	Preview(ctx context.Context, n int) (*Undo, error)
	// Apply restores u's checkpoint as previewed, first recording the
	// files as they are (so the undo can be undone), and returns that new
	// checkpoint; it changes nothing if the files changed since Preview.
	Apply(ctx context.Context, u *Undo) (Checkpoint, error)
}
