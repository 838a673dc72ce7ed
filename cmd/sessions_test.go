package cmd_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// stateHome is a hermetic home shared by several runs of the binary, so
// that they see each other's sessions: config in home/config, state in
// home/state.
type stateHome struct {
	t    *testing.T
	home string
	env  map[string]string
}

func newStateHome(t *testing.T, env map[string]string) *stateHome {
	return &stateHome{t: t, home: t.TempDir(), env: env}
}

func (h *stateHome) state() string { return filepath.Join(h.home, "state") }

// cmd is the binary in h's environment, with no terminal on stdin.
func (h *stateHome) cmd(args ...string) *exec.Cmd {
	c := exec.CommandContext(h.t.Context(), agentBin, args...)
	c.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + h.home,
		"XDG_CONFIG_HOME=" + filepath.Join(h.home, "config"),
		"XDG_STATE_HOME=" + h.state(),
	}
	for k, v := range h.env {
		c.Env = append(c.Env, k+"="+v)
	}
	c.Stdin = strings.NewReader("")
	return c
}

// run runs the binary to the end.
func (h *stateHome) run(args ...string) result {
	h.t.Helper()
	c := h.cmd(args...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		h.t.Fatalf("run agent: %v", err)
	}
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// mustRun runs the binary and fails the test unless it exits with code.
func (h *stateHome) mustRun(code int, args ...string) result {
	h.t.Helper()
	r := h.run(args...)
	if r.code != code {
		h.t.Fatalf("agent %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, code, r.stdout, r.stderr)
	}
	return r
}

// sessionIDs lists the ids of the session files, newest first.
// backdateSessions renames h's session files as if they had started d
// earlier (their names hold the start time), so that the next session is
// newer without waiting for the clock to tick.
func (h *stateHome) backdateSessions(d time.Duration) {
	h.t.Helper()
	files, _ := filepath.Glob(filepath.Join(h.state(), "agent", "sessions", "*.jsonl"))
	if len(files) == 0 {
		h.t.Fatal("no session files to backdate")
	}
	for _, f := range files {
		stamp, rest, ok := strings.Cut(filepath.Base(f), "-")
		clock, id, ok2 := strings.Cut(rest, "-")
		start, err := time.Parse("20060102150405", stamp+clock)
		if !ok || !ok2 || err != nil {
			h.t.Fatalf("session file %s: not named <date>-<time>-<id>.jsonl", f)
		}
		name := start.Add(-d).Format("20060102-150405") + "-" + id
		if err := os.Rename(f, filepath.Join(filepath.Dir(f), name)); err != nil {
			h.t.Fatal(err)
		}
	}
}

func (h *stateHome) sessionIDs() []string {
	h.t.Helper()
	r := h.mustRun(0, "sessions", "--all")
	var ids []string
	for _, line := range strings.Split(r.stdout, "\n")[1:] {
		if f := strings.Fields(line); len(f) > 0 {
			ids = append(ids, f[0])
		}
	}
	return ids
}

func TestSessionsListShowAndExportARun(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "echo hello from the shell"}`)),
		llmtest.Say("It said hello."),
	})
	h := newStateHome(t, openaiEnv(srv))
	h.mustRun(0, "run", "--yes-safe", "--root", root, "say hello\nand more")

	list := h.mustRun(0, "sessions")
	lines := strings.Split(strings.TrimSpace(list.stdout), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], "finished") || !strings.Contains(lines[1], "openai") ||
		!strings.Contains(lines[1], "say hello and more") || !strings.Contains(lines[1], filepath.Base(root)) {
		t.Fatalf("agent sessions = %q, want one finished openai session with its root and first task", list.stdout)
	}
	id := h.sessionIDs()[0]

	show := h.mustRun(0, "sessions", "show", id[:4])
	for _, want := range []string{"> say hello", "[safe] shell: echo hello from the shell", "auto by policy", "hello from the shell", "It said hello.", "── finished"} {
		if !strings.Contains(show.stdout, want) {
			t.Errorf("sessions show lacks %q:\n%s", want, show.stdout)
		}
	}
	md := h.mustRun(0, "sessions", "export", id, "--format", "md")
	if !strings.HasPrefix(md.stdout, "# Session "+id) || !strings.Contains(md.stdout, "### `shell` (safe)") {
		t.Errorf("export --format md:\n%s", md.stdout)
	}
	js := h.mustRun(0, "sessions", "export", id, "--format", "json")
	var doc struct {
		Session struct {
			ID, Root, Status string
		}
		Records []map[string]any
	}
	if err := json.Unmarshal([]byte(js.stdout), &doc); err != nil || doc.Session.ID != id || doc.Session.Status != "finished" || len(doc.Records) < 8 {
		t.Errorf("export --format json = %+v, %v", doc.Session, err)
	}
	if r := h.run("sessions", "show", "nope"); r.code != 2 || !strings.Contains(r.stderr, "no such session") {
		t.Errorf("sessions show nope: exit %d, %q; want 2 and no such session", r.code, r.stderr)
	}
	if r := h.run("sessions", "export", id, "--format", "pdf"); r.code != 2 {
		t.Errorf("export --format pdf: exit %d, want 2", r.code)
	}
}

// The fake answers by the number of assistant messages a request holds:
// a resumed run gets the next turn only if the whole conversation was
// rebuilt and sent.
func TestRunResumeContinuesTheConversation(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "README.md"), []byte("# resumed project\n"), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("read_file", `{"path": "README.md"}`)),
		llmtest.Say("It is the resumed project."),
		llmtest.Say("Continuing where we left off."),
	})
	h := newStateHome(t, openaiEnv(srv))
	h.mustRun(0, "run", "--yes-safe", "--root", root, "read the readme")
	id := h.sessionIDs()[0]

	r := h.mustRun(0, "run", "--yes-safe", "--root", root, "--resume", id, "and now?")
	if !strings.Contains(r.stdout, "Continuing where we left off.") {
		t.Errorf("resumed run printed %q, want the third turn's answer", r.stdout)
	}
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	if err := last.Validate(); err != nil {
		t.Errorf("the resumed request is not a valid conversation: %v", err)
	}
	var got []string
	for _, m := range last.Messages {
		got = append(got, string(m.Role)+":"+oneLineOf(m.Content))
	}
	want := []string{"user:read the readme", "assistant:", "tool:1\t# resumed project", "assistant:It is the resumed project.", "user:and now?"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("resumed request messages =\n%q\nwant\n%q", got, want)
	}
	if ids := h.sessionIDs(); len(ids) != 1 {
		t.Errorf("sessions after resuming = %v, want the one session continued", ids)
	}
	show := h.mustRun(0, "sessions", "show", id)
	if !strings.Contains(show.stdout, "resumed") || !strings.Contains(show.stdout, "> and now?") {
		t.Errorf("sessions show after resume:\n%s", show.stdout)
	}
	if r := h.run("run", "--root", root, "--resume", "ffffffff", "x"); r.code != 2 {
		t.Errorf("--resume of an unknown session: exit %d, want 2", r.code)
	}
}

func oneLineOf(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// A process killed with SIGKILL in the middle of a command leaves a
// session that lists as interrupted, shows, and resumes with the cut call
// answered.
func TestKilledRunLeavesAReadableSession(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "echo started; sleep 60"}`)),
		llmtest.Say("Picked up after the crash."),
	})
	h := newStateHome(t, openaiEnv(srv))
	c := h.cmd("run", "--yes", "warning", "--json", "--root", root, "wait a minute")
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the command prints, then kill agent without warning.
	sc := bufio.NewScanner(out)
	for sc.Scan() && !strings.Contains(sc.Text(), `"tool_output"`) {
	}
	c.Process.Signal(syscall.SIGKILL)
	c.Wait()

	list := h.mustRun(0, "sessions")
	if !strings.Contains(list.stdout, "interrupted") {
		t.Errorf("agent sessions = %q, want the killed session interrupted", list.stdout)
	}
	id := h.sessionIDs()[0]
	show := h.mustRun(0, "sessions", "show", id)
	if !strings.Contains(show.stdout, "echo started; sleep 60") || !strings.Contains(show.stdout, "started") {
		t.Errorf("sessions show of the killed session:\n%s", show.stdout)
	}
	r := h.mustRun(0, "run", "--yes-safe", "--root", root, "--resume", id, "go on")
	if !strings.Contains(r.stdout, "Picked up after the crash.") {
		t.Errorf("resumed run printed %q", r.stdout)
	}
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	results := last.ToolResults()
	if err := last.Validate(); err != nil || len(results) != 1 || !strings.Contains(results[0].Content, "interrupted") {
		t.Errorf("resumed request: %v, results %+v; want a valid conversation with the cut call answered as interrupted", err, results)
	}
}

