package agent_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

// shellCase is a Case for a shell command of level l, with the default
// auto-approve level and the sandbox on.
func shellCase(command string, l classify.Level, change ...func(*agent.Case)) agent.Case {
	c := agent.Case{
		Call:        shellReq(command, l).Call,
		Verdict:     classify.Verdict{Level: l, Reasons: []string{command + ": as classified"}},
		Kind:        classify.Shell,
		AutoApprove: classify.Safe,
	}
	c.Call.Summary = command
	for _, f := range change {
		f(&c)
	}
	return c
}

func TestDecide(t *testing.T) {
	goTest, _ := agent.ProposeRule(shellReq("go test ./...", classify.Warning))
	rmBuild, _ := agent.ProposeRule(shellReq("rm -rf build", classify.Dangerous))
	netRule, _ := agent.ProposeRule(func() agent.ApprovalRequest {
		r := shellReq("go test ./...", classify.Warning)
		r.Network = true
		return r
	}())
	auto := func(l classify.Level) func(*agent.Case) { return func(c *agent.Case) { c.AutoApprove = l } }
	unconfined := func(c *agent.Case) { c.Unconfined = true }
	network := func(c *agent.Case) { c.Network = true }
	allowed := func(c *agent.Case) { c.Network, c.AllowedBy = true, "proxy.golang.org" }
	projectCode := func(c *agent.Case) { c.Verdict.RunsProjectCode = true }
	rules := func(r ...*agent.SessionRule) func(*agent.Case) { return func(c *agent.Case) { c.Rules = r } }
	noUndo := func(c *agent.Case) { c.NoUndo = true }
	kind := func(k classify.Kind) func(*agent.Case) { return func(c *agent.Case) { c.Kind = k } }
	holdable := func(c *agent.Case) { c.Holdable = true }
	secretRead := func(c *agent.Case) {
		c.Verdict.Parts = append(c.Verdict.Parts, classify.Part{Level: classify.Warning, Reason: "reads a file that may hold secrets", Rule: "builtin:secret-file"})
	}
	effects := func(l classify.Level, empty, approved bool) func(*agent.Case) {
		return func(c *agent.Case) {
			c.Effects = &agent.Effects{Verdict: classify.Verdict{Level: l, Reasons: []string{"as changed"}, Rule: "effects"}, Empty: empty, Approved: approved}
		}
	}

	tests := []struct {
		name string
		c    agent.Case
		step agent.Step
		// why must appear in the ruling's Why; level is the ruling's
		// verdict level.
		why   string
		level classify.Level
		// reason, when set, must be among the ruling's reasons.
		reason string
	}{
		{name: "a safe command runs", c: shellCase("ls", classify.Safe),
			step: agent.StepRun, why: "auto-approved", level: classify.Safe},
		{name: "a warning command asks at auto-approve safe", c: shellCase("touch a", classify.Warning),
			step: agent.StepAsk, why: "level warning is above the auto-approve level", level: classify.Warning},
		{name: "a warning command runs at auto-approve warning", c: shellCase("touch a", classify.Warning, auto(classify.Warning)),
			step: agent.StepRun, level: classify.Warning},
		{name: "a dangerous command asks at auto-approve warning", c: shellCase("rm -rf build", classify.Dangerous, auto(classify.Warning)),
			step: agent.StepAsk, level: classify.Dangerous},
		{name: "a dangerous command runs at auto-approve dangerous", c: shellCase("rm -rf build", classify.Dangerous, auto(classify.Dangerous)),
			step: agent.StepRun, level: classify.Dangerous},
		{name: "blocked is refused at every auto-approve level", c: shellCase("sudo rm -rf /", classify.Blocked, auto(classify.Blocked)),
			step: agent.StepRefuse, why: "sudo rm -rf /: as classified", level: classify.Blocked},
		{name: "blocked is refused even when a session rule would cover its level", c: shellCase("go test ./...", classify.Blocked, rules(goTest)),
			step: agent.StepRefuse, level: classify.Blocked},
		{name: "without the sandbox a warning command asks even at auto-approve dangerous", c: shellCase("touch a", classify.Warning, auto(classify.Dangerous), unconfined),
			step: agent.StepAsk, why: "commands run without the sandbox", level: classify.Warning},
		{name: "without the sandbox a warning git call asks too", c: shellCase("commit", classify.Warning, auto(classify.Warning), unconfined, kind(classify.Git)),
			step: agent.StepAsk, level: classify.Warning},
		{name: "without the sandbox a warning file write still runs at auto-approve warning", c: shellCase("write a.txt", classify.Warning, auto(classify.Warning), unconfined, kind(classify.Write)),
			step: agent.StepRun, level: classify.Warning},
		{name: "without the sandbox a safe command runs", c: shellCase("ls", classify.Safe, unconfined),
			step: agent.StepRun, level: classify.Safe},
		{name: "the project's own code runs inside the sandbox", c: shellCase("make test", classify.Safe, projectCode),
			step: agent.StepRun, level: classify.Safe},
		{name: "the project's own code asks without the sandbox", c: shellCase("make test", classify.Safe, projectCode, unconfined),
			step: agent.StepAsk, why: "runs the project's own code", level: classify.Safe, reason: "runs the project's own code, and commands run without the sandbox"},
		{name: "network access asks even at auto-approve dangerous", c: shellCase("ls", classify.Safe, auto(classify.Dangerous), network),
			step: agent.StepAsk, why: "network access", level: classify.Safe, reason: "asks for network access, which needs a person's approval"},
		{name: "a host on allow_domains runs as safe", c: shellCase("curl proxy", classify.Warning, allowed),
			step: agent.StepRun, level: classify.Safe, reason: `curl proxy: the host is on [network] allow_domains ("proxy.golang.org")`},
		{name: "a blocked call to an allowed host is still refused", c: shellCase("curl proxy | sh", classify.Blocked, allowed),
			step: agent.StepRefuse, level: classify.Blocked, reason: "asks for network access, which needs a person's approval"},
		{name: "a session rule runs what it covers", c: shellCase("go test -run X ./pkg", classify.Warning, rules(rmBuild, goTest)),
			step: agent.StepRun, why: "session rule: shell commands starting with `go test`, up to warning", level: classify.Warning},
		{name: "a session rule does not run a higher level", c: shellCase("go test -exec x ./...", classify.Dangerous, rules(goTest)),
			step: agent.StepAsk, level: classify.Dangerous},
		{name: "a session rule does not run what it does not cover", c: shellCase("go run .", classify.Warning, rules(goTest)),
			step: agent.StepAsk, level: classify.Warning},
		{name: "a session rule made without the network does not open it", c: shellCase("go test ./...", classify.Warning, rules(goTest), network),
			step: agent.StepAsk, why: "network access", level: classify.Warning},
		{name: "a session rule made with the network covers it", c: shellCase("go test ./...", classify.Warning, rules(netRule), network),
			step: agent.StepRun, level: classify.Warning},
		{name: "a dangerous session rule runs that exact command", c: shellCase("rm -rf build", classify.Dangerous, rules(rmBuild)),
			step: agent.StepRun, level: classify.Dangerous},
		{name: "a dangerous session rule does not run the program on another path", c: shellCase("rm -rf src", classify.Dangerous, rules(rmBuild)),
			step: agent.StepAsk, level: classify.Dangerous},
		{name: "a call no checkpoint can precede asks even within the auto-approve level", c: shellCase("touch a", classify.Warning, auto(classify.Dangerous), noUndo),
			step: agent.StepAsk, why: "undo could not take it back", level: classify.Warning},
		{name: "a call no checkpoint can precede asks though a session rule covers it", c: shellCase("go test ./...", classify.Warning, rules(goTest), noUndo),
			step: agent.StepAsk, why: "undo could not take it back", level: classify.Warning},
		{name: "a blocked call no checkpoint can precede is still refused", c: shellCase("sudo rm -rf /", classify.Blocked, noUndo),
			step: agent.StepRefuse, level: classify.Blocked},
		{name: "a session rule covers the project's code without the sandbox", c: shellCase("go test ./...", classify.Warning, rules(goTest), projectCode, unconfined),
			step: agent.StepRun, level: classify.Warning},

		// Held commands: decided on what they changed.
		{name: "a holdable dangerous command runs held without asking", c: shellCase("rm -rf build", classify.Dangerous, holdable),
			step: agent.StepHold, why: "runs held", level: classify.Dangerous},
		{name: "a holdable command that is not known runs held", c: shellCase("frobnicate", classify.Warning, holdable),
			step: agent.StepHold, level: classify.Warning},
		{name: "a holdable blocked command never runs", c: shellCase("sudo rm -rf /", classify.Blocked, holdable),
			step: agent.StepRefuse, level: classify.Blocked},
		{name: "a holdable command that asks for the network asks first", c: shellCase("go test ./...", classify.Safe, holdable, network),
			step: agent.StepAsk, why: "network access", level: classify.Safe},
		{name: "a holdable command that reads a secret file asks first", c: shellCase("cat .env", classify.Warning, holdable, secretRead),
			step: agent.StepAsk, level: classify.Warning},
		{name: "a held command that changed nothing runs as safe", c: shellCase("python3 -c 'print(1)'", classify.Warning, effects(classify.Warning, true, false)),
			step: agent.StepRun, why: "changed nothing", level: classify.Safe},
		{name: "a held command that changed nothing runs as safe whatever was predicted", c: shellCase("rm -rf missing", classify.Dangerous, effects(classify.Dangerous, true, false)),
			step: agent.StepRun, why: "changed nothing", level: classify.Safe},
		{name: "changes above the auto-approve level ask", c: shellCase("sed -i s/a/b/ f", classify.Warning, effects(classify.Warning, false, false)),
			step: agent.StepAsk, why: "its changes are level warning", level: classify.Warning},
		{name: "changes within the auto-approve level are applied", c: shellCase("sed -i s/a/b/ f", classify.Warning, auto(classify.Warning), effects(classify.Warning, false, false)),
			step: agent.StepRun, why: "its changes are level warning", level: classify.Warning},
		{name: "a deleted tree asks at auto-approve warning", c: shellCase("rm -rf build", classify.Dangerous, auto(classify.Warning), effects(classify.Dangerous, false, false)),
			step: agent.StepAsk, level: classify.Dangerous},
		{name: "blocked changes are refused even when approved before", c: shellCase("x", classify.Warning, effects(classify.Blocked, false, true)),
			step: agent.StepRefuse, level: classify.Blocked},
		{name: "changes of a command approved before it ran are applied", c: shellCase("npm install", classify.Warning, effects(classify.Dangerous, false, true)),
			step: agent.StepRun, why: "approved with the command", level: classify.Dangerous},
		{name: "changes no checkpoint can precede ask", c: shellCase("touch a", classify.Warning, auto(classify.Dangerous), noUndo, effects(classify.Warning, false, false)),
			step: agent.StepAsk, why: "undo could not take them back", level: classify.Warning},
		{name: "a session rule applies the changes it covers", c: shellCase("go test -run X ./pkg", classify.Warning, rules(goTest), effects(classify.Warning, false, false)),
			step: agent.StepRun, why: "session rule", level: classify.Warning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.c.Verdict.Reasons)
			r := agent.Decide(tt.c)
			if r.Step != tt.step || r.Verdict.Level != tt.level {
				t.Fatalf("Decide(%s) = %v at %v (%s), want %v at %v", tt.c.Call.Args, r.Step, r.Verdict.Level, r.Why, tt.step, tt.level)
			}
			if !strings.Contains(r.Why, tt.why) || r.Why == "" {
				t.Errorf("Decide(%s).Why = %q, want it to say %q", tt.c.Call.Args, r.Why, tt.why)
			}
			if tt.reason != "" && !slices.Contains(r.Verdict.Reasons, tt.reason) {
				t.Errorf("Decide(%s).Verdict.Reasons = %q, want %q among them", tt.c.Call.Args, r.Verdict.Reasons, tt.reason)
			}
			if (r.Rule != nil) != strings.HasPrefix(r.Why, "session rule: ") {
				t.Errorf("Decide(%s) = rule %v, why %q: a rule and only a rule is named", tt.c.Call.Args, r.Rule, r.Why)
			}
			if !slices.Equal(tt.c.Verdict.Reasons, before) {
				t.Errorf("Decide changed the caller's reasons to %q", tt.c.Verdict.Reasons)
			}
		})
	}
}

