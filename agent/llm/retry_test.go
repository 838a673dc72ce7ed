package llm

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

// step is one scripted attempt: text to stream, then an error or success.
type step struct {
	reasoning string
	text      string
	err       error
	usage     Usage
}

// stepProvider plays its steps in order, one per Stream call.
type stepProvider struct {
	steps []step
	calls int
}

func (p *stepProvider) Name() string  { return "fake" }
func (p *stepProvider) Model() string { return "m" }
func (p *stepProvider) Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error) {
	s := p.steps[p.calls]
	p.calls++
	if s.reasoning != "" {
		onDelta(Delta{Reasoning: s.reasoning})
	}
	if s.text != "" {
		onDelta(Delta{Text: s.text})
	}
	return Response{Message: Message{Role: RoleAssistant, Content: s.text}, Usage: s.usage}, s.err
}

// The tokens a failed attempt reported are charged, so they are in the
// usage of the reply that follows.
func TestWithRetryCountsTheFailedAttempts(t *testing.T) {
	p := &stepProvider{steps: []step{
		{err: &Error{Kind: KindServer}, usage: Usage{InputTokens: 100, OutputTokens: 3}},
		{text: "ok", usage: Usage{InputTokens: 100, OutputTokens: 5}},
	}}
	r := WithRetry(p, RetryPolicy{MaxRetries: 1, BaseDelay: time.Nanosecond, MaxDelay: time.Nanosecond}, nil)
	resp, err := r.Stream(t.Context(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Usage{InputTokens: 200, OutputTokens: 8}); resp.Usage != want {
		t.Errorf("Usage = %+v, want %+v", resp.Usage, want)
	}
}

func TestWithRetry(t *testing.T) {
	server := &Error{Kind: KindServer, Provider: "fake", Msg: "server error (503)"}
	limited := func(after time.Duration) *Error {
		return &Error{Kind: KindRateLimit, Provider: "fake", RetryAfter: after, Msg: "rate limited"}
	}
	auth := &Error{Kind: KindAuth, Provider: "fake", Msg: "key rejected"}
	policy := RetryPolicy{MaxRetries: 3, BaseDelay: time.Second, MaxDelay: 8 * time.Second, MaxRetryAfter: time.Minute}

	tests := []struct {
		name      string
		steps     []step
		policy    RetryPolicy
		wantCalls int
		wantErr   error
		// wantWaited is the fake time that must pass, at least and at most.
		minWait, maxWait time.Duration
	}{
		{
			name:      "a server error is retried until the request succeeds",
			steps:     []step{{err: server}, {err: server}, {text: "ok"}},
			policy:    policy,
			wantCalls: 3,
			minWait:   500*time.Millisecond + time.Second, maxWait: 3 * time.Second,
		},
		{
			name:      "a rate limit waits at least its Retry-After",
			steps:     []step{{err: limited(20 * time.Second)}, {text: "ok"}},
			policy:    policy,
			wantCalls: 2,
			minWait:   20 * time.Second, maxWait: 20 * time.Second,
		},
		{
			name:      "an interrupted connection is retried",
			steps:     []step{{err: &Error{Kind: KindInterrupted, Msg: "reset"}}, {text: "ok"}},
			policy:    policy,
			wantCalls: 2,
			minWait:   500 * time.Millisecond, maxWait: time.Second,
		},
		{
			name:      "an auth error is returned at once",
			steps:     []step{{err: auth}},
			policy:    policy,
			wantCalls: 1,
			wantErr:   auth,
		},
		{
			name:      "an error after text streamed is returned, since a retry would repeat the text",
			steps:     []step{{text: "half", err: server}},
			policy:    policy,
			wantCalls: 1,
			wantErr:   server,
		},
		{
			name:      "retries stop at MaxRetries and the last error is returned",
			steps:     []step{{err: server}, {err: server}, {err: server}, {err: server}},
			policy:    policy,
			wantCalls: 4,
			wantErr:   server,
			minWait:   (500*time.Millisecond + time.Second + 2*time.Second), maxWait: 7 * time.Second,
		},
		{
			name:      "a Retry-After longer than MaxRetryAfter is returned at once",
			steps:     []step{{err: limited(time.Hour)}},
			policy:    policy,
			wantCalls: 1,
			wantErr:   limited(time.Hour),
		},
		{
			name:      "the zero policy never retries",
			steps:     []step{{err: server}},
			wantCalls: 1,
			wantErr:   server,
		},
		{
			name:      "an error that is not an *Error is returned at once",
			steps:     []step{{err: errors.New("odd")}},
			policy:    policy,
			wantCalls: 1,
			wantErr:   errors.New("odd"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				inner := &stepProvider{steps: tt.steps}
				var infos []RetryInfo
				p := WithRetry(inner, tt.policy, func(ri RetryInfo) { infos = append(infos, ri) })
				start := time.Now()
				_, err := p.Stream(t.Context(), Request{}, func(Delta) {})
				waited := time.Since(start)
				if (err == nil) != (tt.wantErr == nil) || (err != nil && err.Error() != tt.wantErr.Error()) {
					t.Errorf("Stream() error = %v, want %v", err, tt.wantErr)
				}
				if inner.calls != tt.wantCalls {
					t.Errorf("inner Stream called %d times, want %d", inner.calls, tt.wantCalls)
				}
				if len(infos) != tt.wantCalls-1 {
					t.Errorf("onRetry called %d times, want %d", len(infos), tt.wantCalls-1)
				}
				var total time.Duration
				for i, ri := range infos {
					total += ri.Delay
					if ri.Attempt != i+1 || ri.MaxRetries != tt.policy.MaxRetries || ri.Provider != "fake" || ri.Err == nil {
						t.Errorf("RetryInfo %d = %+v, want attempt %d of %d with its error", i, ri, i+1, tt.policy.MaxRetries)
					}
				}
				if total != waited {
					t.Errorf("waited %v, but the delays announced add up to %v", waited, total)
				}
				if waited < tt.minWait || waited > tt.maxWait {
					t.Errorf("waited %v, want between %v and %v", waited, tt.minWait, tt.maxWait)
				}
			})
		})
	}
}