func TestLogQueriesCallsAcrossSessions(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "build"), 0o755)
	os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644)
	first := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "ls"}`)),
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "hi\n"}`)),
		llmtest.Say("ok"),
	})
	second := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
		llmtest.Say("could not"),
	})
	h := newStateHome(t, openaiEnv(first))
	cfg := filepath.Join(h.home, "config", "agent", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte("[providers.other]\ntype = \"openai\"\nbase_url = \""+second.URL()+"\"\napi_key_env = \"OPENAI_API_KEY\"\nmodel = \""+llmtest.Model+"\"\n"), 0o600)
	h.mustRun(0, "run", "--yes", "warning", "--root", root, "first")
	h.mustRun(3, "run", "--yes", "warning", "--provider", "other", "--root", root, "second")

	tests := []struct {
		name  string
		args  []string
		calls []string
	}{
		{"every call, newest first", nil, []string{"other shell: rm -rf build", "openai write_file", "openai shell: ls"}},
		{"one provider", []string{"--provider", "openai"}, []string{"openai write_file", "openai shell: ls"}},
		{"one tool", []string{"--tool", "shell"}, []string{"other shell: rm -rf build", "openai shell: ls"}},
		{"at a level or worse", []string{"--level", "dangerous"}, []string{"other shell: rm -rf build"}},
		{"the last hour", []string{"--since", "1h"}, []string{"other shell", "openai write_file", "openai shell"}},
		{"since a future date", []string{"--since", "2999-01-01"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.mustRun(0, append([]string{"log"}, tt.args...)...)
			var lines []string
			for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				if l != "" && !strings.HasPrefix(l, "TIME") {
					lines = append(lines, l)
				}
			}
			if len(lines) != len(tt.calls) {
				t.Fatalf("agent log %v = %d lines, want %d:\n%s", tt.args, len(lines), len(tt.calls), r.stdout)
			}
			for i, want := range tt.calls {
				for _, part := range strings.SplitN(want, " ", 2) {
					if !strings.Contains(lines[i], part) {
						t.Errorf("agent log %v line %d = %q, want %q", tt.args, i+1, lines[i], want)
					}
				}
			}
		})
	}
	r := h.mustRun(0, "log", "--json", "--level", "dangerous")
	var c map[string]any
	if err := json.Unmarshal([]byte(strings.TrimSpace(r.stdout)), &c); err != nil {
		t.Fatalf("log --json = %q: %v", r.stdout, err)
	}
	if c["provider"] != "other" || c["decision"] != "denied" || c["by"] != "policy" || c["level"] != "dangerous" ||
		!strings.Contains(c["reason"].(string), "auto-approve") || c["file"] == "" || c["line"].(float64) < 1 {
		t.Errorf("log --json record = %v, want the denial with who, why and where", c)
	}
	if r := h.run("log", "--level", "fatal"); r.code != 2 {
		t.Errorf("log --level fatal: exit %d, want 2", r.code)
	}
}

