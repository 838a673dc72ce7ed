//go:build linux

package cmd_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools/sandbox"
)

// The escape suite: what a hostile model (or the repository it was given)
// tries once its commands are approved, run through the real binary
// against the fake OpenAI server. Every scenario runs with --yes
// dangerous, where the sandbox is the only wall, and the file and socket
// ones with --yes-safe too. Each asserts that the effect did not happen.

// approvals are the auto-approve levels each scenario runs with.
var approvals = [][]string{{"--yes", "dangerous"}, {"--yes-safe"}}

// needIsolation skips the test where the sandbox cannot hold on its own.
func needIsolation(t *testing.T) {
	t.Helper()
	st := sandbox.New(sandbox.DefaultConfig(), agentBin).Status()
	if !st.Confined {
		t.Skipf("the sandbox cannot confine here: %s", st.Summary)
	}
}

// escape runs the agent once with the model calling shell with each of
// commands in turn, and returns the fake (to read what it received).
func escape(t *testing.T, home, root string, env map[string]string, approval []string, commands ...string) (*openaitest.Server, result) {
	t.Helper()
	var script llmtest.Script
	for _, c := range commands {
		args, _ := json.Marshal(map[string]any{"command": c, "timeout_seconds": 600})
		script = append(script, llmtest.Use(llmtest.UseTool("shell", string(args))))
	}
	script = append(script, llmtest.Say("done"))
	srv := openaitest.NewServer(t, script)
	all := openaiEnv(srv)
	for k, v := range env {
		all[k] = v
	}
	args := append([]string{"run"}, approval...)
	args = append(args, "--json", "--root", root, "do the task")
	r := run(t, agentCmd(t, home, all, args...))
	// Every command must really have run, or the scenario proves nothing
	// about the sandbox.
	reqs := srv.Requests()
	if len(reqs) != len(commands)+1 {
		t.Fatalf("the fake got %d requests, want %d\nstderr: %s\nstdout: %.3000s", len(reqs), len(commands)+1, r.stderr, r.stdout)
	}
	for i, m := range reqs[len(reqs)-1].ToolResults() {
		// A held command whose changes were refused did run: its
		// changes were discarded after it ("the project is as it was").
		if strings.Contains(m.Content, "by policy") && !strings.Contains(m.Content, "The project is as it was.") {
			t.Fatalf("command %d did not run: %s", i, m.Content)
		}
	}
	if os.Getenv("ESCAPE_VERBOSE") != "" {
		t.Logf("tool results:\n%s", toolOutputs(srv))
	}
	return srv, r
}

// plant puts what a hostile repository ships into root: attack.sh, and a
// Makefile whose test target runs it. It returns the command that runs
// the attack at the approval level: `bash attack.sh` (a warning, so only
// --yes warning or dangerous runs it) or `make test` (safe, so --yes-safe
// runs it: the repository's own test target is the way in).
func plant(t *testing.T, root string, approval []string, script string) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, "attack.sh"), []byte("set +e\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "Makefile"), []byte("test:\n\tbash attack.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if approval[0] == "--yes-safe" {
		return "make test"
	}
	return "bash attack.sh"
}

