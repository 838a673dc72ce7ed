package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func TestCardShowsATransientRetry(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	p := m.panels[0]
	call := &agent.CallInfo{ID: "c1", Tool: "git", Summary: "git add a.txt", Level: lvl(classify.Warning)}
	now := time.Now()
	p.apply(agent.Event{Type: agent.EventToolCall, Turn: 1, Call: call}, now)
	p.apply(agent.Event{Type: agent.EventApproval, Turn: 1, Call: call, Decision: agent.DecisionAuto, By: agent.ByPolicy}, now)
	p.apply(agent.Event{Type: agent.EventToolOutput, Turn: 1, Call: call, Text: "fatal: Unable to create '.git/index.lock': File exists.\n"}, now)
	p.apply(agent.Event{Type: agent.EventRetry, Turn: 1, Call: call, Attempt: 1, DelayMS: 500,
		Error: "the git index is locked by another git process",
		Text:  "↻ retry 1 of 2 in 500ms: the git index is locked by another git process"}, now)
	if out := screen(m); !strings.Contains(out, "↻ retry 1 of 2 in 500ms: the git index") {
		t.Errorf("the running card does not show the retry:\n%s", out)
	}
	p.apply(agent.Event{Type: agent.EventToolResult, Turn: 1, Call: call, Result: &agent.CallResult{ExitCode: 0, DurationMS: 700}}, now)
	if out := screen(m); !strings.Contains(out, "✓ exit 0") || !strings.Contains(out, "↻ 2 runs: the git") {
		t.Errorf("the finished card does not say it ran twice:\n%s", out)
	}
}
