package tui

import (
	"fmt"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
)

// maxPlanRows is the most rows the plan takes under a panel's header:
// its title and the steps around the one in progress.
const maxPlanRows = 4

// setPlan keeps the model's plan as it stands now, shown under the header
// until the next prompt.
func (p *panel) setPlan(steps []agent.PlanStep, why string) {
	p.plan = make([]agent.PlanStep, len(steps))
	for i, s := range steps {
		p.plan[i] = agent.PlanStep{Step: termsafe.Line(s.Step), Status: s.Status}
	}
	p.planWhy = termsafe.Line(why)
}

// planHeight is how many rows the plan takes: 0 without one.
func (p *panel) planHeight() int {
	if len(p.plan) == 0 {
		return 0
	}
	return min(len(p.plan), maxPlanRows-1) + 1
}

// appendPlan appends the plan's rows, each fit to w: a title with how far
// the plan got, then the steps from the one before the first unfinished
// one, checked or not.
func (p *panel) appendPlan(dst []string, w int) []string {
	n := p.planHeight() - 1
	if n < 0 {
		return dst
	}
	title := fmt.Sprintf(" plan · %d of %d done", agent.PlanDone(p.plan), len(p.plan))
	if p.planWhy != "" {
		title += " · " + p.planWhy
	}
	dst = append(dst, p.st.Muted.Render(fit(title, w)))
	first := len(p.plan) - n
	for i, s := range p.plan {
		if s.Status != agent.StepCompleted {
			first = min(max(i-1, 0), len(p.plan)-n)
			break
		}
	}
	for _, s := range p.plan[first : first+n] {
		row := " " + s.String()
		if s.Status == agent.StepCompleted {
			row = p.st.Muted.Render(fit(row, w))
		} else {
			row = fit(row, w)
		}
		dst = append(dst, row)
	}
	return dst
}
