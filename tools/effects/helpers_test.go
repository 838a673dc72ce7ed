package effects

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// A spec describes a directory tree, one entry per path (slash paths,
// parents made as needed, 0755):
//
//	"f:TEXT"       a file, 0644          "f755:TEXT"  a file with a mode
//	"d"            a directory, 0755     "d700"       with a mode
//	"o"            an opaque directory (upper layers)
//	"l:TARGET"     a symlink             "w"          a whiteout (0:0)
//	"p"            a fifo                "c"          a device node 1:3
//	"h:OTHER"      a hard link to the file OTHER (made earlier)
type spec map[string]string

// build makes spec under dir, parents first. Whiteouts and device nodes
// need mknod: the test is skipped where it is refused.
func build(t testing.TB, dir string, s spec) {
	t.Helper()
	paths := make([]string, 0, len(s))
	for p := range s {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, comparePaths)
	for _, p := range paths {
		if err := makeEntry(dir, p, s[p]); err != nil {
			if errors.Is(err, syscall.EPERM) {
				t.Skipf("mknod %s: %v (whiteouts need mknod of a 0:0 character device; run as root)", p, err)
			}
			t.Fatal(err)
		}
	}
}

// makeEntry makes one entry of a spec.
func makeEntry(dir, p, what string) error {
	full := filepath.Join(dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	kind, arg, _ := strings.Cut(what, ":")
	mode := func(def fs.FileMode) fs.FileMode {
		if len(kind) > 1 {
			m, err := strconv.ParseUint(kind[1:], 8, 32)
			if err == nil {
				return fs.FileMode(m&0o777) | unixSpecial(m)
			}
		}
		return def
	}
	switch kind[0] {
	case 'f':
		if err := os.WriteFile(full, []byte(arg), 0o600); err != nil {
			return err
		}
		return os.Chmod(full, mode(0o644))
	case 'd', 'o':
		if err := os.Mkdir(full, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if err := os.Chmod(full, mode(0o755)); err != nil {
			return err
		}
		if kind[0] == 'o' {
			return unix.Setxattr(full, "user.overlay.opaque", []byte("y"), 0)
		}
		return nil
	case 'l':
		return os.Symlink(arg, full)
	case 'w':
		return syscall.Mknod(full, syscall.S_IFCHR, 0)
	case 'c':
		return syscall.Mknod(full, syscall.S_IFCHR|0o600, int(unix.Mkdev(1, 3)))
	case 'p':
		return syscall.Mkfifo(full, 0o644)
	case 'h':
		return os.Link(filepath.Join(dir, filepath.FromSlash(arg)), full)
	}
	return fmt.Errorf("spec %s: unknown kind %q", p, what)
}

// unixSpecial turns the set-id and sticky bits of an octal mode into
// fs.FileMode bits.
func unixSpecial(m uint64) fs.FileMode {
	var out fs.FileMode
	if m&0o4000 != 0 {
		out |= fs.ModeSetuid
	}
	if m&0o2000 != 0 {
		out |= fs.ModeSetgid
	}
	if m&0o1000 != 0 {
		out |= fs.ModeSticky
	}
	return out
}

// snapshot describes the tree under dir in the notation of spec, with
// every mode written out ("f644:TEXT", "d755", "l:TARGET", "p", "c").
func snapshot(t testing.TB, dir string) spec {
	t.Helper()
	out := spec{}
	err := filepath.WalkDir(dir, func(full string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, full)
		if rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		fi, err := os.Lstat(full)
		if err != nil {
			return err
		}
		m := fi.Mode()
		perm := strconv.FormatUint(uint64(modeBits(m))|special(m), 8)
		switch {
		case m.IsRegular():
			data, err := os.ReadFile(full)
			if err != nil {
				return err
			}
			out[rel] = "f" + perm + ":" + string(data)
		case m.IsDir():
			out[rel] = "d" + perm
		case m&fs.ModeSymlink != 0:
			target, err := os.Readlink(full)
			if err != nil {
				return err
			}
			out[rel] = "l:" + target
		case m&fs.ModeNamedPipe != 0:
			out[rel] = "p"
		default:
			out[rel] = "c"
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func special(m fs.FileMode) uint64 {
	var v uint64
	if m&fs.ModeSetuid != 0 {
		v |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		v |= 0o2000
	}
	return v
}

// diffSpecs lists how got differs from want, one line per path.
func diffSpecs(got, want spec) string {
	var b strings.Builder
	keys := map[string]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	slices.Sort(sorted)
	for _, k := range sorted {
		g, gok := got[k]
		w, wok := want[k]
		switch {
		case !gok:
			fmt.Fprintf(&b, "  %s: missing, want %q\n", k, w)
		case !wok:
			fmt.Fprintf(&b, "  %s: %q, want nothing\n", k, g)
		case g != w:
			fmt.Fprintf(&b, "  %s: %q, want %q\n", k, g, w)
		}
	}
	return b.String()
}

// layers makes a project root and an upper layer in a fresh temp dir,
// beside a directory "outside" holding a file, and returns their paths.
func layers(t testing.TB, lower, upper spec) (root, up, outside string) {
	t.Helper()
	base := t.TempDir()
	root, up, outside = filepath.Join(base, "root"), filepath.Join(base, "upper"), filepath.Join(base, "outside")
	for _, d := range []string{root, up, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "keep.txt"), []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build(t, root, lower)
	build(t, up, upper)
	return root, up, outside
}
