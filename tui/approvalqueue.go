package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// request is one approval waiting in the queue; the head of the queue is
// the one shown.
type request struct {
	id    uint64
	req   agent.ApprovalRequest
	reply chan<- agent.Answer
	panel int    // the panel that asked
	root  string // where the call runs
	// quiet is when the key guard started last: when the request became
	// the one shown, or the latest key or paste since.
	quiet time.Time
	// typed counts the keys and pastes since it was shown; a pending key
	// acts only if none came after it.
	typed  uint64
	scroll int // body rows scrolled past
	// changed marks the request that follows the person's Modify: the
	// call as they changed it, classified again.
	changed bool

	w    int // the inner width body was made for
	body []string
}

// armed reports whether the modal takes answers yet: the keyboard has
// been quiet for keyGuard.
func (r *request) armed(now time.Time) bool {
	return now.Sub(r.quiet) >= keyGuard
}

// changeKey names a call whose re-planned request is expected after a
// Modify.
func changeKey(provider, callID string) string { return provider + "\x00" + callID }

// enqueue adds a request from panel, whose calls run in root; the first
// one opens the modal. The request that follows the person's own change,
// or their approval of a diff whose file changed meanwhile, jumps the
// queue: they are waiting for it.
func (a *approvalModal) enqueue(msg approvalMsg, panel int, root string) tea.Cmd {
	r := &request{id: msg.id, req: msg.req, reply: msg.reply, panel: panel, root: root}
	k := changeKey(msg.req.Provider, msg.req.Call.ID)
	if a.expectChange[k] || msg.req.Replanned {
		r.changed = a.expectChange[k]
		delete(a.expectChange, k)
		a.queue = append([]*request{r}, a.queue...)
		return a.openHead()
	}
	a.queue = append(a.queue, r)
	if len(a.queue) == 1 {
		return a.openHead()
	}
	return nil
}

// forgetChange drops the expectation of a changed call's new request: the
// call was decided without asking again.
func (a *approvalModal) forgetChange(provider, callID string) {
	delete(a.expectChange, changeKey(provider, callID))
}

// forgetChanges drops every change of provider's turn that ended: call IDs
// come back in later turns.
func (a *approvalModal) forgetChanges(provider string) {
	for k := range a.expectChange {
		if strings.HasPrefix(k, changeKey(provider, "")) {
			delete(a.expectChange, k)
		}
	}
}

// withdraw drops a request the agent no longer waits for.
func (a *approvalModal) withdraw(id uint64) tea.Cmd {
	for i, r := range a.queue {
		if r.id == id {
			a.queue = append(a.queue[:i], a.queue[i+1:]...)
			if i == 0 && len(a.queue) > 0 {
				return a.openHead()
			}
			if len(a.queue) == 0 {
				a.modalState = modalState{}
			}
			return nil
		}
	}
	return nil
}

// openHead starts the key guard of the request now shown.
func (a *approvalModal) openHead() tea.Cmd {
	a.queue[0].scroll = 0
	a.modalState = modalState{}
	return tea.Batch(a.rearm(), checkStale(a.queue[0]))
}

// staleMsg says that the file of request id's diff changed while it
// waited in the queue.
type staleMsg struct{ id uint64 }

// checkStale asks, off the update loop (it reads the file), whether the
// request about to be shown still shows what would run. The key guard
// keeps the stale diff from being answered meanwhile.
func checkStale(r *request) tea.Cmd {
	stale, id := r.req.Stale, r.id
	if stale == nil {
		return nil
	}
	return func() tea.Msg {
		if stale() {
			return staleMsg{id: id}
		}
		return nil
	}
}

// replanStale answers Replan for request id when it is still the one
// shown: the agent plans it again and its fresh request takes its place.
func (a *approvalModal) replanStale(id uint64) tea.Cmd {
	if !a.open() || a.queue[0].id != id {
		return nil
	}
	return a.answer(agent.Answer{Choice: agent.Replan})
}

// answer replies to the shown request and shows the next one. The reply
// channel has room for one answer, so this never blocks, even when the
// agent stopped waiting.
func (a *approvalModal) answer(d agent.Answer) tea.Cmd {
	r := a.queue[0]
	select {
	case r.reply <- d:
	default:
	}
	a.queue = a.queue[1:]
	a.modalState = modalState{}
	if len(a.queue) > 0 {
		return a.openHead()
	}
	return nil
}