// Secrets in the environment and in what commands print must not reach
// any file under the state directory: sessions, saved output, checkpoints.
func TestSecretsNeverReachTheStateDirectory(t *testing.T) {
	t.Parallel()
	const (
		envSecret   = "tok-Zq8F1LmN0pXr7TbW2yKc"
		printedOnly = "ghp_0123456789abcdefABCDEF012345"
		inTask      = "sk-proj-AbCdEf0123456789xyz"
	)
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		// The command names the secret; its output holds a token that is
		// never written in any argument.
		llmtest.Use(llmtest.UseTool("shell", `{"command": "echo token `+envSecret+`; printf 'gh%s_%s\\n' p 0123456789abcdefABCDEF012345"}`)),
		// Output long enough to be cut and saved whole.
		llmtest.Use(llmtest.UseTool("shell", `{"command": "for i in $(seq 1 3000); do printf 'line %d gh%s_%s\\n' $i p 0123456789abcdefABCDEF012345; done"}`)),
		// A command above safe: a checkpoint is labelled with it.
		llmtest.Use(llmtest.UseTool("shell", `{"command": "echo `+envSecret+` | wc -c > count.txt"}`)),
		llmtest.Say("The token was " + envSecret + " and " + printedOnly),
	})
	env := openaiEnv(srv)
	env["MY_SERVICE_TOKEN"] = envSecret
	h := newStateHome(t, env)
	r := h.mustRun(0, "run", "--yes", "warning", "--json", "--root", root, "find the "+inTask+" key")
	if !strings.Contains(r.stdout, printedOnly) {
		t.Fatalf("the command's output did not reach the headless output, so the test proves nothing:\n%s", r.stdout)
	}
	var files, spilled, sessions int
	filepath.WalkDir(h.state(), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		files++
		if strings.Contains(p, string(filepath.Separator)+"output"+string(filepath.Separator)) {
			spilled++
		}
		if strings.HasSuffix(p, ".jsonl") {
			sessions++
		}
		data, _ := os.ReadFile(p)
		for _, secret := range []string{envSecret, printedOnly, inTask, llmtest.APIKey} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("%s holds the secret %q", p, secret)
			}
		}
		return nil
	})
	if spilled == 0 || sessions != 1 {
		t.Fatalf("state directory has %d files, %d saved outputs and %d sessions; want the long output saved and one session", files, spilled, sessions)
	}
	// Checkpoint labels live in compressed git objects: ask git for them.
	shadows, _ := filepath.Glob(filepath.Join(h.state(), "agent", "checkpoints", "*"))
	if len(shadows) != 1 {
		t.Fatalf("checkpoint repositories = %v, want one", shadows)
	}
	out, err := exec.Command("git", "--git-dir", shadows[0], "log", "--all", "--format=%B").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "wc -c") || strings.Contains(string(out), envSecret) {
		t.Errorf("checkpoint labels = %q, %v; want the command with the secret redacted", out, err)
	}
}

