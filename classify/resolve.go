package classify

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// resolve returns the absolute paths a literal field may name when the
// command runs in one of d, and whether it may also name a path relative
// to a directory that is not known.
func (wk *walker) resolve(f field, d dirs) ([]string, bool) {
	var out []string
	if alias, unknown, ok := pathAlias(f.s, d); ok {
		return wk.withLinks(alias), unknown
	}
	if strings.HasPrefix(f.s, "/") {
		out = []string{path.Clean(f.s)}
	} else {
		out = make([]string, 0, d.n)
		for _, dir := range d.list() {
			out = append(out, path.Join(dir, f.s))
		}
	}
	return wk.withLinks(out), d.unknown
}

// withLinks adds, for paths through links made earlier in the command,
// the paths they lead to.
func (wk *walker) withLinks(out []string) []string {
	for _, l := range wk.j.links {
		for _, p := range out {
			if within(p, l[0]) {
				out = append(out, path.Join(l[1], strings.TrimPrefix(p, l[0])))
			}
		}
	}
	return out
}

// judgeField judges an access to the path a field names, for the part
// whose reasons start with text, and applies the path rules.
func (wk *walker) judgeField(acc access, f field, d dirs, text string) {
	if acc == accReadTree && f.dyn && (f.w == nil || wk.staticPrefix(f.w) == "") {
		// A tree that is not known until it runs is read like a file
		// that is not.
		acc = accRead
	}
	if f.dyn {
		prefix := ""
		if f.w != nil {
			prefix = wk.staticPrefix(f.w)
		}
		if prefix == "" {
			wk.unknownPath(acc, text, "a path that is not known until it runs")
			return
		}
		// The unknown rest may be empty, so the prefix itself is at stake:
		// judge it like a glob that matches everything there.
		f = field{s: prefix + "*", glob: true}
	}
	cands, unknown := wk.resolve(f, d)
	if unknown {
		wk.unknownPath(acc, text, "a path relative to a directory that is not known")
	}
	if acc == accReadTree {
		wk.readsTree(f, cands, text)
		acc = accRead
	}
	for _, p := range cands {
		if acc != accRead {
			wk.j.wrote(p)
		}
		l, why, rule := wk.judgeOne(acc, p, f.glob)
		l, why, rule = wk.j.pathRules(p, &wk.pl, l, why, rule)
		wk.j.add(l, text+": "+why, rule)
		own := l
		if f.glob {
			if store, ok := wk.pl.globReachesSecret(p); ok && own < Blocked {
				why := "may match " + store + ", a credential store"
				if acc != accRead {
					why = "may write " + store + ", a credential store"
				}
				wk.j.add(Blocked, text+": "+why, "builtin:credential-store")
				own = Blocked
			}
			for _, m := range globCandidates(p, wk.placeNames()) {
				l, why, rule := wk.pl.judgePath(acc, m, true)
				l, why, rule = wk.j.pathRules(m, &wk.pl, l, why, rule)
				if acc == accRead && l < Blocked {
					// A glob reads the project's files as grep -r does:
					// only a credential store it may reach counts.
					continue
				}
				if l > own {
					wk.j.add(l, text+": may match "+shorten(m)+", which "+why, rule)
				}
			}
		}
	}
}

// readsTree blocks reading the whole tree below a directory that holds a
// credential store, or below a glob that may match one: grep -r, tar c
// and cp -r read every file there, the stores with the rest.
func (wk *walker) readsTree(f field, cands []string, text string) {
	for _, p := range cands {
		store, ok := wk.pl.storeBelow(p)
		if !ok && f.glob {
			store, ok = wk.pl.globTreeReachesSecret(p)
		}
		if ok {
			wk.j.add(Blocked, text+": reads every file below "+shorten(p)+", credential stores among them: "+store, "builtin:credential-store")
			return
		}
	}
}

