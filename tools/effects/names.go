package effects

import (
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"

	"github.com/agentcli/agent/classify"
)

// hasGitComponent reports whether any component of the slash path rel
// names a git directory.
func hasGitComponent(rel string) bool {
	for comp := range strings.SplitSeq(rel, "/") {
		if classify.IsGitName(comp) {
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

// maxHops bounds the symlinks followed to resolve one target.
const maxHops = 40

// leavesRoot reports whether a symlink at rel with this target resolves
// outside the root: an absolute target, a ".." that climbs above the
// root, or a path through a symlink that does (one of the real root's, or
// one of links, the symlinks the command made, which take precedence).
// A chain longer than maxHops counts as leaving. It is conservative: a
// real symlink the command replaced is still followed.
func leavesRoot(r *os.Root, links map[string]string, rel, target string) bool {
	var cur []string
	if d := path.Dir(rel); d != "." {
		cur = strings.Split(d, "/")
	}
	todo := strings.Split(target, "/")
	if target == "" || strings.HasPrefix(target, "/") {
		return true
	}
	for hops := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(cur) == 0 {
				return true
			}
			cur = cur[:len(cur)-1]
			continue
		}
		cur = append(cur, c)
		p := strings.Join(cur, "/")
		next, isLink := links[p]
		if !isLink && r != nil {
			if fi, err := r.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				if next, err = r.Readlink(p); err != nil {
					return true
				}
				isLink = true
			}
		}
		if !isLink {
			continue
		}
		if hops++; hops > maxHops || next == "" || strings.HasPrefix(next, "/") {
			return true
		}
		cur = cur[:len(cur)-1]
		todo = append(strings.Split(next, "/"), todo...)
	}
	return false
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
