package tools

import (
	"context"
	"encoding/json"
	"time"

	"github.com/agentcli/agent/classify"
)

// Spec describes one tool to the model: its stable name, what it does and a
// JSON Schema of its arguments.
type Spec struct {
	Name        string
	Description string
	Parameters  json.RawMessage
}

// Plan is a validated, resolved tool call that has not run yet. What the
// classifier judged (Action) and what the person saw (Summary, Preview) is
// exactly what Run executes: nothing is re-read in between except to detect
// that a file changed since the preview.
type Plan struct {
	// Tool is the tool's name.
	Tool string
	// Args is the call's arguments, re-encoded from what was decoded.
	Args json.RawMessage
	// Action is what the call will do, for the classifier.
	Action classify.Action
	// Also are the call's other actions, when it does more than one (a
	// patch that changes several files): each is classified like Action,
	// the call's verdict is the worst, and the call holds the locks of
	// them all. Nil for most tools.
	Also []classify.Action
	// Summary is one line for a person: the command, or "write path".
	Summary string
	// Preview is a unified diff of what a write, edit or delete will change;
	// empty for other tools.
	Preview string
	// Changes are the files a write or an edit changes, each whole as
	// its plan has it (Preview is their unified diff): exactly what Run
	// writes. Nil for other tools, and for a file that is not text or
	// too large to plan against whole.
	Changes []FileChange
	// Network reports that the command will have network access inside the
	// sandbox because its call asked for it (shell's network argument) or it
	// is a git command that talks to remotes. The classifier's Action does not
	// carry it, so the approval gate should treat it as a reason to ask.
	Network bool
	// AllowedBy is the [network] allow_domains entry that lets this call's
	// request run without asking a person; empty when none does.
	AllowedBy string

	run func(ctx context.Context, out func(chunk string)) Result
	// hold runs a shell command held (see RunHeld); nil for other tools.
	hold     func(ctx context.Context, opts HoldOptions, out func(chunk string)) (Result, *Held)
	holdable func() (bool, string)
	// changed, for a write, edit or delete, reports whether its path
	// changed since the plan; nil for other tools.
	changed func() bool
}

// Holdable says whether RunHeld can run this plan: a shell command, where
// the registry holds commands (see Registry.Holdable); why says why not.
// It may start the sandbox's session helper.
func (p *Plan) Holdable() (ok bool, why string) {
	if p.hold == nil || p.holdable == nil {
		return false, "only shell commands run held"
	}
	return p.holdable()
}

// RunHeld runs the plan held: confined over an overlay of the root, so
// that nothing in the real root changes; what it changed comes back as a
// Held to apply or discard (nil when there is nothing to decide: the
// result then says why nothing will be applied). Call it only when
// Holdable says so. Output streams to out as with Run.
func (p *Plan) RunHeld(ctx context.Context, opts HoldOptions, out func(chunk string)) (Result, *Held) {
	if out == nil {
		out = func(string) {}
	}
	if p.hold == nil {
		return failure("this tool cannot run held"), nil
	}
	start := time.Now()
	res, h := p.hold(ctx, opts, out)
	res.Duration = time.Since(start)
	return res, h
}

// Stale reports whether the file (or, for a delete, the tree) a write,
// edit or delete was planned against has changed since the plan, so its
// Preview no longer shows what Run would do (Run would refuse it with
// ErrChangedSincePreview): plan the same arguments again for a true one.
// It reads the path on disk, never an editor's text of it (Run checks
// that right before it writes); false for other tools.
func (p *Plan) Stale() bool { return p.changed != nil && p.changed() }

// Result is what a run produced, to be sent back to the model.
type Result struct {
	// Output is what the model reads: command output (head and tail when it
	// was cut), file contents, or the error message when IsError.
	Output string
	// IsError marks a failure the model should see: non-zero exit, timeout,
	// denial, bad arguments, a path outside the root.
	IsError bool
	// Stale reports that a write, edit or delete was not applied because
	// its file changed after the plan (ErrChangedSincePreview): the
	// model's view of the file is out of date.
	Stale bool
	// ExitCode is the shell's exit status; -1 for tools that are not shell
	// commands or when the command did not exit normally.
	ExitCode int
	// Duration is how long Run took.
	Duration time.Duration

	// Signal names the signal that ended a command ("SIGKILL"); empty when
	// it exited by itself.
	Signal string
	// TimedOut reports that the command was stopped at its timeout.
	TimedOut bool
	// CPUTime is the user plus system CPU time of the command and of the
	// descendants it waited for.
	CPUTime time.Duration
	// MaxRSS is the largest resident set size, in bytes, of the command or a
	// descendant it waited for. Linux counts the forking process's size
	// before exec, so for a small command it is about the agent's own size.
	MaxRSS int64
	// OutputBytes is the size of the whole output of a command.
	OutputBytes int64
	// OutputFile is where the whole output was saved when Output had to be
	// cut; empty otherwise.
	OutputFile string
	// Err is an internal failure for the log, not for the model: Output then
	// holds only a short generic message.
	Err error
	// Transient says why a failure may pass if the same call runs again
	// unchanged (a git lock held by another process, "text file busy", a
	// connection reset); empty for success and for every other failure.
	Transient string
}

// Run executes the plan. out receives output as it is produced (it may be
// nil); it is called from the goroutine that called Run. Run blocks until
// the action ends; cancelling ctx stops it and is reported as an error
// result. Run never returns a Go error: failures are results.
func (p *Plan) Run(ctx context.Context, out func(chunk string)) Result {
	if out == nil {
		out = func(string) {}
	}
	start := time.Now()
	res := p.run(ctx, out)
	res.Duration = time.Since(start)
	return res
}
