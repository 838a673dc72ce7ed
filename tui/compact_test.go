package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
)

// compactRunner is an idle runner whose Compact publishes what an agent
// would, or fails with err.
type compactRunner struct {
	b   *Bridge
	err error
}

func (compactRunner) Run(context.Context, string) (agent.Outcome, error) {
	return agent.Outcome{Status: agent.StatusFinished}, nil
}

func (r compactRunner) Compact(context.Context) error {
	if r.err != nil {
		return r.err
	}
	r.b.Publish(agent.Event{Type: agent.EventCompaction, Provider: "openai", Text: "Summary: all done so far.",
		Compaction: &agent.CompactionInfo{Kind: agent.CompactSummary, Reason: agent.ReasonRequested, Summarized: 10, Kept: 4, Task: "fix it"},
		Context:    &agent.ContextInfo{Before: 90000, Used: 30000, Window: 128000}})
	return nil
}

// compactIn types /compact in m's focused panel and waits for its end.
func compactIn(t *testing.T, m *model, b *Bridge) string {
	t.Helper()
	typeText(m, "/compact")
	press(m, keyEnter)
	m.turns.Wait()
	pump(m, b)
	return screen(m)
}

func TestCompactSlashCompactsAndSaysSo(t *testing.T) {
	m, b, _ := newTestModel(t, nil, testOptions)
	m.panels[0].runner = compactRunner{b: b}
	out := compactIn(t, m, b)
	for _, want := range []string{"/compact", "context compacted: 10 earlier messages summarised, 4 kept; 90000 → 30000 of", "128000 tokens, as asked"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("the panel lacks %q:\n%s", want, out)
		}
	}
	if m.panels[0].running() {
		t.Error("the panel still runs after the compaction returned")
	}
	if !strings.Contains(out, "auto-approve: safe · context 23%") {
		t.Errorf("the status line does not show the focused panel's context after the compaction:\n%s", out)
	}
	if v := m.prompt.value(); v != "" {
		t.Errorf("the prompt still holds %q after /compact", v)
	}
}

func TestCompactSlashWithNothingToCompactSaysWhy(t *testing.T) {
	m, b, _ := newTestModel(t, nil, testOptions)
	m.panels[0].runner = compactRunner{b: b, err: agent.ErrNothingToCompact}
	if out := compactIn(t, m, b); !strings.Contains(out, "nothing to compact") || strings.Contains(out, "✗") {
		t.Errorf("want a notice saying there is nothing to compact, not an error:\n%s", out)
	}
	// A runner that cannot compact is told apart from one with nothing to do.
	m2, b2, _ := newTestModel(t, nil, testOptions)
	typeText(m2, "/compact")
	press(m2, keyEnter)
	pump(m2, b2)
	if !strings.Contains(screen(m2), "no conversation to compact") {
		t.Errorf("a runner without Compact: want a flash saying so:\n%s", screen(m2))
	}
}
