package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

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

// planSpec is the tool's spec, as the model sees it.
var planSpec = llm.ToolSpec{
	Name: PlanTool,
	Description: "Keep a short plan of the task for the person to follow: the whole list of steps each time, " +
		"each pending, in_progress or completed, with at most one in_progress. Use it for tasks of several " +
		"steps; update it as you finish a step. It changes nothing in the project.",
	Parameters: json.RawMessage(`{
  "type": "object",
  "properties": {
    "explanation": {"type": "string", "description": "Optional: why the plan is what it is, or what changed in it."},
    "plan": {
      "type": "array",
      "description": "The steps, in order.",
      "items": {
        "type": "object",
        "properties": {
          "step": {"type": "string", "description": "What the step does, in a few words."},
          "status": {"type": "string", "enum": ["pending", "in_progress", "completed"]}
        },
        "required": ["step", "status"],
        "additionalProperties": false
      }
    }
  },
  "required": ["plan"],
  "additionalProperties": false
}`),
}

// planArgs are update_plan's arguments.
type planArgs struct {
	Explanation string     `json:"explanation"`
	Plan        []PlanStep `json:"plan"`
}

// parsePlan validates update_plan's arguments, with errors the model can
// act on.
func parsePlan(raw string) (planArgs, error) {
	var a planArgs
	if strings.TrimSpace(raw) == "" {
		raw = "{}"
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return a, fmt.Errorf("the arguments are not a JSON object of explanation and plan: %v", err)
	}
	if a.Plan == nil {
		return a, errors.New("plan is missing: give the whole list of steps, each {\"step\": ..., \"status\": ...}")
	}
	if len(a.Plan) > maxPlanSteps {
		return a, fmt.Errorf("plan has %d steps; keep it to %d at most", len(a.Plan), maxPlanSteps)
	}
	if len(a.Explanation) > maxPlanText {
		return a, fmt.Errorf("explanation is %d bytes; keep it under %d", len(a.Explanation), maxPlanText)
	}
	working := -1
	for i, s := range a.Plan {
		switch {
		case strings.TrimSpace(s.Step) == "":
			return a, fmt.Errorf("plan[%d].step is empty: say what the step does", i)
		case len(s.Step) > maxPlanText:
			return a, fmt.Errorf("plan[%d].step is %d bytes; keep a step under %d", i, len(s.Step), maxPlanText)
		}
		switch s.Status {
		case StepPending, StepCompleted:
		case StepInProgress:
			if working >= 0 {
				return a, fmt.Errorf("plan[%d] and plan[%d] are both in_progress: at most one step is in progress", working, i)
			}
			working = i
		default:
			return a, fmt.Errorf("plan[%d].status is %q: want pending, in_progress or completed", i, s.Status)
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
		return a.finishCall(turn, info, errorResult(PlanTool+": "+err.Error()+"; the plan was not changed"))
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
