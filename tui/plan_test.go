package tui

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// planAgent is a real agent whose provider plays script, in an empty
// project, publishing to and asking b.
func planAgent(t *testing.T, b *Bridge, script llmtest.Script) *agent.Agent {
	t.Helper()
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Safe
	return agent.New(agent.Options{Provider: llmtest.NewProvider("openai", script), Tools: reg,
		Approver: b, Sink: b, Config: cfg, Unconfined: true})
}

// The model's plan shows under the panel's header as it stands after its
// latest update_plan, compactly: a title with how far it got and the
// steps around the one in progress, checked or not. A new prompt clears
// it.
func TestPanelShowsTheCurrentPlan(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	m.panels[0].runner = planAgent(t, b, llmtest.Script{
		llmtest.Use(llmtest.UseTool(agent.PlanTool, `{"plan": [
			{"step": "read the code", "status": "in_progress"},
			{"step": "write the fix", "status": "pending"}]}`)),
		llmtest.Use(llmtest.UseTool(agent.PlanTool, `{"explanation": "found two callers", "plan": [
			{"step": "read the code", "status": "completed"},
			{"step": "fix the first caller", "status": "completed"},
			{"step": "fix the second caller", "status": "in_progress"},
			{"step": "write a test", "status": "pending"},
			{"step": "run the tests", "status": "pending"}]}`)),
		llmtest.Say("Working on it."),
	})
	typeText(m, "fix the callers")
	press(m, keyEnter)
	m.turns.Wait()
	pump(m, b)

	rows := strings.Split(screen(m), "\n")
	plan := strings.Join(rows[1:5], "\n")
	for _, want := range []string{"plan · 2 of 5 done · found two callers", "[x] fix the first caller", "[>] fix the second caller", "[ ] write a test"} {
		if !strings.Contains(plan, want) {
			t.Errorf("the rows under the header do not show %q:\n%s", want, plan)
		}
	}
	for _, stale := range []string{"[x] read the code", "write the fix", "run the tests"} {
		if strings.Contains(plan, stale) {
			t.Errorf("the plan shows %q: only the latest plan, around the step in progress, fits:\n%s", stale, plan)
		}
	}
	if !strings.Contains(screen(m), "Working on it.") {
		t.Errorf("the answer is not shown below the plan:\n%s", screen(m))
	}

	m.panels[0].runner = idleRunner
	typeText(m, "thanks")
	press(m, keyEnter)
	m.turns.Wait()
	pump(m, b)
	if strings.Contains(screen(m), "plan ·") {
		t.Errorf("the plan of the last task is still shown after a new prompt:\n%s", screen(m))
	}
}
