package sandbox

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestConfinementOfTheFilesystem(t *testing.T) {
	t.Parallel()
	sb := confinedSandbox(t, DefaultConfig())
	tests := []struct {
		name   string
		script string
		ok     bool
		// check, when set, looks at the fixture afterwards.
		check func(t *testing.T, f fixture)
	}{
		{name: "writing a file in the root works",
			script: `echo hi > "$ROOT/f" && [ "$(cat "$ROOT/f")" = hi ]`, ok: true},
		{name: "creating, renaming across directories, linking and deleting in the root works",
			script: `cd "$ROOT" && mkdir -p a/b c && echo x > a/b/f && mv a/b/f c/f && ln c/f a/g && ln -s c/f s && rm -r a c s`, ok: true},
		{name: "writing in the temp dir works and TMPDIR points there",
			script: `[ "$TMPDIR" = /tmp ] && f=$(mktemp) && echo hi > "$f" && rm "$f"`, ok: true},
		{name: "/tmp and /var/tmp are the private temp dir",
			script: `echo x > /tmp/t1 && echo y > /var/tmp/t2`, ok: true,
			check: func(t *testing.T, f fixture) {
				dir := f.tmp
				if *viaSessions {
					dir = sessionTempDir(t, sb)
				}
				for _, name := range []string{"t1", "t2"} {
					if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
						t.Errorf("%s is not in the private temp dir: %v", name, err)
					}
				}
			}},
		{name: "the shared /tmp is out of sight",
			script: `[ ! -e "$TEMP_DIR" ] && [ ! -e "$SHARED" ]`, ok: true},
		{name: "/dev/shm is private and writable",
			script: `[ -z "$(ls -A /dev/shm)" ] && echo x > /dev/shm/s`, ok: true},
		{name: "writing /dev/null works",
			script: `echo hi > /dev/null`, ok: true},
		{name: "reading outside the root works",
			script: `[ "$(cat "$README")" = "outside the root" ] && ls / > /dev/null`, ok: true},
		{name: "running programs outside the root works",
			script: `/bin/sh -c 'exit 0'`, ok: true},
		{name: "creating a file outside the root fails",
			script: `echo x > "$OUT/new"`,
			check:  wantMissing("new")},
		{name: "overwriting a file outside the root fails",
			script: `echo x > "$README"`,
			check:  wantReadme},
		{name: "truncating a file outside the root fails",
			script: `truncate -s 0 "$README"`,
			check:  wantReadme},
		{name: "deleting a file outside the root fails",
			script: `rm -f "$README"`,
			check:  wantReadme},
		{name: "moving a file out of the root fails",
			script: `echo x > "$ROOT/f" && mv "$ROOT/f" "$OUT/f"`,
			check:  wantMissing("f")},
		{name: "a symlink in the root does not lead out of it",
			script: `ln -s "$OUT" "$ROOT/link" && echo x > "$ROOT/link/new"`,
			check:  wantMissing("new")},
		{name: "a hard link out of the root fails",
			script: `echo x > "$ROOT/f" && ln "$ROOT/f" "$OUT/f"`,
			check:  wantMissing("f")},
		{name: "creating a directory outside the root fails",
			script: `mkdir "$OUT/d"`,
			check:  wantMissing("d")},
		{name: "the home directory is read-only",
			script: `echo x > "$HOME/new"`},
		{name: "writing /dev/tty fails",
			script: `echo x > /dev/tty`},
		{name: "making a device node in the root fails",
			script: `mknod "$ROOT/null" c 1 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			got := bash(t, sb, f, tt.script)
			if ok := got.code == 0; ok != tt.ok {
				t.Errorf("bash -c %q: exit %d, want success %v; stderr: %s", tt.script, got.code, tt.ok, got.stderr)
			}
			if tt.check != nil {
				tt.check(t, f)
			}
		})
	}
}

// wantMissing checks that name was not created outside the root.
func wantMissing(name string) func(*testing.T, fixture) {
	return func(t *testing.T, f fixture) {
		t.Helper()
		if _, err := os.Lstat(filepath.Join(f.outside, name)); !os.IsNotExist(err) {
			t.Errorf("Lstat(%q) = %v, want it not to exist", name, err)
		}
	}
}

// wantReadme checks that the file outside the root is untouched.
func wantReadme(t *testing.T, f fixture) {
	t.Helper()
	b, err := os.ReadFile(f.readme)
	if err != nil || string(b) != readmeText {
		t.Errorf("ReadFile(readme) = %q, %v; want %q", b, err, readmeText)
	}
}

func TestNetwork(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	tests := []struct {
		name       string
		cfgNetwork bool
		optNetwork bool
		tool       string
		ok         bool
	}{
		{name: "connecting to a listener of the host fails by default", tool: "dial"},
		{name: "connecting works when the call was allowed the network", optNetwork: true, tool: "dial", ok: true},
		{name: "connecting works when the config allows the network", cfgNetwork: true, tool: "dial", ok: true},
		{name: "the sandbox's own loopback works without the network", tool: "loopback", ok: true},
		{name: "no interface but the loopback is there without the network", tool: "only-loopback", ok: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Network = tt.cfgNetwork
			sb := confinedSandbox(t, cfg)
			f := newFixture(t)
			opts := f.opts()
			opts.Network = tt.optNetwork
			got := run(t, sb, opts, f.env(testToolEnv+"="+tt.tool, "SANDBOX_TEST_ADDR="+ln.Addr().String()), testExe(t))
			if got.code == 2 {
				t.Fatalf("test tool %s: broken setup: %s", tt.tool, got.stderr)
			}
			if ok := got.code == 0; ok != tt.ok {
				t.Errorf("%s: exit %d, want success %v; stderr: %s", tt.tool, got.code, tt.ok, got.stderr)
			}
		})
	}
}

func TestProcessLimit(t *testing.T) {
	if !Probe().ProcessLimit {
		t.Skipf("no process limit here (%s); TestUnprivileged runs this test as another user when it can", Probe().ProcessLimitReason)
	}
	const limit, attempts = 24, 48
	cfg := DefaultConfig()
	cfg.MaxProcesses = limit
	sb := confinedSandbox(t, cfg)
	f := newFixture(t)
	got := run(t, sb, f.opts(), f.env(testToolEnv+"=spawn", "SANDBOX_TEST_SPAWN="+strconv.Itoa(attempts)), testExe(t))
	if got.code != 0 {
		t.Fatalf("spawn: exit %d; stderr: %s", got.code, got.stderr)
	}
	var started, failed int
	if _, err := fmt.Sscanf(got.stdout, "started=%d failed=%d", &started, &failed); err != nil {
		t.Fatalf("spawn printed %q: %v", got.stdout, err)
	}
	t.Logf("spawning %d processes with a limit of %d: started %d, refused %d", attempts, limit, started, failed)
	if failed == 0 || started >= limit {
		t.Errorf("spawning %d processes with a limit of %d: started %d, refused %d; want at most %d started, the rest refused",
			attempts, limit, started, failed, limit-1)
	}
}

func TestFileSizeLimit(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxFileMiB = 1
	sb := confinedSandbox(t, cfg)
	f := newFixture(t)
	got := bash(t, sb, f, `head -c 2097152 /dev/zero > "$ROOT/big"`)
	if got.signal != syscall.SIGXFSZ && got.code != 128+int(syscall.SIGXFSZ) {
		t.Errorf("writing 2 MiB under a 1 MiB limit: exit %d, signal %v; want SIGXFSZ", got.code, got.signal)
	}
	fi, err := os.Stat(filepath.Join(f.root, "big"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != 1<<20 {
		t.Errorf("size of the written file = %d, want %d", fi.Size(), 1<<20)
	}
}

func TestCommandsRunAsAsked(t *testing.T) {
	t.Parallel()
	sb := confinedSandbox(t, DefaultConfig())
	f := newFixture(t)
	tests := []struct {
		name       string
		argv       []string
		env        []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{name: "the exit status comes through", argv: []string{"bash", "-c", "exit 3"}, wantCode: 3},
		{name: "the environment comes through", argv: []string{"printenv", "GREETING"}, env: []string{"GREETING=hello"}, wantStdout: "hello\n"},
		{name: "the working directory is the root", argv: []string{"pwd"}, wantStdout: f.root + "\n"},
		{name: "a missing command exits 127 and says so", argv: []string{"agent-sandbox-no-such-command"},
			wantCode: ExitNotFound, wantStderr: "command not found"},
		{name: "the command keeps its user", argv: []string{"id", "-u"}, wantStdout: strconv.Itoa(os.Getuid()) + "\n"},
		{name: "the command has no capabilities left from the helper", argv: []string{"bash", "-c", `grep ^CapAmb /proc/self/status`},
			wantStdout: "CapAmb:\t0000000000000000\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, sb, f.opts(), f.env(tt.env...), tt.argv...)
			if got.code != tt.wantCode {
				t.Errorf("%q: exit %d, want %d; stderr: %s", tt.argv, got.code, tt.wantCode, got.stderr)
			}
			if tt.wantStdout != "" && got.stdout != tt.wantStdout {
				t.Errorf("%q: stdout %q, want %q", tt.argv, got.stdout, tt.wantStdout)
			}
			if !strings.Contains(got.stderr, tt.wantStderr) {
				t.Errorf("%q: stderr %q, want it to contain %q", tt.argv, got.stderr, tt.wantStderr)
			}
		})
	}
}

func TestSignallingTheAgentFails(t *testing.T) {
	t.Parallel()
	if Probe().LandlockABI < 6 {
		t.Skipf("Landlock ABI %d cannot scope signals (it needs ABI 6)", Probe().LandlockABI)
	}
	sb := confinedSandbox(t, DefaultConfig())
	f := newFixture(t)
	got := run(t, sb, f.opts(), f.env("AGENT_PID="+strconv.Itoa(os.Getpid())), "bash", "-c", `kill -CONT "$AGENT_PID"`)
	if got.code == 0 {
		t.Errorf("kill -CONT <agent> inside the sandbox succeeded, want it refused")
	}
}

func TestHelperRefusesToRunWithoutItsNamespaces(t *testing.T) {
	t.Parallel()
	sb := confinedSandbox(t, DefaultConfig())
	f := newFixture(t)
	cmd, err := sb.Command(t.Context(), f.opts(), []string{"true"})
	if err != nil {
		t.Fatal(err)
	}
	// What a careless caller might do instead of setting a field.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Env = f.env()
	out, err := cmd.CombinedOutput()
	if ws, _ := cmd.WaitStatus(); ws.ExitStatus() != ExitSetup {
		t.Fatalf("run with SysProcAttr replaced: %v, want exit %d; output: %s", err, ExitSetup, out)
	}
	if !strings.Contains(string(out), "namespace") {
		t.Errorf("output %q, want it to explain the missing namespace", out)
	}
}

func TestCallerAttributesAreKept(t *testing.T) {
	t.Parallel()
	sb := confinedSandbox(t, DefaultConfig())
	f := newFixture(t)
	cmd, err := sb.Command(t.Context(), f.opts(), []string{"bash", "-c", `read -r _ _ _ _ _ sid _ < /proc/self/stat; [ "$sid" = "$$" ] || [ "$sid" = 1 ]`})
	if err != nil {
		t.Fatal(err)
	}
	// The executor's settings: its own session, killed with the agent.
	// The session is the command's, or, in a PID namespace, its init's.
	cmd.SysProcAttr.Setsid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	cmd.Env = f.env()
	// In the root, as the executor runs every command: the test's own
	// directory may be under /tmp, which the command's private /tmp hides.
	cmd.Dir = f.root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("run with Setsid and Pdeathsig: %v; output: %s", err, out)
	}
}

func TestPartialSandboxes(t *testing.T) {
	t.Parallel()
	if Probe().LandlockABI < 4 {
		t.Skipf("Landlock ABI %d cannot deny TCP (it needs ABI 4)", Probe().LandlockABI)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	tests := []struct {
		name string
		rep  Report
		// What the command manages to do.
		writeOutside, mknod, dial bool
	}{
		{name: "Landlock without namespaces still walls the filesystem and denies TCP",
			rep: landlockOnlyReport},
		{name: "nothing at all leaves the command unconfined, as the status says",
			rep: bareReport, writeOutside: true, mknod: true, dial: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := newSandbox(DefaultConfig(), testExe(t), tt.rep)
			if sb.Status().Confined {
				t.Errorf("Status().Confined = true for a partial sandbox, want false")
			}
			f := newFixture(t)
			got := bash(t, sb, f, `echo x > "$OUT/new"`)
			if ok := got.code == 0; ok != tt.writeOutside {
				t.Errorf("writing outside the root: exit %d, want success %v; stderr: %s", got.code, tt.writeOutside, got.stderr)
			}
			// Only root may make device nodes at all, so only root can
			// tell whether Landlock stopped it.
			if os.Geteuid() == 0 {
				got = bash(t, sb, f, `mknod "$ROOT/null" c 1 3`)
				if ok := got.code == 0; ok != tt.mknod {
					t.Errorf("mknod as root without a user namespace: exit %d, want success %v; stderr: %s", got.code, tt.mknod, got.stderr)
				}
			}
			got = run(t, sb, f.opts(), f.env(testToolEnv+"=dial", "SANDBOX_TEST_ADDR="+ln.Addr().String()), testExe(t))
			if ok := got.code == 0; ok != tt.dial {
				t.Errorf("dialing the host: exit %d, want success %v; stderr: %s", got.code, tt.dial, got.stderr)
			}
		})
	}
}
