package tools

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseRate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in  string
		n   int
		per time.Duration
	}{
		{"60/min", 60, time.Minute}, {"10/s", 10, time.Second}, {" 3 / h ", 3, time.Hour},
		{"1/second", 1, time.Second}, {"5/minute", 5, time.Minute}, {"100/hour", 100, time.Hour},
	} {
		n, per, err := parseRate(c.in)
		if err != nil || n != c.n || per != c.per {
			t.Errorf("parseRate(%q) = %d, %v, %v; want %d, %v", c.in, n, per, err, c.n, c.per)
		}
	}
	for _, bad := range []string{"", "60", "0/min", "-1/s", "x/min", "10/day", "10/", "/min", "1.5/s"} {
		if _, _, err := parseRate(bad); err == nil {
			t.Errorf("parseRate(%q) = nil error", bad)
		}
	}
	c := DefaultConfig()
	c.RateLimits = map[string]string{"shell": "60/min", "mcp__github__*": "30/min", "web_fetch": "10/day", "[": "1/s"}
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), "tools.rate_limits.web_fetch") || !strings.Contains(err.Error(), `"["`) || strings.Contains(err.Error(), "shell") {
		t.Errorf("Validate() = %v, want web_fetch's unit and the bad pattern named, nothing else", err)
	}
}

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestRateLimitsWait(t *testing.T) {
	t.Parallel()
	c := DefaultConfig()
	c.RateLimitWaitSeconds = 0
	c.RateLimits = map[string]string{"web_fetch": "2/min", "mcp__*": "100/s", "mcp__github__*": "1/h"}
	l := NewRateLimits(c)
	clock := &fakeClock{t: time.Unix(1_000_000, 0)}
	l.now = clock.now
	noQueue := func(what string) { t.Errorf("queued %q with a wait bound of 0", what) }

	t.Run("a burst of N runs at once, the next is refused without counting", func(t *testing.T) {
		for i := range 2 {
			if err := l.Wait(t.Context(), "web_fetch", noQueue); err != nil {
				t.Fatalf("call %d: Wait = %v", i+1, err)
			}
		}
		for range 3 {
			err := l.Wait(t.Context(), "web_fetch", noQueue)
			if !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), "web_fetch is limited to 2/min") || !strings.Contains(err.Error(), "in 30s") {
				t.Fatalf("third call: Wait = %v, want refused with the limit and the wait", err)
			}
		}
		clock.t = clock.t.Add(30 * time.Second) // one slot back, the refusals took none
		if err := l.Wait(t.Context(), "web_fetch", noQueue); err != nil {
			t.Errorf("after 30s: Wait = %v", err)
		}
	})
	t.Run("the most specific pattern applies and other tools are free", func(t *testing.T) {
		if err := l.Wait(t.Context(), "mcp__github__issue", noQueue); err != nil {
			t.Fatal(err)
		}
		if err := l.Wait(t.Context(), "mcp__github__issue", noQueue); !errors.Is(err, ErrRateLimited) || !strings.Contains(err.Error(), `"mcp__github__*"`) {
			t.Errorf("second github call: Wait = %v, want mcp__github__* to apply", err)
		}
		for range 50 {
			if err := l.Wait(t.Context(), "mcp__files__read", noQueue); err != nil {
				t.Fatalf("mcp__files__read: Wait = %v, want mcp__* (100/s) to apply", err)
			}
		}
		for range 100 {
			if err := l.Wait(t.Context(), "read_file", noQueue); err != nil {
				t.Fatalf("read_file has no limit: Wait = %v", err)
			}
		}
	})
	t.Run("a nil RateLimits limits nothing", func(t *testing.T) {
		if l := NewRateLimits(DefaultConfig()); l != nil || l.Wait(t.Context(), "shell", noQueue) != nil {
			t.Errorf("NewRateLimits(no limits) = %v", l)
		}
	})
}

func TestRateLimitsQueueThenRun(t *testing.T) {
	t.Parallel()
	c := DefaultConfig()
	c.RateLimitWaitSeconds = 5
	c.RateLimits = map[string]string{"shell": "10/s"}
	l := NewRateLimits(c)
	// The limiter's clock stands still, so the calls after the tenth
	// always find the budget spent however slowly this test runs: the
	// last one is queued when its context ends. (The eleventh still
	// waits its slot on a real timer.)
	stopped := time.Now()
	l.now = func() time.Time { return stopped }
	for range 10 {
		if err := l.Wait(t.Context(), "shell", func(string) {}); err != nil {
			t.Fatal(err)
		}
	}
	var queued []string
	start := time.Now()
	if err := l.Wait(t.Context(), "shell", func(s string) { queued = append(queued, s) }); err != nil {
		t.Fatal(err)
	}
	if len(queued) != 1 || !strings.HasPrefix(queued[0], "rate limit shell = 10/s, about ") {
		t.Errorf("queued = %q, want one note naming the limit", queued)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("the 11th call ran after %s, want it spaced by about 100ms", d)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	queued = nil
	if err := l.Wait(ctx, "shell", func(s string) { queued = append(queued, s) }); !errors.Is(err, context.Canceled) || len(queued) != 1 {
		t.Errorf("Wait with a cancelled context = %v after queueing %q, want it queued and then cancelled", err, queued)
	}
}
