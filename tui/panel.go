package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/internal/termsafe"
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

	// runner runs the panel's turns; nil while the provider is not usable
	// (setup says why). renew and probe come from its Panel.
	runner Runner
	renew  func(model string) (Runner, error)
	probe  func(ctx context.Context) string
	// cancelTurn cancels the running turn; nil when idle.
	cancelTurn context.CancelFunc
	// renewing is set while a new Runner is being built (/model, /clear).
	renewing bool

	items []item
	// cards finds the card of a call by ID. Providers may reuse IDs in
	// later requests ("call_0" each time), so the map is reset with each
	// prompt and a call from another request gets a new card.
	cards map[string]*card
	// text is the assistant reply being streamed; nil once a tool card or
	// a new prompt follows it (endText). clean removes escapes from the
	// reply's deltas, carrying a sequence cut between two of them.
	text  *mdItem
	clean termsafe.Stream
	// think is the thinking of the latest reply of the running run, nil
	// before any; think.live while it streams (thinkClean cleans its
	// deltas). thinkings holds every thinking in the transcript, for the
	// Thinking key, and thinkingShown says whether they are unfolded.
	think         *thinkItem
	thinkClean    termsafe.Stream
	thinkings     []*thinkItem
	thinkingShown bool
	// cardList holds the tool cards in transcript order, for selecting
	// one; selected indexes it, -1 when none is.
	cardList []*card
	selected int

	// usage and cost are the current conversation's, as its events say;
	// prior and priorCost what conversations before it in this panel
	// (before /model or /clear) used. priced is set once an event
	// carried a cost.
	usage, prior    llm.Usage
	cost, priorCost float64
	priced          bool
	busy            bool // a turn is running
	// fill is how much of the model's context window the conversation
	// fills, as the last usage or compaction event said; zero before.
	fill agent.ContextInfo
	// failure is the error that ended the latest turn, shown as its state.
	failure string
	// errShown is set once an error of the running turn is in the
	// transcript, so the same error returned by Run is not shown twice.
	errShown bool
	setup    bool // no provider is usable; the set-up text is shown
	// worktree is the isolated copy the provider works in (--isolate);
	// "" when it works in the root. applied is set once its changes were
	// taken into the root and the copy removed: it takes no more prompts.
	worktree string
	applied  bool
	waiting  int // cards waiting for the person
	runs     int // cards running

	// plan is the model's plan as its latest update_plan left it, and
	// planWhy its explanation; nil before one and after a new prompt.
	plan    []agent.PlanStep
	planWhy string

	w, h int // the size of the last layout, header included
	// offset is how many rows the view is scrolled up from the bottom; at
	// 0 it follows new output.
	offset int
}

func newPanel(provider, model string, st *styles) *panel {
	return &panel{provider: provider, model: model, st: st, cards: make(map[string]*card), selected: -1}
}

// running reports whether a turn of this panel runs.
func (p *panel) running() bool { return p.cancelTurn != nil }

// usable reports whether prompts can be sent to the panel.
func (p *panel) usable() bool { return p.runner != nil && !p.setup && !p.applied }

// clear empties the transcript; the usage so far stays.
func (p *panel) clear() {
	p.items, p.cardList, p.selected = nil, nil, -1
	p.cards = make(map[string]*card)
	p.endText()
	p.think, p.thinkings = nil, nil
	p.offset = 0
	p.failure = ""
	p.plan, p.planWhy = nil, ""
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
	p.endText()
	p.endThinking()
	p.think = nil
	p.cards = make(map[string]*card)
	p.busy, p.failure, p.errShown = true, "", false
	p.plan, p.planWhy = nil, ""
}

// endText ends the reply being streamed: what comes next starts a new
// item, and a sequence left open by the reply does not reach into it.
func (p *panel) endText() {
	p.text = nil
	p.clean.Flush()
}

// replay shows a resumed session's transcript as it was shown live, each
// task ended; the header's model, state and tokens stay the panel's own,
// since they are about the conversation that goes on now.
func (p *panel) replay(events []agent.Event) {
	if len(events) == 0 {
		return
	}
	model := p.model
	for _, e := range events {
		if e.Type == agent.EventRunStarted {
			p.addPrompt(e.Text)
		}
		p.apply(e, e.Time)
		if e.Type == agent.EventRunFinished {
			p.finishTurn(nil)
		}
	}
	p.finishTurn(nil) // a session killed in a task: its open calls stopped
	p.model, p.failure, p.errShown = model, "", false
	p.usage, p.cost, p.priced = llm.Usage{}, 0, false
}

