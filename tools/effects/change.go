package effects

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentcli/agent/classify"
)

// Op is what a Change does to its path in the real root.
type Op uint8

// The operations of a Change.
const (
	// Create makes a path that the real root does not hold.
	Create Op = iota + 1
	// Modify changes a path's content, mode or symlink target, keeping
	// its type.
	Modify
	// Delete removes a path: a file, a symlink or a whole directory tree.
	Delete
	// Replace removes a path of one type and makes one of another in its
	// place (a file that became a directory, a directory that became a
	// symlink...).
	Replace
)

var opNames = [...]string{Create: "create", Modify: "modify", Delete: "delete", Replace: "replace"}

// String returns the lowercase name of the operation.
func (o Op) String() string {
	if o < Create || o > Replace {
		return fmt.Sprintf("op(%d)", o)
	}
	return opNames[o]
}

// Change is one accepted effect: what Apply will do to one path, and how
// it was judged.
type Change struct {
	// Path is slash-separated and relative to the root; never empty, ".",
	// absolute, holding ".." or naming a git directory.
	Path string
	Op   Op
	// Type is the type of the entry after the change (0 for a regular
	// file, fs.ModeDir, fs.ModeSymlink); for a Delete, the type removed.
	Type fs.FileMode
	// OldType is the type the real root held before a Replace.
	OldType fs.FileMode
	// Mode is the permission bits after the change (with sticky; set-id
	// bits are dropped), for a Create, Modify or Replace of a file or
	// directory. OldMode is the mode before a Modify.
	Mode, OldMode fs.FileMode
	// Content reports that a Modify changes the content or the symlink
	// target, not only the mode.
	Content bool
	// Target is the new symlink target; OldTarget the old one of a Modify.
	Target, OldTarget string
	// Size is the new size of a regular file; OldSize its size before.
	Size, OldSize int64
	// Files counts the files and symlinks a Delete or Replace of a
	// directory removes below it; Dirs the directories (not itself).
	Files, Dirs int
	// Added and Removed count the lines a change of a text file adds and
	// removes; Binary reports content that is not diffed as text (binary
	// or larger than 1 MiB), and then both counts are zero.
	Added, Removed int
	Binary         bool
	// Notes say what a person should know that the operation does not:
	// a hard link applied as a copy, set-id bits dropped, a symlink that
	// leaves the root.
	Notes []string
	// Level is the change's judgement; Reasons say why, worst first.
	Level   classify.Level
	Reasons []string
	// Ignorable reports that the change is a build output or cache
	// (Config.Ignore) and was judged safe for that reason.
	Ignorable bool

	// sum is the sha256 of the upper layer's file content, checked again
	// when Apply copies it.
	sum [32]byte
	// judged and judgedWhy are the path rules' judgement of an Ignorable
	// change, restored when git does not ignore it.
	judged    classify.Level
	judgedWhy []string
	// leaves reports a symlink that resolves outside the root.
	leaves bool
}

// Refusal is an entry of the upper layer that is never applied.
type Refusal struct {
	// Path is slash-separated and relative to the root.
	Path string
	// Reason says why, in a few words: "git directory", "fifo",
	// "device node", "socket"...
	Reason string
}

// Set is the effects of one command: what it changed in the project, as
// the upper layer of its overlay shows, compared with the real root.
//
// A Set holds the upper layer open until Close. Its Changes are what Apply
// applies; its Refused entries are never applied. It is not safe for
// concurrent use with Apply.
type Set struct {
	// Changes are sorted by Path (a directory before what it holds).
	Changes []Change
	// Refused are sorted by Path.
	Refused []Refusal
	// Level is the highest level of the Changes (Safe when there are
	// none); refused entries do not raise it, since they are never
	// applied. Reasons say why, worst first.
	Level   classify.Level
	Reasons []string

	root   string   // absolute real root the set was collected against
	upper  *os.Root // the upper layer, until Close
	checks []check  // what the real root held, for Apply
}

// Empty reports that the command changed nothing that would be applied.
// Refused entries may still exist.
func (s *Set) Empty() bool { return len(s.Changes) == 0 }

// Root returns the absolute project root the set was collected against.
func (s *Set) Root() string { return s.root }

// Close releases the upper layer. A set closed without Apply is
// discarded: nothing of it reaches the real root. Close is idempotent.
func (s *Set) Close() error {
	if s.upper == nil {
		return nil
	}
	err := s.upper.Close()
	s.upper = nil
	return err
}

