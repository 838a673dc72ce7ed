package wire

import (
	"context"
	"net"
	"net/http"
	"time"
)

// HTTPClient returns a client for an adapter: c, or when c is nil one with
// connect and TLS timeouts but no overall timeout, since a streamed reply
// may rightly last many minutes. Instead every request is cut when the
// server sends nothing for idle (DefaultIdleTimeout when idle <= 0), for
// the headers and between the bytes of the body: the read then fails with
// an *IdleError. Its transport records each response's status and headers
// in the request context's Slot (see WithSlot), which is how adapters read
// Retry-After when their library hides the headers. c itself is not
// modified.
func HTTPClient(c *http.Client, idle time.Duration) *http.Client {
	if c == nil {
		c = &http.Client{Transport: defaultTransport()}
	}
	wrapped := *c
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	if idle <= 0 {
		idle = DefaultIdleTimeout
	}
	wrapped.Transport = captureTransport{base: idleTransport{base: base, idle: idle}}
	return &wrapped
}

// defaultTransport is http.DefaultTransport with timeouts for the parts of
// an exchange that should be quick: connecting and the TLS handshake. The
// wait for the headers is the idle timeout's (see idleTransport), since a
// local server may load a model before it answers.
func defaultTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	t.TLSHandshakeTimeout = 10 * time.Second
	t.IdleConnTimeout = 90 * time.Second
	return t
}

// Slot receives the status and headers of the response to a request made
// with a context from WithSlot. It is written by the transport before the
// client call returns, on the calling goroutine, and read after.
type Slot struct {
	Status int
	Header http.Header
	// BodyErr is the error that ended the reading of the response body,
	// when it was not a clean end: for libraries that stop reading a
	// stream on such an error without returning it. It is written by the
	// goroutine that reads the body.
	BodyErr error
}

type slotKey struct{}

// WithSlot returns a context whose requests, made through a client from
// HTTPClient, record their response in the returned Slot. When one call
// makes several requests the last one wins.
func WithSlot(ctx context.Context) (context.Context, *Slot) {
	s := new(Slot)
	return context.WithValue(ctx, slotKey{}, s), s
}

// captureTransport fills the request context's Slot.
type captureTransport struct{ base http.RoundTripper }

// RoundTrip implements http.RoundTripper.
func (t captureTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if s, ok := req.Context().Value(slotKey{}).(*Slot); ok && resp != nil {
		s.Status = resp.StatusCode
		s.Header = resp.Header
	}
	return resp, err
}
