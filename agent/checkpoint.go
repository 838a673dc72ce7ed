package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
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
// is set and the call may change files, and publishes an EventCheckpoint.
// When no checkpoint can be taken it returns why, and the action must not
// run unless a person approved it knowing that (noUndoOK): undo would not
// take it back. The event carries the error either way.
func (a *Agent) checkpoint(ctx context.Context, turn int, info CallInfo, k classify.Kind, noUndoOK bool) (failed string) {
	if a.opts.Checkpointer == nil || !changesFiles(k, info.Level) {
		return ""
	}
	label := fmt.Sprintf("%s: %s (%s)", info.Tool, info.Summary, a.opts.Provider.Name())
	id, err := a.opts.Checkpointer.Checkpoint(ctx, label)
	e := Event{Type: EventCheckpoint, Turn: turn, Call: &info, Checkpoint: id}
	if err != nil {
		failed = Clip(err.Error(), maxEcho)
		if noUndoOK {
			e.Error = fmt.Sprintf("no checkpoint before %s, it cannot be undone: %s", info.Tool, failed)
		} else {
			e.Error = fmt.Sprintf("no checkpoint could be taken before %s (%s): it does not run unless a person approves it without undo", info.Tool, failed)
		}
	}
	a.publish(e)
	if noUndoOK {
		return ""
	}
	return failed
}

// noUndoNote is the undo line of a request asked again because no
// checkpoint could be taken.
func noUndoNote(why string) string {
	return "NOT covered by undo: no checkpoint could be taken (" + why + ")"
}

// IgnoreChecker is implemented by a Checkpointer that can say which paths
// its checkpoints leave out (files git ignores), so that a person asked to
// approve an action is told what `agent undo` cannot take back.
type IgnoreChecker interface {
	// Ignored returns those of paths (absolute) that a checkpoint would
	// not record. It blocks briefly; paths outside the root are not
	// returned. An error, even for no paths, means checkpoints may not
	// be taken at all.
	Ignored(ctx context.Context, paths []string) ([]string, error)
}

// undoNote says, for a call about to be asked about, whether `agent undo`
// can take it back and, when not all of it, what it cannot: paths git
// ignores, paths outside the project, git's own history, and the network.
// Empty for a call that changes no files. unavailable reports that
// checkpoints cannot be taken at all.
func (a *Agent) undoNote(ctx context.Context, plan *tools.Plan, v classify.Verdict) (note string, unavailable bool) {
	k := plan.Action.Kind
	if !changesFiles(k, &v.Level) {
		return "", false
	}
	if a.opts.Checkpointer == nil {
		return "not covered by undo: no checkpoints are taken in this run", false
	}
	root := plan.Action.Root
	var inside, outside []string
	for _, p := range v.Writes {
		if p == root || strings.HasPrefix(p, root+string(filepath.Separator)) {
			inside = append(inside, p)
		} else {
			outside = append(outside, p)
		}
	}
	var notes []string
	if ic, ok := a.opts.Checkpointer.(IgnoreChecker); ok {
		ignored, err := ic.Ignored(ctx, inside)
		switch {
		case err != nil:
			return noUndoNote(Clip(err.Error(), maxEcho)), true
		case len(ignored) > 0:
			notes = append(notes, shownPaths(root, ignored)+" "+isAre(len(ignored))+" ignored by git: not covered by undo")
		}
	}
	if len(outside) > 0 {
		notes = append(notes, shownPaths(root, outside)+" "+isAre(len(outside))+" outside the project: not covered by undo")
	}
	if k == classify.Git {
		notes = append(notes, "undo restores the files, not git's history (commits, branches, the index)")
	}
	if k == classify.MCP {
		// The server runs outside the sandbox and the checkpoint: only
		// the project's own files are recorded before the call.
		notes = append(notes, "undo restores only the project's files that git does not ignore; what the MCP server changes elsewhere (its own data, other files, remote services) cannot be taken back")
	}
	if plan.Network {
		notes = append(notes, "what it sends over the network cannot be taken back")
	}
	if len(notes) == 0 {
		what := "agent undo can take it back"
		if k == classify.Shell {
			what += " (the project's files that git does not ignore)"
		}
		return what, false
	}
	return strings.Join(notes, "; "), false
}

// shownPaths names paths for a person: relative to the root when inside
// it, a directory with a trailing slash, at most three and a count.
func shownPaths(root string, paths []string) string {
	const most = 3
	var names []string
	for _, p := range paths[:min(len(paths), most)] {
		name := p
		if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
			name = r
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			name += "/"
		}
		names = append(names, name)
	}
	s := strings.Join(names, ", ")
	if n := len(paths) - most; n > 0 {
		s += fmt.Sprintf(" and %d more", n)
	}
	return s
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
