package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds how deeply strings run by bash -c, eval and the like are
// parsed again. Deeper nesting has no honest use, and following it forever
// is not possible, so it is Blocked.
const maxDepth = 12

// walker judges the statements of one shell source. Nested sources (a
// bash -c string, an eval) get their own walker sharing the same judge.
type walker struct {
	j     *judge
	pl    place
	src   string
	depth int
	// stage, while a pipeline stage is walked, records what that stage
	// produces, so that the stage it feeds can tell code from data.
	stage *stageInfo
	// vars binds the variables of enclosing for loops over literal words
	// to the values they take; funcs names the functions defined so far.
	// Both are replaced, never changed in place, so nested walkers share
	// them safely.
	vars  map[string][]field
	funcs map[string]bool
	// variant is set while a word is expanded, to mark fields that come
	// from a loop variable.
	variant *bool
}

// stageInfo is what a pipeline stage writes to the next one.
type stageInfo struct {
	network bool   // downloaded from the network
	decode  bool   // decoded from base64 or the like
	files   bool   // read from files (cat script.sh)
	other   bool   // produced by anything else
	text    string // literal text printed by echo or printf
	// lists holds the starting points when the stage prints only paths
	// found under them (find, fd, git ls-files); filter reports a stage
	// that only drops or reorders lines (grep, sort, head).
	lists  []field
	listed bool
	filter bool
}

func (s *stageInfo) merge(o stageInfo) {
	s.network = s.network || o.network
	s.decode = s.decode || o.decode
	s.files = s.files || o.files
	s.other = s.other || o.other
	s.text += o.text
}

// stdin describes where a command's standard input comes from, when that
// matters: shells and interpreters run what they read.
type stdin struct {
	// pipe is what the earlier stages of a pipeline produce.
	pipe *stageInfo
	// doc is a here-document or here-string; docText its literal value
	// when it has no expansions.
	doc     *syntax.Word
	docText string
	docLit  bool
	// file reports input redirected from a file.
	file bool
}

// dirs is the set of directories a command may run in. Every "cd" adds to
// the set instead of replacing it, so judging a command in a list is never
// less careful than judging it alone.
type dirs struct {
	d       [4]string
	n       uint8
	unknown bool
}

func (d *dirs) add(p string) {
	for _, x := range d.d[:d.n] {
		if x == p {
			return
		}
	}
	if int(d.n) == len(d.d) {
		d.unknown = true
		return
	}
	d.d[d.n] = p
	d.n++
}

func (d *dirs) list() []string { return d.d[:d.n] }

// text returns the source of a node, on one line and shortened, for use in
// reasons.
func (wk *walker) text(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(wk.src) || start > end {
		return ""
	}
	return shorten(wk.src[start:end])
}

