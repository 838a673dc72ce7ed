package tui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// keyGuard is how long the keyboard must be quiet around a key for the
// modal to take it as an answer: quiet before it (since the modal opened,
// or since the key or paste before) and quiet after it (the key waits that
// long and is dropped if another one follows). So a word being typed, in
// the prompt when the modal appeared or into the modal itself, never
// lands as an answer: not its first letter, nor any other.
const keyGuard = 400 * time.Millisecond

// approvalModal is the approval modal: the queue of calls waiting for a
// person, and the box over the screen that asks about the first one. It
// has the screen's component shape (Update, View, SetSize, KeyMap) and
// owns its keys, its editors and its full-screen view; the root only
// routes to it, first, whenever it is open.
//
// Its safety rests on three rules: a key answers only when the keyboard
// was quiet for keyGuard before and after it, so typing never answers; the
// default (Esc) is deny; and text typed or pasted meanwhile is handed back
// to the prompt, never lost.
type approvalModal struct {
	queue []*request // first in first out; [0] is shown
	// modalState is what the modal does with the shown request; it starts
	// over with each request.
	modalState
	// expectChange holds the calls the person modified whose new request
	// should jump the queue.
	expectChange map[string]bool

	keys    approvalKeys
	st      *styles
	now     func() time.Time
	rules   *agent.SessionRules // where "for this session" is recorded
	network bool                // [sandbox] network, for what the modal says
	noColor bool
	// getenv reads the program's environment, from tea.EnvMsg ($EDITOR).
	getenv func(string) string
	w, h   int // the screen's size
}

// mode is what the modal is doing with the shown request.
type mode int

const (
	modeAsk    mode = iota // the request and its keys
	modeReason             // typing the reason of a denial
	modeEdit               // changing the call before it runs
	modeRule               // showing a session rule before it is saved
	modeView               // the full-screen diff or breakdown
)

// modalState is the state of the modal for the shown request.
type modalState struct {
	mode   mode
	reason textinput.Model
	editor textarea.Model
	field  editField
	rule   *agent.SessionRule
	view   *diffView
	note   string // a one-line message: why a key did nothing
	// pending is the key that acts once the keyboard stayed quiet after
	// it (the guardMsg of its count arrives); nil when none.
	pending *tea.KeyPressMsg
}

// modalOut is what the modal's Update hands back to the root, besides a
// command: what belongs to the prompt (typing the modal kept from being an
// answer, a paste), in order, and a notice for the status bar.
type modalOut struct {
	prompt []tea.Msg
	flash  string
}

// guardMsg arrives keyGuard after the key or paste number typed of the
// request id: if none came since, the keys are live (the footer is drawn
// again) and the pending key, if any, acts.
type guardMsg struct{ id, typed uint64 }

func newApprovalModal(st *styles, now func() time.Time, rules *agent.SessionRules, network, noColor bool) *approvalModal {
	return &approvalModal{
		expectChange: make(map[string]bool),
		keys:         newApprovalKeys(),
		st:           st,
		now:          now,
		rules:        rules,
		network:      network,
		noColor:      noColor,
		getenv:       func(string) string { return "" },
	}
}

// open reports whether a request waits, so the modal is over the screen.
func (a *approvalModal) open() bool { return len(a.queue) > 0 }

// asking is the panel whose request is shown; ok is false when none is.
func (a *approvalModal) asking() (panel int, ok bool) {
	if len(a.queue) == 0 {
		return 0, false
	}
	return a.queue[0].panel, true
}

// fullScreen reports whether the modal shows its full-screen view, which
// replaces the whole screen rather than sitting over it.
func (a *approvalModal) fullScreen() bool { return a.open() && a.mode == modeView }

// SetSize takes the screen's size: the box fits in it, and the full-screen
// view takes all of it.
func (a *approvalModal) SetSize(w, h int) {
	a.w, a.h = w, h
	if a.view != nil {
		a.view.SetSize(w, h)
	}
}

// KeyMap returns the modal's keys, all of them: its help lists every mode.
func (a *approvalModal) KeyMap() help.KeyMap { return a.keys }

// rearm starts the key guard again, after a key or a paste or when the
// request is shown: a key waiting to act is dropped, and the tick that
// ends the guard is returned.
func (a *approvalModal) rearm() tea.Cmd {
	r := a.queue[0]
	r.quiet = a.now()
	r.typed++
	a.pending = nil
	id, n := r.id, r.typed
	return tea.Tick(keyGuard, func(time.Time) tea.Msg { return guardMsg{id: id, typed: n} })
}

