package tools

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// writeAtomic replaces (or creates) the file rel under the root with data,
// so that a crash or a failure at any point leaves either the old file or
// the new one, never part of one: the data goes to a temporary file in the
// same directory, is synced, and is renamed over rel. Missing parent
// directories are created. An existing file keeps its permission bits
// (mode, when exists is set); a new one gets 0666 less the umask.
func (r *Registry) writeAtomic(rel string, data []byte, mode fs.FileMode, exists bool) (err error) {
	dir := filepath.Dir(rel)
	if err := r.fsRoot.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return err
	}
	tmp := filepath.Join(dir, "."+filepath.Base(rel)+".agent-"+hex.EncodeToString(rnd[:])+".tmp")
	perm := fs.FileMode(0o666)
	if exists {
		perm = mode.Perm()
	}
	f, err := r.fsRoot.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			r.fsRoot.Remove(tmp)
		}
	}()
	if exists {
		// The umask may have narrowed perm; the old file's mode is the
		// contract. Set-id and sticky bits are kept too.
		if err := f.Chmod(mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return err
		}
	}
	n, err := r.writeFile(f, data)
	if err == nil && n < len(data) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close: %w", err)
	}
	if err := r.fsRoot.Rename(tmp, rel); err != nil {
		return err
	}
	// Make the rename itself durable; a failure here loses nothing.
	if d, err := r.fsRoot.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// checkUnchanged compares a path's state now with the plan's snapshot.
func (r *Registry) checkUnchanged(t target, was snapshot, tree bool) error {
	var now snapshot
	var err error
	if tree {
		now, _, err = r.treeState(t.rel)
		if errors.Is(err, fs.ErrNotExist) {
			now, err = snapshot{}, nil
		}
	} else {
		now, _, err = r.fileState(t.rel)
	}
	if err != nil {
		return pathError(t.arg, err)
	}
	if now != was {
		return fmt.Errorf("%s: %w; plan the change again from its current contents", t.arg, ErrChangedSincePreview)
	}
	return nil
}
