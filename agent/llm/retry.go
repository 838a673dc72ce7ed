package llm

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// RetryPolicy says how WithRetry retries. The zero value never retries.
type RetryPolicy struct {
	// MaxRetries is how many times a failed request may be sent again.
	MaxRetries int
	// BaseDelay is the backoff before the first retry; each further retry
	// doubles it. Zero means one second.
	BaseDelay time.Duration
	// MaxDelay caps the backoff. Zero means 30 seconds.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest Retry-After honoured: when a server asks
	// for a longer wait, its error is returned at once rather than leaving
	// a person staring at a silent screen. Zero means two minutes.
	MaxRetryAfter time.Duration
}

// DefaultRetryPolicy is three retries starting at one second.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 3, BaseDelay: time.Second, MaxDelay: 30 * time.Second, MaxRetryAfter: 2 * time.Minute}
}

// RetryInfo describes one retry about to happen, for the event the loop
// publishes.
type RetryInfo struct {
	Provider string
	// Attempt counts retries from 1; MaxRetries is the policy's limit.
	Attempt    int
	MaxRetries int
	// Delay is how long WithRetry waits before sending the request again.
	Delay time.Duration
	// Err is why the previous attempt failed (an *Error).
	Err error
}

// WithRetry returns a Provider that sends a request again when it fails
// with a retryable *Error (rate limit, server error, broken connection or
// stream: see Error.Retryable)
// before any text reached onDelta: once text has streamed, a retry would
// show it twice, so the error is returned instead. Thinking that streamed
// does not stop a retry (it is not the answer; a reader drops it on the
// retry event). It waits with
// exponential backoff and jitter, never less than the server's
// Retry-After, and calls onRetry (when not nil) from the calling goroutine
// before each wait. The Response's Usage includes what the failed
// attempts reported, since they are charged too. Cancelling ctx during a wait returns ctx's error at
// once. After the last retry it returns the last error unchanged.
func WithRetry(p Provider, policy RetryPolicy, onRetry func(RetryInfo)) Provider {
	if policy.BaseDelay <= 0 {
		policy.BaseDelay = time.Second
	}
	if policy.MaxDelay <= 0 {
		policy.MaxDelay = 30 * time.Second
	}
	if policy.MaxRetryAfter <= 0 {
		policy.MaxRetryAfter = 2 * time.Minute
	}
	return &retrying{wrapped: wrapped{p}, policy: policy, onRetry: onRetry, jitter: rand.Float64}
}

// retrying is the Provider WithRetry returns.
type retrying struct {
	wrapped
	policy  RetryPolicy
	onRetry func(RetryInfo)
	// jitter returns a number in [0, 1); tests replace it.
	jitter func() float64
}

// Stream implements Provider.
func (r *retrying) Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error) {
	if onDelta == nil {
		onDelta = func(Delta) {}
	}
	var spent Usage // what the failed attempts cost
	for attempt := 1; ; attempt++ {
		streamed := false
		resp, err := r.p.Stream(ctx, req, func(d Delta) {
			if d.Text != "" {
				streamed = true
			}
			onDelta(d)
		})
		resp.Usage = resp.Usage.Add(spent)
		spent = resp.Usage
		if err == nil || streamed || ctx.Err() != nil || attempt > r.policy.MaxRetries {
			return resp, err
		}
		e, ok := errors.AsType[*Error](err)
		if !ok || !e.Retryable() || e.RetryAfter > r.policy.MaxRetryAfter {
			return resp, err
		}
		delay := max(r.backoff(attempt), e.RetryAfter)
		if r.onRetry != nil {
			r.onRetry(RetryInfo{Provider: r.p.Name(), Attempt: attempt, MaxRetries: r.policy.MaxRetries, Delay: delay, Err: err})
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return Response{Usage: spent}, ctx.Err()
		case <-t.C:
		}
	}
}

// backoff returns the jittered wait before retry n (from 1): half the
// exponential delay plus a random part of the other half, so clients that
// failed together do not come back together.
func (r *retrying) backoff(n int) time.Duration {
	d := r.policy.BaseDelay
	for i := 1; i < n && d < r.policy.MaxDelay; i++ {
		d *= 2
	}
	d = min(d, r.policy.MaxDelay)
	return d/2 + time.Duration(r.jitter()*float64(d/2))
}
