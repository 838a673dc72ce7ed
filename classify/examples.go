package classify

import (
	"path"
	"strings"
)

// The place examples are judged in. Rules are written for any project, so
// their examples name paths relative to the root or to "~/", which these
// stand for.
const (
	exampleRoot = "/project"
	exampleHome = "/home/user"
)

// exampleProblems reports each of r's Match examples that r does not decide
// and each NotMatch example that it does, in words that name the example.
// A command example is classified with r as the only rule, so "decides"
// means what it does at run time: after unwrapping, for some simple command
// of the example. Nothing changes a blocked command, so an example that is
// blocked by a built-in rule never matches.
func (r Rule) exampleProblems() []string {
	var out []string
	for _, ex := range r.Match {
		if decided, why := r.decides(ex); !decided {
			out = append(out, "match example "+quote(ex)+" is not decided by this rule"+why)
		}
	}
	for _, ex := range r.NotMatch {
		if decided, _ := r.decides(ex); decided {
			out = append(out, "not_match example "+quote(ex)+" is decided by this rule")
		}
	}
	return out
}

// decides reports whether r decides the example, and when it does not and
// the reason is not plain, why.
func (r Rule) decides(example string) (bool, string) {
	switch {
	case r.Command != "":
		alone := r
		alone.RaiseOnly = false
		alone.Match, alone.NotMatch = nil, nil
		v := Classify(Action{Kind: Shell, Command: example, Root: exampleRoot, Home: exampleHome}, Policy{Rules: []Rule{alone}})
		for _, p := range v.Parts {
			if p.Rule == "user:"+r.Command {
				return true, ""
			}
		}
		if v.Level == Blocked {
			return false, " (it is blocked, and no rule changes that)"
		}
		return false, ""
	case r.Path != "":
		pl := newPlace(Action{Root: exampleRoot, Home: exampleHome})
		return matchPath(pl.absPattern(r.Path), path.Clean(pl.absPattern(example))), ""
	case r.Tool != "":
		return matchCommand(r.Tool, strings.TrimSpace(example)), ""
	}
	return false, ""
}
