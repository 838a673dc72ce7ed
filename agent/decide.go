package agent

import (
	"fmt"
	"strings"

	"github.com/agentcli/agent/classify"
)

// Step is what the approval gate does with a planned call.
type Step int

// The steps, from the most careful. The zero value refuses.
const (
	// StepRefuse: the call never runs, whoever would approve it.
	StepRefuse Step = iota
	// StepAsk: the Approver asks a person (or, headless, the policy
	// answers for nobody).
	StepAsk
	// StepRun: the call runs without asking: its level is within the
	// auto-approve level, or a session rule covers it. For a held
	// command's effects (Case.Effects): they are applied without asking.
	StepRun
	// StepHold: the command runs held, confined over an overlay of the
	// root, and what it changed is decided on once it has ended (a Case
	// with Effects): nobody is asked before it runs.
	StepHold
)

func (s Step) String() string {
	switch s {
	case StepHold:
		return "hold"
	case StepRun:
		return "run"
	case StepAsk:
		return "ask"
	}
	return "refuse"
}

// Case is everything the approval decision looks at for one planned call.
type Case struct {
	// Call is the call, for session rules (its tool and arguments).
	Call CallInfo
	// Verdict is the classifier's verdict on the call's action.
	Verdict classify.Verdict
	// Kind is the kind of the call's action: commands (shell, git) get
	// less without the sandbox.
	Kind classify.Kind
	// Network is whether the call would run with network access;
	// AllowedBy is the [network] allow_domains entry that lets it reach
	// its host, "" when none does.
	Network   bool
	AllowedBy string
	// AutoApprove is the highest level that runs without asking.
	AutoApprove classify.Level
	// Unconfined is whether commands run without the OS sandbox.
	Unconfined bool
	// Rules are the session's rules, as SessionRules.List returns them.
	Rules []*SessionRule
	// NoUndo is whether no checkpoint can be taken before the call, so
	// `agent undo` could not take it back: then only a person may approve
	// it, whatever the auto-approve level and the session's rules say.
	NoUndo bool
	// Holdable is whether the call can run held (tools.Plan.Holdable):
	// then the decision is made on what it changed, not on the
	// prediction, unless it is blocked, asks for the network or reads
	// the project's secret files.
	Holdable bool
	// Effects, when set, is what a held command changed: the decision
	// after it ran, on its changes.
	Effects *Effects
}

// Effects is a held command's outcome, for the decision on its changes.
type Effects struct {
	// Verdict judges the changes: the highest level of any changed path
	// (tools.Held.Verdict).
	Verdict classify.Verdict
	// Empty is whether the command changed nothing in the project.
	Empty bool
	// Approved is whether the command was approved before it ran (it asked
	// for the network or read secret files, and a person, a session rule
	// or the auto-approve level allowed it): its changes are then applied
	// as approved, unless they are blocked.
	Approved bool
}

// Ruling is the approval decision about one call.
type Ruling struct {
	Step Step
	// Verdict is the verdict to show and record: the classifier's, with
	// the reasons a person is needed added (network, the project's own
	// code without the sandbox), or safe for a host on allow_domains.
	Verdict classify.Verdict
	// Why says why the call is refused (its reasons), why a person is
	// asked, or how it runs without asking ("auto-approved", or the
	// session rule).
	Why string
	// Rule is the session rule that lets the call run; nil otherwise.
	Rule *SessionRule
}

