package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

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
