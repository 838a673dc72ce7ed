package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// transcriptOf10kLines is a panel holding 10,000 rows at width 80: turns of
// a prompt, a reply of several lines and a finished tool call.
func transcriptOf10kLines(tb testing.TB) (*panel, *frame) {
	tb.Helper()
	st := newStyles(false)
	p := newPanel("openai", "gpt-4o", st)
	f := &frame{st: st, now: time.Now(), spin: "⠋"}
	rows := func() int {
		n := 0
		for _, it := range p.items {
			n += len(it.rows(80, f))
		}
		return n
	}
	for turn := 0; rows() < 10_000; turn++ {
		p.addPrompt(fmt.Sprintf("turn %d: fix the next failing test", turn))
		for i := range 8 {
			p.apply(agent.Event{Type: agent.EventText, Text: fmt.Sprintf("Line %d of the reply, long enough to be a real sentence about code.\n", i)}, f.now)
		}
		call := &agent.CallInfo{ID: fmt.Sprint("c", turn), Tool: "shell", Summary: "go test ./...", Level: lvl(classify.Safe)}
		p.apply(agent.Event{Type: agent.EventToolCall, Call: call}, f.now)
		p.apply(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto}, f.now)
		p.apply(agent.Event{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{DurationMS: 900}}, f.now)
		p.finishTurn(nil)
	}
	return p, f
}

// BenchmarkPanelRender10kLines draws one frame of a panel whose transcript
// holds 10,000 rows, at the bottom as when following output.
func BenchmarkPanelRender10kLines(b *testing.B) {
	p, f := transcriptOf10kLines(b)
	p.setSize(80, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.render(80, 40, f, lookPlain)
	}
}

// BenchmarkPanelRender10kLinesScrolled draws the same panel scrolled to
// the middle.
func BenchmarkPanelRender10kLinesScrolled(b *testing.B) {
	p, f := transcriptOf10kLines(b)
	p.setSize(80, 40)
	p.scroll(5000)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.render(80, 40, f, lookPlain)
	}
}

// BenchmarkStream10kDeltas applies 10,000 text deltas (about 60 characters
// of text per line, a newline every tenth delta) and draws a frame every
// 100 deltas, as a stream at 60 frames a second would.
func BenchmarkStream10kDeltas(b *testing.B) {
	st := newStyles(false)
	f := &frame{st: st, now: time.Now()}
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		p := newPanel("openai", "gpt-4o", st)
		p.addPrompt("write a long answer")
		for i := range 10_000 {
			d := "word " + fmt.Sprint(i%10)
			if i%10 == 9 {
				d += "\n"
			}
			p.apply(agent.Event{Type: agent.EventText, Text: d}, now)
			if i%100 == 99 {
				_ = p.render(80, 40, f, lookPlain)
			}
		}
	}
}

func TestRenderCostDoesNotGrowWithTheTranscript(t *testing.T) {
	p, f := transcriptOf10kLines(t)
	p.setSize(80, 40)
	out := p.render(80, 40, f, lookPlain)
	if rows := strings.Count(out, "\n") + 1; rows != 40 {
		t.Fatalf("render(80, 40) has %d rows", rows)
	}
	// Count the items a frame draws: it must be those in view, not all.
	counting := &countingFrame{}
	for i, it := range p.items {
		p.items[i] = countItem{it, counting}
	}
	p.render(80, 40, f, lookPlain)
	if counting.n > 40 {
		t.Errorf("one frame of %d items drew %d of them, want at most the 40 rows in view", len(p.items), counting.n)
	}
}

type countingFrame struct{ n int }

// countItem counts how often an item is drawn.
type countItem struct {
	item
	c *countingFrame
}

func (c countItem) rows(w int, f *frame) []string {
	c.c.n++
	return c.item.rows(w, f)
}

// BenchmarkView10kLines draws the whole screen (panel, prompt, status) at
// 80x24 over a 10,000-row transcript.
func BenchmarkView10kLines(b *testing.B) {
	m := newModel(NewBridge(), testOptions, false, time.Now)
	m.Init()
	p, _ := transcriptOf10kLines(b)
	p.st = m.st
	m.panels[0] = p
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkViewTwoPanels10kLines draws the whole screen at 160x40 with two
// panels side by side, each over a 10,000-row transcript.
func BenchmarkViewTwoPanels10kLines(b *testing.B) {
	m := newModel(NewBridge(), twoPanels, false, time.Now)
	m.Init()
	for i := range m.panels {
		p, _ := transcriptOf10kLines(b)
		p.st = m.st
		m.panels[i] = p
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkStream10kThinkingDeltas is BenchmarkStream10kDeltas for a
// thinking model: the same deltas arrive as thinking, shown live (its
// last rows), then folded when the answer begins.
func BenchmarkStream10kThinkingDeltas(b *testing.B) {
	st := newStyles(false)
	f := &frame{st: st, now: time.Now()}
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		p := newPanel("openai", "gpt-4o", st)
		p.addPrompt("think it over")
		for i := range 10_000 {
			d := "word " + fmt.Sprint(i%10)
			if i%10 == 9 {
				d += "\n"
			}
			p.apply(agent.Event{Type: agent.EventReasoningDelta, Text: d}, now)
			if i%100 == 99 {
				_ = p.render(80, 40, f, lookPlain)
			}
		}
		p.apply(agent.Event{Type: agent.EventText, Text: "The answer."}, now)
		_ = p.render(80, 40, f, lookPlain)
	}
}

// BenchmarkViewApprovalModal10kLines draws the whole screen at 80x24 with
// the approval modal open over a 10,000-row transcript, and the help: the
// boxes are drawn from their key maps on every frame.
func BenchmarkViewApprovalModal10kLines(b *testing.B) {
	for _, tt := range []struct {
		name string
		open func(m *model)
	}{
		{"modal", func(m *model) {
			ask(m, 1, shellRequest("openai", "c1", "rm -rf build dist", classify.Dangerous, "rm -rf build dist: recursive forced delete"))
		}},
		{"help", func(m *model) { m.Update(tea.KeyPressMsg{Code: '?', Text: "?"}) }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			m := newModel(NewBridge(), testOptions, false, time.Now)
			m.Init()
			p, _ := transcriptOf10kLines(b)
			p.st = m.st
			m.panels[0] = p
			m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			tt.open(m)
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}
