package agent

import (
	"time"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// EventType names what happened. The names are the "type" field of the
// headless JSON Lines output and of session files: they are stable.
type EventType string

// The events the loop publishes, in the order a run produces them.
const (
	EventRunStarted EventType = "run_started"
	EventText       EventType = "text"
	// EventReasoningDelta is a piece of the model's thinking as it
	// streams; EventReasoning holds all of it once the reply is complete.
	EventReasoningDelta EventType = "reasoning_delta"
	EventReasoning      EventType = "reasoning" // the thinking of a reply that arrived whole
	EventToolCall       EventType = "tool_call"
	EventApproval       EventType = "approval"
	EventCheckpoint     EventType = "checkpoint" // files recorded before a call that may change them
	EventQueued         EventType = "queued"     // an approved call waits for another agent's call to finish
	EventPlan           EventType = "plan"       // the model's plan, as it stands now (update_plan)
	EventToolOutput     EventType = "tool_output"
	EventToolResult     EventType = "tool_result"
	EventUsage          EventType = "usage"
	EventCompaction     EventType = "compaction" // old tool outputs shortened, or the conversation summarised, to fit the context window
	EventRetry          EventType = "retry"
	EventError          EventType = "error"
	EventRunFinished    EventType = "run_finished"
)

// Decision is how an approval ended, as recorded in an approval event
// (Event.Decision). The values are stable: they are the "decision" field
// of the JSON output and of session files.
type Decision string

// The decisions an approval event records.
const (
	DecisionAuto     Decision = "auto"     // the level was within the auto-approve level
	DecisionApproved Decision = "approved" // a person approved it
	DecisionModified Decision = "modified" // a person changed it, then it was approved
	DecisionDenied   Decision = "denied"   // a person or the headless policy refused it
	DecisionBlocked  Decision = "blocked"  // the classifier said blocked: it never runs
)

// Who decided an approval.
const (
	ByPolicy = "policy"
	ByPerson = "person"
)

// Event is one thing that happened in a run. Only the fields of its Type are
// set; the rest are zero and omitted from JSON.
type Event struct {
	Type     EventType `json:"type"`
	Provider string    `json:"provider"`
	Time     time.Time `json:"time"`
	// Turn counts the requests sent to the provider in this run, from 1.
	Turn int `json:"turn,omitempty"`

	// Text is assistant text (EventText), a piece of thinking
	// (EventReasoningDelta), a chunk of live command output
	// (EventToolOutput), or the task (EventRunStarted).
	Text string `json:"text,omitempty"`
	// Reasoning is the thinking of a reply as the provider sent it,
	// signatures included, so that a resumed session sends it back; Text
	// then holds it as one text (EventReasoning).
	Reasoning []llm.Reasoning `json:"reasoning,omitempty"`
	// Model is the model asked (EventRunStarted).
	Model string `json:"model,omitempty"`

	// Call describes the tool call (EventToolCall, EventApproval,
	// EventToolOutput, EventToolResult).
	Call *CallInfo `json:"call,omitempty"`
	// Changes are the files a planned write or edit changes, whole, as
	// its plan has them (EventToolCall; see tools.Plan.Changes). They
	// are not recorded: a session's files keep the call's arguments.
	Changes []tools.FileChange `json:"-"`
	// Decision and By describe an approval (EventApproval).
	Decision Decision `json:"decision,omitempty"`
	By       string   `json:"by,omitempty"`
	// Reason says why an action was denied or blocked (EventApproval).
	Reason string `json:"reason,omitempty"`

	// Plan is the model's whole plan as it stands now, in order; Text
	// then holds its explanation, if any (EventPlan).
	Plan []PlanStep `json:"plan,omitempty"`

	// Result is the tool's outcome (EventToolResult).
	Result *CallResult `json:"result,omitempty"`
	// Usage is one request's usage, and Total the run's so far (EventUsage,
	// EventRunFinished).
	// Total is the conversation's (for a headless run, the run's).
	Usage *llm.Usage `json:"usage,omitempty"`
	Total *llm.Usage `json:"total,omitempty"`
	// Context is how much of the model's context window the conversation
	// fills after this reply (EventUsage), or before and after a
	// compaction (EventCompaction).
	Context *ContextInfo `json:"context,omitempty"`
	// Compaction says what a compaction did; Text then holds the summary
	// that replaced the older turns, and Usage what the summary request
	// cost (EventCompaction).
	Compaction *CompactionInfo `json:"compaction,omitempty"`
	// Partial marks the usage of a reply that failed part-way: counted,
	// though the reply is not (EventUsage).
	Partial bool `json:"partial,omitempty"`
	// Cost and TotalCost are what Usage and Total cost in US dollars at
	// the provider's configured price; nil when no price is configured
	// (EventUsage; TotalCost also EventRunFinished).
	Cost      *float64 `json:"cost_usd,omitempty"`
	TotalCost *float64 `json:"total_cost_usd,omitempty"`

	// Attempt and DelayMS describe a retry: the request failed with Error
	// and is sent again, for the Attempt-th time, after DelayMS (EventRetry).
	Attempt int     `json:"attempt,omitempty"`
	DelayMS float64 `json:"delay_ms,omitempty"`

	// Error is what went wrong (EventError, EventRetry, EventRunFinished
	// when failed).
	Error string `json:"error,omitempty"`
	// Finish says an EventError is about a reply that did not end well:
	// "length" (cut at the output token limit) or "filtered" (stopped by
	// the provider's content filter).
	Finish llm.Finish `json:"finish,omitempty"`
	// Status is how the run ended (EventRunFinished).
	Status Status `json:"status,omitempty"`
	// Checkpoint is the id of the checkpoint taken before Call ran
	// (EventCheckpoint); empty when it failed, with Error saying why.
	Checkpoint string `json:"checkpoint,omitempty"`
	// WaitsFor names the calls a queued call waits for, as "provider:
	// summary (what it holds)"; Text then says what the call wants
	// (EventQueued).
	WaitsFor []string `json:"waits_for,omitempty"`
	// Denied and Blocked count the run's calls that a person or the policy
	// refused, and that the classifier blocked (EventRunFinished).
	Denied  int `json:"denied,omitempty"`
	Blocked int `json:"blocked,omitempty"`
	// ExitCode is the exit code of a headless run (EventRunFinished). The
	// loop never sets it: the headless runner does, since exit codes are
	// its business.
	ExitCode *int `json:"exit_code,omitempty"`
}

// ContextInfo is how much of the model's context window a conversation
// fills, in tokens: the prompt and reply tokens the provider reported for
// the last request, plus an estimate for what was added since.
type ContextInfo struct {
	Used   int `json:"used"`
	Window int `json:"window"`
	// Before is what the conversation filled before a compaction
	// (EventCompaction only).
	Before int `json:"before,omitempty"`
}

// Percent returns Used as a whole percentage of Window.
func (c ContextInfo) Percent() int {
	if c.Window <= 0 {
		return 0
	}
	return c.Used * 100 / c.Window
}

// The kinds of compaction.
const (
	// CompactShorten: old tool outputs were cut to their head and tail;
	// nothing else changed.
	CompactShorten = "shorten"
	// CompactSummary: the older turns were replaced by a summary the
	// model wrote.
	CompactSummary = "summary"
)

// The reasons for a compaction.
const (
	ReasonThreshold = "threshold" // the conversation reached the share of the window that triggers it
	ReasonOverflow  = "overflow"  // the server said the request did not fit its window
	ReasonRequested = "requested" // a person asked for it (/compact)
)

// CompactionInfo describes one compaction (EventCompaction).
type CompactionInfo struct {
	// Kind is CompactShorten or CompactSummary.
	Kind string `json:"kind"`
	// Reason is ReasonThreshold, ReasonOverflow or ReasonRequested.
	Reason string `json:"reason"`
	// Shortened counts the tool outputs cut (CompactShorten).
	Shortened int `json:"shortened,omitempty"`
	// Summarized counts the messages the summary replaced, and Kept the
	// most recent messages kept as they were after it (CompactSummary).
	Summarized int `json:"summarized,omitempty"`
	Kept       int `json:"kept,omitempty"`
	// Task is the task the conversation continues with, first in the new
	// conversation together with the summary (CompactSummary): a resumed
	// session rebuilds the compacted conversation from it, Text and Kept.
	Task string `json:"task,omitempty"`
	// Failed says why no summary could be written, when the older turns
	// were dropped without one (CompactSummary).
	Failed string `json:"failed,omitempty"`
}

// CallInfo describes one planned tool call.
type CallInfo struct {
	ID   string `json:"id"`
	Tool string `json:"tool"`
	Args string `json:"args"`
	// Summary is one line for a person: the command or the path.
	Summary string `json:"summary,omitempty"`
	// Level and Reasons are the classifier's verdict; empty when the call
	// could not be planned (bad arguments, unknown tool).
	Level   *classify.Level `json:"level,omitempty"`
	Reasons []string        `json:"reasons,omitempty"`
	Rule    string          `json:"rule,omitempty"`
	// Skipped says, in a few words, why a call that was never planned is
	// not run though it was valid ("token budget reached"); empty for a
	// call that was planned, or could not be (invalid).
	Skipped string `json:"skipped,omitempty"`
	// Held says, for a command that ran held, what it changed in the
	// project ("modify notes.txt (+1 -1)", "no changes"): the Level and
	// Reasons are then the judgement of those changes.
	Held string `json:"held,omitempty"`
	// Hidden are the project's secret files the held command saw empty,
	// relative to the root.
	Hidden []string `json:"hidden,omitempty"`
}

// CallResult is the outcome of a tool call as the model will see it.
type CallResult struct {
	IsError    bool    `json:"is_error"`
	ExitCode   int     `json:"exit_code"`
	DurationMS float64 `json:"duration_ms"`
	// Output is what the model receives (possibly cut, with a note).
	Output string `json:"output"`
	// OutputFile is where the whole output of a command was saved when
	// Output had to be cut; empty otherwise.
	OutputFile string `json:"output_file,omitempty"`
}

// Sink receives the events of a run, in order and one at a time. They
// come from the goroutine that called Run, except the events of the tool
// calls of one reply that run together (reads, searches and safe
// commands), which come from theirs and interleave, each naming its call.
// Publish must not block for long: a slow reader buffers or drops output
// chunks itself. The sink owns nothing of the agent's.
type Sink interface {
	Publish(Event)
}

// SinkFunc adapts a function to a Sink.
type SinkFunc func(Event)

// Publish calls f(e).
func (f SinkFunc) Publish(e Event) { f(e) }
