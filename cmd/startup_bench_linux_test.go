package cmd_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// These benchmarks time the built binary as a person meets it: the screen
// in a pseudo-terminal from the process's start to its first frame, and the
// peak memory of a task of 20 commands. Run them with
//
//	go test ./cmd -run '^$' -bench 'FirstFrame|20Commands' -benchtime 20x
//
// (AGENT_E2E_BIN names the binary, as for the end-to-end tests.) They
// report figures; they pass or fail only on whether the screen and the task
// work.

// ptyRun is the binary running on the slave side of a pseudo-terminal;
// the benchmark holds the master side, as a terminal emulator would.
type ptyRun struct {
	cmd      *exec.Cmd
	terminal *os.File

	mu     sync.Mutex
	out    bytes.Buffer // everything the binary wrote
	want   string       // text waited for in the ANSI-stripped output
	seen   chan struct{}
	closed chan struct{} // the binary closed the terminal (it ended)
}

// startInPTY starts agent --root root args... on a w×h pseudo-terminal in
// a hermetic environment: an empty home, the variables in env.
func startInPTY(tb testing.TB, env map[string]string, root string, w, h int, args ...string) *ptyRun {
	tb.Helper()
	return startInPTYHome(tb, tb.TempDir(), env, root, w, h, args...)
}

// startInPTYHome is startInPTY with the home (its config and state) given.
func startInPTYHome(tb testing.TB, home string, env map[string]string, root string, w, h int, args ...string) *ptyRun {
	tb.Helper()
	terminal, tty := openPTY(tb)
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Col: uint16(w), Row: uint16(h)}); err != nil {
		tb.Fatal(err)
	}
	c := exec.Command(agentBin, append([]string{"--root", root}, args...)...)
	c.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
	}
	for k, v := range env {
		c.Env = append(c.Env, k+"="+v)
	}
	c.Stdin, c.Stdout, c.Stderr = tty, tty, tty
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	r := &ptyRun{cmd: c, terminal: terminal, closed: make(chan struct{})}
	if err := c.Start(); err != nil {
		tb.Fatal(err)
	}
	tty.Close() // the binary holds it now; its end closes the master's reads
	tb.Cleanup(func() {
		if c.ProcessState == nil {
			c.Process.Kill()
			c.Wait()
		}
	})
	go r.read()
	return r
}

// read copies what the binary writes into r.out until the terminal
// closes, and signals when the text waited for has appeared.
func (r *ptyRun) read() {
	defer close(r.closed)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.terminal.Read(buf)
		r.mu.Lock()
		r.out.Write(buf[:n])
		if r.seen != nil && strings.Contains(ansi.Strip(r.out.String()), r.want) {
			close(r.seen)
			r.seen = nil
		}
		r.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// waitFor returns once the binary has written text (ANSI sequences
// aside), failing if it ends first or nothing comes within waitLimit.
func (r *ptyRun) waitFor(tb testing.TB, text string) {
	tb.Helper()
	seen := make(chan struct{})
	r.mu.Lock()
	if strings.Contains(ansi.Strip(r.out.String()), text) {
		r.mu.Unlock()
		return
	}
	r.want, r.seen = text, seen
	r.mu.Unlock()
	select {
	case <-seen:
	case <-r.closed:
		r.mu.Lock()
		defer r.mu.Unlock()
		if !strings.Contains(ansi.Strip(r.out.String()), text) {
			tb.Fatalf("the screen ended without showing %q:\n%s", text, ansi.Strip(r.out.String()))
		}
	case <-time.After(waitLimit):
		r.mu.Lock()
		defer r.mu.Unlock()
		tb.Fatalf("the screen showed no %q within %v:\n%s", text, waitLimit, ansi.Strip(r.out.String()))
	}
}

// typeText writes s to the terminal as keys typed.
func (r *ptyRun) typeText(tb testing.TB, s string) {
	tb.Helper()
	if _, err := r.terminal.WriteString(s); err != nil {
		tb.Fatal(err)
	}
}

// quit presses Ctrl+D and waits for the binary to end, returning its peak
// resident memory in bytes: its own or that of any process it waited for,
// whichever was larger, as /usr/bin/time -v reports it.
func (r *ptyRun) quit(tb testing.TB) int64 {
	tb.Helper()
	r.typeText(tb, "\x04")
	if err := r.cmd.Wait(); err != nil {
		tb.Fatalf("agent: %v\n%s", err, ansi.Strip(r.out.String()))
	}
	return r.cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
}

// openPTY opens a pseudo-terminal: terminal is the emulator's side, tty
// the program's.
func openPTY(tb testing.TB) (terminal, tty *os.File) {
	tb.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Skipf("no pseudo-terminals here: %v", err)
	}
	tb.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		tb.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return m, s
}

// BenchmarkScreenFirstFrame times the screen from the start of the process
// to its first frame (the status bar drawn) on a 100×30 terminal, with
// one provider configured: the first start in a project (an empty state
// directory: the checkpoint store is made) and a later one (the state the
// start before left). ns/op is the mean of that time and median-ms its
// median, steadier on a loaded machine; the screen is quit with Ctrl+D
// outside the timing.
func BenchmarkScreenFirstFrame(b *testing.B) {
	srv := openaitest.NewServer(b, nil)
	env := openaiEnv(srv)
	b.Run("first start", func(b *testing.B) {
		var times []time.Duration
		for b.Loop() {
			b.StopTimer()
			root, home := b.TempDir(), b.TempDir()
			b.StartTimer()
			times = append(times, timeFirstFrame(b, home, env, root))
		}
		reportMedian(b, times)
	})
	b.Run("later start", func(b *testing.B) {
		root, home := b.TempDir(), b.TempDir()
		timeFirstFrame(b, home, env, root)
		b.ResetTimer()
		var times []time.Duration
		for b.Loop() {
			times = append(times, timeFirstFrame(b, home, env, root))
		}
		reportMedian(b, times)
	})
}

