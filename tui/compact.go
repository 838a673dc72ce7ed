package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// Compacter is a Runner whose conversation can be compacted on demand
// (/compact); *agent.Agent is one. Compact blocks while the model writes
// the summary, publishes an EventCompaction to the Bridge, and honours
// ctx. The screen calls it on a goroutine of its own, only while the
// panel runs no turn.
type Compacter interface {
	Compact(ctx context.Context) error
}

// compactedMsg says a /compact of panel has returned.
type compactedMsg struct {
	panel int
	err   error
}

// compact starts a compaction of the focused panel's conversation, and
// reports whether it started: when not, the flash says why.
func (m *model) compact(text string) (tea.Cmd, bool) {
	p := m.focused()
	if !m.idle(p) {
		return nil, false
	}
	c, ok := p.runner.(Compacter)
	if !ok || !p.usable() {
		m.flash = "this panel has no conversation to compact"
		return nil, false
	}
	p.addCommand(text)
	p.scrollBottom()
	ctx, cancel := context.WithCancel(m.ctx)
	p.cancelTurn = cancel
	p.busy = true
	i := m.focus
	m.goTracked(func() tea.Msg {
		defer cancel()
		return compactedMsg{panel: i, err: c.Compact(ctx)}
	})
	if m.ticking {
		return nil, true
	}
	m.ticking = true
	return m.spin.Tick, true
}

// compacted ends a /compact: the panel already shows the compaction line
// from its event; here only why there was none.
func (m *model) compacted(msg compactedMsg) {
	p := m.panels[msg.panel]
	p.cancelTurn = nil
	switch {
	case errors.Is(msg.err, agent.ErrNothingToCompact):
		p.finishTurn(nil)
		p.addNotice(msg.err.Error())
	case errors.Is(msg.err, context.Canceled):
		p.finishTurn(nil)
		p.addNotice("compaction cancelled: the conversation is as it was")
	default:
		p.finishTurn(msg.err)
	}
	m.updatePlaceholder()
}
