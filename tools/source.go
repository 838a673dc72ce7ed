package tools

import (
	"context"
	"encoding/json"

	"github.com/agentcli/agent/classify"
)

// Source is a set of tools from outside the built-in catalog: the tools of
// MCP servers (package tools/mcp). The registry offers them after its own
// and plans their calls through the source, so they go through the same
// classify -> approve -> run gate as any other call, and their output gets
// the same limits. A Source must be safe for concurrent use: several
// registries (one per provider) may share one.
type Source interface {
	// Specs returns the source's tools as they are now; the list may change
	// from one call to the next (a server said its tools changed).
	Specs() []Spec
	// Plan plans a call of one of the source's tools, as Registry.Plan
	// does. ok is false when name is none of its tools (err is then nil).
	Plan(name, args string) (plan *Plan, ok bool, err error)
}

// NewPlan returns the plan of a call a Source planned: what the classifier
// judges (action), what a person reads (summary, details), and run, which
// does the call. details is shown before approval and whole on View (the
// Preview). The registry that routes the call wraps run: Close stops it,
// and output beyond the [tools] limits is cut and saved as for commands.
// run must honour ctx and report failures as results, never panic.
func NewPlan(tool string, args json.RawMessage, action classify.Action, summary, details string,
	run func(ctx context.Context, out func(chunk string)) Result) *Plan {
	return &Plan{Tool: tool, Args: args, Action: action, Summary: summary, Preview: details, run: run}
}

// ChildEnv returns the environment of a program the agent starts for the
// person: base without the variables that look like secrets or are named in
// secret (unless named in pass), with the non-interactive settings. It is
// what commands get; MCP servers get it too, plus the variables their
// config passes by name.
func ChildEnv(base, secret, pass []string) []string {
	return childEnv(base, secret, pass)
}

// external wraps the run of a plan a source made: the run registers with
// the registry so that Close stops it and waits for it, and its output is
// cut to the configured head and tail, the whole of it saved under the
// state directory, as for commands.
func (r *Registry) external(p *Plan) *Plan {
	inner := p.run
	p.run = func(ctx context.Context, out func(string)) Result {
		return r.registered(ctx, func(ctx context.Context) Result {
			res := inner(ctx, out)
			if len(res.Output) > r.cfg.OutputHeadBytes+r.cfg.OutputTailBytes {
				capt := r.newCapture(spillPrefix(p.Tool))
				capt.Write([]byte(res.Output))
				text, file := capt.finish()
				res.Output, res.OutputBytes = text, capt.total
				if file != "" {
					res.OutputFile = file
				}
			}
			return res
		})
	}
	return p
}
