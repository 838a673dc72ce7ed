package wire

import (
	"context"
	"fmt"
	"io"

	"github.com/agentcli/agent/agent/llm"
)

// Events is a reply's stream of events as the official libraries frame
// it: Next moves to the next event, false at the end of the stream or at
// an error, which Err then returns.
type Events[E any] interface {
	Next() bool
	Current() E
	Err() error
}

// Assembler builds a reply out of a stream's events of type E.
type Assembler[E any] interface {
	// Add folds one event in, passing its text and thinking to onDelta.
	// An error (a failure the event reports, a stream that broke the
	// API's rules) ends the reply.
	Add(ev E, onDelta func(llm.Delta)) error
	// Response returns what has been assembled so far.
	Response() llm.Response
	// Usage returns the tokens reported so far.
	Usage() llm.Usage
	// TooBig reports whether the reply outgrew llm.MaxReplyBytes.
	TooBig() bool
	// Complete reports whether the event that ends a reply came.
	Complete() bool
}

// Read reads a reply from events into a, calling onDelta (if not nil) as
// it grows. It
// stops at the first event a fails on, at a reply larger than
// llm.MaxReplyBytes (of which only the usage is kept: the text would flood
// the history) and at the end of the stream. It returns the reply so far
// and, for anything but a complete reply, ctx's error when ctx ended, else
// fail's account of the failure: a's error, the library's, or a stream
// that ended cleanly before end, the event that completes a reply (a proxy
// or server that gave up mid-reply, whose calls may be cut short).
func Read[E any](ctx context.Context, events Events[E], a Assembler[E], onDelta func(llm.Delta), fail func(error) *llm.Error, end string) (llm.Response, error) {
	if onDelta == nil {
		onDelta = func(llm.Delta) {}
	}
	for events.Next() {
		if err := a.Add(events.Current(), onDelta); err != nil {
			return a.Response(), fail(err)
		}
		if a.TooBig() {
			return llm.Response{Usage: a.Usage()}, fail(llm.ErrReplyTooLarge)
		}
	}
	switch err := events.Err(); {
	case ctx.Err() != nil:
		return a.Response(), ctx.Err()
	case err != nil:
		return a.Response(), fail(err)
	case !a.Complete():
		return a.Response(), fail(fmt.Errorf("the stream ended before %s: %w", end, io.ErrUnexpectedEOF))
	}
	return a.Response(), nil
}
