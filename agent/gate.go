package agent

import (
	"context"
	"fmt"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// rereadHint is what the model is told when its change met a file that
// changed since it was planned: its view of the file is stale.
const rereadHint = "The file was changed by someone else (another agent working in the same project, or the person) after you planned this change, and your change was not applied. Read the file again with read_file, then make your change against its current contents."

// skippedStale is the badge of a call whose file changed while it waited
// for approval and which no longer applies; notShownStale begins what the
// model is told of it, and is the line its card shows.
const (
	skippedStale  = "file changed"
	notShownStale = "not shown: the file changed and the edit no longer applies."
)

// maxModifications bounds how often a person may rewrite one call before it
// counts as denied, so a confused approver cannot loop forever.
const maxModifications = 10

// handle takes one tool call through plan, classify, approve and run, and
// returns what the model should read. It never returns a Go error: every
// failure is a result with IsError set.
func (a *Agent) handle(ctx context.Context, turn int, call llm.ToolCall, out *Outcome) tools.Result {
	if ctx.Err() != nil {
		return a.finishCall(turn, CallInfo{ID: call.ID, Tool: call.Name, Args: call.Args}, errorResult(errCancelled.Error()))
	}
	if call.Invalid != "" {
		// The provider could not read the call (a text-format call gone
		// wrong): there is nothing to plan; the model gets the correction.
		return a.skip(turn, call, call.Invalid)
	}
	if call.Name == PlanTool {
		return a.updatePlan(turn, call)
	}
	args := call.Args
	var note string // what the model is told when a person changed the call
	// noCheckpoint says why no checkpoint could be taken before an
	// approved run: the call is then asked again, of a person.
	var noCheckpoint string
	replanned := false // the file changed under an approval: asked again
	for range maxModifications {
		info := CallInfo{ID: call.ID, Tool: call.Name, Args: args}
		plan, err := a.opts.Tools.Plan(call.Name, args)
		if err != nil && replanned {
			// Planned again because its file changed, and the change no
			// longer fits the file: the person is told why they were not
			// asked, and the model to look at the file again.
			info.Skipped = skippedStale
			a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})
			return a.finishCall(turn, info, errorResult(note+notShownStale+"\n"+Clip(err.Error(), maxEcho)+"\n"+rereadHint))
		}
		if err != nil {
			a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})
			return a.finishCall(turn, info, errorResult(note+Clip(err.Error(), maxEcho)))
		}
		c := Case{
			Call:    CallInfo{ID: call.ID, Tool: call.Name, Args: args, Summary: plan.Summary},
			Verdict: classifyPlan(plan, a.opts.Policy), Kind: plan.Action.Kind,
			Network: plan.Network, AllowedBy: plan.AllowedBy,
			AutoApprove: a.AutoApprove(), Unconfined: a.opts.Unconfined,
			Rules: a.opts.Rules.List(), NoUndo: noCheckpoint != "",
		}
		if plan.Action.Kind == classify.Shell && noCheckpoint == "" {
			c.Holdable, _ = plan.Holdable()
		}
		r := Decide(c)
		if r.Rule != nil {
			// A rule was made when undo could take its calls back: not
			// for this one if undo cannot.
			if _, c.NoUndo = a.undoNote(ctx, plan, r.Verdict); c.NoUndo {
				r = Decide(c)
			}
		}
		v := r.Verdict
		info.Summary, info.Level, info.Reasons, info.Rule = Clip(plan.Summary, maxEcho), &v.Level, v.Reasons, v.Rule
		a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info, Changes: plan.Changes})
		// runHeld runs the call held; when the person modifies it after,
		// the loop goes on with their arguments.
		runHeld := func(approved bool) (tools.Result, bool) {
			res, modified, done := a.runHeld(ctx, turn, info, plan, c.Verdict, note, approved, out)
			if !done {
				args, note = modified, modifiedNote(modified)
			}
			return res, done
		}

		switch {
		case r.Step == StepRefuse:
			out.Blocked++
			a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionBlocked, By: ByPolicy, Reason: r.Why})
			return a.finishCall(turn, info, errorResult(note+"blocked by policy: "+r.Why+". This action never runs; do not retry it."))
		case r.Step == StepHold:
			// Running it held needs nobody; what it changes is decided
			// on when it has ended. A call the person changed is theirs.
			if note != "" {
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionModified, By: ByPerson, Reason: "changed by the person; " + r.Why})
			} else {
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionAuto, By: ByPolicy, Reason: r.Why})
			}
			if res, done := runHeld(false); done {
				return res
			}
			continue
		case r.Step == StepRun:
			switch {
			case r.Rule == nil && note != "":
				// The person's change needs no approval: it still is theirs.
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionModified, By: ByPerson, Reason: "changed by the person into a call that needs no approval"})
			case r.Rule == nil && c.Holdable:
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionAuto, By: ByPolicy, Reason: r.Why})
			case r.Rule == nil:
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionAuto, By: ByPolicy})
			default:
				// The person's own rule approved it, as they would have.
				a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: approvedOrModified(note), By: ByPerson, Reason: r.Why})
			}
			if c.Holdable {
				// Approved before it ran (a session rule, or the
				// auto-approve level over a read of secret files): held
				// all the same, so that what it changes is seen, and
				// applied as approved.
				if res, done := runHeld(true); done {
					return res
				}
				continue
			}
			res, failed := a.run(ctx, turn, info, plan, note, false)
			if failed == "" {
				return res
			}
			noCheckpoint = failed
			continue
		}

		req := ApprovalRequest{
			Provider: a.opts.Provider.Name(), Call: info, Verdict: v, Preview: plan.Preview, Changes: plan.Changes, Network: plan.Network,
			Replanned: replanned, Stale: plan.Stale,
		}
		if noCheckpoint != "" {
			req.Undo, req.NoUndo = noUndoNote(noCheckpoint), true
		} else {
			req.Undo, req.NoUndo = a.undoNote(ctx, plan, v)
		}
		d, err := a.opts.Approver.Ask(ctx, req)
		if err != nil || ctx.Err() != nil {
			out.Denied++
			a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionDenied, By: ByPerson, Reason: errCancelled.Error()})
			return a.finishCall(turn, info, errorResult(errCancelled.Error()))
		}
		by := d.By
		if by == "" {
			by = ByPerson
		}
		switch d.Choice {
		case Approve:
			if plan.Stale() {
				// Its file changed while the person looked at the diff:
				// what they approved is not what would run. Ask again.
				replanned = true
				continue
			}
			a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: approvedOrModified(note), By: by, Reason: d.Reason})
			if c.Holdable {
				if res, done := runHeld(true); done {
					return res
				}
				continue
			}
			res, failed := a.run(ctx, turn, info, plan, note, req.NoUndo && by == ByPerson)
			if failed == "" {
				return res
			}
			noCheckpoint = failed
			continue
		case Replan:
			replanned = true
			continue
		case Modify:
			args = d.Args
			note = modifiedNote(args)
			continue
		default:
			out.Denied++
			reason := d.Reason
			if reason == "" {
				reason = "no reason given"
			}
			a.publish(Event{Type: EventApproval, Turn: turn, Call: &info, Decision: DecisionDenied, By: by, Reason: reason})
			return a.finishCall(turn, info, errorResult(fmt.Sprintf("%sdenied by %s: %s. The action did not run; try another way or ask.", note, by, reason)))
		}
	}
	out.Denied++
	info := CallInfo{ID: call.ID, Tool: call.Name, Args: args}
	return a.finishCall(turn, info, errorResult("denied: the call was modified too many times"))
}

