package llm

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorText(t *testing.T) {
	inner := errors.New("dial tcp: refused")
	e := &Error{Kind: KindUnreachable, Provider: "deepseek", Msg: "cannot reach https://x: is the server running?", Err: inner}
	if got, want := e.Error(), "deepseek: cannot reach https://x: is the server running?"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	wrapped := fmt.Errorf("turn 3: %w", e)
	if !errors.Is(wrapped, inner) {
		t.Errorf("errors.Is(%v, inner) = false, want true through Unwrap", wrapped)
	}
	if k := KindOf(wrapped); k != KindUnreachable {
		t.Errorf("KindOf(%v) = %q, want %q", wrapped, k, KindUnreachable)
	}
	if k := KindOf(errors.New("plain")); k != "" {
		t.Errorf("KindOf(plain) = %q, want none", k)
	}
}

func TestRetryable(t *testing.T) {
	for _, k := range []ErrorKind{KindUnreachable, KindAuth, KindModelNotFound, KindRateLimit, KindServer, KindContextLength, KindBadRequest, KindBadResponse, KindInterrupted} {
		want := k == KindRateLimit || k == KindServer || k == KindInterrupted
		if got := k.Retryable(); got != want {
			t.Errorf("%q.Retryable() = %v, want %v", k, got, want)
		}
	}
}
