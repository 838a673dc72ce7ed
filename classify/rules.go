package classify

import (
	"path"
	"strings"
)

// commandRules applies the policy's command rules to the part that starts
// at index start: the findings of one simple command after unwrapping.
// The first matching rule that is not raise-only sets the part's level;
// raise-only rules (from a project's own config) can then only raise it.
// Nothing changes a part that is Blocked. With raiseOnly, only raise-only
// rules apply. Raise-only rules also match canon, the line without
// options that change nothing, since they can only make things stricter.
func (j *judge) commandRules(start int, args []field, canon, text string, raiseOnly bool) {
	if j.pol == nil || len(j.pol.Rules) == 0 || start > len(j.findings) {
		return
	}
	lvl := j.level(start)
	if lvl == Blocked {
		return
	}
	line := joinFields(args)
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if raiseOnly || r.Command == "" || r.RaiseOnly || !matchCommand(r.Command, line) {
			continue
		}
		j.findings = append(j.findings[:start], finding{level: r.Level, reason: text + ": " + ruleWhy(r), rule: ruleName(r, r.Command)})
		lvl = r.Level
		break
	}
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if r.Command == "" || !r.RaiseOnly || r.Level <= lvl || !(matchCommand(r.Command, line) || canon != "" && matchCommand(r.Command, canon)) {
			continue
		}
		j.findings = append(j.findings, finding{level: r.Level, reason: text + ": " + ruleWhy(r), rule: ruleName(r, r.Command)})
		lvl = r.Level
	}
}

// pathRules applies the policy's path rules to one judged path, in the
// same way commandRules does for commands.
func (j *judge) pathRules(p string, pl *place, l Level, why, rule string) (Level, string, string) {
	if j.pol == nil || l == Blocked {
		return l, why, rule
	}
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if r.Path != "" && !r.RaiseOnly && matchPath(pl.absPattern(r.Path), p) {
			l, why, rule = r.Level, ruleWhy(r), ruleName(r, r.Path)
			break
		}
	}
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if r.Path != "" && r.RaiseOnly && r.Level > l && matchPath(pl.absPattern(r.Path), p) {
			l, why, rule = r.Level, ruleWhy(r), ruleName(r, r.Path)
		}
	}
	return l, why, rule
}

// ruleWhy is the reason a verdict gives for a rule: its own, or the level
// it sets, saying whose rule it is.
func ruleWhy(r *Rule) string {
	whose := "user"
	if r.RaiseOnly {
		whose = "project"
	}
	if r.Reason != "" {
		return r.Reason + " (" + whose + " rule)"
	}
	return whose + " rule sets " + r.Level.String()
}

// ruleName names a rule in Verdict.Rule: "user:" or, for a project's
// rule, "project:", then its pattern.
func ruleName(r *Rule, pattern string) string {
	if r.RaiseOnly {
		return "project:" + pattern
	}
	return "user:" + pattern
}

// joinFields renders a command line the way command rules see it: the
// words after quote removal, separated by single spaces; a word whose
// value is not known appears as written.
func joinFields(args []field) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == 0 && !a.dyn {
			// Rules name commands as people type them: "/usr/bin/npm" is npm.
			if k := strings.LastIndexByte(a.s, '/'); k >= 0 && !strings.HasPrefix(a.s, ".") {
				b.WriteString(a.s[k+1:])
				continue
			}
		}
		b.WriteString(a.s)
	}
	return b.String()
}

// matchCommand matches a command pattern against a whole command line;
// "*" matches any run of characters, spaces included. It backtracks only
// to the last star, so its cost is bounded by the product of the lengths
// whatever the pattern.
func matchCommand(pattern, line string) bool {
	p, s := 0, 0
	star, mark := -1, 0
	for s < len(line) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, s
			p++
		case p < len(pattern) && pattern[p] == line[s]:
			p++
			s++
		case star >= 0:
			p = star + 1
			mark++
			s = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// absPattern makes a path rule's glob absolute: "~/" is the home
// directory, a relative glob is under the project root.
func (pl *place) absPattern(g string) string {
	switch {
	case g == "~":
		return pl.home
	case strings.HasPrefix(g, "~/"):
		return pl.home + g[1:]
	case strings.HasPrefix(g, "/"):
		return g
	}
	return pl.root + "/" + g
}

// matchPath matches a glob against a clean absolute path. Within a path
// component, "*", "?" and "[...]" work as in path.Match; a component "**"
// matches any number of components, none included.
func matchPath(glob, p string) bool {
	return matchSegments(strings.Split(path.Clean(glob), "/"), strings.Split(p, "/"))
}

func matchSegments(gs, ps []string) bool {
	for len(gs) > 0 {
		if gs[0] == "**" {
			for i := 0; i <= len(ps); i++ {
				if matchSegments(gs[1:], ps[i:]) {
					return true
				}
			}
			return false
		}
		if len(ps) == 0 {
			return false
		}
		if ok, _ := path.Match(gs[0], ps[0]); !ok {
			return false
		}
		gs, ps = gs[1:], ps[1:]
	}
	return len(ps) == 0
}
