package agent_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

// The model keeps its plan with update_plan: the tool is offered beside
// the registry's and described in the system prompt; a valid call needs
// nobody, publishes the plan, and tells the model it was kept.
func TestUpdatePlanPublishesThePlan(t *testing.T) {
	t.Parallel()
	f := newFixture(t, []llm.Message{
		calls(call("p1", agent.PlanTool, map[string]any{
			"explanation": "tests first",
			"plan": []map[string]string{
				{"step": "read the code", "status": "completed"},
				{"step": "write the fix", "status": "in_progress"},
				{"step": "run the tests", "status": "pending"},
			},
		})),
		text("done"),
	}, nil, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "fix it"); err != nil {
		t.Fatal(err)
	}
	req := f.prov.last()
	if !slices.ContainsFunc(req.Tools, func(s llm.ToolSpec) bool { return s.Name == agent.PlanTool }) {
		t.Errorf("the request offers %d tools, none %s", len(req.Tools), agent.PlanTool)
	}
	if !strings.Contains(req.System, "- "+agent.PlanTool+": ") {
		t.Errorf("the system prompt does not describe %s", agent.PlanTool)
	}
	plans := f.sink.ofType(agent.EventPlan)
	if len(plans) != 1 {
		t.Fatalf("%d plan events, want 1", len(plans))
	}
	want := []agent.PlanStep{{"read the code", "completed"}, {"write the fix", "in_progress"}, {"run the tests", "pending"}}
	if p := plans[0]; !slices.Equal(p.Plan, want) || p.Text != "tests first" {
		t.Errorf("plan event = %+v %q, want %+v and its explanation", p.Plan, p.Text, want)
	}
	if res := f.toolResults()["p1"]; res.IsError || res.Content != "plan updated" {
		t.Errorf("the result = %q (error %v), want plan updated", res.Content, res.IsError)
	}
	approvals := f.sink.ofType(agent.EventApproval)
	if len(approvals) != 1 || approvals[0].Decision != agent.DecisionAuto {
		t.Errorf("approvals = %+v, want one, auto", approvals)
	}
	if calls := f.sink.ofType(agent.EventToolCall); len(calls) != 1 || calls[0].Call.Level == nil || calls[0].Call.Summary != "plan: 1 of 3 steps done" {
		t.Errorf("tool_call events = %+v, want one, safe, summarised", calls)
	}
}

// Invalid arguments are a tool error saying what is wrong, and no plan
// is published.
func TestUpdatePlanRefusesInvalidArguments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, args, want string
	}{
		{"not JSON", `{"plan": [`, "arguments must be a JSON object"},
		{"no plan", `{"explanation": "x"}`, `argument "plan": missing (required)`},
		{"a plan that is not a list", `{"plan": "step one"}`, `argument "plan": want an array of {step, status} objects, got "step one"`},
		{"an unknown field", `{"plan": [], "steps": []}`, `argument "steps": unknown argument; the arguments are explanation, plan`},
		{"an unknown field in a step", `{"plan": [{"step": "a", "status": "pending", "done": true}]}`, "plan[0].done: unknown field; the fields are step, status"},
		{"a step without a status", `{"plan": [{"step": "a"}]}`, "plan[0].status: missing (required)"},
		{"a step that is not text", `{"plan": [{"step": 1, "status": "pending"}]}`, "plan[0].step: want a string, got 1"},
		{"an empty step", `{"plan": [{"step": " ", "status": "pending"}]}`, "plan[0].step is empty"},
		{"an unknown status", `{"plan": [{"step": "a", "status": "done"}]}`, `plan[0].status: want pending, in_progress or completed, got "done"`},
		{"an explanation too long", `{"explanation": "` + strings.Repeat("x", 501) + `", "plan": []}`, `argument "explanation": 501 bytes`},
		{"two steps in progress", `{"plan": [{"step": "a", "status": "in_progress"}, {"step": "b", "status": "in_progress"}]}`, "both in_progress"},
		{"too many steps", `{"plan": [` + strings.Repeat(`{"step": "a", "status": "pending"},`, 50) + `{"step": "a", "status": "pending"}]}`, "51 steps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, []llm.Message{
				calls(llm.ToolCall{ID: "p", Name: agent.PlanTool, Args: c.args}),
				text("ok"),
			}, nil, agent.DefaultConfig())
			if _, err := f.ag.Run(t.Context(), "plan"); err != nil {
				t.Fatal(err)
			}
			res := f.toolResults()["p"]
			if !res.IsError || !strings.Contains(res.Content, c.want) || !strings.Contains(res.Content, "the plan was not changed") {
				t.Errorf("update_plan %s = %q (error %v), want an error with %q", c.args, res.Content, res.IsError, c.want)
			}
			if n := len(f.sink.ofType(agent.EventPlan)); n != 0 {
				t.Errorf("%d plan events for invalid arguments", n)
			}
		})
	}
}
