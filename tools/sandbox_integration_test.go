package tools

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/tools/sandbox"
	"github.com/agentcli/agent/tools/sandbox/gocache"
)

// TestMain lets the test binary play the agent's part of sandbox helper:
// the sandbox re-executes the binary with sandbox.HelperArg first.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.HelperArg {
		os.Exit(sandbox.HelperMain(os.Args))
	}
	os.Exit(m.Run())
}

// newSandboxedRegistry returns a registry whose commands run in the real
// sandbox, or skips the test, saying why, where the kernel cannot confine.
func newSandboxedRegistry(t testing.TB) *Registry {
	t.Helper()
	return newSandboxedRegistryWith(t, nil)
}

// newSandboxedRegistryWith is newSandboxedRegistry with edit applied to
// the config and options.
func newSandboxedRegistryWith(t testing.TB, edit func(*Config, *Options)) *Registry {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sb := sandbox.New(sandbox.DefaultConfig(), exe)
	if st := sb.Status(); !st.Confined {
		t.Skipf("no sandbox on this machine: %s", st.Summary)
	}
	return newTestRegistry(t, func(c *Config, o *Options) {
		o.Sandbox = sb
		if edit != nil {
			edit(c, o)
		}
	})
}

func TestSandboxedShell(t *testing.T) {
	r := newSandboxedRegistry(t)
	outside := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	connect := fmt.Sprintf(`exec 3<>/dev/tcp/127.0.0.1/%d && echo connected`, port)
	tests := []struct {
		name, args string
		wantErr    bool
		wantOut    string
	}{
		{"writing inside the root works", `{"command":"echo in > inside.txt && cat inside.txt"}`, false, "in\n"},
		{"writing the private temp dir works", `{"command":"echo t > \"$TMPDIR/t\" && cat \"$TMPDIR/t\""}`, false, "t\n"},
		// As go test and go run do with what they build.
		{"a program copied into the private temp dir runs", `{"command":"cp \"$(type -P true)\" \"$TMPDIR/prog\" && \"$TMPDIR/prog\" && echo ran"}`, false, "ran\n"},
		{"writing outside the root fails", fmt.Sprintf(`{"command":"echo out > %s/outside.txt"}`, outside), true, ""},
		{"a TCP connection fails without network", fmt.Sprintf(`{"command":%q}`, connect), true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "shell", tc.args)
			if res.IsError != tc.wantErr || !tc.wantErr && res.Output != tc.wantOut {
				t.Errorf("shell(%s) = %q, error %v; want error %v, output %q", tc.args, res.Output, res.IsError, tc.wantErr, tc.wantOut)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(outside, "outside.txt")); err == nil {
		t.Errorf("a sandboxed command wrote outside the root")
	}
	if data, _ := os.ReadFile(filepath.Join(r.Root(), "inside.txt")); string(data) != "in\n" {
		t.Errorf("inside.txt = %q, want the sandboxed command's write", data)
	}
	t.Run("a call that asked for the network may connect", func(t *testing.T) {
		res := runCall(t, r, "shell", fmt.Sprintf(`{"command":%q,"network":true}`, connect))
		if res.IsError || !strings.Contains(res.Output, "connected") {
			t.Errorf("shell with network = %q, error %v; want connected", res.Output, res.IsError)
		}
	})
	t.Run("the timeout still stops the whole group", func(t *testing.T) {
		start := time.Now()
		res := runCall(t, r, "shell", `{"command":"sleep 300 & sleep 300","timeout_seconds":1}`)
		if !res.TimedOut || time.Since(start) > 10*time.Second {
			t.Errorf("sandboxed timeout: %q, timed out %v after %v", res.Output, res.TimedOut, time.Since(start))
		}
	})
}

// BenchmarkSandboxedExecOverhead is BenchmarkExecOverhead with the sandbox:
// `true` through the executor and the sandbox helper, against a plain exec
// of bash -c true.
//
// The shell commands of a registry run in its sandbox session's helper;
// BenchmarkSandboxedExecOverheadPerCommandHelper is the same with a
// helper started for each command, as the git tool's are.
func BenchmarkSandboxedExecOverhead(b *testing.B) {
	r := newSandboxedRegistry(b)
	benchOverhead(b, r)
}

func BenchmarkSandboxedExecOverheadPerCommandHelper(b *testing.B) {
	r := newSandboxedRegistry(b)
	r.sessions = nil
	benchOverhead(b, r)
}

// TestToolchainsWorkConfined runs the usual test commands of each
// toolchain on this machine inside the sandbox, on a fresh home directory
// and then again on the warm private caches, and checks that the caches
// the person's own builds use (named in the environment) stay untouched.
//
// go test on a fresh home compiles the standard library's test
// dependencies (about 120 packages) into the empty private cache: half a
// minute of CPU, so only with -heavy (make test-heavy). Without it, Go
// builds and vets a package that imports nothing, which proves the same
// of the caches and the home directory; that a program built in the
// private temp directory runs is TestSandboxedShell's.
func TestToolchainsWorkConfined(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a project with each toolchain")
	}
	tests := []struct {
		name, program string
		files         map[string]string
		command       string
		heavy         bool
	}{
		{name: "go", program: "go",
			files: map[string]string{
				"go.mod":   "module example.com/m\n\ngo 1.21\n",
				"m.go":     "package m\n\nfunc Add(a, b int) int { return a + b }\n",
				"sub/s.go": "package sub\n",
			},
			command: "go build ./... && go vet ./..."},
		{name: "go test", program: "go", heavy: true,
			files: map[string]string{
				"go.mod":        "module example.com/m\n\ngo 1.21\n",
				"m.go":          "package m\n\nfunc Add(a, b int) int { return a + b }\n",
				"m_test.go":     "package m\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n",
				"sub/s.go":      "package sub\n",
				"sub/s_test.go": "package sub\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) {}\n",
			},
			command: "go test ./... && go vet ./..."},
		{name: "npm", program: "npm",
			files: map[string]string{
				"package.json": `{"name":"m","version":"1.0.0","scripts":{"test":"node -e \"require('assert').strictEqual(1+2,3)\""}}`,
			},
			command: "npm test"},
		{name: "pip", program: "python3",
			files:   map[string]string{"req.txt": ""},
			command: `"$PYTHON" -m pip install -q --no-index -r req.txt && "$PYTHON" -m pip cache dir | grep -q "^$CACHE_MARK"`},
		{name: "cargo", program: "cargo",
			files: map[string]string{
				"Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
				"src/lib.rs": "pub fn add(a: i32, b: i32) -> i32 { a + b }\n#[cfg(test)]\nmod t { #[test] fn add() { assert_eq!(super::add(1, 2), 3); } }\n",
			},
			command: "cargo test --offline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.heavy && !*heavy {
				t.Skip("compiles the standard library's test dependencies into a fresh cache: make test-heavy")
			}
			if _, err := exec.LookPath(tt.program); err != nil {
				t.Skipf("%s is not installed on this machine", tt.program)
			}
			// On the PATH is not enough: rustup puts a cargo there that
			// fails until a toolchain is installed ("rustup default
			// stable"). What cannot run outside the sandbox proves
			// nothing inside it.
			if out, err := exec.Command(tt.program, "--version").CombinedOutput(); err != nil {
				t.Skipf("SKIPPED: %s is on the PATH but does not run (%v): %s", tt.program, err, firstLineOf(string(out)))
			}
			python := ""
			if tt.program == "python3" {
				// The interpreter itself, not a version manager's shim,
				// which would write its own state in the home directory.
				out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
				if err != nil {
					t.Skipf("python3 does not run: %v", err)
				}
				python = strings.TrimSpace(string(out))
			}
			home := t.TempDir()
			person := t.TempDir() // the person's own caches
			caches := filepath.Join(t.TempDir(), "cache")
			env := append([]string{}, testEnv...)
			env = append(env, "HOME="+home, "GOCACHE="+filepath.Join(person, "go-build"),
				"GOMODCACHE="+filepath.Join(person, "mod"), "npm_config_cache="+filepath.Join(person, "npm"),
				"PIP_CACHE_DIR="+filepath.Join(person, "pip"), "CARGO_HOME="+filepath.Join(person, "cargo"),
				"XDG_CACHE_HOME="+filepath.Join(person, "xdg"), "CACHE_MARK="+caches, "PYTHON="+python)
			if p := os.Getenv("RUSTUP_HOME"); p != "" {
				env = append(env, "RUSTUP_HOME="+p)
			} else if h, err := os.UserHomeDir(); err == nil {
				env = append(env, "RUSTUP_HOME="+filepath.Join(h, ".rustup"))
			}
			r := newSandboxedRegistryWith(t, func(_ *Config, o *Options) {
				o.Env = env
				o.CacheDir = caches
			})
			for name, content := range tt.files {
				mustWrite(t, r.Root(), name, content)
			}
			for _, round := range []string{"fresh", "warm"} {
				res := runCall(t, r, "shell", fmt.Sprintf(`{"command":%q,"timeout_seconds":600}`, tt.command))
				if res.IsError {
					t.Fatalf("%s caches: %s: %s", round, tt.command, res.Output)
				}
			}
			if entries, _ := os.ReadDir(person); len(entries) != 0 {
				t.Errorf("the person's caches were written: %v", entries)
			}
			if entries, _ := os.ReadDir(caches); len(entries) == 0 {
				t.Errorf("nothing in the private caches %s", caches)
			}
		})
	}
}

