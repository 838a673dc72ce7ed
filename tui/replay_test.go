package tui

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// resumedSession is what a session file gives back for one provider: two
// tasks, a reply, a command whose output was long, and a denied call.
func resumedSession() []agent.Event {
	ls := shellCall("c1", "ls -la", classify.Safe)
	rm := shellCall("c2", "rm -rf build", classify.Dangerous)
	return []agent.Event{
		{Type: agent.EventRunStarted, Provider: "openai", Model: "gpt-4o-old", Text: "list the files"},
		{Type: agent.EventToolCall, Provider: "openai", Turn: 1, Call: ls},
		{Type: agent.EventApproval, Provider: "openai", Turn: 1, Call: ls, Decision: agent.DecisionAuto, By: agent.ByPolicy},
		{Type: agent.EventToolResult, Provider: "openai", Turn: 1, Call: ls, Result: &agent.CallResult{ExitCode: 0, DurationMS: 12, Output: "main.go\nSECRET-LOOKING-LINE-3\ngo.mod\n"}},
		{Type: agent.EventText, Provider: "openai", Turn: 2, Text: "There are two files."},
		{Type: agent.EventRunFinished, Provider: "openai", Status: agent.StatusFinished},
		{Type: agent.EventRunStarted, Provider: "openai", Text: "now clean up"},
		{Type: agent.EventToolCall, Provider: "openai", Turn: 1, Call: rm},
		{Type: agent.EventApproval, Provider: "openai", Turn: 1, Call: rm, Decision: agent.DecisionDenied, By: agent.ByPerson, Reason: "keep it"},
		{Type: agent.EventToolResult, Provider: "openai", Turn: 1, Call: rm, Result: &agent.CallResult{IsError: true, ExitCode: -1, Output: "denied by the person\nWHAT-THE-MODEL-WAS-TOLD"}},
		{Type: agent.EventText, Provider: "openai", Turn: 2, Text: "I left build/ alone."},
		{Type: agent.EventRunFinished, Provider: "openai", Status: agent.StatusFinished},
	}
}

func TestAResumedSessionIsShownAgain(t *testing.T) {
	opts := testOptions
	opts.Panels = []Panel{{Provider: "openai", Model: "gpt-4o", Runner: idleRunner, Replay: resumedSession()}}
	m, _, _ := newTestModel(t, nil, opts)
	out := screen(m)
	want := []string{
		"› list the files", "[safe] shell: ls -la", "✓ exit 0 · 12ms", "There are two files.",
		"› now clean up", "[dangerous] shell: rm -rf build", "✗ denied: keep it", "I left build/ alone.",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		if i < 0 {
			t.Fatalf("the resumed transcript lacks %q (in this order):\n%s", w, out)
		}
		at += i
	}
	if strings.Contains(out, "SECRET-LOOKING-LINE-3") || strings.Contains(out, "WHAT-THE-MODEL-WAS-TOLD") {
		t.Errorf("a replayed tool card is expanded: its output shows:\n%s", out)
	}
	if h := strings.Split(out, "\n")[0]; !strings.Contains(h, "gpt-4o · idle") || strings.Contains(h, "gpt-4o-old") || strings.Contains(h, "tokens") {
		t.Errorf("header = %q, want the panel's own model, idle, and no tokens spent yet", h)
	}

	// The cards are cards like any other: Enter on the empty prompt opens
	// the last one.
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "WHAT-THE-MODEL-WAS-TOLD") {
		t.Errorf("Enter did not expand the last replayed card:\n%s", out)
	}
}

func TestAResumedSessionCutInATaskEndsItsCards(t *testing.T) {
	ls := shellCall("c1", "sleep 100", classify.Warning)
	opts := testOptions
	opts.Panels = []Panel{{Provider: "openai", Model: "gpt-4o", Runner: idleRunner, Replay: []agent.Event{
		{Type: agent.EventRunStarted, Provider: "openai", Text: "wait"},
		{Type: agent.EventToolCall, Provider: "openai", Turn: 1, Call: ls},
		{Type: agent.EventApproval, Provider: "openai", Turn: 1, Call: ls, Decision: agent.DecisionApproved, By: agent.ByPerson},
	}}}
	m, _, _ := newTestModel(t, nil, opts)
	out := screen(m)
	if !strings.Contains(out, "■ stopped") || m.panels[0].runs != 0 || m.panels[0].state() != "idle" {
		t.Errorf("a call the old process never finished should show as stopped, the panel idle (state %q, %d running):\n%s", m.panels[0].state(), m.panels[0].runs, out)
	}
}
