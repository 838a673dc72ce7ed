package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// fixture is a project root, a private temp dir, a home directory and a
// directory in it, outside both, that holds a file, all fresh for one
// test. The home directory stays visible to commands although it is in
// the shared temp directory they do not see.
type fixture struct {
	root, tmp, home, outside string
	// shared is a file in the shared temp directory.
	shared string
	// readme is a file outside the root.
	readme string
}

const readmeText = "outside the root\n"

func newFixture(t *testing.T) fixture {
	t.Helper()
	f := fixture{root: t.TempDir(), tmp: t.TempDir(), home: t.TempDir()}
	f.outside = filepath.Join(f.home, "outside")
	if err := os.Mkdir(f.outside, 0o755); err != nil {
		t.Fatal(err)
	}
	f.readme = filepath.Join(f.outside, "readme")
	shared, err := os.CreateTemp("", "agent-sandbox-shared-")
	if err != nil {
		t.Fatal(err)
	}
	shared.Close()
	f.shared = shared.Name()
	t.Cleanup(func() { os.Remove(f.shared) })
	if err := os.WriteFile(f.readme, []byte(readmeText), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f fixture) opts() Options { return Options{Root: f.root, TempDir: f.tmp} }

// env is the environment of a test command: PATH, the fixture's paths,
// quickRaceExit and extra.
func (f fixture) env(extra ...string) []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + f.home, quickRaceExit,
		"ROOT=" + f.root, "SHARED=" + f.shared, "TEMP_DIR=" + f.tmp, "OUT=" + f.outside, "README=" + f.readme,
	}, extra...)
}

// outcome is how a command ended.
type outcome struct {
	code           int // exit status, -1 when killed by a signal
	signal         syscall.Signal
	stdout, stderr string
}

// testExe returns the test binary, which serves as the helper.
func testExe(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// confinedSandbox returns a sandbox with cfg on the test binary, skipping
// the test when this machine cannot confine.
func confinedSandbox(t *testing.T, cfg Config) Sandbox {
	t.Helper()
	sb := New(cfg, testExe(t))
	if !sb.Status().Confined {
		t.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
	}
	return sb
}

// run runs argv in sb with opts in the root, with env as its environment.
//
// With -sessions, the shell commands (read-only git directories) run in
// a session helper instead (Sessions), one session per test: the same
// escapes must fail both ways.
func run(t *testing.T, sb Sandbox, opts Options, env []string, argv ...string) outcome {
	t.Helper()
	if *viaSessions && opts.Git == GitReadOnly {
		return runInSession(t, sb, opts, env, argv...)
	}
	cmd, err := sb.Command(t.Context(), opts, argv)
	if err != nil {
		t.Fatalf("Command(%q) = %v", argv, err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Dir = opts.Root
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String()}
	ws, ok := cmd.WaitStatus()
	if !ok {
		t.Fatalf("run %q: %v", argv, err)
	}
	o.code = ws.ExitStatus()
	if ws.Signaled() {
		o.signal = ws.Signal()
	}
	return o
}

// bash runs script with bash -c inside sb.
func bash(t *testing.T, sb Sandbox, f fixture, script string) outcome {
	t.Helper()
	return run(t, sb, f.opts(), f.env(), "bash", "-c", script)
}
