package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// decl judges declare, local, export, readonly and typeset.
func (wk *walker) decl(c *syntax.DeclClause, d dirs) {
	risky := false
	integer := false
	for _, a := range c.Args {
		if a.Naked && a.Value != nil {
			if v, ok := litWord(a.Value); ok && strings.HasPrefix(v, "-") && strings.Contains(v, "i") {
				integer = true
			}
		}
	}
	for _, a := range c.Args {
		wk.subst(a, d)
		if !a.Naked && a.Name != nil {
			wk.recordAssign(a)
			if integer && a.Value != nil {
				// declare -i evaluates the value as arithmetic.
				wk.arithWord(a.Value, d)
			}
		}
		if a.Naked && a.Value != nil {
			// A quoted word such as 'a[$(cmd)]=1' is an assignment to a
			// name with a subscript, which bash evaluates.
			f := wk.expand(nil, a.Value)
			switch {
			case len(f) != 1:
			case f[0].dyn:
				wk.j.add(Warning, wk.text(c)+": declares a name not known until it runs (a subscript in it runs commands)", "builtin:eval-context")
				risky = true
			case !strings.HasPrefix(f[0].s, "-"):
				name, val, hasVal := strings.Cut(f[0].s, "=")
				wk.nameValue(name, d, wk.text(c))
				base, _, _ := strings.Cut(name, "[")
				if hasVal && riskyAssign(base, val, false) {
					wk.j.add(Dangerous, wk.text(c)+": sets "+base+", which changes what runs or how", "builtin:env-override")
					wk.envValue(base, val, d)
					risky = true
				}
				if hasVal && integer {
					wk.arithValue(val, d)
				}
			}
		}
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
	if a.Name == nil || !riskyEnv(a.Name.Value) && !toolchainEnv(a.Name.Value) {
		return false
	}
	value, dyn := "", a.Array != nil
	if a.Value != nil {
		f := wk.expand(nil, a.Value)
		if len(f) == 1 && !f[0].dyn {
			value = f[0].s
		} else {
			dyn = true
		}
	}
	if !riskyAssign(a.Name.Value, value, dyn) || !dyn && libPathEnv[a.Name.Value] && wk.allInRoot(value, d) {
		return false
	}
	wk.j.add(Dangerous, wk.text(a)+": changes which programs run or how", "builtin:env-override")
	if !dyn {
		wk.envValue(a.Name.Value, value, d)
	}
	return true
}

// libPathEnv are the variables that add directories to an interpreter's
// module search path. Pointed inside the project (PYTHONPATH=. python3
// tests/x.py) they load only the project's own code, which the command
// runs anyway; elsewhere they load code the classifier cannot see.
var libPathEnv = map[string]bool{"PYTHONPATH": true, "NODE_PATH": true, "PERL5LIB": true, "PERLLIB": true, "RUBYLIB": true}

// allInRoot reports whether every element of a colon-separated list of
// directories is inside the project root (and there is at least one).
func (wk *walker) allInRoot(list string, d dirs) bool {
	if list == "" {
		return false
	}
	for _, el := range strings.Split(list, ":") {
		if el == "" {
			return false // an empty element is the current directory, wherever it is
		}
		cands, unknown := wk.resolve(lit(el), d)
		if unknown || len(cands) == 0 {
			return false
		}
		for _, p := range cands {
			if !wk.pl.inRoot(p) || touchesGitDir(strings.TrimPrefix(p, wk.pl.root)) {
				return false
			}
		}
	}
	return true
}
