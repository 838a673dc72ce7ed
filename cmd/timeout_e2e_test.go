package cmd_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// writeUserConfig writes home's user config file.
func writeUserConfig(t *testing.T, home, toml string) {
	t.Helper()
	dir := filepath.Join(home, "config", "agent")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A server that goes silent after its first bytes no longer hangs the
// run: after idle_timeout_seconds the request counts as interrupted and is
// sent again.
func TestRunRecoversFromAStalledStream(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		{Text: "Recovered after the stall.", Fault: llmtest.Fault{StallAfter: 1, Times: 1}},
	})
	home := t.TempDir()
	writeUserConfig(t, home, "[agent]\nidle_timeout_seconds = 3\n")
	start := time.Now()
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--yes-safe", "--root", root, "say hello"))
	took := time.Since(start)
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if took > 30*time.Second {
		t.Errorf("the run took %v, want under 30s", took)
	}
	if !strings.Contains(r.stdout, "Recovered after the stall.") {
		t.Errorf("stdout = %q, want the reply of the second try", r.stdout)
	}
	if !regexp.MustCompile(`retry 1 of 3 .*sent nothing for 3s \(idle_timeout_seconds\)`).MatchString(r.stderr) {
		t.Errorf("stderr = %q, want a retry line naming the idle timeout", r.stderr)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("server received %d requests, want 2", n)
	}
}

// With several providers, one that never answers fails on its own: the
// other finishes its work, and the figures say how each ended.
func TestRunSeveralProvidersOneSilent(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home, env, _ := twoProviders(t,
		llmtest.Script{
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "a.txt", "content": "A\n"}`)),
			llmtest.Say("Wrote a.txt."),
		},
		llmtest.Script{{Text: "never sent", Fault: llmtest.Fault{StallHeaders: true}}},
	)
	writeUserConfig(t, home, "[agent]\nretries = 1\nidle_timeout_seconds = 2\n[providers.openai]\nmodel = \""+
		llmtest.Model+"\"\n[providers.anthropic]\nmodel = \""+llmtest.Model+"\"\n")
	start := time.Now()
	r := run(t, agentCmd(t, home, env, "run", "--provider", "openai,anthropic", "--yes", "warning", "--root", root, "write your file"))
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the run took %v, want the silent provider given up within seconds", took)
	}
	if r.code != 1 {
		t.Fatalf("exit code = %d, want 1 (anthropic failed)\nstderr: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "a.txt")); err != nil {
		t.Errorf("a.txt: %v, want openai's work done", err)
	}
	for _, re := range []string{
		`(?m)^anthropic: .*sent nothing for 2s`,
		`(?m)^openai +2 .* finished$`,
		`(?m)^anthropic +1 .* failed$`,
	} {
		if !regexp.MustCompile(re).MatchString(r.stderr) {
			t.Errorf("stderr = %q, want a line matching %s", r.stderr, re)
		}
	}
}
