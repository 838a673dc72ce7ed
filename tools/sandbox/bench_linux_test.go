package sandbox

import (
	"os/exec"
	"slices"
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

// measure runs the commands mk makes and reports the median wall time.
func measure(b *testing.B, mk func() (*exec.Cmd, error)) {
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		cmd, err := mk()
		if err != nil {
			b.Fatal(err)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%q: %v: %s", cmd.Args, err, out)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
}

// BenchmarkProbe measures the probe New runs once per process.
func BenchmarkProbe(b *testing.B) {
	for b.Loop() {
		if r := probe(); r.Summary == "" {
			b.Fatal("empty report")
		}
	}
}
