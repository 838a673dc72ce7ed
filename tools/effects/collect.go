package effects

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentcli/agent/classify"
)

// DefaultMaxEntries is the default bound of Options.MaxEntries.
const DefaultMaxEntries = 500_000

// diffLimit is the largest file whose lines are counted and diffed.
const diffLimit = 1 << 20

// Options are what Collect needs besides the two directories.
type Options struct {
	// Config is the [effects] section; its zero value means the defaults.
	Config Config
	// Policy is the classifier's policy the changed paths are judged by.
	Policy classify.Policy
	// Home is the user's home directory for the path rules; empty means
	// unknown.
	Home string
	// MaxEntries bounds the entries Collect visits: those of the upper
	// layer and those of the trees it deletes. Zero means
	// DefaultMaxEntries.
	MaxEntries int
	// GitIgnored, when set, narrows Config.Ignore to what git ignores:
	// it is called once, with the absolute paths of the changes the list
	// would count as build outputs, and returns those git ignores (as
	// given); only they count as safe. An error counts none. Nil takes
	// the list alone. checkpoint.Session.Ignored fits.
	GitIgnored func(paths []string) ([]string, error)
}

// Collect computes the effects of a command that ran on an overlay whose
// lower layer is root and whose upper layer is the directory upper (a path
// such as /proc/self/fd/N is fine: it is opened once). It compares every
// entry of upper with what root holds and returns the changes, the
// entries refused, and each change judged by the path rules; it records
// what root held at each path it touches, for Apply.
//
// It never writes to either directory and never follows a symlink out of
// either (both are opened with os.Root and walked without following
// symlinks). It is bounded by opts.MaxEntries and Config.MaxMiB
// (ErrTooManyEntries, ErrTooLarge); an upper layer it cannot read
// faithfully is an error (ErrUnsupported), and so is an I/O error: then
// no Set is returned and nothing is held open.
//
// The Set holds upper open until Close.
func Collect(upper, root string, opts Options) (*Set, error) {
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("effects: root: %w", err)
	}
	ur, err := os.OpenRoot(upper)
	if err != nil {
		return nil, fmt.Errorf("effects: upper layer: %w", err)
	}
	rr, err := os.OpenRoot(rootAbs)
	if err != nil {
		ur.Close()
		return nil, fmt.Errorf("effects: root: %w", err)
	}
	defer rr.Close()
	c := &collector{
		upper:    ur,
		real:     rr,
		budget:   opts.MaxEntries,
		maxBytes: opts.Config.maxBytes(),
		links:    map[uint64]string{},
		set:      &Set{root: rootAbs, upper: ur},
	}
	if c.budget <= 0 {
		c.budget = DefaultMaxEntries
	}
	if err := c.dir(".", true, false); err != nil {
		ur.Close()
		return nil, fmt.Errorf("effects: %w", err)
	}
	s := c.set
	s.refuseGit()
	s.resolveLinks(rr)
	slices.SortFunc(s.Changes, func(a, b Change) int { return comparePaths(a.Path, b.Path) })
	slices.SortFunc(s.Refused, func(a, b Refusal) int { return comparePaths(a.Path, b.Path) })
	slices.SortFunc(s.checks, func(a, b check) int { return comparePaths(a.rel, b.rel) })
	judge(s, opts)
	return s, nil
}

// comparePaths orders slash paths component by component, so that a
// directory comes right before what it holds ("a", "a/b", "a-b").
func comparePaths(a, b string) int {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
}

// collector walks the upper layer.
type collector struct {
	upper, real *os.Root
	budget      int
	maxBytes    int64
	bytes       int64
	links       map[uint64]string // inode of a multiply linked upper file -> its first path
	set         *Set
	buf         []byte // scratch for hashing large files, made on first use
}

// scratch returns the collector's scratch buffer.
func (c *collector) scratch() []byte {
	if c.buf == nil {
		c.buf = make([]byte, 64<<10)
	}
	return c.buf
}

