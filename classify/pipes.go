package classify

import "mvdan.cc/sh/v3/syntax"

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
	names := make([]string, 0, len(stages))
	for _, s := range stages {
		if ce, ok := s.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if v, ok := litWord(ce.Args[0]); ok {
				n, _ := normName(v)
				names = append(names, interpName(n))
			}
		}
	}
	if remoteShellPipe(names) {
		wk.j.add(Blocked, wk.text(b)+": joins a shell to a network connection (a remote shell)", "builtin:reverse-shell")
	}
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
