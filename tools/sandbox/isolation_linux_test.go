package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// isolatedSandbox returns a confined sandbox with mount and PID namespaces,
// or skips the test.
func isolatedSandbox(t *testing.T, cfg Config) Sandbox {
	t.Helper()
	sb := confinedSandbox(t, cfg)
	if r := Probe(); !r.MountNamespace || !r.PIDNamespace {
		t.Skipf("no mount or PID namespace: %s", r.IsolationReason)
	}
	return sb
}

// makeGitDir makes a small git directory at dir: config, a hook, an
// object, refs, an index.
func makeGitDir(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		"config":                  "[core]\n\trepositoryformatversion = 0\n",
		"HEAD":                    "ref: refs/heads/main\n",
		"hooks/pre-commit":        "#!/bin/sh\nexit 0\n",
		"info/exclude":            "# nothing\n",
		"objects/ab/cdef0123":     "object",
		"refs/heads/main":         "0123456789012345678901234567890123456789\n",
		"index":                   "DIRC",
		"modules/sub/config":      "[core]\n",
		"worktrees/wt/gitdir":     "/elsewhere/.git\n",
		"objects/info/.keep":      "",
		"description":             "test\n",
		"logs/refs/heads/main":    "",
		"packed-refs":             "",
		"refs/tags/.keep":         "",
		"modules/sub/hooks/.keep": "",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// treeDigest hashes every path, mode and content under dir.
func treeDigest(t *testing.T, dir string) string {
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
		h.Write([]byte(p + "\x00" + fi.Mode().String() + "\x00"))
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
	return string(h.Sum(nil))
}

// gitAttacks are what a hostile command does to a repository's git
// directory ($G): every one must fail.
var gitAttacks = []string{
	`git_dir="$G"; printf '[core]\n\tfsmonitor = touch /tmp/pwned\n' >> "$git_dir/config"`,
	`printf '#!/bin/sh\ntouch /tmp/pwned\n' > "$G/hooks/post-checkout" && chmod +x "$G/hooks/post-checkout"`,
	`chmod +x "$G/hooks/pre-commit"`,
	`echo evil > "$G/objects/ab/cdef0123"`,
	`rm -f "$G/objects/ab/cdef0123"`,
	`echo 1111111111111111111111111111111111111111 > "$G/refs/heads/main"`,
	`echo evil > "$G/info/attributes"`,
	`echo '[core]' > "$G/modules/sub/config"`,
	`rm -rf "$G"`,
	`mv "$G" "$G.old"`,
	`cd "$ROOT" && ln -s "$G/config" cfg && echo x >> cfg`,
	`cd "$ROOT" && ln "$G/config" hard`,
	`cd /proc/self/root && echo x >> ".$G/config"`,
	`touch "$G/new-file"`,
	`truncate -s 0 "$G/index"`,
}

func TestGitDirsAreReadOnly(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	layouts := []struct {
		name string
		// setup makes the repository in f and returns its git directory.
		setup func(t *testing.T, f fixture) string
	}{
		{"a .git directory", func(t *testing.T, f fixture) string {
			g := filepath.Join(f.root, ".git")
			makeGitDir(t, g)
			return g
		}},
		{"a gitfile pointing at a git directory inside the root", func(t *testing.T, f fixture) string {
			g := filepath.Join(f.root, "vendor", "repo.git")
			makeGitDir(t, g)
			writeFile(t, filepath.Join(f.root, ".git"), "gitdir: vendor/repo.git\n")
			return g
		}},
		{"a worktree's gitfile whose commondir is inside the root", func(t *testing.T, f fixture) string {
			common := filepath.Join(f.root, "main.git")
			makeGitDir(t, common)
			wt := filepath.Join(common, "worktrees", "wt")
			writeFile(t, filepath.Join(wt, "commondir"), "../..\n")
			writeFile(t, filepath.Join(f.root, ".git"), "gitdir: "+wt+"\n")
			return common
		}},
		{"a .git symlink to a git directory inside the root", func(t *testing.T, f fixture) string {
			g := filepath.Join(f.root, "real.git")
			makeGitDir(t, g)
			if err := os.Symlink("real.git", filepath.Join(f.root, ".git")); err != nil {
				t.Fatal(err)
			}
			return g
		}},
		{"a submodule's git directory named in .gitmodules", func(t *testing.T, f fixture) string {
			makeGitDir(t, filepath.Join(f.root, ".git"))
			writeFile(t, filepath.Join(f.root, ".gitmodules"), "[submodule \"lib\"]\n\tpath = lib\n\turl = ../lib\n")
			g := filepath.Join(f.root, "lib", ".git")
			makeGitDir(t, g)
			return g
		}},
	}
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			f := newFixture(t)
			g := l.setup(t, f)
			before, beforeRoot := treeDigest(t, g), readIfFile(t, filepath.Join(f.root, ".git"))
			rel, err := filepath.Rel(f.root, g)
			if err != nil {
				t.Fatal(err)
			}
			for _, attack := range gitAttacks {
				// By absolute path, and relative to the working
				// directory (the root), which the command starts in.
				for _, dir := range []string{g, rel} {
					got := run(t, sb, f.opts(), f.env("G="+dir), "bash", "-c", attack)
					if got.code == 0 {
						t.Errorf("%s with G=%s: exit 0, want it refused", attack, dir)
					}
				}
			}
			got := run(t, sb, f.opts(), f.env("G="+g), "bash", "-c", `printf 'gitdir: /tmp/evil\n' > "$ROOT/.git"`)
			if got.code == 0 {
				t.Errorf("rewriting the root's .git: exit 0, want it refused")
			}
			if after := treeDigest(t, g); after != before {
				t.Errorf("the git directory changed")
			}
			if after := readIfFile(t, filepath.Join(f.root, ".git")); after != beforeRoot {
				t.Errorf("the root's .git changed: %q, was %q", after, beforeRoot)
			}
			// The rest of the root stays writable.
			if got := bash(t, sb, f, `echo ok > "$ROOT/work.txt"`); got.code != 0 {
				t.Errorf("writing the root next to .git: exit %d; %s", got.code, got.stderr)
			}
		})
	}
}