// dir walks the upper directory rel. lowerDir reports that the real root
// holds a directory at rel (so its entries are looked up there); hidden
// reports that the real directory's contents are not part of the merged
// view (an opaque directory, or below one): every real entry that upper
// lacks is then deleted.
func (c *collector) dir(rel string, lowerDir, hidden bool) error {
	f, err := c.upper.Open(rel)
	if err != nil {
		return err
	}
	opaque, unsupported, err := overlayAttrs(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", rel, err)
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		return err
	}
	if rel == "." && (opaque || unsupported != "") {
		return fmt.Errorf("%w: its root is marked opaque or redirected", ErrUnsupported)
	}
	if unsupported != "" {
		c.refuse(rel, unsupported)
		return nil
	}
	if c.budget -= len(names); c.budget < 0 {
		return ErrTooManyEntries
	}
	hidden = hidden || opaque
	slices.Sort(names)
	for _, n := range names {
		if err := c.entry(join(rel, n), lowerDir, hidden); err != nil {
			return err
		}
	}
	if !(hidden && lowerDir) {
		return nil
	}
	// Everything of the real directory that upper does not hold is gone.
	if err := c.recordNames(rel); err != nil {
		return err
	}
	lower, err := readNames(c.real, rel)
	if err != nil {
		return err
	}
	if c.budget -= len(lower); c.budget < 0 {
		return ErrTooManyEntries
	}
	for _, n := range lower {
		if _, found := slices.BinarySearch(names, n); found {
			continue
		}
		child := join(rel, n)
		fi, err := c.real.Lstat(child)
		if err != nil {
			return err
		}
		if err := c.deleted(child, fi); err != nil {
			return err
		}
	}
	return nil
}

// entry compares one upper entry with the real root; lowerDir and hidden
// are those of its directory.
func (c *collector) entry(rel string, lowerDir, hidden bool) error {
	ufi, err := c.upper.Lstat(rel)
	if err != nil {
		return err
	}
	var lfi fs.FileInfo // nil: the real root holds nothing at rel
	if lowerDir {
		lfi, err = c.real.Lstat(rel)
		if errors.Is(err, fs.ErrNotExist) {
			lfi, err = nil, nil
		}
		if err != nil {
			return err
		}
	}
	if lowerDir && lfi == nil && !isWhiteout(ufi) {
		// Made where the real root has nothing. Below a directory the
		// real root lacks, the check of that directory covers it.
		c.record(rel, nil)
	}
	um := ufi.Mode()
	switch {
	case isWhiteout(ufi):
		if lfi == nil {
			return nil // nothing was there to delete
		}
		return c.deleted(rel, lfi)
	case um.IsDir():
		return c.newDir(rel, ufi, lfi, hidden)
	case um.IsRegular():
		return c.file(rel, ufi, lfi)
	case um&fs.ModeSymlink != 0:
		return c.symlink(rel, lfi)
	}
	c.refuse(rel, specialName(um))
	return nil
}

// newDir handles a directory of the upper layer. hidden is inherited:
// below an opaque directory no lower directory is merged.
func (c *collector) newDir(rel string, ufi, lfi fs.FileInfo, hidden bool) error {
	mode, dropped := cleanMode(ufi.Mode())
	ch := Change{Path: rel, Type: fs.ModeDir, Mode: mode}
	if dropped {
		ch.Notes = append(ch.Notes, "set-id bits dropped")
	}
	switch {
	case lfi == nil:
		ch.Op = Create
	case lfi.IsDir():
		c.record(rel, lfi)
		old, _ := cleanMode(lfi.Mode())
		if old != mode {
			ch.Op, ch.OldMode = Modify, old
		}
	default:
		ch.Op, ch.OldType = Replace, lfi.Mode().Type()
		if err := c.recordRemoved(&ch, lfi); err != nil {
			return err
		}
		if ch.Op == 0 {
			return nil // refused: nothing below it is applied either
		}
	}
	c.add(ch)
	return c.dir(rel, lfi != nil && lfi.IsDir(), hidden || ch.Op == Replace)
}

