package effects

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// Config is the [effects] section of the configuration.
type Config struct {
	// Ignore lists build outputs and caches whose changes count as safe:
	// a change strictly inside one of these directories, or to a file
	// whose name matches one of these patterns, may be applied without
	// asking, as long as the path rules judge it an ordinary project write
	// or delete (never a protected path, never a symlink, never the
	// deletion of an ignored directory itself, which stays a tree deletion).
	// The syntax is a small subset of .gitignore: "*", "?" and "[...]"
	// match within one path component; a trailing "/" matches directories
	// only; a pattern with several components ("node_modules/.cache/")
	// matches that run of components anywhere in the path; a leading "/"
	// anchors it to the project root. Where the caller can ask git
	// (Options.GitIgnored), a path must also be ignored by git; otherwise
	// the list is taken alone. Nil means DefaultIgnore; an empty list
	// ignores nothing.
	Ignore []string `toml:"ignore"`
	// MaxMiB bounds the size of a command's changes (the upper layer's
	// regular files) in MiB; past it the effects are refused with
	// ErrTooLarge. Zero means the default, 1024.
	MaxMiB int `toml:"max_mib"`
}

// DefaultMaxMiB is the default bound of Config.MaxMiB.
const DefaultMaxMiB = 1024

// maxMaxMiB bounds what Validate accepts for MaxMiB: 1 TiB.
const maxMaxMiB = 1 << 20

// DefaultIgnore is the default Config.Ignore: outputs and caches that
// builds and test runners write and that projects do not keep.
var DefaultIgnore = []string{
	"__pycache__/",
	"*.pyc",
	"*.pyo",
	".pytest_cache/",
	".mypy_cache/",
	".ruff_cache/",
	".tox/",
	".nox/",
	"*.egg-info/",
	"htmlcov/",
	".coverage",
	"target/",
	"build/",
	"dist/",
	"node_modules/.cache/",
	".parcel-cache/",
	".next/cache/",
	".gradle/",
}

// DefaultConfig returns the defaults: DefaultIgnore and DefaultMaxMiB.
func DefaultConfig() Config {
	return Config{Ignore: append([]string(nil), DefaultIgnore...), MaxMiB: DefaultMaxMiB}
}

// Validate reports the first invalid setting: a pattern that is empty,
// holds "..", "." or an empty component, or has bad glob syntax, or a
// MaxMiB below zero or above 1 TiB.
func (c Config) Validate() error {
	if c.MaxMiB < 0 || c.MaxMiB > maxMaxMiB {
		return fmt.Errorf("effects.max_mib = %d: want 1 to %d (0 for the default)", c.MaxMiB, maxMaxMiB)
	}
	for _, p := range c.Ignore {
		if _, err := parsePattern(p); err != nil {
			return fmt.Errorf("effects.ignore: %w", err)
		}
	}
	return nil
}

// maxBytes is the bound of a command's changes in bytes.
func (c Config) maxBytes() int64 {
	if c.MaxMiB <= 0 {
		return DefaultMaxMiB << 20
	}
	return int64(c.MaxMiB) << 20
}

// pattern is one parsed entry of Config.Ignore.
type pattern struct {
	comps    []string
	dirOnly  bool
	anchored bool
}

var errEmptyPattern = errors.New("empty pattern")

func parsePattern(p string) (pattern, error) {
	var pt pattern
	s := p
	if s == "" || s == "/" {
		return pt, errEmptyPattern
	}
	pt.anchored = strings.HasPrefix(s, "/")
	pt.dirOnly = strings.HasSuffix(s, "/")
	s = strings.TrimSuffix(strings.TrimPrefix(s, "/"), "/")
	for c := range strings.SplitSeq(s, "/") {
		if c == "" || c == "." || c == ".." {
			return pt, fmt.Errorf("pattern %q: components may not be empty, \".\" or \"..\"", p)
		}
		if _, err := path.Match(c, ""); err != nil {
			return pt, fmt.Errorf("pattern %q: %w", p, err)
		}
		pt.comps = append(pt.comps, c)
	}
	return pt, nil
}

// matcher decides whether a path is a build output or cache.
type matcher struct{ pats []pattern }

// newMatcher parses the ignore list; invalid patterns are skipped (the
// config loader runs Validate first).
func newMatcher(c Config) matcher {
	list := c.Ignore
	if list == nil {
		list = DefaultIgnore
	}
	var m matcher
	for _, p := range list {
		if pt, err := parsePattern(p); err == nil {
			m.pats = append(m.pats, pt)
		}
	}
	return m
}

// ignored reports whether rel (slash-separated, relative to the root) lies
// strictly inside an ignored directory, or is itself matched: a directory
// (isDir) by any pattern, a file by a pattern without a trailing "/".
func (m matcher) ignored(rel string, isDir bool) bool {
	comps := strings.Split(rel, "/")
	for _, pt := range m.pats {
		k := len(pt.comps)
		for i := 0; i+k <= len(comps); i++ {
			if pt.anchored && i > 0 {
				break
			}
			if !matchRun(pt.comps, comps[i:i+k]) {
				continue
			}
			last := i+k == len(comps)
			if !last || isDir || !pt.dirOnly {
				return true
			}
		}
	}
	return false
}

func matchRun(pats, comps []string) bool {
	for j, p := range pats {
		if ok, _ := path.Match(p, comps[j]); !ok {
			return false
		}
	}
	return true
}
