package classify

import (
	"errors"
	"strings"
	"testing"
)

func TestUserRules(t *testing.T) {
	lint := Rule{Command: "npm run lint*", Level: Safe}
	tests := []struct {
		name  string
		rules []Rule
		a     Action
		want  Level
		rule  string
	}{
		{"a command rule lowers an unknown command", []Rule{{Command: "mytool *", Level: Safe}}, shellAction("mytool check"), Safe, "user:mytool *"},
		{"a command rule lowers a script run", []Rule{lint}, shellAction("npm run lint"), Safe, "user:npm run lint*"},
		{"a command rule matches extra arguments through its star", []Rule{lint}, shellAction("npm run lint -- --fix"), Safe, "user:npm run lint*"},
		{"a command rule without a star matches only the exact line", []Rule{{Command: "npm run lint", Level: Safe}}, shellAction("npm run lint --fix"), Warning, "builtin:npm-script"},
		{"a command rule matches after quotes are removed", []Rule{lint}, shellAction("'npm' run \"lint\""), Safe, "user:npm run lint*"},
		{"a command rule matches a command run by a full path", []Rule{lint}, shellAction("/usr/local/bin/npm run lint"), Safe, "user:npm run lint*"},
		{"a command rule matches after unwrapping", []Rule{lint}, shellAction("timeout 60 npm run lint"), Safe, "user:npm run lint*"},
		{"a command rule matches inside bash -c", []Rule{lint}, shellAction("bash -c 'npm run lint'"), Safe, "user:npm run lint*"},
		{"a command rule never approves what follows &&", []Rule{{Command: "npm test*", Level: Safe}}, shellAction("npm test && rm -rf ~"), Blocked, "builtin:delete-home"},
		{"a command rule never approves what follows ;", []Rule{{Command: "npm test*", Level: Safe}}, shellAction("npm test; git push"), Dangerous, "builtin:git-push"},
		{"a command rule never approves a substitution in its arguments", []Rule{{Command: "echo *", Level: Safe}}, shellAction("echo $(git push)"), Dangerous, "builtin:git-push"},
		{"a command rule never approves a redirection", []Rule{{Command: "npm test*", Level: Safe}}, shellAction("npm test > /tmp/log"), Dangerous, "builtin:write-outside"},
		{"a command rule never approves a risky environment variable", []Rule{{Command: "npm test*", Level: Safe}}, shellAction("NODE_OPTIONS=--require=x npm test"), Dangerous, "builtin:env-override"},
		{"a command rule for a wrapper does not approve what it wraps", []Rule{{Command: "timeout*", Level: Safe}}, shellAction("timeout 5 git push"), Dangerous, "builtin:git-push"},
		{"a command rule for bash -c does not approve the script", []Rule{{Command: "bash*", Level: Safe}}, shellAction("bash -c 'git push'"), Dangerous, "builtin:git-push"},
		{"a command rule for git does not approve a -c program", []Rule{{Command: "git*", Level: Safe}}, shellAction("git -c core.pager='rm -rf build' log"), Dangerous, "builtin:rm-recursive"},
		{"a command rule cannot lower blocked", []Rule{{Command: "sudo*", Level: Safe}}, shellAction("sudo ls"), Blocked, "builtin:privilege-escalation"},
		{"a command rule cannot lower blocked paths", []Rule{{Command: "rm *", Level: Safe}}, shellAction("rm -rf ~"), Blocked, "builtin:delete-home"},
		{"a command rule may lower dangerous", []Rule{{Command: "rm -rf build", Level: Warning}}, shellAction("rm -rf build"), Warning, "user:rm -rf build"},
		{"a command rule may raise", []Rule{{Command: "git commit*", Level: Dangerous}}, shellAction("git commit -m x"), Dangerous, "user:git commit*"},
		{"the first matching rule wins", []Rule{{Command: "make *", Level: Safe}, {Command: "make *", Level: Dangerous}}, shellAction("make lint"), Safe, "user:make *"},
		{"a raise-only rule raises", []Rule{{Command: "go test*", Level: Warning, RaiseOnly: true}}, shellAction("go test ./..."), Warning, "project:go test*"},
		{"a raise-only rule never lowers", []Rule{{Command: "git push*", Level: Safe, RaiseOnly: true}}, shellAction("git push"), Dangerous, "builtin:git-push"},
		{"a raise-only rule applies after a user rule that lowers", []Rule{{Command: "npm *", Level: Safe}, {Command: "npm publish*", Level: Blocked, RaiseOnly: true}}, shellAction("npm publish"), Blocked, "project:npm publish*"},
		{"a raise-only rule applies to what a wrapper runs", []Rule{{Command: "git push*", Level: Blocked, RaiseOnly: true}}, shellAction("env git push"), Blocked, "project:git push*"},
		{"a raise-only rule applies to a command with a nested script", []Rule{{Command: "git push*", Level: Blocked, RaiseOnly: true}}, shellAction("git -c core.pager=less push"), Blocked, "project:git push*"},
		{"a raise-only rule applies to a wrapper's own part", []Rule{{Command: "env *", Level: Blocked, RaiseOnly: true}}, shellAction("env ls"), Blocked, "project:env *"},
		{"a path rule lowers a redirection target", []Rule{{Path: "/tmp/**", Level: Warning}}, shellAction("go test ./... > /tmp/test.log"), Warning, "user:/tmp/**"},
		{"a path rule does not match a sibling", []Rule{{Path: "/tmp/x/**", Level: Warning}}, shellAction("echo > /tmp/y"), Dangerous, "builtin:write-outside"},
		{"a relative path rule is under the root", []Rule{{Path: "generated/*.go", Level: Safe}}, shellAction("echo x > generated/a.go"), Safe, "user:generated/*.go"},
		{"a path rule star does not cross directories", []Rule{{Path: "generated/*.go", Level: Safe}}, shellAction("echo x > generated/sub/a.go"), Warning, "builtin:write-project"},
		{"a home path rule", []Rule{{Path: "~/.cache/**", Level: Warning}}, shellAction("echo x > ~/.cache/tool/x"), Warning, "user:~/.cache/**"},
		{"a path rule cannot lower a startup file", []Rule{{Path: "~/**", Level: Safe}}, shellAction("echo x >> ~/.bashrc"), Blocked, "builtin:startup-file"},
		{"a path rule applies to file tools", []Rule{{Path: "docs/**", Level: Safe}}, Action{Kind: Write, Path: testRoot + "/docs/a.md", Root: testRoot, Home: testHome}, Safe, "user:docs/**"},
		{"a path rule raises reads", []Rule{{Path: "secrets/**", Level: Dangerous, RaiseOnly: true}}, Action{Kind: Read, Path: testRoot + "/secrets/a", Root: testRoot, Home: testHome}, Dangerous, "project:secrets/**"},
		{"a path rule cannot lower .git", []Rule{{Path: "**", Level: Safe}}, Action{Kind: Write, Path: testRoot + "/.git/config", Root: testRoot, Home: testHome}, Blocked, "builtin:git-dir"},
		{"a path rule applies to paths inside commands", []Rule{{Path: "build/**", Level: Warning}}, shellAction("cp a.txt build/a.txt"), Warning, "builtin:cp"},
		{"a command rule matches git by the git tool", []Rule{{Command: "git commit*", Level: Safe}}, Action{Kind: Git, Args: []string{"commit", "-m", "x"}, Root: testRoot}, Safe, "user:git commit*"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Classify(tc.a, Policy{Rules: tc.rules})
			if got.Level != tc.want || got.Rule != tc.rule {
				t.Errorf("Classify(%q) = %v (rule %q), want %v (rule %q)\nreasons: %s", tc.a.Command+tc.a.Path, got.Level, got.Rule, tc.want, tc.rule, strings.Join(got.Reasons, "; "))
			}
		})
	}
}