// file handles a regular file of the upper layer.
func (c *collector) file(rel string, ufi, lfi fs.FileInfo) error {
	if c.bytes += ufi.Size(); c.bytes > c.maxBytes {
		return fmt.Errorf("%w (more than %d MiB; the bound is effects.max_mib)", ErrTooLarge, c.maxBytes>>20)
	}
	f, err := openRegular(c.upper, rel)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, unsupported, err := overlayAttrs(f); err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	} else if unsupported != "" {
		c.refuse(rel, unsupported)
		return nil
	}
	mode, dropped := cleanMode(ufi.Mode())
	ch := Change{Path: rel, Mode: mode, Size: ufi.Size()}
	if dropped {
		ch.Notes = append(ch.Notes, "set-id bits dropped")
	}
	if ino, nlink := inode(ufi); nlink > 1 {
		if first, ok := c.links[ino]; ok {
			ch.Notes = append(ch.Notes, "hard link to "+first+", applied as an independent copy")
		} else {
			c.links[ino] = rel
			ch.Notes = append(ch.Notes, "hard link, applied as an independent copy")
		}
	}
	after, err := readAndHash(f, ufi.Size(), &ch.sum, c.scratch)
	if err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	switch {
	case lfi == nil:
		ch.Op = Create
		ch.Added, ch.Binary = countNew(after, ufi.Size())
	case lfi.Mode().IsRegular():
		lf, err := openRegular(c.real, rel)
		if err != nil {
			return err
		}
		var old [32]byte
		before, err := readAndHash(lf, lfi.Size(), &old, c.scratch)
		lf.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		ch.OldMode, _ = cleanMode(lfi.Mode())
		ch.OldSize = lfi.Size()
		ch.Content = old != ch.sum
		if !ch.Content && ch.OldMode == ch.Mode {
			return nil // a copy-up with nothing changed: a touch, a chmod back
		}
		c.set.checks = append(c.set.checks, check{rel: rel, depth: content,
			want: state{exists: true, mode: lfi.Mode(), size: lfi.Size(), sum: old}})
		ch.Op = Modify
		if ch.Content {
			ch.Added, ch.Removed, ch.Binary = countLines(before, after)
		}
	default:
		ch.Op, ch.OldType = Replace, lfi.Mode().Type()
		if err := c.recordRemoved(&ch, lfi); err != nil {
			return err
		}
		ch.Added, ch.Binary = countNew(after, ufi.Size())
	}
	c.add(ch)
	return nil
}

// symlink handles a symlink of the upper layer.
func (c *collector) symlink(rel string, lfi fs.FileInfo) error {
	target, err := c.upper.Readlink(rel)
	if err != nil {
		return err
	}
	ch := Change{Path: rel, Type: fs.ModeSymlink, Target: target}
	switch {
	case lfi == nil:
		ch.Op = Create
	case lfi.Mode()&fs.ModeSymlink != 0:
		old, err := c.real.Readlink(rel)
		if err != nil {
			return err
		}
		if old == target {
			return nil
		}
		c.set.checks = append(c.set.checks, check{rel: rel, depth: content,
			want: state{exists: true, mode: lfi.Mode(), sum: sha256.Sum256([]byte(old))}})
		ch.Op, ch.OldTarget, ch.Content = Modify, old, true
	default:
		ch.Op, ch.OldType = Replace, lfi.Mode().Type()
		if err := c.recordRemoved(&ch, lfi); err != nil {
			return err
		}
	}
	c.add(ch)
	return nil
}

// deleted records the deletion of the real entry rel.
func (c *collector) deleted(rel string, lfi fs.FileInfo) error {
	ch := Change{Path: rel, Op: Delete, Type: lfi.Mode().Type()}
	if lfi.Mode().IsRegular() {
		ch.OldSize = lfi.Size()
	}
	if err := c.recordRemoved(&ch, lfi); err != nil {
		return err
	}
	c.add(ch)
	return nil
}

// recordRemoved records what the real root holds at a path the change
// removes (a whole tree for a directory, counted in ch) and refuses the
// change if that tree holds a git directory.
func (c *collector) recordRemoved(ch *Change, lfi fs.FileInfo) error {
	if hasGitComponent(ch.Path) {
		return nil // refused by refuseGit, whatever it holds
	}
	d := content
	if lfi.IsDir() {
		d = tree
	}
	st, ti, err := stateOf(c.real, ch.Path, d, &c.budget)
	if errors.Is(err, ErrTooManyEntries) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: %w", ch.Path, err)
	}
	c.set.checks = append(c.set.checks, check{rel: ch.Path, depth: d, want: st})
	ch.Files, ch.Dirs = ti.files, ti.dirs
	if ti.gitDir != "" {
		ch.Op = 0 // refused below
		c.refuse(ch.Path, "would remove the git directory "+ti.gitDir)
	}
	return nil
}

// record records what the real root holds at rel: a directory by type
// and mode, or nothing (lfi nil).
func (c *collector) record(rel string, lfi fs.FileInfo) {
	var st state
	if lfi != nil {
		st = state{exists: true, mode: lfi.Mode()}
	}
	c.set.checks = append(c.set.checks, check{rel: rel, depth: shallow, want: st})
}