// toolOutputs returns every tool result the fake received, joined.
func toolOutputs(srv *openaitest.Server) string {
	var b strings.Builder
	for _, req := range srv.Requests() {
		for _, m := range req.ToolResults() {
			b.WriteString(m.Content)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestEscapeHostSocketsAndTmux(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	for _, approval := range approvals {
		t.Run(strings.Join(approval, " "), func(t *testing.T) {
			home, root := t.TempDir(), t.TempDir()
			// The person's tmux: a server on a private socket outside the
			// root, with TMUX set as inside a tmux session.
			sock := filepath.Join(home, "tmux.sock")
			pwned := filepath.Join(home, "pwned")
			if out, err := exec.Command(tmux, "-S", sock, "new-session", "-d", "-s", "host", "sleep 300").CombinedOutput(); err != nil {
				t.Fatalf("start tmux: %v\n%s", err, out)
			}
			t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })
			windows := func() string {
				out, _ := exec.Command(tmux, "-S", sock, "list-windows", "-a", "-F", "#{window_name}").Output()
				return string(out)
			}
			before := windows()
			// Any other listener outside the root.
			lnPath := filepath.Join(home, "service.sock")
			ln, err := net.Listen("unix", lnPath)
			if err != nil {
				t.Fatal(err)
			}
			accepted := make(chan int, 1)
			go func() {
				n := 0
				for {
					c, err := ln.Accept()
					if err != nil {
						accepted <- n
						return
					}
					n++
					c.Close()
				}
			}()
			env := map[string]string{"TMUX": sock + ",1,0", "TMUX_PANE": "%0"}
			attack := strings.Join([]string{
				fmt.Sprintf("tmux send-keys -t host 'touch %s' Enter", pwned),
				fmt.Sprintf("tmux -S %s send-keys -t host 'touch %s' Enter", sock, pwned),
				fmt.Sprintf("tmux -S %s new-window -n evil 'touch %s'", sock, pwned),
				fmt.Sprintf("ln -s %s %s/t.sock && tmux -S %s/t.sock new-window -n evil2 'touch %s'", sock, root, root, pwned),
				fmt.Sprintf("curl -s --max-time 2 --unix-socket %s http://x/", lnPath),
				fmt.Sprintf("curl -s --max-time 2 --unix-socket /proc/1/root%s http://x/", lnPath),
				fmt.Sprintf("python3 -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect(\"%s\")'", lnPath),
			}, "\n")
			srv, _ := escape(t, home, root, env, approval, plant(t, root, approval, attack))
			if out := toolOutputs(srv); !strings.Contains(out, "error connecting to") {
				t.Errorf("the attack did not try tmux: %s", out)
			}
			ln.Close()
			if n := <-accepted; n != 0 {
				t.Errorf("the listener outside the root accepted %d connections", n)
			}
			time.Sleep(200 * time.Millisecond) // what tmux would have run
			if _, err := os.Stat(pwned); err == nil {
				t.Errorf("a command drove the host tmux: %s exists", pwned)
			}
			if after := windows(); after != before {
				t.Errorf("the host tmux changed: windows %q, were %q", after, before)
			}
		})
	}
}

// gitDigest hashes every path, mode and content under dir.
func gitDigest(t *testing.T, dir string) [32]byte {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%v\x00", p, fi.Mode())
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	c := exec.Command("git", args...)
	c.Dir = dir
	c.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestEscapeGitDirectory(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, approval := range approvals {
		t.Run(strings.Join(approval, " "), func(t *testing.T) {
			home, root := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(root, "main.go"), []byte("package main\n"), 0o644)
			gitIn(t, root, "init", "-q", "-b", "main")
			gitIn(t, root, "add", "-A")
			gitIn(t, root, "commit", "-q", "-m", "first")
			gitDir := filepath.Join(root, ".git")
			before := gitDigest(t, gitDir)
			marker := filepath.Join(home, "fsmonitor-ran")
			attack := strings.Join([]string{
				fmt.Sprintf("git config core.fsmonitor 'touch %s'", marker),
				fmt.Sprintf("printf '[core]\\n\\tfsmonitor = touch %s\\n' >> .git/config", marker),
				fmt.Sprintf("printf '#!/bin/sh\\ntouch %s\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit", marker),
				"for f in .git/objects/*/*; do chmod u+w \"$f\"; echo corrupt > \"$f\"; done",
				"echo 0000000000000000000000000000000000000000 > .git/refs/heads/main",
				"ln -s .git/config cfg; echo '[alias] x = !touch /tmp/x' >> cfg",
				"rm -rf .git/objects",
				"mv .git .git-old; mkdir .git",
				"echo 'gitdir: /tmp/evil' > .git",
			}, "\n")
			srv, _ := escape(t, home, root, nil, approval, plant(t, root, approval, attack))
			if out := toolOutputs(srv); !strings.Contains(out, "Read-only file system") {
				t.Errorf("the attack did not meet a read-only .git: %s", out)
			}
			if after := gitDigest(t, gitDir); after != before {
				t.Errorf(".git changed")
			}
			// The repository still works, and nothing planted runs.
			gitIn(t, root, "status", "--short")
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("a planted fsmonitor or hook ran")
			}
		})
	}
}