func TestUserRuleReason(t *testing.T) {
	p := Policy{Rules: []Rule{{Command: "make lint", Level: Safe, Reason: "lint only reads"}}}
	got := Classify(shellAction("make lint"), p)
	want := "make lint: lint only reads (user rule)"
	if len(got.Reasons) == 0 || got.Reasons[0] != want {
		t.Errorf("Classify(%q).Reasons = %q, want first %q", "make lint", got.Reasons, want)
	}
}

// A project's rule is never called the user's.
func TestProjectRuleReason(t *testing.T) {
	p := Policy{Rules: []Rule{{Command: "make deploy", Level: Blocked, Reason: "deploys", RaiseOnly: true}}}
	got := Classify(shellAction("make deploy"), p)
	want := "make deploy: deploys (project rule)"
	if len(got.Reasons) == 0 || got.Reasons[0] != want || got.Rule != "project:make deploy" {
		t.Errorf("Classify(%q) = %q, %q; want first %q and rule project:make deploy", "make deploy", got.Reasons, got.Rule, want)
	}
}

func TestMatchCommand(t *testing.T) {
	tests := []struct {
		pattern, line string
		want          bool
	}{
		{"npm run lint*", "npm run lint", true},
		{"npm run lint*", "npm run lint:fix", true},
		{"npm run lint*", "npm run lint --fix", true},
		{"npm run lint*", "npm run build", false},
		{"npm run lint*", "xnpm run lint", false},
		{"npm run lint", "npm run lint ", false},
		{"*", "anything at all", true},
		{"go * ./...", "go test ./...", true},
		{"go * ./...", "go test ./x", false},
		{"a*b*c", "aXbYc", true},
		{"a*b*c", "aXbY", false},
		{"", "", true},
		{"a*a*a*a*a*a*a*a*b", strings.Repeat("a", 20000), false},
		{"*x*y*z", strings.Repeat("xy", 5000) + "z", true},
	}
	for _, tc := range tests {
		t.Run(shorten(tc.pattern+" against "+tc.line), func(t *testing.T) {
			if got := matchCommand(tc.pattern, tc.line); got != tc.want {
				t.Errorf("matchCommand(%q, %q) = %v, want %v", tc.pattern, shorten(tc.line), got, tc.want)
			}
		})
	}
}