// modifiedNote is what the model is told of arguments a person changed.
func modifiedNote(args string) string {
	return fmt.Sprintf("Note: the person changed this call's arguments to %s before it ran.\n", Clip(args, maxEcho))
}

// approvedOrModified is the decision of an approval: modified when the
// person changed the call first (note says how).
func approvedOrModified(note string) Decision {
	if note != "" {
		return DecisionModified
	}
	return DecisionApproved
}

// run executes an approved plan, streaming its output as events. With
// Options.RateLimits it first waits for the tool's rate limit, and with
// Options.Locks it then takes the locks the call needs, publishing
// EventQueued whenever it must wait. When no checkpoint can be taken
// before a call that may change files, and noUndoOK does not say a person
// approved it knowing so, it does not run the call and returns why.
func (a *Agent) run(ctx context.Context, turn int, info CallInfo, plan *tools.Plan, note string, noUndoOK bool) (_ tools.Result, noCheckpoint string) {
	// Wait for the rate limit first, so a queued call holds no lock.
	if err := a.waitRateLimit(ctx, turn, info); err != nil {
		return a.finishCall(turn, info, errorResult(note+err.Error())), ""
	}
	release, err := a.lock(ctx, turn, info, claimForPlan(a.opts.Provider.Name()+": "+plan.Summary, plan, callLevel(info)))
	if err != nil {
		return a.finishCall(turn, info, errorResult(note+err.Error())), ""
	}
	defer release()
	if ctx.Err() != nil {
		// Stopped while it waited, or because its approval could not be
		// recorded: nothing runs after a cancel.
		return a.finishCall(turn, info, errorResult(note+errCancelled.Error())), ""
	}
	if failed := a.checkpoint(ctx, turn, info, plan.Action.Kind, noUndoOK); failed != "" {
		return tools.Result{}, failed
	}
	res := a.runPlan(ctx, turn, info, plan)
	if res.Stale {
		res.Output += "\n" + rereadHint
	}
	if ctx.Err() != nil {
		// Say so even when the command reported its own error (killed by
		// SIGTERM): the model must know the person stopped it.
		res.IsError = true
		res.Output = errCancelled.Error() + "\n" + res.Output
	}
	if res.Err != nil {
		// An internal failure: the model already got a short generic
		// message; the person and the log get the detail.
		a.publish(Event{Type: EventError, Turn: turn, Call: &info, Error: Clip(fmt.Sprintf("%s: internal error: %v", info.Tool, res.Err), maxEcho)})
	}
	res.Output = note + res.Output
	return a.finishCall(turn, info, res), ""
}

