package tui

import (
	"context"
	"errors"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// ErrClosed is returned by Bridge.Approve when the screen closed before
// anyone answered; the agent treats the call as denied.
var ErrClosed = errors.New("screen closed")

// Bridge carries events and approval requests from the agent's goroutines
// to the screen, and the person's answers back. It implements agent.Sink and
// agent.Approver and is safe for concurrent use. Make one with NewBridge,
// give it to the agent as its Sink and Approver, and to Run.
//
// Nothing the agent calls waits for the screen to draw: Publish appends to a
// queue the screen drains between frames, merging consecutive pieces of the
// same text or output so a fast stream costs one update per frame rather
// than one per piece.
type Bridge struct {
	mu    sync.Mutex
	queue []tea.Msg
	// tail collects the text of the queue's last message while further
	// pieces of the same stream merge into it; a Builder, so that merging n
	// pieces costs O(n) and not O(n²).
	tail   *strings.Builder
	nextID uint64
	// wake has room for one signal: "the queue is no longer empty".
	wake chan struct{}
	// closed is closed when the screen is gone.
	closed    chan struct{}
	closeOnce sync.Once
	// rules are the session's allow rules.
	rules agent.SessionRules
}

// NewBridge returns a Bridge ready for use.
func NewBridge() *Bridge {
	return &Bridge{wake: make(chan struct{}, 1), closed: make(chan struct{})}
}

// Publish queues e for the screen and returns at once. After the screen
// closed, events are dropped.
func (b *Bridge) Publish(e agent.Event) {
	b.post(eventMsg(e))
}

// Ask shows req in the approval modal and blocks until the person
// answers (Ask, Deny with an optional reason, or Modify with new
// arguments; always ByPerson). Session rules are not its business: the
// agent applies them (agent.Decide) before it asks. When ctx is cancelled
// it withdraws the request from the screen and
// returns ctx.Err(); when the screen closes it returns ErrClosed. The reply
// channel has room for one answer, so the screen never blocks answering a
// request nobody waits for any more.
func (b *Bridge) Ask(ctx context.Context, req agent.ApprovalRequest) (agent.Answer, error) {
	reply := make(chan agent.Answer, 1)
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	b.mu.Unlock()
	if !b.post(approvalMsg{id: id, req: req, reply: reply}) {
		return agent.Answer{}, ErrClosed
	}
	select {
	case d := <-reply:
		return d, nil
	case <-ctx.Done():
		b.post(withdrawMsg{id: id})
		return agent.Answer{}, ctx.Err()
	case <-b.closed:
		return agent.Answer{}, ErrClosed
	}
}

// Rules are the session's allow rules, which the person adds to in the
// modal: give them to every agent of the screen (agent.Options.Rules).
func (b *Bridge) Rules() *agent.SessionRules { return &b.rules }

// sessionRules returns a copy of the session's rules, oldest first.
func (b *Bridge) sessionRules() []*agent.SessionRule { return b.rules.List() }

// post queues msg and wakes the screen. It reports false when the screen is
// closed and msg was dropped.
func (b *Bridge) post(msg tea.Msg) bool {
	select {
	case <-b.closed:
		return false
	default:
	}
	b.mu.Lock()
	if n := len(b.queue); n > 0 && b.tail != nil && sameStream(b.queue[n-1], msg) {
		b.tail.WriteString(msg.(eventMsg).Text)
		b.mu.Unlock()
		return true
	}
	b.flushTail()
	b.queue = append(b.queue, msg)
	if e, ok := msg.(eventMsg); ok && (e.Type == agent.EventText || e.Type == agent.EventReasoningDelta || e.Type == agent.EventToolOutput) {
		b.tail = &strings.Builder{}
		b.tail.WriteString(e.Text)
	}
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
	return true
}

// sameStream reports whether next continues prev: assistant text or
// thinking of the same provider and turn, or output of the same call.
func sameStream(prev, next tea.Msg) bool {
	p, ok1 := prev.(eventMsg)
	n, ok2 := next.(eventMsg)
	if !ok1 || !ok2 || p.Type != n.Type || p.Provider != n.Provider {
		return false
	}
	switch p.Type {
	case agent.EventText, agent.EventReasoningDelta:
		return p.Turn == n.Turn
	case agent.EventToolOutput:
		return p.Call != nil && n.Call != nil && p.Call.ID == n.Call.ID
	}
	return false
}

// flushTail writes the collected text into the last queued message. b.mu
// must be held.
func (b *Bridge) flushTail() {
	if b.tail == nil {
		return
	}
	last := b.queue[len(b.queue)-1].(eventMsg)
	last.Text = b.tail.String()
	b.queue[len(b.queue)-1] = last
	b.tail = nil
}

// wait is the command that delivers the queue to the screen: it blocks until
// something is queued, then returns all of it as one batchMsg. The screen
// runs it again after each batch. After close it returns nil.
func (b *Bridge) wait() tea.Cmd {
	return func() tea.Msg {
		for {
			select {
			case <-b.wake:
			case <-b.closed:
				return nil
			}
			select {
			case <-b.closed: // both were ready: closing wins
				return nil
			default:
			}
			b.mu.Lock()
			b.flushTail()
			q := b.queue
			b.queue = nil
			b.mu.Unlock()
			if len(q) > 0 {
				return batchMsg(q)
			}
		}
	}
}

// close tells every waiting Approve that nobody will answer, and drops what
// is published from now on.
func (b *Bridge) close() {
	b.closeOnce.Do(func() { close(b.closed) })
}

// Messages from the Bridge to the screen.
type (
	// batchMsg is everything queued since the last one, in order.
	batchMsg []tea.Msg
	// eventMsg is one agent event.
	eventMsg agent.Event
	// approvalMsg asks the person about one call. reply has room for one
	// answer.
	approvalMsg struct {
		id    uint64
		req   agent.ApprovalRequest
		reply chan<- agent.Answer
	}
	// withdrawMsg says the agent stopped waiting for request id (its turn
	// was cancelled): the modal must not stay open for it.
	withdrawMsg struct{ id uint64 }
	// turnDoneMsg says the turn the person started in panel has returned.
	// It is posted through the Bridge, after every event of the turn.
	turnDoneMsg struct {
		panel   int
		outcome agent.Outcome
		err     error
	}
	// renewedMsg brings the Runner a panel's Renew built for model.
	renewedMsg struct {
		panel  int
		model  string
		runner Runner
		err    error
		clear  bool // it was /clear: the transcript goes too
	}
	// probedMsg brings a panel's Probe answer: set-up help, or "".
	probedMsg struct {
		panel int
		setup string
	}
	// lateNoticesMsg brings what Options.NoticesLater returned.
	lateNoticesMsg []string
	// startedMsg brings what Options.Start built.
	startedMsg Started
)
