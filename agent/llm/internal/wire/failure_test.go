package wire

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

func TestFailureKind(t *testing.T) {
	tests := []struct {
		name string
		f    Failure
		want llm.ErrorKind
	}{
		{name: "401 is an auth error", f: Failure{Status: 401}, want: llm.KindAuth},
		{name: "403 is an auth error", f: Failure{Status: 403}, want: llm.KindAuth},
		{name: "404 is an unknown model", f: Failure{Status: 404}, want: llm.KindModelNotFound},
		{name: "400 naming a missing model is an unknown model", f: Failure{Status: 400, ServerMsg: "Model 'qwen9' not found"}, want: llm.KindModelNotFound},
		{name: "413 is a context overflow", f: Failure{Status: 413}, want: llm.KindContextLength},
		{name: "400 with an OpenAI context code is a context overflow", f: Failure{Status: 400, Code: "invalid_request_error context_length_exceeded"}, want: llm.KindContextLength},
		{name: "400 with Anthropic's wording is a context overflow", f: Failure{Status: 400, ServerMsg: "prompt is too long: 210000 tokens > 200000 maximum"}, want: llm.KindContextLength},
		{name: "other 400s are bad requests", f: Failure{Status: 400, ServerMsg: "invalid temperature"}, want: llm.KindBadRequest},
		{name: "422 is a bad request", f: Failure{Status: 422}, want: llm.KindBadRequest},
		{name: "429 is a rate limit", f: Failure{Status: 429}, want: llm.KindRateLimit},
		{name: "408 is a server error", f: Failure{Status: 408}, want: llm.KindServer},
		{name: "500 is a server error", f: Failure{Status: 500}, want: llm.KindServer},
		{name: "529 (overloaded) is a server error", f: Failure{Status: 529}, want: llm.KindServer},
		{name: "an error inside a stream is a server error", f: Failure{ServerMsg: "model crashed"}, want: llm.KindServer},
		{name: "a rate limit inside a stream is a rate limit", f: Failure{Code: "rate_limit_error", ServerMsg: "slow down"}, want: llm.KindRateLimit},
		{name: "a context overflow inside a stream is a context overflow", f: Failure{ServerMsg: "This model's maximum context length is 8192 tokens"}, want: llm.KindContextLength},
		{name: "a refused connection is unreachable", f: Failure{Err: &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}}, want: llm.KindUnreachable},
		{name: "an unknown host is unreachable", f: Failure{Err: &net.DNSError{Err: "no such host", Name: "nope.invalid"}}, want: llm.KindUnreachable},
		{name: "a reset is an interruption", f: Failure{Err: &net.OpError{Op: "read", Err: syscall.ECONNRESET}}, want: llm.KindInterrupted},
		{name: "an unexpected EOF is an interruption", f: Failure{Err: fmt.Errorf("reading: %w", io.ErrUnexpectedEOF)}, want: llm.KindInterrupted},
		{name: "anything else is a bad response", f: Failure{Err: errors.New("strange")}, want: llm.KindBadResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Error().Kind; got != tt.want {
				t.Errorf("Failure%+v.Error().Kind = %q, want %q", tt.f, got, tt.want)
			}
		})
	}
}

