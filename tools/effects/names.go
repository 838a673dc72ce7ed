package effects

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
	"syscall"
)

// isGitName reports whether a path component names a .git directory or
// file in any spelling a file system might fold to ".git": any case, with
// the trailing dots and spaces NTFS drops, with the zero-width characters
// HFS+ ignores, as NTFS's short name "git~1", or with an NTFS stream
// suffix. It is the rule of package tools (which this package cannot
// import), kept in step with it.
func isGitName(comp string) bool {
	c := strings.Map(func(r rune) rune {
		switch {
		case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e,
			r >= 0x206a && r <= 0x206f, r == 0xfeff:
			return -1
		}
		return r
	}, comp)
	c = strings.ToLower(strings.TrimRight(c, ". "))
	return c == ".git" || c == "git~1" || strings.HasPrefix(c, ".git::")
}

// hasGitComponent reports whether any component of the slash path rel
// names a git directory.
func hasGitComponent(rel string) bool {
	for comp := range strings.SplitSeq(rel, "/") {
		if isGitName(comp) {
			return true
		}
	}
	return false
}

// validRel reports whether rel is a clean, relative, slash-separated path
// below the root.
func validRel(rel string) bool {
	return rel != "" && rel != "." && !strings.HasPrefix(rel, "/") && path.Clean(rel) == rel &&
		rel != ".." && !strings.HasPrefix(rel, "../")
}

// leavesRoot reports whether a symlink at rel with this target points
// outside the root, judged by its text alone (an absolute target, or one
// whose ".." climb above the root).
func leavesRoot(rel, target string) bool {
	if target == "" || strings.HasPrefix(target, "/") {
		return true
	}
	p := path.Join(path.Dir(rel), target)
	return p == ".." || strings.HasPrefix(p, "../")
}

// isWhiteout reports whether an upper layer entry is a whiteout: a
// character device numbered 0:0.
func isWhiteout(fi fs.FileInfo) bool {
	if fi.Mode()&fs.ModeCharDevice == 0 {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Rdev == 0
}

// inode returns the inode and link count of an entry.
func inode(fi fs.FileInfo) (ino, nlink uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino), uint64(st.Nlink)
	}
	return 0, 1
}

// specialName names an entry type that is never applied.
func specialName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device node"
	}
	return "special file"
}

func itoa(n int) string { return strconv.Itoa(n) }