// Decide is the approval decision, the one place it is made: blocked
// never runs; a call undo could not take back asks a person; a call
// within the auto-approve level runs unless it asks for the network
// (outside allow_domains) or runs the project's own code without the
// sandbox; a call a session rule covers runs; anything else asks a
// person. Without the sandbox commands run without asking only when
// safe. It is pure: the same case always gets the same ruling.
func Decide(c Case) Ruling {
	if c.Effects != nil {
		return decideEffects(c)
	}
	v := c.Verdict
	v.Reasons = append([]string(nil), v.Reasons...) // never write to the caller's slice
	// Network use needs a person, except a request to a host the person
	// listed in [network] allow_domains, which is safe.
	askForNetwork := c.Network && (c.AllowedBy == "" || v.Level == classify.Blocked)
	if askForNetwork {
		// The sandbox opens the network only for calls a person approved.
		v.Reasons = append(v.Reasons, "asks for network access, which needs a person's approval")
	} else if c.Network {
		v = classify.Verdict{Level: classify.Safe, Rule: "network:allow_domains",
			Reasons: []string{fmt.Sprintf("%s: the host is on [network] allow_domains (%q)", c.Call.Summary, c.AllowedBy)}}
	}
	// Tests and builds run the project's own code: safe while the
	// sandbox confines them, a person's call when it does not.
	askForCode := v.RunsProjectCode && c.Unconfined && v.Level < classify.Blocked
	if askForCode {
		v.Reasons = append(v.Reasons, "runs the project's own code, and commands run without the sandbox")
	}

	switch auto := autoLevel(c.AutoApprove, c.Kind, c.Unconfined); {
	case v.Level == classify.Blocked:
		return Ruling{Step: StepRefuse, Verdict: v, Why: strings.Join(v.Reasons, "; ")}
	case c.Holdable && !askForNetwork && !readsSecrets(v):
		return Ruling{Step: StepHold, Verdict: v, Why: "runs held: what it changes is decided on when it has ended"}
	case c.NoUndo:
		return Ruling{Step: StepAsk, Verdict: v, Why: "no checkpoint can be taken before it: undo could not take it back"}
	case v.Level <= auto && !askForNetwork && !askForCode:
		return Ruling{Step: StepRun, Verdict: v, Why: "auto-approved: level " + v.Level.String() + " is within the auto-approve level"}
	}
	req := ApprovalRequest{Call: c.Call, Verdict: v, Network: c.Network, NoUndo: c.NoUndo}
	for _, r := range c.Rules {
		if r.Matches(req) {
			return Ruling{Step: StepRun, Verdict: v, Why: r.Approval().Reason, Rule: r}
		}
	}
	return Ruling{Step: StepAsk, Verdict: v, Why: askWhy(v.Level, c.AutoApprove, c.Kind, c.Unconfined, askForNetwork, askForCode)}
}

// decideEffects is Decide on a held command's changes: nothing changed
// runs as safe; blocked changes are refused; changes a person approved
// before the run are applied; changes within the auto-approve level, or
// that a session rule covers, are applied; anything else asks a person,
// who sees the changes.
func decideEffects(c Case) Ruling {
	e := c.Effects
	v := e.Verdict
	v.Reasons = append([]string(nil), v.Reasons...)
	auto := min(c.AutoApprove, classify.Dangerous)
	switch {
	case e.Empty:
		return Ruling{Step: StepRun, Verdict: classify.Verdict{Level: classify.Safe, Rule: v.Rule, Reasons: []string{"changed nothing in the project"}},
			Why: "changed nothing in the project"}
	case v.Level == classify.Blocked:
		return Ruling{Step: StepRefuse, Verdict: v, Why: strings.Join(v.Reasons, "; ")}
	case c.NoUndo:
		return Ruling{Step: StepAsk, Verdict: v, Why: "no checkpoint can be taken before its changes are applied: undo could not take them back"}
	case e.Approved:
		return Ruling{Step: StepRun, Verdict: v, Why: "its changes were approved with the command"}
	case v.Level <= auto:
		return Ruling{Step: StepRun, Verdict: v, Why: "auto-approved: its changes are level " + v.Level.String() + ", within the auto-approve level"}
	}
	req := ApprovalRequest{Call: c.Call, Verdict: v}
	for _, r := range c.Rules {
		if r.Matches(req) {
			return Ruling{Step: StepRun, Verdict: v, Why: r.Approval().Reason, Rule: r}
		}
	}
	return Ruling{Step: StepAsk, Verdict: v, Why: "its changes are level " + v.Level.String() + ", above the auto-approve level"}
}

// readsSecrets says whether the prediction has the command read a file
// of the project that may hold secrets: a held command sees those empty,
// so a person decides before it runs whether it may read them.
func readsSecrets(v classify.Verdict) bool {
	for _, p := range v.Parts {
		if p.Rule == "builtin:secret-file" {
			return true
		}
	}
	return false
}

// autoLevel is the highest level of this kind of action that runs without
// asking. Without the sandbox, commands get no more than safe.
func autoLevel(auto classify.Level, k classify.Kind, unconfined bool) classify.Level {
	if unconfined && (k == classify.Shell || k == classify.Git) {
		auto = classify.Safe
	}
	return min(auto, classify.Dangerous)
}

// askWhy says why a person is asked about a call of level l.
func askWhy(l, auto classify.Level, k classify.Kind, unconfined, network, code bool) string {
	switch {
	case network:
		return "asks for network access, which always needs a person's approval"
	case code:
		return "runs the project's own code, and commands run without the sandbox"
	case l <= auto && unconfined && (k == classify.Shell || k == classify.Git):
		return "commands run without the sandbox: only safe ones run without asking"
	}
	return "level " + l.String() + " is above the auto-approve level"
}
