package agent_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

func TestATransientFailureRunsAgainWithoutTheModel(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Warning
	f := newFixture(t, []llm.Message{
		calls(call("c1", "git", map[string]any{"args": []string{"add", "a.txt"}})),
		calls(call("c2", "shell", map[string]any{"command": "echo 'FAIL: TestX'; exit 1"})),
		text("done"),
	}, nil, cfg)
	git := exec.Command("git", "init", "-q", f.root)
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	os.WriteFile(filepath.Join(f.root, "a.txt"), []byte("a\n"), 0o644)
	// Another git process holds the index for a second.
	lock := filepath.Join(f.root, ".git", "index.lock")
	os.WriteFile(lock, nil, 0o644)
	// The other git process lets go a second after the call first met
	// the lock, however long the run took to get there.
	released := make(chan struct{})
	go func() {
		defer close(released)
		for end := time.Now().Add(10 * time.Second); len(f.sink.ofType(agent.EventRetry)) == 0 && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(time.Second)
		os.Remove(lock)
	}()
	if _, err := f.ag.Run(t.Context(), "stage a.txt, then run the tests"); err != nil {
		t.Fatal(err)
	}
	<-released

	retries := f.sink.ofType(agent.EventRetry)
	if len(retries) < 1 || len(retries) > 2 {
		t.Fatalf("%d retry events, want 1 or 2 (the lock was held for a second)", len(retries))
	}
	for i, e := range retries {
		if e.Call == nil || e.Call.ID != "c1" || e.Attempt != i+1 || !strings.Contains(e.Error, "git index is locked") || e.DelayMS != float64(int(500)<<i) {
			t.Errorf("retry event %d = %+v, want attempt %d of the git call, after %dms, saying the index is locked", i, e, i+1, 500<<i)
		}
	}
	res := f.toolResults()
	if r := res["c1"]; r.IsError || !strings.HasPrefix(r.Content, "[ran ") || !strings.Contains(r.Content, "git index is locked") {
		t.Errorf("the model read %q (error %v) for git add, want its success and how often it ran", r.Content, r.IsError)
	}
	staged, _ := exec.Command("git", "-C", f.root, "diff", "--cached", "--name-only").Output()
	if strings.TrimSpace(string(staged)) != "a.txt" {
		t.Errorf("staged files = %q, want a.txt", staged)
	}
	if r := res["c2"]; !r.IsError || strings.HasPrefix(r.Content, "[ran") {
		t.Errorf("the failing test run gave %q (error %v), want its failure as it was, run once", r.Content, r.IsError)
	}
	// Three model requests: one per call and the last; the reruns asked
	// the model nothing.
	if n := len(f.prov.reqs); n != 3 {
		t.Errorf("%d model requests, want 3", n)
	}
}

func TestNoRetriesWhenTheConfigSaysNone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Warning
	f := newFixture(t, []llm.Message{calls(call("c1", "git", map[string]any{"args": []string{"add", "a.txt"}})), text("done")}, nil, cfg)
	f.ag = agent.New(agent.Options{Provider: f.prov, Tools: newRegistryWith(t, f.root, func(c *tools.Config) { c.Retries = 0 }),
		Approver: agent.DenyAll{}, Sink: f.sink, Config: cfg})
	exec.Command("git", "init", "-q", f.root).Run()
	os.WriteFile(filepath.Join(f.root, "a.txt"), []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join(f.root, ".git", "index.lock"), nil, 0o644)
	if _, err := f.ag.Run(t.Context(), "stage"); err != nil {
		t.Fatal(err)
	}
	if n := len(f.sink.ofType(agent.EventRetry)); n != 0 {
		t.Errorf("%d retry events with retries = 0", n)
	}
	if r := f.toolResults()["c1"]; !r.IsError || !strings.Contains(r.Content, "index.lock") {
		t.Errorf("git add under a held lock gave %q, want git's error", r.Content)
	}
}

// newRegistryWith is newRegistry with the [tools] config changed by edit.
func newRegistryWith(t testing.TB, root string, edit func(*tools.Config)) *tools.Registry {
	t.Helper()
	cfg := tools.DefaultConfig()
	edit(&cfg)
	reg, err := tools.New(cfg, tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	return reg
}
