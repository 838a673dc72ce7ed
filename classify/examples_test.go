package classify

import (
	"errors"
	"strings"
	"testing"
)

func TestRuleExamplesAreCheckedWhenThePolicyIsValidated(t *testing.T) {
	tests := []struct {
		name string
		rule Rule
		want string // "" for valid; else a part of the error
	}{
		{
			name: "a command rule that decides its match examples and not its not_match ones is valid",
			rule: Rule{Command: "npm run lint*", Level: Safe,
				Match:    []string{"npm run lint", "npm run lint -- --fix", "cd web && npm run lint:css"},
				NotMatch: []string{"npm run build", "npm test", "echo npm run lint"}},
		},
		{
			name: "a match example the pattern misses is reported with the example",
			rule: Rule{Command: "npm test", Level: Safe, Match: []string{"npm test --watch"}},
			want: `match example "npm test --watch" is not decided by this rule`,
		},
		{
			name: "a not_match example the pattern catches is reported",
			rule: Rule{Command: "make *", Level: Safe, NotMatch: []string{"make deploy"}},
			want: `not_match example "make deploy" is decided by this rule`,
		},
		{
			name: "an example that is a wrapped command is decided as at run time",
			rule: Rule{Command: "make test", Level: Safe, Match: []string{"timeout 60 make test", "env CI=1 make test"}},
		},
		{
			name: "an example blocked by a built-in rule never matches, and says why",
			rule: Rule{Command: "sudo *", Level: Safe, Match: []string{"sudo ls"}},
			want: "it is blocked, and no rule changes that",
		},
		{
			name: "path examples are relative to the root or to ~/",
			rule: Rule{Path: "secrets/**", Level: Dangerous,
				Match: []string{"secrets/prod.env", "secrets"}, NotMatch: []string{"src/secrets.go", "~/secrets/x"}},
		},
		{
			name: "a home path rule matches home examples only",
			rule: Rule{Path: "~/.aws/**", Level: Blocked, Match: []string{"~/.aws/credentials"}, NotMatch: []string{".aws/credentials"}},
		},
		{
			name: "a path example the glob misses is reported",
			rule: Rule{Path: "build/*", Level: Warning, Match: []string{"build/a/b.o"}},
			want: `match example "build/a/b.o" is not decided by this rule`,
		},
		{
			name: "tool examples are tool names",
			rule: Rule{Tool: "mcp__github__get_*", Level: Safe,
				Match: []string{"mcp__github__get_issue"}, NotMatch: []string{"mcp__github__delete_repository"}},
		},
		{
			name: "a tool not_match example that matches is reported",
			rule: Rule{Tool: "mcp__github__*", Level: Safe, NotMatch: []string{"mcp__github__delete_repository"}},
			want: `not_match example "mcp__github__delete_repository" is decided by this rule`,
		},
		{
			name: "a raise-only rule is checked as if it applied on its own",
			rule: Rule{Command: "make deploy*", Level: Dangerous, RaiseOnly: true, Match: []string{"make deploy prod"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Policy{Rules: []Rule{tt.rule}}.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Validate() = %v, want an error containing %q", err, tt.want)
			case tt.want != "" && !errors.Is(err, ErrInvalidRule):
				t.Fatalf("Validate() = %v, want it to wrap ErrInvalidRule", err)
			}
		})
	}
}

func TestRuleExamplesDoNotChangeWhatTheRuleDoes(t *testing.T) {
	r := Rule{Command: "npm test", Level: Safe, Match: []string{"npm test"}, NotMatch: []string{"npm ci"}}
	a := Action{Kind: Shell, Command: "npm ci", Root: "/p"}
	with := Classify(a, Policy{Rules: []Rule{r}})
	r.Match, r.NotMatch = nil, nil
	without := Classify(a, Policy{Rules: []Rule{r}})
	if with.Level != without.Level || with.Rule != without.Rule {
		t.Fatalf("Classify(%q) with examples = %v (%s), without = %v (%s)", a.Command, with.Level, with.Rule, without.Level, without.Rule)
	}
}