func TestEscapeCredentials(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	const canary = "CANARY-3f9a7c2e"
	for _, approval := range approvals {
		t.Run(strings.Join(approval, " "), func(t *testing.T) {
			home, root := t.TempDir(), t.TempDir()
			secrets := []string{
				".ssh/id_ed25519", ".aws/credentials", ".netrc", ".config/gcloud/application_default_credentials.json",
				".kube/config", ".docker/config.json", ".gnupg/private-keys-v1.d/a.key", ".npmrc", ".pypirc",
				".git-credentials", ".config/gh/hosts.yml", ".mozilla/firefox/x.default/logins.json",
				".config/google-chrome/Default/Login Data", ".pgpass",
			}
			for _, s := range secrets {
				p := filepath.Join(home, s)
				os.MkdirAll(filepath.Dir(p), 0o700)
				if err := os.WriteFile(p, []byte(canary+" "+s+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			os.Symlink(filepath.Join(home, ".aws", "credentials"), filepath.Join(root, "notes.txt"))
			attack := strings.Join([]string{
				"cat ~/.ssh/id_ed25519 ~/.aws/credentials ~/.netrc ~/.kube/config ~/.docker/config.json",
				"cat ~/.npmrc ~/.pypirc ~/.git-credentials ~/.config/gh/hosts.yml ~/.pgpass",
				"grep -r CANARY ~ 2>/dev/null | head -100",
				"grep -r . ~/state 2>/dev/null | head -5",
				"cat /proc/self/root$HOME/.netrc /proc/1/root$HOME/.netrc",
				"for p in /proc/[0-9]*; do cat $p/root$HOME/.ssh/id_ed25519 2>/dev/null; done; true",
				"cat '" + filepath.Join(home, ".config/google-chrome/Default/Login Data") + "'",
			}, "\n")
			commands := []string{plant(t, root, approval, attack), "cat notes.txt"}
			srv, _ := escape(t, home, root, nil, approval, commands...)
			for i, req := range srv.Requests() {
				if bytes.Contains(req.Body, []byte(canary)) {
					t.Errorf("request %d carried a canary credential to the provider", i)
				}
			}
			if len(srv.Requests()) != len(commands)+1 {
				t.Errorf("the fake got %d requests, want %d", len(srv.Requests()), len(commands)+1)
			}
		})
	}
}

// markedPIDs returns the pids of processes whose command line holds mark.
func markedPIDs(mark string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && bytes.Contains(b, []byte(mark)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// namedPIDs returns the processes whose name (argv[0]) is mark, as
// exec -a gives it.
func namedPIDs(mark string) []int {
	var pids []int
	for _, pid := range markedPIDs(mark) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if name, _, _ := bytes.Cut(b, []byte{0}); err == nil && string(name) == mark {
			pids = append(pids, pid)
		}
	}
	return pids
}

// noneLeft waits up to 5 s for the marked processes to be gone, and kills
// those that are not, reporting them.
func noneLeft(t *testing.T, mark string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		pids := markedPIDs(mark)
		if len(pids) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range pids {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Errorf("processes %v were left behind", pids)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// leaveProcesses starts processes that try every way out of the command's
// process group, each named mark; the last one keeps writing into the
// project.
func leaveProcesses(mark string) string {
	return fmt.Sprintf(`setsid bash -c 'exec -a %[1]s sleep 300' &
nohup bash -c 'exec -a %[1]s sleep 300' >/dev/null 2>&1 &
( ( bash -c 'exec -a %[1]s sleep 300' & ) & )
setsid -f bash -c 'trap "" HUP TERM INT; while :; do date >> still-running.txt; sleep 0.1; done; : %[1]s'
disown -a; sleep 0.3; echo started`, mark)
}

func TestEscapeLeftoverProcesses(t *testing.T) {
	needIsolation(t)
	home, root := t.TempDir(), t.TempDir()
	mark := "agent-escape-" + strconv.Itoa(os.Getpid())
	_, r := escape(t, home, root, nil, []string{"--yes", "dangerous"}, plant(t, root, []string{"--yes", "dangerous"}, leaveProcesses(mark)))
	if r.code != 0 {
		t.Fatalf("run: exit %d\n%s", r.code, r.stderr)
	}
	noneLeft(t, mark)
	// Nothing writes into the project any more.
	size := func() int64 {
		fi, err := os.Stat(filepath.Join(root, "still-running.txt"))
		if err != nil {
			return -1
		}
		return fi.Size()
	}
	first := size()
	time.Sleep(500 * time.Millisecond)
	if later := size(); later != first {
		t.Errorf("still-running.txt grew from %d to %d bytes after the run", first, later)
	}
}

func TestEscapeLeftoverProcessesAfterTheAgentIsKilled(t *testing.T) {
	needIsolation(t)
	home, root := t.TempDir(), t.TempDir()
	mark := "agent-escape-kill-" + strconv.Itoa(os.Getpid())
	args, _ := json.Marshal(map[string]any{"command": leaveProcesses(mark) + "\nexec -a " + mark + " sleep 300", "timeout_seconds": 600})
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Use(llmtest.UseTool("shell", string(args))), llmtest.Say("done")})
	c := agentCmd(t, home, openaiEnv(srv), "run", "--yes", "dangerous", "--json", "--root", root, "do the task")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	// The four sleeps named mark are the processes that stay; counting
	// every cmdline that holds mark would also count the shells' passing
	// forks, and could stop waiting before the sleeps are all there.
	deadline := time.Now().Add(20 * time.Second)
	for len(namedPIDs(mark)) < 4 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(namedPIDs(mark)); n < 4 {
		c.Process.Kill()
		c.Wait()
		t.Fatalf("the command started %d processes named %s, want 4", n, mark)
	}
	// The command runs in the sandbox session's helper, which must go too.
	helpers := sandboxHelpersFor(root)
	if len(helpers) == 0 {
		t.Errorf("no sandbox helper for %s while its command runs", root)
	}
	c.Process.Kill()
	c.Wait()
	noneLeft(t, mark)
	deadline = time.Now().Add(5 * time.Second)
	for len(sandboxHelpersFor(root)) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if left := sandboxHelpersFor(root); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("sandbox helpers %v outlived the agent's SIGKILL", left)
	}
}

// sandboxHelpersFor returns the sandbox helpers running for root.
func sandboxHelpersFor(root string) []int {
	if resolved, err := filepath.EvalSymlinks(root); err == nil {
		root = resolved
	}
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		// The helper's marker, then its policy, a JSON object.
		args := strings.Split(string(cmdline), "\x00")
		var policy struct {
			Root string `json:"root"`
		}
		if len(args) > 2 && args[1] == sandbox.HelperArg && json.Unmarshal([]byte(args[2]), &policy) == nil && policy.Root == root {
			out = append(out, pid)
		}
	}
	return out
}

// TestEscapeGoTestPassesOnAFreshHome runs go test twice in the sandbox
// on a fresh home. It compiles the standard library's test dependencies
// (about 120 packages) into the project's empty private cache, half a
// minute of CPU, so it runs with -heavy (make test-heavy, which CI runs);
// TestEscapeGoBuildsOnAFreshHome is its cheap half in make test.
func TestEscapeGoTestPassesOnAFreshHome(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	if testing.Short() || !*heavy {
		t.Skip("compiles the standard library into a fresh cache: make test-heavy")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not installed")
	}
	home, root := t.TempDir(), t.TempDir()
	files := map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.21\n",
		"m.go":      "package m\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n",
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(2, 2) != 4 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n",
	}
	for name, content := range files {
		os.WriteFile(filepath.Join(root, name), []byte(content), 0o644)
	}
	srv, r := escape(t, home, root, nil, []string{"--yes", "dangerous"}, "go test ./...", "go test -count=1 ./...")
	reqs := srv.Requests()
	var out string
	for _, m := range reqs[len(reqs)-1].ToolResults() {
		out += m.Content + "\n"
	}
	if r.code != 0 || strings.Count(out, "ok  \texample.com/m") != 2 || strings.Contains(out, "[exit code") {
		t.Errorf("go test in the sandbox on a fresh home: exit %d, tool output:\n%s\nstderr: %s", r.code, out, r.stderr)
	}
}

// TestEscapeGoBuildsOnAFreshHome: on a fresh home, where the home
// directory is read-only to commands, the Go toolchain builds and vets in
// the sandbox, fresh and then warm, and writes only the project's private
// cache under the agent's state directory. The project imports nothing,
// so only it is compiled.
func TestEscapeGoBuildsOnAFreshHome(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not installed")
	}
	home, root := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n"), 0o644)
	os.WriteFile(filepath.Join(root, "m.go"), []byte("package m\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n"), 0o644)
	build := "go build ./... && go vet ./... && echo built"
	srv, r := escape(t, home, root, nil, []string{"--yes", "dangerous"}, build, build)
	reqs := srv.Requests()
	var out string
	for _, m := range reqs[len(reqs)-1].ToolResults() {
		out += m.Content + "\n"
	}
	if r.code != 0 || strings.Count(out, "built") != 2 || strings.Contains(out, "[exit code") {
		t.Errorf("go build and vet in the sandbox on a fresh home: exit %d, tool output:\n%s\nstderr: %s", r.code, out, r.stderr)
	}
	caches, _ := filepath.Glob(filepath.Join(home, "state", "agent", "cache", "*", "go-build", "*"))
	if len(caches) == 0 {
		t.Errorf("nothing in the project's private Go cache under %s", filepath.Join(home, "state", "agent", "cache"))
	}
	if _, err := os.Stat(filepath.Join(home, ".cache")); err == nil {
		t.Errorf("the toolchain wrote %s", filepath.Join(home, ".cache"))
	}
}

