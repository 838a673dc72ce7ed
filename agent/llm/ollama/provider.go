package ollama

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/envconfig"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Options configure one Ollama provider.
type Options struct {
	// Name is the configured provider name; "" means "ollama".
	Name string
	// BaseURL is the server; "" means DefaultBaseURL().
	BaseURL string
	Model   string
	// ContextLength sets the model's context window (Ollama's num_ctx),
	// and asks Ollama to refuse a longer conversation (truncate: false)
	// rather than silently drop its start; 0 keeps the server's default
	// window, which is small for an agent, and its truncation.
	ContextLength int
	// HTTPClient is used for every request; nil means a client with
	// connect and TLS timeouts but no overall timeout, since a stream may
	// last minutes.
	HTTPClient *http.Client
	// IdleTimeout cuts a request when the server sends nothing for this
	// long, for the headers or between streamed bytes; the reply is then
	// interrupted. 0 means wire.DefaultIdleTimeout (two minutes).
	IdleTimeout time.Duration
	// Reasoning is sent as think: false for EffortOff; for the other
	// efforts true, or the level itself to gpt-oss models, the only ones
	// Ollama takes a level from (others answer 400). EffortDefault sends
	// nothing.
	Reasoning llm.Effort
}

// DefaultBaseURL returns the server the ollama command itself would use:
// OLLAMA_HOST, read the way Ollama reads it, or http://127.0.0.1:11434.
func DefaultBaseURL() string {
	return envconfig.Host().String()
}

// Provider streams chats from one Ollama server. It implements
// llm.Provider and llm.ModelLister, and is safe for concurrent use.
type Provider struct {
	at     wire.Endpoint
	numCtx int
	think  *api.ThinkValue
	client *api.Client
}

// New returns a Provider for o. It fails when no model is set or the base
// URL is not an http(s) URL; it does not contact the server.
func New(o Options) (*Provider, error) {
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL()
	}
	// Ollama takes no key: KeySet keeps a failure from asking for one.
	at, err := wire.NewEndpoint(cmp.Or(o.Name, "ollama"), o.Model, o.BaseURL, "", true)
	if err != nil {
		return nil, err
	}
	u, _ := url.Parse(at.BaseURL) // checked by wire.NewEndpoint
	return &Provider{
		at:     at,
		numCtx: o.ContextLength,
		think:  think(o.Reasoning, o.Model),
		client: api.NewClient(u, wire.HTTPClient(o.HTTPClient, o.IdleTimeout)),
	}, nil
}

// think is the think value for effort e with model: nil (send nothing)
// for the default, false for off, the level for gpt-oss models, else true.
func think(e llm.Effort, model string) *api.ThinkValue {
	switch {
	case e == llm.EffortDefault:
		return nil
	case e == llm.EffortOff:
		return &api.ThinkValue{Value: false}
	case strings.HasPrefix(model, "gpt-oss"):
		return &api.ThinkValue{Value: string(e)}
	}
	return &api.ThinkValue{Value: true}
}

// Name returns the configured provider name.
func (p *Provider) Name() string { return p.at.Provider }

// Model returns the model requested.
func (p *Provider) Model() string { return p.at.Model }

// Stream sends req and blocks until the reply is complete, calling onDelta
// with each piece of text or thinking as it arrives. Ollama sends each tool call whole;
// a call without an id gets a fresh one. On failure the Response holds
// what arrived before it, and the error is ctx's error when ctx was
// cancelled, else an *llm.Error.
func (p *Provider) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	if onDelta == nil {
		onDelta = func(llm.Delta) {}
	}
	var (
		text     strings.Builder
		thinking strings.Builder
		resp     = llm.Response{Message: llm.Message{Role: llm.RoleAssistant}}
		done     bool
	)
	partial := func() llm.Response {
		resp.Message.Content = text.String()
		if t := thinking.String(); t != "" {
			resp.Message.Reasoning = []llm.Reasoning{{Text: t}}
		}
		return resp
	}
	sctx, slot := wire.WithSlot(ctx)
	size := 0 // text and arguments so far, against llm.MaxReplyBytes
	err := p.client.Chat(sctx, p.request(req), func(r api.ChatResponse) error {
		if done {
			// A line after the final one: the server began a second
			// message in the same reply.
			return llm.ErrMessageRestarted
		}
		if d := r.Message.Thinking; d != "" {
			size += len(d)
			thinking.WriteString(d)
			onDelta(llm.Delta{Reasoning: d})
		}
		if d := r.Message.Content; d != "" {
			size += len(d)
			text.WriteString(d)
			onDelta(llm.Delta{Text: d})
		}
		for _, tc := range r.Message.ToolCalls {
			id := tc.ID
			if id == "" {
				id = wire.NewCallID()
			}
			args := tc.Function.Arguments.String()
			size += len(args)
			resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: id, Name: tc.Function.Name, Args: args})
		}
		if size > llm.MaxReplyBytes {
			return llm.ErrReplyTooLarge
		}
		if r.Done {
			done = true
			resp.StopReason = r.DoneReason
			if r.DoneReason == "length" {
				resp.Finish = llm.FinishLength
			}
			resp.Usage = llm.Usage{InputTokens: r.PromptEvalCount, OutputTokens: r.EvalCount}
		}
		return nil
	})
	switch {
	case ctx.Err() != nil:
		return partial(), ctx.Err()
	case errors.Is(err, llm.ErrReplyTooLarge):
		// Nothing of it is kept: the text would flood the history.
		return llm.Response{}, p.failure(err, slot)
	case err != nil:
		return partial(), p.failure(err, slot)
	case !done && slot.Status >= http.StatusBadRequest:
		// An error status with an empty body: the library reads no line
		// and reports nothing.
		f := p.at.Failure(slot, nil)
		f.Status = slot.Status
		return partial(), p.describe(f)
	case !done:
		// The library stops at a read error without returning it; the
		// transport kept it (an idle timeout, a reset).
		cause := slot.BodyErr
		if cause == nil {
			cause = io.ErrUnexpectedEOF
		}
		return partial(), p.failure(fmt.Errorf("the stream ended before its final line: %w", cause), slot)
	}
	return partial(), nil
}
