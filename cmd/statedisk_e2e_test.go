package cmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A session file that cannot be written stops the run: nothing may run
// that the audit log would not show. The binary runs under a file-size
// limit (RLIMIT_FSIZE, which binds root too), so its writes past 64 KiB
// fail as on a full disk; the model's first call, a read of a 200 KB
// file, fills the session file, and its second, a write, must never run.
func TestAnUnwritableSessionLogStopsTheRun(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "big.txt"), []byte(strings.Repeat("a line of the big file\n", 9000)), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("read_file", `{"path": "big.txt"}`)),
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "after.txt", "content": "unrecorded\n"}`)),
		llmtest.Say("done"),
	})
	h := newStateHome(t, openaiEnv(srv))
	c := h.cmd("run", "--yes", "warning", "--root", root, "read big.txt, then write after.txt")
	// ulimit -S -f counts 512-byte blocks; only the soft limit, so the
	// sandbox may still set its own for commands.
	c.Args = append([]string{"sh", "-c", `ulimit -S -f 128 && exec "$0" "$@"`, agentBin}, c.Args[1:]...)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	c.Path = sh
	r := run(t, c)

	if r.code != 1 {
		t.Fatalf("exit %d, want 1\nstderr: %s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(h.state(), "agent", "sessions", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files %v, want one", files)
	}
	if !strings.Contains(r.stderr, "stopped: the session log "+files[0]+" cannot be written") || !strings.Contains(r.stderr, "file too large") {
		t.Errorf("stderr = %q; want why the run stopped, naming the session file", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "after.txt")); err == nil {
		t.Error("after.txt was written after the session log failed")
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("the provider got %d requests, want 1: the run goes no further than the event it could not record", n)
	}
}

// Checkpoints that cannot be taken (here their directory is a file, so
// the binary meets a real error) hold every change for a person: headless,
// a write the --yes level covers is denied, the model is told why, and
// the file is not written. Reads still run.
func TestWithoutCheckpointsAHeadlessChangeIsDenied(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo\n"), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("read_file", `{"path": "README.md"}`)),
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "new.txt", "content": "x\n"}`)),
		llmtest.Say("done"),
	})
	h := newStateHome(t, openaiEnv(srv))
	os.MkdirAll(filepath.Join(h.state(), "agent"), 0o700)
	if err := os.WriteFile(filepath.Join(h.state(), "agent", "checkpoints"), []byte("not a directory\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := h.run("run", "--yes", "warning", "--root", root, "read, then write")

	if r.code != 3 {
		t.Fatalf("exit %d, want 3 (a change was denied)\nstderr: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "new.txt")); err == nil {
		t.Error("new.txt was written though no checkpoint could be taken")
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("the provider got %d requests, want 3", len(reqs))
	}
	results := reqs[2].ToolResults()
	if len(results) != 2 || !strings.Contains(results[0].Content, "# demo") {
		t.Fatalf("results %+v; want the README read", results)
	}
	if got := results[1].Content; !strings.Contains(got, "no checkpoint could be taken") || !strings.Contains(got, "cannot be undone needs a person's approval") {
		t.Errorf("the model was told %q; want that no checkpoint could be taken and a person must approve", got)
	}
	if !strings.Contains(r.stderr, "no checkpoint could be taken") {
		t.Errorf("stderr = %q; want the person told why", r.stderr)
	}
}
