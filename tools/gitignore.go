package tools

import (
	"io/fs"
	"path"
	"strings"
)

// ignoreRule is one pattern line of a .gitignore file.
type ignoreRule struct {
	base     string   // directory of the .gitignore, slash path, "." for the root
	segs     []string // pattern segments
	negate   bool     // "!pattern" re-includes
	dirOnly  bool     // "pattern/" matches only directories
	anchored bool     // a slash before the end: relative to base, not any level
}

// ignorer answers whether paths are ignored by the .gitignore files of a
// tree and .git/info/exclude, following git's rules closely enough for
// searching: later rules and deeper files win, "!" re-includes, and what is
// under an ignored directory is never visited. It reads .gitignore files
// lazily and is not safe for concurrent use.
type ignorer struct {
	fsys  fs.FS
	rules map[string][]ignoreRule // by directory
}

func newIgnorer(fsys fs.FS) *ignorer {
	ig := &ignorer{fsys: fsys, rules: make(map[string][]ignoreRule)}
	exclude := parseIgnore(".", readSmall(fsys, ".git/info/exclude"))
	ig.rules["."] = append(exclude, parseIgnore(".", readSmall(fsys, ".gitignore"))...)
	return ig
}

// maxIgnoreFile bounds the .gitignore files read.
const maxIgnoreFile = 1 << 20

// readSmall returns a small file's contents, or "" when it is missing,
// unreadable or too large to be a real ignore file.
func readSmall(fsys fs.FS, name string) string {
	fi, err := fs.Stat(fsys, name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxIgnoreFile {
		return ""
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return ""
	}
	return string(b)
}

// parseIgnore parses the lines of a .gitignore in directory base.
func parseIgnore(base, text string) []ignoreRule {
	var rules []ignoreRule
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		// Trailing spaces are dropped unless escaped.
		for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
			line = line[:len(line)-1]
		}
		if line == "" || line[0] == '#' {
			continue
		}
		var r ignoreRule
		r.base = base
		if line[0] == '!' {
			r.negate = true
			line = line[1:]
		} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			r.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		r.anchored = strings.Contains(line, "/")
		line = strings.ReplaceAll(line, "[!", "[^")
		r.segs = splitPattern(line)
		if len(r.segs) == 0 || !validPattern(r.segs) {
			continue
		}
		rules = append(rules, r)
	}
	return rules
}

// ignored reports whether the slash path rel (relative to the root, not
// ".") is ignored. Its ancestors are assumed not ignored: a walk skips
// ignored directories.
func (ig *ignorer) ignored(rel string, isDir bool) bool {
	ignored := false
	dir := "."
	rest := rel
	for {
		for _, r := range ig.dirRules(dir) {
			if r.matches(rel, isDir) {
				ignored = !r.negate
			}
		}
		comp, more, ok := strings.Cut(rest, "/")
		if !ok {
			return ignored
		}
		dir = path.Join(dir, comp)
		rest = more
	}
}

// dirRules returns the rules of dir's .gitignore, reading it once.
func (ig *ignorer) dirRules(dir string) []ignoreRule {
	if rules, ok := ig.rules[dir]; ok {
		return rules
	}
	rules := parseIgnore(dir, readSmall(ig.fsys, path.Join(dir, ".gitignore")))
	ig.rules[dir] = rules
	return rules
}

// matches reports whether the rule applies to rel.
func (r ignoreRule) matches(rel string, isDir bool) bool {
	if r.dirOnly && !isDir {
		return false
	}
	sub := rel
	if r.base != "." {
		var ok bool
		if sub, ok = strings.CutPrefix(rel, r.base+"/"); !ok {
			return false
		}
	}
	if r.anchored {
		return matchSegments(r.segs, strings.Split(sub, "/"))
	}
	ok, _ := path.Match(r.segs[0], path.Base(sub))
	return ok
}