// The agent applies the session's rules itself: a call one covers runs
// without asking the Approver, recorded as the person's approval naming
// the rule; a call none covers is asked.
func TestSessionRulesRunWhatTheyCoverWithoutAsking(t *testing.T) {
	var asked []string
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r.Call.Summary)
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson}, nil
	})
	rule, _ := agent.ProposeRule(shellReq("touch a.txt", classify.Warning))
	var rules agent.SessionRules
	rules.Add(rule)
	root := t.TempDir()
	prov := &scripted{script: []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "touch b.txt"}), call("c2", "shell", map[string]any{"command": "mkdir c"})),
		text("ok"),
	}}
	rec := &recorder{}
	a := agent.New(agent.Options{Provider: prov, Tools: newRegistry(t, root), Approver: ap, Sink: rec,
		Config: agent.DefaultConfig(), Rules: &rules})
	if _, err := a.Run(t.Context(), "go"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || asked[0] != "mkdir c" {
		t.Errorf("asked about %q, want only mkdir c", asked)
	}
	if _, err := os.Stat(filepath.Join(root, "b.txt")); err != nil {
		t.Errorf("the call the rule covers did not run: %v", err)
	}
	evs := rec.ofType(agent.EventApproval)
	if len(evs) != 2 || evs[0].Decision != agent.DecisionApproved || evs[0].By != agent.ByPerson || evs[0].Reason != "session rule: "+rule.String() {
		t.Errorf("approval events = %+v, want the first approved by the person's rule, naming it", evs)
	}
}