// addCommand shows a slash command the person typed, above the output it
// is about to produce, so the transcript says what each answer is to.
func (p *panel) addCommand(text string) {
	if len(p.items) > 0 {
		p.add(spacer{})
	}
	t := newTextItem(p.st.You.Render("› "), "  ", nil)
	t.add(termsafe.Line(text))
	p.add(t)
	p.endText()
}

// addNotice shows a line of the screen's own, such as "cancelled".
func (p *panel) addNotice(text string) {
	t := newTextItem("", "", &p.st.Muted)
	t.hang = true
	t.add(text)
	p.add(t)
	p.endText()
}

// addError shows an error in the transcript.
func (p *panel) addError(text string) {
	t := newTextItem(p.st.Failure.Render("✗ "), "  ", &p.st.Failure)
	t.add(termsafe.Text(strings.TrimSpace(text)))
	p.add(t)
	p.endText()
}

// wire gives the panel what s says of its agent: the Runner and what goes
// with it, or, without one, the set-up help in place of a conversation.
func (p *panel) wire(s Panel) {
	p.runner, p.renew, p.probe = s.Runner, s.Renew, s.Probe
	if s.Worktree != "" && s.Runner != nil {
		p.addNotice(termsafe.Text("Works in its own copy of the project: " + s.Worktree +
			"\nThe project itself is untouched until you take one provider's changes with /apply NAME (/compare shows them)."))
	}
	if s.Runner == nil {
		text := s.Setup
		if text == "" {
			text = "No provider is set up. Run `agent config init` to write a config, then start agent again."
		}
		p.addSetup(text)
	}
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
		p.endThinking()
		p.think = nil
	case agent.EventReasoningDelta:
		t := p.thinkClean.Write(e.Text)
		if p.think == nil || !p.think.live {
			if t = strings.TrimLeft(t, "\n"); t == "" {
				return
			}
			p.addThinking(e.Turn)
		}
		p.change(p.think, func() { p.think.add(t) })
	case agent.EventReasoning:
		// The whole thinking, once the reply is complete. It streamed
		// before unless the provider sent it at once, or the run is a
		// session being shown again.
		if p.think == nil || p.think.turn != e.Turn {
			p.endThinking()
			t := strings.TrimSpace(termsafe.Text(e.Text))
			if t == "" {
				return
			}
			p.addThinking(e.Turn)
			p.think.add(t)
		}
		p.endThinking()
	case agent.EventText:
		p.endThinking()
		t := p.clean.Write(e.Text)
		if p.text == nil {
			// A reply often opens with blank lines; they only push the
			// text away from its prompt.
			if t = strings.TrimLeft(t, "\n"); t == "" {
				return
			}
			p.text = newMdItem(p.st)
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
	case agent.EventQueued:
		if e.Call != nil {
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() {
				c.waitsFor = termsafe.Line(strings.Join(e.WaitsFor, ", "))
				p.setStatus(c, statusQueued)
			})
		}
	case agent.EventRetry:
		if e.Call == nil && p.think != nil && p.think.live {
			// The request is sent again: its thinking starts over.
			p.change(p.think, p.think.reset)
		}
		if e.Call != nil {
			// A tool call runs again after a transient failure: its card
			// says so while it waits and once it is done.
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() {
				c.retried = fmt.Sprintf("↻ %d runs: %s", e.Attempt+1, termsafe.Line(e.Error))
				c.addOutput(termsafe.Line(e.Text) + "\n")
			})
		}
	case agent.EventToolOutput:
		if e.Call != nil {
			c := p.card(e.Call, e.Turn, now, false)
			p.change(c, func() {
				if c.status == statusQueued {
					// The lock freed: the call runs from now.
					c.started = now
					p.setStatus(c, statusRunning)
				}
				c.addOutput(e.Text)
			})
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
	case agent.EventPlan:
		p.setPlan(e.Plan, e.Text)
	case agent.EventCompaction:
		if e.Compaction != nil {
			p.addNotice(termsafe.Line(e.Compaction.Describe(e.Context)))
		}
		p.takeFigures(e)
	case agent.EventUsage, agent.EventRunFinished:
		p.takeFigures(e)
		if e.Type == agent.EventRunFinished && e.Status == agent.StatusCancelled {
			p.addNotice("cancelled")
		}
	case agent.EventError:
		p.endThinking()
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
	p.endThinking()
	c := &card{call: *info, turn: turn, started: now}
	p.cards[info.ID] = c
	p.cardList = append(p.cardList, c)
	p.add(c)
	p.endText()
	return c
}

