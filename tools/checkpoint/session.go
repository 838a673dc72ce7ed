package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Checkpoint is one recorded state of the files.
type Checkpoint struct {
	// N is the checkpoint's number in its session, from 1.
	N int `json:"n"`
	// ID is the shadow commit; Tree the state of the files it holds.
	ID   string    `json:"id"`
	Tree string    `json:"tree"`
	Time time.Time `json:"time"`
	// Label says which action followed: the tool, what it did and the
	// provider that asked.
	Label string `json:"label"`
	// UndoOf is set on the checkpoint an undo records before it restores
	// an older one: the number of the checkpoint it restored.
	UndoOf int `json:"undo_of,omitempty"`
}

// undoTrailer marks the commit message of a checkpoint an undo recorded.
const undoTrailer = "Agent-Undo-Of: "

// Session is the chain of checkpoints of one session. It implements the
// agent's Checkpointer. It is safe for concurrent use.
type Session struct {
	s   *Store
	id  string
	ref string
	// last is the chain's head as this process last wrote or read it,
	// saving a git call per checkpoint; "" means not known yet.
	last string
}

// Session returns the checkpoints of the session with this id (a session
// file's id). Nothing is written until the first Checkpoint.
func (s *Store) Session(id string) *Session {
	return &Session{s: s, id: id, ref: "refs/agent/sessions/" + id}
}

// DropSession forgets the checkpoints of session id; the files they alone
// held are removed by git's garbage collection later. Dropping a session
// that has none is not an error.
func (s *Store) DropSession(ctx context.Context, id string) error {
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	ref := "refs/agent/sessions/" + id
	if _, err := s.git(ctx, "rev-parse", "--quiet", "--verify", ref); err != nil {
		return nil
	}
	if _, err := s.git(ctx, "update-ref", "-d", ref); err != nil {
		return err
	}
	// Packs loose objects once there are many, and prunes what no ref or
	// the index reaches after git's usual grace period.
	_, err = s.git(ctx, "gc", "--auto", "--quiet")
	return err
}

// ID returns the session id.
func (c *Session) ID() string { return c.id }

// Checkpoint records the files as they are now, labelled with the action
// about to run, and returns the checkpoint's id. It blocks while the files
// are staged: on a tree that did not change, only their stat data is read.
// Cancelling ctx stops it without recording anything.
func (c *Session) Checkpoint(ctx context.Context, label string) (string, error) {
	unlock, err := c.s.lock()
	if err != nil {
		return "", err
	}
	defer unlock()
	tree, err := c.s.snapshot(ctx)
	if err != nil {
		return "", err
	}
	return c.commit(ctx, tree, label)
}

// commit records tree on the session's chain. The caller holds the lock.
func (c *Session) commit(ctx context.Context, tree, message string) (string, error) {
	if strings.TrimSpace(message) == "" {
		message = "checkpoint"
	}
	id, err := c.commitOn(ctx, c.last, tree, message)
	if err != nil && ctx.Err() == nil {
		// Another process may have moved the chain (the same session
		// resumed twice): read the head again and retry once.
		head, herr := c.head(ctx)
		if herr != nil {
			return "", errors.Join(err, herr)
		}
		id, err = c.commitOn(ctx, head, tree, message)
	}
	if err != nil {
		c.last = ""
		return "", err
	}
	c.last = id
	return id, nil
}

// commitOn makes a commit of tree with parent and moves the session's ref
// to it if the ref still points at parent. The first call of a process
// reads the head first.
func (c *Session) commitOn(ctx context.Context, parent, tree, message string) (string, error) {
	if parent == "" {
		var err error
		if parent, err = c.head(ctx); err != nil {
			return "", err
		}
	}
	args := []string{"commit-tree", tree, "-m", message}
	old := strings.Repeat("0", len(tree))
	if parent != "" {
		args = append(args, "-p", parent)
		old = parent
	}
	id, err := c.s.gitLine(ctx, args...)
	if err != nil {
		return "", err
	}
	if _, err := c.s.git(ctx, "update-ref", "-m", "checkpoint", c.ref, id, old); err != nil {
		return "", err
	}
	return id, nil
}

// head returns the session's last checkpoint, "" when it has none.
func (c *Session) head(ctx context.Context) (string, error) {
	out, err := c.s.gitLine(ctx, "rev-parse", "--quiet", "--verify", c.ref+"^{commit}")
	if err != nil && out == "" {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", nil
	}
	return out, err
}

// List returns the session's checkpoints, oldest first (numbered from 1).
func (c *Session) List(ctx context.Context) ([]Checkpoint, error) {
	unlock, err := c.s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	return c.list(ctx)
}

// list is List for a caller holding the lock.
func (c *Session) list(ctx context.Context) ([]Checkpoint, error) {
	head, err := c.head(ctx)
	if err != nil || head == "" {
		return nil, err
	}
	out, err := c.s.git(ctx, "log", "-z", "--reverse", "--format=%H%x1f%T%x1f%ct%x1f%B", head)
	if err != nil {
		return nil, err
	}
	var cps []Checkpoint
	for _, rec := range strings.Split(string(out), "\x00") {
		rec = strings.TrimLeft(rec, "\n")
		if rec == "" {
			continue
		}
		f := strings.SplitN(rec, "\x1f", 4)
		if len(f) != 4 {
			return nil, fmt.Errorf("checkpoint: unexpected git log output %q", rec)
		}
		secs, _ := strconv.ParseInt(f[2], 10, 64)
		cp := Checkpoint{N: len(cps) + 1, ID: f[0], Tree: f[1], Time: time.Unix(secs, 0)}
		cp.Label, cp.UndoOf = parseMessage(f[3])
		cps = append(cps, cp)
	}
	return cps, nil
}

