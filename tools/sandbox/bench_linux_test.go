package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"
)

// BenchmarkTrue measures what the sandbox adds to running `bash -c true`:
// plain, then through Command (helper start, namespaces, Landlock,
// rlimits, exec), then again with a large resident heap, because a user
// namespace rules out vfork and the fork then copies the agent's page
// tables. Each reports its median as median-ms.
//
//	go test -run '^$' -bench BenchmarkTrue -benchtime 200x ./tools/sandbox/
func BenchmarkTrue(b *testing.B) {
	bashPath, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	root, tmp := b.TempDir(), b.TempDir()
	b.Run("plain", func(b *testing.B) {
		measure(b, func() (*exec.Cmd, error) { return exec.Command(bashPath, "-c", "true"), nil })
	})
	sb := New(DefaultConfig(), testExe(b))
	if !sb.Status().Confined {
		b.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
	}
	sandboxed := func() (*exec.Cmd, error) {
		c, err := sb.Command(b.Context(), Options{Root: root, TempDir: tmp}, []string{bashPath, "-c", "true"})
		if err != nil {
			return nil, err
		}
		return c.Cmd, nil
	}
	b.Run("sandboxed", func(b *testing.B) { measure(b, sandboxed) })
	b.Run("sandboxed with 512 MiB resident", func(b *testing.B) {
		ballast := make([]byte, 512<<20)
		for i := range ballast {
			if i%4096 == 0 {
				ballast[i] = 1
			}
		}
		measure(b, sandboxed)
		ballast[0] = 2
	})
}

// measure runs the commands mk makes and reports the median wall time, and
// the mean CPU time of the process and the children it waited for
// (rusage), which a loaded machine inflates far less than wall time.
func measure(b *testing.B, mk func() (*exec.Cmd, error)) {
	measureExit(b, mk, 0)
}

// measureExit is measure for commands that must exit with status want.
func measureExit(b *testing.B, mk func() (*exec.Cmd, error), want int) {
	var times []time.Duration
	var cpu time.Duration
	for b.Loop() {
		start := time.Now()
		cmd, err := mk()
		if err != nil {
			b.Fatal(err)
		}
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != want {
			b.Fatalf("%q: exit status %d, want %d: %v: %s", cmd.Args, code, want, err, out)
		}
		times = append(times, time.Since(start))
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(times)), "cpu-ms/op")
}

// BenchmarkPhases splits the sandboxed case of BenchmarkTrue into what
// each phase adds, so that the next optimisation starts from a
// measurement: the helper's start (the Go runtime and the package
// initialisers that run before the helper; it stops at once on a policy
// it cannot read), the same start in the helper's namespaces (creating and
// tearing them down), and the whole sandbox around `bash -c true`.
//
//	go test -run '^$' -bench BenchmarkPhases -benchtime 200x ./tools/sandbox/
func BenchmarkPhases(b *testing.B) {
	bashPath, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	exe := testExe(b)
	sb := New(DefaultConfig(), exe)
	if !sb.Status().Confined {
		b.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
	}
	root, tmp := b.TempDir(), b.TempDir()
	start := func(ns nsFlags) func() (*exec.Cmd, error) {
		return func() (*exec.Cmd, error) {
			cmd := exec.Command(exe, HelperArg, "--no-such-option")
			cmd.SysProcAttr = namespaceAttr(ns)
			return cmd, nil
		}
	}
	b.Run("bash -c true", func(b *testing.B) {
		measure(b, func() (*exec.Cmd, error) { return exec.Command(bashPath, "-c", "true"), nil })
	})
	b.Run("helper start", func(b *testing.B) { measureExit(b, start(nsFlags{}), ExitSetup) })
	b.Run("helper start in user namespace", func(b *testing.B) {
		measureExit(b, start(nsFlags{user: true}), ExitSetup)
	})
	b.Run("helper start in all namespaces", func(b *testing.B) {
		measureExit(b, start(nsFlags{user: true, mount: true, pid: true, net: true}), ExitSetup)
	})
	b.Run("sandboxed bash -c true", func(b *testing.B) {
		measure(b, func() (*exec.Cmd, error) {
			c, err := sb.Command(b.Context(), Options{Root: root, TempDir: tmp}, []string{bashPath, "-c", "true"})
			if err != nil {
				return nil, err
			}
			return c.Cmd, nil
		})
	})
	b.Run("session bash -c true", func(b *testing.B) { benchSession(b, sb, root, bashPath) })
}

// benchSession runs `bash -c true` back to back in one session of sb,
// the session's helper started by the first, and reports the median
// wall time and the mean CPU time of the command (rusage, which includes
// what the command left) besides the benchmark's own.
func benchSession(b *testing.B, sb Sandbox, root, bashPath string) {
	benchSessionWith(b, sb, root, bashPath, nil)
}

// BenchmarkHeld measures what holding a command adds (an overlay of the
// root on a tmpfs of its own, a new slot each time, the layer handed
// back): `bash -c true` in one session, not held and held, interleaved
// in the same run.
//
//	go test -run '^$' -bench BenchmarkHeld -benchtime 300x ./tools/sandbox/
func BenchmarkHeld(b *testing.B) {
	bashPath, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	sb := New(DefaultConfig(), testExe(b))
	if !sb.Status().Confined {
		b.Skipf("this kernel cannot confine commands: %s", sb.Status().Summary)
	}
	root := b.TempDir()
	for i := range 3 {
		b.Run(fmt.Sprintf("session %d", i), func(b *testing.B) { benchSessionWith(b, sb, root, bashPath, nil) })
		b.Run(fmt.Sprintf("held %d", i), func(b *testing.B) { benchSessionWith(b, sb, root, bashPath, &Hold{}) })
	}
}

// benchSessionWith is benchSession, with the commands held when hold is
// set.
func benchSessionWith(b *testing.B, sb Sandbox, root, bashPath string, hold *Hold) {
	ss := NewSessions(sb)
	if ss == nil {
		b.Skip("no sessions")
	}
	defer ss.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	var times []time.Duration
	var cpu time.Duration
	for b.Loop() {
		start := time.Now()
		c, err := ss.Command(Options{Root: root, Hold: hold}, []string{bashPath, "-c", "true"})
		if err != nil {
			b.Fatal(err)
		}
		c.Dir, c.Env, c.Stdout, c.Stderr = root, os.Environ(), null, null
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		c.Wait()
		if ws, _ := c.WaitStatus(); ws.ExitStatus() != 0 || ws.Signaled() {
			b.Fatalf("status %v", ws)
		}
		if l := c.Layer(); l != nil {
			l.Close()
		} else if hold != nil {
			b.Fatal("a held command came back without its layer")
		}
		times = append(times, time.Since(start))
		ru := c.Rusage()
		cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(times)), "cpu-ms/op")
}

// BenchmarkProbe measures the probe New runs once per process.
func BenchmarkProbe(b *testing.B) {
	for b.Loop() {
		if r := probe(); r.Summary == "" {
			b.Fatal("empty report")
		}
	}
}
