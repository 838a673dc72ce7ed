package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

var keyCtrlO = tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}

// thinkingLines is a model's thinking of n numbered lines.
func thinkingLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "step %02d of the plan\n", i)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// The thinking streams in the panel as it comes (its last rows), folds to
// one line when the reply goes on, and unfolds with Ctrl+O.
func TestThinkingStreamsThenFolds(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "plan it")
	defer release()
	thought := thinkingLines(10)

	// The thinking arrives in pieces, as a provider streams it.
	for piece := range strings.SplitAfterSeq(thought, " ") {
		b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: piece})
	}
	pump(m, b)
	s := screen(m)
	if !strings.Contains(s, "▾ thinking…") || !strings.Contains(s, "step 10 of the plan") {
		t.Fatalf("while it streams, the panel does not show the thinking's heading and latest lines:\n%s", s)
	}
	if strings.Contains(s, "step 04 of the plan") {
		t.Errorf("while it streams, the panel shows more than the last %d rows of thinking:\n%s", liveThinkingRows, s)
	}

	// The reply's text begins: the thinking folds to its heading.
	b.Publish(agent.Event{Type: agent.EventText, Turn: 1, Text: "Here is the plan."})
	b.Publish(agent.Event{Type: agent.EventReasoning, Turn: 1, Text: thought, Reasoning: []llm.Reasoning{{Text: thought}}})
	pump(m, b)
	s = screen(m)
	if !strings.Contains(s, "▸ thinking · 10 lines") || strings.Contains(s, "step 10 of the plan") {
		t.Fatalf("once the reply goes on, the thinking is not folded to one line:\n%s", s)
	}
	if strings.Count(s, "thinking ·") != 1 {
		t.Errorf("the whole thinking after the reply was shown again:\n%s", s)
	}
	if !strings.Contains(s, "Here is the plan.") {
		t.Errorf("the reply is missing:\n%s", s)
	}

	press(m, keyCtrlO)
	s = screen(m)
	if !strings.Contains(s, "▾ thinking") || !strings.Contains(s, "step 01 of the plan") || !strings.Contains(s, "step 10 of the plan") {
		t.Fatalf("Ctrl+O does not unfold the thinking:\n%s", s)
	}
	press(m, keyCtrlO)
	if s := screen(m); strings.Contains(s, "step 01 of the plan") || !strings.Contains(s, "▸ thinking · 10 lines") {
		t.Errorf("a second Ctrl+O does not fold it again:\n%s", s)
	}
}

// Thinking is drawn dimmed, apart from the reply's text.
func TestThinkingIsDimmed(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "plan it")
	defer release()
	b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: "weighing the options"})
	pump(m, b)
	want := m.st.Muted.Render("weighing the options")
	if !strings.Contains(m.View().Content, want) {
		t.Errorf("the thinking is not drawn in the muted style %q:\n%q", want, m.View().Content)
	}
}

// A reply whose thinking arrived whole (a session shown again, or a
// provider that does not stream it) shows it folded; a tool call, an
// error or a retried request end or restart the streaming one.
func TestThinkingArrivingWholeAndCut(t *testing.T) {
	t.Run("whole thinking is shown folded", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "go")
		defer release()
		b.Publish(agent.Event{Type: agent.EventReasoning, Turn: 1, Text: "one\ntwo"})
		b.Publish(agent.Event{Type: agent.EventText, Turn: 1, Text: "Done."})
		pump(m, b)
		if s := screen(m); !strings.Contains(s, "▸ thinking · 2 lines") || strings.Contains(s, "two") {
			t.Errorf("whole thinking is not shown folded:\n%s", s)
		}
	})
	t.Run("each turn's whole thinking is shown, as a session shown again has it", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "go")
		defer release()
		b.Publish(agent.Event{Type: agent.EventReasoning, Turn: 1, Text: "first turn's thought"})
		b.Publish(agent.Event{Type: agent.EventToolCall, Turn: 1, Call: shellCall("c1", "ls", 0)})
		b.Publish(agent.Event{Type: agent.EventReasoning, Turn: 2, Text: "second turn's thought\nin two lines"})
		b.Publish(agent.Event{Type: agent.EventText, Turn: 2, Text: "Done."})
		pump(m, b)
		if s := screen(m); !strings.Contains(s, "▸ thinking · 1 line") || !strings.Contains(s, "▸ thinking · 2 lines") {
			t.Errorf("both turns' thinking should be shown folded:\n%s", s)
		}
	})
	t.Run("a tool call folds the thinking before it", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "go")
		defer release()
		b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: "I should list the files"})
		b.Publish(agent.Event{Type: agent.EventToolCall, Turn: 1, Call: shellCall("c1", "ls", 0)})
		pump(m, b)
		if s := screen(m); !strings.Contains(s, "▸ thinking · 1 line") || strings.Contains(s, "I should list") {
			t.Errorf("the thinking before a tool call is not folded:\n%s", s)
		}
	})
	t.Run("a retried request starts its thinking over", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "go")
		defer release()
		b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: "first attempt"})
		b.Publish(agent.Event{Type: agent.EventRetry, Turn: 1, Attempt: 1, Error: "server error"})
		b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: "second attempt"})
		pump(m, b)
		if s := screen(m); strings.Contains(s, "first attempt") || !strings.Contains(s, "second attempt") {
			t.Errorf("the failed attempt's thinking is still shown:\n%s", s)
		}
	})
	t.Run("the end of the turn folds it", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "go")
		b.Publish(agent.Event{Type: agent.EventReasoningDelta, Turn: 1, Text: "still thinking when cancelled"})
		pump(m, b)
		release()
		m.Update(batchMsg{turnDoneMsg{panel: 0, outcome: agent.Outcome{Status: agent.StatusCancelled}}})
		if s := screen(m); !strings.Contains(s, "▸ thinking · 1 line") {
			t.Errorf("the thinking of an ended turn is not folded:\n%s", s)
		}
	})
}

// The Thinking key is in the help.
func TestThinkingKeyIsInTheHelp(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	press(m, char('?'))
	if s := screen(m); !strings.Contains(s, "ctrl+o") || !strings.Contains(s, "thinking") {
		t.Errorf("the help does not list Ctrl+O for the thinking:\n%s", s)
	}
}