func TestFailureMessage(t *testing.T) {
	base := Failure{Provider: "deepseek", BaseURL: "https://api.deepseek.com/v1", Model: "deepseek-chat", KeyEnv: "DEEPSEEK_API_KEY", KeySet: true}
	with := func(change func(*Failure)) Failure {
		f := base
		change(&f)
		return f
	}
	tests := []struct {
		name     string
		f        Failure
		mentions []string
		omits    []string
	}{
		{
			name:     "a rejected key names the variable and hides the server's words",
			f:        with(func(f *Failure) { f.Status = 401; f.ServerMsg = "Incorrect API key provided: sk-abc123" }),
			mentions: []string{"deepseek: ", "rejected", "401", "DEEPSEEK_API_KEY"},
			omits:    []string{"sk-abc123"},
		},
		{
			name:     "a missing key says to set the variable",
			f:        with(func(f *Failure) { f.Status = 401; f.KeySet = false }),
			mentions: []string{"no API key", "set DEEPSEEK_API_KEY"},
		},
		{
			name:     "an unknown model is named with the server",
			f:        with(func(f *Failure) { f.Status = 404 }),
			mentions: []string{`"deepseek-chat"`, "https://api.deepseek.com/v1", "404"},
		},
		{
			name:     "a rate limit says how long to wait",
			f:        with(func(f *Failure) { f.Status = 429; f.Header = http.Header{"Retry-After": {"12"}} }),
			mentions: []string{"rate limited", "retry after 12s"},
		},
		{
			name:     "a context overflow suggests a shorter conversation",
			f:        with(func(f *Failure) { f.Status = 400; f.Code = "context_length_exceeded" }),
			mentions: []string{"too long", `"deepseek-chat"`, "shorten"},
		},
		{
			name:     "an unreachable server is named and asked after",
			f:        with(func(f *Failure) { f.Err = &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED} }),
			mentions: []string{"cannot reach https://api.deepseek.com/v1", "is the server running?"},
		},
		{
			name:     "Anthropic's overloaded status has a name",
			f:        with(func(f *Failure) { f.Status = 529 }),
			mentions: []string{"(529 Overloaded)"},
		},
		{
			name:     "a long server message is cut to one line",
			f:        with(func(f *Failure) { f.Status = 500; f.ServerMsg = strings.Repeat("line\n", 200) }),
			mentions: []string{"server error (500 Internal Server Error)", "..."},
			omits:    []string{"\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := tt.f.Error().Error()
			for _, m := range tt.mentions {
				if !strings.Contains(msg, m) {
					t.Errorf("message %q does not mention %q", msg, m)
				}
			}
			for _, m := range tt.omits {
				if strings.Contains(msg, m) {
					t.Errorf("message %q contains %q", msg, m)
				}
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name   string
		header http.Header
		want   time.Duration
	}{
		{name: "no header means no wait", header: nil, want: 0},
		{name: "seconds", header: http.Header{"Retry-After": {"7"}}, want: 7 * time.Second},
		{name: "fractional seconds", header: http.Header{"Retry-After": {"1.5"}}, want: 1500 * time.Millisecond},
		{name: "milliseconds win over seconds", header: http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"1"}}, want: 250 * time.Millisecond},
		{name: "an HTTP date in the future", header: http.Header{"Retry-After": {now.Add(90 * time.Second).Format(http.TimeFormat)}}, want: 90 * time.Second},
		{name: "an HTTP date in the past means no wait", header: http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, want: 0},
		{name: "a negative number means no wait", header: http.Header{"Retry-After": {"-3"}}, want: 0},
		{name: "garbage means no wait", header: http.Header{"Retry-After": {"soon"}}, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RetryAfter(tt.header, now); got != tt.want {
				t.Errorf("RetryAfter(%v) = %v, want %v", tt.header, got, tt.want)
			}
		})
	}
}

// TestTransportKindRealErrors checks the classification against errors
// the network really produces, not hand-built ones.
func TestTransportKindRealErrors(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = HTTPClient(nil, 0).Get("http://" + addr)
	if k := TransportKind(err); k != llm.KindUnreachable {
		t.Errorf("TransportKind(%v) = %q, want %q", err, k, llm.KindUnreachable)
	}

	// A server that closes the connection without answering.
	l, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err == nil {
			buf := make([]byte, 1024)
			c.Read(buf)
			c.Close()
		}
	}()
	_, err = HTTPClient(nil, 0).Get("http://" + l.Addr().String())
	if k := TransportKind(err); k != llm.KindInterrupted {
		t.Errorf("TransportKind(%v) = %q, want %q", err, k, llm.KindInterrupted)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		raw, want string
		ok        bool
	}{
		{raw: "http://127.0.0.1:11434/", want: "http://127.0.0.1:11434", ok: true},
		{raw: "https://api.openai.com/v1", want: "https://api.openai.com/v1", ok: true},
		{raw: "127.0.0.1:11434"},
		{raw: "unix:///tmp/sock"},
		{raw: "http://"},
	}
	for _, tt := range tests {
		got, err := BaseURL("p", tt.raw)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("BaseURL(%q) = %q, %v, want %q, ok %v", tt.raw, got, err, tt.want, tt.ok)
		}
		if err != nil && !errors.Is(err, llm.ErrBadBaseURL) {
			t.Errorf("BaseURL(%q) error %v does not wrap ErrBadBaseURL", tt.raw, err)
		}
	}
}

func TestNewCallID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewCallID()
		if !strings.HasPrefix(id, "call_") || len(id) != len("call_")+16 || seen[id] {
			t.Fatalf("NewCallID() = %q: want call_ and 16 characters, never repeated", id)
		}
		seen[id] = true
	}
}
