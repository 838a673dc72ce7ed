package llmtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Provider plays a Script in-process, without HTTP, for the loop's tests:
// it needs no server, and under testing/synctest its waits (Fault.Delay)
// run on the bubble's clock. Faults become the *llm.Error an adapter
// would return for them; a conversation a real server would refuse is a
// KindBadRequest error. It is safe for concurrent use.
type Provider struct {
	name   string
	player *Player
}

// NewProvider returns a Provider called name that plays script with
// model Model.
func NewProvider(name string, script Script) *Provider {
	return &Provider{name: name, player: NewPlayer(script)}
}

// Name returns the name given to NewProvider.
func (p *Provider) Name() string { return p.name }

// Model returns Model.
func (p *Provider) Model() string { return Model }

// Requests returns every request received so far.
func (p *Provider) Requests() []Request { return p.player.Requests() }

// SetContextWindow makes the provider refuse a request larger than tokens
// with a context-length error (see Player.SetContextWindow).
func (p *Provider) SetContextWindow(tokens int) { p.player.SetContextWindow(tokens) }

// SummarizeWith answers requests that offer no tools with t (see
// Player.SummarizeWith).
func (p *Provider) SummarizeWith(t Turn) { p.player.SummarizeWith(t) }

// Stream plays the turn that answers req: its thinking goes to onDelta,
// then each text piece after the fault's delay, then the calls come back
// whole. On failure the
// Response holds what was played before it.
func (p *Provider) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	if onDelta == nil {
		onDelta = func(llm.Delta) {}
	}
	rec := Request{
		Model:    Model,
		System:   req.System,
		Messages: slices.Clone(req.Messages),
		Tools:    slices.Clone(req.Tools),
	}
	fail := func(f wire.Failure) error {
		f.Provider, f.BaseURL, f.Model, f.KeyEnv, f.KeySet = p.name, "in-process", Model, APIKeyEnv, true
		return f.Error()
	}
	if err := rec.Validate(); err != nil {
		p.player.Record(rec)
		return llm.Response{}, fail(wire.Failure{Status: http.StatusBadRequest, ServerMsg: err.Error(), Err: err})
	}
	n, turn, fault, ok := p.player.Play(rec)
	if !ok {
		return llm.Response{}, fail(wire.Failure{Status: http.StatusBadRequest, ServerMsg: fmt.Sprintf("the script has no turn %d", n)})
	}
	idle := func() error {
		// What an adapter reports once its idle timeout cuts the request.
		return fail(wire.Failure{Err: &wire.IdleError{After: wire.DefaultIdleTimeout}})
	}
	if fault.StallHeaders {
		return llm.Response{}, idle()
	}
	if fault.Failing() {
		f := wire.Failure{Status: fault.Status, ServerMsg: fault.Message}
		if fault.ContextLength {
			f.Code = "context_length_exceeded"
			if fault.Window > 0 && f.ServerMsg == "" {
				f.ServerMsg = fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens.", fault.Window, fault.Tokens)
			}
			if f.Status == 0 {
				f.Status = http.StatusBadRequest
			}
		}
		if fault.RetryAfter != "" {
			f.Header = http.Header{"Retry-After": {fault.RetryAfter}}
		}
		return llm.Response{}, fail(f)
	}

	var text strings.Builder
	resp := llm.Response{Message: llm.Message{Role: llm.RoleAssistant}, Usage: EstimateUsage(rec, turn), StopReason: "stop"}
	partial := func() llm.Response {
		r := resp
		r.Message.Content = text.String()
		r.Message.ToolCalls = slices.Clone(r.Message.ToolCalls)
		return r
	}
	event := 0
	// step waits out the fault's delay and applies the faults that strike
	// between events; it returns the error that ends the stream, if any.
	step := func() error {
		if !Pause(ctx, fault.Delay) {
			return ctx.Err()
		}
		event++
		switch {
		case fault.CutAfter > 0 && event > fault.CutAfter:
			return fail(wire.Failure{Err: io.ErrUnexpectedEOF})
		case fault.StallAfter > 0 && event > fault.StallAfter:
			return idle()
		case fault.Malformed && event == 2:
			return fail(wire.Failure{Err: fmt.Errorf("malformed event")})
		case (fault.StreamError || fault.ErrorChunk) && event == 2:
			return fail(wire.Failure{ServerMsg: "the model failed"})
		}
		return nil
	}
	for _, piece := range TextChunks(turn.Reasoning, fault.CharByChar) {
		onDelta(llm.Delta{Reasoning: piece})
	}
	for _, piece := range TextChunks(turn.Text, fault.CharByChar) {
		if err := step(); err != nil {
			return partial(), err
		}
		text.WriteString(piece)
		onDelta(llm.Delta{Text: piece})
	}
	for i, c := range turn.Calls {
		if err := step(); err != nil {
			return partial(), err
		}
		id := turn.CallID(n, i)
		if fault.NoIDs {
			id = wire.NewCallID() // what an adapter does for a call without one
		}
		resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: id, Name: c.Name, Args: c.Args})
		resp.StopReason = "tool_calls"
	}
	if err := step(); err != nil { // the final event
		return partial(), err
	}
	if turn.Reasoning != "" {
		resp.Message.Reasoning = []llm.Reasoning{{Text: turn.Reasoning}}
	}
	if turn.Finish != "" && turn.Finish != llm.FinishStop {
		resp.StopReason, resp.Finish = string(turn.Finish), turn.Finish
	}
	return partial(), nil
}
