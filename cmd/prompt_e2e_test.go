package cmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// The system prompt every wire format sends carries today's date, the
// project's git branch and status, whether commands are confined, and
// both AGENTS.md files, the project's after the person's.
func TestRunSystemPromptReachesEachProvider(t *testing.T) {
	t.Parallel()
	for _, pc := range providerCases {
		t.Run("with --provider "+pc.name, func(t *testing.T) {
			t.Parallel()
			root := gitRepo(t, map[string]string{"AGENTS.md": "Run make lint before you finish.\n", "main.go": "package main\n"})
			git := exec.Command("git", "checkout", "-qb", "prompt-e2e-branch")
			git.Dir = root
			if out, err := git.CombinedOutput(); err != nil {
				t.Fatalf("git checkout: %v\n%s", err, out)
			}
			os.WriteFile(filepath.Join(root, "main.go"), []byte("package main // changed\n"), 0o644)
			home := t.TempDir()
			os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
			os.WriteFile(filepath.Join(home, "config", "agent", "AGENTS.md"), []byte("Answer in French.\n"), 0o644)

			srv := pc.serve(t, llmtest.Script{llmtest.Say("ok")})
			before := time.Now()
			r := run(t, agentCmd(t, home, pc.env(srv.URL()), "run", "--provider", pc.name, "--model", llmtest.Model, "--root", root, "hi"))
			after := time.Now()
			if r.code != 0 {
				t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
			}
			req := srv.Requests()[0]
			sys := req.System
			date := before.Format("2 January 2006")
			if !strings.Contains(sys, date) && !strings.Contains(sys, after.Format("2 January 2006")) {
				t.Errorf("system prompt lacks today's date %q:\n%s", date, sys)
			}
			for _, want := range []string{"on branch prompt-e2e-branch; 1 changed", "Project root: " + root,
				"Run make lint before you finish.", "Answer in French.", "Never make the same call again"} {
				if !strings.Contains(sys, want) {
					t.Errorf("system prompt lacks %q:\n%s", want, sys)
				}
			}
			if !strings.Contains(sys, "Commands are confined") && !strings.Contains(sys, "Commands are NOT confined") {
				t.Errorf("system prompt does not say whether commands are confined:\n%s", sys)
			}
			if strings.Index(sys, "Answer in French.") > strings.Index(sys, "Run make lint") {
				t.Errorf("the project's AGENTS.md must come after the person's, to win")
			}
			t.Logf("%s: system prompt %d bytes; first request body with the tool specs %d bytes", pc.name, len(sys), len(req.Body))
		})
	}
}
