package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

func TestSetAutoApproveChangesWhatRunsWithoutAsking(t *testing.T) {
	var asked []string
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r.Call.Summary)
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson}, nil
	})
	touch := func(id, name string) llm.Message {
		return calls(call(id, "shell", map[string]any{"command": "touch " + name}))
	}
	f := newFixture(t, []llm.Message{touch("c1", "one.txt"), text("ok")}, ap, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "first"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 {
		t.Fatalf("at auto-approve safe a warning call asked %d times, want once", len(asked))
	}

	f.ag.SetAutoApprove(classify.Warning)
	if got := f.ag.AutoApprove(); got != classify.Warning {
		t.Fatalf("AutoApprove() = %v after SetAutoApprove(warning)", got)
	}
	f.prov.script = []llm.Message{touch("c1", "one.txt"), text("ok"), touch("c2", "two.txt"), text("ok")}
	if _, err := f.ag.Run(t.Context(), "second"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 {
		t.Errorf("at auto-approve warning the warning call asked again: %q", asked)
	}
	if _, err := os.Stat(filepath.Join(f.root, "two.txt")); err != nil {
		t.Errorf("two.txt was not created at auto-approve warning: %v", err)
	}
}

func TestAnApprovalCarriesTheApproversReason(t *testing.T) {
	ap := approverFunc(func(context.Context, agent.ApprovalRequest) (agent.Answer, error) {
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson, Reason: "session rule: shell commands starting with `touch`, up to warning"}, nil
	})
	f := newFixture(t, []llm.Message{calls(call("c1", "shell", map[string]any{"command": "touch a"})), text("ok")}, ap, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "go"); err != nil {
		t.Fatal(err)
	}
	evs := f.sink.ofType(agent.EventApproval)
	if len(evs) != 1 || evs[0].Decision != agent.DecisionApproved || evs[0].By != agent.ByPerson || evs[0].Reason == "" {
		t.Errorf("approval events = %+v, want one approved by a person with the rule as its reason", evs)
	}
}

func TestARequestSaysWhenTheCallWantsTheNetwork(t *testing.T) {
	var got []bool
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		got = append(got, r.Network)
		return agent.Answer{Choice: agent.Deny}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "ls", "network": true})),
		text("ok"),
	}, ap, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "go"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0] {
		t.Errorf("requests' Network = %v, want one request saying true", got)
	}
}

func TestUnconfinedCommandsThatRunProjectCodeNeedAPerson(t *testing.T) {
	for _, tc := range []struct {
		unconfined bool
		command    string
		asked      bool
	}{
		{false, "make test", false},
		{true, "make test", true},
		{true, "ls", false},
		{true, "go build ./...", false},
	} {
		var reasons [][]string
		ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
			reasons = append(reasons, r.Verdict.Reasons)
			return agent.Answer{Choice: agent.Deny, By: agent.ByPerson}, nil
		})
		root := t.TempDir()
		prov := &scripted{script: []llm.Message{calls(call("c1", "shell", map[string]any{"command": tc.command})), text("ok")}}
		a := agent.New(agent.Options{Provider: prov, Tools: newRegistry(t, root), Approver: ap, Sink: &recorder{},
			Config: agent.DefaultConfig(), Unconfined: tc.unconfined})
		if _, err := a.Run(t.Context(), "go"); err != nil {
			t.Fatal(err)
		}
		if got := len(reasons) == 1; got != tc.asked {
			t.Errorf("unconfined=%v %q: asked a person = %v, want %v", tc.unconfined, tc.command, got, tc.asked)
			continue
		}
		if tc.asked && !strings.Contains(strings.Join(reasons[0], "; "), "project's own code") {
			t.Errorf("unconfined %q: reasons %q do not say it runs the project's code", tc.command, reasons[0])
		}
	}
}
