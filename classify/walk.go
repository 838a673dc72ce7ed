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
	lang  syntax.LangVariant
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
	if wk.j.stopped {
		return d
	}
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

// subst walks the command and process substitutions inside a node that is
// not itself a statement: words, assignments, arithmetic, tests, loops.
func (wk *walker) subst(n syntax.Node, d dirs) {
	wk.substIn(n, d, nil)
}

// substIn is subst for the words of a command whose own input is in. An
// output process substitution, >( … ), reads what the command writes:
// data nobody has seen, downloaded if the command's input was.
func (wk *walker) substIn(n syntax.Node, d dirs, in *stdin) {
	if n == nil || plainWord(n) {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		wk.evalNode(n, d)
		switch n := n.(type) {
		case *syntax.CmdSubst:
			wk.stmts(n.Stmts, d, nil)
			return false
		case *syntax.ProcSubst:
			var feed *stdin
			if n.Op == syntax.CmdOut {
				info := stageInfo{other: true}
				if in != nil && in.pipe != nil {
					info.network, info.decode = in.pipe.network, in.pipe.decode
				}
				feed = &stdin{pipe: &info}
			}
			wk.stmts(n.Stmts, d, feed)
			return false
		}
		return true
	})
}

// plainWord reports a word of literals and quotes only, which holds no
// substitution: most words are, and need no walk.
func plainWord(n syntax.Node) bool {
	w, ok := n.(*syntax.Word)
	if !ok {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
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
