package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash evaluates code in places that look like data. An array subscript
// is arithmetic, and arithmetic expands command substitutions: the string
// 'a[$(cmd)]' runs cmd wherever bash takes it as a variable name (test -v,
// printf -v, read, declare, unset, ${!ref}) or as an arithmetic operand
// ($((x)), [[ x -eq 1 ]], let, declare -i). So does a variable whose value
// is such a string, once arithmetic or indirection reads it. The walker
// tracks the values variables get within the command (varValue) and
// judges each such string as the code it is.

// varValue is what the command assigned a shell variable: the literal
// values it may hold, or dyn when one of them is not known until it runs
// (read from input, a file, a command's output).
type varValue struct {
	vals []string
	dyn  bool
}

// setVar records an assignment of a variable within the command.
func (j *judge) setVar(name string, val string, dyn bool) {
	if j.vars == nil {
		j.vars = map[string]*varValue{}
	}
	v := j.vars[name]
	if v == nil {
		v = &varValue{}
		j.vars[name] = v
	}
	if dyn {
		v.dyn = true
		return
	}
	if len(v.vals) < 8 {
		v.vals = append(v.vals, val)
	} else {
		v.dyn = true
	}
}

// recordAssign records a plain assignment (x=..., declare x=...).
func (wk *walker) recordAssign(a *syntax.Assign) {
	if a.Name == nil {
		return
	}
	if a.Array != nil {
		// In arithmetic an array's name stands for its first element.
		for _, e := range a.Array.Elems {
			if e.Value == nil {
				continue
			}
			f := wk.expand(nil, e.Value)
			if len(f) != 1 || f[0].dyn {
				wk.j.setVar(a.Name.Value, "", true)
				continue
			}
			wk.j.setVar(a.Name.Value, f[0].s, false)
		}
		return
	}
	if a.Value == nil {
		wk.j.setVar(a.Name.Value, "", false)
		return
	}
	f := wk.expand(nil, a.Value)
	if len(f) == 1 && !f[0].dyn {
		wk.j.setVar(a.Name.Value, f[0].s, false)
		return
	}
	wk.j.setVar(a.Name.Value, "", true)
}

// evalNode judges the places in a node (met while walking words and
// arithmetic for substitutions) where bash evaluates a string as code.
func (wk *walker) evalNode(n syntax.Node, d dirs) {
	switch n := n.(type) {
	case *syntax.ArithmExp:
		wk.arith(n.X, d)
	case *syntax.ArithmCmd:
		wk.arith(n.X, d)
	case *syntax.LetClause:
		for _, x := range n.Exprs {
			wk.arith(x, d)
		}
	case *syntax.CStyleLoop:
		wk.arith(n.Init, d)
		wk.arith(n.Cond, d)
		wk.arith(n.Post, d)
	case *syntax.Assign:
		if n.Index != nil {
			wk.arith(n.Index, d)
		}
	case *syntax.ParamExp:
		wk.paramExp(n, d)
	case *syntax.UnaryTest:
		if n.Op == syntax.TsVarSet {
			if w, ok := n.X.(*syntax.Word); ok {
				wk.nameWord(w, d, "[[ -v ]]")
			}
		}
	case *syntax.BinaryTest:
		switch n.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			// [[ X -eq Y ]] evaluates both sides as arithmetic.
			for _, x := range []syntax.TestExpr{n.X, n.Y} {
				if w, ok := x.(*syntax.Word); ok {
					wk.arithWord(w, d)
				}
			}
		}
	}
}

// arith judges an arithmetic expression: every operand bash evaluates.
func (wk *walker) arith(x syntax.ArithmExpr, d dirs) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			wk.arithWord(w, d)
			return false
		}
		return true
	})
}

// arithWord judges one operand of arithmetic. A name is a variable whose
// value is evaluated in turn; a quoted string is evaluated as arithmetic;
// $x is replaced by x's value, then evaluated.
func (wk *walker) arithWord(w *syntax.Word, d dirs) {
	for _, p := range w.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && pe.Param != nil && pe.NestedParam == nil {
			wk.varRef(pe.Param.Value, d)
			if pe.Index != nil {
				wk.arith(pe.Index, d)
			}
		}
	}
	if l, ok := litWord(w); ok {
		// Arithmetic source itself, already parsed: only a name in it
		// refers to a value evaluated in turn.
		if isIdent(l) {
			wk.varRef(l, d)
		}
		return
	}
	f := wk.expand(nil, w)
	if len(f) != 1 || f[0].dyn {
		return
	}
	v := strings.TrimSpace(f[0].s)
	if isIdent(v) {
		wk.varRef(v, d)
		return
	}
	wk.arithValue(v, d)
}

// arithValue judges a string bash evaluates as an arithmetic expression.
// Numbers and plain operators are harmless; anything with a subscript, a
// substitution or a name is parsed and judged as the arithmetic it is.
func (wk *walker) arithValue(v string, d dirs) {
	if strings.Trim(v, "0123456789+-*/%<>=!&|^~()?: \txabcdefABCDEF#") == "" && !strings.ContainsAny(v, "$`[") {
		return
	}
	wk.script("(( "+v+" ))", bashLang, d, nil)
}