// String returns the change as one line for the model, a person or
// headless output: "modify notes.txt (+1 -1)", "create gen.txt",
// "delete build/ (12 files)", "chmod run.sh (0644 -> 0755)".
func (c Change) String() string {
	var b strings.Builder
	name := show(c.Path)
	if c.Type.IsDir() {
		name += "/"
	}
	switch c.Op {
	case Create:
		b.WriteString("create " + name)
		if c.Type == fs.ModeSymlink {
			b.WriteString(" -> " + show(c.Target))
		}
	case Modify:
		switch {
		case c.Type == fs.ModeSymlink:
			fmt.Fprintf(&b, "relink %s -> %s (was %s)", name, show(c.Target), show(c.OldTarget))
		case !c.Content:
			fmt.Fprintf(&b, "chmod %s (%04o -> %04o)", name, modeBits(c.OldMode), modeBits(c.Mode))
		default:
			b.WriteString("modify " + name + " (" + c.counts())
			if c.Mode != c.OldMode {
				fmt.Fprintf(&b, ", mode %04o -> %04o", modeBits(c.OldMode), modeBits(c.Mode))
			}
			b.WriteString(")")
		}
	case Delete:
		b.WriteString("delete " + name)
		if c.Type.IsDir() {
			fmt.Fprintf(&b, " (%s)", plural(c.Files, "file", "files"))
		}
	case Replace:
		fmt.Fprintf(&b, "replace %s (%s -> %s", show(c.Path), typeName(c.OldType), typeName(c.Type))
		if c.OldType.IsDir() {
			fmt.Fprintf(&b, ", removing %s", plural(c.Files, "file", "files"))
		}
		b.WriteString(")")
		if c.Type == fs.ModeSymlink {
			b.WriteString(" -> " + show(c.Target))
		}
	default:
		b.WriteString(c.Op.String() + " " + name)
	}
	for _, n := range c.Notes {
		b.WriteString("; " + n)
	}
	return b.String()
}

// counts renders the line counts of a content change.
func (c Change) counts() string {
	if c.Binary && max(c.Size, c.OldSize) > diffLimit {
		return fmt.Sprintf("large file, %d -> %d bytes", c.OldSize, c.Size)
	}
	if c.Binary {
		return fmt.Sprintf("binary, %d -> %d bytes", c.OldSize, c.Size)
	}
	return fmt.Sprintf("+%d -%d", c.Added, c.Removed)
}

// String returns the refusal as one line: "refused: .git/config (git
// directory)".
func (r Refusal) String() string { return "refused: " + show(r.Path) + " (" + r.Reason + ")" }

// show returns a name as it is, or quoted when it holds a control
// character, so that a name cannot break a line or fake another one.
func show(name string) string {
	if strings.IndexFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f || r == utf8.RuneError }) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// Lines returns one line per change and per refusal, in path order,
// leaving out the creation of a directory whose contents are listed.
func (s *Set) Lines() []string {
	var out []string
	for i, c := range s.Changes {
		if c.Op == Create && c.Type.IsDir() && i+1 < len(s.Changes) && strings.HasPrefix(s.Changes[i+1].Path, c.Path+"/") {
			continue
		}
		out = append(out, c.String())
	}
	for _, r := range s.Refused {
		out = append(out, r.String())
	}
	return out
}

// summaryLines bounds Summary.
const summaryLines = 20

// Summary returns the whole set as one line: "no changes", or the Lines
// joined by "; ", the first 20 of them and how many more.
func (s *Set) Summary() string {
	lines := s.Lines()
	if len(lines) == 0 {
		return "no changes"
	}
	if len(lines) > summaryLines {
		more := len(lines) - summaryLines
		lines = append(lines[:summaryLines:summaryLines], fmt.Sprintf("and %d more", more))
	}
	return strings.Join(lines, "; ")
}

func modeBits(m fs.FileMode) uint32 {
	v := uint32(m.Perm())
	if m&fs.ModeSticky != 0 {
		v |= 0o1000
	}
	return v
}

func typeName(t fs.FileMode) string {
	switch {
	case t.IsDir():
		return "directory"
	case t == fs.ModeSymlink:
		return "symlink"
	case t.IsRegular():
		return "file"
	}
	return "special file"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
