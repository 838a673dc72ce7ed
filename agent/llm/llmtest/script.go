package llmtest

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// The model, key and key variable the conformance suite configures
// adapters with, so fakes and tests agree on them.
const (
	Model     = "test-model"
	APIKey    = "sk-test-key"
	APIKeyEnv = "TEST_API_KEY"
)

// Script is a scripted conversation. Turn i answers a request that already
// holds i assistant messages, so a retried request gets the same turn and
// a conversation replayed from the start gets the same answers.
type Script []Turn

// Turn is the model's answer to one request: text, tool calls, or both,
// and the faults that hit it.
type Turn struct {
	// Reasoning is the model's thinking, streamed before the text in the
	// format's own field (reasoning_content, thinking blocks, thinking).
	// A fake that sent it requires it back the way its API does.
	Reasoning string `json:"reasoning,omitempty"`
	Text      string `json:"text,omitempty"`
	Calls     []Call `json:"calls,omitempty"`
	// Usage is what the fake reports; zero means an estimate from the
	// request and the answer (see EstimateUsage). Its cache and reasoning
	// parts are reported in the format's own fields, where it has them.
	Usage llm.Usage `json:"usage,omitzero"`
	// Finish is how the reply ends, sent as the format's own stop reason
	// (llm.FinishLength: "length", or Anthropic's "max_tokens"); "" is a
	// normal end.
	Finish llm.Finish `json:"finish,omitempty"`
	Fault  Fault      `json:"fault,omitzero"`
}

// Call is one tool call the model makes. Name need not be a tool the agent
// knows, and Args need not be valid JSON: both are how a test plays a
// model that errs. (Ollama's wire format carries arguments as a JSON
// object, so its fake sends invalid Args as text, as Ollama does when it
// cannot parse a model's call.)
type Call struct {
	// ID is the call's id; "" means the fake makes one up (CallID).
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	Args string `json:"args"`
}

// Fault is what goes wrong with a turn. The zero value is a clean answer.
// A fake applies the whole Fault to the first Times requests for the turn
// and answers cleanly after that, so "503 once, then fine" is
// Fault{Status: 503, Times: 1}.
type Fault struct {
	// Times is how many requests for this turn the fault hits; 0 means
	// every one.
	Times int `json:"times,omitempty"`

	// Status answers with this HTTP status and the format's error body
	// instead of a stream.
	Status int `json:"status,omitempty"`
	// RetryAfter is the Retry-After header sent with Status ("2", or an
	// HTTP date); "" sends none.
	RetryAfter string `json:"retry_after,omitempty"`
	// Message replaces the format's usual error message for Status.
	Message string `json:"message,omitempty"`
	// ContextLength answers with the format's context-window error (400
	// unless Status says otherwise).
	ContextLength bool `json:"context_length,omitempty"`
	// Window and Tokens are the figures a context-length error names: the
	// model's window and what the request held (0: the format's usual
	// figures).
	Window int `json:"window,omitempty"`
	Tokens int `json:"tokens,omitempty"`

	// CutAfter closes the connection abruptly after this many stream
	// events (0: never), as a dropped connection does.
	CutAfter int `json:"cut_after,omitempty"`
	// StallAfter sends this many stream events, then nothing more, keeping
	// the connection open until the client hangs up: a server gone silent
	// mid-reply. 0 never stalls.
	StallAfter int `json:"stall_after,omitempty"`
	// StallHeaders sends nothing at all, not even the status line, until
	// the client hangs up: a server that accepted the connection and went
	// silent.
	StallHeaders bool `json:"stall_headers,omitempty"`
	// Malformed sends an event of broken JSON right after the first one.
	Malformed bool `json:"malformed,omitempty"`
	// StreamError sends the format's error event (a server failure
	// reported inside a stream that began with status 200) right after the
	// first event.
	StreamError bool `json:"stream_error,omitempty"`
	// Restart begins the message a second time within the stream, as a
	// proxy that restarted the generation does: the first half of the
	// stream, then the format's start of a message and the whole reply
	// again (Anthropic's second message_start, a chunk with a new
	// completion id and the role, a second response.created; for Ollama,
	// whose lines have no start, the whole reply again after its final
	// line).
	Restart bool `json:"restart,omitempty"`
	// Delay waits this long before each stream event: a slow model.
	Delay time.Duration `json:"delay,omitempty"`
	// CharByChar streams text and arguments one character per event.
	CharByChar bool `json:"char_by_char,omitempty"`
	// Interleave alternates the argument fragments of the turn's calls
	// (OpenAI only: the other formats stream one call at a time).
	Interleave bool `json:"interleave,omitempty"`
	// NoIDs sends the turn's calls without ids.
	NoIDs bool `json:"no_ids,omitempty"`
	// NoIndex sends each call whole in one chunk without an index, as
	// some Gemini-compatible servers do (OpenAI only: the other formats
	// have no index).
	NoIndex bool `json:"no_index,omitempty"`
	// ErrorChunk reports a failure inside the stream the way OpenRouter
	// does, right after the first event: a chunk with an error object
	// (its metadata naming the upstream provider and its raw words) and
	// finish_reason "error" (OpenAI only; the other formats send their
	// error event, as for StreamError).
	ErrorChunk bool `json:"error_chunk,omitempty"`
}

// Step is what a fake does before stream event i (from 0): it waits out
// Delay, drops the connection at CutAfter (by panicking with
// http.ErrAbortHandler, so the client sees the body end mid-way), and at
// StallAfter waits until the client hangs up. It reports whether to send
// the event; false means the client is gone.
func (f Fault) Step(ctx context.Context, i int) bool {
	if !Pause(ctx, f.Delay) {
		return false
	}
	if f.CutAfter > 0 && i == f.CutAfter {
		panic(http.ErrAbortHandler)
	}
	if f.StallAfter > 0 && i == f.StallAfter {
		<-ctx.Done()
		return false
	}
	return true
}

// Hold is what a fake does before it answers at all: under StallHeaders
// it waits until the client hangs up and reports false.
func (f Fault) Hold(ctx context.Context) bool {
	if f.StallHeaders {
		<-ctx.Done()
		return false
	}
	return true
}

// Failing reports whether the fault replaces the stream with an error
// status.
func (f Fault) Failing() bool { return f.Status != 0 || f.ContextLength }

// CallID returns the id the fakes give call i of turn n: its scripted ID,
// or "call_<n>_<i>".
func (t Turn) CallID(n, i int) string {
	if id := t.Calls[i].ID; id != "" {
		return id
	}
	return fmt.Sprintf("call_%d_%d", n, i)
}

// Restarted returns the stream of events a fake sends under Restart:
// the first half of events (at least one), then all of them again. The
// fake changes what must differ between two messages (an id) in the
// first half itself.
func Restarted[E any](events []E) []E {
	half := max(1, len(events)/2)
	return append(slices.Clone(events[:half]), events...)
}

// Say is a turn that answers with text only.
func Say(text string) Turn { return Turn{Text: text} }

// Use is a turn that makes the given calls.
func Use(calls ...Call) Turn { return Turn{Calls: calls} }

// UseTool is a call of tool name with arguments args and a made-up id.
func UseTool(name, args string) Call { return Call{Name: name, Args: args} }
