package agent

import (
	"context"
	"fmt"
	"time"

	"github.com/agentcli/agent/tools"
)

// toolRetryBase is the wait before the first rerun of a call whose
// failure was transient; it doubles for each later one.
const toolRetryBase = 500 * time.Millisecond

// runPlan runs an approved plan, streaming its output, and runs it again,
// up to the registry's Retries times with backoff, while its failure is
// transient (a lock another process holds, "text file busy", a network
// reset): the very plan that was approved, without asking the model. Each
// rerun is announced with EventRetry on the call, so its card shows it,
// and the model is told how often it ran. A failure that is not
// transient returns at once.
func (a *Agent) runPlan(ctx context.Context, turn int, info CallInfo, plan *tools.Plan) tools.Result {
	out := func(chunk string) {
		a.publish(Event{Type: EventToolOutput, Turn: turn, Call: &info, Text: chunk})
	}
	res := plan.Run(ctx, out)
	first := res.Transient
	retries := a.opts.Tools.Retries()
	spent := res.Duration
	runs := 1
	for ; runs <= retries && res.IsError && res.Transient != "" && ctx.Err() == nil; runs++ {
		delay := toolRetryBase << (runs - 1)
		a.publish(Event{Type: EventRetry, Turn: turn, Call: &info, Attempt: runs, DelayMS: float64(delay.Milliseconds()),
			Error: res.Transient,
			Text:  fmt.Sprintf("↻ retry %d of %d in %s: %s", runs, retries, delay, res.Transient)})
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return res
		}
		res = plan.Run(ctx, out)
		spent += delay + res.Duration
	}
	if runs > 1 {
		res.Duration = spent
		res.Output = fmt.Sprintf("[ran %d times: %s]\n%s", runs, first, res.Output)
	}
	return res
}
