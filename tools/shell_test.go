package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/tools/sandbox"
)

// shellArgsJSON makes the arguments of a shell call.
func shellArgsJSON(command string, timeout int) string {
	a := map[string]any{"command": command}
	if timeout > 0 {
		a["timeout_seconds"] = timeout
	}
	return string(encodeArgs(a))
}

func TestShellReportsExitAndOutput(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	tests := []struct {
		name, command string
		wantOut       string
		wantCode      int
		wantSignal    string
		wantErr       bool
	}{
		{"success is not an error", "echo hello", "hello\n", 0, "", false},
		{"stderr joins stdout in order", "echo out; echo err >&2; echo out2", "out\nerr\nout2\n", 0, "", false},
		{"a non-zero exit is an error with its code", "echo no; exit 3", "no\n[exit code 3]", 3, "", true},
		{"no output says so", "true", "(no output)", 0, "", false},
		{"a signal is reported by name", "kill -TERM $$", "(no output)\n[killed by SIGTERM]", -1, "SIGTERM", true},
		{"stdin is empty", `read x; echo "read=$?"`, "read=1\n", 0, "", false},
		{"there is no terminal to prompt on", `if : </dev/tty; then echo tty; else echo no tty; fi 2>/dev/null`, "no tty\n", 0, "", false},
		{"the command runs in the root", "pwd", "ROOT\n", 0, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "shell", shellArgsJSON(tc.command, 0))
			want := strings.ReplaceAll(tc.wantOut, "ROOT", r.Root())
			if res.Output != want || res.ExitCode != tc.wantCode || res.Signal != tc.wantSignal || res.IsError != tc.wantErr {
				t.Errorf("shell(%q) = %q, exit %d, signal %q, error %v; want %q, exit %d, signal %q, error %v",
					tc.command, res.Output, res.ExitCode, res.Signal, res.IsError, want, tc.wantCode, tc.wantSignal, tc.wantErr)
			}
		})
	}
}

func TestShellReportsResourceUse(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	res := runCall(t, r, "shell", shellArgsJSON(`i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done`, 0))
	if res.IsError || res.CPUTime <= 0 || res.MaxRSS <= 0 || res.Duration <= 0 {
		t.Errorf("busy loop: error %v, CPU %v, max RSS %d, duration %v; want no error and all positive",
			res.IsError, res.CPUTime, res.MaxRSS, res.Duration)
	}
}

func TestShellStreamsCoalescedOutput(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	t.Run("output arrives while the command runs", func(t *testing.T) {
		// The command prints, then waits until the test has seen that
		// output: it ends only if the output was streamed while it ran,
		// whatever the machine's load (a time limit on the first chunk
		// failed on a busy machine). Without streaming it gives up after
		// 30 s and says so.
		seen := filepath.Join(r.Root(), "seen")
		script := `echo first; i=0; until [ -e seen ]; do sleep 0.01; i=$((i+1)); [ $i -ge 3000 ] && { echo "not streamed"; exit 1; }; done; echo second`
		p := mustPlan(t, r, "shell", shellArgsJSON(script, 60))
		var got strings.Builder
		res := p.Run(t.Context(), func(s string) {
			got.WriteString(s)
			if strings.Contains(got.String(), "first\n") {
				if err := os.WriteFile(seen, nil, 0o644); err != nil {
					t.Error(err)
				}
			}
		})
		if got.String() != "first\nsecond\n" || res.ExitCode != 0 {
			t.Errorf("streamed %q, exit %d; want %q: the first line before the command ended", got.String(), res.ExitCode, "first\nsecond\n")
		}
	})
	t.Run("a flood of tiny writes arrives in few chunks", func(t *testing.T) {
		p := mustPlan(t, r, "shell", shellArgsJSON(`for i in $(seq 20000); do echo $i; done`, 0))
		calls := 0
		var got strings.Builder
		res := p.Run(t.Context(), func(s string) { calls++; got.WriteString(s) })
		want, _ := exec.Command("seq", "20000").Output()
		// What a slow reader misses is dropped with a note saying how much.
		shown, dropped := dropNotes(got.String())
		if len(shown)+dropped != len(want) || !strings.HasSuffix(shown, "19999\n20000\n") {
			t.Errorf("streamed %d bytes and %d dropped, want the %d bytes of seq 20000 ending in 20000",
				len(shown), dropped, len(want))
		}
		// Flushes are at least coalesce apart on the monotonic clock, all
		// within the run, plus the final one: a bound that holds however
		// slow the machine is.
		if limit := int(res.Duration/coalesce) + 2; calls > limit {
			t.Errorf("out was called %d times in %v, want at most %d", calls, res.Duration, limit)
		}
	})
}

