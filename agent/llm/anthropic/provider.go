package anthropic

import (
	"cmp"
	"context"
	"net/http"
	"os"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Defaults used when Options leave a field empty.
const (
	DefaultAPIKeyEnv = "ANTHROPIC_API_KEY"
	DefaultMaxTokens = 8192
)

// Options configure one Anthropic provider.
type Options struct {
	// Name is the configured provider name; "" means "anthropic".
	Name string
	// BaseURL is the API root, without /v1; "" means DefaultBaseURL().
	BaseURL string
	// APIKey is sent as x-api-key.
	APIKey string
	// APIKeyEnv names the variable the key came from, for auth errors;
	// "" means ANTHROPIC_API_KEY.
	APIKeyEnv string
	Model     string
	// MaxTokens caps each reply, which the API requires; 0 means
	// DefaultMaxTokens. With thinking on, the thinking budget is added to
	// it, so the answer keeps its room (the API wants the budget below
	// max_tokens).
	MaxTokens int
	// Reasoning turns extended thinking on with a budget of ThinkingBudget
	// tokens (EffortLow, EffortMedium, EffortHigh) or off (EffortOff);
	// EffortDefault sends nothing, and the API's default is off.
	Reasoning llm.Effort
	// HTTPClient is used for every request; nil means a client with
	// connect and TLS timeouts but no overall timeout, since a stream may
	// last minutes.
	HTTPClient *http.Client
	// IdleTimeout cuts a request when the server sends nothing for this
	// long, for the headers or between streamed bytes; the reply is then
	// interrupted. 0 means wire.DefaultIdleTimeout (two minutes).
	IdleTimeout time.Duration
}

// DefaultBaseURL returns ANTHROPIC_BASE_URL, or the Anthropic API.
func DefaultBaseURL() string {
	if u := os.Getenv("ANTHROPIC_BASE_URL"); u != "" {
		return u
	}
	return "https://api.anthropic.com"
}

// Provider streams messages from the Anthropic API or a server that
// speaks it. It implements llm.Provider and llm.ModelLister, and is safe
// for concurrent use.
type Provider struct {
	at        wire.Endpoint
	maxTokens int
	reasoning llm.Effort
	client    sdk.Client
}

// ThinkingBudget is the thinking budget, in tokens, of each effort: the
// API's minimum is 1,024, and the highest here leaves room for the answer
// within the 32,000 output tokens of the smallest current limit.
func ThinkingBudget(e llm.Effort) int {
	switch e {
	case llm.EffortLow:
		return 2048
	case llm.EffortMedium:
		return 8192
	case llm.EffortHigh:
		return 16384
	}
	return 0
}

// New returns a Provider for o. It fails when no model is set or the base
// URL is not an http(s) URL; it does not contact the server. The SDK's own
// retries are off (llm.WithRetry does that, with events) and so is its
// reading of the environment: the key is the one in o.
func New(o Options) (*Provider, error) {
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL()
	}
	at, err := wire.NewEndpoint(cmp.Or(o.Name, "anthropic"), o.Model, o.BaseURL, cmp.Or(o.APIKeyEnv, DefaultAPIKeyEnv), o.APIKey != "")
	if err != nil {
		return nil, err
	}
	if o.MaxTokens <= 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	opts := []option.RequestOption{
		option.WithoutEnvironmentDefaults(),
		option.WithBaseURL(at.BaseURL + "/"),
		option.WithHTTPClient(wire.HTTPClient(o.HTTPClient, o.IdleTimeout)),
		option.WithMaxRetries(0),
	}
	if o.APIKey != "" {
		opts = append(opts, option.WithAPIKey(o.APIKey))
	}
	return &Provider{
		at:        at,
		maxTokens: o.MaxTokens,
		reasoning: o.Reasoning,
		client:    sdk.NewClient(opts...),
	}, nil
}

// Name returns the configured provider name.
func (p *Provider) Name() string { return p.at.Provider }

// Model returns the model requested.
func (p *Provider) Model() string { return p.at.Model }

// Stream sends req and blocks until the reply is complete, calling onDelta
// with each piece of text or thinking as it arrives. Tool calls come back whole, their
// arguments joined from the input_json_delta fragments exactly as sent; a
// call without an id gets a fresh one. On failure the Response holds what
// arrived before it, and the error is ctx's error when ctx was cancelled,
// else an *llm.Error.
func (p *Provider) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	sctx, slot := wire.WithSlot(ctx)
	stream := p.client.Messages.NewStreaming(sctx, p.params(req))
	defer stream.Close()

	fail := func(err error) *llm.Error { return p.failure(err, slot) }
	return wire.Read(ctx, stream, &assembler{}, onDelta, fail, "message_stop")
}
