package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/tools"
)

// A headless run prints the model's plan, each time it changes, in its
// line style on stderr: a title with how far it got, then a line a step,
// checked or not. The successful update_plan call itself gets no line of
// its own; a refused one does, with why.
func TestTextPrintsThePlan(t *testing.T) {
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	var stdout, stderr bytes.Buffer
	a := agent.New(agent.Options{
		Provider: llmtest.NewProvider("openai", llmtest.Script{
			llmtest.Use(llmtest.UseTool(agent.PlanTool, `{"explanation": "small change", "plan": [
				{"step": "read main.go", "status": "completed"},
				{"step": "fix the flag", "status": "in_progress"},
				{"step": "run go test", "status": "pending"}]}`)),
			llmtest.Use(llmtest.UseTool(agent.PlanTool, `{"plan": [{"step": "x", "status": "done"}]}`)),
			llmtest.Say("Fixed."),
		}),
		Tools: reg, Approver: agent.DenyAll{}, Sink: NewText(&stdout, &stderr, false), Config: agent.DefaultConfig(),
	})
	if _, err := a.Run(t.Context(), "fix the flag"); err != nil {
		t.Fatal(err)
	}
	want := "plan: 1 of 3 done: small change\n" +
		"  [x] read main.go\n" +
		"  [>] fix the flag\n" +
		"  [ ] run go test\n"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr =\n%s\nwant it to start with\n%s", stderr.String(), want)
	}
	var planCalls []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, "update_plan") {
			planCalls = append(planCalls, l)
		}
	}
	if len(planCalls) != 1 || !strings.Contains(planCalls[0], `✗ error: update_plan: argument "plan": plan[0].status: want pending, in_progress or completed, got "done"`) {
		t.Errorf("stderr =\n%s\nwant one line for the refused update_plan, saying why", stderr.String())
	}
	if stdout.String() != "Fixed.\n" {
		t.Errorf("stdout = %q, want the answer", stdout.String())
	}
}