var dropNote = regexp.MustCompile(`\[\.\.\. (\d+) bytes not shown live \.\.\.\]\n`)

// dropNotes removes the notes of dropped live output and sums them.
func dropNotes(s string) (string, int) {
	total := 0
	for _, m := range dropNote.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	return dropNote.ReplaceAllString(s, ""), total
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// readPID reads a pid a command wrote to a file in the root.
func readPID(t *testing.T, r *Registry, name string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(r.Root(), name))
	if err != nil {
		t.Fatalf("pid file: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("pid file: %v", err)
	}
	return pid
}

// waitDead waits a little for a killed process to be gone.
func waitDead(pid int) bool {
	for range 100 {
		if !alive(pid) {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

func TestShellTimeoutKillsTheWholeGroup(t *testing.T) {
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.KillGraceSeconds = 1 })
	// The shell and its grandchild both ignore SIGTERM: only SIGKILL, after
	// the grace period, stops them.
	cmd := `(trap "" TERM; echo $BASHPID > gc.pid; exec sleep 300) & trap "" TERM; echo started; wait`
	start := time.Now()
	res := runCall(t, r, "shell", shellArgsJSON(cmd, 1))
	took := time.Since(start)
	if !res.TimedOut || !res.IsError || res.Signal != "SIGKILL" {
		t.Errorf("timed out %v, error %v, signal %q; want true, true, SIGKILL", res.TimedOut, res.IsError, res.Signal)
	}
	if !strings.Contains(res.Output, "started\n") || !strings.Contains(res.Output, "timed out after 1s") {
		t.Errorf("output %q, want the output so far and a timeout note", res.Output)
	}
	if took < 2*time.Second || took > 6*time.Second {
		t.Errorf("the run took %v, want the 1s timeout plus the 1s grace", took)
	}
	if pid := readPID(t, r, "gc.pid"); !waitDead(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the grandchild %d that ignored SIGTERM is still running", pid)
	}
}

func TestShellStopsPoliteCommandsWithSIGTERM(t *testing.T) {
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.KillGraceSeconds = 10 })
	start := time.Now()
	res := runCall(t, r, "shell", shellArgsJSON(`trap 'echo got TERM; exit 143' TERM; sleep 300 & wait`, 1))
	if !res.TimedOut || !strings.Contains(res.Output, "got TERM") || res.ExitCode != 143 {
		t.Errorf("output %q, exit %d, timed out %v; want the TERM handler's output and exit 143", res.Output, res.ExitCode, res.TimedOut)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the run took %v: a command that obeys SIGTERM should not wait for the grace period", took)
	}
}

func TestShellKillsBackgroundProcessesWhenItExits(t *testing.T) {
	r := newTestRegistry(t, nil)
	start := time.Now()
	res := runCall(t, r, "shell", shellArgsJSON(`sleep 300 & echo $! > bg.pid; echo done`, 0))
	if res.IsError || res.Output != "done\n" {
		t.Errorf("shell = %q, error %v; want done", res.Output, res.IsError)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the run took %v, want it not to wait for the background sleep", took)
	}
	if pid := readPID(t, r, "bg.pid"); !waitDead(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the background process %d is still running", pid)
	}
}