// gitState is what a person sees of their repository.
func gitState(t *testing.T, root string) string {
	t.Helper()
	// The index first: git status may refresh it (--no-optional-locks asks
	// it not to).
	c := exec.Command("bash", "-c", "sha1sum .git/index; git --no-optional-locks status --porcelain --untracked-files=all; git stash list; git for-each-ref; git rev-parse HEAD")
	c.Dir = root
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git state: %v\n%s", err, out)
	}
	return string(out)
}

func TestUndoRestoresWhatARunChanged(t *testing.T) {
	t.Parallel()
	for _, inRepo := range []bool{false, true} {
		name := "outside a git repository"
		if inRepo {
			name = "in a git repository, leaving its git state alone"
		}
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"main.go": "package main // old\n", "notes.txt": "old notes\n", "doomed.txt": "keep me\n"}
			for n, c := range files {
				os.WriteFile(filepath.Join(root, n), []byte(c), 0o644)
			}
			var before string
			if inRepo {
				c := exec.Command("bash", "-c", "git init -q && git add -A && git commit -qm first && echo wip >> notes.txt && git stash -q && git branch feature && echo mine > untracked.txt")
				c.Dir = root
				c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				before = gitState(t, root)
			}
			srv := openaitest.NewServer(t, llmtest.Script{
				llmtest.Use(llmtest.UseTool("write_file", `{"path": "main.go", "content": "package main // new\n"}`)),
				llmtest.Use(llmtest.UseTool("shell", `{"command": "sed -i 's/old/new/' notes.txt && rm doomed.txt && mkdir -p gen && echo x > gen/new.txt"}`)),
				llmtest.Say("Changed things."),
			})
			h := newStateHome(t, openaiEnv(srv))
			h.mustRun(0, "run", "--yes", "dangerous", "--root", root, "change things")
			if b, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(b) != "new notes\n" {
				t.Fatalf("the run did not change notes.txt (%q), so the test proves nothing", b)
			}

			list := h.mustRun(0, "undo", "--root", root, "--list")
			if !strings.Contains(list.stdout, "1  ") || !strings.Contains(list.stdout, "write_file: ") || !strings.Contains(list.stdout, "shell: sed -i") {
				t.Errorf("undo --list:\n%s", list.stdout)
			}
			refused := h.run("undo", "--root", root)
			if refused.code != 3 || !strings.Contains(refused.stderr, "--yes") || !strings.Contains(refused.stdout, "-new notes") {
				t.Errorf("undo without a terminal: exit %d\nstdout: %s\nstderr: %s\nwant the diff, a refusal and exit 3", refused.code, refused.stdout, refused.stderr)
			}
			if b, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(b) != "new notes\n" {
				t.Fatalf("a refused undo changed notes.txt to %q", b)
			}

			h.mustRun(0, "undo", "--root", root, "--to", "1", "--yes")
			for n, want := range files {
				if got, _ := os.ReadFile(filepath.Join(root, n)); string(got) != want {
					t.Errorf("after undo, %s = %q, want %q", n, got, want)
				}
			}
			if _, err := os.Stat(filepath.Join(root, "gen")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("after undo, gen/ is still there (%v)", err)
			}
			if inRepo {
				if after := gitState(t, root); after != before {
					t.Errorf("undo changed the repository's git state:\nbefore:\n%s\nafter:\n%s", before, after)
				}
			}
			again := h.mustRun(0, "undo", "--root", root, "--yes")
			if !strings.Contains(again.stdout, "Nothing to undo") {
				t.Errorf("undo past the first checkpoint: %q, want nothing to undo", again.stdout)
			}
		})
	}
}

