package tools

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// ErrRateLimited is wrapped by the error RateLimits.Wait returns when a
// call would wait longer than the configured bound.
var ErrRateLimited = errors.New("rate limited")

// parseRate reads "N/s", "N/min" or "N/h" (N at least 1).
func parseRate(s string) (int, time.Duration, error) {
	n, unit, ok := strings.Cut(strings.TrimSpace(s), "/")
	count, err := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err != nil || count < 1 {
		return 0, 0, fmt.Errorf("%q: want a count and a unit, such as \"10/min\"", s)
	}
	switch strings.TrimSpace(unit) {
	case "s", "sec", "second":
		return count, time.Second, nil
	case "min", "minute":
		return count, time.Minute, nil
	case "h", "hour":
		return count, time.Hour, nil
	}
	return 0, 0, fmt.Errorf("%q: the unit is s, min or h", s)
}

// RateLimits holds the [tools.rate_limits] of one session: how often each
// tool may be called, shared by every agent (every panel) that was given
// the same RateLimits. A nil *RateLimits limits nothing. It is safe for
// concurrent use.
type RateLimits struct {
	rules   []rateRule
	maxWait time.Duration
	now     func() time.Time // time.Now; a fixed clock in tests
}

// rateRule is one limit: a tool name or a glob over names.
type rateRule struct {
	pattern string
	spec    string
	lim     *rate.Limiter
}

// NewRateLimits builds the limits of c (which Validate accepted): each is
// a token bucket that holds N calls and refills at N per period, so a
// burst of N runs at once and later calls are spaced out. It returns nil
// when there are none.
func NewRateLimits(c Config) *RateLimits {
	if len(c.RateLimits) == 0 {
		return nil
	}
	l := &RateLimits{maxWait: time.Duration(c.RateLimitWaitSeconds) * time.Second, now: time.Now}
	for pattern, spec := range c.RateLimits {
		n, per, err := parseRate(spec)
		if err != nil {
			continue
		}
		l.rules = append(l.rules, rateRule{pattern: pattern, spec: spec, lim: rate.NewLimiter(rate.Every(per/time.Duration(n)), n)})
	}
	// An exact name wins over a glob; among globs the longest, the most
	// specific, wins; the order is then fixed whatever the map's.
	slices.SortFunc(l.rules, func(a, b rateRule) int {
		ag, bg := strings.ContainsAny(a.pattern, "*?["), strings.ContainsAny(b.pattern, "*?[")
		switch {
		case ag != bg && !ag:
			return -1
		case ag != bg:
			return 1
		case len(a.pattern) != len(b.pattern):
			return len(b.pattern) - len(a.pattern)
		}
		return strings.Compare(a.pattern, b.pattern)
	})
	return l
}

// rule returns the limit that applies to tool, or nil.
func (l *RateLimits) rule(tool string) *rateRule {
	for i, r := range l.rules {
		if ok, _ := path.Match(r.pattern, tool); ok {
			return &l.rules[i]
		}
	}
	return nil
}

// Wait returns when a call of tool may run under its limit. When it must
// wait, it first calls queued with a description of the limit and the
// wait ("web_fetch = 10/min, about 6s"); it never waits longer than the
// configured bound: a call that would is refused at once with an error
// wrapping ErrRateLimited, and does not count. Cancelling ctx returns
// ctx.Err() and gives the call's place back.
func (l *RateLimits) Wait(ctx context.Context, tool string, queued func(what string)) error {
	if l == nil {
		return nil
	}
	r := l.rule(tool)
	if r == nil {
		return nil
	}
	now := l.now()
	res := r.lim.ReserveN(now, 1)
	d := res.DelayFrom(now)
	if d == 0 {
		return nil
	}
	if d > l.maxWait {
		res.CancelAt(now)
		return fmt.Errorf("%w: %s is limited to %s ([tools.rate_limits] %q) and the next free slot is in %s, "+
			"longer than the %s a call may wait; try again later or do something else first",
			ErrRateLimited, tool, r.spec, r.pattern, d.Round(time.Second), l.maxWait)
	}
	queued(fmt.Sprintf("rate limit %s = %s, about %s", r.pattern, r.spec, d.Round(100*time.Millisecond)))
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		res.Cancel()
		return ctx.Err()
	}
}

// validateRateLimits checks the [tools.rate_limits] entries.
func validateRateLimits(limits map[string]string) []error {
	var errs []error
	keys := make([]string, 0, len(limits))
	for k := range limits {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if _, err := path.Match(k, ""); err != nil || k == "" {
			errs = append(errs, fmt.Errorf("tools.rate_limits: %q is not a tool name or pattern", k))
			continue
		}
		if _, _, err := parseRate(limits[k]); err != nil {
			errs = append(errs, fmt.Errorf("tools.rate_limits.%s = %w", k, err))
		}
	}
	return errs
}