func TestShellDoesNotWaitForAnEscapedDescendant(t *testing.T) {
	r := newTestRegistry(t, nil)
	start := time.Now()
	res := runCall(t, r, "shell", shellArgsJSON(`setsid sh -c 'echo $$ > esc.pid; exec sleep 30' & sleep 0.2; echo done`, 0))
	took := time.Since(start)
	t.Cleanup(func() { syscall.Kill(readPID(t, r, "esc.pid"), syscall.SIGKILL) })
	if res.IsError || !strings.Contains(res.Output, "done") {
		t.Errorf("shell = %q, error %v; want done", res.Output, res.IsError)
	}
	if took > drainLimit+2*time.Second {
		t.Errorf("the run took %v, want at most about %v after the command exited", took, drainLimit)
	}
}

func TestShellCancel(t *testing.T) {
	r := newTestRegistry(t, nil)
	p := mustPlan(t, r, "shell", shellArgsJSON("sleep 300", 0))
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	res := p.Run(ctx, nil)
	if !res.IsError || res.TimedOut || !strings.Contains(res.Output, "cancelled") || res.Duration > 5*time.Second {
		t.Errorf("cancelled run = %q, error %v, timed out %v, took %v; want a quick cancelled error",
			res.Output, res.IsError, res.TimedOut, res.Duration)
	}
}

func TestCloseStopsRunningCommands(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.KillGraceSeconds = 1 })
	p := mustPlan(t, r, "shell", shellArgsJSON("echo up; sleep 300", 0))
	started := make(chan struct{})
	var once sync.Once
	done := make(chan Result)
	go func() {
		done <- p.Run(context.Background(), func(string) { once.Do(func() { close(started) }) })
	}()
	<-started
	if err := r.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case res := <-done:
		if !res.IsError || !strings.Contains(res.Output, "exiting") {
			t.Errorf("run stopped by Close = %q, error %v; want an error saying the agent is exiting", res.Output, res.IsError)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close returned but the run did not")
	}
	if res := p.Run(t.Context(), nil); !res.IsError || !strings.Contains(res.Output, ErrClosed.Error()) {
		t.Errorf("Run after Close = %q, error %v; want %q", res.Output, res.IsError, ErrClosed)
	}
	if _, err := r.Plan("shell", `{"command":"true"}`); !errors.Is(err, ErrClosed) {
		t.Errorf("Plan after Close = %v, want ErrClosed", err)
	}
}

