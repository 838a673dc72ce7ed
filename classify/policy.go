package classify

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Policy is the user-adjustable part of classification: the [[rules]] of the
// config. The zero value (no rules) applies only the built-in rules.
type Policy struct {
	// Rules are matched against each simple command (after unwrapping) or
	// each file path; the first match sets that part's level. Raise-only
	// rules are then applied on top, whatever their place in the list, and
	// can only raise it. A Blocked part is never changed.
	Rules []Rule `toml:"rules"`
}

// Rule sets the level of matching commands, paths or MCP tools. Exactly one
// of Command, Path and Tool is set.
type Rule struct {
	// Command is a prefix pattern over a simple command's words, where "*"
	// matches any run of characters: "npm run lint*". The words are taken
	// after quote removal and joined by single spaces, and the pattern must
	// cover the whole line, so "npm test" matches only "npm test".
	Command string `toml:"command,omitempty"`
	// Path is a glob over the absolute path of a file action or redirection
	// target; a relative glob is taken relative to the project root and
	// "~/" is the home directory. "*", "?" and "[...]" match within one
	// path component, "**" any number of components.
	Path string `toml:"path,omitempty"`
	// Tool is a pattern over an MCP tool's name, mcp__SERVER__TOOL, where
	// "*" matches any run of characters: "mcp__github__*".
	Tool string `toml:"tool,omitempty"`
	// Level is the level a match gets. A rule can never lower Blocked. Its
	// zero value is Safe, so the config loader must require it to be set.
	Level Level `toml:"level"`
	// Reason is shown with verdicts this rule decided.
	Reason string `toml:"reason,omitempty"`
	// Match and NotMatch are examples that the rule must and must not
	// decide, checked by Validate so that a pattern that does not say what
	// its author meant fails when the config loads rather than when a
	// command slips past it. For command rules they are shell commands;
	// for path rules paths (relative ones under the project root, "~/"
	// under the home directory); for tool rules MCP tool names.
	Match    []string `toml:"match,omitempty"`
	NotMatch []string `toml:"not_match,omitempty"`
	// RaiseOnly is set by the config loader for rules from a project's own
	// .agent/config.toml: such a rule may raise a level, never lower it.
	RaiseOnly bool `toml:"-"`
}

// Tighten returns p with the rules of a project's own config added as
// RaiseOnly rules, which can only raise a level, and the project rules
// that could never apply: a Safe one raises nothing.
func (p Policy) Tighten(project []Rule) (Policy, []Rule) {
	var ignored []Rule
	p.Rules = slices.Clip(p.Rules) // appending never writes into the caller's array
	for _, r := range project {
		r.RaiseOnly = true
		if r.Level == Safe {
			ignored = append(ignored, r)
			continue
		}
		p.Rules = append(p.Rules, r)
	}
	return p, ignored
}

// ErrInvalidRule is wrapped by every error Validate returns.
var ErrInvalidRule = errors.New("invalid rule")

// Validate checks every rule: exactly one of Command, Path and Tool is set, the
// level is one of the four, a path glob is well formed, and the rule decides
// each of its Match examples and none of its NotMatch examples. It returns all
// the problems found, joined, each naming the rule by its position in the
// list (counting from 1) and wrapping ErrInvalidRule; nil means the policy
// can be used.
func (p Policy) Validate() error {
	var errs []error
	for i, r := range p.Rules {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("rule %d: %w: %s", i+1, ErrInvalidRule, fmt.Sprintf(format, args...)))
		}
		switch set := btoi(r.Command != "") + btoi(r.Path != "") + btoi(r.Tool != ""); {
		case set == 0:
			bad("set command, path or tool")
		case set > 1:
			bad("set only one of command, path and tool")
		case r.Tool != "":
			if why := validToolPattern(r.Tool); why != "" {
				bad("%s", why)
			}
		case r.Command != "" && strings.TrimSpace(r.Command) != r.Command:
			bad("command %q has leading or trailing spaces, which never match", r.Command)
		case r.Path != "":
			for seg := range strings.SplitSeq(r.Path, "/") {
				if _, err := path.Match(seg, ""); err != nil {
					bad("path %q: %v", r.Path, err)
					break
				}
			}
		}
		if r.Level < Safe || r.Level > Blocked {
			bad("level %v is not safe, warning, dangerous or blocked", r.Level)
		}
		if len(errs) == 0 {
			for _, why := range r.exampleProblems() {
				bad("%s", why)
			}
		}
	}
	return errors.Join(errs...)
}
