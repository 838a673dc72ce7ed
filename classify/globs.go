package classify

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/pattern"

	"github.com/agentcli/agent/classify/secrets"
)

// A glob is judged by everything it could match: "> .gi?/config" writes
// .git/config if that is what is there, and "rm -rf .g*" deletes .git.
// The classifier cannot list the directory, so a glob stands for every
// name the rules protect that it can match (the components of .git,
// credential stores, startup files, system directories, the root and the
// home) as well as for itself.

// guardedNames are the path components the rules protect, collected from
// their lists, sorted, with .git first: when a glob may match more than
// maxGlobCandidates of them, the ones that matter most are kept.
var guardedNames = func() []string {
	names := map[string]bool{".git": true, "..": true, ".": true, "hooks": true, "config": true,
		"objects": true, "refs": true, "head": true, "index": true, "info": true, "modules": true,
		"id_rsa": true, "id_ed25519": true, "id_ecdsa": true, "id_dsa": true, "authorized_keys": true,
		"known_hosts": true, "passwd": true, ".env": true, "home": true, "users": true, "root": true}
	add := func(list []string) {
		for _, p := range list {
			for c := range strings.SplitSeq(strings.Trim(p, "/"), "/") {
				names[c] = true
			}
		}
	}
	add(systemDirs)
	add(secrets.SystemPaths())
	add(secrets.HomePaths())
	add(startupFiles)
	list := make([]string, 0, len(names))
	for n := range names {
		if n != ".git" {
			list = append(list, n)
		}
	}
	slices.Sort(list)
	return append([]string{".git"}, list...)
}()

// maxGlobCandidates bounds the paths one glob stands for.
const maxGlobCandidates = 64

var extglobRe = lazyRegexp(`[@!?*+]\(`)

// globCandidates returns the guarded paths the clean absolute path p,
// holding pattern characters, could match. extra are more names to try
// (the components of the root and the home).
func globCandidates(p string, extra []string) []string {
	comps := strings.Split(strings.TrimPrefix(p, "/"), "/")
	out := []string{""}
	for _, comp := range comps {
		var next []string
		if !strings.ContainsAny(comp, "*?[") && !extglobRe().MatchString(comp) {
			for _, o := range out {
				next = append(next, o+"/"+comp)
			}
		} else {
			var names []string
			match := globMatcher(comp)
			for _, n := range slices.Concat(guardedNames, extra) {
				if match(n) {
					names = append(names, n)
				}
			}
			for _, o := range out {
				for _, n := range names {
					if len(next) < maxGlobCandidates {
						next = append(next, o+"/"+n)
					}
				}
			}
		}
		out = next
		if len(out) == 0 {
			return nil
		}
	}
	for i, o := range out {
		out[i] = path.Clean(o)
	}
	return out
}

// globMatcher returns whether the shell pattern pat, one path element,
// may match a name, the way bash matches it: with the shell parser's own
// pattern rules (bracket expressions with "!" and classes, extended
// globs, which may be on). A wildcard does not match a leading dot unless
// the pattern starts with one (or a bracket, which is taken as possibly
// matching it, and dotglob may be on). A negated extended glob or a
// pattern that does not compile may match anything. Case is ignored, as
// case-insensitive file systems do.
func globMatcher(pat string) func(name string) bool {
	anything := func(string) bool { return true }
	dotOK := strings.HasPrefix(pat, ".") || strings.HasPrefix(pat, "[") || extglobRe().MatchString(pat)
	if !strings.ContainsAny(pat, "[]()|@!+") {
		// Only * and ?: path.Match reads them as bash does, without
		// compiling a regular expression.
		lp := strings.ToLower(pat)
		return func(name string) bool {
			if strings.HasPrefix(name, ".") && !dotOK {
				return false
			}
			ok, err := path.Match(lp, strings.ToLower(name))
			return ok || err != nil
		}
	}
	expr, err := pattern.Regexp(pat, pattern.EntireString|pattern.NoGlobCase|pattern.ExtendedOperators|pattern.GlobLeadingDot|pattern.Filenames|pattern.NoGlobStar)
	if err != nil {
		return anything
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return anything
	}
	return func(name string) bool {
		if strings.HasPrefix(name, ".") && !dotOK {
			return false
		}
		return re.MatchString(name)
	}
}

// globMatch reports whether the shell pattern pat may match name (see
// globMatcher).
func globMatch(pat, name string) bool { return globMatcher(pat)(name) }

