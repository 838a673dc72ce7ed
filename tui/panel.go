package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tui/internal/termsafe"
)

// panel is one provider's conversation: a header (provider, model, state,
// tokens) above a transcript of prompts, assistant text and tool cards.
//
// Drawing walks the transcript backwards from the bottom and stops once the
// visible rows are filled, and every item caches its wrapped rows, so a
// frame costs the same with ten lines or ten thousand.
type panel struct {
	provider, model string
	st              *styles

	items []item
	// cards finds the card of a call by ID. Providers may reuse IDs in
	// later requests ("call_0" each time), so the map is reset with each
	// prompt and a call from another request gets a new card.
	cards map[string]*card
	// text is the assistant reply being streamed; nil once a tool card or
	// a new prompt follows it.
	text *textItem

	usage llm.Usage
	busy  bool // a turn is running
	// failure is the error that ended the latest turn, shown as its state.
	failure string
	// errShown is set once an error of the running turn is in the
	// transcript, so the same error returned by Run is not shown twice.
	errShown bool
	setup    bool // no provider is usable; the set-up text is shown
	waiting  int  // cards waiting for the person
	running  int  // cards running

	w, h int // the size of the last layout, header included
	// offset is how many rows the view is scrolled up from the bottom; at
	// 0 it follows new output.
	offset int
}

func newPanel(provider, model string, st *styles) *panel {
	return &panel{provider: provider, model: model, st: st, cards: make(map[string]*card)}
}

// addPrompt shows the person's prompt and marks the turn as started.
func (p *panel) addPrompt(text string) {
	if len(p.items) > 0 {
		p.add(spacer{})
	}
	you := p.st.You.Render("› ")
	t := newTextItem(you, "  ", nil)
	t.add(termsafe.Text(text))
	p.add(t)
	p.text = nil
	p.cards = make(map[string]*card)
	p.busy, p.failure, p.errShown = true, "", false
}

// addNotice shows a line of the screen's own, such as "cancelled".
func (p *panel) addNotice(text string) {
	t := newTextItem("", "", &p.st.Muted)
	t.add(text)
	p.add(t)
	p.text = nil
}

// addError shows an error in the transcript.
func (p *panel) addError(text string) {
	t := newTextItem(p.st.Failure.Render("✗ "), "  ", &p.st.Failure)
	t.add(termsafe.Text(strings.TrimSpace(text)))
	p.add(t)
	p.text = nil
}

// addSetup shows how to set a provider up, in place of a conversation.
func (p *panel) addSetup(text string) {
	p.setup = true
	p.add(&boxItem{text: termsafe.Text(text), style: p.st.Setup})
}

// apply updates the transcript with one event of this provider.
func (p *panel) apply(e agent.Event, now time.Time) {
	if !e.Time.IsZero() {
		now = e.Time
	}
	switch e.Type {
	case agent.EventRunStarted:
		if e.Model != "" {
			p.model = e.Model
		}
	case agent.EventText:
		t := termsafe.Text(e.Text)
		if p.text == nil {
			// A reply often opens with blank lines; they only push the
			// text away from its prompt.
			if t = strings.TrimLeft(t, "\n"); t == "" {
				return
			}
			p.text = newTextItem("", "", nil)
			p.add(p.text)
		}
		p.change(p.text, func() { p.text.add(t) })
	case agent.EventToolCall:
		if e.Call != nil {
			c := p.card(e.Call, e.Turn, now, true)
			p.change(c, func() {
				c.setCall(*e.Call)
				p.setStatus(c, statusPlanned)
			})
		}
	case agent.EventApproval:
		if e.Call != nil {
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() {
				c.decision, c.reason = e.Decision, e.Reason
				switch e.Decision {
				case agent.DecisionDenied:
					p.setStatus(c, statusDenied)
				case agent.DecisionBlocked:
					p.setStatus(c, statusBlocked)
				default:
					c.started = now
					p.setStatus(c, statusRunning)
				}
			})
		}
	case agent.EventToolOutput:
		if e.Call != nil {
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() { c.addOutput(e.Text) })
		}
	case agent.EventToolResult:
		if e.Call != nil && e.Result != nil {
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() {
				c.result = e.Result
				switch {
				case c.status == statusDenied || c.status == statusBlocked:
				case e.Result.IsError:
					p.setStatus(c, statusFailed)
				default:
					p.setStatus(c, statusDone)
				}
			})
		}
	case agent.EventUsage, agent.EventRunFinished:
		if e.Total != nil {
			p.usage = *e.Total
		}
		if e.Type == agent.EventRunFinished && e.Status == agent.StatusCancelled {
			p.addNotice("cancelled")
		}
	case agent.EventError:
		p.addError(e.Error)
		p.failure, p.errShown = e.Error, true
	}
}

// card returns the card of a call, adding it to the transcript if it is
// new. A planned call (planned is true) from another request than the card
// with its ID is new; later events of a call find its latest card by ID. A
// new card ends the assistant text before it: what follows is a new
// paragraph.
func (p *panel) card(info *agent.CallInfo, turn int, now time.Time, planned bool) *card {
	if c, ok := p.cards[info.ID]; ok && (!planned || c.turn == turn) {
		return c
	}
	c := &card{call: *info, turn: turn, started: now}
	p.cards[info.ID] = c
	p.add(c)
	p.text = nil
	return c
}

// setStatus moves a card to s, keeping the panel's counts right.
func (p *panel) setStatus(c *card, s callStatus) {
	count := func(s callStatus, d int) {
		switch s {
		case statusWaiting:
			p.waiting += d
		case statusRunning:
			p.running += d
		}
	}
	count(c.status, -1)
	c.status = s
	count(s, +1)
}

