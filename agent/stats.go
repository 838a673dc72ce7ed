package agent

import (
	"sync"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// Stats are one provider's figures over the runs of its agent: what the
// screen's /stats shows and a headless run prints at its end.
type Stats struct {
	Provider string
	// Runs and Turns count the runs and the requests they sent.
	Runs  int
	Turns int
	// Tool calls by outcome: Completed ran and succeeded, Failed ran (or
	// could not be planned) and returned an error, Denied were refused by
	// a person or the headless policy, Blocked by the classifier.
	Completed, Failed, Denied, Blocked int
	// ToolTime is the time the calls that ran took, together; see
	// AvgToolTime.
	ToolTime time.Duration
	// Queued counts the calls that waited for another agent's locks, and
	// LockWait the time they waited together.
	Queued   int
	LockWait time.Duration
	// Usage is the tokens reported; Cost what they cost in US dollars, 0
	// when no price is configured.
	Usage llm.Usage
	Cost  float64
	// Context is how much of the model's context window the conversation
	// filled at the last reply or compaction; zero before any.
	Context ContextInfo
	// Compactions counts the times the conversation was summarised,
	// Shortened the tool outputs cut to make room; the summary requests'
	// tokens are in Usage.
	Compactions, Shortened int
	// Wall is the time the runs took, from their run_started to their
	// run_finished event, together.
	Wall time.Duration
	// Status is how the last run ended; "" until one has.
	Status Status
}

// Calls returns how many tool calls were made.
func (s Stats) Calls() int { return s.Completed + s.Failed + s.Denied + s.Blocked }

// AvgToolTime returns the mean duration of the calls that ran, 0 when none
// did.
func (s Stats) AvgToolTime() time.Duration {
	if n := s.Completed + s.Failed; n > 0 {
		return s.ToolTime / time.Duration(n)
	}
	return 0
}

// StatsSink counts Stats from the events of one provider's agent and
// passes every event on to the next sink. It is safe for concurrent use.
type StatsSink struct {
	next Sink

	mu       sync.Mutex
	s        Stats
	decision map[string]Decision  // call ID -> approval decision, until its result
	queued   map[string]time.Time // call ID -> when it was queued, until it starts
	started  time.Time            // when the running run started
}

// NewStatsSink returns a StatsSink for provider that passes events on to
// next (nil passes them nowhere).
func NewStatsSink(provider string, next Sink) *StatsSink {
	return &StatsSink{next: next, s: Stats{Provider: provider},
		decision: make(map[string]Decision), queued: make(map[string]time.Time)}
}

// Publish counts e and passes it on.
func (k *StatsSink) Publish(e Event) {
	k.count(e)
	if k.next != nil {
		k.next.Publish(e)
	}
}

// Stats returns the figures so far.
func (k *StatsSink) Stats() Stats {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.s
}

func (k *StatsSink) count(e Event) {
	k.mu.Lock()
	defer k.mu.Unlock()
	id := ""
	if e.Call != nil {
		id = e.Call.ID
		if t, ok := k.queued[id]; ok && e.Type != EventQueued {
			// The first event after the wait is the call starting.
			k.s.LockWait += e.Time.Sub(t)
			delete(k.queued, id)
		}
	}
	switch e.Type {
	case EventRunStarted:
		k.s.Runs++
		k.started = e.Time
	case EventRunFinished:
		k.s.Turns += e.Turn
		k.s.Status = e.Status
		if !k.started.IsZero() {
			k.s.Wall += e.Time.Sub(k.started)
		}
	case EventUsage, EventCompaction:
		if e.Usage != nil {
			k.s.Usage = k.s.Usage.Add(*e.Usage)
		}
		if e.Cost != nil {
			k.s.Cost += *e.Cost
		}
		if e.Context != nil {
			k.s.Context = ContextInfo{Used: e.Context.Used, Window: e.Context.Window}
		}
		if c := e.Compaction; c != nil {
			if c.Kind == CompactSummary {
				k.s.Compactions++
			}
			k.s.Shortened += c.Shortened
		}
	case EventApproval:
		k.decision[id] = e.Decision
	case EventQueued:
		k.s.Queued++
		k.queued[id] = e.Time
	case EventToolResult:
		d := k.decision[id]
		delete(k.decision, id)
		switch {
		case d == DecisionDenied:
			k.s.Denied++
		case d == DecisionBlocked:
			k.s.Blocked++
		case e.Result != nil && e.Result.IsError:
			k.s.Failed++
		default:
			k.s.Completed++
		}
		if (d == DecisionAuto || d == DecisionApproved || d == DecisionModified) && e.Result != nil {
			k.s.ToolTime += time.Duration(e.Result.DurationMS * float64(time.Millisecond))
		}
	}
}
