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

	// window, when not 0, is the context window the fake enforces.
	window int
	// summary, when summarize is set, answers every request that offers
	// no tools: a request for a summary of the conversation.
	summary   Turn
	summarize bool
	// offset maps a request's assistant messages to its turn once a
	// compaction dropped some (see Play); served is the last turn
	// answered without a failing fault, -1 before any; compacted says a
	// summary was asked since.
	offset    int
	served    int
	compacted bool
}

// NewPlayer returns a Player for script. The script is not copied: do not
// change it while the player runs.
func NewPlayer(script Script) *Player {
	return &Player{script: script, attempts: map[int]int{}, served: -1}
}

// SetContextWindow makes the fake a server whose model holds tokens
// tokens: a request larger than that by EstimateUsage is refused with the
// format's context-length error (Fault.ContextLength with Window and
// Tokens set), as real servers do. 0 enforces no window.
func (p *Player) SetContextWindow(tokens int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.window = tokens
}

// SummarizeWith answers every request that offers no tools with t, as a
// model asked for a summary of the conversation: such a request gets no
// turn of the script. The first request with tools after it gets the turn
// after the last one answered, whatever its assistant messages, and later
// requests count on from there: a compacted conversation holds fewer
// assistant messages than turns played.
func (p *Player) SummarizeWith(t Turn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.summary, p.summarize = t, true
}

// Play records req and returns the index and the turn that answers it,
// and the fault to apply to this request (zero once the turn's fault has
// hit Times requests). ok is false when the script has no such turn.
func (p *Player) Play(req Request) (n int, turn Turn, fault Fault, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, req)
	if p.summarize && len(req.Tools) == 0 {
		p.compacted = true
		return -1, p.summary, p.overflow(req), true
	}
	if p.compacted {
		p.compacted = false
		p.offset = p.served + 1 - req.Assistants()
	}
	n = req.Assistants() + p.offset
	if n < 0 || n >= len(p.script) {
		return n, Turn{}, Fault{}, false
	}
	turn = p.script[n]
	if f := p.overflow(req); f.Failing() {
		return n, turn, f, true
	}
	p.attempts[n]++
	if turn.Fault.Times == 0 || p.attempts[n] <= turn.Fault.Times {
		fault = turn.Fault
	}
	if !fault.Failing() {
		p.served = max(p.served, n)
	}
	return n, turn, fault, true
}

// overflow returns the context-length fault for a request larger than
// the window, the zero Fault for one that fits.
func (p *Player) overflow(req Request) Fault {
	if p.window <= 0 {
		return Fault{}
	}
	if in := EstimateUsage(req, Turn{}).InputTokens; in > p.window {
		return Fault{ContextLength: true, Window: p.window, Tokens: in}
	}
	return Fault{}
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
// one: about a token per four characters of what was sent (system prompt,
// tools, messages and their thinking) and of the answer, the same for
// every wire format.
func EstimateUsage(req Request, t Turn) llm.Usage {
	if t.Usage != (llm.Usage{}) {
		return t.Usage
	}
	in := len(req.System)
	for _, t := range req.Tools {
		in += len(t.Name) + len(t.Description) + len(t.Parameters)
	}
	for _, m := range req.Messages {
		in += len(m.Content)
		for _, c := range m.ToolCalls {
			in += len(c.Name) + len(c.Args)
		}
		for _, r := range m.Reasoning {
			in += len(r.Text)
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
