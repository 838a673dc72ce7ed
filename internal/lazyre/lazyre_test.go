package lazyre

import (
	"strings"
	"testing"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a+b$`)
	if !re().MatchString("aab") || re().MatchString("ba") {
		t.Error("the compiled expression does not match as written")
	}
	first, second := re(), re()
	if first != second {
		t.Error("the expression is compiled again on every call")
	}
}

func TestCheckFindsAnInvalidExpression(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatalf("Check before any invalid expression: %v", err)
	}
	New(`(unclosed`)
	defer func() {
		mu.Lock()
		all = all[:len(all)-1]
		mu.Unlock()
	}()
	if err := Check(); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("Check = %v, want the invalid expression's error", err)
	}
}
