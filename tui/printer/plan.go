package printer

import (
	"fmt"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
)

// planLines are the model's plan as a headless run prints it: a title
// line with how far it got and its explanation, then one line a step,
//
//	plan: 1 of 3 done: the tests first
//	  [x] read the code
//	  [>] write the fix
//	  [ ] run the tests
func planLines(e agent.Event) []string {
	title := fmt.Sprintf("plan: %d of %d done", agent.PlanDone(e.Plan), len(e.Plan))
	if e.Text != "" {
		title += ": " + termsafe.Line(short(e.Text))
	}
	lines := []string{title}
	for _, st := range e.Plan {
		lines = append(lines, "  "+termsafe.Line(short(st.String())))
	}
	return lines
}
