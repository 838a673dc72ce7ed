package responses

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"
	sdk "github.com/openai/openai-go/v3/responses"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Options configure one provider that speaks the Responses API. They are
// an OpenAI-compatible provider's settings, with which the Responses API
// shares its servers and keys; Reasoning is sent as reasoning.effort
// ("none" for EffortOff), and EffortDefault sends none, the model's
// default.
type Options = llm.ServerOptions

// Provider streams responses from one server that speaks the Responses
// API. It implements llm.Provider and llm.ModelLister, and is safe for
// concurrent use.
type Provider struct {
	at        wire.Endpoint
	reasoning llm.Effort
	http      *http.Client
	apiKey    string
	service   sdk.ResponseService
}

// New returns a Provider for o. It fails when no model is set or the base
// URL is not an http(s) URL; it does not contact the server. The
// library's own retries are off (llm.WithRetry does that, with events),
// and it reads nothing from the environment: the key is the one in o.
func New(o Options) (*Provider, error) {
	at, err := wire.NewOpenAIEndpoint(o)
	if err != nil {
		return nil, err
	}
	hc := wire.HTTPClient(o.HTTPClient, o.IdleTimeout)
	// The service alone, not the library's client, which would read
	// OPENAI_* variables from the environment.
	service := sdk.NewResponseService(
		option.WithBaseURL(at.BaseURL+"/"),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(0),
		option.WithAPIKey(o.APIKey),
	)
	return &Provider{
		at:        at,
		reasoning: o.Reasoning,
		http:      hc,
		apiKey:    o.APIKey,
		service:   service,
	}, nil
}

// Name returns the configured provider name.
func (p *Provider) Name() string { return p.at.Provider }

// Model returns the model requested.
func (p *Provider) Model() string { return p.at.Model }

// Stream sends req and blocks until the reply is complete, calling onDelta
// with each piece of text or reasoning summary as it arrives. Function
// calls come back whole in the Response, in output order, each with its
// call_id; reasoning items come back in Message.Reasoning as the server
// sent them, to go back in the next request. On failure the Response
// holds what arrived before it, and the error is ctx's error when ctx was
// cancelled, else an *llm.Error.
func (p *Provider) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	body, err := json.Marshal(newRequest(p.at.Model, req, p.reasoning))
	if err != nil {
		return llm.Response{}, p.failure(err, &wire.Slot{})
	}
	sctx, slot := wire.WithSlot(ctx)
	// The library sends the request, turns an error status into its
	// error and frames the stream; the body is ours, and so is the
	// reading of each event: decoding it into the library's union type
	// first took four times the memory and twice the time
	// (BenchmarkStream).
	var raw *http.Response
	_, err = p.service.New(sctx, sdk.ResponseNewParams{},
		option.WithRequestBody("application/json", body), option.WithResponseBodyInto(&raw))
	stream := ssestream.NewStream[event](ssestream.NewDecoder(raw), err)
	defer stream.Close()

	fail := func(err error) *llm.Error { return p.failure(err, slot) }
	return wire.Read(ctx, stream, &assembler{}, onDelta, fail, "response.completed")
}
