package agent

import (
	"slices"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// classifyPlan judges everything a plan does: its Action and, for a call
// that does more (a patch of several files), each of its other actions.
// The verdict is the worst of them: its level, the reasons of the worst
// first, the rule of the worst, and every part and path written.
func classifyPlan(plan *tools.Plan, policy classify.Policy) classify.Verdict {
	v := classify.Classify(plan.Action, policy)
	for _, act := range plan.Also {
		w := classify.Classify(act, policy)
		if w.Level > v.Level {
			v.Level, v.Rule = w.Level, w.Rule
			v.Reasons = append(slices.Clone(w.Reasons), v.Reasons...)
		} else {
			v.Reasons = append(v.Reasons, w.Reasons...)
		}
		v.Parts = append(v.Parts, w.Parts...)
		v.RunsProjectCode = v.RunsProjectCode || w.RunsProjectCode
		for _, p := range w.Writes {
			if !slices.Contains(v.Writes, p) {
				v.Writes = append(v.Writes, p)
			}
		}
	}
	return v
}

// claimForPlan is ClaimFor of every action of plan, held together.
func claimForPlan(owner string, plan *tools.Plan, level classify.Level) Claim {
	c := ClaimFor(owner, plan.Action, level)
	for _, act := range plan.Also {
		o := ClaimFor(owner, act, level)
		c.RootExclusive = c.RootExclusive || o.RootExclusive
		c.Write = append(c.Write, o.Write...)
		c.Read = append(c.Read, o.Read...)
	}
	return c
}
