package wire

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

// events is a stream of strings; err ends it.
type events struct {
	list []string
	cur  string
	err  error
}

func (e *events) Next() bool {
	if len(e.list) == 0 {
		return false
	}
	e.cur, e.list = e.list[0], e.list[1:]
	return true
}
func (e *events) Current() string { return e.cur }
func (e *events) Err() error      { return e.err }

// textAssembler takes each event as text; "stop" completes the reply and
// "bad" is an event that fails.
type textAssembler struct {
	text     strings.Builder
	complete bool
}

func (a *textAssembler) Add(ev string, onDelta func(llm.Delta)) error {
	switch ev {
	case "stop":
		a.complete = true
	case "bad":
		return errors.New("bad event")
	default:
		a.text.WriteString(ev)
		onDelta(llm.Delta{Text: ev})
	}
	return nil
}
func (a *textAssembler) Response() llm.Response {
	return llm.Response{Message: llm.Message{Content: a.text.String()}, Usage: a.Usage()}
}
func (a *textAssembler) Usage() llm.Usage { return llm.Usage{OutputTokens: 7} }
func (a *textAssembler) TooBig() bool     { return a.text.Len() > llm.MaxReplyBytes }
func (a *textAssembler) Complete() bool   { return a.complete }

func TestRead(t *testing.T) {
	big := strings.Repeat("x", llm.MaxReplyBytes+1)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name     string
		ctx      context.Context
		events   events
		wantText string
		wantErr  error // nil: no error; else errors.Is it
	}{
		{name: "a complete reply", events: events{list: []string{"he", "llo", "stop"}}, wantText: "hello"},
		{name: "an event that fails ends the reply with what came", events: events{list: []string{"he", "bad", "llo", "stop"}}, wantText: "he", wantErr: errFailed},
		{name: "a reply too large keeps nothing but the usage", events: events{list: []string{big, "stop"}}, wantErr: llm.ErrReplyTooLarge},
		{name: "the library's error", events: events{list: []string{"he"}, err: io.ErrClosedPipe}, wantText: "he", wantErr: io.ErrClosedPipe},
		{name: "a clean end before the last event", events: events{list: []string{"he"}}, wantText: "he", wantErr: io.ErrUnexpectedEOF},
		{name: "ctx's error comes first", ctx: cancelled, events: events{list: []string{"he"}, err: io.ErrClosedPipe}, wantText: "he", wantErr: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			var streamed strings.Builder
			fail := func(err error) *llm.Error {
				if err.Error() == "bad event" {
					err = errFailed
				}
				return &llm.Error{Kind: llm.KindBadResponse, Msg: err.Error(), Err: err}
			}
			resp, err := Read(ctx, &tt.events, &textAssembler{}, func(d llm.Delta) { streamed.WriteString(d.Text) }, fail, "stop")
			if tt.wantErr == nil && streamed.String() != tt.wantText {
				t.Errorf("streamed %q, want %q", streamed.String(), tt.wantText)
			}
			if tt.wantErr == nil && err != nil || tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Fatalf("Read error = %v, want %v", err, tt.wantErr)
			}
			if resp.Message.Content != tt.wantText || resp.Usage.OutputTokens != 7 {
				t.Errorf("Read reply = %q with %+v, want %q with the usage", resp.Message.Content, resp.Usage, tt.wantText)
			}
			if tt.wantErr == io.ErrUnexpectedEOF && !strings.Contains(err.Error(), "before stop") {
				t.Errorf("Read error = %v, want it to name the missing event", err)
			}
		})
	}
}

var errFailed = errors.New("the event failed")

func TestReadWithoutOnDelta(t *testing.T) {
	ev := events{list: []string{"hi", "stop"}}
	resp, err := Read(context.Background(), &ev, &textAssembler{}, nil, func(err error) *llm.Error { return &llm.Error{Err: err} }, "stop")
	if err != nil || resp.Message.Content != "hi" {
		t.Errorf("Read without onDelta = %q, %v, want the reply", resp.Message.Content, err)
	}
}
