package wire

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// Failure is a failed exchange with a provider in neutral terms. An adapter
// fills it from its library's error and calls Error; the zero values of
// the optional fields mean "not known".
type Failure struct {
	Provider string
	BaseURL  string
	Model    string
	// KeyEnv names the variable the API key came from; KeySet says whether
	// a key was sent at all.
	KeyEnv string
	KeySet bool
	// Status is the HTTP status, 0 for a transport failure or an error
	// reported inside a stream.
	Status int
	// Header holds the response headers, for Retry-After.
	Header http.Header
	// ServerMsg is the server's own explanation, and Code its error code or
	// type ("context_length_exceeded", "overloaded_error"), when it sent
	// them.
	ServerMsg string
	Code      string
	// Err is the library's error.
	Err error
	// Now is the clock for HTTP-date Retry-After values; nil means
	// time.Now.
	Now func() time.Time
}

// Endpoint is where a request went, as a Failure tells it: the provider's
// name, its address, the model, and the API key's variable and whether a
// key was sent.
type Endpoint struct {
	Provider, BaseURL, Model, KeyEnv string
	KeySet                           bool
}

// Failure starts the Failure of a request to e that failed with err; slot
// holds the response's headers. The adapter fills in what its library's
// error says.
func (e Endpoint) Failure(slot *Slot, err error) Failure {
	return Failure{Provider: e.Provider, BaseURL: e.BaseURL, Model: e.Model, KeyEnv: e.KeyEnv, KeySet: e.KeySet, Header: slot.Header, Err: err}
}

// Error returns the *llm.Error the failure amounts to: its kind from the
// status, the code and the message, and words saying what to do.
func (f Failure) Error() *llm.Error {
	e := &llm.Error{Provider: f.Provider, Status: f.Status, Err: f.Err}
	e.Kind = f.kind()
	e.Transient = e.Kind == llm.KindBadResponse && errors.Is(f.Err, llm.ErrMessageRestarted)
	if e.Kind == llm.KindRateLimit || e.Kind == llm.KindServer {
		now := time.Now
		if f.Now != nil {
			now = f.Now
		}
		e.RetryAfter = RetryAfter(f.Header, now())
	}
	e.Msg = f.message(e.Kind, e.RetryAfter)
	return e
}

// kind classifies the failure.
func (f Failure) kind() llm.ErrorKind {
	text := strings.ToLower(f.Code + " " + f.ServerMsg)
	switch {
	case f.Status == http.StatusUnauthorized, f.Status == http.StatusForbidden:
		return llm.KindAuth
	case f.Status == http.StatusNotFound:
		return llm.KindModelNotFound
	case f.Status == http.StatusTooManyRequests:
		return llm.KindRateLimit
	case f.Status == http.StatusRequestEntityTooLarge:
		return llm.KindContextLength
	case f.Status == http.StatusRequestTimeout, f.Status == http.StatusConflict, f.Status >= 500:
		return llm.KindServer
	case f.Status >= 400:
		switch {
		case IsContextLength(text):
			return llm.KindContextLength
		case isModelNotFound(text):
			return llm.KindModelNotFound
		}
		return llm.KindBadRequest
	case f.ServerMsg != "" || f.Code != "":
		// An error event inside a stream that had started well.
		switch {
		case IsContextLength(text):
			return llm.KindContextLength
		case strings.Contains(text, "rate_limit") || strings.Contains(text, "rate limit"):
			return llm.KindRateLimit
		}
		return llm.KindServer
	}
	return TransportKind(f.Err)
}

