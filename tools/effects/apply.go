package effects

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"syscall"
)

// ErrClosed is returned by Apply for a set already closed.
var ErrClosed = errors.New("effects: the set is closed")

// Apply applies the changes of s to root, the directory s was collected
// against, and never its refused entries.
//
// It first checks that every path the changes touch still holds what
// Collect recorded; if one does not, it returns a *ConflictError
// (errors.Is ErrConflict) and applies nothing. It then stages every new
// file and symlink in a private directory in the root (a file's content
// is checked against what Collect hashed), and only when all are staged
// removes what the changes delete or replace, makes directories, renames
// the staged entries into place and sets modes. A failure before that
// point applies nothing; a failure after it (rare: a rename refused) is
// a *PartialError naming the path where it stopped.
//
// Every operation goes through an os.Root opened on root: no symlink of
// the real root, old or new, is followed out of it, and no path naming a
// git directory is written (such a change is an error, never applied).
// Set-id bits are never set. Apply does not close s.
func Apply(root string, s *Set) error {
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("effects: root: %w", err)
	}
	if rootAbs != s.root {
		return fmt.Errorf("effects: the set was collected against %s, not %s", s.root, rootAbs)
	}
	if s.upper == nil {
		return ErrClosed
	}
	for _, ch := range s.Changes {
		if !validRel(ch.Path) || hasGitComponent(ch.Path) {
			return fmt.Errorf("effects: refusing to apply %q: not a plain path in the project", ch.Path)
		}
	}
	rr, err := os.OpenRoot(rootAbs)
	if err != nil {
		return fmt.Errorf("effects: root: %w", err)
	}
	defer rr.Close()
	if changed := verify(rr, s.checks); len(changed) > 0 {
		return &ConflictError{Paths: changed}
	}
	if len(s.Changes) == 0 {
		return nil
	}
	a := &applier{real: rr, upper: s.upper, staged: make([]string, len(s.Changes))}
	if err := a.stageAll(s.Changes); err != nil {
		a.cleanup()
		return fmt.Errorf("effects: nothing applied: %w", err)
	}
	err = a.commit(s.Changes)
	a.cleanup()
	return err
}

// applier holds the state of one Apply.
type applier struct {
	real, upper *os.Root
	stage       string   // the staging directory, relative to the root
	staged      []string // per change, its staged entry ("" if none)
	syncEach    bool     // sync each staged file: there is no syncfs
	buf         []byte   // the copy buffer, shared by every file
}

// stageAll makes the staging directory and stages every file and symlink.
func (a *applier) stageAll(changes []Change) error {
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return err
	}
	a.stage = ".agent-effects-" + hex.EncodeToString(rnd[:])
	if err := a.real.Mkdir(a.stage, 0o700); err != nil {
		return fmt.Errorf("staging directory: %w", err)
	}
	files := 0
	for _, ch := range changes {
		if ch.Type.IsRegular() && (ch.Op != Delete && (ch.Op != Modify || ch.Content)) {
			files++
		}
	}
	// One syncfs costs about one fsync (on ext4 either commits the
	// journal), so it is used for any number of files where it exists.
	a.syncEach = !hasSyncFS
	a.buf = make([]byte, 64<<10)
	for i, ch := range changes {
		if ch.Op == Delete || ch.Op == Modify && !ch.Content || ch.Type.IsDir() {
			continue
		}
		name := path.Join(a.stage, strconv.Itoa(i))
		var err error
		if ch.Type == fs.ModeSymlink {
			err = a.real.Symlink(ch.Target, name)
		} else {
			err = a.copyFile(ch, name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", ch.Path, err)
		}
		a.staged[i] = name
	}
	if a.syncEach || files == 0 {
		return nil
	}
	d, err := a.real.Open(a.stage)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := syncFS(d); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}

// copyFile copies the upper layer's file of ch to name in the real root,
// checking that its content is what Collect saw.
func (a *applier) copyFile(ch Change, name string) error {
	src, err := openRegular(a.upper, ch.Path)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := a.real.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	h := sha256.New()
	// A plain Writer, so that the shared buffer is used (an *os.File
	// would take the copy over with a buffer of its own per file).
	_, err = io.CopyBuffer(struct{ io.Writer }{dst}, io.TeeReader(src, h), a.buf)
	if err == nil {
		err = dst.Chmod(ch.Mode)
	}
	if err == nil && a.syncEach {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	var sum [32]byte
	if h.Sum(sum[:0]); sum != ch.sum {
		return errors.New("the upper layer changed since it was collected")
	}
	return nil
}

// commit changes the real root: removals (deepest first), then
// directories, files and symlinks in path order, then directory modes
// (deepest first, so that a read-only directory is filled first).
func (a *applier) commit(changes []Change) error {
	partly := func(p string, err error) error {
		return &PartialError{Path: p, Err: err}
	}
	for i := len(changes) - 1; i >= 0; i-- {
		ch := changes[i]
		if ch.Op != Delete && ch.Op != Replace {
			continue
		}
		old := ch.Type
		if ch.Op == Replace {
			old = ch.OldType
		}
		var err error
		if old.IsDir() {
			err = a.real.RemoveAll(ch.Path)
		} else {
			err = a.real.Remove(ch.Path)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return partly(ch.Path, err)
		}
	}
	for i, ch := range changes {
		var err error
		switch {
		case ch.Op == Delete:
		case ch.Type.IsDir():
			if ch.Op != Modify {
				err = a.real.Mkdir(ch.Path, 0o700)
			}
		case a.staged[i] != "":
			err = a.move(a.staged[i], ch.Path)
		case ch.Op == Modify:
			err = a.real.Chmod(ch.Path, ch.Mode)
		}
		if err != nil {
			return partly(ch.Path, err)
		}
	}
	for i := len(changes) - 1; i >= 0; i-- {
		ch := changes[i]
		if ch.Type.IsDir() && ch.Op != Delete {
			if err := a.real.Chmod(ch.Path, ch.Mode); err != nil {
				return partly(ch.Path, err)
			}
		}
	}
	return nil
}

// move renames a staged entry into place. Where the target is on another
// file system (a mount inside the project), it is copied beside the
// target first, so the last step is still a rename.
func (a *applier) move(from, to string) error {
	err := a.real.Rename(from, to)
	if !errors.Is(err, syscall.EXDEV) {
		return err
	}
	tmp := path.Join(path.Dir(to), "."+path.Base(to)+"."+path.Base(a.stage)+".tmp")
	fi, err := a.real.Lstat(from)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, err := a.real.Readlink(from)
		if err == nil {
			err = a.real.Symlink(t, tmp)
		}
		if err != nil {
			return err
		}
	} else if err := a.copyWithin(from, tmp, fi.Mode()); err != nil {
		a.real.Remove(tmp)
		return err
	}
	if err := a.real.Rename(tmp, to); err != nil {
		a.real.Remove(tmp)
		return err
	}
	return nil
}

// copyWithin copies a file of the real root to a new name, synced.
func (a *applier) copyWithin(from, to string, mode fs.FileMode) error {
	src, err := a.real.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := a.real.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Chmod(mode.Perm() | mode&fs.ModeSticky)
	}
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return err
}

// cleanup removes the staging directory and whatever is left in it.
func (a *applier) cleanup() {
	if a.stage != "" {
		_ = a.real.RemoveAll(a.stage)
	}
}