func TestRootResumeTakesAnIDAfterTheFlag(t *testing.T) {
	t.Parallel()
	// Without a terminal the screen refuses to open; the flag and its
	// argument must still parse as a usage, not an unknown command.
	h := newStateHome(t, nil)
	for _, args := range [][]string{{"--resume"}, {"--resume", "abc"}, {"--resume=abc"}} {
		r := h.run(args...)
		if r.code != 2 || !strings.Contains(r.stderr, "needs a terminal") {
			t.Errorf("agent %v: exit %d, %q; want the terminal usage error", args, r.code, r.stderr)
		}
	}
	if r := h.run("--resume", "a", "b"); r.code != 2 || strings.Contains(r.stderr, "needs a terminal") {
		t.Errorf("agent --resume a b: exit %d, %q; want an argument error", r.code, r.stderr)
	}
}

// [sessions] keep = 1: a new session deletes the one before, and the
// checkpoints only it used.
func TestOldSessionsAreDeletedWithTheirCheckpoints(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "a.txt", "content": "a\n"}`)),
		llmtest.Say("ok"),
	})
	h := newStateHome(t, openaiEnv(srv))
	cfg := filepath.Join(h.home, "config", "agent", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte("[sessions]\nkeep = 1\n"), 0o600)

	h.mustRun(0, "run", "--yes", "warning", "--root", root, "first")
	first := h.sessionIDs()
	h.backdateSessions(time.Minute) // session files are named and ordered by their start
	h.mustRun(0, "run", "--yes", "warning", "--root", root, "second")
	second := h.sessionIDs()
	if len(first) != 1 || len(second) != 1 || first[0] == second[0] {
		t.Fatalf("sessions after the first run %v, after the second %v; want one, then only the new one", first, second)
	}
	shadows, _ := filepath.Glob(filepath.Join(h.state(), "agent", "checkpoints", "*"))
	if len(shadows) != 1 {
		t.Fatalf("checkpoint repositories = %v, want one", shadows)
	}
	out, err := exec.Command("git", "--git-dir", shadows[0], "for-each-ref", "--format=%(refname)").CombinedOutput()
	if err != nil || strings.Contains(string(out), first[0]) || !strings.Contains(string(out), second[0]) {
		t.Errorf("checkpoint refs = %q, %v; want only the kept session's", out, err)
	}
}

// A resumed session goes on with its own provider and model; --model and
// AGENT_MODEL change the model of that provider.
func TestResumeKeepsTheSessionsModelUnlessToldOtherwise(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Say("one"), llmtest.Say("two"), llmtest.Say("three"), llmtest.Say("four"),
	})
	h := newStateHome(t, map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()})
	cfg := filepath.Join(h.home, "config", "agent", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte("provider = \"openai\"\n[providers.other]\ntype = \"openai\"\nbase_url = \""+srv.URL()+
		"\"\napi_key_env = \"OPENAI_API_KEY\"\nmodel = \"configured-model\"\n"), 0o600)
	h.mustRun(0, "run", "--root", root, "--provider", "other", "--model", "model-one", "first")
	id := h.sessionIDs()[0]

	steps := []struct {
		name string
		env  string // AGENT_MODEL, if set
		args []string
		want string
	}{
		{"resumed alone, it keeps its model", "", nil, "model-one"},
		{"--model changes it", "", []string{"--model", "model-two"}, "model-two"},
		{"AGENT_MODEL changes it", "model-three", nil, "model-three"},
	}
	for _, st := range steps {
		h.env["AGENT_MODEL"] = st.env
		args := append([]string{"run", "--root", root, "--resume", id}, st.args...)
		h.mustRun(0, append(args, "go on")...)
		reqs := srv.Requests()
		if got := reqs[len(reqs)-1].Model; got != st.want {
			t.Errorf("%s: the request asked for model %q, want %q", st.name, got, st.want)
		}
	}
}

// A task or a reply stored with terminal escapes is shown as plain text.
func TestSessionsShowStripsTerminalEscapes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("plain \x1b[41mRED-BG\x1b[0m reply")})
	h := newStateHome(t, openaiEnv(srv))
	h.mustRun(0, "run", "--root", root, "task \x1b]52;c;cm0gLXJmIH4=\x07with \x1b[2Jescapes")
	show := h.mustRun(0, "sessions", "show", h.sessionIDs()[0])
	if strings.ContainsAny(show.stdout, "\x1b\x07") {
		t.Errorf("sessions show prints terminal escapes:\n%q", show.stdout)
	}
	for _, want := range []string{"> task with escapes", "plain RED-BG reply"} {
		if !strings.Contains(show.stdout, want) {
			t.Errorf("sessions show lacks %q:\n%s", want, show.stdout)
		}
	}
	// The Markdown export is read in a terminal as often as in a file;
	// JSON escapes control characters by itself.
	for _, format := range []string{"md", "json"} {
		export := h.mustRun(0, "sessions", "export", h.sessionIDs()[0], "--format", format)
		if strings.ContainsAny(export.stdout, "\x1b\x07") {
			t.Errorf("sessions export --format %s prints terminal escapes:\n%q", format, export.stdout)
		}
		if !strings.Contains(export.stdout, "RED-BG") {
			t.Errorf("sessions export --format %s lacks the reply:\n%s", format, export.stdout)
		}
	}
}

// A command's flood of output saves at most [tools] max_saved_output_mib,
// under the session's own output directory, with a note where it was cut;
// that output counts towards [sessions] max_mb, and goes with its session.
func TestSavedOutputIsCappedAndPrunedWithItsSession(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	const printed = 3_000_000
	flood := llmtest.Use(llmtest.UseTool("shell", fmt.Sprintf(`{"command": "yes | head -c %d"}`, printed)))
	srv := openaitest.NewServer(t, llmtest.Script{flood, llmtest.Say("flooded"), llmtest.Say("quiet")})
	h := newStateHome(t, openaiEnv(srv))
	cfg := filepath.Join(h.home, "config", "agent", "config.toml")
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	os.WriteFile(cfg, []byte("[tools]\nmax_saved_output_mib = 1\n\n[sessions]\nmax_mb = 1\n"), 0o600)

	h.mustRun(0, "run", "--yes-safe", "--root", root, "flood")
	first := h.sessionIDs()
	if len(first) != 1 {
		t.Fatalf("sessions %v, want one", first)
	}
	saved, _ := filepath.Glob(filepath.Join(h.state(), "agent", "output", first[0], "*.log"))
	if len(saved) != 1 {
		t.Fatalf("saved output files %v, want one in the session's output directory", saved)
	}
	b, err := os.ReadFile(saved[0])
	if err != nil {
		t.Fatal(err)
	}
	body, note, ok := strings.Cut(string(b), "\n[... the output is cut here")
	if !ok || len(body) != 1<<20 || !strings.Contains(note, fmt.Sprintf("printed %d bytes in all", printed)) {
		t.Errorf("the saved file is %d bytes; want the output's first MiB, then a note saying where it was cut", len(b))
	}
	results := srv.Requests()[1].ToolResults()
	if len(results) != 1 || !strings.Contains(results[0].Content, "first 1 MiB of 3000000 bytes are saved in "+saved[0]) {
		t.Errorf("the model was told %+v; want where the saved output was cut", results)
	}

	// The first session's file is small, but with its saved output it is
	// over max_mb: the next session deletes both.
	h.backdateSessions(time.Minute)
	h.mustRun(0, "run", "--yes-safe", "--root", root, "quiet")
	if ids := h.sessionIDs(); len(ids) != 1 || ids[0] == first[0] {
		t.Errorf("sessions after the second run %v; want only the new one", ids)
	}
	if _, err := os.Stat(filepath.Join(h.state(), "agent", "output", first[0])); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the pruned session's saved output is still there (%v)", err)
	}
}
