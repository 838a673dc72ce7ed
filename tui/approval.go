package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
)

// keyGuard is how long the keyboard must be quiet around a key for the
// modal to take it as an answer: quiet before it (since the modal opened,
// or since the key or paste before) and quiet after it (the key waits that
// long and is dropped if another one follows). So a word being typed, in
// the prompt when the modal appeared or into the modal itself, never
// lands as an answer: not its first letter, nor any other.
const keyGuard = 400 * time.Millisecond

// modalMaxWidth keeps the modal readable on wide screens.
const modalMaxWidth = 78

// request is one approval waiting in the queue; the head of the queue is
// the one shown.
type request struct {
	id    uint64
	req   agent.ApprovalRequest
	reply chan<- agent.Answer
	panel int // the panel that asked
	// quiet is when the key guard started last: when the request became
	// the one shown, or the latest key or paste since.
	quiet time.Time
	// typed counts the keys and pastes since it was shown; a pending key
	// acts only if none came after it.
	typed  uint64
	scroll int // body rows scrolled past
	// changed marks the request that follows the person's Modify: the
	// call as they changed it, classified again.
	changed bool

	w    int // the inner width body was made for
	body []string
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

// modal is the state of the modal for the shown request; it starts over
// with each request.
type modal struct {
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

// editField is what Modify edits: one argument of the call, or all of its
// arguments as JSON.
type editField struct {
	name  string // the argument; "" edits the whole JSON object
	label string // what the person edits, in words
	// multiline content submits with Ctrl+S and takes Enter as a new
	// line; a command submits with Enter.
	multiline bool
	original  string
}

// guardMsg arrives keyGuard after the key or paste number typed of the
// request id: if none came since, the keys are live (the footer is drawn
// again) and the pending key, if any, acts.
type guardMsg struct{ id, typed uint64 }

// Messages of the $EDITOR round trip (Ctrl+E in the modal's editor).
type (
	editorFileMsg struct {
		id   uint64
		path string
		err  error
	}
	editorDoneMsg struct {
		id   uint64
		path string
		err  error
	}
	editorTextMsg struct {
		id   uint64
		text string
		err  error
	}
)

// armed reports whether the modal takes answers yet: the keyboard has
// been quiet for keyGuard.
func (r *request) armed(now time.Time) bool {
	return now.Sub(r.quiet) >= keyGuard
}

// rearm starts the key guard again, after a key or a paste or when the
// request is shown: a key waiting to act is dropped, and the tick that
// ends the guard is returned.
func (m *model) rearm() tea.Cmd {
	r := m.queue[0]
	r.quiet = m.now()
	r.typed++
	m.modal.pending = nil
	id, n := r.id, r.typed
	return tea.Tick(keyGuard, func(time.Time) tea.Msg { return guardMsg{id: id, typed: n} })
}

// guardPassed handles the end of a key guard: the pending key acts when
// nothing was typed since it.
func (m *model) guardPassed(msg guardMsg) tea.Cmd {
	if len(m.queue) == 0 || m.queue[0].id != msg.id {
		return nil
	}
	r := m.queue[0]
	k := m.modal.pending
	if k == nil || r.typed != msg.typed || !r.armed(m.now()) {
		return nil
	}
	m.modal.pending = nil
	var cmd tea.Cmd
	switch m.modal.mode {
	case modeAsk:
		cmd = m.askKey(r, *k)
	case modeRule:
		cmd = m.ruleKey(*k)
	}
	if m.modal.mode == modeRule && len(m.queue) > 0 && m.queue[0] == r {
		// The rule now shown is one key from approval: it gets a guard
		// of its own, like a new modal.
		return tea.Batch(cmd, m.rearm())
	}
	return cmd
}

// changeKey names a call whose re-planned request is expected after a
// Modify.
func changeKey(provider, callID string) string { return provider + "\x00" + callID }

// enqueue adds a request; the first one opens the modal. The request that
// follows the person's own change jumps the queue: they are waiting for it.
func (m *model) enqueue(msg approvalMsg) tea.Cmd {
	i := m.panelOf(msg.req.Provider)
	r := &request{id: msg.id, req: msg.req, reply: msg.reply, panel: i}
	m.panels[i].waitFor(msg.req.Call.ID)
	k := changeKey(msg.req.Provider, msg.req.Call.ID)
	if m.expectChange[k] {
		delete(m.expectChange, k)
		r.changed = true
		m.queue = append([]*request{r}, m.queue...)
		return m.openHead()
	}
	m.queue = append(m.queue, r)
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
			if len(m.queue) == 0 {
				m.modal = modal{}
			}
			return nil
		}
	}
	return nil
}