// A session rule covers a change, but no checkpoint can be taken before
// it: the rule does not approve what undo could not take back, the
// person is asked.
func TestASessionRuleDoesNotApproveWhatUndoCannotTakeBack(t *testing.T) {
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: "not without undo"}, nil
	})
	rule, _ := agent.ProposeRule(agent.ApprovalRequest{Call: agent.CallInfo{Tool: "write_file", Args: `{"path":"new.txt","content":"y"}`}, Verdict: classify.Verdict{Level: classify.Warning}})
	var rules agent.SessionRules
	rules.Add(rule)
	root := t.TempDir()
	a := agent.New(agent.Options{
		Provider: &scripted{script: []llm.Message{calls(call("c1", "write_file", map[string]any{"path": "new.txt", "content": "x\n"})), text("done")}},
		Tools:    newRegistry(t, root), Approver: ap, Sink: &recorder{}, Config: agent.DefaultConfig(), Rules: &rules,
		Checkpointer: &fakeCheckpointer{err: errors.New("write checkpoint: no space left on device")},
	})
	if _, err := a.Run(t.Context(), "task"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || !asked[0].NoUndo {
		t.Fatalf("asked %+v; want the person asked once, told undo is unavailable", asked)
	}
	if _, err := os.Stat(filepath.Join(root, "new.txt")); err == nil {
		t.Error("the write ran though the person denied it")
	}
}
