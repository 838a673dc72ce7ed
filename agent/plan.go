package agent

import (
	"fmt"
	"strings"
	"sync"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// PlanTool is the name of the tool the model keeps its plan with. It is
// the agent's own, offered to every provider beside the registry's: it
// changes nothing, so it is safe and runs without asking; each call
// publishes EventPlan, which the screen, `agent run` and `agent acp`
// show.
const PlanTool = "update_plan"

// The statuses of a plan's step.
const (
	StepPending    = "pending"
	StepInProgress = "in_progress"
	StepCompleted  = "completed"
)

// PlanStep is one step of the model's plan.
type PlanStep struct {
	Step   string `json:"step"`
	Status string `json:"status"`
}

// maxPlanSteps and maxPlanText bound a plan, so that a confused model
// cannot fill the screen with one.
const (
	maxPlanSteps = 50
	maxPlanText  = 500
)

// planParams are update_plan's arguments: the one source of the schema
// the model sees and of the checks its arguments pass (tools.DecodeArgs).
var planParams = []tools.Param{
	{Name: "explanation", Type: tools.ParamString, Desc: "Optional: why the plan is what it is, or what changed in it."},
	{Name: "plan", Type: tools.ParamObjectList, Required: true, Desc: "The steps, in order.", Fields: []tools.Param{
		{Name: "step", Type: tools.ParamString, Required: true, Desc: "What the step does, in a few words."},
		{Name: "status", Type: tools.ParamString, Required: true, Enum: []string{StepPending, StepInProgress, StepCompleted}},
	}},
}

// planSpec is the tool's spec, as the model sees it; made on first use,
// not at every start of the binary (its schema is marshalled JSON).
var planSpec = sync.OnceValue(func() llm.ToolSpec {
	return llm.ToolSpec{
		Name: PlanTool,
		Description: "Keep a short plan of the task for the person to follow: the whole list of steps each time, " +
			"each pending, in_progress or completed, with at most one in_progress. Use it for tasks of several " +
			"steps; update it as you finish a step. It changes nothing in the project.",
		Parameters: tools.Schema(planParams),
	}
})

// planArgs are update_plan's arguments.
type planArgs struct {
	Explanation string     `json:"explanation"`
	Plan        []PlanStep `json:"plan"`
}

// parsePlan validates update_plan's arguments: what planParams say, then
// the bounds and at most one step in progress. Its errors are
// *tools.ArgError, saying what to fix.
func parsePlan(raw string) (planArgs, error) {
	var a planArgs
	if err := tools.DecodeArgs(PlanTool, raw, planParams, &a); err != nil {
		return a, err
	}
	invalid := func(field, format string, args ...any) error {
		return &tools.ArgError{Tool: PlanTool, Field: field, Problem: fmt.Sprintf(format, args...)}
	}
	if len(a.Plan) > maxPlanSteps {
		return a, invalid("plan", "%d steps; keep it to %d at most", len(a.Plan), maxPlanSteps)
	}
	if len(a.Explanation) > maxPlanText {
		return a, invalid("explanation", "%d bytes; keep it under %d", len(a.Explanation), maxPlanText)
	}
	working := -1
	for i, s := range a.Plan {
		switch {
		case strings.TrimSpace(s.Step) == "":
			return a, invalid("plan", "plan[%d].step is empty: say what the step does", i)
		case len(s.Step) > maxPlanText:
			return a, invalid("plan", "plan[%d].step is %d bytes; keep a step under %d", i, len(s.Step), maxPlanText)
		}
		if s.Status == StepInProgress {
			if working >= 0 {
				return a, invalid("plan", "plan[%d] and plan[%d] are both in_progress: at most one step is in progress", working, i)
			}
			working = i
		}
	}
	return a, nil
}

// updatePlan answers an update_plan call: a valid plan is published as
// EventPlan and the model is told it was kept; invalid arguments are a
// tool error saying what is wrong. It needs nobody's approval: it
// changes nothing.
func (a *Agent) updatePlan(turn int, call llm.ToolCall) tools.Result {
	safe := classify.Safe
	info := CallInfo{ID: call.ID, Tool: call.Name, Args: call.Args}
	p, err := parsePlan(call.Args)
	if err != nil {
		a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})
		return a.finishCall(turn, info, errorResult(err.Error()+"; the plan was not changed"))
	}
	info.Summary = fmt.Sprintf("plan: %d of %d steps done", PlanDone(p.Plan), len(p.Plan))
	info.Level = &safe
	a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})
	a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionAuto, By: ByPolicy})
	a.publish(Event{Type: EventPlan, Turn: turn, Call: &info, Plan: p.Plan, Text: p.Explanation})
	return a.finishCall(turn, info, tools.Result{Output: "plan updated", ExitCode: -1})
}

// String is the step as a line of a checklist: "[x] step" when
// completed, "[>] step" in progress, "[ ] step" pending.
func (s PlanStep) String() string {
	mark := "[ ]"
	switch s.Status {
	case StepCompleted:
		mark = "[x]"
	case StepInProgress:
		mark = "[>]"
	}
	return mark + " " + s.Step
}

// PlanDone counts the completed steps of plan.
func PlanDone(plan []PlanStep) int {
	n := 0
	for _, s := range plan {
		if s.Status == StepCompleted {
			n++
		}
	}
	return n
}