// openHead starts the key guard of the request now shown.
func (m *model) openHead() tea.Cmd {
	m.queue[0].scroll = 0
	m.modal = modal{}
	return m.rearm()
}

// answer replies to the shown request and shows the next one. The reply
// channel has room for one answer, so this never blocks, even when the
// agent stopped waiting.
func (m *model) answer(d agent.Answer) tea.Cmd {
	r := m.queue[0]
	select {
	case r.reply <- d:
	default:
	}
	m.queue = m.queue[1:]
	m.modal = modal{}
	if len(m.queue) > 0 {
		return m.openHead()
	}
	return nil
}

// modalKey handles a key while the modal is open: it takes every key.
// Every key starts the key guard again. A key of the request itself (or
// of the session rule shown) acts only when the keyboard was quiet for
// keyGuard before it and stays quiet as long after it; a held-down key
// never does; and only the approve key approves: Esc and n deny. Keys
// that only scroll act at once. The reason and the editor take keys as
// typed: what they submit is a denial, or a change that is classified
// again.
func (m *model) modalKey(msg tea.KeyPressMsg) tea.Cmd {
	r := m.queue[0]
	quietBefore := r.armed(m.now()) && !msg.IsRepeat
	if k := m.modal.pending; k != nil && (m.modal.mode == modeAsk || m.modal.mode == modeRule) {
		// Another key followed it at once: it was typing, not an answer.
		m.keepTyped(*k)
	}
	guard := m.rearm()
	// The reason, the editor and the view draw no key guard: only when
	// their key leads back to the request is its tick needed.
	typing := func(cmd tea.Cmd) tea.Cmd {
		if len(m.queue) > 0 && m.queue[0] == r && m.modal.mode == modeAsk {
			return tea.Batch(cmd, guard)
		}
		return cmd
	}
	switch m.modal.mode {
	case modeReason:
		return typing(m.reasonKey(msg))
	case modeEdit:
		return typing(m.editKey(msg))
	case modeView:
		return typing(m.viewKey(msg))
	}
	switch {
	case m.modal.mode == modeAsk && key.Matches(msg, m.keys.ModalUp, m.keys.ModalDown) && !isText(msg):
		// Arrows and page keys only scroll: no harm while typing.
		return tea.Batch(m.askKey(r, msg), guard)
	case quietBefore:
		m.modal.pending = &msg
	default:
		m.keepTyped(msg)
		m.modal.note = "typing went to the prompt below, not here: a key counts when the keyboard is quiet for a moment before and after it"
	}
	return guard
}

// keepTyped keeps in the prompt what was being typed when the modal was
// in the way, so nothing is lost: text, Enter as a new line, Backspace.
// The prompt sends nothing while the modal is open.
func (m *model) keepTyped(msg tea.KeyPressMsg) {
	switch {
	case msg.Text != "":
		m.prompt.ta.InsertString(msg.Text)
	case key.Matches(msg, m.prompt.keys.Send, m.prompt.keys.Newline):
		m.prompt.ta.InsertString("\n")
	case msg.Code == tea.KeyBackspace:
		m.prompt.Update(msg)
	}
}

// isText reports whether a key types a character.
func isText(msg tea.KeyPressMsg) bool { return msg.Text != "" }