func TestTheGitToolMayWriteObjectsAndRefsOnly(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	g := filepath.Join(f.root, ".git")
	makeGitDir(t, g)
	writeFile(t, filepath.Join(g, "objects", "info", "alternates"), "")
	opts := f.opts()
	opts.Git = GitObjectsAndRefs
	allowed := []string{
		`echo new > "$G/objects/ab/new"`,
		`echo 1111111111111111111111111111111111111111 > "$G/refs/heads/topic"`,
		`echo DIRC2 > "$G/index"`,
		`echo x > "$G/COMMIT_EDITMSG"`,
	}
	for _, cmd := range allowed {
		if got := run(t, sb, opts, f.env("G="+g), "bash", "-c", cmd); got.code != 0 {
			t.Errorf("%s with git access: exit %d, want success; %s", cmd, got.code, got.stderr)
		}
	}
	config, hooks := readIfFile(t, filepath.Join(g, "config")), treeDigest(t, filepath.Join(g, "hooks"))
	refused := []string{
		`echo '[core] fsmonitor = x' >> "$G/config"`,
		`echo x > "$G/hooks/post-commit"`,
		`echo x > "$G/info/attributes"`,
		`echo x > "$G/modules/sub/config"`,
		`echo x > "$G/worktrees/wt/gitdir"`,
		`echo /elsewhere >> "$G/objects/info/alternates"`,
	}
	for _, cmd := range refused {
		if got := run(t, sb, opts, f.env("G="+g), "bash", "-c", cmd); got.code == 0 {
			t.Errorf("%s with git access: exit 0, want it refused", cmd)
		}
	}
	if readIfFile(t, filepath.Join(g, "config")) != config || treeDigest(t, filepath.Join(g, "hooks")) != hooks {
		t.Errorf("the git tool's access changed config or hooks")
	}
}

