package cmd_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/classify/secrets"
	"github.com/agentcli/agent/tools/sandbox"
)

// TestDoctorReportsSandbox runs `agent doctor` and checks that its sandbox
// section says what this OS offers, Seatbelt included: available with its
// program, or not and why.
func TestDoctorReportsSandbox(t *testing.T) {
	t.Parallel()
	// The default provider, a local Ollama, may or may not answer here:
	// exit 1 says it does not, and nothing else may be wrong.
	r := runAgent(t, nil, "", "doctor")
	if r.code != 0 && (r.code != 1 || strings.TrimSpace(r.stderr) != "agent: doctor found a problem with: provider ollama (see above)") {
		t.Fatalf("doctor exited %d: %s", r.code, r.stderr)
	}
	rep := sandbox.Probe()
	want := "  seatbelt:          no: " + rep.SeatbeltReason
	if rep.Seatbelt {
		want = "  seatbelt:          yes (" + sandbox.SeatbeltExec + ")"
	}
	for _, line := range []string{want, "  summary:           " + rep.Summary} {
		if !strings.Contains(r.stdout, line+"\n") {
			t.Errorf("doctor output lacks %q:\n%s", line, r.stdout)
		}
	}
}

// TestDoctorChecksEachProvider points every configured provider at a
// loopback fake (or at nothing) and checks that doctor says, for each, in
// plain words what is wrong and how to fix it.
func TestDoctorChecksEachProvider(t *testing.T) {
	t.Parallel()
	o := openaitest.NewServer(t, nil)
	a := anthropictest.NewServer(t, nil)
	ol := ollamatest.NewServer(t, nil)
	ol.SetModels("llama3.2:latest")
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // a port where nothing listens any more
	home := t.TempDir()
	cfg := filepath.Join(home, "config", "agent", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte(`provider = "openai"
[providers.openai]
model = "`+llmtest.Model+`"
[providers.anthropic]
model = "`+llmtest.Model+`"
[providers.ollama]
model = "qwen2.5-coder:7b"
[providers.pulled]
type = "ollama"
base_url = "`+ol.URL()+`"
model = "llama3.2"
[providers.gone]
type = "ollama"
base_url = "`+closed.URL+`"
model = "qwen2.5-coder:7b"
[providers.other]
type = "openai"
base_url = "`+o.URL()+`"
api_key_env = "OPENAI_API_KEY"
model = "no-such-model"
`), 0o600)
	env := map[string]string{
		"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": o.URL(),
		"ANTHROPIC_API_KEY": "sk-wrong-key", "ANTHROPIC_BASE_URL": a.URL(),
		"OLLAMA_HOST": ol.URL(),
	}
	r := run(t, agentCmd(t, home, env, "doctor", "--root", t.TempDir()))
	if want := "agent: doctor found a problem with: provider anthropic; provider gone; provider ollama; provider other (see above)\n"; r.code != 1 || r.stderr != want {
		t.Fatalf("doctor exited %d, stderr %q; want 1 and %q", r.code, r.stderr, want)
	}
	// Once every provider that is checked works, doctor exits 0.
	os.WriteFile(cfg, []byte(`provider = "openai"
[providers.openai]
model = "`+llmtest.Model+`"
[providers.ollama]
model = "llama3.2"
`), 0o600)
	delete(env, "ANTHROPIC_API_KEY") // not set: not checked, no problem
	if ok := run(t, agentCmd(t, home, env, "doctor", "--root", t.TempDir())); ok.code != 0 {
		t.Errorf("doctor with working providers exited %d: %s", ok.code, ok.stderr)
	}
	_, providers, _ := strings.Cut(r.stdout, "\nproviders\n")
	for _, want := range []string{
		"* openai ", "    ok: answers at " + o.URL() + ", and has model " + llmtest.Model,
		"    problem: the key in ANTHROPIC_API_KEY was refused",
		"    problem: model qwen2.5-coder:7b is not pulled on " + ol.URL() + ": ollama pull qwen2.5-coder:7b",
		"    ok: answers at " + ol.URL() + ", and has model llama3.2", // an untagged name means :latest
		"    problem: Ollama is not running at " + closed.URL + ": start it with 'ollama serve'",
		"    problem: model no-such-model is not offered at " + o.URL() + " (it offers: " + llmtest.Model + ")",
		"    not checked: DEEPSEEK_API_KEY is not set (export DEEPSEEK_API_KEY=<your key>)",
	} {
		if !strings.Contains(providers, want) {
			t.Errorf("doctor's providers section lacks %q:\n%s", want, providers)
		}
	}
}

// TestDoctorListsEverySecretStore checks doctor against the one list of
// secret locations: with every store of the list in the home directory,
// doctor names each, with its reason, and never prints a store's contents.
func TestDoctorListsEverySecretStore(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	const content = "hunter2-do-not-print"
	for _, e := range secrets.Home {
		p := filepath.Join(home, filepath.FromSlash(e.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatalf("%s: %v", e.Path, err)
		}
	}
	c := agentCmd(t, home, nil, "doctor")
	r := run(t, c)
	if r.code != 0 && (r.code != 1 || !onlyProvidersFailed(r.stderr)) { // no Ollama answers here
		t.Fatalf("doctor exited %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, fmt.Sprintf("credential stores: %d of the %d known", len(secrets.Home), len(secrets.Home))) {
		t.Errorf("doctor does not count every store:\n%s", r.stdout)
	}
	for _, e := range secrets.Home {
		if !strings.Contains(r.stdout, "~/"+e.Path+" ") || !strings.Contains(r.stdout, e.Reason) {
			t.Errorf("doctor does not list ~/%s (%s)", e.Path, e.Reason)
		}
	}
	if strings.Contains(r.stdout, content) {
		t.Error("doctor prints a store's contents")
	}
}
