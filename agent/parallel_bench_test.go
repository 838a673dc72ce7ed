package agent_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// BenchmarkReadsInOneReply measures reading files of 1 MiB each
// (read_file of the whole file): one read; five in one reply, which run
// together; and five in five replies, one after the other, for the same
// work done serially in the same run. Where cores are free, five reads
// that run together take about the time of one.
func BenchmarkReadsInOneReply(b *testing.B) {
	root := b.TempDir()
	line := strings.Repeat("x", 63) + "\n"
	for i := range 5 {
		if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("f%d.txt", i)), []byte(strings.Repeat(line, 1<<20/len(line))), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	tc := tools.DefaultConfig()
	tc.MaxReadBytes = 2 << 20 // the whole file
	reg, err := tools.New(tc, tools.Options{Root: root, StateDir: b.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		b.Fatal(err)
	}
	defer reg.Close()
	read := func(i int) llm.ToolCall {
		return call(fmt.Sprintf("c%d", i), "read_file", map[string]any{"path": fmt.Sprintf("f%d.txt", i), "limit": 1 << 20})
	}
	for _, c := range []struct {
		name    string
		replies [][]int // the files each reply reads
	}{
		{"1 read", [][]int{{0}}},
		{"5 reads in one reply", [][]int{{0, 1, 2, 3, 4}}},
		{"5 reads one per reply", [][]int{{0}, {1}, {2}, {3}, {4}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var script []llm.Message
			for _, files := range c.replies {
				var cs []llm.ToolCall
				for _, i := range files {
					cs = append(cs, read(i))
				}
				script = append(script, calls(cs...))
			}
			script = append(script, text("done"))
			cfg := agent.DefaultConfig()
			cfg.AutoApprove = classify.Safe
			// overlap is the calls' own durations summed over the time from
			// the first call's approval to the last result: about 1 when
			// they run one after another, up to n when they run together,
			// whatever the machine's load does to both.
			var busy, wall time.Duration
			for b.Loop() {
				prov := &scripted{script: script}
				var first, last time.Time
				sink := agent.SinkFunc(func(e agent.Event) {
					switch e.Type {
					case agent.EventApproval:
						if first.IsZero() {
							first = e.Time
						}
					case agent.EventToolResult:
						busy += time.Duration(e.Result.DurationMS * float64(time.Millisecond))
						last = e.Time
					}
				})
				ag := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: agent.DenyAll{}, Sink: sink, Config: cfg,
					ContextWindow: 100_000_000}) // no compaction: only the reads are measured
				out, err := ag.Run(b.Context(), "read")
				if err != nil || out.Status != agent.StatusFinished {
					b.Fatalf("Run = %+v, %v", out, err)
				}
				for _, m := range prov.last().Messages {
					if m.Role == llm.RoleTool && m.IsError {
						b.Fatalf("read failed: %s", m.Content)
					}
				}
				wall += last.Sub(first)
			}
			if len(c.replies) == 1 {
				b.ReportMetric(float64(busy)/float64(wall), "overlap")
			}
		})
	}
}