func TestCredentialsAreHidden(t *testing.T) {
	t.Parallel()
	const canary = "CANARY-7d1f0c"
	cfg := DefaultConfig()
	f := newFixture(t)
	extra := filepath.Join(f.home, "outside", "extra-secret")
	cfg.Hide = []string{"~/project-tokens.txt", extra}
	sb := isolatedSandbox(t, cfg)
	secrets := []string{
		".ssh/id_ed25519", ".aws/credentials", ".netrc", ".config/gcloud/credentials.db", ".kube/config",
		".docker/config.json", ".gnupg/private-keys-v1.d/k.key", ".npmrc", ".pypirc", ".git-credentials",
		".config/gh/hosts.yml", ".mozilla/firefox/p/logins.json", ".config/google-chrome/Default/Cookies",
		".password-store/x.gpg", ".cargo/credentials.toml", ".pgpass", "project-tokens.txt",
	}
	for _, s := range secrets {
		writeFile(t, filepath.Join(f.home, s), canary+"\n")
	}
	writeFile(t, extra, canary+"\n")
	if err := os.Symlink(filepath.Join(f.home, ".ssh"), filepath.Join(f.root, "keys")); err != nil {
		t.Fatal(err)
	}
	reads := []string{
		`cat "$HOME/.ssh/id_ed25519" "$HOME/.aws/credentials" "$HOME/.netrc"`,
		`grep -r . "$HOME" 2>/dev/null`,
		`cat "$ROOT/keys/id_ed25519"`,
		`cat /proc/self/root"$HOME/.ssh/id_ed25519"`,
		`cat /proc/1/root"$HOME/.ssh/id_ed25519"`,
		`for p in /proc/[0-9]*; do cat "$p/root$HOME/.netrc" "$p/cwd/../../$(basename "$HOME")/.netrc"; done 2>/dev/null`,
		`cat "$EXTRA"`,
		`cd "$HOME/.config" && cat gh/hosts.yml`,
	}
	for _, script := range reads {
		got := run(t, sb, f.opts(), f.env("EXTRA="+extra), "bash", "-c", script)
		if strings.Contains(got.stdout+got.stderr, canary) {
			t.Errorf("%s: the canary came out: %q", script, got.stdout)
		}
	}
	// Hidden is not broken: the home directory itself stays readable.
	writeFile(t, filepath.Join(f.home, ".gitconfig"), "[user]\n\tname = T\n")
	if got := bash(t, sb, f, `cat "$HOME/.gitconfig" && ls -A "$HOME/.ssh"`); got.code != 0 || !strings.Contains(got.stdout, "name = T") {
		t.Errorf("reading the home directory: exit %d, %q; want .gitconfig readable and .ssh empty", got.code, got.stdout)
	}
	if got := bash(t, sb, f, `echo x > "$HOME/.ssh/new"`); got.code == 0 {
		t.Errorf("writing into the hidden .ssh: exit 0, want it refused")
	}
}

