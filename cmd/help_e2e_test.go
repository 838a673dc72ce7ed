package cmd_test

import (
	"strings"
	"testing"
)

// A script that declines agent apply gets exit 3: the help says so, as
// agent run's does for its codes.
func TestApplyHelpSaysItsExitCodes(t *testing.T) {
	t.Parallel()
	r := runAgent(t, nil, "", "apply", "--help")
	for _, want := range []string{"Exit codes:", "3  not applied: you answered no", "1  not applied: the changes conflict"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("agent apply --help: exit %d, lacks %q:\n%s", r.code, want, r.stdout)
		}
	}
}
