package wire

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// DefaultIdleTimeout is how long a request may go without a byte from the
// server when the adapter is given no idle timeout.
const DefaultIdleTimeout = 120 * time.Second

// IdleError is the error of a request the server left without a byte for
// After: no headers, or no more of a streamed body. It is a net.Error that
// timed out, so adapters report it as an interrupted reply, which the
// retry wrapper sends again when no text had streamed.
type IdleError struct{ After time.Duration }

// Error says how long the server was silent.
func (e *IdleError) Error() string {
	return fmt.Sprintf("the server sent nothing for %s (idle_timeout_seconds)", e.After)
}

// Timeout reports true: the request timed out.
func (e *IdleError) Timeout() bool { return true }

// Temporary reports true: the same request may succeed later.
func (e *IdleError) Temporary() bool { return true }

// idleTransport cancels a request when the server sends nothing for idle:
// while waiting for the headers, and between reads of the body. A stream
// that keeps sending, however slowly, lives on.
type idleTransport struct {
	base http.RoundTripper
	idle time.Duration
}

// RoundTrip implements http.RoundTripper.
func (t idleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	w := &watchdog{idle: t.idle, cancel: cancel}
	w.timer = time.AfterFunc(t.idle, w.fire)
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		w.stop()
		if w.hasFired() {
			return nil, &IdleError{After: t.idle}
		}
		return nil, err
	}
	w.kick()
	slot, _ := req.Context().Value(slotKey{}).(*Slot)
	resp.Body = &idleBody{rc: resp.Body, w: w, slot: slot}
	return resp, nil
}

// watchdog cancels its request once its timer runs out.
type watchdog struct {
	idle   time.Duration
	cancel context.CancelFunc
	timer  *time.Timer

	mu    sync.Mutex
	fired bool
}

func (w *watchdog) fire() {
	w.mu.Lock()
	w.fired = true
	w.mu.Unlock()
	w.cancel()
}

func (w *watchdog) hasFired() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fired
}

// kick restarts the countdown: the server just sent something.
func (w *watchdog) kick() {
	if !w.hasFired() {
		w.timer.Reset(w.idle)
	}
}

// stop ends the countdown and releases the request's context.
func (w *watchdog) stop() {
	w.timer.Stop()
	w.cancel()
}

// idleBody is a response body whose reads keep its watchdog quiet.
type idleBody struct {
	rc   io.ReadCloser
	w    *watchdog
	slot *Slot // nil when the request has none
}

// Read reads from the body; when the watchdog cut the request, the error
// is an *IdleError. An error other than a clean end is also kept in the
// request's Slot.
func (b *idleBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		b.w.kick()
	}
	if err != nil && err != io.EOF {
		if b.w.hasFired() {
			err = &IdleError{After: b.w.idle}
		}
		if b.slot != nil && b.slot.BodyErr == nil {
			b.slot.BodyErr = err
		}
	}
	return n, err
}

// Close closes the body and stops the watchdog.
func (b *idleBody) Close() error {
	b.w.stop()
	return b.rc.Close()
}
