package llmtest

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// Player picks the turn of a Script that answers each request and records
// the requests. It is safe for concurrent use; the zero value is not
// usable, use NewPlayer.
type Player struct {
	mu       sync.Mutex
	script   Script
	attempts map[int]int
	requests []Request
}

// NewPlayer returns a Player for script. The script is not copied: do not
// change it while the player runs.
func NewPlayer(script Script) *Player {
	return &Player{script: script, attempts: map[int]int{}}
}

// Play records req and returns the index and the turn that answers it,
// and the fault to apply to this request (zero once the turn's fault has
// hit Times requests). ok is false when the script has no such turn.
func (p *Player) Play(req Request) (n int, turn Turn, fault Fault, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, req)
	n = req.Assistants()
	if n >= len(p.script) {
		return n, Turn{}, Fault{}, false
	}
	turn = p.script[n]
	p.attempts[n]++
	if turn.Fault.Times == 0 || p.attempts[n] <= turn.Fault.Times {
		fault = turn.Fault
	}
	return n, turn, fault, true
}

// Script returns the script the player plays.
func (p *Player) Script() Script { return p.script }

// Record records a request that gets no turn (one the fake rejected).
func (p *Player) Record(req Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, req)
}

// Requests returns a copy of the requests received so far, in order.
func (p *Player) Requests() []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.requests)
}

// EstimateUsage is the usage a fake reports when the turn does not script
// one: about a token per four characters of what was sent and of the
// answer, the same for every wire format.
func EstimateUsage(req Request, t Turn) llm.Usage {
	if t.Usage != (llm.Usage{}) {
		return t.Usage
	}
	in := len(req.System)
	for _, m := range req.Messages {
		in += len(m.Content)
		for _, c := range m.ToolCalls {
			in += len(c.Name) + len(c.Args)
		}
	}
	out := len(t.Text)
	for _, c := range t.Calls {
		out += len(c.Name) + len(c.Args)
	}
	return llm.Usage{InputTokens: in/4 + 1, OutputTokens: out/4 + 1}
}

// Pause waits d, or until ctx is done; it reports whether the wait ran its
// course. Fakes call it before each event of a slow stream so that a
// client that hangs up frees the handler at once.
func Pause(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