// shorten puts s on one line and cuts it to a readable length.
func shorten(s string) string {
	const limit = 80
	if strings.ContainsAny(s, "\n\t\r") {
		s = strings.Join(strings.Fields(s), " ")
	}
	s = strings.TrimSpace(s)
	if len(s) > limit {
		cut := limit
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// stmts walks a list of statements in order and returns where the last
// may run. Every statement shares the list's standard input.
func (wk *walker) stmts(ss []*syntax.Stmt, d dirs, in *stdin) dirs {
	for _, s := range ss {
		d = wk.stmt(s, d, in)
	}
	return d
}

// stmt judges one statement. in is non-nil inside a pipeline.
func (wk *walker) stmt(s *syntax.Stmt, d dirs, in *stdin) dirs {
	var written []field
	for _, r := range s.Redirs {
		doc, w := wk.redirect(r, d)
		if doc != nil {
			in = doc
		}
		written = append(written, w...)
	}
	if len(written) > 0 {
		// Watch what the command prints: downloaded or decoded output
		// makes the files it is written to downloaded code.
		outer := wk.stage
		var capture stageInfo
		wk.stage = &capture
		d = wk.stmtCmd(s, d, in)
		wk.stage = outer
		if outer != nil {
			outer.merge(capture)
			outer.lists, outer.listed, outer.filter = capture.lists, capture.listed, capture.filter
		}
		if capture.network || capture.decode {
			for _, f := range written {
				wk.markFetched(f, d)
			}
		}
		return d
	}
	return wk.stmtCmd(s, d, in)
}

// markFetched records that f holds downloaded or decoded data.
func (wk *walker) markFetched(f field, d dirs) {
	if f.dyn {
		return
	}
	cands, _ := wk.resolve(f, d)
	wk.j.fetched = append(wk.j.fetched, cands...)
}

// isFetched reports whether f names a file written with downloaded or
// decoded data earlier in the same command.
func (wk *walker) isFetched(f field, d dirs) bool {
	if f.dyn || len(wk.j.fetched) == 0 {
		return false
	}
	cands, _ := wk.resolve(f, d)
	for _, p := range cands {
		for _, q := range wk.j.fetched {
			if p == q {
				return true
			}
		}
	}
	return false
}

// stmtCmd judges the command of a statement whose redirections are done.
func (wk *walker) stmtCmd(s *syntax.Stmt, d dirs, in *stdin) dirs {
	switch c := s.Cmd.(type) {
	case nil:
		// Redirections alone, such as "> file".
	case *syntax.CallExpr:
		d = wk.call(c, d, in)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			wk.pipeline(c, d, in)
			break
		}
		d = wk.stmt(c.X, d, in)
		d = wk.stmt(c.Y, d, in)
	case *syntax.Subshell:
		wk.stmts(c.Stmts, d, in)
	case *syntax.Block:
		d = wk.stmts(c.Stmts, d, in)
	case *syntax.IfClause:
		for ic := c; ic != nil; ic = ic.Else {
			d = wk.stmts(ic.Cond, d, in)
			d = wk.stmts(ic.Then, d, in)
		}
	case *syntax.WhileClause:
		d = wk.stmts(c.Cond, d, in)
		d = wk.stmts(c.Do, d, in)
	case *syntax.ForClause:
		wk.subst(c.Loop, d)
		outer := wk.vars
		wk.bindLoop(c)
		d = wk.stmts(c.Do, d, in)
		wk.vars = outer
		if it, ok := c.Loop.(*syntax.WordIter); ok && it.Name != nil {
			wk.vars = without(outer, it.Name.Value)
		}
	case *syntax.CaseClause:
		wk.subst(c.Word, d)
		for _, it := range c.Items {
			for _, p := range it.Patterns {
				wk.subst(p, d)
			}
			d = wk.stmts(it.Stmts, d, in)
		}
	case *syntax.FuncDecl:
		wk.funcDecl(c, d)
	case *syntax.DeclClause:
		wk.decl(c, d)
	case *syntax.ArithmCmd:
		wk.subst(c, d)
		wk.j.add(Safe, wk.text(c)+": arithmetic", "builtin:shell-builtin")
	case *syntax.LetClause:
		wk.subst(c, d)
		wk.j.add(Safe, wk.text(c)+": arithmetic", "builtin:shell-builtin")
	case *syntax.TestClause:
		wk.subst(c, d)
		wk.j.add(Safe, wk.text(c)+": test", "builtin:shell-builtin")
	case *syntax.TimeClause:
		if c.Stmt != nil {
			d = wk.stmt(c.Stmt, d, in)
		}
	case *syntax.CoprocClause:
		wk.j.add(Warning, wk.text(c)+": runs a coprocess", "builtin:coprocess")
		if c.Stmt != nil {
			wk.stmt(c.Stmt, d, nil)
		}
	default:
		wk.j.add(Warning, wk.text(s)+": not understood", "builtin:not-understood")
		wk.subst(s, d)
	}
	return d
}

// pipeline judges each stage, telling each what the earlier ones produce.
// Stages run in subshells, so a "cd" inside one changes nothing after it.
// The first stage reads the pipeline's own input.
func (wk *walker) pipeline(b *syntax.BinaryCmd, d dirs, first *stdin) {
	var stages []*syntax.Stmt
	var flatten func(s *syntax.Stmt)
	flatten = func(s *syntax.Stmt) {
		if bc, ok := s.Cmd.(*syntax.BinaryCmd); ok && len(s.Redirs) == 0 && !s.Negated &&
			(bc.Op == syntax.Pipe || bc.Op == syntax.PipeAll) {
			flatten(bc.X)
			flatten(bc.Y)
			return
		}
		stages = append(stages, s)
	}
	flatten(b.X)
	flatten(b.Y)
	outer := wk.stage
	var acc stageInfo
	for i, s := range stages {
		var info stageInfo
		wk.stage = &info
		in := first
		if i > 0 {
			prev := acc
			in = &stdin{pipe: &prev}
		}
		wk.stmt(s, d, in)
		if i == 0 {
			acc = info
			continue
		}
		// Paths stay paths only through filters.
		listed := acc.listed && info.filter
		acc.merge(info)
		acc.listed = listed
	}
	wk.stage = outer
	if outer != nil {
		outer.merge(acc)
	}
}

// subst walks the command and process substitutions inside a node that is
// not itself a statement: words, assignments, arithmetic, tests, loops.
func (wk *walker) subst(n syntax.Node, d dirs) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			wk.stmts(n.Stmts, d, nil)
			return false
		case *syntax.ProcSubst:
			wk.stmts(n.Stmts, d, nil)
			return false
		}
		return true
	})
}

