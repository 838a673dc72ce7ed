package cmd_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// The escape suite: what a hostile repository or model tried in the
// security review must not happen, at any approval level. Each scenario
// runs with --yes dangerous (the sandbox and the agent's own hardening are
// the only walls) and with --yes-safe.

var approvalLevels = []struct {
	name string
	args []string
}{
	{"with --yes dangerous", []string{"--yes", "dangerous"}},
	{"with --yes-safe", []string{"--yes-safe"}},
}

// hookNames are every hook git knows (githooks(5)).
var hookNames = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "post-index-change",
}

// plantPrograms makes root's repository name a program in every way git
// runs one on the host: an fsmonitor, hooks of every name (also through
// core.hooksPath), filters and diff drivers chosen by .gitattributes, an
// external diff, a pager, an editor. Each appends to a marker file
// outside the root, which it returns.
func plantPrograms(t *testing.T, root string) (marker string) {
	t.Helper()
	dir := t.TempDir()
	marker = filepath.Join(dir, "ran")
	script := filepath.Join(dir, "planted")
	os.WriteFile(script, []byte("#!/bin/sh\necho \"$0 $*\" >> '"+marker+"'\ncat 2>/dev/null\nexit 0\n"), 0o755)
	hooks := filepath.Join(dir, "hooks")
	os.MkdirAll(hooks, 0o755)
	body := []byte("#!/bin/sh\necho hook >> '" + marker + "'\n")
	for _, h := range hookNames {
		os.WriteFile(filepath.Join(root, ".git", "hooks", h), body, 0o755)
		os.WriteFile(filepath.Join(hooks, h), body, 0o755)
	}
	cfg := "[core]\n\tfsmonitor = " + script + "\n\thooksPath = " + hooks + "\n\tpager = " + script +
		"\n\teditor = " + script + "\n[filter \"evil\"]\n\tclean = " + script + "\n\tsmudge = " + script +
		"\n\tprocess = " + script + "\n[diff \"evil\"]\n\ttextconv = " + script + "\n\tcommand = " + script +
		"\n[diff]\n\texternal = " + script + "\n[pager]\n\tdiff = " + script + "\n\tstatus = " + script + "\n"
	f, err := os.OpenFile(filepath.Join(root, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(cfg)
	f.Close()
	return marker
}

func ranPlanted(marker string) string {
	b, _ := os.ReadFile(marker)
	return string(b)
}

// Item 3: an fsmonitor, hooks and filters planted before the run never
// run from --isolate's worktrees, a checkpoint, agent apply, agent undo,
// agent doctor or the detection of the root.
func TestEscapePlantedGitProgramsNeverRunOnTheHost(t *testing.T) {
	t.Parallel()
	for _, lvl := range approvalLevels {
		t.Run(lvl.name, func(t *testing.T) {
			root := gitRepo(t, map[string]string{"main.txt": "one\n", ".gitattributes": "* filter=evil diff=evil\n"})
			marker := plantPrograms(t, root)
			// Uncommitted and untracked changes for the worktrees to carry.
			os.WriteFile(filepath.Join(root, "main.txt"), []byte("one, edited\n"), 0o644)
			os.WriteFile(filepath.Join(root, "draft.txt"), []byte("draft\n"), 0o644)
			step := func(what string) {
				t.Helper()
				if ran := ranPlanted(marker); ran != "" {
					t.Fatalf("%s ran planted programs:\n%s", what, ran)
				}
			}
			work := llmtest.Script{
				llmtest.Use(llmtest.UseTool("shell", `{"command": "cat main.txt draft.txt"}`)),
				llmtest.Use(llmtest.UseTool("write_file", `{"path": "new.txt", "content": "new\n"}`)),
				llmtest.Say("Done."),
			}
			home, env, _ := twoProviders(t, work, work)
			args := append(append([]string{"run", "--isolate", "--provider", "openai,anthropic"}, lvl.args...), "--root", root, "work")
			r := run(t, agentCmd(t, home, env, args...))
			if r.code != 0 && r.code != 3 || !strings.Contains(r.stderr, "openai: ") {
				t.Fatalf("--isolate run: exit %d\nstderr: %s", r.code, r.stderr)
			}
			step("an --isolate run")
			r = run(t, agentCmd(t, home, env, "apply", "openai", "--yes", "--root", root))
			step("agent apply (exit " + strings.TrimSpace(r.stderr) + ")")

			srv := openaitest.NewServer(t, llmtest.Script{
				llmtest.Use(llmtest.UseTool("write_file", `{"path": "main.txt", "content": "rewritten\n"}`)),
				llmtest.Say("Rewrote."),
			})
			h := newStateHome(t, openaiEnv(srv))
			h.run(append(append([]string{"run"}, lvl.args...), "--root", root, "rewrite")...)
			step("a run taking checkpoints")
			h.run("undo", "--root", root, "--yes")
			step("agent undo")
			c := h.cmd("doctor")
			c.Dir = root // the root is found from the working directory
			// Exit 1 when no Ollama answers here: only a provider may be wrong.
			if out, err := c.CombinedOutput(); err != nil && !onlyProvidersFailed(string(out)) || !strings.Contains(string(out), "project root:   "+root) {
				t.Errorf("agent doctor in the root: %v\n%s", err, out)
			}
			step("agent doctor and the detection of the root")

			// The test can fail: the person's own git runs what was planted.
			g := exec.Command("git", "status")
			g.Dir = root
			g.Run()
			if ranPlanted(marker) == "" {
				t.Error("plain git status ran nothing planted: this test proves nothing")
			}
		})
	}
}

// gitState is what of a repository a run must leave alone: refs, HEAD,
// remotes and the config file.
func repoState(t *testing.T, root string) string {
	t.Helper()
	c := exec.Command("bash", "-c", "git for-each-ref; git symbolic-ref HEAD; git rev-parse HEAD; git remote -v; sha256sum .git/config; ls .git/hooks; ls .git/worktrees 2>/dev/null; true")
	c.Dir = root
	c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("repository state: %v\n%s", err, out)
	}
	return string(out)
}

// Item 4: with GIT_DIR, GIT_WORK_TREE and their kin exported in the
// person's shell, --isolate works normally and the person's repository
// keeps its remotes, branch, tags and HEAD.
func TestEscapeGitVariablesNeverRedirectTheAgentsGit(t *testing.T) {
	t.Parallel()
	for _, lvl := range approvalLevels {
		t.Run(lvl.name, func(t *testing.T) {
			root := gitRepo(t, map[string]string{"main.txt": "one\n"})
			for _, args := range [][]string{{"remote", "add", "origin", "https://example.com/theirs.git"}, {"tag", "v1"}, {"branch", "feature"}} {
				c := exec.Command("git", args...)
				c.Dir = root
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			os.WriteFile(filepath.Join(root, "draft.txt"), []byte("draft\n"), 0o644)
			before := repoState(t, root)
			gitDir := filepath.Join(root, ".git")
			work := llmtest.Script{
				llmtest.Use(llmtest.UseTool("shell", `{"command": "cat draft.txt"}`)),
				llmtest.Use(llmtest.UseTool("write_file", `{"path": "main.txt", "content": "two\n"}`)),
				llmtest.Say("Done."),
			}
			home, env, anth := twoProviders(t, work, work)
			for k, v := range map[string]string{
				"GIT_DIR": gitDir, "GIT_WORK_TREE": root, "GIT_INDEX_FILE": filepath.Join(gitDir, "index"),
				"GIT_COMMON_DIR": gitDir, "GIT_OBJECT_DIRECTORY": filepath.Join(gitDir, "objects"),
				"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "remote.origin.url", "GIT_CONFIG_VALUE_0": "/elsewhere",
			} {
				env[k] = v
			}
			args := append(append([]string{"run", "--isolate", "--provider", "openai,anthropic"}, lvl.args...), "--root", root, "work")
			r := run(t, agentCmd(t, home, env, args...))
			if r.code != 0 && r.code != 3 {
				t.Fatalf("--isolate run: exit %d\nstderr: %s", r.code, r.stderr)
			}
			if tr := anth.Requests()[1].ToolResults(); len(tr) != 1 || tr[0].Content != "draft\n" {
				t.Errorf("the worktree showed %+v, want the untracked draft", tr)
			}
			if after := repoState(t, root); after != before {
				t.Fatalf("an --isolate run changed the person's repository:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			r = run(t, agentCmd(t, home, env, "apply", "openai", "--yes", "--root", root))
			if after := repoState(t, root); after != before {
				t.Fatalf("agent apply changed the person's repository:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			want := "one\n"
			if lvl.args[0] == "--yes" {
				want = "two\n"
				if r.code != 0 {
					t.Errorf("apply: exit %d\nstderr: %s", r.code, r.stderr)
				}
			}
			if got, _ := os.ReadFile(filepath.Join(root, "main.txt")); string(got) != want {
				t.Errorf("main.txt after apply = %q, want %q", got, want)
			}
			run(t, agentCmd(t, home, env, "worktrees", "clean", "--yes", "--root", root))
		})
	}
}

// canaries are secrets and host handles of the kinds the review saw
// reach the model through env (made up, real-looking).
var canaries = map[string]string{
	"DB_PASSWORD":              "Xq3vN8mR2tY7pw",
	"GITHUB_PAT":               "ghp_R4nd0mT0k3nV4lu3Xyz1234567890AbCdEf",
	"DATABASE_URL":             "postgres://app:hunter2secret@db.internal:5432/app",
	"SENTRY_DSN":               "https://3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c@o12345.ingest.sentry.io/678",
	"NPM_AUTH":                 "bnBtX1hxM3ZOOG1SMnRZN3dLMXBMNXNE",
	"AWS_ACCESS_KEY_ID":        "AKIAZ7Q3VN8MR2TY7WK1",
	"AWS_SECRET_ACCESS_KEY":    "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY",
	"HARMLESS_LOOKING":         "sk-proj-Xq3vN8mR2tY7wK1pL5sD9fG4hJ6zB0cV3nM8",
	"TMUX":                     "/tmp/tmux-1000/default,2219,0",
	"SSH_AUTH_SOCK":            "/tmp/ssh-canary/agent.123",
	"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/canary-bus",
	"GIT_DIR":                  "/canary/repo/.git",
}

// Item 6: env run by the model shows no secret and no host handle: no
// request body the provider received holds one.
func TestEscapeEnvironmentCanariesNeverReachTheModel(t *testing.T) {
	t.Parallel()
	for _, lvl := range approvalLevels {
		t.Run(lvl.name, func(t *testing.T) {
			root := t.TempDir()
			srv := openaitest.NewServer(t, llmtest.Script{
				llmtest.Use(llmtest.UseTool("shell", `{"command": "env"}`)),
				llmtest.Use(llmtest.UseTool("shell", `{"command": "printenv DB_PASSWORD GITHUB_PAT DATABASE_URL; echo tmux=$TMUX"}`)),
				llmtest.Say("Listed."),
			})
			env := openaiEnv(srv)
			for k, v := range canaries {
				env[k] = v
			}
			args := append(append([]string{"run"}, lvl.args...), "--root", root, "show the environment")
			r := runAgent(t, env, "", args...)
			if r.code != 0 {
				t.Fatalf("exit %d\nstderr: %s", r.code, r.stderr)
			}
			reqs := srv.Requests()
			if len(reqs) != 3 {
				t.Fatalf("the fake got %d requests, want 3", len(reqs))
			}
			if tr := reqs[1].ToolResults(); len(tr) != 1 || !strings.Contains(tr[0].Content, "PATH=") {
				t.Fatalf("env did not run: %+v", tr)
			}
			for i, req := range reqs {
				for name, value := range canaries {
					if strings.Contains(string(req.Body), value) {
						t.Errorf("request %d carries %s's value", i, name)
					}
				}
			}
		})
	}
	// agent doctor names what is withheld, never a value.
	env := map[string]string{}
	for k, v := range canaries {
		env[k] = v
	}
	r := runAgent(t, env, "", "doctor")
	if r.code != 0 && (r.code != 1 || !onlyProvidersFailed(r.stderr)) {
		t.Fatalf("agent doctor: exit %d\nstderr: %s", r.code, r.stderr)
	}
	for name, value := range canaries {
		if !strings.Contains(r.stdout, name) {
			t.Errorf("agent doctor does not list %s as withheld:\n%s", name, r.stdout)
		}
		if strings.Contains(r.stdout, value) {
			t.Errorf("agent doctor prints %s's value", name)
		}
	}
}

// Item 8: a private key a command prints and a token cut short never
// reach the session file, the saved output, agent log or an export.
func TestEscapeKeysAndShortenedTokensNeverReachDisk(t *testing.T) {
	t.Parallel()
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := ssh.MarshalPrivateKey(edKey, "person@laptop")
	if err != nil {
		t.Fatal(err)
	}
	key := string(pem.EncodeToMemory(block))
	var body []string
	for _, line := range strings.Split(key, "\n") {
		if len(line) >= 16 && !strings.HasPrefix(line, "-----") {
			body = append(body, line)
		}
	}
	const token = "ghp_R4nd0mT0k3nV4lu3Xyz1234567890AbCdEf"
	secrets := append([]string{"R4nd0mT0k3n"}, body...)

	for _, lvl := range approvalLevels {
		t.Run(lvl.name, func(t *testing.T) {
			root := t.TempDir()
			os.WriteFile(filepath.Join(root, "notes.txt"), []byte(key), 0o644)
			// Long output is cut for the model and saved whole.
			filler := strings.Repeat("filler line of a long log\n", 4000)
			os.WriteFile(filepath.Join(root, "build.log"), []byte(filler+key+filler), 0o644)
			srv := openaitest.NewServer(t, llmtest.Script{
				llmtest.Use(llmtest.UseTool("shell", `{"command": "cat notes.txt"}`)),
				llmtest.Use(llmtest.UseTool("shell", `{"command": "cat build.log"}`)),
				llmtest.Use(llmtest.UseTool("shell", `{"command": "echo the token starts ghp_R4nd0mT0k3nV4…"}`)),
				llmtest.Say("The token " + token[:16] + "… and " + token[:14] + "... were in the key file."),
			})
			h := newStateHome(t, openaiEnv(srv))
			h.run(append(append([]string{"run"}, lvl.args...), "--root", root, "look at the notes")...)
			if reqs := srv.Requests(); len(reqs) < 2 || !strings.Contains(string(reqs[1].Body), "OPENSSH PRIVATE KEY") {
				t.Fatalf("the key was not printed, so the test proves nothing")
			}
			check := func(where, text string) {
				t.Helper()
				for _, s := range secrets {
					if strings.Contains(text, s) {
						t.Errorf("%s holds %q", where, s)
					}
				}
			}
			checkpoints := filepath.Join(h.state(), "agent", "checkpoints")
			files := 0
			filepath.WalkDir(h.state(), func(p string, d fs.DirEntry, err error) error {
				if err != nil || p == checkpoints && d.IsDir() {
					return fs.SkipDir // checkpoints hold the project's files by design
				}
				if d.Type().IsRegular() {
					b, _ := os.ReadFile(p)
					check(p, string(b))
					files++
				}
				return nil
			})
			sessions, _ := filepath.Glob(filepath.Join(h.state(), "agent", "sessions", "*.jsonl"))
			if len(sessions) != 1 || files < 2 {
				t.Fatalf("found %d sessions and %d files under the state directory, want one session and its saved output", len(sessions), files)
			}
			id := filepath.Base(sessions[0])
			for _, args := range [][]string{
				{"log"}, {"log", "--json"}, {"sessions", "show", id},
				{"sessions", "export", id, "--format", "md"}, {"sessions", "export", id, "--format", "json"},
			} {
				r := h.mustRun(0, args...)
				check("agent "+strings.Join(args, " "), r.stdout)
			}
		})
	}
}

// onlyProvidersFailed reports whether agent doctor's complaint (its exit 1)
// is only about providers, which need not answer where tests run.
func onlyProvidersFailed(out string) bool {
	_, problems, ok := strings.Cut(out, "agent: doctor found a problem with: ")
	if !ok {
		return false
	}
	problems, _, _ = strings.Cut(problems, " (see above)")
	for _, p := range strings.Split(problems, "; ") {
		if !strings.HasPrefix(p, "provider ") {
			return false
		}
	}
	return true
}
