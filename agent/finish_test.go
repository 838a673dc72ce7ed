package agent_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// A reply cut at the output token limit never looks like a finished task.
func TestReplyCutAtTheOutputLimit(t *testing.T) {
	t.Run("a cut answer stops the run as truncated and says so", func(t *testing.T) {
		l := newLoop(t, llmtest.NewProvider("fake", llmtest.Script{{Text: "The fix is to", Finish: llm.FinishLength}}), nil)
		out, err := l.ag.Run(t.Context(), "fix it")
		if err != nil || out.Status != agent.StatusTruncated {
			t.Fatalf("Run() = %v, %v, want status %q", out.Status, err, agent.StatusTruncated)
		}
		errs := l.sink.ofType(agent.EventError)
		if len(errs) != 1 || errs[0].Finish != llm.FinishLength || !strings.Contains(errs[0].Error, "output token limit") {
			t.Errorf("error events = %+v, want one saying the reply was cut", errs)
		}
	})
	t.Run("the calls of a cut reply do not run and the model is asked to make them again", func(t *testing.T) {
		prov := llmtest.NewProvider("fake", llmtest.Script{
			{Calls: []llmtest.Call{llmtest.UseTool("write_file", `{"path": "a.txt", "content": "par`)}, Finish: llm.FinishLength},
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "a.txt", "content": "part"}`)),
			llmtest.Say("Done."),
		})
		l := newLoop(t, prov, nil)
		out, err := l.ag.Run(t.Context(), "write a.txt")
		if err != nil || out.Status != agent.StatusFinished {
			t.Fatalf("Run() = %v, %v, want finished", out.Status, err)
		}
		results := prov.Requests()[1].ToolResults()
		if len(results) != 1 || !strings.Contains(results[0].Content, "cut at the output token limit") {
			t.Errorf("tool results sent after the cut reply = %+v, want one saying the call did not run", results)
		}
		if b, err := os.ReadFile(filepath.Join(l.root, "a.txt")); err != nil || string(b) != "part" {
			t.Errorf("a.txt = %q, %v, want only the second, whole call's content", b, err)
		}
	})
	t.Run("a filtered reply fails the run", func(t *testing.T) {
		l := newLoop(t, llmtest.NewProvider("fake", llmtest.Script{{Text: "I can't", Finish: llm.FinishFiltered}}), nil)
		out, err := l.ag.Run(t.Context(), "do it")
		if err == nil || out.Status != agent.StatusFailed {
			t.Fatalf("Run() = %v, %v, want failed with an error", out.Status, err)
		}
	})
}

// The tokens of a reply that failed part-way are counted.
func TestUsageOfAFailedReplyIsCounted(t *testing.T) {
	turn := llmtest.Turn{Text: "Some words before it broke", Usage: llm.Usage{InputTokens: 500, OutputTokens: 7},
		Fault: llmtest.Fault{StreamError: true}}
	l := newLoop(t, llmtest.NewProvider("fake", llmtest.Script{turn}), nil)
	out, err := l.ag.Run(t.Context(), "go")
	if err == nil || out.Status != agent.StatusFailed {
		t.Fatalf("Run() = %v, %v, want failed", out.Status, err)
	}
	if want := (llm.Usage{InputTokens: 500, OutputTokens: 7}); out.Usage != want {
		t.Errorf("Outcome.Usage = %+v, want %+v", out.Usage, want)
	}
	if n := len(l.sink.ofType(agent.EventUsage)); n != 1 {
		t.Errorf("%d usage events, want 1", n)
	}
}

func TestPriceOfCachedInput(t *testing.T) {
	u := llm.Usage{InputTokens: 1_000_000, CachedInputTokens: 800_000, OutputTokens: 100_000}
	tests := []struct {
		name  string
		price agent.Price
		want  float64
	}{
		{name: "cached input at its own price", price: agent.Price{Input: 1, CachedInput: 0.1, Output: 10}, want: 0.2 + 0.08 + 1},
		{name: "without a cached price, cached input costs as input", price: agent.Price{Input: 1, Output: 10}, want: 1 + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.price.Cost(u); got < tt.want-1e-9 || got > tt.want+1e-9 {
				t.Errorf("Cost(%+v) = %v, want %v", u, got, tt.want)
			}
		})
	}
}