// Thinking that streamed before a failure is not the answer: the request
// is retried, and the thinking of both attempts reaches the listener.
func TestWithRetryAfterThinking(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inner := &stepProvider{steps: []step{
			{reasoning: "hmm", err: &Error{Kind: KindServer}},
			{reasoning: "so", text: "ok"},
		}}
		var deltas []Delta
		p := WithRetry(inner, DefaultRetryPolicy(), nil)
		resp, err := p.Stream(t.Context(), Request{}, func(d Delta) { deltas = append(deltas, d) })
		if err != nil || resp.Message.Content != "ok" {
			t.Fatalf("Stream() = %q, %v; want the second attempt's answer", resp.Message.Content, err)
		}
		if inner.calls != 2 {
			t.Errorf("inner Stream called %d times, want 2", inner.calls)
		}
		want := []Delta{{Reasoning: "hmm"}, {Reasoning: "so"}, {Text: "ok"}}
		if len(deltas) != len(want) {
			t.Fatalf("deltas = %v, want %v", deltas, want)
		}
		for i := range want {
			if deltas[i] != want[i] {
				t.Errorf("delta %d = %v, want %v", i, deltas[i], want[i])
			}
		}
	})
}

// TestWithRetryCancel checks that a cancel during the wait returns ctx's
// error at once, without another attempt.
func TestWithRetryCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inner := &stepProvider{steps: []step{{err: &Error{Kind: KindRateLimit, RetryAfter: 30 * time.Second}}, {text: "ok"}}}
		ctx, cancel := context.WithCancel(t.Context())
		p := WithRetry(inner, DefaultRetryPolicy(), func(RetryInfo) {
			time.AfterFunc(time.Second, cancel)
		})
		start := time.Now()
		_, err := p.Stream(ctx, Request{}, nil)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Stream() error = %v, want context.Canceled", err)
		}
		if d := time.Since(start); d != time.Second {
			t.Errorf("returned after %v, want 1s, when the cancel came", d)
		}
		if inner.calls != 1 {
			t.Errorf("inner Stream called %d times, want 1", inner.calls)
		}
	})
}

func TestBackoff(t *testing.T) {
	r := &retrying{policy: RetryPolicy{BaseDelay: time.Second, MaxDelay: 10 * time.Second}}
	tests := []struct {
		n      int
		jitter float64
		want   time.Duration
	}{
		{n: 1, jitter: 0, want: 500 * time.Millisecond},
		{n: 1, jitter: 0.999999999, want: time.Second},
		{n: 2, jitter: 0, want: time.Second},
		{n: 3, jitter: 0.5, want: 3 * time.Second},
		{n: 5, jitter: 0, want: 5 * time.Second}, // capped at 10s before jitter
		{n: 60, jitter: 0, want: 5 * time.Second},
	}
	for _, tt := range tests {
		r.jitter = func() float64 { return tt.jitter }
		if got := r.backoff(tt.n); got.Round(time.Millisecond) != tt.want {
			t.Errorf("backoff(%d) with jitter %v = %v, want %v", tt.n, tt.jitter, got, tt.want)
		}
	}
}
