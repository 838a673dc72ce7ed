package llm

import (
	"errors"
	"time"
)

// Configuration errors the adapters' constructors return, wrapped with the
// provider name.
var (
	ErrNoModel    = errors.New("no model configured")
	ErrBadBaseURL = errors.New("base_url must be an http or https URL")
)

// ErrorKind says what sort of failure a provider reported, so the loop and
// the CLI can act on it (retry, name the key variable, suggest a shorter
// conversation) without parsing messages. The values are stable words,
// fit for JSON output.
type ErrorKind string

// The kinds of provider failure.
const (
	// KindUnreachable: the server could not be reached at all (connection
	// refused, unknown host, dial timeout, TLS failure).
	KindUnreachable ErrorKind = "unreachable"
	// KindAuth: the key was missing, wrong, or lacks access (401, 403).
	KindAuth ErrorKind = "auth"
	// KindModelNotFound: the server does not know the model (404), or, for
	// Ollama, the model is not pulled.
	KindModelNotFound ErrorKind = "model_not_found"
	// KindRateLimit: the server asked us to slow down (429).
	KindRateLimit ErrorKind = "rate_limit"
	// KindServer: the server failed (5xx, overloaded, an error mid-stream).
	KindServer ErrorKind = "server"
	// KindContextLength: the conversation no longer fits the model's
	// context window.
	KindContextLength ErrorKind = "context_length"
	// KindBadRequest: the server rejected the request for another reason
	// (400, 422...). Retrying the same request will not help.
	KindBadRequest ErrorKind = "bad_request"
	// KindBadResponse: the server's reply could not be read (a malformed
	// stream chunk, an unexpected event).
	KindBadResponse ErrorKind = "bad_response"
	// KindInterrupted: the connection broke before the reply was complete
	// (reset, a stream cut in the middle, the server went silent).
	KindInterrupted ErrorKind = "interrupted"
)

// Retryable reports whether a request that failed this way may succeed if
// sent again unchanged: rate limits, server errors and broken connections.
func (k ErrorKind) Retryable() bool {
	switch k {
	case KindRateLimit, KindServer, KindInterrupted:
		return true
	}
	return false
}

// Error is a provider failure in words a person can act on. Adapters
// return it (as *Error) for every failure except cancellation, which is
// ctx's own error.
type Error struct {
	Kind ErrorKind
	// Provider is the configured provider name ("openai", "deepseek"...).
	Provider string
	// Status is the HTTP status, or 0 when there was none (a connection
	// failure, an error inside a stream).
	Status int
	// RetryAfter is how long the server asked us to wait (Retry-After),
	// or 0 when it did not say.
	RetryAfter time.Duration
	// Msg is the complete explanation, without the provider name: what
	// happened and what to do ("the API key in OPENAI_API_KEY was
	// rejected (401): check it").
	Msg string
	// Err is the underlying error from the client library, for errors.Is
	// and errors.As; its text is already summarised in Msg.
	Err error
	// Transient marks a failure of a kind that is not retryable in
	// general but that this time broke one stream and may well not
	// happen again: a message that started twice in one reply
	// (ErrMessageRestarted).
	Transient bool
}

// ErrMessageRestarted is the error (wrapped in a transient *Error of
// KindBadResponse) of a stream in which a second message began within
// one reply: a proxy or server that restarted the generation mid-stream.
// The two generations cannot be told apart (a tool call's arguments
// would be cut off or mixed), so the reply is broken, and asking again
// may well work.
var ErrMessageRestarted = errors.New("a second message began within one reply: the stream is broken")

// Retryable reports whether a request that failed this way may succeed
// if sent again unchanged: the kind is retryable, or the failure is
// Transient.
func (e *Error) Retryable() bool { return e.Kind.Retryable() || e.Transient }

// Error returns "provider: msg".
func (e *Error) Error() string {
	if e.Provider == "" {
		return e.Msg
	}
	return e.Provider + ": " + e.Msg
}

// Unwrap returns the underlying library error.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the kind of the first *Error in err's chain, or "" when
// err is nil or not a provider error (a cancellation, for one).
func KindOf(err error) ErrorKind {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Kind
	}
	return ""
}
