package cmd_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A git call that meets .git/index.lock, held by another git process for
// a second after the call first met it, runs again after a backoff and succeeds: the retry is an event
// of the call, the model is asked nothing more, and the file is staged.
func TestRunRetriesAGitCallWhileTheIndexIsLocked(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644)
	lock := filepath.Join(root, ".git", "index.lock")
	os.WriteFile(lock, nil, 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("git", `{"args": ["add", "a.txt"]}`)),
		llmtest.Say("Staged."),
	})
	c := agentCmd(t, t.TempDir(), openaiEnv(srv), "run", "--yes", "warning", "--json", "--root", root, "stage a.txt")
	stdout, _ := c.StdoutPipe()
	var stderr strings.Builder
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	// The other git process lets go of the index a second after the
	// call first met its lock, whenever the run got there.
	var out strings.Builder
	released := make(chan struct{})
	met := false
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if !met && strings.Contains(sc.Text(), `"type":"retry"`) {
			met = true
			time.AfterFunc(time.Second, func() { os.Remove(lock); close(released) })
		}
	}
	if err := c.Wait(); err != nil {
		t.Fatalf("agent run: %v\nstdout: %s\nstderr: %s", err, out.String(), stderr.String())
	}
	select {
	case <-released:
	default:
		t.Fatalf("the git call never met the lock\nstdout: %s", out.String())
	}
	evs := events(t, out.String())
	retries := ofType(evs, "retry")
	if len(retries) < 1 || len(retries) > 2 {
		t.Fatalf("retry events = %v, want 1 or 2", retries)
	}
	for _, e := range retries {
		call, _ := e["call"].(map[string]any)
		if call["tool"] != "git" || !strings.Contains(e["error"].(string), "git index is locked") {
			t.Errorf("retry event = %v, want one of the git call saying the index is locked", e)
		}
	}
	if reqs := srv.Requests(); len(reqs) != 2 {
		t.Errorf("%d model requests, want 2: the reruns asked the model nothing", len(reqs))
	} else if tr := reqs[1].ToolResults(); len(tr) != 1 || !strings.HasPrefix(tr[0].Content, "[ran ") {
		t.Errorf("the model read %+v, want the git call's success and how often it ran", tr)
	}
	staged, _ := exec.Command("git", "-C", root, "diff", "--cached", "--name-only").Output()
	if strings.TrimSpace(string(staged)) != "a.txt" {
		t.Errorf("staged files = %q, want a.txt", staged)
	}
}