// parseMessage splits a checkpoint's commit message into its label and
// the undo trailer.
func parseMessage(msg string) (label string, undoOf int) {
	msg = strings.TrimRight(msg, "\n")
	if i := strings.LastIndex(msg, "\n"+undoTrailer); i >= 0 {
		undoOf, _ = strconv.Atoi(strings.TrimSpace(msg[i+1+len(undoTrailer):]))
		msg = strings.TrimRight(msg[:i], "\n")
	}
	return msg, undoOf
}

// Undo is a restore that was previewed and not applied yet: what it will
// restore and the changes it will make.
type Undo struct {
	// Target is the checkpoint the files will be restored to.
	Target Checkpoint
	// Diff is the unified diff from the files as they are to the target.
	Diff string
	// Changes lists the files the restore writes or removes.
	Changes []Change
	// current is the tree of the files when the undo was previewed.
	current string
}

// Change is one file an undo writes or removes.
type Change struct {
	// Status is git's letter: A (the undo creates it again), D (the undo
	// removes it), M (the undo rewrites it), T (its type changes).
	Status string `json:"status"`
	Path   string `json:"path"`
}

// Preview prepares restoring checkpoint n of the session, or, when n is 0,
// the most recent checkpoint that differs from the files as they are: the
// state before the last action that changed something. Undoing again goes
// one action further back, past what earlier undos took back. It changes no
// file; it fails with ErrNotFound for a number the session does not have
// and ErrNothingToUndo when the files already match.
func (c *Session) Preview(ctx context.Context, n int) (*Undo, error) {
	unlock, err := c.s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	cps, err := c.list(ctx)
	if err != nil {
		return nil, err
	}
	if n < 0 || n > len(cps) {
		return nil, fmt.Errorf("checkpoint %d: %w (this session has %d)", n, ErrNotFound, len(cps))
	}
	current, err := c.s.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var target *Checkpoint
	if n > 0 {
		target = &cps[n-1]
		if target.Tree == current {
			return nil, fmt.Errorf("%w: the files are as checkpoint %d has them", ErrNothingToUndo, n)
		}
	} else {
		// Walk back through time as the person lived it: a checkpoint an
		// undo recorded stands for states that were undone, so the walk
		// continues before the checkpoint that undo restored.
		for i := len(cps) - 1; i >= 0; {
			cp := cps[i]
			switch {
			case cp.UndoOf > 0:
				i = min(i-1, cp.UndoOf-2)
				continue
			case cp.Tree != current:
				target = &cps[i]
			}
			if target != nil {
				break
			}
			i--
		}
		if target == nil {
			if len(cps) == 0 {
				return nil, fmt.Errorf("%w: this session has no checkpoints", ErrNothingToUndo)
			}
			return nil, fmt.Errorf("%w: the files are as every checkpoint of this session has them", ErrNothingToUndo)
		}
	}
	u := &Undo{Target: *target, current: current}
	diff, err := c.s.git(ctx, "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--binary", current, target.Tree)
	if err != nil {
		return nil, err
	}
	u.Diff = string(diff)
	names, err := c.s.git(ctx, "diff", "--name-status", "--no-renames", "-z", current, target.Tree)
	if err != nil {
		return nil, err
	}
	f := strings.Split(strings.TrimSuffix(string(names), "\x00"), "\x00")
	for i := 0; i+1 < len(f); i += 2 {
		u.Changes = append(u.Changes, Change{Status: f[i], Path: f[i+1]})
	}
	return u, nil
}

// Apply restores the files to u's target, as previewed. It first records
// the files as they are as a new checkpoint (so the undo can be undone) and
// fails with ErrChanged, changing nothing, if they differ from what the
// preview saw. Files git ignores are never touched. It returns the
// checkpoint it recorded.
func (c *Session) Apply(ctx context.Context, u *Undo) (Checkpoint, error) {
	if u == nil {
		return Checkpoint{}, errors.New("checkpoint: Apply of a nil Undo")
	}
	unlock, err := c.s.lock()
	if err != nil {
		return Checkpoint{}, err
	}
	defer unlock()
	current, err := c.s.snapshot(ctx)
	if err != nil {
		return Checkpoint{}, err
	}
	if current != u.current {
		return Checkpoint{}, ErrChanged
	}
	label := fmt.Sprintf("undo: the files before restoring checkpoint %d\n\n%s%d", u.Target.N, undoTrailer, u.Target.N)
	id, err := c.commit(ctx, current, label)
	if err != nil {
		return Checkpoint{}, err
	}
	// The shadow index holds exactly the current files, so a one-tree
	// reset writes what differs and removes what the target lacks.
	if _, err := c.s.git(context.WithoutCancel(ctx), "read-tree", "--reset", "-u", u.Target.Tree); err != nil {
		return Checkpoint{}, fmt.Errorf("restore checkpoint %d (the files before it are checkpoint %s): %w", u.Target.N, id[:12], err)
	}
	cps, err := c.list(ctx)
	if err != nil || len(cps) == 0 {
		return Checkpoint{ID: id, Tree: current, UndoOf: u.Target.N}, err
	}
	return cps[len(cps)-1], nil
}