// message says what happened and what to do about it.
func (f Failure) message(kind llm.ErrorKind, retryAfter time.Duration) string {
	server := ""
	if m := oneLine(f.ServerMsg); m != "" {
		server = ": " + m
	}
	status := ""
	if f.Status != 0 {
		status = fmt.Sprintf(" (%d)", f.Status)
		if text := statusText(f.Status); text != "" {
			status = fmt.Sprintf(" (%d %s)", f.Status, text)
		}
	}
	keyEnv := f.KeyEnv
	if keyEnv == "" {
		keyEnv = "the variable named by api_key_env"
	}
	switch kind {
	case llm.KindUnreachable:
		return fmt.Sprintf("cannot reach %s: is the server running? (%v)", f.BaseURL, Cause(f.Err))
	case llm.KindAuth:
		if !f.KeySet {
			return fmt.Sprintf("no API key was sent%s: set %s", status, keyEnv)
		}
		if f.Status == http.StatusForbidden {
			return fmt.Sprintf("access denied%s: the key in %s may not be allowed to use model %q%s", status, keyEnv, f.Model, server)
		}
		// The server's words are left out: some echo part of the key.
		return fmt.Sprintf("the API key was rejected%s: check %s", status, keyEnv)
	case llm.KindModelNotFound:
		return fmt.Sprintf("model %q is unknown to %s%s: check the model name (and base_url)%s", f.Model, f.BaseURL, status, server)
	case llm.KindRateLimit:
		wait := ""
		if retryAfter > 0 {
			wait = ", retry after " + retryAfter.String()
		}
		return fmt.Sprintf("rate limited%s%s%s", status, wait, server)
	case llm.KindServer:
		if f.Status == 0 {
			return "the server reported an error mid-reply" + server
		}
		return "server error" + status + server
	case llm.KindContextLength:
		return fmt.Sprintf("the conversation is too long for model %q%s: start a new conversation or shorten this one%s", f.Model, status, server)
	case llm.KindBadRequest:
		return "request rejected" + status + server
	case llm.KindBadResponse:
		return fmt.Sprintf("unreadable reply from %s: %v", f.BaseURL, f.Err)
	default:
		return fmt.Sprintf("connection to %s lost before the reply was complete: %v", f.BaseURL, Cause(f.Err))
	}
}

// Cause drops the *url.Error wrapper, which only repeats the method and
// the URL that messages already name.
func Cause(err error) error {
	if u, ok := errors.AsType[*url.Error](err); ok {
		return u.Err
	}
	return err
}

// statusText is http.StatusText, knowing also the status Anthropic uses
// when it is overloaded.
func statusText(status int) string {
	if status == 529 {
		return "Overloaded"
	}
	return http.StatusText(status)
}

// TransportKind classifies an error that came without an HTTP status:
// failing to connect is KindUnreachable; a connection that broke, timed
// out or ended early is KindInterrupted; JSON that did not parse, and
// anything else, is KindBadResponse.
func TransportKind(err error) llm.ErrorKind {
	var (
		opErr   *net.OpError
		dnsErr  *net.DNSError
		certErr *tls.CertificateVerificationError
		unkAuth x509.UnknownAuthorityError
		hostErr x509.HostnameError
		recErr  tls.RecordHeaderError
		netErr  net.Error
	)
	switch {
	case errors.As(err, &opErr) && opErr.Op == "dial",
		errors.As(err, &dnsErr),
		errors.Is(err, syscall.ECONNREFUSED),
		errors.As(err, &certErr), errors.As(err, &unkAuth), errors.As(err, &hostErr), errors.As(err, &recErr):
		return llm.KindUnreachable
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.As(err, &netErr):
		return llm.KindInterrupted
	}
	return llm.KindBadResponse
}

// IsJSONError reports whether err is a JSON decoding error, which in a
// stream means the server sent a malformed chunk.
func IsJSONError(err error) bool {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	return errors.As(err, &syn) || errors.As(err, &typ)
}

// IsContextLength reports whether a server's error code or message (in
// lower case) says the prompt does not fit the model's context window. The
// wording differs by server, so this matches the common phrasings.
func IsContextLength(lower string) bool {
	for _, s := range []string{
		"context_length_exceeded", "context length", "context_length", "context window",
		"maximum context", "prompt is too long", "too many tokens", "exceeds the context",
	} {
		if strings.Contains(lower, s) {
			return true
		}
	}
	return false
}

// isModelNotFound reports whether a 4xx message (in lower case) says the
// model is unknown: some OpenAI-compatible servers use 400 for that.
func isModelNotFound(lower string) bool {
	return strings.Contains(lower, "model") &&
		(strings.Contains(lower, "not found") || strings.Contains(lower, "does not exist") ||
			strings.Contains(lower, "model_not_found") || strings.Contains(lower, "unknown model"))
}

// RetryAfter reads how long the server asked us to wait: retry-after-ms,
// or Retry-After in seconds or as an HTTP date. It returns 0 when there is
// no such header or it does not parse.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if h == nil {
		return 0
	}
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}

// oneLine trims a server message to one line of readable length.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const limit = 300
	if len(s) > limit {
		cut := limit
		for cut > 0 && s[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