// markedProcesses returns the pids of processes whose command line holds
// marker.
func markedProcesses(marker string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmdline, []byte(marker)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitNoMarked waits up to 5 s for the marked processes to be gone.
func waitNoMarked(marker string) []int {
	deadline := time.Now().Add(5 * time.Second)
	for {
		pids := markedProcesses(marker)
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// escapees is a command that leaves processes behind in every way a shell
// can, each running `sleep` under the name $MARK.
const escapees = `
	setsid bash -c 'exec -a "$MARK" sleep 300' &
	nohup bash -c 'exec -a "$MARK" sleep 300' >/dev/null 2>&1 &
	( ( bash -c 'exec -a "$MARK" sleep 300' & ) & )
	setsid -f bash -c 'trap "" HUP TERM; exec -a "$MARK" sleep 300'
	disown -a
	sleep 0.2
	echo started`

func TestProcessesDieWithTheCommand(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	mark := "agent-test-escapee-" + strconv.Itoa(os.Getpid())
	got := run(t, sb, f.opts(), f.env("MARK="+mark), "bash", "-c", escapees)
	if got.code != 0 || !strings.Contains(got.stdout, "started") {
		t.Fatalf("escapees: exit %d, %q; %s", got.code, got.stdout, got.stderr)
	}
	if left := waitNoMarked(mark); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("processes %v outlived their command", left)
	}
}

func TestTheExitStatusIsTheCommands(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	tests := []struct {
		script string
		code   int
		signal syscall.Signal
	}{
		{`exit 0`, 0, 0},
		{`exit 7`, 7, 0},
		{`kill -TERM $$`, -1, syscall.SIGTERM},
		{`kill -KILL $$`, -1, syscall.SIGKILL},
		{`sleep 300 & exit 3`, 3, 0},
	}
	for _, tt := range tests {
		got := bash(t, sb, f, tt.script)
		if got.code != tt.code || got.signal != tt.signal {
			t.Errorf("bash -c %q: exit %d signal %v, want %d %v", tt.script, got.code, got.signal, tt.code, tt.signal)
		}
	}
}

func TestSignalsReachTheCommand(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	cmd, err := sb.Command(t.Context(), f.opts(), []string{"bash", "-c", `trap 'echo got-term; exit 5' TERM; echo ready; while :; do sleep 0.05; done`})
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = f.env()
	cmd.Dir = f.root
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("first line %q, want ready", lines.Text())
	}
	// Only the helper, not the group: it passes the signal on.
	cmd.Process.Signal(syscall.SIGTERM)
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	cmd.Wait()
	ws, _ := cmd.WaitStatus()
	if ws.ExitStatus() != 5 || !slices.Contains(rest, "got-term") {
		t.Errorf("SIGTERM to the helper: exit %d, output %q; want the command's trap to run and exit 5", ws.ExitStatus(), rest)
	}
}

func TestProcessesDieWithTheAgent(t *testing.T) {
	t.Parallel()
	isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	mark := "agent-test-orphan-" + strconv.Itoa(os.Getpid())
	// A stand-in for the agent: the test binary running a sandboxed
	// command the way the executor does, killed with SIGKILL.
	agent := exec.Command(testExe(t))
	agent.Env = f.env(testToolEnv+"=agent", "MARK="+mark, "SANDBOX_TEST_ROOT="+f.root, "SANDBOX_TEST_TMP="+f.tmp)
	var out bytes.Buffer
	agent.Stdout, agent.Stderr = &out, &out
	if err := agent.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(markedProcesses(mark)) < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(markedProcesses(mark)); n < 5 {
		agent.Process.Kill()
		agent.Wait()
		t.Fatalf("the stand-in agent started %d marked processes, want 5; output: %s", n, out.String())
	}
	agent.Process.Kill()
	agent.Wait()
	if left := waitNoMarked(mark); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("processes %v outlived the agent's SIGKILL", left)
	}
}

func init() { extraTestTools["agent"] = runAgentStandIn }

