package agent_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/classify"
)

// safeTeam is n providers, each calling `shell true` (safe) turns times
// and then answering, joined to one coordinator over one root. With
// loopback, each provider talks to its own OpenAI fake over HTTP.
func safeTeam(tb testing.TB, n, turns int, loopback bool) *agent.Coordinator {
	tb.Helper()
	root := tb.TempDir()
	reg := newRegistry(tb, root)
	c := agent.NewCoordinator(reg.Root())
	for i := range n {
		name := fmt.Sprintf("p%d", i)
		script := tripScript(turns, "shell", `{"command": "true"}`)
		var prov llm.Provider = llmtest.NewProvider(name, script)
		if loopback {
			srv := openaitest.Start(script)
			tb.Cleanup(srv.Close)
			var err error
			prov, err = openai.New(openai.Options{Name: name, BaseURL: srv.URL(), APIKey: llmtest.APIKey, Model: llmtest.Model})
			if err != nil {
				tb.Fatal(err)
			}
		}
		cfg := agent.DefaultConfig()
		cfg.MaxTurns = turns + 1
		cfg.Retries = 0
		cfg.AutoApprove = classify.Safe
		sink := agent.SinkFunc(func(e agent.Event) {
			if e.Type == agent.EventToolResult && e.Result.IsError {
				tb.Errorf("%s: tool result %+v, want success", name, e.Result)
			}
		})
		if _, err := c.Join(agent.Options{Provider: prov, Tools: reg, Approver: agent.DenyAll{}, Sink: sink, Config: cfg}); err != nil {
			tb.Fatal(err)
		}
	}
	return c
}

// Four providers running safe commands at once never wait for each other:
// the coordinator adds no waiting where there is no conflict.
func TestCoordinatorAddsNoWaitingWithoutConflict(t *testing.T) {
	c := safeTeam(t, 4, 25, false)
	for _, r := range c.Broadcast(t.Context(), "go") {
		finished(t, r)
	}
	if waits, waited := c.Locks().Stats(); waits != 0 || waited != 0 {
		t.Errorf("Locks().Stats() = %d waits, %v; want none", waits, waited)
	}
	for _, s := range c.Stats() {
		if s.Completed != 25 || s.Queued != 0 {
			t.Errorf("Stats(%s) = %d completed, %d queued; want 25 and 0", s.Provider, s.Completed, s.Queued)
		}
	}
}

// BenchmarkCoordinatorSafeCommands runs 1 and 4 providers, each making 20
// `shell true` round trips against an instant OpenAI fake over loopback,
// concurrently through one coordinator. It reports the tool calls done per
// second by all providers together, and the time spent waiting on locks
// per run (which must be 0: safe commands share the root).
//
//	go test -run '^$' -bench CoordinatorSafeCommands -benchtime 10x ./agent/
func BenchmarkCoordinatorSafeCommands(b *testing.B) {
	const turns = 20
	for _, n := range []int{1, 4} {
		b.Run(fmt.Sprintf("%d providers", n), func(b *testing.B) {
			var calls int
			var elapsed, waited time.Duration
			for b.Loop() {
				b.StopTimer()
				c := safeTeam(b, n, turns, true)
				b.StartTimer()
				start := time.Now()
				for _, r := range c.Broadcast(b.Context(), "go") {
					if r.Err != nil || r.Outcome.Status != agent.StatusFinished {
						b.Fatalf("%s: %s, %v", r.Provider, r.Outcome.Status, r.Err)
					}
				}
				elapsed += time.Since(start)
				calls += n * turns
				_, w := c.Locks().Stats()
				waited += w
			}
			b.ReportMetric(float64(calls)/elapsed.Seconds(), "calls/s")
			b.ReportMetric(float64(waited.Microseconds())/float64(b.N), "lock-wait-µs/op")
		})
	}
}
