package classify

import (
	"strings"
	"testing"
)

// The machine the tests judge for. Nothing here touches the file system.
const (
	testRoot = "/home/dev/project"
	testHome = "/home/dev"
)

func shellAction(command string) Action {
	return Action{Kind: Shell, Command: command, Root: testRoot, Home: testHome}
}

// levelCase is one shell command and the level it must get.
type levelCase struct {
	cmd  string
	want Level
}

// checkLevels runs each case as a subtest named "COMMAND is LEVEL".
func checkLevels(t *testing.T, cases []levelCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.cmd+" is "+tc.want.String(), func(t *testing.T) {
			got := Classify(shellAction(tc.cmd), Policy{})
			if got.Level != tc.want {
				t.Errorf("Classify(%q) = %v, want %v\nreasons: %s", tc.cmd, got.Level, tc.want, strings.Join(got.Reasons, "; "))
			}
		})
	}
}

// each builds cases that all want the same level.
func each(want Level, cmds ...string) []levelCase {
	out := make([]levelCase, len(cmds))
	for i, c := range cmds {
		out[i] = levelCase{cmd: c, want: want}
	}
	return out
}