// placeNames are the components of the root and the home, which a glob
// may match too.
func (wk *walker) placeNames() []string {
	var out []string
	for _, p := range []string{wk.pl.root, wk.pl.home} {
		for c := range strings.SplitSeq(strings.Trim(p, "/"), "/") {
			if c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

func (wk *walker) unknownPath(acc access, text, what string) {
	switch acc {
	case accRead, accReadTree:
		wk.j.add(Warning, text+": reads "+what, "builtin:unknown-path")
	case accWrite:
		wk.j.add(Dangerous, text+": writes "+what, "builtin:unknown-path")
	default:
		wk.j.add(Dangerous, text+": deletes "+what, "builtin:unknown-path")
	}
}

// pathPart judges a redirection target as a part of its own.
func (wk *walker) pathPart(acc access, f field, d dirs, text string) {
	wk.judgeField(acc, f, d, text)
}

// judgeOne judges one resolved path. A glob that deletes everything in a
// directory puts that directory at stake: "rm -rf ~/*" empties the home.
func (wk *walker) judgeOne(acc access, p string, glob bool) (Level, string, string) {
	if glob && acc != accRead && acc != accWrite {
		dir, pat, last := splitGlob(p)
		if dir == "/" {
			return Blocked, "deletes entries at the top of the file system", "builtin:delete-root"
		}
		if last && barePattern(pat) {
			switch {
			case wk.pl.isHomeDir(dir) || isAncestor(dir, wk.pl.home):
				return Blocked, "deletes everything in a home directory", "builtin:delete-home"
			case dir == wk.pl.root && acc == accDeleteTree:
				return Dangerous, "deletes everything in the project", "builtin:delete-tree"
			case dir == wk.pl.root:
				return Warning, "deletes every file in the project directory", "builtin:delete-project"
			case isAncestor(dir, wk.pl.root):
				return Blocked, "deletes the project root", "builtin:delete-root"
			}
		}
	}
	return wk.pl.judgePath(acc, p, true)
}

// splitGlob splits a path at the component holding its first pattern
// character: the directory before it, that component, and whether it is
// the last one.
func splitGlob(p string) (dir, pat string, last bool) {
	i := strings.IndexAny(p, "*?[")
	if i < 0 {
		return path.Dir(p), path.Base(p), true
	}
	slash := strings.LastIndexByte(p[:i], '/')
	dir = p[:max(slash, 0)]
	if dir == "" {
		dir = "/"
	}
	rest := p[slash+1:]
	pat, tail, more := strings.Cut(rest, "/")
	return dir, pat, !more || tail == ""
}

// barePattern reports a pattern that matches (nearly) every name: "*",
// ".*", "*.*", "?*".
func barePattern(pat string) bool {
	return pat != "" && strings.Trim(pat, "*?.") == ""
}

// staticPrefix returns the known beginning of a word, up to its first
// part whose value is not known.
func (wk *walker) staticPrefix(w *syntax.Word) string {
	var b strings.Builder
	for i, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			for _, q := range dq.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					b.WriteString(unescapeDquote(q.Value))
					continue
				case *syntax.ParamExp:
					if isPlainParam(q, "HOME") {
						b.WriteString(wk.pl.home)
						continue
					}
				}
				return b.String()
			}
			continue
		}
		if l, ok := p.(*syntax.Lit); ok {
			if k := strings.IndexByte(l.Value, '{'); k >= 0 {
				// A brace expansion starts here: only what comes before
				// it is the same in every expansion.
				p = &syntax.Lit{Value: l.Value[:k]}
				alts := []string{""}
				var glob, proc bool
				if wk.expandParts(&alts, &glob, &proc, []syntax.WordPart{p}, i == 0) && len(alts) == 1 {
					b.WriteString(alts[0])
				}
				break
			}
		}
		alts := []string{""}
		var glob, proc bool
		if !wk.expandParts(&alts, &glob, &proc, []syntax.WordPart{p}, i == 0) || len(alts) != 1 {
			break
		}
		b.WriteString(alts[0])
	}
	return b.String()
}