// Update takes what the root routes to the modal: every key and paste
// while it is open, the ticks of its key guard, the steps of the $EDITOR
// round trip, the wheel, the environment, and anything else its editors
// may need (a cursor's blink).
func (a *approvalModal) Update(msg tea.Msg) (tea.Cmd, modalOut) {
	var out modalOut
	switch msg := msg.(type) {
	case tea.EnvMsg:
		a.getenv = msg.Getenv
		return nil, out
	case guardMsg:
		return a.guardPassed(msg, &out), out
	case staleMsg:
		return a.replanStale(msg.id), out
	case editorFileMsg, editorDoneMsg, editorTextMsg:
		return a.editorMsg(msg), out
	}
	if !a.open() {
		return nil, out
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return a.key(msg, &out), out
	case tea.MouseWheelMsg:
		a.wheel(msg)
		return nil, out
	case tea.PasteMsg, tea.PasteStartMsg, tea.PasteEndMsg:
		// Pasted text is never an answer: it goes into the modal's
		// editor or reason when one is open, else it is kept in the
		// prompt; and it counts as typing for the key guard.
		if k := a.pending; k != nil {
			out.prompt = append(out.prompt, *k)
		}
		cmd := a.rearm()
		if a.mode == modeEdit || a.mode == modeReason {
			return tea.Batch(a.input(msg), cmd), out
		}
		out.prompt = append(out.prompt, msg)
		return cmd, out
	}
	return a.input(msg), out
}

// input hands a message other than a key to the modal's editor or reason
// field, if one is open.
func (a *approvalModal) input(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch a.mode {
	case modeEdit:
		a.editor, cmd = a.editor.Update(msg)
	case modeReason:
		a.reason, cmd = a.reason.Update(msg)
	}
	return cmd
}

// guardPassed handles the end of a key guard: the pending key acts when
// nothing was typed since it.
func (a *approvalModal) guardPassed(msg guardMsg, out *modalOut) tea.Cmd {
	if len(a.queue) == 0 || a.queue[0].id != msg.id {
		return nil
	}
	r := a.queue[0]
	k := a.pending
	if k == nil || r.typed != msg.typed || !r.armed(a.now()) {
		return nil
	}
	a.pending = nil
	var cmd tea.Cmd
	switch a.mode {
	case modeAsk:
		cmd = a.askKey(r, *k)
	case modeRule:
		cmd = a.ruleKey(*k, out)
	}
	if a.mode == modeRule && len(a.queue) > 0 && a.queue[0] == r {
		// The rule now shown is one key from approval: it gets a guard
		// of its own, like a new modal.
		return tea.Batch(cmd, a.rearm())
	}
	return cmd
}

// key handles a key while the modal is open: it takes every key. Every
// key starts the key guard again. A key of the request itself (or of the
// session rule shown) acts only when the keyboard was quiet for keyGuard
// before it and stays quiet as long after it; a held-down key never does;
// and only the approve key approves: Esc and n deny. Keys that only
// scroll act at once. The reason and the editor take keys as typed: what
// they submit is a denial, or a change that is classified again.
func (a *approvalModal) key(msg tea.KeyPressMsg, out *modalOut) tea.Cmd {
	r := a.queue[0]
	quietBefore := r.armed(a.now()) && !msg.IsRepeat
	if k := a.pending; k != nil && (a.mode == modeAsk || a.mode == modeRule) {
		// Another key followed it at once: it was typing, not an answer.
		out.prompt = append(out.prompt, *k)
	}
	guard := a.rearm()
	// The reason, the editor and the view draw no key guard: only when
	// their key leads back to the request is its tick needed.
	typing := func(cmd tea.Cmd) tea.Cmd {
		if len(a.queue) > 0 && a.queue[0] == r && a.mode == modeAsk {
			return tea.Batch(cmd, guard)
		}
		return cmd
	}
	switch a.mode {
	case modeReason:
		return typing(a.reasonKey(msg))
	case modeEdit:
		return typing(a.editKey(msg))
	case modeView:
		return typing(a.viewKey(msg))
	}
	switch {
	case a.mode == modeAsk && key.Matches(msg, a.keys.Up, a.keys.Down) && msg.Text == "":
		// Arrows and page keys only scroll: no harm while typing.
		return tea.Batch(a.askKey(r, msg), guard)
	case quietBefore:
		a.pending = &msg
	default:
		out.prompt = append(out.prompt, msg)
		a.note = "typing went to the prompt below, not here: a key counts when the keyboard is quiet for a moment before and after it"
	}
	return guard
}