// setStatus moves a card to s, keeping the panel's counts right.
func (p *panel) setStatus(c *card, s callStatus) {
	count := func(s callStatus, d int) {
		switch s {
		case statusWaiting:
			p.waiting += d
		case statusRunning:
			p.runs += d
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
		if c.status == statusPlanned || c.status == statusWaiting || c.status == statusRunning || c.status == statusQueued {
			p.change(c, func() { p.setStatus(c, statusStopped) })
		}
	}
	p.waiting, p.runs = 0, 0
	p.endText()
	p.endThinking()
	if err != nil && !p.errShown {
		p.addError(err.Error())
		p.failure = err.Error()
	}
}

// addThinking starts a new thinking in the transcript, after what is
// there: the reply's text that follows is a new item.
func (p *panel) addThinking(turn int) {
	p.think = newThinkItem(p.st)
	p.think.turn = turn
	p.thinkings = append(p.thinkings, p.think)
	p.add(p.think)
	p.endText()
}

// endThinking folds the streaming thinking, if any: the reply goes on, or
// the turn ended. It stays unfolded when the person unfolded them all.
func (p *panel) endThinking() {
	if t := p.think; t != nil && t.live {
		p.change(t, func() { t.live, t.expanded = false, p.thinkingShown })
		p.thinkClean.Flush()
	}
}

// toggleThinking unfolds every thinking of the panel, or folds them all
// again. It reports whether there was any.
func (p *panel) toggleThinking() bool {
	if len(p.thinkings) == 0 {
		return false
	}
	p.thinkingShown = !p.thinkingShown
	for _, t := range p.thinkings {
		if !t.live {
			p.change(t, func() { t.expanded = p.thinkingShown })
		}
	}
	return true
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
func (p *panel) bodyHeight() int { return max(p.h-1-p.planHeight(), 1) }

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

// selectCard moves the card selection by d (-1: the card before), starting
// from the last card, and scrolls the selected card into view.
func (p *panel) selectCard(d int) {
	if len(p.cardList) == 0 {
		return
	}
	next := p.selected + d
	if p.selected < 0 {
		next = len(p.cardList) - 1
	}
	next = min(max(next, 0), len(p.cardList)-1)
	p.setSelected(next)
	p.reveal(p.cardList[next])
}

// setSelected selects card i of cardList; -1 selects none.
func (p *panel) setSelected(i int) {
	if p.selected >= 0 && p.selected < len(p.cardList) {
		c := p.cardList[p.selected]
		p.change(c, func() { c.selected = false })
	}
	p.selected = i
	if i >= 0 {
		c := p.cardList[i]
		p.change(c, func() { c.selected = true })
	}
}

// toggleCard expands or collapses the selected card, else the last one
// that finished. It reports whether there was one.
func (p *panel) toggleCard() bool {
	var c *card
	if p.selected >= 0 {
		c = p.cardList[p.selected]
	} else {
		for i := len(p.cardList) - 1; i >= 0; i-- {
			if p.cardList[i].result != nil {
				c = p.cardList[i]
				break
			}
		}
	}
	if c == nil || c.result == nil {
		return false
	}
	p.change(c, func() { c.expanded = !c.expanded })
	if c.expanded {
		p.reveal(c)
	}
	return true
}

// reveal scrolls so that the top of item it is in view.
func (p *panel) reveal(it item) {
	fr := p.measureFrame()
	below := 0 // rows after the top of it
	for i := len(p.items) - 1; i >= 0; i-- {
		n := len(p.items[i].rows(p.bodyWidth(), fr))
		below += n
		if p.items[i] == it {
			break
		}
	}
	// In view: offset < below <= offset + height.
	h := p.bodyHeight()
	if below > p.offset+h || below <= p.offset {
		p.offset = max(below-h, 0)
		p.scroll(0)
	}
}

// scrollTop and scrollBottom jump to either end of the transcript.
func (p *panel) scrollTop()    { p.scroll(1 << 30) }
func (p *panel) scrollBottom() { p.offset = 0 }

// state is the word for what the panel's provider is doing.
func (p *panel) state() string {
	switch {
	case p.setup:
		return "not set up"
	case p.applied:
		return "applied"
	case p.renewing:
		return "starting"
	case p.waiting > 0:
		return "waiting for approval"
	case p.runs > 0:
		return "running"
	case p.busy:
		return "thinking"
	case p.failure != "":
		return "error"
	}
	return "idle"
}

// look says how a panel's header is drawn.
type look int

const (
	lookPlain   look = iota
	lookFocused      // the prompt goes to this panel
	lookAsking       // the approval shown is this panel's
)

// render draws the panel in exactly h rows of w cells.
func (p *panel) render(w, h int, f *frame, l look) string {
	return strings.Join(p.appendRows(make([]string, 0, h), w, h, f, l), "\n")
}

// appendRows appends the panel's h rows of w cells.
func (p *panel) appendRows(dst []string, w, h int, f *frame, l look) []string {
	start := len(dst)
	dst = append(dst, p.header(w, l))
	plan := min(p.planHeight(), max(h-2, 0)) // a row of the transcript stays
	n := len(dst)
	dst = p.appendPlan(dst, w)[:n+plan]
	dst = p.appendVisible(dst, w, h-1-plan, f)
	for len(dst)-start < h {
		dst = append(dst, "")
	}
	return dst
}

// header is the title row: who, which model, doing what, at what cost.
func (p *panel) header(w int, l look) string {
	name := termsafe.Line(p.provider)
	if name == "" {
		name = "agent"
	}
	left := " " + name
	if p.model != "" {
		left += " · " + termsafe.Line(p.model)
	}
	state := p.state()
	if l == lookAsking {
		state = "asking you"
	}
	left += " · " + state
	if p.worktree != "" {
		left += " · own copy"
	}
	var right string
	if u, cost := p.spent(); u.InputTokens+u.OutputTokens > 0 {
		right = thousands(u.InputTokens+u.OutputTokens) + " tokens"
		if p.fill.Window > 0 {
			// How full the model's context window is: compaction
			// begins at 80 %.
			right += fmt.Sprintf(" · context %d%%", p.fill.Percent())
		}
		if p.priced {
			right += " · " + formatCost(cost)
		}
		right += " "
	}
	if p.offset > 0 {
		right = fmt.Sprintf("↓ %d more rows · ", p.offset) + right
	}
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	line := left
	if gap >= 1 {
		line += strings.Repeat(" ", gap) + right
	}
	style := p.st.Header
	switch l {
	case lookFocused:
		style = p.st.HeaderFocused
	case lookAsking:
		style = p.st.HeaderAsking
	}
	return style.Width(w).MaxWidth(w).Render(fit(line, w))
}

// spent is what the panel's conversations used so far, and what it cost
// when the provider has a price.
func (p *panel) spent() (llm.Usage, float64) {
	return p.prior.Add(p.usage), p.priorCost + p.cost
}

// newConversation starts counting a new conversation's usage on top of
// the old ones'.
func (p *panel) newConversation() {
	p.prior, p.priorCost = p.spent()
	p.usage, p.cost = llm.Usage{}, 0
	p.fill = agent.ContextInfo{}
}

// formatCost writes US dollars with the precision small sums need.
func formatCost(usd float64) string {
	switch {
	case usd < 0.01:
		return fmt.Sprintf("$%.4f", usd)
	case usd < 100:
		return fmt.Sprintf("$%.2f", usd)
	}
	return fmt.Sprintf("$%.0f", usd)
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

// takeFigures keeps the context fill, token totals and cost an event
// carries.
func (p *panel) takeFigures(e agent.Event) {
	if e.Context != nil {
		p.fill = *e.Context
	}
	if e.Total != nil {
		p.usage = *e.Total
	}
	if e.TotalCost != nil {
		p.cost, p.priced = *e.TotalCost, true
	}
}
