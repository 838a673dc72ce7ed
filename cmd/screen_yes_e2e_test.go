package cmd_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// The screen takes --yes LEVEL and --yes-safe as agent run does, instead
// of only /yes or the config.
func TestScreenYesFlagSetsTheAutoApproveLevel(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hello")})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: t.TempDir(), w: 120, h: 30, args: []string{"--yes", "warning"}})
	s.waitFor("Ask for a change", "auto-approve: warning")
}

func TestScreenYesFlagRefusesBlocked(t *testing.T) {
	t.Parallel()
	r := runAgent(t, nil, "", "--root", t.TempDir(), "--yes", "blocked")
	if r.code != 2 || !strings.Contains(r.stderr, "--yes blocked: blocked actions never run") {
		t.Errorf("agent --yes blocked: exit %d, stderr %q; want exit 2 saying blocked never runs", r.code, r.stderr)
	}
	r = runAgent(t, nil, "", "--root", t.TempDir(), "--yes-safe")
	if r.code != 2 || strings.Contains(r.stderr, "unknown flag") || !strings.Contains(r.stderr, "needs a terminal") {
		t.Errorf("agent --yes-safe without a terminal: exit %d, stderr %q; want the flag taken and the terminal asked for", r.code, r.stderr)
	}
}