// redirect judges one redirection. For input redirections it returns the
// command's new standard input, for output ones the files written.
func (wk *walker) redirect(r *syntax.Redirect, d dirs) (*stdin, []field) {
	if r.Word != nil {
		wk.subst(r.Word, d)
	}
	if r.Hdoc != nil {
		wk.subst(r.Hdoc, d)
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		in := &stdin{doc: r.Hdoc}
		if r.Hdoc == nil {
			in.docLit = true
			return in, nil
		}
		in.docText, in.docLit = heredocText(r.Hdoc, quoted(r.Word))
		return in, nil
	case syntax.WordHdoc:
		in := &stdin{doc: r.Word}
		if f := wk.expand(nil, r.Word); len(f) == 1 && !f[0].dyn {
			in.docText, in.docLit = f[0].s+"\n", true
		}
		return in, nil
	case syntax.DplIn, syntax.DplOut:
		// Duplicating or closing descriptors is harmless; "&> file" in its
		// ">& file" spelling writes a file.
		if v, ok := litWord(r.Word); ok && (v == "-" || isDigits(v)) {
			return nil, nil
		}
		if r.Op == syntax.DplIn {
			return nil, nil
		}
	case syntax.RdrIn:
		for _, f := range wk.expand(nil, r.Word) {
			wk.pathPart(accRead, f, d, wk.text(r))
		}
		return &stdin{file: true}, nil
	}
	written := wk.expand(nil, r.Word)
	for _, f := range written {
		wk.pathPart(accWrite, f, d, wk.text(r))
	}
	return nil, written
}

// quoted reports whether a here-document delimiter is quoted, which turns
// off expansions in the body.
func quoted(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(p.Value, "\\") {
				return true
			}
		}
	}
	return false
}

// heredocText returns the body of a here-document and whether it is known
// without running anything.
func heredocText(w *syntax.Word, quotedDelim bool) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		if quotedDelim {
			b.WriteString(l.Value)
		} else {
			b.WriteString(unescapeHeredoc(l.Value))
		}
	}
	return b.String(), true
}

// unescapeHeredoc removes the backslashes an unquoted here-document honours.
func unescapeHeredoc(v string) string {
	if !strings.Contains(v, "\\") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("$`\\\n", v[i+1]) >= 0 {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// bindLoop binds the variable of "for NAME in WORDS" to the words while
// the body is judged, when the words are known and nothing in the body can
// change the variable (no assignment, read, declare, eval, source or call
// to a function defined here).
func (wk *walker) bindLoop(f *syntax.ForClause) {
	it, ok := f.Loop.(*syntax.WordIter)
	if !ok || it.Name == nil {
		return
	}
	name := it.Name.Value
	wk.vars = without(wk.vars, name)
	if !it.InPos.IsValid() || len(it.Items) == 0 || wk.mayChange(f.Do, name) {
		return
	}
	var items []field
	for _, w := range it.Items {
		items = wk.expand(items, w)
	}
	if len(items) > maxBraceFields {
		return
	}
	for _, item := range items {
		if item.dyn || item.variant {
			return
		}
	}
	vars := make(map[string][]field, len(wk.vars)+1)
	for k, v := range wk.vars {
		vars[k] = v
	}
	vars[name] = items
	wk.vars = vars
}

// without returns vars with name unbound.
func without(vars map[string][]field, name string) map[string][]field {
	if _, ok := vars[name]; !ok {
		return vars
	}
	out := make(map[string][]field, len(vars))
	for k, v := range vars {
		if k != name {
			out[k] = v
		}
	}
	return out
}

// mayChange reports whether the statements might assign name: any literal
// that spells it outside a plain expansion, or a command that can assign
// anything.
func (wk *walker) mayChange(body []*syntax.Stmt, name string) bool {
	uses := map[*syntax.Lit]bool{}
	changed := false
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
				if pe.Param.Value == name && pe.Exp != nil {
					changed = true
				}
				uses[pe.Param] = true
			}
			return !changed
		})
	}
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Lit:
				v := n.Value
				if !uses[n] && strings.HasPrefix(v, name) && (len(v) == len(name) || strings.IndexByte("=+[", v[len(name)]) >= 0) {
					changed = true
				}
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					if v, ok := litWord(n.Args[0]); ok && (v == "eval" || v == "source" || v == "." || wk.funcs[v]) {
						changed = true
					}
				}
			}
			return !changed
		})
	}
	return changed
}

