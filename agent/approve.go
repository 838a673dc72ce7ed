package agent

import (
	"context"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// ApprovalRequest is what a person (or the headless policy) is asked to
// decide: one planned call whose level is above the auto-approve level and
// below Blocked.
type ApprovalRequest struct {
	Provider string
	Call     CallInfo
	Verdict  classify.Verdict
	// Preview is the unified diff of a write, edit or delete, or of what
	// a held command changed; empty otherwise.
	Preview string
	// Changes are the files a write or an edit changes, whole, as its
	// plan has them: exactly what runs if approved (see
	// tools.Plan.Changes). Nil for other calls.
	Changes []tools.FileChange
	// Held, for a command that ran held, says in one line what it changed
	// (Preview shows it whole): Approve applies exactly those changes,
	// Deny discards them. Empty for a call that has not run.
	Held string
	// Network reports that the call would run with network access (its
	// call asked for it, or a git command talks to a remote).
	Network bool
	// Undo says whether `agent undo` can take the action back, and what
	// of it not ("build/ is ignored by git: not covered by undo"); empty
	// when the call changes no files.
	Undo string
	// NoUndo reports that no checkpoint can be taken before the call
	// (Undo says why), so `agent undo` could not take it back. Such a
	// request is asked even for a call the auto-approve level covers,
	// and only a person may approve it: session rules and policies do not.
	NoUndo bool
	// Replanned reports that the person approved this call before, but
	// its file changed while they were asked (another panel's edit): the
	// call was planned again, and Preview is against the file as it is now.
	Replanned bool
	// Stale reports whether the file Preview was made from has changed
	// since (another panel's edit landed while this request waited), so
	// that an Approver can answer Replan before showing an old diff. It
	// reads the file: call it outside a UI's update loop. nil means never.
	Stale func() bool
}

// Choice is what an Approver chose: deny, approve or modify.
type Choice int

// The choices an Approver can make. The zero value denies.
const (
	Deny Choice = iota
	Approve
	// Modify replaces the call's arguments with Answer.Args; the loop plans
	// and classifies the new arguments and asks again if they need it.
	Modify
	// Replan says the request went stale before anyone decided (its Stale
	// reported true): the loop plans the same arguments again and asks
	// again, with Replanned set. Nobody approved or denied anything.
	Replan
)

// Answer is an Approver's answer.
type Answer struct {
	Choice Choice
	// Reason is sent to the model with a denial; with an approval it says
	// how it was given (the session rule that allowed it) and goes into
	// the approval event.
	Reason string
	// Args are the new arguments of a Modify, as a JSON object.
	Args string
	// By is ByPerson or ByPolicy.
	By string
}

// Approver is asked about calls that are not auto-approved. Ask blocks until
// it has an answer; when ctx is cancelled it returns ctx.Err() promptly, and
// the call is treated as denied.
type Approver interface {
	Ask(ctx context.Context, req ApprovalRequest) (Answer, error)
}

// DenyAll is the headless Approver: with no person to ask, every call that
// is not auto-approved is denied by policy, and the model is told why.
type DenyAll struct{}

// Ask denies req.
func (DenyAll) Ask(_ context.Context, req ApprovalRequest) (Answer, error) {
	if req.NoUndo {
		return Answer{Choice: Deny, By: ByPolicy,
			Reason: req.Undo + "; a change that cannot be undone needs a person's approval, and no person is there to give it"}, nil
	}
	if req.Network && req.Verdict.Level <= classify.Dangerous {
		return Answer{Choice: Deny, By: ByPolicy,
			Reason: "asks for network access, which always needs a person's approval, and no person is there to approve it"}, nil
	}
	return Answer{
		Choice: Deny,
		By:     ByPolicy,
		Reason: "not auto-approved: level " + req.Verdict.Level.String() + " is above the auto-approve level and no person is there to approve it",
	}, nil
}
