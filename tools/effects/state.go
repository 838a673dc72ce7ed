package effects

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"syscall"

	"github.com/agentcli/agent/classify"
)

// depth is how much of a path's state a check compares.
type depth uint8

const (
	// shallow: existence, type and mode (a parent directory).
	shallow depth = iota
	// content: and the content hash of a file or the target of a symlink.
	content
	// names: and the names a directory holds (an opaque directory).
	names
	// tree: and every entry below a directory, by type, mode, size and
	// modification time (a directory the change removes).
	tree
)

// state is what a path of the real root held.
type state struct {
	exists bool
	mode   fs.FileMode
	size   int64
	sum    [32]byte
}

// check is one path whose state Apply compares with what Collect saw.
type check struct {
	rel   string
	depth depth
	want  state
}

// treeInfo is what a tree walk found besides the digest.
type treeInfo struct {
	files, dirs int
	gitDir      string // the first git directory found below, if any
}

// stateOf reads the state of rel in r at the given depth. A missing path
// is the zero state. budget, when not nil, bounds the entries a tree walk
// may visit.
func stateOf(r *os.Root, rel string, d depth, budget *int) (state, treeInfo, error) {
	var ti treeInfo
	fi, err := r.Lstat(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return state{}, ti, nil
	}
	if err != nil {
		return state{}, ti, err
	}
	st := state{exists: true, mode: fi.Mode()}
	if fi.Mode().IsRegular() {
		st.size = fi.Size()
	}
	if d == shallow {
		return st, ti, nil
	}
	switch {
	case fi.Mode().IsRegular():
		st.sum, err = hashFile(r, rel)
	case fi.Mode()&fs.ModeSymlink != 0:
		var t string
		t, err = r.Readlink(rel)
		st.sum = sha256.Sum256([]byte(t))
	case fi.IsDir() && d == names:
		var list []string
		list, err = readNames(r, rel)
		h := sha256.New()
		for _, n := range list {
			h.Write([]byte(n))
			h.Write([]byte{0})
		}
		h.Sum(st.sum[:0])
	case fi.IsDir() && d == tree:
		h := sha256.New()
		err = walkTree(r, rel, h, &ti, budget)
		h.Sum(st.sum[:0])
	}
	return st, ti, err
}

// hashFile returns the sha256 of a regular file's content.
func hashFile(r *os.Root, rel string) ([32]byte, error) {
	var sum [32]byte
	f, err := openRegular(r, rel)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return sum, err
	}
	h.Sum(sum[:0])
	return sum, nil
}

// readNames lists a directory's names, sorted.
func readNames(r *os.Root, rel string) ([]string, error) {
	f, err := r.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	list, err := f.Readdirnames(-1)
	slices.Sort(list)
	return list, err
}

// walkTree feeds every entry below dir into h (name, mode, size and
// modification time), counting them in ti and against budget.
func walkTree(r *os.Root, dir string, h io.Writer, ti *treeInfo, budget *int) error {
	list, err := readNames(r, dir)
	if err != nil {
		return err
	}
	if budget != nil {
		*budget -= len(list)
		if *budget < 0 {
			return ErrTooManyEntries
		}
	}
	var buf [24]byte
	for _, n := range list {
		rel := path.Join(dir, n)
		fi, err := r.Lstat(rel)
		if err != nil {
			return err
		}
		io.WriteString(h, n)
		binary.LittleEndian.PutUint32(buf[0:], uint32(fi.Mode()))
		binary.LittleEndian.PutUint64(buf[4:], uint64(fi.Size()))
		binary.LittleEndian.PutUint64(buf[12:], uint64(fi.ModTime().UnixNano()))
		h.Write(buf[:20])
		if classify.IsGitName(n) && ti.gitDir == "" {
			ti.gitDir = rel
		}
		if fi.IsDir() {
			ti.dirs++
			io.WriteString(h, "/{")
			if err := walkTree(r, rel, h, ti, budget); err != nil {
				return err
			}
			io.WriteString(h, "}")
		} else {
			ti.files++
		}
	}
	return nil
}

// verify compares every check with the real root now and returns the
// paths that differ.
func verify(r *os.Root, checks []check) []string {
	var changed []string
	for _, c := range checks {
		got, _, err := stateOf(r, c.rel, c.depth, nil)
		// An error (a parent that became a symlink leaving the root, a
		// file that vanished while read) is a change too.
		if err != nil || got != c.want {
			changed = append(changed, c.rel)
		}
	}
	return changed
}

// errNotRegular is returned by openRegular for anything else.
var errNotRegular = errors.New("not a regular file")

// openRegular opens a regular file for reading. It never blocks on a fifo
// put in its place since it was listed (O_NONBLOCK), and refuses anything
// that is not a regular file once open.
func openRegular(r *os.Root, rel string) (*os.File, error) {
	f, err := r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s: %w", rel, errNotRegular)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