// globReachesSecret returns a credential store the clean absolute pattern
// p may name or lead into: "~/.*/*" reaches ~/.ssh/id_rsa whatever else
// it matches, which a bounded list of candidates may miss. The pattern's
// home may be literal (the home, /root) or itself a pattern
// (/home/*, /Users/?*).
func (pl *place) globReachesSecret(p string) (string, bool) {
	return pl.globReaches(p, false)
}

// globTreeReachesSecret reports whether the tree below a path the glob p
// may match holds a credential store: ~/.c* may be ~/.config, which holds
// ~/.config/gh.
func (pl *place) globTreeReachesSecret(p string) (string, bool) {
	return pl.globReaches(p, true)
}

func (pl *place) globReaches(p string, tree bool) (string, bool) {
	comps := strings.Split(strings.TrimPrefix(p, "/"), "/")
	var rels [][]string
	if home := strings.Split(strings.TrimPrefix(pl.home, "/"), "/"); len(comps) > len(home) && slices.Equal(comps[:len(home)], home) {
		rels = append(rels, comps[len(home):])
	}
	if len(comps) > 1 && globMatch(comps[0], "root") {
		rels = append(rels, comps[1:])
	}
	if len(comps) > 2 && (globMatch(comps[0], "home") || globMatch(comps[0], "Users")) {
		rels = append(rels, comps[2:])
	}
	for _, rel := range rels {
		if e, ok := reachesEntry(rel, homeSecretParts, tree); ok {
			return "~/" + e, true
		}
	}
	if e, ok := reachesEntry(comps, systemSecretParts, tree); ok {
		return "/" + e, true
	}
	return "", false
}

// homeSecretParts and systemSecretParts are the stores of the secret
// list split into path elements, once.
var homeSecretParts, systemSecretParts = splitPaths(secrets.HomePaths()), splitPaths(secrets.SystemPaths())

func splitPaths(paths []string) [][]string {
	out := make([][]string, len(paths))
	for i, p := range paths {
		out[i] = strings.Split(strings.TrimPrefix(p, "/"), "/")
	}
	return out
}

// reachesEntry returns the first of entries (paths split into elements)
// whose every element the pattern elements comps may match, in order.
// With tree, comps may also stop above the entry: the glob matches a
// directory the entry lies below.
func reachesEntry(comps []string, entries [][]string, tree bool) (string, bool) {
	matchers := make([]func(string) bool, len(comps))
	for _, parts := range entries {
		if len(parts) > len(comps) && !tree {
			continue
		}
		ok := true
		for i, part := range parts[:min(len(parts), len(comps))] {
			if matchers[i] == nil {
				matchers[i] = globMatcher(comps[i])
			}
			if !matchers[i](part) {
				ok = false
				break
			}
		}
		if ok {
			return strings.Join(parts, "/"), true
		}
	}
	return "", false
}

// pathAlias rewrites the paths that are other names for a directory:
// /proc/self/cwd is the current directory, /proc/*/root the file system's
// top; another process's cwd and a descriptor used as a directory are
// not known. It reports the rewritten paths, whether the place is
// unknown, and whether s was such a path at all.
func pathAlias(s string, d dirs) (out []string, unknown, ok bool) {
	rest, isProc := strings.CutPrefix(s, "/proc/")
	if isProc {
		pid, sub, _ := strings.Cut(rest, "/")
		kind, tail, _ := strings.Cut(sub, "/")
		switch {
		case kind == "cwd" && (pid == "self" || pid == "thread-self"):
			for _, dir := range d.list() {
				out = append(out, path.Join(dir, tail))
			}
			return out, d.unknown, true
		case kind == "root":
			return []string{path.Clean("/" + tail)}, false, true
		case kind == "cwd":
			return nil, true, true
		case kind == "fd" && strings.Contains(tail, "/"):
			return nil, true, true
		}
		return nil, false, false
	}
	if rest, isFd := strings.CutPrefix(s, "/dev/fd/"); isFd && strings.Contains(rest, "/") {
		return nil, true, true
	}
	return nil, false, false
}

// lazyRegexp compiles expr on its first use, not when the package starts:
// the classifier's patterns are package variables, and most starts of the
// binary (the sandbox's helper is the same binary) use none of them.
// (classify imports nothing of the project's own beyond its secrets, so
// it has this one line rather than internal/lazyre.)
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
