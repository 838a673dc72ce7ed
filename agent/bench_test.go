package agent_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// tripTools are the calls a round trip is measured with: `true` through
// the shell, the round trip the issue names, and list_dir, which spawns
// no process, for the loop's own cost.
var tripTools = []struct{ name, tool, args string }{
	{"shell true", "shell", `{"command": "true"}`},
	{"list_dir", "list_dir", `{"path": "."}`},
}

// tripScript is n turns that each call the tool once, then an answer.
func tripScript(n int, tool, args string) llmtest.Script {
	s := make(llmtest.Script, 0, n+1)
	for range n {
		s = append(s, llmtest.Use(llmtest.UseTool(tool, args)))
	}
	return append(s, llmtest.Say("done"))
}

// trips runs a task of n round trips through prov and returns, for each
// round trip after the first, its whole time (from one tool result to the
// next: the request, the stream, plan, classify, approve, run) and the
// command's own time as the tool measured it.
func trips(tb testing.TB, prov llm.Provider, n int) (whole, command []time.Duration) {
	tb.Helper()
	var last time.Time
	l := newLoop(tb, prov, func(o *agent.Options) {
		o.Config.MaxTurns = n + 1
		o.Sink = agent.SinkFunc(func(e agent.Event) {
			if e.Type != agent.EventToolResult {
				return
			}
			now := time.Now()
			if !last.IsZero() {
				whole = append(whole, now.Sub(last))
				command = append(command, time.Duration(e.Result.DurationMS*float64(time.Millisecond)))
			}
			last = now
			if e.Result.IsError {
				tb.Errorf("tool result %+v, want success", e.Result)
			}
		})
	})
	out, err := l.ag.Run(tb.Context(), "go")
	if err != nil || out.Status != agent.StatusFinished {
		tb.Fatalf("Run() = %+v, %v", out, err)
	}
	return whole, command
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// overhead is the median of each round trip's time less its command's.
func overhead(whole, command []time.Duration) time.Duration {
	d := make([]time.Duration, len(whole))
	for i := range whole {
		d[i] = whole[i] - command[i]
	}
	return median(d)
}

// BenchmarkToolRoundTrip measures the loop's cost per tool round trip
// against an instant fake, in-process and over loopback HTTP through the
// OpenAI adapter and fake. It reports the medians of the whole round trip,
// of the command's own time, and of their difference: the overhead, which
// must stay under a millisecond.
//
//	go test -run '^$' -bench ToolRoundTrip -benchtime 20x ./agent/
func BenchmarkToolRoundTrip(b *testing.B) {
	const n = 20
	for _, backend := range []string{"in-process", "openai loopback"} {
		for _, tt := range tripTools {
			b.Run(backend+"/"+tt.name, func(b *testing.B) {
				var whole, command []time.Duration
				for b.Loop() {
					script := tripScript(n, tt.tool, tt.args)
					var prov llm.Provider = llmtest.NewProvider("fake", script)
					var srv *openaitest.Server
					if backend != "in-process" {
						srv = openaitest.Start(script)
						p, err := openai.New(openai.Options{Name: "fake", BaseURL: srv.URL(), APIKey: llmtest.APIKey, Model: llmtest.Model})
						if err != nil {
							b.Fatal(err)
						}
						prov = p
					}
					w, c := trips(b, prov, n)
					whole, command = append(whole, w...), append(command, c...)
					if srv != nil {
						srv.Close()
					}
				}
				b.ReportMetric(float64(median(whole).Microseconds()), "trip-µs")
				b.ReportMetric(float64(median(command).Microseconds()), "command-µs")
				b.ReportMetric(float64(overhead(whole, command).Microseconds()), "overhead-µs")
			})
		}
	}
}

// The loop's own work per tool round trip stays under a millisecond. Under
// the race detector everything is several times slower, so there the test
// only reports.
func TestRoundTripOverheadIsUnderAMillisecond(t *testing.T) {
	if testing.Short() {
		t.Skip("timing; -short")
	}
	for _, tt := range tripTools {
		t.Run("with "+tt.name, func(t *testing.T) {
			whole, command := trips(t, llmtest.NewProvider("fake", tripScript(50, tt.tool, tt.args)), 50)
			o := overhead(whole, command)
			t.Logf("median round trip %v, command %v, overhead %v", median(whole), median(command), o)
			if o > time.Millisecond && !raceEnabled {
				t.Errorf("median overhead per round trip = %v, want at most 1ms", o)
			}
		})
	}
}

// A 200-turn conversation, each turn reading a 2 KiB file into the
// history, stays far below 50 MB: the heap and stacks in use, sampled at
// every request, grow by less than that over the run.
func TestTwoHundredTurnsStayUnder50MB(t *testing.T) {
	const turns = 200
	var base, peak runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	inUse := func(m *runtime.MemStats) uint64 { return m.HeapInuse + m.StackInuse }
	prov := llmtest.NewProvider("fake", tripScript(turns, "read_file", `{"path": "notes.txt"}`))
	l := newLoop(t, prov, func(o *agent.Options) {
		o.Config.MaxTurns = turns + 1
		// A window so large that nothing is compacted: the history holds
		// every file read, which is what is measured.
		o.ContextWindow = 1 << 30
		sink := o.Sink
		o.Sink = agent.SinkFunc(func(e agent.Event) {
			if e.Type == agent.EventUsage {
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if inUse(&m) > inUse(&peak) {
					peak = m
				}
			}
			if e.Type == agent.EventToolResult || e.Type == agent.EventRunFinished {
				sink.Publish(e)
			}
		})
	})
	os.WriteFile(filepath.Join(l.root, "notes.txt"), []byte(strings.Repeat("a line of notes, 32 bytes long.\n", 64)), 0o644)
	out, err := l.ag.Run(t.Context(), "read it again and again")
	if err != nil || out.Status != agent.StatusFinished || out.Turns != turns+1 {
		t.Fatalf("Run() = %+v, %v; want finished after %d turns", out, err, turns+1)
	}
	if n := len(l.sink.ofType(agent.EventToolResult)); n != turns {
		t.Fatalf("%d tool results, want %d", n, turns)
	}
	grew := int64(inUse(&peak)) - int64(inUse(&base))
	t.Logf("heap and stacks in use: %.1f MB before, peak %.1f MB (+%.1f MB); runtime Sys %.1f MB",
		mb(inUse(&base)), mb(inUse(&peak)), float64(grew)/1e6, mb(peak.Sys))
	if grew > 50e6 {
		t.Errorf("a %d-turn conversation grew the heap by %.1f MB, want under 50 MB", turns, float64(grew)/1e6)
	}
	if len(fmt.Sprint(l.ag.History())) < turns*2048 {
		t.Error("the history does not hold the files read: the test measures nothing")
	}
}

func mb(n uint64) float64 { return float64(n) / 1e6 }