// TestHelperSkipsUnrelatedInitialisers checks that the sandbox helper is
// entered before the initialisers of the classifier and the redactor,
// which it never uses and which would cost every sandboxed command their
// CPU time. The test binary links both, as the agent does.
func TestHelperSkipsUnrelatedInitialisers(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	trace := func(args ...string) string {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	// The control: started as itself, the binary runs those initialisers
	// (the trace names only packages whose initialisation does work; one
	// that no longer does any costs the helper nothing either).
	plain := trace("-test.run=^$")
	var heavy []string
	for _, pkg := range []string{"github.com/agentcli/agent/classify", "github.com/agentcli/agent/tools/redact"} {
		if strings.Contains(plain, "init "+pkg+" @") {
			heavy = append(heavy, pkg)
		}
	}
	if len(heavy) == 0 {
		t.Skipf("no package to watch does work at initialisation:\n%s", plain)
	}
	// The helper, and the Go cache program, which go waits for on every
	// build.
	for _, entry := range []struct{ arg, says string }{
		{sandbox.HelperArg, "agent sandbox: "},
		{gocache.Arg, "agent gocache: "},
	} {
		helper := trace(entry.arg, "--no-such-option")
		if !strings.Contains(helper, entry.says) {
			t.Fatalf("started as %s, the binary printed %q, want its error", entry.arg, helper)
		}
		for _, pkg := range heavy {
			if strings.Contains(helper, "init "+pkg+" @") {
				t.Errorf("started as %s, the binary ran the initialiser of %s first", entry.arg, pkg)
			}
		}
	}
}

// TestSandboxedCommandsShareASessionHelper checks the executor's use of
// sandbox sessions: the shell commands of a registry run in one
// long-lived helper, stopping them at a timeout still works (SIGTERM,
// then SIGKILL for a command that ignores it), and Close ends the helper.
func TestSandboxedCommandsShareASessionHelper(t *testing.T) {
	r := newSandboxedRegistryWith(t, func(c *Config, _ *Options) { c.KillGraceSeconds = 1 })
	if r.sessions == nil {
		t.Skip("this sandbox cannot run commands in sessions")
	}
	helpers := func() []int { return sessionHelpers(t) }
	before := helpers()
	if res := runCall(t, r, "shell", shellArgsJSON("echo one", 0)); res.Output != "one\n" {
		t.Fatalf("first command: %q", res.Output)
	}
	started := newPIDs(before, helpers())
	if len(started) != 1 {
		t.Fatalf("the first command started %d session helpers, want 1", len(started))
	}
	if res := runCall(t, r, "shell", shellArgsJSON("echo two", 0)); res.Output != "two\n" {
		t.Fatalf("second command: %q", res.Output)
	}
	if again := newPIDs(before, helpers()); len(again) != 1 || again[0] != started[0] {
		t.Errorf("the second command's helpers %v, want the first's %v", again, started)
	}

	t.Run("a command that obeys SIGTERM stops at it", func(t *testing.T) {
		start := time.Now()
		res := runCall(t, r, "shell", shellArgsJSON(`sleep 300`, 1))
		if !res.TimedOut || res.Signal != "SIGTERM" || time.Since(start) > 1900*time.Millisecond {
			t.Errorf("timed out %v, signal %q after %v; want SIGTERM before the grace period", res.TimedOut, res.Signal, time.Since(start))
		}
	})
	t.Run("a command that ignores SIGTERM is killed after the grace period", func(t *testing.T) {
		start := time.Now()
		res := runCall(t, r, "shell", shellArgsJSON(`trap "" TERM; (trap "" TERM; exec sleep 300) & echo started; wait`, 1))
		took := time.Since(start)
		if !res.TimedOut || res.Signal != "SIGKILL" || !strings.Contains(res.Output, "started") {
			t.Errorf("output %q, timed out %v, signal %q; want SIGKILL", res.Output, res.TimedOut, res.Signal)
		}
		if took < 2*time.Second || took > 6*time.Second {
			t.Errorf("the run took %v, want the 1s timeout plus the 1s grace", took)
		}
	})
	r.Close()
	deadline := time.Now().Add(5 * time.Second)
	for len(newPIDs(before, helpers())) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if left := newPIDs(before, helpers()); len(left) > 0 {
		t.Errorf("session helpers %v outlived Close", left)
	}
}

// isSessionHelper reports whether cmdline (a process's, NUL-separated)
// is a sandbox session helper's: the helper's marker, then a policy with
// "session" set.
func isSessionHelper(cmdline []byte) bool {
	args := strings.Split(string(cmdline), "\x00")
	var policy struct {
		Session bool `json:"session"`
	}
	return len(args) > 2 && args[1] == sandbox.HelperArg && json.Unmarshal([]byte(args[2]), &policy) == nil && policy.Session
}

// sessionHelpers returns the session helpers this test process started.
func sessionHelpers(t *testing.T) []int {
	t.Helper()
	var out []int
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	self := strconv.Itoa(os.Getpid())
	for _, e := range entries {
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		_, rest, _ := strings.Cut(string(stat), ") ")
		fields := strings.Fields(rest)
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if len(fields) > 1 && fields[1] == self && isSessionHelper(cmdline) {
			pid, _ := strconv.Atoi(e.Name())
			out = append(out, pid)
		}
	}
	return out
}

// newPIDs returns the pids of now that are not in before.
func newPIDs(before, now []int) []int {
	var out []int
	for _, p := range now {
		if !slices.Contains(before, p) {
			out = append(out, p)
		}
	}
	return out
}