// varRef judges reading variable name (with an optional subscript) in
// arithmetic or indirection: its subscript is evaluated, and so is every
// value the command gave it. A value read at run time may hold a
// subscript with a substitution, so it is Warning.
func (wk *walker) varRef(name string, d dirs) {
	base, sub, hasSub := strings.Cut(name, "[")
	if hasSub {
		wk.arithValue(strings.TrimSuffix(sub, "]"), d)
	}
	if wk.j.evaluating[base] {
		return
	}
	if items, ok := wk.vars[base]; ok {
		for _, it := range items {
			if it.dyn {
				wk.j.add(Warning, "$"+base+": arithmetic on a value not known until it runs (a subscript in it runs commands)", "builtin:eval-context")
				continue
			}
			wk.evalValue(base, it.s, d)
		}
		return
	}
	v := wk.j.vars[base]
	if v == nil {
		return // set outside the command: the person's environment
	}
	if v.dyn {
		wk.j.add(Warning, "$"+base+": arithmetic on a value not known until it runs (a subscript in it runs commands)", "builtin:eval-context")
	}
	for _, s := range v.vals {
		wk.evalValue(base, s, d)
	}
}

// evalValue judges the value of variable base where bash evaluates it.
func (wk *walker) evalValue(base, val string, d dirs) {
	if wk.j.evaluating == nil {
		wk.j.evaluating = map[string]bool{}
	}
	wk.j.evaluating[base] = true
	val = strings.TrimSpace(val)
	if isIdent(val) {
		wk.varRef(val, d)
	} else {
		wk.arithValue(val, d)
	}
	delete(wk.j.evaluating, base)
}

// paramExp judges parameter expansions that evaluate a string: ${!ref}
// (indirection: the value of ref is a name, subscript included), ${x@P}
// (prompt expansion runs substitutions) and subscripts and slices, which
// are arithmetic.
func (wk *walker) paramExp(p *syntax.ParamExp, d dirs) {
	if p.Index != nil && !p.Excl && !isAllIndex(p.Index) {
		wk.arith(p.Index, d)
	}
	if p.Slice != nil {
		wk.arith(p.Slice.Offset, d)
		wk.arith(p.Slice.Length, d)
	}
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Excl && p.Names == 0 && !isAllIndex(p.Index) {
		wk.indirect(name, d)
	}
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil {
		if op, ok := litWord(p.Exp.Word); ok && op == "P" {
			wk.promptExp(name, d)
		}
	}
}

// isAllIndex reports the subscript [@] or [*]: ${!a[@]} lists the keys.
func isAllIndex(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	v, ok := litWord(w)
	return ok && (v == "@" || v == "*")
}

// indirect judges ${!name}: bash expands the variable named by name's
// value, evaluating a subscript in it.
func (wk *walker) indirect(name string, d dirs) {
	for _, s := range wk.knownValues(name, "${!"+name+"}: indirection through a name not known until it runs (a subscript in it runs commands)") {
		wk.nameValue(s, d, "${!"+name+"}")
	}
}

// promptExp judges ${name@P}, which expands name's value like a prompt:
// command substitutions in it run.
func (wk *walker) promptExp(name string, d dirs) {
	for _, s := range wk.knownValues(name, "${"+name+"@P}: expands a value not known until it runs as a prompt (substitutions in it run)") {
		wk.script(": \""+strings.ReplaceAll(s, `"`, `\"`)+"\"", bashLang, d, nil)
	}
}

// knownValues returns the values variable name is known to hold, for an
// expansion that evaluates them; when it may hold others, not known until
// the command runs, it first adds a Warning saying why.
func (wk *walker) knownValues(name, why string) []string {
	v := wk.j.vars[name]
	if v == nil || v.dyn {
		wk.j.add(Warning, why, "builtin:eval-context")
	}
	if v == nil {
		return nil
	}
	return v.vals
}

// nameWord judges a word a builtin takes as a variable name.
func (wk *walker) nameWord(w *syntax.Word, d dirs, what string) {
	f := wk.expand(nil, w)
	if len(f) != 1 {
		return
	}
	wk.nameField(f[0], d, what)
}

// nameField judges a field a builtin takes as the name of a variable it
// reads or sets: a subscript in it is evaluated (and runs substitutions),
// and a name that is not known until it runs may hold one.
func (wk *walker) nameField(f field, d dirs, what string) {
	if f.dyn {
		wk.j.add(Warning, what+": names a variable not known until it runs (a subscript in it runs commands)", "builtin:eval-context")
		return
	}
	wk.nameValue(f.s, d, what)
}

func (wk *walker) nameValue(s string, d dirs, what string) {
	base, sub, ok := strings.Cut(s, "[")
	if ok {
		if i := strings.LastIndexByte(sub, ']'); i >= 0 {
			sub = sub[:i]
		}
		wk.arithValue(sub, d)
	}
	if base != "" && !isIdent(base) {
		wk.j.add(Warning, what+": "+shorten(s)+" is not a plain variable name", "builtin:eval-context")
	}
}

// setsName judges a builtin that assigns the variable named by f (read,
// printf -v, mapfile): its subscript is evaluated, a name that changes
// what runs (PATH, IFS, LD_PRELOAD…) is Dangerous, and the variable's
// value is not known afterwards.
func (c *cmd) setsName(f field) {
	c.wk.nameField(f, c.d, c.text)
	if f.dyn {
		return
	}
	base, _, _ := strings.Cut(f.s, "[")
	if riskyEnv(base) {
		c.add(Dangerous, "sets "+base+", which changes what runs or how", "builtin:env-override")
	}
	c.wk.j.setVar(base, "", true)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || i > 0 && ch >= '0' && ch <= '9' {
			continue
		}
		return false
	}
	return true
}
