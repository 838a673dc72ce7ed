package agent

import (
	"context"
	"sync"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// The calls of one reply run in the model's order, except that a run of
// consecutive calls that only read (file reads, listings, searches, web
// fetches and safe commands) and that run without asking anyone runs
// together: they cannot change what each other see. Every other call (a
// write, a command that is not safe, anything a person must approve)
// runs alone, after the calls before it and before the calls after it,
// so a read after a write in the same reply sees the write. The calls
// that run together still take the coordinator's locks, each its own,
// and their results go back in the model's order.

// readOnly is a call planned and judged ready to run with others.
type readOnly struct {
	call llm.ToolCall
	info CallInfo
	plan *tools.Plan
}

// handleAll takes the calls of one reply through handle, running the
// read-only ones that follow each other together, and returns their
// results in the calls' order.
func (a *Agent) handleAll(ctx context.Context, turn int, calls []llm.ToolCall, out *Outcome) []tools.Result {
	results := make([]tools.Result, len(calls))
	for i := 0; i < len(calls); {
		var group []readOnly
		for j := i; j < len(calls) && i+1 < len(calls) && ctx.Err() == nil; j++ {
			r, ok := a.readOnly(ctx, calls[j])
			if !ok {
				break
			}
			group = append(group, r)
		}
		if len(group) < 2 {
			results[i] = a.handle(ctx, turn, calls[i], out)
			i++
			continue
		}
		a.runTogether(ctx, turn, group, results[i:i+len(group)])
		i += len(group)
	}
	return results
}

// readOnly plans and judges call and reports whether it may run with
// others: it plans without error, it only reads (or is a safe command
// without the network), and it runs without asking (auto-approved, not
// through a person's rule), without a checkpoint.
func (a *Agent) readOnly(ctx context.Context, call llm.ToolCall) (readOnly, bool) {
	if call.Invalid != "" {
		return readOnly{}, false
	}
	plan, err := a.opts.Tools.Plan(call.Name, call.Args)
	if err != nil || len(plan.Also) > 0 || plan.Network {
		return readOnly{}, false
	}
	v := classifyPlan(plan, a.opts.Policy)
	switch plan.Action.Kind {
	case classify.Read, classify.Fetch:
	case classify.Shell, classify.Git:
		if v.Level != classify.Safe {
			return readOnly{}, false
		}
		if held, _ := plan.Holdable(); held {
			// A command that runs held is judged on what it changed,
			// whatever was predicted: it goes through handle, alone.
			return readOnly{}, false
		}
	default:
		return readOnly{}, false
	}
	r := Decide(Case{
		Call:    CallInfo{ID: call.ID, Tool: call.Name, Args: call.Args, Summary: plan.Summary},
		Verdict: v, Kind: plan.Action.Kind, Network: plan.Network, AllowedBy: plan.AllowedBy,
		AutoApprove: a.AutoApprove(), Unconfined: a.opts.Unconfined, Rules: a.opts.Rules.List(),
	})
	if r.Step != StepRun || r.Rule != nil || changesFiles(plan.Action.Kind, &r.Verdict.Level) {
		return readOnly{}, false
	}
	lvl := r.Verdict.Level
	info := CallInfo{ID: call.ID, Tool: call.Name, Args: call.Args, Summary: Clip(plan.Summary, maxEcho),
		Level: &lvl, Reasons: r.Verdict.Reasons, Rule: r.Verdict.Rule}
	return readOnly{call: call, info: info, plan: plan}, true
}

// runTogether publishes the group's calls and approvals in the model's
// order, then runs them at once and puts each result in its place.
func (a *Agent) runTogether(ctx context.Context, turn int, group []readOnly, results []tools.Result) {
	for _, g := range group {
		a.publish(Event{Type: EventToolCall, Turn: turn, Call: &g.info})
		a.publish(Event{Type: EventApproval, Turn: turn, Call: &g.info, Decision: DecisionAuto, By: ByPolicy})
	}
	var wg sync.WaitGroup
	for k, g := range group {
		wg.Go(func() {
			// Nothing in the group changes files: no checkpoint can be
			// missing, so run never declines it.
			results[k], _ = a.run(ctx, turn, g.info, g.plan, "", false)
		})
	}
	wg.Wait()
}
