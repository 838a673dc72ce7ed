package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func shellRequest(cmd string, l classify.Level) agent.ApprovalRequest {
	return agent.ApprovalRequest{
		Call:    agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command": "` + cmd + `"}`, Summary: cmd},
		Verdict: classify.Verdict{Level: l, Reasons: []string{cmd + ": because"}},
	}
}

func optionKinds(p sdk.RequestPermissionRequest) string {
	var k []string
	for _, o := range p.Options {
		k = append(k, string(o.Kind))
	}
	return strings.Join(k, ",")
}

func TestPermissionRequest(t *testing.T) {
	t.Parallel()
	t.Run("a command offers allow once, a session rule as narrow as the screen's, and reject", func(t *testing.T) {
		p, rule := permissionRequest("s1", "/p", shellRequest("go test ./...", classify.Warning))
		if got := optionKinds(p); got != "allow_once,allow_always,reject_once" {
			t.Errorf("options = %s", got)
		}
		if rule == nil || !strings.Contains(p.Options[1].Name, rule.String()) || !strings.Contains(rule.String(), "go test") {
			t.Errorf("allow_always = %q, rule %v; want the go test prefix rule named", p.Options[1].Name, rule)
		}
		if *p.ToolCall.Title != "go test ./..." || *p.ToolCall.Kind != sdk.ToolKindExecute || p.ToolCall.ToolCallId != "c1" || p.SessionId != "s1" {
			t.Errorf("tool call = %+v", p.ToolCall)
		}
		text := p.ToolCall.Content[0].Content.Content.Text.Text
		if !strings.Contains(text, "warning") || !strings.Contains(text, "because") {
			t.Errorf("content = %q, want the level and the reasons", text)
		}
	})
	t.Run("a held command shows what it changed and the diff", func(t *testing.T) {
		req := shellRequest("sed -i s/a/b/ notes.txt", classify.Warning)
		req.Held, req.Preview = "modify notes.txt (+1 -1)", "--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1 @@\n-a\n+b\n"
		p, _ := permissionRequest("s1", "/p", req)
		if len(p.ToolCall.Content) != 2 {
			t.Fatalf("content = %+v, want the text and the diff", p.ToolCall.Content)
		}
		text := p.ToolCall.Content[0].Content.Content.Text.Text
		if !strings.Contains(text, "changes are held: modify notes.txt (+1 -1)") {
			t.Errorf("content = %q, want the held changes named", text)
		}
		if diff := p.ToolCall.Content[1].Content.Content.Text.Text; !strings.Contains(diff, "+b") {
			t.Errorf("diff content = %q", diff)
		}
	})
	t.Run("a dangerous command's rule is that exact command", func(t *testing.T) {
		_, rule := permissionRequest("s1", "/p", shellRequest("rm -rf build", classify.Dangerous))
		if rule == nil || !strings.Contains(rule.String(), "exactly") {
			t.Errorf("rule = %v, want exactly rm -rf build", rule)
		}
	})
	t.Run("a call undo cannot take back offers no session rule, and says why", func(t *testing.T) {
		req := shellRequest("make clean", classify.Warning)
		req.NoUndo, req.Undo = true, "no checkpoint can be taken: the disk is full"
		p, rule := permissionRequest("s1", "/p", req)
		if got := optionKinds(p); got != "allow_once,reject_once" || rule != nil {
			t.Errorf("options = %s, rule %v; want no allow_always", got, rule)
		}
		if text := p.ToolCall.Content[0].Content.Content.Text.Text; !strings.Contains(text, "disk is full") {
			t.Errorf("content = %q, want the undo note", text)
		}
	})
	t.Run("a delete shows its preview as text", func(t *testing.T) {
		req := agent.ApprovalRequest{Call: agent.CallInfo{ID: "d", Tool: "delete_file", Args: `{"path": "a.txt"}`, Summary: "delete a.txt"},
			Verdict: classify.Verdict{Level: classify.Dangerous}, Preview: "--- a/a.txt\n+++ /dev/null\n"}
		p, _ := permissionRequest("s1", "/p", req)
		if len(p.ToolCall.Content) != 2 || p.ToolCall.Content[1].Content.Content.Text.Text != req.Preview || p.ToolCall.Locations[0].Path != "/p/a.txt" {
			t.Errorf("content = %+v, locations %+v; want the preview and /p/a.txt", p.ToolCall.Content, p.ToolCall.Locations)
		}
	})
}

func TestAnswerOf(t *testing.T) {
	t.Parallel()
	req := shellRequest("go test ./...", classify.Warning)
	rule, _ := agent.ProposeRule(req)
	cases := []struct {
		name    string
		outcome sdk.RequestPermissionOutcome
		rule    *agent.SessionRule
		want    agent.Choice
		by      string
		saved   bool
	}{
		{"allow once approves", sdk.NewRequestPermissionOutcomeSelected(optionAllowOnce), rule, agent.Approve, agent.ByPerson, false},
		{"allow always saves the rule and approves", sdk.NewRequestPermissionOutcomeSelected(optionAllowAlways), rule, agent.Approve, agent.ByPerson, true},
		{"allow always without a rule offered denies", sdk.NewRequestPermissionOutcomeSelected(optionAllowAlways), nil, agent.Deny, agent.ByPolicy, false},
		{"reject once denies", sdk.NewRequestPermissionOutcomeSelected(optionRejectOnce), rule, agent.Deny, agent.ByPerson, false},
		{"a cancelled request denies", sdk.NewRequestPermissionOutcomeCancelled(), rule, agent.Deny, agent.ByPerson, false},
		{"an option never offered denies", sdk.NewRequestPermissionOutcomeSelected("allow_everything"), rule, agent.Deny, agent.ByPolicy, false},
		{"no outcome at all denies", sdk.RequestPermissionOutcome{}, rule, agent.Deny, agent.ByPerson, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rules := new(agent.SessionRules)
			a := answerOf(c.outcome, c.rule, rules)
			if a.Choice != c.want || a.By != c.by {
				t.Errorf("answerOf = %+v, want choice %v by %s", a, c.want, c.by)
			}
			if saved := len(rules.List()) == 1; saved != c.saved {
				t.Errorf("rule saved = %v, want %v", saved, c.saved)
			}
		})
	}
}
