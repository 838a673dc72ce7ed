package agent

import (
	"context"
	"fmt"

	"github.com/agentcli/agent/classify"
)

// Checkpointer records the files of the project root before an action that
// may change them, so that a person can take the action back (see package
// tools/checkpoint, and `agent undo`).
type Checkpointer interface {
	// Checkpoint records the files as they are now, labelled with the
	// action about to run, and returns the checkpoint's id. It blocks
	// while it works and must be safe for concurrent use (several agents
	// share one). When ctx is cancelled it returns promptly with an error.
	Checkpoint(ctx context.Context, label string) (id string, err error)
}

// changesFiles reports whether an approved call of this kind and level may
// change files, and so needs a checkpoint first: every write, edit and
// delete, and every shell or git command or MCP call that is not safe.
func changesFiles(k classify.Kind, lvl *classify.Level) bool {
	switch k {
	case classify.Write, classify.Delete:
		return true
	case classify.Shell, classify.Git, classify.MCP:
		return lvl == nil || *lvl > classify.Safe
	}
	return false
}

// checkpoint records the files before info runs, when Options.Checkpointer
// is set and the call may change files, and publishes an EventCheckpoint. A
// failure does not stop the action, which was approved: the event carries
// the error, so the person knows this one cannot be undone.
func (a *Agent) checkpoint(ctx context.Context, turn int, info CallInfo, k classify.Kind) {
	if a.opts.Checkpointer == nil || !changesFiles(k, info.Level) {
		return
	}
	label := fmt.Sprintf("%s: %s (%s)", info.Tool, info.Summary, a.opts.Provider.Name())
	id, err := a.opts.Checkpointer.Checkpoint(ctx, label)
	e := Event{Type: EventCheckpoint, Turn: turn, Call: &info, Checkpoint: id}
	if err != nil {
		e.Error = fmt.Sprintf("no checkpoint before %s, it cannot be undone: %v", info.Tool, err)
	}
	a.publish(e)
}
