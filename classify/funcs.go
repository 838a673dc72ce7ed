package classify

import "mvdan.cc/sh/v3/syntax"

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
