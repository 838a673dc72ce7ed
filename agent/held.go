package agent

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/effects"
)

// runHeld runs a shell command held (StepHold, or approved before it ran
// when approved is set), then decides on what it changed: nothing
// changed goes to the model as it is; changes are applied without asking
// when Decide says so, refused when blocked, and otherwise shown to the
// Approver as a diff: Approve applies exactly them (after a checkpoint),
// Deny discards them, Modify returns the new arguments (done is false)
// for the caller to plan and run again. Nothing of the real root changes
// until a change is applied.
func (a *Agent) runHeld(ctx context.Context, turn int, info CallInfo, plan *tools.Plan, predicted classify.Verdict, note string, approved bool, out *Outcome) (res tools.Result, modified string, done bool) {
	finish := func(r tools.Result) (tools.Result, string, bool) {
		if writesOutside(predicted) {
			r.Output = strings.TrimRight(r.Output, "\n") + "\n" + outsideNote
		}
		r.Output = note + r.Output
		return a.finishCall(turn, info, r), "", true
	}
	if err := a.waitRateLimit(ctx, turn, info); err != nil {
		return finish(errorResult(err.Error()))
	}
	res, held := a.runHeldPlan(ctx, turn, info, plan, approved)
	if held == nil {
		return finish(res)
	}
	if ctx.Err() != nil {
		held.Discard()
		res.IsError = true
		res.Output = errCancelled.Error() + "\n" + res.Output + "\n[its changes were discarded]"
		return finish(res)
	}
	c := Case{
		Call:        CallInfo{ID: info.ID, Tool: info.Tool, Args: info.Args, Summary: plan.Summary},
		Kind:        classify.Write,
		AutoApprove: a.AutoApprove(),
		Rules:       a.opts.Rules.List(),
		Effects:     &Effects{Verdict: held.Verdict(), Empty: held.Empty(), Approved: approved},
	}
	r := Decide(c)
	// The card shows the judgement of what the command did.
	v := r.Verdict
	info.Level, info.Reasons, info.Rule = &v.Level, v.Reasons, v.Rule
	info.Held, info.Hidden = held.Summary(), held.Hidden
	a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})

	switch r.Step {
	case StepRefuse:
		held.Discard()
		out.Blocked++
		a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionBlocked, By: ByPolicy, Reason: r.Why})
		res.IsError = true
		res.Output += "\n[blocked by policy: its changes (" + held.Summary() + ") " + r.Why + "; they were discarded and nothing was applied]"
		return finish(res)
	case StepRun:
		if held.Empty() {
			if s := held.Summary(); s != "no changes" {
				// Only what is never applied: the model is told.
				res.Output = strings.TrimRight(res.Output, "\n") + "\n[nothing was applied: " + s + "]"
			}
			held.Discard()
			return finish(res)
		}
		if !approved {
			decision, by := DecisionAuto, ByPolicy
			if r.Rule != nil {
				decision, by = approvedOrModified(note), ByPerson
			}
			a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: decision, By: by, Reason: r.Why})
		}
		return finish(a.applyHeld(ctx, turn, info, held, res, approved))
	}

	req := ApprovalRequest{
		Provider: a.opts.Provider.Name(), Call: info, Verdict: v, Preview: held.Preview,
		Held: held.Summary(),
	}
	req.Undo, req.NoUndo = a.heldUndoNote(ctx, plan.Action.Root, held)
	d, err := a.opts.Approver.Ask(ctx, req)
	if err != nil || ctx.Err() != nil {
		held.Discard()
		out.Denied++
		a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionDenied, By: ByPerson, Reason: errCancelled.Error()})
		return finish(errorResult(errCancelled.Error() + "; its changes were discarded"))
	}
	by := d.By
	if by == "" {
		by = ByPerson
	}
	switch d.Choice {
	case Approve:
		a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: approvedOrModified(note), By: by, Reason: d.Reason})
		return finish(a.applyHeld(ctx, turn, info, held, res, by == ByPerson))
	case Modify:
		held.Discard()
		return tools.Result{}, d.Args, false
	}
	held.Discard()
	out.Denied++
	reason := d.Reason
	if reason == "" {
		reason = "no reason given"
	}
	a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionDenied, By: by, Reason: reason})
	msg := fmt.Sprintf("denied by %s: %s. The command ran confined and would %s; nothing was applied, the project is as it was. Try another way or ask.",
		by, reason, held.Summary())
	if by == ByPolicy {
		msg = fmt.Sprintf("denied by policy: would %s; not applied: needs a person (%s). The project is as it was.", held.Summary(), reason)
	}
	// Its output is the model's to see: it ran confined, and changed
	// nothing real.
	res.IsError = true
	res.Output = strings.TrimRight(res.Output, "\n") + "\n[" + msg + "]"
	return finish(res)
}