func TestShellTimeoutArgument(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, _ *Options) {
		c.ShellTimeoutSeconds, c.MaxShellTimeoutSeconds = 10, 20
	})
	tests := []struct {
		name    string
		args    string
		wantErr bool
	}{
		{"no timeout takes the default", `{"command":"true"}`, false},
		{"less than the default is allowed", `{"command":"true","timeout_seconds":1}`, false},
		{"up to the maximum is allowed", `{"command":"true","timeout_seconds":20}`, false},
		{"more than the maximum is refused", `{"command":"true","timeout_seconds":21}`, true},
		{"zero is refused", `{"command":"true","timeout_seconds":0}`, true},
		{"a fraction is refused", `{"command":"true","timeout_seconds":1.5}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Plan("shell", tc.args)
			if (err != nil) != tc.wantErr || err != nil && !errors.Is(err, ErrInvalidArgs) {
				t.Errorf("Plan(shell, %s) = %v, want error %v", tc.args, err, tc.wantErr)
			}
		})
	}
}

func TestShellEnvironmentIsScrubbed(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, o *Options) {
		c.PassEnv = []string{"PASSED_TOKEN"}
		o.SecretEnv = []string{"MY_PROVIDER_KEY"}
		o.Env = append(append([]string(nil), testEnv...),
			"OPENAI_API_KEY=sk-1", "GITHUB_TOKEN=gh-1", "AWS_SECRET_ACCESS_KEY=aws-1",
			"DB_PASSWORD=pw-1", "app_secret=as-1", "TOKEN=bare-1", "MY_PROVIDER_KEY=pk-1",
			"PASSED_TOKEN=kept-1", "NORMAL=kept-2", "PAGER=less", "TMPDIR=/somewhere")
	})
	res := runCall(t, r, "shell", shellArgsJSON("env", 0))
	env := "\n" + res.Output
	for _, gone := range []string{"sk-1", "gh-1", "aws-1", "pw-1", "as-1", "bare-1", "pk-1", "PAGER=less", "TMPDIR=/somewhere"} {
		if strings.Contains(env, gone) {
			t.Errorf("the child's environment holds %q:\n%s", gone, res.Output)
		}
	}
	for _, kept := range []string{"\nPASSED_TOKEN=kept-1\n", "\nNORMAL=kept-2\n", "\nPAGER=cat\n", "\nGIT_PAGER=cat\n",
		"\nGIT_TERMINAL_PROMPT=0\n", "\nGIT_EDITOR=true\n", "\nCI=1\n", "\nTMPDIR=/"} {
		if !strings.Contains(env, kept) {
			t.Errorf("the child's environment lacks %q:\n%s", strings.TrimSpace(kept), res.Output)
		}
	}
}

func TestChildEnv(t *testing.T) {
	t.Parallel()
	got := childEnv([]string{"A=1", "B_TOKEN=x", "A=2", "bad", "=x", "C=3"}, []string{"C"}, nil)
	want := append([]string{"A=2"}, nonInteractive...)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("childEnv = %q, want %q", got, want)
	}
}

func TestLongOutputIsCutAndSaved(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.OutputHeadBytes, c.OutputTailBytes = 1024, 1024 })
	res := runCall(t, r, "shell", shellArgsJSON("seq 100000", 0))
	want, _ := exec.Command("seq", "100000").Output()
	if res.OutputBytes != int64(len(want)) {
		t.Errorf("OutputBytes = %d, want %d", res.OutputBytes, len(want))
	}
	if !strings.HasPrefix(res.Output, "1\n2\n3\n") || !strings.HasSuffix(res.Output, "99999\n100000\n") {
		t.Errorf("output does not keep the head and the tail:\n%s", res.Output)
	}
	if !strings.Contains(res.Output, "bytes cut here") || !strings.Contains(res.Output, res.OutputFile) || res.OutputFile == "" {
		t.Errorf("output does not say what was cut and where the rest is:\n%s", res.Output)
	}
	if len(res.Output) > 2048+300 {
		t.Errorf("output is %d bytes, want about 2 KiB", len(res.Output))
	}
	saved, err := os.ReadFile(res.OutputFile)
	if err != nil || string(saved) != string(want) {
		t.Errorf("the saved output is %d bytes (%v), want the whole %d", len(saved), err, len(want))
	}
	if fi, err := os.Stat(res.OutputFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the saved output's mode = %v (%v), want 0600", fi.Mode(), err)
	}
	t.Run("short output is not saved", func(t *testing.T) {
		if res := runCall(t, r, "shell", shellArgsJSON("seq 10", 0)); res.OutputFile != "" {
			t.Errorf("OutputFile = %q, want none", res.OutputFile)
		}
	})
}

// A flood (yes, cut here by head) saves at most [tools]
// max_saved_output_mib: the file holds the output's beginning and a note
// saying where it was cut, and the model is told so; its result still
// ends with the output's end.
func TestSavedOutputStopsAtItsLimit(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.MaxSavedOutputMiB = 1 })
	const printed = 3 << 20
	res := runCall(t, r, "shell", shellArgsJSON(fmt.Sprintf("yes | head -c %d", printed), 0))
	if res.OutputBytes != printed || res.OutputFile == "" {
		t.Fatalf("OutputBytes = %d, file %q; want %d bytes, saved", res.OutputBytes, res.OutputFile, printed)
	}
	saved, err := os.ReadFile(res.OutputFile)
	if err != nil {
		t.Fatal(err)
	}
	body, note, ok := strings.Cut(string(saved), "\n[... the output is cut here")
	if !ok || len(body) != 1<<20 || strings.Trim(body, "y\n") != "" {
		t.Fatalf("the saved file is %d bytes; want the first 1 MiB of the output, then a note (ok %v)", len(saved), ok)
	}
	if want := fmt.Sprintf("only its first 1 MiB are saved ([tools] max_saved_output_mib); the command printed %d bytes in all ...]\n", printed); !strings.HasSuffix(note, want) {
		t.Errorf("the file's note = %q, want it to end %q", note, want)
	}
	if want := fmt.Sprintf("the output's first 1 MiB of %d bytes are saved in %s; the rest was not saved ([tools] max_saved_output_mib)", printed, res.OutputFile); !strings.Contains(res.Output, want) {
		t.Errorf("the result does not say where the saved output was cut (want %q):\n%s", want, res.Output)
	}
	if !strings.HasSuffix(res.Output, "y\ny\n") {
		t.Errorf("the result does not end with the output's end: %q", res.Output[len(res.Output)-40:])
	}
}

// fakeSandbox records how it was asked to confine a command and runs it
// through env, so the test can see that its command was used.
type fakeSandbox struct {
	mu   sync.Mutex
	opts []sandbox.Options
	argv [][]string
}

func (f *fakeSandbox) Command(_ context.Context, opts sandbox.Options, argv []string) (*sandbox.Cmd, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opts = append(f.opts, opts)
	f.argv = append(f.argv, argv)
	cmd := exec.Command("env", append([]string{"SANDBOXED=yes"}, argv...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // must not clash with the executor's Setsid
	return &sandbox.Cmd{Cmd: cmd}, nil
}

func (f *fakeSandbox) Status() sandbox.Status { return sandbox.Status{Confined: true, Summary: "fake"} }

func TestCommandsRunInTheSandbox(t *testing.T) {
	t.Parallel()
	sb := &fakeSandbox{}
	r := newTestRegistry(t, func(_ *Config, o *Options) { o.Sandbox = sb })
	tests := []struct {
		name, tool, args string
		wantNetwork      bool
	}{
		{"a shell command without network", "shell", `{"command":"echo $SANDBOXED; test -d \"$TMPDIR\" && echo tmp"}`, false},
		{"a shell command that asked for the network", "shell", `{"command":"echo $SANDBOXED; test -d \"$TMPDIR\" && echo tmp","network":true}`, true},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPlan(t, r, tc.tool, tc.args)
			res := p.Run(t.Context(), nil)
			if res.Output != "yes\ntmp\n" || res.IsError {
				t.Fatalf("run = %q, error %v; want it to go through the sandbox's command", res.Output, res.IsError)
			}
			got := sb.opts[i]
			if got.Root != r.Root() || got.TempDir == "" || got.Network != tc.wantNetwork || p.Network != tc.wantNetwork {
				t.Errorf("sandbox options = %+v, plan network %v; want root %q, a temp dir, network %v",
					got, p.Network, r.Root(), tc.wantNetwork)
			}
			if _, err := os.Stat(got.TempDir); !os.IsNotExist(err) {
				t.Errorf("the command's temp dir %s is left behind (%v)", got.TempDir, err)
			}
			if argv := sb.argv[i]; len(argv) != 3 || argv[1] != "-c" {
				t.Errorf("sandbox argv = %q, want [bash -c command]", argv)
			}
		})
	}
	t.Run("the config can give every command the network", func(t *testing.T) {
		sb := &fakeSandbox{}
		r := newTestRegistry(t, func(_ *Config, o *Options) { o.Sandbox, o.Network = sb, true })
		runCall(t, r, "shell", `{"command":"true"}`)
		if len(sb.opts) != 1 || !sb.opts[0].Network {
			t.Errorf("sandbox options = %+v, want network", sb.opts)
		}
	})
}
