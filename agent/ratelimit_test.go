package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// fourPanels is a coordinator of four scripted providers, as on a screen
// with four panels, sharing one RateLimits; each reads a file twice.
func fourPanels(t *testing.T, limits *tools.RateLimits) *team {
	t.Helper()
	read := llmtest.Use(llmtest.UseTool("read_file", `{"path": "notes.txt"}`))
	root := t.TempDir()
	reg := newRegistry(t, root)
	os.WriteFile(filepath.Join(reg.Root(), "notes.txt"), []byte("notes\n"), 0o644)
	tm := &team{root: reg.Root(), c: agent.NewCoordinator(reg.Root()), sinks: map[string]*recorder{}, provs: map[string]*llmtest.Provider{}}
	for _, n := range []string{"a", "b", "c", "d"} {
		cfg := agent.DefaultConfig()
		cfg.AutoApprove = classify.Warning
		cfg.Retries = 0
		tm.sinks[n] = &recorder{}
		tm.provs[n] = llmtest.NewProvider(n, llmtest.Script{read, read, llmtest.Say("done")})
		if _, err := tm.c.Join(agent.Options{Provider: tm.provs[n], Tools: reg, Approver: agent.DenyAll{},
			Sink: tm.sinks[n], Config: cfg, RateLimits: limits}); err != nil {
			t.Fatal(err)
		}
	}
	return tm
}

// results counts the read_file results of all four panels, and the
// queued events that name the rate limit.
func (tm *team) rateOutcome() (ok, limited, queued int) {
	for _, s := range tm.sinks {
		for _, e := range s.ofType(agent.EventToolResult) {
			switch {
			case !e.Result.IsError:
				ok++
			case strings.Contains(e.Result.Output, "rate limited: read_file is limited to"):
				limited++
			}
		}
		for _, e := range s.ofType(agent.EventQueued) {
			if len(e.WaitsFor) == 1 && strings.HasPrefix(e.WaitsFor[0], "rate limit read_file = ") {
				queued++
			}
		}
	}
	return ok, limited, queued
}

func TestRateLimitsHoldAcrossFourPanels(t *testing.T) {
	t.Run("calls over the limit queue, shown as queued, then run", func(t *testing.T) {
		cfg := tools.DefaultConfig()
		cfg.RateLimits = map[string]string{"read_file": "4/s"}
		cfg.RateLimitWaitSeconds = 10
		tm := fourPanels(t, tools.NewRateLimits(cfg))
		start := time.Now()
		for _, r := range tm.c.Broadcast(t.Context(), "read the notes twice") {
			finished(t, r)
		}
		// Eight reads under 4/s: four at once, then one every 250ms.
		if d := time.Since(start); d < 900*time.Millisecond {
			t.Errorf("eight reads under 4/s took %s, want at least about 1s", d)
		}
		ok, limited, queued := tm.rateOutcome()
		if ok != 8 || limited != 0 || queued < 4 {
			t.Errorf("%d reads ran, %d were refused, %d queued; want 8 run, none refused, at least 4 queued", ok, limited, queued)
		}
	})
	t.Run("a call that would wait past the bound fails with a clear result", func(t *testing.T) {
		cfg := tools.DefaultConfig()
		cfg.RateLimits = map[string]string{"read_*": "3/min"}
		cfg.RateLimitWaitSeconds = 1
		tm := fourPanels(t, tools.NewRateLimits(cfg))
		for _, r := range tm.c.Broadcast(t.Context(), "read the notes twice") {
			finished(t, r)
		}
		ok, limited, _ := tm.rateOutcome()
		if ok != 3 || limited != 5 {
			t.Errorf("%d reads ran and %d were refused, want 3 and 5: the panels share one limit", ok, limited)
		}
		for n, p := range tm.provs {
			for _, req := range p.Requests() {
				for _, tr := range req.ToolResults() {
					if !strings.Contains(tr.Content, "notes") && !strings.Contains(tr.Content, "try again later") {
						t.Errorf("%s's model was sent %q", n, tr.Content)
					}
				}
			}
		}
	})
	t.Run("cancelling a queued call stops its wait", func(t *testing.T) {
		cfg := tools.DefaultConfig()
		cfg.RateLimits = map[string]string{"read_file": "1/min"}
		cfg.RateLimitWaitSeconds = 3600
		tm := fourPanels(t, tools.NewRateLimits(cfg))
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan []agent.ProviderRun, 1)
		go func() { done <- tm.c.Broadcast(ctx, "read") }()
		waitFor(t, "three panels to queue", func() bool {
			_, _, q := tm.rateOutcome()
			return q >= 3
		})
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Broadcast did not return after cancel")
		}
	})
}
