package cmd

import (
	"testing"

	"github.com/agentcli/agent/internal/lazyre"
)

// Every regular expression compiled on first use is valid: cmd links every
// package, so all of them were given to lazyre when this test runs.
func TestEveryLazyRegexpCompiles(t *testing.T) {
	t.Parallel()
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}
