package tools

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// heavy turns on the long versions of the tests that have one; `make
// test-heavy` sets it. The flood test prints 1 GiB instead of 64 MiB (64
// MiB is already eight times the heap bound, so holding the output would
// fail the test; 1 GiB shows it over a long run), and the toolchain test
// runs go test on a fresh home (see TestToolchainsWorkConfined).
var heavy = flag.Bool("heavy", false, "run the long versions: a 1 GiB flood, go test on a fresh home")

// floodBytes is what the flood test prints.
func floodBytes() int64 {
	if *heavy {
		return 1 << 30
	}
	return 64 << 20
}

// memPeak samples the heap while f runs and returns the largest growth of
// the heap in use and of the memory obtained from the OS, over a baseline
// taken after a GC.
func memPeak(f func()) (heapGrowth, sysGrowth uint64) {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peakHeap, peakSys uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peakHeap, peakSys = max(peakHeap, m.HeapInuse), max(peakSys, m.Sys)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	f()
	close(stop)
	wg.Wait()
	return peakHeap - min(peakHeap, base.HeapInuse), peakSys - min(peakSys, base.Sys)
}

// TestOutputFloodMemoryIsBounded runs a command that prints 64 MiB (1 GiB
// with -heavy) and checks that the agent's memory grows by a few MiB at
// most: the output is kept as head and tail, streamed through a bounded
// buffer and spilled to a file, never held.
func TestOutputFloodMemoryIsBounded(t *testing.T) {
	r := newTestRegistry(t, nil)
	n := floodBytes()
	// The longest timeout a call may ask for: this test is about memory,
	// and on a busy machine 1 GiB under -race can take minutes.
	p := mustPlan(t, r, "shell", shellArgsJSON(fmt.Sprintf("head -c %d /dev/zero | tr '\\0' 'x'", n), DefaultConfig().MaxShellTimeoutSeconds))
	var res Result
	var streamed int
	heap, sys := memPeak(func() {
		res = p.Run(t.Context(), func(s string) { streamed += len(s) })
	})
	t.Logf("printed %d MiB in %v: heap in use grew by %.2f MiB at most, memory from the OS by %.2f MiB; %d bytes streamed",
		n>>20, res.Duration, float64(heap)/(1<<20), float64(sys)/(1<<20), streamed)
	if res.IsError || res.OutputBytes != n {
		t.Fatalf("flood: error %v, %d bytes, want %d bytes without error: %s", res.IsError, res.OutputBytes, n, res.Output)
	}
	// A few MiB: the kept head and tail, the read and live buffers, and the
	// garbage of streamed chunks the GC has not collected yet.
	const bound = 8 << 20
	if heap > bound || sys > bound {
		t.Errorf("heap grew by %d bytes and memory from the OS by %d, want at most %d each", heap, sys, bound)
	}
	// The file holds at most max_saved_output_mib, then a note of a
	// few hundred bytes.
	saveMax := int64(DefaultConfig().MaxSavedOutputMiB) << 20
	if fi, err := os.Stat(res.OutputFile); err != nil || fi.Size() != n && (n <= saveMax || fi.Size() < saveMax || fi.Size() > saveMax+512) {
		t.Errorf("saved output: %v, %v; want %d bytes", fi, err, min(n, saveMax))
	}
	if len(res.Output) > 70<<10 {
		t.Errorf("the model's output is %d bytes, want head and tail only", len(res.Output))
	}
}

// BenchmarkOutputFlood reports the memory growth while a command prints
// 256 MiB, per run.
func BenchmarkOutputFlood(b *testing.B) {
	r := newTestRegistry(b, nil)
	p := mustPlan(b, r, "shell", shellArgsJSON("head -c 268435456 /dev/zero", 0))
	var worstHeap, worstSys uint64
	for b.Loop() {
		heap, sys := memPeak(func() {
			if res := p.Run(b.Context(), nil); res.IsError {
				b.Fatal(res.Output)
			}
		})
		worstHeap, worstSys = max(worstHeap, heap), max(worstSys, sys)
	}
	b.SetBytes(256 << 20)
	b.ReportMetric(float64(worstHeap)/(1<<20), "MiB-heap-growth")
	b.ReportMetric(float64(worstSys)/(1<<20), "MiB-sys-growth")
}

// BenchmarkExecOverhead runs `true` through the executor and as a plain exec
// of bash -c true, alternately, and reports the median of each and the
// difference of the medians: the executor's overhead.
func BenchmarkExecOverhead(b *testing.B) {
	benchOverhead(b, newTestRegistry(b, nil))
}

// benchOverhead measures r's executor against a plain exec of bash -c true.
func benchOverhead(b *testing.B, r *Registry) {
	p := mustPlan(b, r, "shell", shellArgsJSON("true", 0))
	var plain, ours []time.Duration
	for b.Loop() {
		start := time.Now()
		if err := exec.Command(r.shell, "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
		plain = append(plain, time.Since(start))
		start = time.Now()
		if res := p.Run(b.Context(), nil); res.IsError {
			b.Fatal(res.Output)
		}
		ours = append(ours, time.Since(start))
	}
	mp, mo := median(plain), median(ours)
	b.ReportMetric(float64(mp.Microseconds())/1000, "ms-plain-median")
	b.ReportMetric(float64(mo.Microseconds())/1000, "ms-executor-median")
	b.ReportMetric(float64((mo-mp).Microseconds())/1000, "ms-overhead-median")
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
