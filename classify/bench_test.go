package classify

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// benchCommand is one line of testdata/commands.txt: a realistic command
// and the level it gets.
type benchCommand struct {
	line int
	want Level
	cmd  string
}

// readBenchCommands reads the realistic command set in
// testdata/commands.txt: LEVEL<tab>COMMAND per line.
func readBenchCommands(tb testing.TB) []benchCommand {
	tb.Helper()
	f, err := os.Open("testdata/commands.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cmds []benchCommand
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		level, cmd, ok := strings.Cut(line, "\t")
		want, err := ParseLevel(level)
		if !ok || cmd == "" || err != nil {
			tb.Fatalf("commands.txt:%d: want LEVEL<tab>COMMAND, got %q", n, line)
		}
		cmds = append(cmds, benchCommand{line: n, want: want, cmd: cmd})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cmds
}

// benchCommands returns the commands of testdata/commands.txt.
func benchCommands(tb testing.TB) []string {
	var cmds []string
	for _, c := range readBenchCommands(tb) {
		cmds = append(cmds, c.cmd)
	}
	return cmds
}

// TestCommandsGetTheirLevels holds the realistic command set to its
// levels, exactly: a change that makes one stricter or looser shows up
// here, to be written down on purpose.
func TestCommandsGetTheirLevels(t *testing.T) {
	for _, c := range readBenchCommands(t) {
		if got := Classify(shellAction(c.cmd), Policy{}).Level; got != c.want {
			t.Errorf("commands.txt:%d: Classify(%q) = %v, want %v", c.line, c.cmd, got, c.want)
		}
	}
}

// BenchmarkClassify classifies the whole command set per iteration and
// reports the mean, the median and the 90th percentile per command, and
// allocations per command. The target is a median of at most 20µs.
func BenchmarkClassify(b *testing.B) {
	cmds := benchCommands(b)
	actions := make([]Action, len(cmds))
	for i, c := range cmds {
		actions[i] = shellAction(c)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, a := range actions {
			Classify(a, Policy{})
		}
	}
	n := float64(len(actions))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/cmd")

	// Time each command on its own for the distribution.
	const reps = 200
	per := make([]float64, len(actions))
	for i, a := range actions {
		start := time.Now()
		for range reps {
			Classify(a, Policy{})
		}
		per[i] = float64(time.Since(start).Nanoseconds()) / reps
	}
	slices.Sort(per)
	b.ReportMetric(per[len(per)/2], "median-ns/cmd")
	b.ReportMetric(per[len(per)*9/10], "p90-ns/cmd")
	b.ReportMetric(per[len(per)-1], "max-ns/cmd")
	allocs := testing.AllocsPerRun(5, func() {
		for _, a := range actions {
			Classify(a, Policy{})
		}
	})
	b.ReportMetric(allocs/n, "allocs/cmd")
}

func TestBenchCommandsAreEnough(t *testing.T) {
	if n := len(benchCommands(t)); n < 200 {
		t.Errorf("testdata/commands.txt has %d commands, want at least 200", n)
	}
}