// askKey handles a key of the request itself, once the key guard passed.
func (m *model) askKey(r *request, msg tea.KeyPressMsg) tea.Cmd {
	m.modal.note = ""
	k := m.keys
	switch {
	case key.Matches(msg, k.Approve):
		return m.answer(agent.Answer{Choice: agent.Approve, By: agent.ByPerson})
	case key.Matches(msg, k.Deny):
		return m.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson})
	case key.Matches(msg, k.DenyWhy):
		m.modal.mode = modeReason
		m.modal.reason = newReasonInput(m.modalInner())
		return m.modal.reason.Focus()
	case key.Matches(msg, k.Modify):
		return m.startEdit(r)
	case key.Matches(msg, k.ViewDiff):
		m.modal.mode = modeView
		m.modal.view = newDiffView(r.req, m.rootOf(r.panel), m.opts.Network, m.st)
		m.modal.view.side = m.width >= sideBySideMin
		m.modal.view.SetSize(m.width, m.height)
	case key.Matches(msg, k.AllowRule):
		rule, ok := agent.ProposeRule(r.req)
		if !ok {
			m.modal.note = "no session rule can describe this call"
			return nil
		}
		m.modal.mode, m.modal.rule = modeRule, rule
	case key.Matches(msg, k.ModalUp):
		r.scroll = max(r.scroll-1, 0)
	case key.Matches(msg, k.ModalDown):
		r.scroll++ // clamped when drawn
	}
	return nil
}

// reasonKey handles the reason being typed for a denial: Enter denies with
// it, Esc denies without it. Neither goes back to the request, where one
// key would approve.
func (m *model) reasonKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "enter":
		return m.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: strings.TrimSpace(m.modal.reason.Value())})
	case "esc":
		return m.answer(agent.Answer{Choice: agent.Deny, By: agent.ByPerson})
	}
	var cmd tea.Cmd
	m.modal.reason, cmd = m.modal.reason.Update(msg)
	return cmd
}

// ruleKey handles the proposed session rule: Enter (or s again) saves it
// and approves the call, and every queued call it covers; Esc goes back.
func (m *model) ruleKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case msg.String() == "esc":
		m.modal.mode = modeAsk
		return nil
	case msg.String() == "enter" || key.Matches(msg, m.keys.AllowRule):
	default:
		return nil
	}
	rule := m.modal.rule
	m.bridge.rules.Add(rule)
	m.flash = "session rule saved: " + rule.String()
	cmd := m.answer(agent.Answer{Choice: agent.Approve, By: agent.ByPerson})
	if len(m.queue) == 0 {
		return cmd
	}
	// Requests already waiting that the rule covers need no question.
	head := m.queue[0]
	rest := m.queue[:0]
	for _, r := range m.queue {
		if rule.Matches(r.req) {
			select {
			case r.reply <- rule.Approval():
			default:
			}
			continue
		}
		rest = append(rest, r)
	}
	m.queue = rest
	switch {
	case len(m.queue) == 0:
		m.modal = modal{}
		return nil
	case m.queue[0] != head:
		return m.openHead()
	}
	return cmd
}

// viewKey gives the key to the full-screen view, which owns its keys;
// when it is done (Esc, v or q) the modal asks again.
func (m *model) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.modal.view.Update(msg) {
		m.modal.mode, m.modal.view = modeAsk, nil
	}
	return nil
}

// startEdit opens the editor for Modify, prefilled with what the call
// would do, the cursor at the end.
func (m *model) startEdit(r *request) tea.Cmd {
	f := fieldFor(r.req.Call)
	ta := textarea.New()
	ta.ShowLineNumbers = f.multiline
	ta.Prompt = ""
	ta.CharLimit = 0
	ta.MaxHeight = 0
	ta.SetVirtualCursor(true)
	ta.SetStyles(textareaStyles(m.noColor))
	if f.multiline {
		ta.KeyMap.InsertNewline.SetKeys("enter", "shift+enter", "ctrl+j", "alt+enter")
	} else {
		ta.KeyMap.InsertNewline = m.keys.Newline
	}
	ta.SetWidth(m.modalInner())
	ta.SetHeight(m.editorHeight(f))
	ta.SetValue(f.original)
	ta.MoveToEnd()
	m.modal.mode, m.modal.editor, m.modal.field = modeEdit, ta, f
	return m.modal.editor.Focus()
}

// editorHeight is the rows the editor gets: all the text needs, within
// what the screen leaves.
func (m *model) editorHeight(f editField) int {
	want := strings.Count(f.original, "\n") + 2
	if f.multiline {
		want = max(want, 8)
	}
	return max(min(want, m.height-12), 3)
}