// askKey handles a key of the request itself, once the key guard passed.
func (a *approvalModal) askKey(r *request, msg tea.KeyPressMsg) tea.Cmd {
	a.note = ""
	k := a.keys
	switch {
	case key.Matches(msg, k.Approve):
		return a.answer(agent.Answer{Choice: agent.Approve, By: agent.ByPerson})
	case key.Matches(msg, k.Deny):
		return a.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson})
	case key.Matches(msg, k.DenyWhy):
		a.mode = modeReason
		a.reason = newReasonInput(a.inner())
		return a.reason.Focus()
	case key.Matches(msg, k.Modify):
		return a.startEdit(r)
	case key.Matches(msg, k.ViewDiff):
		a.mode = modeView
		a.view = newDiffView(r.req, r.root, a.network, a.st)
		a.view.side = a.w >= sideBySideMin
		a.view.SetSize(a.w, a.h)
	case key.Matches(msg, k.AllowRule):
		rule, ok := agent.ProposeRule(r.req)
		if !ok {
			a.note = "no session rule can describe this call"
			return nil
		}
		a.mode, a.rule = modeRule, rule
	case key.Matches(msg, k.Up):
		r.scroll = max(r.scroll-1, 0)
	case key.Matches(msg, k.Down):
		r.scroll++ // clamped when drawn
	}
	return nil
}

// reasonKey handles the reason being typed for a denial: Enter denies with
// it, Esc denies without it. Neither goes back to the request, where one
// key would approve.
func (a *approvalModal) reasonKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, a.keys.DenyReason):
		return a.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: strings.TrimSpace(a.reason.Value())})
	case key.Matches(msg, a.keys.DenyNoReason):
		return a.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson})
	}
	var cmd tea.Cmd
	a.reason, cmd = a.reason.Update(msg)
	return cmd
}

// ruleKey handles the proposed session rule: Enter (or s again) saves it
// and approves the call, and every queued call it covers; Esc goes back.
func (a *approvalModal) ruleKey(msg tea.KeyPressMsg, out *modalOut) tea.Cmd {
	switch {
	case key.Matches(msg, a.keys.RuleBack):
		a.mode = modeAsk
		return nil
	case key.Matches(msg, a.keys.RuleSave):
	default:
		return nil
	}
	rule := a.rule
	a.rules.Add(rule)
	out.flash = "session rule saved: " + rule.String()
	cmd := a.answer(agent.Answer{Choice: agent.Approve, By: agent.ByPerson})
	if len(a.queue) == 0 {
		return cmd
	}
	// Requests already waiting that the rule covers need no question.
	head := a.queue[0]
	rest := a.queue[:0]
	for _, r := range a.queue {
		if rule.Matches(r.req) {
			select {
			case r.reply <- rule.Approval():
			default:
			}
			continue
		}
		rest = append(rest, r)
	}
	a.queue = rest
	switch {
	case len(a.queue) == 0:
		a.modalState = modalState{}
		return nil
	case a.queue[0] != head:
		return a.openHead()
	}
	return cmd
}

// viewKey gives the key to the full-screen view, which owns its keys;
// when it is done (Esc, v or q) the modal asks again.
func (a *approvalModal) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	if a.view.Update(msg) {
		a.mode, a.view = modeAsk, nil
	}
	return nil
}

// wheel scrolls the full-screen view, or the request's body.
func (a *approvalModal) wheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -3
	case tea.MouseWheelDown:
		d = 3
	default:
		return
	}
	if a.mode == modeView {
		a.view.scroll(d)
		return
	}
	a.queue[0].scroll = max(a.queue[0].scroll+d, 0)
}

// newReasonInput is the one-line field for the reason of a denial.
func newReasonInput(w int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = "> "
	ti.Placeholder = "optional: why, or what to do instead"
	ti.CharLimit = 500
	ti.SetWidth(max(w-2, 10))
	ti.SetVirtualCursor(true)
	return ti
}
