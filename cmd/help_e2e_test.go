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

// --provider and --model are listed only where they do something.
func TestProviderFlagsOnlyWhereTheyAct(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  []string
		want bool
	}{
		{[]string{"run"}, true}, {nil, true}, {[]string{"config"}, true}, {[]string{"doctor"}, true},
		{[]string{"classify"}, false}, {[]string{"sessions"}, false}, {[]string{"undo"}, false},
		{[]string{"apply"}, false}, {[]string{"mcp", "list"}, false}, {[]string{"version"}, false},
	} {
		r := runAgent(t, nil, "", append(tt.cmd, "--help")...)
		if got := strings.Contains(r.stdout, "--model string"); r.code != 0 || got != tt.want {
			t.Errorf("agent %v --help: exit %d, lists --model: %v, want %v", tt.cmd, r.code, got, tt.want)
		}
	}
}
