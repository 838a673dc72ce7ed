package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// DefaultBaseURL is the OpenAI API, used when Options.BaseURL is empty.
const DefaultBaseURL = wire.OpenAIBaseURL

// Options configure one OpenAI-compatible provider. Reasoning is sent as
// the server's reasoning knob: reasoning_effort ("none" for EffortOff),
// OpenRouter's reasoning object, or DeepSeek's thinking switch with
// reasoning_effort; the server is recognised by its host, else by Name
// ("openrouter", "deepseek"). The Responses API (package responses)
// takes the same options.
type Options = llm.ServerOptions

// Provider streams chat completions from one OpenAI-compatible server. It
// implements llm.Provider and llm.ModelLister, and is safe for concurrent
// use.
type Provider struct {
	at     wire.Endpoint
	client *goopenai.Client
	// dialect and reasoning say how and what to ask of a thinking model.
	dialect   dialect
	reasoning llm.Effort
}

// New returns a Provider for o. It fails when no model is set or the base
// URL is not an http(s) URL; it does not contact the server.
func New(o Options) (*Provider, error) {
	at, err := wire.NewOpenAIEndpoint(o)
	if err != nil {
		return nil, err
	}
	cfg := goopenai.DefaultConfig(o.APIKey)
	cfg.BaseURL = at.BaseURL
	hc := wire.HTTPClient(o.HTTPClient, o.IdleTimeout)
	hc.Transport = bodyTransport{base: hc.Transport}
	cfg.HTTPClient = hc
	// Keep-alive comments (OpenRouter sends them while a model thinks)
	// count as empty messages; the library's default limit of 300 in a
	// row can end a slow but healthy stream.
	cfg.EmptyMessagesLimit = 100_000
	return &Provider{
		at:        at,
		client:    goopenai.NewClientWithConfig(cfg),
		dialect:   dialectOf(at.Provider, at.BaseURL),
		reasoning: o.Reasoning,
	}, nil
}

// bodyKey is the context key of a request body for bodyTransport.
type bodyKey struct{}

// withBody returns a context whose chat request goes out with body.
func withBody(ctx context.Context, body []byte) context.Context {
	return context.WithValue(ctx, bodyKey{}, body)
}

// bodyTransport sends the body in the request's context (withBody) in
// place of the one the library encoded from its own request type.
type bodyTransport struct{ base http.RoundTripper }

// RoundTrip implements http.RoundTripper.
func (t bodyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	body, ok := req.Context().Value(bodyKey{}).([]byte)
	if !ok || req.Method != http.MethodPost {
		return t.base.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.ContentLength = int64(len(body))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	return t.base.RoundTrip(out)
}

// Name returns the configured provider name.
func (p *Provider) Name() string { return p.at.Provider }

// Model returns the model requested.
func (p *Provider) Model() string { return p.at.Model }

// Stream sends req and blocks until the reply is complete, calling onDelta
// with each piece of text or thinking as it arrives. Tool calls come back whole in the
// Response, in the order of their indexes; a call the server sent without
// an id gets a fresh one. On failure the Response holds what arrived
// before it, and the error is ctx's error when ctx was cancelled, else an
// *llm.Error.
func (p *Provider) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	if onDelta == nil {
		onDelta = func(llm.Delta) {}
	}
	body, err := json.Marshal(p.request(req))
	if err != nil {
		return llm.Response{}, p.failure(err, &wire.Slot{})
	}
	sctx, slot := wire.WithSlot(withBody(ctx, body))
	// The library sends the request and frames the stream; the body is
	// ours (see bodyTransport).
	stream, err := p.client.CreateChatCompletionStream(sctx, goopenai.ChatCompletionRequest{Model: p.at.Model, Stream: true})
	if err != nil {
		if ctx.Err() != nil {
			return llm.Response{}, ctx.Err()
		}
		return llm.Response{}, p.failure(err, slot)
	}
	defer stream.Close()

	var a assembler
	for {
		raw, err := stream.RecvRaw()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if ctx.Err() != nil {
				return a.response(), ctx.Err()
			}
			return a.response(), p.failure(err, slot)
		}
		var c chunk
		if err := json.Unmarshal(raw, &c); err != nil {
			return a.response(), p.failure(err, slot)
		}
		if e := a.add(c, onDelta); e != nil {
			return a.response(), p.streamFailure(e, slot)
		}
		if a.tooBig() {
			// Nothing of it is kept: the text would flood the history.
			return llm.Response{Usage: a.usage}, p.failure(llm.ErrReplyTooLarge, slot)
		}
	}
	if ctx.Err() != nil {
		return a.response(), ctx.Err()
	}
	if !a.finished {
		// A clean end without a finish_reason is a proxy or server that
		// gave up mid-reply: the calls may be cut short.
		return a.response(), p.failure(fmt.Errorf("the stream ended without a finish_reason: %w", io.ErrUnexpectedEOF), slot)
	}
	return a.response(), nil
}