// skip answers a call that is not planned nor run with an error result
// saying why, publishing it like any other call.
func (a *Agent) skip(turn int, call llm.ToolCall, why string) tools.Result {
	return a.skipAs(turn, call, "", why)
}

// skipAs is skip for a valid call that is not run, saying why in a few
// words for its badge (CallInfo.Skipped).
func (a *Agent) skipAs(turn int, call llm.ToolCall, skipped, why string) tools.Result {
	info := CallInfo{ID: call.ID, Tool: call.Name, Args: call.Args, Skipped: skipped}
	a.publish(Event{Type: EventToolCall, Turn: turn, Call: &info})
	return a.finishCall(turn, info, errorResult(why))
}

// finishCall publishes the result event and returns the result. An error
// that is not a command's output is cut to maxToolError: it may repeat
// the call's arguments, however long.
func (a *Agent) finishCall(turn int, info CallInfo, res tools.Result) tools.Result {
	if res.IsError && res.ExitCode <= 0 {
		res.Output = Clip(res.Output, maxToolError)
	}
	a.publish(Event{Type: EventToolResult, Turn: turn, Call: &info, Result: &CallResult{
		IsError:    res.IsError,
		ExitCode:   res.ExitCode,
		DurationMS: float64(res.Duration.Microseconds()) / 1000,
		Output:     res.Output,
		OutputFile: res.OutputFile,
	}})
	return res
}

func errorResult(msg string) tools.Result {
	return tools.Result{Output: msg, IsError: true, ExitCode: -1}
}

// waitRateLimit waits for the rate limit of info's tool, publishing that
// the call is queued while it waits; the error says why it will not run
// (errCancelled when ctx ended).
func (a *Agent) waitRateLimit(ctx context.Context, turn int, info CallInfo) error {
	err := a.opts.RateLimits.Wait(ctx, info.Tool, func(what string) {
		a.publish(Event{Type: EventQueued, Turn: turn, Call: &info, Text: what, WaitsFor: []string{what}})
	})
	if err != nil && ctx.Err() != nil {
		return errCancelled
	}
	return err
}

// lock takes claim's locks, publishing each wait as the call queued; the
// release is a no-op without Options.Locks. It fails with errCancelled
// only when ctx ended while it waited.
func (a *Agent) lock(ctx context.Context, turn int, info CallInfo, claim Claim) (release func(), err error) {
	l := a.opts.Locks
	if l == nil {
		return func() {}, nil
	}
	release, err = l.Acquire(ctx, claim, func(w Wait) {
		a.publish(Event{Type: EventQueued, Turn: turn, Call: &info, Text: w.Wants, WaitsFor: w.For})
	})
	if err != nil {
		return nil, errCancelled
	}
	return release, nil
}

// callLevel is the level a call's locks are taken at: an unknown one
// counts as the worst that runs.
func callLevel(info CallInfo) classify.Level {
	if info.Level != nil {
		return *info.Level
	}
	return classify.Dangerous
}