// runHeldPlan runs the plan held under the locks a run of its level
// takes, streaming its output.
func (a *Agent) runHeldPlan(ctx context.Context, turn int, info CallInfo, plan *tools.Plan, showSecrets bool) (tools.Result, *tools.Held) {
	release, err := a.lock(ctx, turn, info, claimForPlan(a.opts.Provider.Name()+": "+plan.Summary, plan, callLevel(info)))
	if err != nil {
		return errorResult(err.Error()), nil
	}
	defer release()
	if ctx.Err() != nil {
		return errorResult(errCancelled.Error()), nil
	}
	outFn := func(chunk string) {
		a.publish(Event{Type: EventToolOutput, Turn: turn, Call: &info, Text: chunk})
	}
	return plan.RunHeld(ctx, tools.HoldOptions{ShowSecrets: showSecrets}, outFn)
}

// applyHeld takes a checkpoint and applies the held changes under an
// exclusive lock of the root, and says what became of them after the
// command's own output. noUndoOK says a person approved them knowing no
// checkpoint may be possible.
func (a *Agent) applyHeld(ctx context.Context, turn int, info CallInfo, held *tools.Held, res tools.Result, noUndoOK bool) tools.Result {
	defer held.Discard()
	// The whole root, exclusively, as a command that may change anything.
	claim := ClaimFor(a.opts.Provider.Name()+": apply "+held.Summary(), classify.Action{Kind: classify.Shell, Root: held.Root()}, classify.Dangerous)
	release, err := a.lock(ctx, turn, info, claim)
	if err != nil {
		res.IsError = true
		res.Output += "\n[" + err.Error() + ": its changes were discarded]"
		return res
	}
	defer release()
	if failed := a.checkpoint(ctx, turn, info, classify.Write, noUndoOK); failed != "" {
		res.IsError = true
		res.Output += "\n[its changes were not applied: no checkpoint could be taken (" + failed + "), so undo could not take them back; ask the person]"
		return res
	}
	if err := held.Apply(); err != nil {
		res.IsError = true
		var conflict *effects.ConflictError
		if errors.As(err, &conflict) {
			res.Output += "\n[its changes were not applied: " + strings.Join(conflict.Paths, ", ") +
				" changed in the project since the command ran (another agent or the person); run it again]"
		} else {
			res.Output += "\n[its changes could not be applied: " + err.Error() + "]"
		}
		return res
	}
	res.Output += "\n[applied: " + held.Summary() + "]"
	return res
}

// heldUndoNote says whether `agent undo` can take a held command's
// changes back once applied, and what of them not: paths git ignores.
func (a *Agent) heldUndoNote(ctx context.Context, root string, held *tools.Held) (note string, unavailable bool) {
	if a.opts.Checkpointer == nil {
		return "not covered by undo: no checkpoints are taken in this run", false
	}
	ic, ok := a.opts.Checkpointer.(IgnoreChecker)
	if !ok {
		return "agent undo can take the changes back", false
	}
	var paths []string
	for _, rel := range held.Paths() {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(rel)))
	}
	ignored, err := ic.Ignored(ctx, paths)
	switch {
	case err != nil:
		return noUndoNote(Clip(err.Error(), maxEcho)), true
	case len(ignored) > 0:
		return shownPaths(root, ignored) + " " + isAre(len(ignored)) + " ignored by git: not covered by undo", false
	}
	return "agent undo can take the changes back", false
}

// outsideNote tells the model that what its command meant to write
// outside the project was not written: the sandbox refuses it, and no
// change there is held or applied.
const outsideNote = "[writes outside the project are refused by the sandbox: nothing was written there]"

// writesOutside says whether the prediction has the command write or
// delete outside the project.
func writesOutside(v classify.Verdict) bool {
	for _, p := range v.Parts {
		if p.Rule == "builtin:write-outside" {
			return true
		}
	}
	return false
}
