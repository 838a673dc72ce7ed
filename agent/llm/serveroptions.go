package llm

import (
	"net/http"
	"time"
)

// ServerOptions configure one provider that speaks one of OpenAI's APIs
// (chat completions, package openai; the Responses API, package
// responses), which share their servers and keys: each adapter's Options
// is this type. The zero value of each field means its adapter's default.
type ServerOptions struct {
	// Name is the configured provider name ("openai", "deepseek"); it
	// prefixes errors. "" means "openai".
	Name string
	// BaseURL is the API root, ending in /v1 for most servers; "" means
	// the OpenAI API, https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as a bearer token; it may be empty for local servers.
	APIKey string
	// APIKeyEnv names the variable the key came from, so an auth error
	// can say which one to fix.
	APIKeyEnv string
	// Model is the model asked for; it is required.
	Model string
	// HTTPClient is used for every request; nil means a client with
	// connect and TLS timeouts but no overall timeout, since a stream may
	// last minutes.
	HTTPClient *http.Client
	// IdleTimeout cuts a request when the server sends nothing for this
	// long, for the headers or between streamed bytes; the reply is then
	// interrupted. 0 means two minutes.
	IdleTimeout time.Duration
	// Reasoning is how hard the model should think, sent as the server's
	// reasoning knob (each adapter's Options says how); EffortDefault
	// sends nothing, the model's default.
	Reasoning Effort
}