// timeFirstFrame starts the screen, waits for its first frame and
// returns how long that took; it quits the screen outside the timing.
func timeFirstFrame(b *testing.B, home string, env map[string]string, root string) time.Duration {
	start := time.Now()
	r := startInPTYHome(b, home, env, root, 100, 30)
	r.waitFor(b, "auto-approve")
	took := time.Since(start)
	b.StopTimer()
	r.quit(b)
	b.StartTimer()
	return took
}

// reportMedian reports the median of times as median-ms.
func reportMedian(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
}

// twentyCommands is a task of 20 shell commands, one a turn, each reading
// or listing something in the root, then a reply that ends it.
func twentyCommands() llmtest.Script {
	var s llmtest.Script
	for i := range 20 {
		cmd := []string{`ls -la`, `cat notes.txt`, `wc -l notes.txt`, `grep -n line notes.txt`, `head -3 notes.txt`}[i%5]
		s = append(s, llmtest.Turn{
			Text:  fmt.Sprintf("Step %d.\n", i+1),
			Calls: []llmtest.Call{llmtest.UseTool("shell", fmt.Sprintf(`{"command": %q}`, cmd))},
		})
	}
	return append(s, llmtest.Say("All twenty commands ran: TASKDONE"))
}

// rootWithNotes is a project root holding a file the commands read.
func rootWithNotes(tb testing.TB) string {
	tb.Helper()
	root := tb.TempDir()
	var notes strings.Builder
	for i := range 200 {
		fmt.Fprintf(&notes, "line %d of the notes\n", i)
	}
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte(notes.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return root
}

// BenchmarkScreen20Commands runs a task of 20 commands on the screen, as
// a person would: type it, wait for the answer, quit. It reports the peak
// resident memory (peak-MiB) of the binary and of the processes it
// waited for, and the CPU time the binary itself used (cpu-ms/op: the
// screen's drawing is most of it).
func BenchmarkScreen20Commands(b *testing.B) {
	var peak, own int64
	var cpu time.Duration
	for b.Loop() {
		srv := openaitest.NewServer(b, twentyCommands())
		r := startInPTY(b, openaiEnv(srv), rootWithNotes(b), 100, 30, "--yes-safe")
		ownPeak := watchPeak(r.cmd.Process.Pid)
		r.waitFor(b, "auto-approve")
		r.typeText(b, "read the notes\r")
		r.waitFor(b, "TASKDONE")
		own = max(own, ownPeak())
		peak = max(peak, r.quit(b))
		cpu += r.cmd.ProcessState.UserTime() + r.cmd.ProcessState.SystemTime()
		if n := len(srv.Requests()); n != 21 {
			b.Fatalf("the model was asked %d times, want 21", n)
		}
	}
	b.ReportMetric(float64(own)/(1<<20), "agent-peak-MiB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// watchPeak reads the peak resident memory of process pid (VmHWM) every
// 2 ms until the returned function is called, which returns the last
// reading: the process's own peak, without its children's.
func watchPeak(pid int) func() int64 {
	var mu sync.Mutex
	var last int64
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if h := highWaterMark(pid); h > 0 {
					mu.Lock()
					last = h
					mu.Unlock()
				}
			}
		}
	}()
	return func() int64 {
		close(done)
		if h := highWaterMark(pid); h > 0 {
			return h // still running: its peak so far
		}
		mu.Lock()
		defer mu.Unlock()
		return last
	}
}

// BenchmarkRun20Commands runs the same task headless (agent run
// --yes-safe) and reports its peak resident memory: peak-MiB for the
// largest process of the tree the agent waits for (wait4's maxrss, which
// counts the sandbox's helper and every command), agent-peak-MiB for the
// agent's own process (its VmHWM, read from /proc while it runs; the last
// reading before it exits); and cpu-ms/op, the CPU time of the agent and
// of the processes it waited for (the commands are the same every run).
func BenchmarkRun20Commands(b *testing.B) {
	var peak, own int64
	var cpu time.Duration
	for b.Loop() {
		srv := openaitest.NewServer(b, twentyCommands())
		root := rootWithNotes(b)
		c := exec.Command(agentBin, "--root", root, "run", "--yes-safe", "read the notes")
		home := b.TempDir()
		c.Env = []string{
			"PATH=" + os.Getenv("PATH"),
			"HOME=" + home,
			"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
			"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		}
		for k, v := range openaiEnv(srv) {
			c.Env = append(c.Env, k+"="+v)
		}
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		ownPeak := watchPeak(c.Process.Pid)
		err := c.Wait()
		own = max(own, ownPeak())
		if err != nil || !bytes.Contains(out.Bytes(), []byte("TASKDONE")) {
			b.Fatalf("agent run: %v\n%s", err, out.Bytes())
		}
		peak = max(peak, c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss<<10)
		cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(own)/(1<<20), "agent-peak-MiB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// highWaterMark is the peak resident memory of process pid in bytes
// (VmHWM in /proc/PID/status), or 0 once it has ended.
func highWaterMark(pid int) int64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