// fieldFor chooses what Modify edits for a call: a shell call's command, a
// write's content, an edit's new text, else the arguments as JSON.
func fieldFor(c agent.CallInfo) editField {
	var args map[string]any
	_ = json.Unmarshal([]byte(c.Args), &args)
	str := func(name string) (string, bool) {
		s, ok := args[name].(string)
		return s, ok
	}
	switch c.Tool {
	case "shell":
		if s, ok := str("command"); ok {
			return editField{name: "command", label: "the command", original: s}
		}
	case "write_file":
		if s, ok := str("content"); ok {
			return editField{name: "content", label: "the file's new content", multiline: true, original: s}
		}
	case "edit_file":
		if s, ok := str("new_string"); ok {
			return editField{name: "new_string", label: "the replacement text", multiline: true, original: s}
		}
	}
	text := c.Args
	if args != nil {
		if b, err := json.MarshalIndent(args, "", "  "); err == nil {
			text = string(b)
		}
	}
	return editField{label: "the arguments (JSON)", multiline: true, original: text}
}

// editKey handles the editor: submit, new line, $EDITOR, or back.
func (m *model) editKey(msg tea.KeyPressMsg) tea.Cmd {
	f := m.modal.field
	switch {
	case msg.String() == "esc":
		m.modal.mode, m.modal.note = modeAsk, ""
		return nil
	case key.Matches(msg, m.keys.OpenEditor):
		return m.openEditor()
	case f.multiline && key.Matches(msg, m.keys.Submit),
		!f.multiline && msg.String() == "enter":
		return m.submitEdit()
	}
	var cmd tea.Cmd
	m.modal.editor, cmd = m.modal.editor.Update(msg)
	return cmd
}

// submitEdit answers Modify with the edited arguments. The agent plans and
// classifies them again; if they still need a person, the new request
// comes first in the queue and says it is the changed call.
func (m *model) submitEdit() tea.Cmd {
	r := m.queue[0]
	f := m.modal.field
	text := m.modal.editor.Value()
	if !f.multiline {
		text = strings.TrimSpace(text)
	}
	if text == f.original || text == "" {
		m.modal.note = "nothing changed: edit it, or Esc to go back"
		return nil
	}
	args, err := modifiedArgs(r.req.Call.Args, f, text)
	if err != nil {
		m.modal.note = err.Error()
		return nil
	}
	m.expectChange[changeKey(r.req.Provider, r.req.Call.ID)] = true
	return m.answer(agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: args})
}

// modifiedArgs puts text into the call's arguments where f says.
func modifiedArgs(orig string, f editField, text string) (string, error) {
	if f.name == "" {
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			return "", fmt.Errorf("not a JSON object: %v", err)
		}
		b, err := json.Marshal(obj)
		return string(b), err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(orig), &obj); err != nil || obj == nil {
		obj = map[string]json.RawMessage{}
	}
	v, err := json.Marshal(text)
	if err != nil {
		return "", err
	}
	obj[f.name] = v
	b, err := json.Marshal(obj)
	return string(b), err
}