// waitFor marks the card of a call as waiting for the person.
func (p *panel) waitFor(id string) {
	if c, ok := p.cards[id]; ok && c.status == statusPlanned {
		p.change(c, func() { p.setStatus(c, statusWaiting) })
	}
}

// finishTurn records the end of the turn the person started. err is shown
// unless the agent already published it.
func (p *panel) finishTurn(err error) {
	p.busy = false
	// The agent reports the end of every call it starts; a card still open
	// now belongs to a turn that ended some other way.
	for _, c := range p.cards {
		if c.status == statusPlanned || c.status == statusWaiting || c.status == statusRunning {
			p.change(c, func() { p.setStatus(c, statusStopped) })
		}
	}
	p.waiting, p.running = 0, 0
	p.text = nil
	if err != nil && !p.errShown {
		p.addError(err.Error())
		p.failure = err.Error()
	}
}

// add appends an item, keeping a scrolled view still.
func (p *panel) add(it item) {
	p.items = append(p.items, it)
	if p.offset > 0 {
		p.offset += len(it.rows(p.bodyWidth(), p.measureFrame()))
	}
}

// changer is an item that caches its rows and must hear of changes made to
// it from outside.
type changer interface{ changed() }

// change applies f to item it. When the view is scrolled up, the offset
// grows by the rows the change added, so what the person reads stays put.
func (p *panel) change(it item, f func()) {
	notify := func() {
		if c, ok := it.(changer); ok {
			c.changed()
		}
	}
	if p.offset == 0 {
		f()
		notify()
		return
	}
	fr := p.measureFrame()
	before := len(it.rows(p.bodyWidth(), fr))
	f()
	notify()
	p.offset += len(it.rows(p.bodyWidth(), fr)) - before
}

// measureFrame is a frame for counting rows, which do not depend on time.
func (p *panel) measureFrame() *frame {
	return &frame{st: p.st}
}

func (p *panel) bodyWidth() int  { return max(p.w, 1) }
func (p *panel) bodyHeight() int { return max(p.h-1, 1) }

// setSize records the panel's size at layout time, for scrolling.
func (p *panel) setSize(w, h int) {
	p.w, p.h = w, h
	p.scroll(0)
}

// scroll moves the view n rows up (negative: down), within the transcript.
func (p *panel) scroll(n int) {
	p.offset = max(p.offset+n, 0)
	if p.offset == 0 {
		return
	}
	// Clamp at the top: count rows from the bottom only as far as needed.
	need := p.offset + p.bodyHeight()
	total := 0
	fr := p.measureFrame()
	for i := len(p.items) - 1; i >= 0 && total < need; i-- {
		total += len(p.items[i].rows(p.bodyWidth(), fr))
	}
	if total < need {
		p.offset = max(total-p.bodyHeight(), 0)
	}
}

// state is the word for what the panel's provider is doing.
func (p *panel) state() string {
	switch {
	case p.setup:
		return "not set up"
	case p.waiting > 0:
		return "waiting for approval"
	case p.running > 0:
		return "running"
	case p.busy:
		return "thinking"
	case p.failure != "":
		return "error"
	}
	return "idle"
}

// render draws the panel in exactly h rows of w cells.
func (p *panel) render(w, h int, f *frame) string {
	rows := make([]string, 0, h)
	rows = append(rows, p.header(w))
	rows = p.appendVisible(rows, w, h-1, f)
	for len(rows) < h {
		rows = append(rows, "")
	}
	return strings.Join(rows, "\n")
}

// header is the title row: who, which model, doing what, at what cost.
func (p *panel) header(w int) string {
	name := termsafe.Line(p.provider)
	if name == "" {
		name = "agent"
	}
	left := " " + name
	if p.model != "" {
		left += " · " + termsafe.Line(p.model)
	}
	left += " · " + p.state()
	var right string
	if t := p.usage.InputTokens + p.usage.OutputTokens; t > 0 {
		right = fmt.Sprintf("%s tokens ", thousands(t))
	}
	if p.offset > 0 {
		right = fmt.Sprintf("↓ %d more rows (PgDn) · ", p.offset) + right
	}
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	line := left
	if gap >= 1 {
		line += strings.Repeat(" ", gap) + right
	}
	return p.st.Header.Width(w).MaxWidth(w).Render(fit(line, w))
}

// appendVisible appends the h transcript rows in view. It walks items from
// the last one back, so its cost depends on the rows in view and the
// offset, not on the length of the transcript.
func (p *panel) appendVisible(dst []string, w, h int, f *frame) []string {
	if h <= 0 {
		return dst
	}
	need := p.offset + h
	var chunks [][]string
	total := 0
	for i := len(p.items) - 1; i >= 0 && total < need; i-- {
		r := p.items[i].rows(w, f)
		chunks = append(chunks, r)
		total += len(r)
	}
	// Rows [start, start+h) of the collected rows, counted from the top of
	// the earliest chunk, are the ones in view.
	start := max(total-need, 0)
	end := min(start+h, max(total-p.offset, 0))
	idx := 0
	for i := len(chunks) - 1; i >= 0 && idx < end; i-- {
		c := chunks[i]
		if lo, hi := max(start-idx, 0), min(end-idx, len(c)); lo < hi {
			dst = append(dst, c[lo:hi]...)
		}
		idx += len(c)
	}
	return dst
}

// thousands writes n with comma separators: 12,345.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
