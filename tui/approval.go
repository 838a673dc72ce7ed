package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tui/internal/termsafe"
)

// keyGuard is how long the modal ignores keys after it opens, so that a
// person typing in the prompt when it appears cannot approve by accident.
const keyGuard = 400 * time.Millisecond

// modalMaxWidth keeps the modal readable on wide screens.
const modalMaxWidth = 78

// request is one approval waiting in the queue; the head of the queue is
// the one shown.
type request struct {
	id     uint64
	req    agent.ApprovalRequest
	reply  chan<- agent.Decision
	opened time.Time // when it became the one shown
	scroll int       // body rows scrolled past

	w    int // the inner width body was made for
	body []string
}

// guardMsg arrives when the key guard of the shown request has passed, to
// redraw the footer with its keys live.
type guardMsg struct{ id uint64 }

// armed reports whether the modal takes answers yet.
func (r *request) armed(now time.Time) bool {
	return now.Sub(r.opened) >= keyGuard
}

// enqueue adds a request; the first one opens the modal.
func (m *model) enqueue(msg approvalMsg) tea.Cmd {
	m.queue = append(m.queue, &request{id: msg.id, req: msg.req, reply: msg.reply})
	m.panel.waitFor(msg.req.Call.ID)
	if len(m.queue) == 1 {
		return m.openHead()
	}
	return nil
}

// withdraw drops a request the agent no longer waits for.
func (m *model) withdraw(id uint64) tea.Cmd {
	for i, r := range m.queue {
		if r.id == id {
			m.queue = append(m.queue[:i], m.queue[i+1:]...)
			if i == 0 && len(m.queue) > 0 {
				return m.openHead()
			}
			return nil
		}
	}
	return nil
}

// openHead starts the key guard of the request now shown.
func (m *model) openHead() tea.Cmd {
	r := m.queue[0]
	r.opened = m.now()
	id := r.id
	return tea.Tick(keyGuard, func(time.Time) tea.Msg { return guardMsg{id: id} })
}

// answer replies to the shown request and shows the next one. The reply
// channel has room for one answer, so this never blocks, even when the
// agent stopped waiting.
func (m *model) answer(d agent.Decision) tea.Cmd {
	r := m.queue[0]
	select {
	case r.reply <- d:
	default:
	}
	m.queue = m.queue[1:]
	if len(m.queue) > 0 {
		return m.openHead()
	}
	return nil
}

// modalKey handles a key while the modal is open: it takes every key.
// Nothing is answered during the key guard or by a held-down key, and only
// the approve keys approve: everything else that answers, denies.
func (m *model) modalKey(msg tea.KeyPressMsg) tea.Cmd {
	r := m.queue[0]
	if !r.armed(m.now()) || msg.IsRepeat {
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Approve):
		return m.answer(agent.Decision{Answer: agent.Approve, By: agent.ByPerson})
	case key.Matches(msg, m.keys.Deny):
		return m.answer(agent.Decision{Answer: agent.Deny, By: agent.ByPerson})
	case key.Matches(msg, m.keys.ModalUp):
		r.scroll = max(r.scroll-1, 0)
	case key.Matches(msg, m.keys.ModalDown):
		r.scroll++ // clamped when drawn
	}
	return nil
}

// renderModal draws the shown request as a box: title and queue position,
// then who asks for which tool, the full command or path (wrapped, never
// cut), the level in its colour, the reasons and any preview diff; then the
// keys. When the body is taller than the screen it scrolls, and says so.
func (m *model) renderModal(f *frame) string {
	r := m.queue[0]
	st := f.st
	boxW := min(m.width, modalMaxWidth)
	inner := max(boxW-st.Modal.GetHorizontalFrameSize(), 10)
	if r.w != inner || r.body == nil {
		r.w, r.body = inner, modalBody(r.req, inner, st)
	}

	title := st.ModalTitle.Render("Approve this action?")
	if n := len(m.queue); n > 1 {
		title = spread(title, st.Muted.Render(fmt.Sprintf("1 of %d", n)), inner)
	}
	footer := st.Muted.Render("keys are live in a moment…")
	if r.armed(f.now) {
		footer = st.Key.Render("y/a") + " approve  " + st.Key.Render("n/d/esc") + " deny"
	}

	// Border (2), title, blank, blank, footer.
	room := max(m.height-st.Modal.GetVerticalFrameSize()-4, 3)
	body := r.body
	if len(body) > room {
		room-- // for the scroll hint
		r.scroll = min(r.scroll, len(body)-room)
		hint := fmt.Sprintf("↑/↓ scroll · rows %d-%d of %d", r.scroll+1, r.scroll+room, len(body))
		body = append(append([]string(nil), body[r.scroll:r.scroll+room]...), st.Muted.Render(hint))
	}
	rows := make([]string, 0, len(body)+4)
	rows = append(rows, title, "")
	rows = append(rows, body...)
	rows = append(rows, "", footer)
	return st.Modal.Width(boxW).Render(strings.Join(rows, "\n"))
}

// modalBody is everything a person needs to decide, at the given width.
func modalBody(req agent.ApprovalRequest, w int, st *styles) []string {
	lvl := req.Verdict.Level
	who := termsafe.Line(req.Provider) + " wants to run " + termsafe.Line(req.Call.Tool)
	badge := "[" + lvl.String() + "]"
	var rows []string
	if ansi.StringWidth(who)+1+len(badge) <= w {
		rows = append(rows, spread(who, st.Risk(lvl).Render(badge), w))
	} else {
		// Never cut the level off: give it a row of its own.
		rows = append(wrap(who, w), st.Risk(lvl).Render(badge))
	}
	rows = append(rows, "")
	for _, l := range strings.Split(callText(req.Call), "\n") {
		for _, r := range wrap(l, w-2) {
			rows = append(rows, "  "+st.Command.Render(r))
		}
	}
	if len(req.Verdict.Reasons) > 0 {
		rows = append(rows, "", "Why it is "+lvl.String()+":")
		for _, reason := range req.Verdict.Reasons {
			for i, r := range wrap(termsafe.Line(reason), w-4) {
				p := "    "
				if i == 0 {
					p = "  • "
				}
				rows = append(rows, p+r)
			}
		}
	}
	if req.Verdict.Rule != "" {
		rows = append(rows, st.Muted.Render("rule: "+termsafe.Line(req.Verdict.Rule)))
	}
	if req.Preview != "" {
		rows = append(rows, "", "Changes:")
		for _, l := range strings.Split(strings.TrimRight(termsafe.Text(req.Preview), "\n"), "\n") {
			style := lipgloss.NewStyle()
			switch {
			case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
				style = st.Muted
			case strings.HasPrefix(l, "+"):
				style = st.DiffAdd
			case strings.HasPrefix(l, "-"):
				style = st.DiffDel
			case strings.HasPrefix(l, "@@"):
				style = st.DiffHunk
			}
			for _, r := range wrap(l, w) {
				rows = append(rows, style.Render(r))
			}
		}
	}
	return rows
}

// spread puts left and right on one row of w cells, with the gap between;
// when they do not fit, right goes after a single space and the row is cut.
func spread(left, right string, w int) string {
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return fit(left+" "+right, w)
	}
	return left + strings.Repeat(" ", gap) + right
}
