package llmtest

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

func TestProvider(t *testing.T) {
	p := NewProvider("fake", Script{
		{Text: "Reading it.", Calls: []Call{{Name: "read_file", Args: `{"path":"a"}`}}},
		{Fault: Fault{Status: 429, RetryAfter: "3", Times: 1}, Text: "Done."},
	})
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}}}
	var text strings.Builder
	resp, err := p.Stream(t.Context(), req, func(d llm.Delta) { text.WriteString(d.Text) })
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if text.String() != "Reading it." || len(resp.Message.ToolCalls) != 1 || resp.Message.ToolCalls[0].ID != "call_0_0" {
		t.Errorf("first turn = %q, %+v; want the text and call_0_0", text.String(), resp.Message.ToolCalls)
	}

	req.Messages = append(req.Messages, resp.Message)
	if _, err := p.Stream(t.Context(), req, nil); llm.KindOf(err) != llm.KindBadRequest {
		t.Errorf("Stream() with a call left unanswered error = %v, want a bad request", err)
	}

	req.Messages = append(req.Messages, llm.Message{Role: llm.RoleTool, ToolCallID: "call_0_0", Content: "hello"})
	_, err = p.Stream(t.Context(), req, nil)
	if e, ok := errors.AsType[*llm.Error](err); !ok || e.Kind != llm.KindRateLimit || e.RetryAfter != 3*time.Second {
		t.Errorf("Stream() under a 429 fault error = %v, want a rate limit with Retry-After 3s", err)
	}
	resp, err = p.Stream(t.Context(), req, nil)
	if err != nil || resp.Message.Content != "Done." {
		t.Errorf("Stream() after the fault = %q, %v, want Done.", resp.Message.Content, err)
	}
	if n := len(p.Requests()); n != 4 {
		t.Errorf("recorded %d requests, want 4", n)
	}
}

// TestProviderInBubble checks that a slow turn runs on synctest's clock
// and that a cancel stops it.
func TestProviderInBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := NewProvider("fake", Script{{Text: "one two three", Fault: Fault{Delay: time.Minute}}})
		ctx, cancel := context.WithCancel(t.Context())
		start := time.Now()
		resp, err := p.Stream(ctx, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}}}, func(d llm.Delta) {
			if d.Text == " two" {
				cancel()
			}
		})
		if !errors.Is(err, context.Canceled) || resp.Message.Content != "one two" {
			t.Errorf("Stream() = %q, %v; want the text up to the cancel and context.Canceled", resp.Message.Content, err)
		}
		if d := time.Since(start); d != 2*time.Minute {
			t.Errorf("took %v on the bubble's clock, want 2m", d)
		}
	})
}

func TestProviderFaults(t *testing.T) {
	tests := []struct {
		name  string
		fault Fault
		kind  llm.ErrorKind
		text  string
	}{
		{name: "a cut stream is interrupted after what it sent", fault: Fault{CutAfter: 2}, kind: llm.KindInterrupted, text: "a b"},
		{name: "a malformed event is a bad response", fault: Fault{Malformed: true}, kind: llm.KindBadResponse, text: "a"},
		{name: "an error inside the stream is a server error", fault: Fault{StreamError: true}, kind: llm.KindServer, text: "a"},
		{name: "a context overflow is named", fault: Fault{ContextLength: true}, kind: llm.KindContextLength},
		{name: "a 401 is an auth error", fault: Fault{Status: 401}, kind: llm.KindAuth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewProvider("fake", Script{{Text: "a b c d", Fault: tt.fault}})
			resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}}}, nil)
			if k := llm.KindOf(err); k != tt.kind {
				t.Errorf("Stream() error = %v (kind %q), want kind %q", err, k, tt.kind)
			}
			if resp.Message.Content != tt.text {
				t.Errorf("partial text = %q, want %q", resp.Message.Content, tt.text)
			}
		})
	}
}