// runAgentStandIn runs escapees and the marked command in the sandbox
// like the executor does (own session, SIGKILL when the agent dies) and
// waits for it.
func runAgentStandIn() int {
	sb := New(DefaultConfig(), os.Args[0])
	script := escapees + `; exec -a "$MARK" sleep 300`
	cmd, err := sb.Command(context.Background(), Options{Root: os.Getenv("SANDBOX_TEST_ROOT"), TempDir: os.Getenv("SANDBOX_TEST_TMP")}, []string{"bash", "-c", script})
	if err != nil {
		return 2
	}
	cmd.SysProcAttr.Setsid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	cmd.Dir = os.Getenv("SANDBOX_TEST_ROOT") // as the executor does; the test's own directory may be under the hidden /tmp
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return 1
	}
	return 0
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readIfFile returns the content of p when it is a regular file.
func readIfFile(t *testing.T, p string) string {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestSystemVIPCOfTheHostIsOutOfReach(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	key := 0x41470000 + os.Getpid()%0xffff
	id, err := unix.SysvShmGet(key, 4096, unix.IPC_CREAT|unix.IPC_EXCL|0o600)
	if err != nil {
		t.Skipf("no System V shared memory here: %v", err)
	}
	defer unix.SysvShmCtl(id, unix.IPC_RMID, nil)
	env := f.env(testToolEnv+"=sysv-shm", "SANDBOX_TEST_KEY="+strconv.Itoa(key))
	// The tool itself finds the segment outside the sandbox.
	tool := exec.Command(testExe(t))
	tool.Env = env
	if err := tool.Run(); err != nil {
		t.Fatalf("unconfined, the tool did not find the segment: %v", err)
	}
	if got := run(t, sb, f.opts(), env, testExe(t)); got.code == 0 {
		t.Errorf("a sandboxed command attached the host's shared memory segment %#x: %s", key, got.stderr)
	}
}

func init() { extraTestTools["sysv-shm"] = sysvShm }

// sysvShm attaches the System V shared memory segment SANDBOX_TEST_KEY;
// exit 0 when it could.
func sysvShm() int {
	key, _ := strconv.Atoi(os.Getenv("SANDBOX_TEST_KEY"))
	id, err := unix.SysvShmGet(key, 0, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shmget:", err)
		return 1
	}
	b, err := unix.SysvShmAttach(id, 0, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shmat:", err)
		return 1
	}
	b[0] = 'x'
	unix.SysvShmDetach(b)
	fmt.Fprintln(os.Stderr, "attached and wrote the segment")
	return 0
}

func TestTheAgentsSessionKeyringIsOutOfReach(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	name := "agent-test-key-" + strconv.Itoa(os.Getpid())
	// A process without a session keyring (a container, CI) gets one at
	// the first add_key, for the calling thread only: the commands must
	// be started from that thread to inherit it. Never unlocked, so the
	// thread, with its keyring, ends with the test.
	runtime.LockOSThread()
	id, err := unix.AddKey("user", name, []byte("secret-payload"), unix.KEY_SPEC_SESSION_KEYRING)
	if err != nil {
		t.Skipf("no keyrings here: %v", err)
	}
	defer unix.KeyctlInt(unix.KEYCTL_UNLINK, id, unix.KEY_SPEC_SESSION_KEYRING, 0, 0)
	env := f.env(testToolEnv+"=keyring", "SANDBOX_TEST_KEY="+name, "SANDBOX_TEST_KEY_ID="+strconv.Itoa(id))
	// The tool itself reads the key outside the sandbox.
	tool := exec.Command(testExe(t))
	tool.Env = env
	if err := tool.Run(); err != nil {
		t.Fatalf("unconfined, the tool did not read the key: %v", err)
	}
	if got := run(t, sb, f.opts(), env, testExe(t)); got.code == 0 {
		t.Errorf("a sandboxed command read a key of the agent's session keyring: %s", got.stderr)
	}
}

func init() { extraTestTools["keyring"] = readKeyring }

// readKeyring reads the user key SANDBOX_TEST_KEY, found through the
// session keyring or by its number; exit 0 when it could.
func readKeyring() int {
	ids := []int{}
	if id, err := unix.KeyctlSearch(unix.KEY_SPEC_SESSION_KEYRING, "user", os.Getenv("SANDBOX_TEST_KEY"), 0); err == nil {
		ids = append(ids, id)
	}
	if id, err := strconv.Atoi(os.Getenv("SANDBOX_TEST_KEY_ID")); err == nil {
		ids = append(ids, id)
	}
	for _, id := range ids {
		buf := make([]byte, 256)
		if n, err := unix.KeyctlBuffer(unix.KEYCTL_READ, id, buf, 0); err == nil {
			fmt.Fprintf(os.Stderr, "read key %d: %q\n", id, buf[:n])
			return 0
		}
	}
	return 1
}