// openEditor hands the text to $VISUAL or $EDITOR (vi when neither is
// set): the file is written by a command, the terminal is handed over with
// tea.ExecProcess, and the result is read back by another command, so
// Update does no I/O.
func (m *model) openEditor() tea.Cmd {
	id, text := m.queue[0].id, m.modal.editor.Value()
	return func() tea.Msg {
		f, err := os.CreateTemp("", "agent-edit-*.txt")
		if err != nil {
			return editorFileMsg{id: id, err: err}
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return editorFileMsg{id: id, path: f.Name(), err: err}
	}
}

// editorCommand is the command line of the person's editor.
func (m *model) editorCommand(path string) *exec.Cmd {
	argv := strings.Fields(m.getenv("VISUAL"))
	if len(argv) == 0 {
		argv = strings.Fields(m.getenv("EDITOR"))
	}
	if len(argv) == 0 {
		argv = []string{"vi"}
	}
	return exec.Command(argv[0], append(argv[1:], path)...)
}

// editorMsg handles the steps of the $EDITOR round trip.
func (m *model) editorMsg(msg tea.Msg) tea.Cmd {
	editing := func(id uint64) bool {
		return len(m.queue) > 0 && m.queue[0].id == id && m.modal.mode == modeEdit
	}
	switch msg := msg.(type) {
	case editorFileMsg:
		if msg.err != nil {
			m.modal.note = "cannot open the editor: " + msg.err.Error()
			return nil
		}
		id, path := msg.id, msg.path
		return tea.ExecProcess(m.editorCommand(path), func(err error) tea.Msg {
			return editorDoneMsg{id: id, path: path, err: err}
		})
	case editorDoneMsg:
		path, id, err := msg.path, msg.id, msg.err
		return func() tea.Msg {
			defer os.Remove(path)
			if err != nil {
				return editorTextMsg{id: id, err: err}
			}
			b, err := os.ReadFile(path)
			return editorTextMsg{id: id, text: string(b), err: err}
		}
	case editorTextMsg:
		if !editing(msg.id) {
			return nil
		}
		if msg.err != nil {
			m.modal.note = "the editor failed: " + msg.err.Error()
			return nil
		}
		text := msg.text
		if !m.modal.field.multiline {
			text = strings.TrimRight(text, "\n")
		}
		m.modal.editor.SetValue(text)
		m.modal.editor.MoveToEnd()
	}
	return nil
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

// modalWidth and modalInner are the box's width and what is inside its
// border and padding.
func (m *model) modalWidth() int { return min(m.width, modalMaxWidth) }
func (m *model) modalInner() int {
	return max(m.modalWidth()-m.st.Modal.GetHorizontalFrameSize(), 10)
}

// renderModal draws the shown request as a box: title and queue position,
// then who asks for which tool, the full command or path (wrapped, never
// cut), the level in its colour, the reasons, where it runs and whether
// the network is on, any preview diff; then what the mode needs and the
// keys. When the body is taller than the screen it scrolls, and says so.
func (m *model) renderModal(f *frame) string {
	r := m.queue[0]
	st := f.st
	inner := m.modalInner()
	if r.w != inner || r.body == nil {
		r.w, r.body = inner, m.modalBody(r, inner)
	}

	titleText := "Approve this action?"
	if r.changed {
		titleText = "Approve the action as you changed it?"
	}
	var extra []string // rows below the body, for the mode
	armed := r.armed(f.now)
	footer := st.Muted.Render("keys go live when the keyboard has been quiet for a moment…")
	switch m.modal.mode {
	case modeReason:
		titleText = "Deny this action"
		extra = []string{"", "Reason, sent to the model (optional):", m.modal.reason.View()}
		footer = keyHints(st, "enter", "deny", "esc", "deny without a reason")
	case modeEdit:
		titleText = "Modify " + m.modal.field.label
		extra = append([]string{""}, strings.Split(m.modal.editor.View(), "\n")...)
		if m.modal.field.multiline {
			footer = keyHints(st, "ctrl+s", "submit", "ctrl+e", "$EDITOR", "esc", "back")
		} else {
			footer = keyHints(st, "enter", "submit", "alt+enter", "new line", "ctrl+e", "$EDITOR", "esc", "back")
		}
	case modeRule:
		titleText = "Allow for the rest of this session?"
		extra = []string{""}
		for _, l := range wrap(termsafe.Line(m.modal.rule.String()), inner-2) {
			extra = append(extra, "  "+st.Command.Render(l))
		}
		extra = append(extra, "")
		extra = append(extra, wrap("Matching calls from every panel then run without asking, until agent quits. Nothing is saved to disk.", inner)...)
		if armed && m.modal.pending == nil {
			footer = keyHints(st, "enter", "save and approve", "esc", "back")
		}
	default:
		if armed && m.modal.pending == nil {
			footer = keyHints(st, "a", "approve", "d", "deny…", "m", "modify", "v", "view", "s", "session", "esc", "deny")
		}
	}
	if k := m.modal.pending; k != nil {
		footer = st.Muted.Render(k.String() + " counts once no other key follows…")
	}
	if m.modal.note != "" {
		extra = append(extra, "")
		for _, l := range wrap(m.modal.note, inner) {
			extra = append(extra, st.Flash.Render(l))
		}
	}
	title := st.ModalTitle.Render(titleText)
	if n := len(m.queue); n > 1 {
		title = spread(title, st.Muted.Render(fmt.Sprintf("1 of %d", n)), inner)
	}

	body := r.body
	if m.modal.mode != modeAsk {
		// The editor, the reason or the rule is what matters now: of the
		// request, who asks for what is enough.
		body = compactBody(body)
	}
	// Border (2), title, blank, the extra rows, blank, footer.
	room := max(m.height-st.Modal.GetVerticalFrameSize()-4-len(extra), 3)
	if len(body) > room {
		room-- // for the scroll hint
		r.scroll = min(r.scroll, len(body)-room)
		hint := fmt.Sprintf("↑/↓ scroll · rows %d-%d of %d", r.scroll+1, r.scroll+room, len(body))
		body = append(append([]string(nil), body[r.scroll:r.scroll+room]...), st.Muted.Render(hint))
	}
	rows := make([]string, 0, len(body)+len(extra)+4)
	rows = append(rows, title, "")
	rows = append(rows, body...)
	rows = append(rows, extra...)
	rows = append(rows, "", fit(footer, inner))
	return st.Modal.Width(m.modalWidth()).Render(strings.Join(rows, "\n"))
}

// compactBody is the top of a request's body: who asks, the level, and
// the command or path, up to its first blank row, at most six rows.
func compactBody(body []string) []string {
	n := 0
	blanks := 0
	for n < len(body) && n < 6 {
		if strings.TrimSpace(ansi.Strip(body[n])) == "" {
			if blanks++; blanks == 2 {
				break
			}
		}
		n++
	}
	return body[:n]
}

// keyHints draws "key what" pairs.
func keyHints(st *styles, pairs ...string) string {
	var parts []string
	for i := 0; i+1 < len(pairs); i += 2 {
		parts = append(parts, st.Key.Render(pairs[i])+" "+pairs[i+1])
	}
	return strings.Join(parts, "  ")
}

// modalBody is everything a person needs to decide, at the given width.
func (m *model) modalBody(r *request, w int) []string {
	st, req := m.st, r.req
	lvl := req.Verdict.Level
	who := termsafe.Line(req.Provider) + " wants to run " + termsafe.Line(req.Call.Tool)
	badge := "[" + lvl.String() + "]"
	var rows []string
	if r.changed {
		rows = append(rows, wrap("You changed this call; it was classified again:", w)...)
	}
	if ansi.StringWidth(who)+1+len(badge) <= w {
		rows = append(rows, spread(who, st.Risk(lvl).Render(badge), w))
	} else {
		// Never cut the level off: give it a row of its own.
		rows = append(append(rows, wrap(who, w)...), st.Risk(lvl).Render(badge))
	}
	rows = append(rows, "")
	for _, l := range strings.Split(callText(req.Call), "\n") {
		for _, r := range wrap(l, w-2) {
			rows = append(rows, "  "+st.Command.Render(r))
		}
	}
	rows = append(rows, "")
	if root := m.rootOf(r.panel); root != "" {
		rows = append(rows, wrap("in "+termsafe.Line(root), w)...)
	}
	if !strings.HasPrefix(req.Call.Tool, classify.MCPPrefix) {
		// An MCP server is not a sandboxed command: its details say how it runs.
		rows = append(rows, wrap("network: "+networkWord(req.Network, m.opts.Network), w)...)
	}
	if req.Undo != "" {
		rows = append(rows, wrap("undo: "+termsafe.Line(req.Undo), w)...)
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
		rows = append(rows, st.Muted.Render(fit("rule: "+termsafe.Line(req.Verdict.Rule), w)))
	}
	if req.Preview != "" {
		rows = append(rows, "", previewTitle(req.Call.Tool))
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

// networkWord says whether a call would have the network.
func networkWord(asked, always bool) string {
	switch {
	case asked:
		return "on: the call asks for it"
	case always:
		return "on: [sandbox] network = true"
	}
	return "off"
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

// previewTitle heads the preview in the modal: a diff for the file tools,
// the server, annotations and arguments for an MCP tool.
func previewTitle(tool string) string {
	if strings.HasPrefix(tool, classify.MCPPrefix) {
		return "Details (v shows them whole):"
	}
	return "Changes (v shows them whole):"
}
