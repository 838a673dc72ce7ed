package cmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// Four providers in one headless run share the session's rate limits:
// under read_file = "2/min" with no waiting, two of their four reads run
// and two are refused with a result that says why.
func TestRunRateLimitsAreSharedByFourProviders(t *testing.T) {
	t.Parallel()
	read := llmtest.Script{llmtest.Use(llmtest.UseTool("read_file", `{"path": "notes.txt"}`)), llmtest.Say("read")}
	o, d := openaitest.NewServer(t, read), openaitest.NewServer(t, read)
	a, l := anthropictest.NewServer(t, read), ollamatest.NewServer(t, read)
	home, root := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("notes\n"), 0o644)
	os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"), []byte(`
[agent]
retries = 0
[tools]
rate_limit_wait_seconds = 0
[tools.rate_limits]
read_file = "2/min"
[providers.openai]
model = "`+llmtest.Model+`"
[providers.anthropic]
model = "`+llmtest.Model+`"
[providers.ollama]
model = "`+llmtest.Model+`"
[providers.deepseek]
base_url = "`+d.URL()+`"
model = "`+llmtest.Model+`"
`), 0o644)
	env := map[string]string{
		"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": o.URL(), "DEEPSEEK_API_KEY": llmtest.APIKey,
		"ANTHROPIC_API_KEY": llmtest.APIKey, "ANTHROPIC_BASE_URL": a.URL(), "OLLAMA_HOST": l.URL(),
	}
	r := run(t, agentCmd(t, home, env, "run", "--provider", "openai,anthropic,ollama,deepseek", "--json", "--root", root, "read the notes"))
	if r.code != 0 {
		t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
	}
	var ran, refused int
	for _, f := range []fake{o, d, a, l} {
		reqs := f.Requests()
		tr := reqs[len(reqs)-1].ToolResults()
		switch {
		case len(tr) == 1 && strings.Contains(tr[0].Content, "notes"):
			ran++
		case len(tr) == 1 && strings.Contains(tr[0].Content, "rate limited: read_file is limited to 2/min"):
			refused++
		default:
			t.Errorf("a provider's model was sent %+v", tr)
		}
	}
	if ran != 2 || refused != 2 {
		t.Errorf("%d reads ran and %d were refused, want 2 and 2: the four providers share one limit", ran, refused)
	}
}