func TestMatchPath(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"/tmp/**", "/tmp", true},
		{"/tmp/**", "/tmp/a/b/c", true},
		{"/tmp/**", "/tmpx/a", false},
		{"/a/*.go", "/a/b.go", true},
		{"/a/*.go", "/a/b/c.go", false},
		{"/a/**/*.go", "/a/b/c/d.go", true},
		{"/a/**/*.go", "/a/d.go", true},
		{"/a/?.txt", "/a/b.txt", true},
		{"/a/[bc].txt", "/a/d.txt", false},
		{"/a/b", "/a/b", true},
		{"/a/b", "/a/b/c", false},
	}
	for _, tc := range tests {
		t.Run(tc.glob+" against "+tc.path, func(t *testing.T) {
			if got := matchPath(tc.glob, tc.path); got != tc.want {
				t.Errorf("matchPath(%q, %q) = %v, want %v", tc.glob, tc.path, got, tc.want)
			}
		})
	}
}

func TestPolicyValidate(t *testing.T) {
	tests := []struct {
		name    string
		rules   []Rule
		wantErr string
	}{
		{"no rules is valid", nil, ""},
		{"a command rule is valid", []Rule{{Command: "npm run lint*", Level: Safe}}, ""},
		{"a path rule is valid", []Rule{{Path: "build/**", Level: Warning}}, ""},
		{"a rule with neither is invalid", []Rule{{Level: Safe}}, "rule 1: invalid rule: set command, path or tool"},
		{"a rule with both is invalid", []Rule{{Command: "x", Path: "y", Level: Safe}}, "rule 1: invalid rule: set only one of command, path and tool"},
		{"a bad glob is invalid", []Rule{{Path: "a/[b", Level: Safe}}, `rule 1: invalid rule: path "a/[b": syntax error in pattern`},
		{"a bad level is invalid", []Rule{{Command: "x", Level: Level(7)}}, "rule 1: invalid rule: level level(7) is not safe, warning, dangerous or blocked"},
		{"spaces around a command are invalid", []Rule{{Command: " x", Level: Safe}}, `rule 1: invalid rule: command " x" has leading or trailing spaces, which never match`},
		{"every bad rule is reported", []Rule{{Level: Safe}, {Command: "ok", Level: Safe}, {Path: "[", Level: Safe}}, "rule 1: invalid rule: set command, path or tool\nrule 3: invalid rule: path \"[\": syntax error in pattern"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Policy{Rules: tc.rules}.Validate()
			got := ""
			if err != nil {
				got = err.Error()
				if !errors.Is(err, ErrInvalidRule) {
					t.Errorf("Validate() = %v, want it to wrap ErrInvalidRule", err)
				}
			}
			if got != tc.wantErr {
				t.Errorf("Validate() = %q, want %q", got, tc.wantErr)
			}
		})
	}
}
