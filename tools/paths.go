package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/agentcli/agent/classify"
)

// maxSymlinks is how many symbolic links one resolution may follow, as
// Linux's ELOOP limit.
const maxSymlinks = 40

// errPathLoop is returned when resolving a path follows too many links.
var errPathLoop = errors.New("too many levels of symbolic links")

// ResolvePath returns the absolute, clean form of path as the file tools see
// it: "~" and a leading "~/" mean home, a relative path is taken from root,
// and symbolic links are followed as far as they exist, in order, the way
// the kernel walks a path (so "link/.." is the parent of the link's target).
// The part after the first missing component is kept as written, cleaned.
//
// The result may lie outside root: ResolvePath only resolves, so that a
// classifier can judge where a path really goes. root must be absolute and
// should itself be free of symbolic links (see New); ResolvePath does not
// open files, only Lstat and Readlink them.
func ResolvePath(root, home, path string) (string, error) {
	p, err := absPath(root, home, path)
	if err != nil {
		return "", err
	}
	return walkLinks(p)
}

// maxPathLen is the longest path the file tools take: Linux's PATH_MAX.
// No longer path can be opened, and resolving one component by component
// grows with its square, so a model's megabyte of "a/a/a/..." would hang.
const maxPathLen = 4096

// absPath expands "~" and makes path absolute without resolving anything.
// The result is not cleaned: ".." must be applied after the links before it.
func absPath(root, home, path string) (string, error) {
	switch {
	case path == "":
		return "", errors.New("empty path")
	case len(path) > maxPathLen:
		// The path itself is left out: it may be megabytes long.
		return "", fmt.Errorf("a path of %d bytes is longer than any a file system takes (%d)", len(path), maxPathLen)
	case strings.IndexByte(path, 0) >= 0:
		return "", fmt.Errorf("path %q contains a NUL byte", path)
	case !utf8.ValidString(path):
		return "", fmt.Errorf("path %q is not valid UTF-8", path)
	case path == "~" || strings.HasPrefix(path, "~/"):
		if home == "" || !filepath.IsAbs(home) {
			return "", fmt.Errorf("path %q: the home directory is unknown", path)
		}
		return home + "/" + path[1:], nil
	case filepath.IsAbs(path):
		return path, nil
	}
	if !filepath.IsAbs(root) {
		return "", fmt.Errorf("root %q is not absolute", root)
	}
	return root + "/" + path, nil
}

// walkLinks resolves the symbolic links of the absolute path p component by
// component. A missing component (or one under a non-directory) ends the
// resolution: the rest is joined lexically.
func walkLinks(p string) (string, error) {
	resolved := "/"
	rest := p
	links := 0
	missing := false
	for rest != "" {
		var comp string
		comp, rest, _ = strings.Cut(rest, "/")
		switch comp {
		case "", ".":
			continue
		case "..":
			resolved = filepath.Dir(resolved)
			continue
		}
		next := filepath.Join(resolved, comp)
		if missing {
			resolved = next
			continue
		}
		fi, err := os.Lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			missing = true
			resolved = next
			continue
		case err != nil:
			return "", fmt.Errorf("resolve %s: %w", next, err)
		case fi.Mode()&fs.ModeSymlink == 0:
			resolved = next
			continue
		}
		links++
		if links > maxSymlinks {
			return "", fmt.Errorf("resolve %s: %w", p, errPathLoop)
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", next, err)
		}
		if filepath.IsAbs(target) {
			resolved = "/"
		}
		if rest != "" {
			target += "/" + rest
		}
		rest = target
	}
	return resolved, nil
}

// within reports whether the clean absolute path p is root or lies under it.
func within(root, p string) bool {
	if root == "/" {
		return true
	}
	return p == root || strings.HasPrefix(p, root) && p[len(root)] == '/'
}

// hasGitComponent reports whether any component of the slash or OS path
// rel names .git (see isGitName).
func hasGitComponent(rel string) bool {
	for comp := range strings.SplitSeq(filepath.ToSlash(rel), "/") {
		if classify.IsGitName(comp) {
			return true
		}
	}
	return false
}

// target is a path argument resolved inside the root.
type target struct {
	// arg is the path as the model wrote it, for messages.
	arg string
	// abs is the resolved absolute path.
	abs string
	// rel is abs relative to the root, "." for the root itself, with no
	// symbolic link among its existing components: the name every os.Root
	// operation gets.
	rel string
}

// resolve resolves a path argument the way every file tool does and refuses
// paths outside the root, and for writes, paths through .git. With
// keepLast, the last component is not followed if it is a symbolic link (a
// delete removes the link, not its target).
func (r *Registry) resolve(arg string, write, keepLast bool) (target, error) {
	var abs string
	var err error
	if keepLast {
		abs, err = r.resolveParent(arg)
	} else {
		abs, err = ResolvePath(r.root, r.home, arg)
	}
	if err != nil {
		return target{}, err
	}
	if !within(r.root, abs) {
		if abs == filepath.Clean(arg) {
			return target{}, fmt.Errorf("%q is %w %s", arg, ErrOutsideRoot, r.root)
		}
		return target{}, fmt.Errorf("%q resolves to %s, %w %s", arg, abs, ErrOutsideRoot, r.root)
	}
	rel, err := filepath.Rel(r.root, abs)
	if err != nil {
		return target{}, fmt.Errorf("%q: %w", arg, err)
	}
	if write && hasGitComponent(rel) {
		return target{}, fmt.Errorf("%q is %w", arg, ErrGitDir)
	}
	return target{arg: arg, abs: abs, rel: rel}, nil
}

// resolveExisting resolves arg for reading (see resolve) and stats what
// it names, following links inside the root: for the tools that read
// something that must exist. Errors start with the tool's name and give
// the path as the model wrote it.
func (r *Registry) resolveExisting(name, arg string) (target, fs.FileInfo, error) {
	t, err := r.resolve(arg, false, false)
	if err != nil {
		return target{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	fi, err := r.fsRoot.Stat(t.rel)
	if err != nil {
		return target{}, nil, fmt.Errorf("%s: %w", name, pathError(arg, err))
	}
	return t, fi, nil
}

// resolveParent resolves all but the last component of arg; a last
// component of "." or ".." is resolved too, since it names a directory by
// its relation to another.
func (r *Registry) resolveParent(arg string) (string, error) {
	p, err := absPath(r.root, r.home, arg)
	if err != nil {
		return "", err
	}
	p = strings.TrimRight(p, "/")
	dir, base := filepath.Split(p)
	if base == "" || base == "." || base == ".." {
		return walkLinks(p)
	}
	parent, err := walkLinks(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(parent, base), nil
}