// recordNames records the names the real directory rel holds: the merged
// view hides them (an opaque directory), so one added later would be lost
// without a trace.
func (c *collector) recordNames(rel string) error {
	st, _, err := stateOf(c.real, rel, names, nil)
	if err != nil {
		return err
	}
	c.set.checks = append(c.set.checks, check{rel: rel, depth: names, want: st})
	return nil
}

func (c *collector) add(ch Change) {
	if ch.Op != 0 {
		c.set.Changes = append(c.set.Changes, ch)
	}
}

func (c *collector) refuse(rel, why string) {
	c.set.Refused = append(c.set.Refused, Refusal{Path: rel, Reason: why})
}

// resolveLinks marks the symlinks the changes make that resolve outside
// the root, through the real root's symlinks and the new ones.
func (s *Set) resolveLinks(rr *os.Root) {
	links := map[string]string{}
	for _, ch := range s.Changes {
		if ch.Type == fs.ModeSymlink {
			links[ch.Path] = ch.Target
		}
	}
	for i := range s.Changes {
		ch := &s.Changes[i]
		if ch.Type == fs.ModeSymlink && leavesRoot(rr, links, ch.Path, ch.Target) {
			ch.leaves = true
			ch.Notes = append(ch.Notes, "points outside the project")
		}
	}
}

// refuseGit moves every change under a git directory to the refused
// entries and drops the checks of refused paths; the contents of a git directory made by the command are
// counted in one refusal.
func (s *Set) refuseGit() {
	kept := s.Changes[:0]
	var made []int // indexes in s.Refused of created git directories
	for _, ch := range s.Changes {
		if !hasGitComponent(ch.Path) {
			kept = append(kept, ch)
			continue
		}
		folded := false
		for _, i := range made {
			if strings.HasPrefix(ch.Path, s.Refused[i].Path+"/") {
				folded = true
				break
			}
		}
		if folded {
			continue
		}
		why := "git directory"
		if ch.Op == Create && ch.Type.IsDir() {
			made = append(made, len(s.Refused))
		}
		s.Refused = append(s.Refused, Refusal{Path: ch.Path, Reason: why + ": " + ch.Op.String()})
	}
	s.Changes = kept
	// What a refused entry touches is not checked: nothing is applied
	// there, and the person's own git commands must not make a conflict.
	refused := map[string]bool{}
	for _, r := range s.Refused {
		refused[r.Path] = true
	}
	checks := s.checks[:0]
	for _, c := range s.checks {
		if !refused[c.rel] && !hasGitComponent(c.rel) {
			checks = append(checks, c)
		}
	}
	s.checks = checks
}

// cleanMode returns the permission and sticky bits of m, and whether it
// dropped set-id bits (never applied: a set-uid file made by a command
// run as root would give its rights to anyone).
func cleanMode(m fs.FileMode) (fs.FileMode, bool) {
	return m & (fs.ModePerm | fs.ModeSticky), m&(fs.ModeSetuid|fs.ModeSetgid) != 0
}

// readAndHash hashes all of f into sum and returns its content when it is
// at most diffLimit bytes (else nil). size is its length when listed;
// buf gives a scratch buffer for larger files.
func readAndHash(f io.Reader, size int64, sum *[32]byte, buf func() []byte) ([]byte, error) {
	h := sha256.New()
	var data []byte
	eof := false
	if size <= diffLimit {
		// One read of the listed size, and one more to see the end.
		data = make([]byte, 0, size+1)
		for {
			n, err := f.Read(data[len(data):cap(data)])
			data = data[:len(data)+n]
			if err == io.EOF {
				eof = true
				break
			}
			if err != nil {
				return nil, err
			}
			if len(data) == cap(data) {
				if len(data) > diffLimit {
					break
				}
				data = append(data, 0)[:len(data)]
			}
		}
		h.Write(data)
		if len(data) > diffLimit {
			data = nil
		}
	}
	if !eof {
		if _, err := io.CopyBuffer(h, struct{ io.Reader }{f}, buf()); err != nil {
			return nil, err
		}
	}
	h.Sum(sum[:0])
	return data, nil
}

// join joins a directory (possibly ".") and a name.
func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return path.Join(dir, name)
}
