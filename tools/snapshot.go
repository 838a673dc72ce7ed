package tools

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"syscall"

	"github.com/agentcli/agent/classify"
)

// maxEditBytes is the largest file whose contents a plan keeps in memory to
// diff or edit.
const maxEditBytes = 16 << 20

// errChanged is the message of a run whose file changed since its plan.
const errChanged = "file changed since preview"

// ErrChangedSincePreview means a write, edit or delete was not applied
// because its file changed between the plan and the run; the result of
// such a run has Stale set.
var ErrChangedSincePreview = errors.New(errChanged)

// readOnlyNote is what a write or edit of an existing file that nobody may
// write says about it: the file tools replace it anyway (the person
// approved the change, not the mode) and keep its mode, and a person
// reading the preview should know that. "" for other files.
func readOnlyNote(was snapshot) string {
	if !was.exists || was.mode.Perm()&0o222 != 0 {
		return ""
	}
	return fmt.Sprintf("read-only file, mode %04o: replaced, and its mode kept", was.mode.Perm())
}

// parenthesised is " (note)", or "" for no note.
func parenthesised(note string) string {
	if note == "" {
		return ""
	}
	return " (" + note + ")"
}

// snapshot is what a plan saw of a path, to tell at run time whether it
// changed: whether it existed, and a hash of its contents (for a directory,
// of its tree's names, kinds, sizes and times).
type snapshot struct {
	exists bool
	mode   fs.FileMode
	sum    [sha256.Size]byte
}

// fileState reads the regular file rel, or notes that it does not exist. It
// returns the contents when they are at most maxEditBytes (nil otherwise).
// Anything other than a regular file is an error.
func (r *Registry) fileState(rel string) (snapshot, []byte, error) {
	f, err := r.fsRoot.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return snapshot{}, nil, nil
	}
	if err != nil {
		return snapshot{}, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return snapshot{}, nil, err
	}
	if !fi.Mode().IsRegular() {
		return snapshot{}, nil, fmt.Errorf("not a regular file (%s)", KindOf(fi.Mode()))
	}
	h := sha256.New()
	var buf bytes.Buffer
	var w io.Writer = h
	if fi.Size() <= maxEditBytes {
		w = io.MultiWriter(h, &buf)
	}
	if _, err := io.Copy(w, f); err != nil {
		return snapshot{}, nil, err
	}
	s := snapshot{exists: true, mode: fi.Mode()}
	h.Sum(s.sum[:0])
	if fi.Size() > maxEditBytes || buf.Len() > maxEditBytes {
		return s, nil, nil
	}
	data := buf.Bytes()
	if data == nil {
		data = []byte{} // an empty file: nil would say too large
	}
	return s, data, nil
}

// treeState fingerprints the tree at rel (a directory, a link or a file)
// and lists what a delete would remove. It refuses a tree holding .git.
func (r *Registry) treeState(rel string) (snapshot, []string, error) {
	fi, err := r.fsRoot.Lstat(rel)
	if err != nil {
		return snapshot{}, nil, err
	}
	s := snapshot{exists: true, mode: fi.Mode()}
	h := sha256.New()
	var names []string
	if !fi.IsDir() {
		fmt.Fprintf(h, "%s %v %d %d\n", rel, fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
		h.Sum(s.sum[:0])
		return s, []string{filepath.ToSlash(rel)}, nil
	}
	err = fs.WalkDir(r.fsRoot.FS(), filepath.ToSlash(rel), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if classify.IsGitName(path.Base(p)) {
			return fmt.Errorf("%s: %w", p, ErrGitDir)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %v %d %d\n", p, info.Mode(), info.Size(), info.ModTime().UnixNano())
		name := p
		if d.IsDir() {
			name += "/"
		}
		names = append(names, name)
		return nil
	})
	if err != nil {
		return snapshot{}, nil, err
	}
	h.Sum(s.sum[:0])
	return s, names, nil
}

// KindOf names a file mode's type for messages ("a directory", "a named pipe", …).
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// pathError rewrites a file system error for the model: the path as the
// model wrote it and the reason, without the root-relative name os.Root
// puts in its errors. It keeps the cause for errors.Is.
func pathError(arg string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return fmt.Errorf("%s: %w", arg, err)
}