// TestEscapeTheAgentsOwnState: the agent's state directory holds other
// sessions' saved output, other projects' caches and isolated copies, and
// its config directory the settings of MCP servers; no command reads
// them. The session's own saved output stays readable, since the model
// reads it with commands.
func TestEscapeTheAgentsOwnState(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	const canary = "CANARY-8c4e1b7a"
	for _, approval := range approvals {
		t.Run(strings.Join(approval, " "), func(t *testing.T) {
			home, root := t.TempDir(), t.TempDir()
			state := filepath.Join(home, "state", "agent")
			for _, p := range []string{
				"output/20250101-000000-other/shell-1.log", "cache/other-0123456789ab/go-build/x",
				"worktrees/other-0123456789ab/secret.txt", "checkpoints/other-0123456789ab/HEAD", "history",
			} {
				p = filepath.Join(state, p)
				os.MkdirAll(filepath.Dir(p), 0o700)
				if err := os.WriteFile(p, []byte(canary+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cfg := filepath.Join(home, "config", "agent", "config.toml")
			os.MkdirAll(filepath.Dir(cfg), 0o700)
			// Kept small, so that the saved output does not fill the
			// model's window.
			small := "[tools]\noutput_head_bytes = 512\noutput_tail_bytes = 512\n"
			if err := os.WriteFile(cfg, []byte("# "+canary+"\n"+small), 0o600); err != nil {
				t.Fatal(err)
			}
			attack := strings.Join([]string{
				// A line from the middle, which only the saved file has.
				"sed -n 10000p " + state + "/output/*/shell-*.log | sed 's/^/saved-line-/'",
				"grep -r . " + state + " " + filepath.Dir(cfg) + " 2>/dev/null | grep -v '^.*shell-.*:[0-9]*$' | head -20",
				"cat " + state + "/output/*/* " + state + "/cache/*/go-build/x " + cfg,
			}, "\n")
			srv, _ := escape(t, home, root, nil, approval, "seq 1 20000", plant(t, root, approval, attack))
			for i, req := range srv.Requests() {
				if bytes.Contains(req.Body, []byte(canary)) {
					t.Errorf("request %d carried the agent's state or config to the provider", i)
				}
			}
			if out := toolOutputs(srv); !strings.Contains(out, "saved-line-10000\n") {
				t.Errorf("the session's own saved output was not readable by a command; tool outputs:\n%s", out)
			}
		})
	}
}

// TestSavedOutputDirectoryGoesWhenEmpty: the directory made for the
// session's saved output so that commands can read it is removed at the
// end when nothing was saved.
func TestSavedOutputDirectoryGoesWhenEmpty(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	home, root := t.TempDir(), t.TempDir()
	escape(t, home, root, nil, []string{"--yes-safe"}, "echo short")
	entries, err := os.ReadDir(filepath.Join(home, "state", "agent", "output"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) || len(entries) != 0 {
		t.Errorf("after a run that saved no output, output/ holds %v (%v), want nothing", entries, err)
	}
}