// funcDecl judges a function definition: defining one is Warning, its body
// is judged as if it ran here, and a body that calls itself in the
// background or through a pipe is a fork bomb.
func (wk *walker) funcDecl(f *syntax.FuncDecl, d dirs) {
	name := ""
	if f.Name != nil {
		name = f.Name.Value
		funcs := make(map[string]bool, len(wk.funcs)+1)
		for k := range wk.funcs {
			funcs[k] = true
		}
		funcs[name] = true
		wk.funcs = funcs
	}
	wk.j.add(Warning, name+"(): defines a shell function", "builtin:define-function")
	if blockedNames[name] {
		wk.j.add(Blocked, name+"(): shadows "+name+" with a function", "builtin:privilege-escalation")
	}
	if name != "" && forks(f.Body, name) {
		wk.j.add(Blocked, name+"(): fork bomb (calls itself in the background or through a pipe)", "builtin:fork-bomb")
	}
	if f.Body != nil {
		wk.stmt(f.Body, d, nil)
	}
}

// forks reports whether body calls name in a background job or a pipe.
func forks(body *syntax.Stmt, name string) bool {
	found := false
	var visit func(n syntax.Node, spawned bool)
	visit = func(n syntax.Node, spawned bool) {
		syntax.Walk(n, func(n syntax.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *syntax.Stmt:
				if n.Background || n.Coprocess || n.Disown {
					if n.Cmd != nil {
						visit(n.Cmd, true)
					}
					return false
				}
			case *syntax.BinaryCmd:
				if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
					visit(n.X, true)
					visit(n.Y, true)
					return false
				}
			case *syntax.CallExpr:
				if spawned && len(n.Args) > 0 {
					if v, ok := litWord(n.Args[0]); ok && v == name {
						found = true
						return false
					}
				}
			}
			return true
		})
	}
	if body != nil {
		visit(body, false)
	}
	return found
}

// decl judges declare, local, export, readonly and typeset.
func (wk *walker) decl(c *syntax.DeclClause, d dirs) {
	risky := false
	for _, a := range c.Args {
		wk.subst(a, d)
		// A naked name ("export PATH") only exports what is already there.
		if a.Name != nil && !a.Naked && wk.assign(a, d) {
			risky = true
		}
		if a.Naked && a.Value != nil {
			if v, ok := litWord(a.Value); ok && strings.HasPrefix(v, "-") && strings.Contains(v, "n") {
				// declare -n makes a name refer to another variable, which
				// hides what an assignment changes.
				wk.j.add(Warning, wk.text(c)+": declares a name reference", "builtin:nameref")
				risky = true
			}
		}
	}
	if !risky {
		wk.j.add(Safe, wk.text(c)+": declares variables", "builtin:shell-builtin")
	}
}

// assign judges one variable assignment and reports whether it changes
// what later commands run.
func (wk *walker) assign(a *syntax.Assign, d dirs) bool {
	if a.Name == nil || !riskyEnv(a.Name.Value) {
		return false
	}
	wk.j.add(Dangerous, wk.text(a)+": changes which programs run or how", "builtin:env-override")
	if a.Value != nil {
		if f := wk.expand(nil, a.Value); len(f) == 1 && !f[0].dyn {
			wk.envValue(a.Name.Value, f[0].s, d)
		}
	}
	return true
}
