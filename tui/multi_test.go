package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func TestQueuedCallSaysWhatItWaitsForThenRuns(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	p := m.panels[0]
	lv := lvl(classify.Warning)
	call := &agent.CallInfo{ID: "c1", Tool: "write_file", Summary: "write notes.txt", Level: lv}
	now := time.Now()
	p.apply(agent.Event{Type: agent.EventToolCall, Turn: 1, Call: call}, now)
	p.apply(agent.Event{Type: agent.EventApproval, Turn: 1, Call: call, Decision: agent.DecisionApproved, By: agent.ByPerson}, now)
	p.apply(agent.Event{Type: agent.EventQueued, Turn: 1, Call: call, WaitsFor: []string{"ollama: write notes.txt"}}, now)
	if out := screen(m); !strings.Contains(out, "queued: waits for ollama: write notes.txt") {
		t.Errorf("the card does not say what the call waits for:\n%s", out)
	}
	p.apply(agent.Event{Type: agent.EventToolOutput, Turn: 1, Call: call, Text: "writing\n"}, now)
	if out := screen(m); strings.Contains(out, "waits for") || !strings.Contains(out, "running") {
		t.Errorf("the card still waits after the call started:\n%s", out)
	}
}

func TestStatsSlashShowsTheFigures(t *testing.T) {
	opts := testOptions
	opts.Stats = func() string { return "provider  turns\nopenai    3\n" }
	m, _, _ := newTestModel(t, nil, opts)
	typeText(m, "/stats")
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "openai    3") {
		t.Errorf("/stats does not show the figures:\n%s", out)
	}
}
