package tui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
)

// minPanelWidth is the narrowest a panel may be side by side with others;
// below it the panels become tabs. Two fit the common 120 columns.
const minPanelWidth = 59

// model is the root of the screen. It owns the size, the layout, the
// panels and which one has the focus, the prompt, the approval modal, and
// the styles; and it routes every message: window size to the layout,
// agent events to their panel, approval requests to the modal, keys to
// whichever component is on top (the open modal takes every key, then the
// full-screen diff, then the help), else to the global bindings, then to
// the prompt.
type model struct {
	opts Options
	// undo is what /undo showed and /undo yes would apply; nil when none.
	undo *agent.Undo
	// diff is a provider's full diff opened by /compare NAME, shown over
	// the panels until Esc; nil when none.
	diff    *diffView
	bridge  *Bridge
	st      *styles
	keys    keyMap
	now     func() time.Time
	noColor bool

	width, height int
	panels        []*panel
	focus         int  // the panel the prompt goes to
	broadcast     bool // the prompt goes to every panel
	prompt        prompt
	help          help.Model // draws the status bar's keys
	keysHelp      *helpView  // the help over the screen, while showHelp
	spin          spinner.Model
	ticking       bool // a spinner tick is on its way
	showHelp      bool
	flash         string // a one-off notice in the status bar
	confirmQuit   bool   // asking whether to quit while turns run
	// quitArmed says the last key was a Ctrl+C that quit nothing: a
	// second one in a row quits, as in a shell.
	quitArmed bool
	// starting says Options.Start has not answered yet: the panels have
	// no agents. sendWhenStarted says Enter was pressed meanwhile: the
	// prompt is sent as soon as they have.
	starting, sendWhenStarted bool

	// modal asks the person about the calls waiting for approval; it is
	// over everything else while one waits.
	modal *approvalModal
	// auto is the session's auto-approve level, shown in the status bar.
	auto classify.Level

	// ctx is the parent of every turn's context; Run cancels it on exit.
	ctx context.Context
	// turns counts running turn and renewal goroutines, so Run can wait
	// for them.
	turns *sync.WaitGroup
}

// newModel builds the screen. now is the clock, replaced in tests.
func newModel(b *Bridge, opts Options, noColor bool, now func() time.Time) *model {
	st := newStyles(noColor)
	keys := newKeyMap()
	h := help.New()
	h.Styles = help.DefaultStyles(true)
	if noColor {
		h.Styles = help.Styles{}
	}
	m := &model{
		opts:    opts,
		bridge:  b,
		st:      st,
		keys:    keys,
		now:     now,
		noColor: noColor,
		prompt:  newPrompt(noColor, opts.History),
		help:    h,
		spin:    spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		modal:   newApprovalModal(st, now, b.Rules(), opts.Network, noColor),
		auto:    opts.AutoApprove,
		ctx:     context.Background(),
		turns:   &sync.WaitGroup{},
	}
	specs := opts.Panels
	if len(specs) == 0 {
		specs = []Panel{{Setup: opts.Setup}}
	}
	m.starting = opts.Start != nil && len(opts.Panels) > 0
	for _, s := range specs[:min(len(specs), maxPanels)] {
		p := newPanel(s.Provider, s.Model, st)
		p.worktree = s.Worktree
		p.replay(s.Replay)
		for _, n := range opts.Notices {
			p.addNotice(termsafe.Text(n))
		}
		if !m.starting {
			p.wire(s)
		}
		m.panels = append(m.panels, p)
	}
	// The help lists the keys of every component, where they apply: the
	// diff view's, of whichever view, once.
	m.keysHelp = newHelpView(st, m.prompt.KeyMap(), keys, m.modal.KeyMap(), newDiffKeys("", "esc", "q"))
	m.updatePlaceholder()
	return m
}

// Init focuses the prompt, starts listening to the agent, and checks the
// providers and waits for the late notices in the background.
func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.prompt.focus(), m.bridge.wait()}
	if m.starting {
		start := m.opts.Start
		m.goTracked(func() tea.Msg { return startedMsg(start()) })
	} else {
		m.probeProviders()
	}
	if later := m.opts.NoticesLater; later != nil {
		m.goTracked(func() tea.Msg { return lateNoticesMsg(later(m.ctx)) })
	}
	return tea.Batch(cmds...)
}

// probeProviders checks, each on a goroutine of its own, that the
// providers of the panels with an agent answer.
func (m *model) probeProviders() {
	for i, p := range m.panels {
		if p.probe != nil && p.runner != nil {
			m.goTracked(func() tea.Msg { return probedMsg{panel: i, setup: p.probe(m.ctx)} })
		}
	}
}

// started gives the panels the agents Options.Start built, checks their
// providers, and sends the prompt if Enter was pressed while they were
// being built.
func (m *model) started(msg startedMsg) tea.Cmd {
	m.starting = false
	for i, p := range m.panels {
		if i < len(msg.Panels) {
			p.wire(msg.Panels[i])
		} else {
			p.wire(Panel{Setup: "The agent of this panel was not built."})
		}
	}
	m.opts.Sandbox = msg.Sandbox
	m.probeProviders()
	m.updatePlaceholder()
	if m.sendWhenStarted {
		m.sendWhenStarted = false
		m.flash = ""
		if m.prompt.value() != "" {
			return m.submit()
		}
	}
	return nil
}

// goTracked runs f on a goroutine Run waits for, and posts its message
// through the Bridge, after whatever the goroutine published.
func (m *model) goTracked(f func() tea.Msg) {
	b, wg := m.bridge, m.turns
	wg.Add(1)
	go func() {
		defer wg.Done()
		b.post(f())
	}()
}

// busy reports whether any panel runs a turn.
func (m *model) busy() bool {
	for _, p := range m.panels {
		if p.running() {
			return true
		}
	}
	return false
}

// focused is the panel the prompt goes to.
func (m *model) focused() *panel { return m.panels[m.focus] }

// panelOf finds the panel of a provider; events of unknown providers go
// to the first panel.
func (m *model) panelOf(provider string) int {
	for i, p := range m.panels {
		if p.provider == provider {
			return i
		}
	}
	return 0
}

// Update handles one message. It never blocks and does no I/O: turns run
// on their own goroutines and report back through the Bridge.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	// Whether an approval waits changes what typing does: the prompt
	// says so whatever message opened or closed the modal.
	m.updatePlaceholder()
	if added := m.prompt.takeAdded(); len(added) > 0 && m.opts.SaveHistory != nil {
		save := m.opts.SaveHistory
		cmd = tea.Batch(cmd, func() tea.Msg {
			for _, p := range added {
				save(p)
			}
			return nil
		})
	}
	return m, cmd
}

func (m *model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return nil
	case tea.EnvMsg, guardMsg, staleMsg, editorFileMsg, editorDoneMsg, editorTextMsg:
		// The environment is for the modal's $EDITOR; the rest are the
		// modal's own.
		return m.toModal(msg)
	case batchMsg:
		cmds := []tea.Cmd{m.bridge.wait()}
		for _, x := range msg {
			cmds = append(cmds, m.fromBridge(x))
		}
		return tea.Batch(cmds...)
	case spinner.TickMsg:
		if !m.busy() {
			m.ticking = false // stop ticking while idle
			return nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg, tea.PasteMsg, tea.PasteStartMsg, tea.PasteEndMsg:
		if m.modal.open() {
			return m.toModal(msg)
		}
		if w, ok := msg.(tea.MouseWheelMsg); ok {
			m.wheel(w)
			return nil
		}
	}
	if m.modal.open() {
		// The prompt keeps its cursor blinking; the modal's editors
		// theirs.
		return tea.Batch(m.prompt.Update(msg), m.toModal(msg))
	}
	return m.prompt.Update(msg)
}

// toModal hands msg to the approval modal, and to the prompt and the
// status bar what the modal gives back for them: the typing it kept from
// being an answer, in order, and a notice.
func (m *model) toModal(msg tea.Msg) tea.Cmd {
	cmd, out := m.modal.Update(msg)
	cmds := []tea.Cmd{cmd}
	for _, x := range out.prompt {
		cmds = append(cmds, m.prompt.keep(x))
	}
	if out.flash != "" {
		m.flash = out.flash
	}
	return tea.Batch(cmds...)
}

// fromBridge handles one message the agent side sent.
func (m *model) fromBridge(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case eventMsg:
		e := agent.Event(msg)
		if e.Type == agent.EventToolResult && e.Call != nil {
			// The changed call ended without asking again. (Not at its
			// approval: a held command is approved to run, and may ask
			// about its changes after.)
			m.modal.forgetChange(e.Provider, e.Call.ID)
		}
		m.panels[m.panelOf(e.Provider)].apply(e, m.now())
	case approvalMsg:
		i := m.panelOf(msg.req.Provider)
		m.panels[i].waitFor(msg.req.Call.ID)
		return m.modal.enqueue(msg, i, m.rootOf(i))
	case withdrawMsg:
		return m.modal.withdraw(msg.id)
	case turnDoneMsg:
		p := m.panels[msg.panel]
		p.cancelTurn = nil
		// A change the turn never asked about again is forgotten.
		m.modal.forgetChanges(p.provider)
		m.flash = "" // it spoke of the turn that just ended
		p.finishTurn(msg.err)
		m.updatePlaceholder()
	case renewedMsg:
		return m.renewed(msg)
	case compactedMsg:
		m.compacted(msg)
	case checkpointsMsg, undoPreviewMsg, undoneMsg:
		m.undoResult(msg)
	case comparedMsg, appliedMsg:
		m.compareResult(msg)
	case startedMsg:
		return m.started(msg)
	case probedMsg:
		if p := m.panels[msg.panel]; msg.setup != "" && !p.setup {
			p.addSetup(msg.setup)
			m.updatePlaceholder()
		}
	case lateNoticesMsg:
		for _, p := range m.panels {
			for _, n := range msg {
				p.addNotice(termsafe.Text(n))
			}
		}
	}
	return nil
}

// key routes a key press to whatever is on top: the question before
// quitting, then Ctrl+C (which works even over the modal), the approval
// modal (it takes every key), the full-screen diff, the help; else the
// screen's own keys and the prompt.
func (m *model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	armed := m.quitArmed
	m.quitArmed = false
	switch {
	case m.confirmQuit:
		return m.confirmKey(msg)
	case key.Matches(msg, m.keys.Cancel):
		return m.cancel(armed)
	case m.modal.open():
		return m.toModal(msg)
	case m.diff != nil:
		return m.diffKey(msg)
	case m.showHelp && m.helpKey(msg):
		return nil
	}
	return m.screenKey(msg)
}

// confirmKey answers the question asked before quitting while turns run.
func (m *model) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	m.confirmQuit = false
	if key.Matches(msg, m.keys.QuitAnyway) {
		return m.quitNow()
	}
	return nil
}

// cancel cancels the turn of the panel asking for approval, else of the
// focused panel. Cancelling is always safe, and it withdraws the request.
// With nothing to cancel, it clears a prompt being typed (kept in the
// history), and quits only when armed: the Ctrl+C before it quit nothing.
func (m *model) cancel(armed bool) tea.Cmd {
	if i, ok := m.modal.asking(); ok {
		p := m.panels[i]
		if p.running() {
			p.cancelTurn()
			m.flash = "cancelling " + p.provider + "'s turn…"
			return nil
		}
	}
	if p := m.focused(); p.running() {
		p.cancelTurn()
		m.flash = "cancelling…"
		return nil
	}
	switch {
	case m.prompt.ta.Value() != "":
		m.prompt.clear()
		m.sendWhenStarted = false
		m.flash = "prompt cleared (↑ brings it back); Ctrl+C again quits"
	case armed:
		return m.quit()
	default:
		m.flash = "Ctrl+C again quits (so do Ctrl+D and /quit)"
	}
	m.quitArmed = true
	return nil
}

// helpKey gives a key to the help over the screen, and reports whether it
// took it: it takes the keys that scroll or close it; any other closes it
// and acts as usual.
func (m *model) helpKey(msg tea.KeyPressMsg) bool {
	switch m.keysHelp.Update(msg) {
	case helpKept:
		return true
	case helpClosed:
		m.showHelp = false
		return true
	}
	m.showHelp = false
	return false
}

// screenKey handles a key when nothing is over the screen: the screen's
// own bindings, then the prompt.
func (m *model) screenKey(msg tea.KeyPressMsg) tea.Cmd {
	p := m.focused()
	empty := m.prompt.ta.Value() == ""
	switch {
	case key.Matches(msg, m.keys.Quit) && empty:
		// With text in the prompt, Ctrl+D deletes forward, as in readline.
		if p.offset > 0 {
			p.scroll(-m.halfPage())
			return nil
		}
		return m.quit()
	case key.Matches(msg, m.keys.Help) && (msg.String() != "?" || m.prompt.value() == ""):
		m.toggleHelp(!m.showHelp)
		return nil
	case key.Matches(msg, m.keys.NextPanel) && m.completeSlash():
		return nil
	case key.Matches(msg, m.keys.NextPanel):
		m.setFocus(m.focus + 1)
		return nil
	case key.Matches(msg, m.keys.PrevPanel):
		m.setFocus(m.focus - 1)
		return nil
	case key.Matches(msg, m.keys.GoPanel):
		if i := int(msg.Code - '1'); i >= 0 && i < len(m.panels) {
			m.focus = i
			m.updatePlaceholder()
		}
		return nil
	case key.Matches(msg, m.keys.Broadcast):
		if len(m.panels) < 2 {
			m.flash = "there is only one panel: broadcast needs several providers (--provider a,b)"
			return nil
		}
		m.broadcast = !m.broadcast
		m.updatePlaceholder()
		return nil
	case key.Matches(msg, m.keys.PageUp):
		p.scroll(max(p.bodyHeight()-1, 1))
		return nil
	case key.Matches(msg, m.keys.PageDown):
		p.scroll(-max(p.bodyHeight()-1, 1))
		return nil
	case key.Matches(msg, m.keys.HalfUp) && empty:
		// With text in the prompt, Ctrl+U deletes to the line's start.
		p.scroll(m.halfPage())
		return nil
	case key.Matches(msg, m.keys.Top) && empty:
		p.scrollTop()
		return nil
	case key.Matches(msg, m.keys.Bottom) && empty:
		p.scrollBottom()
		return nil
	case key.Matches(msg, m.keys.CardPrev):
		p.selectCard(-1)
		return nil
	case key.Matches(msg, m.keys.CardNext):
		p.selectCard(+1)
		return nil
	case key.Matches(msg, m.keys.Thinking):
		if !p.toggleThinking() {
			m.flash = "no thinking in this panel yet: a thinking model's reasoning shows here, folded once it answers"
		}
		return nil
	case msg.String() == "esc" && p.selected >= 0:
		p.setSelected(-1)
		return nil
	case msg.String() == "esc" && p.running():
		p.cancelTurn()
		m.flash = "cancelling…"
		return nil
	case key.Matches(msg, m.prompt.keys.Send) && m.prompt.value() == "":
		if !p.toggleCard() {
			m.flash = "type a message first; Enter on an empty prompt expands the last tool card"
		}
		return nil
	case key.Matches(msg, m.prompt.keys.Send):
		return m.submit()
	}
	return m.prompt.Update(msg)
}

func (m *model) halfPage() int { return max(m.focused().bodyHeight()/2, 1) }

// setFocus moves the focus to panel i, wrapping around.
func (m *model) setFocus(i int) {
	n := len(m.panels)
	m.focus = ((i % n) + n) % n
	m.updatePlaceholder()
}

func (m *model) toggleHelp(on bool) {
	m.showHelp = on
	m.keysHelp.open()
}

// quit quits, or asks first while any turn runs.
func (m *model) quit() tea.Cmd {
	if m.busy() {
		m.confirmQuit = true
		return nil
	}
	return tea.Quit
}

// quitNow cancels every running turn and quits; Run waits for the turns.
func (m *model) quitNow() tea.Cmd {
	for _, p := range m.panels {
		if p.running() {
			p.cancelTurn()
		}
	}
	return tea.Quit
}

// wheel scrolls the panel under the pointer (the focused one in tabs).
func (m *model) wheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = 3
	case tea.MouseWheelDown:
		d = -3
	default:
		return
	}
	p := m.focused()
	if m.sideBySide() {
		x := 0
		for i, w := range m.panelWidths() {
			if msg.X < x+w+1 {
				p = m.panels[i]
				break
			}
			x += w + 1
		}
	}
	p.scroll(d)
}

// submit sends the prompt: a slash command, or a new turn of the focused
// panel, or of every idle panel when broadcast is on. A panel that is busy
// or not set up keeps its turn; the text stays when nothing took it.
func (m *model) submit() tea.Cmd {
	if m.starting {
		// The agents are being built, a matter of milliseconds: the
		// prompt is sent when they are.
		m.sendWhenStarted = true
		m.flash = "starting: sent as soon as the agent is ready"
		return nil
	}
	text := m.prompt.value()
	if strings.HasPrefix(text, "/") && !strings.HasPrefix(text, "//") {
		return m.slash(text)
	}
	text = strings.TrimPrefix(text, "/") // "//x" sends "/x"
	targets := []int{m.focus}
	if m.broadcast {
		targets = targets[:0]
		for i := range m.panels {
			targets = append(targets, i)
		}
	}
	var started, busy, unusable []string
	var cmd tea.Cmd
	for _, i := range targets {
		p := m.panels[i]
		switch {
		case !p.usable():
			unusable = append(unusable, p.name())
		case p.running() || p.renewing:
			busy = append(busy, p.name())
		default:
			cmd = m.startTurn(i, text)
			started = append(started, p.name())
		}
	}
	switch {
	case len(started) == 0 && len(busy) > 0:
		m.flash = "a turn is running: your text stays here; Ctrl+C cancels the turn"
		return nil
	case len(started) == 0:
		m.flash = "no provider is set up yet: see the panel for how"
		return nil
	}
	m.prompt.reset()
	if skipped := append(busy, unusable...); len(skipped) > 0 {
		m.flash = "sent to " + strings.Join(started, ", ") + "; not to " + strings.Join(skipped, ", ") + " (busy or not set up)"
	}
	m.updatePlaceholder()
	return cmd
}

// startTurn runs text as a new turn of panel i.
func (m *model) startTurn(i int, text string) tea.Cmd {
	p := m.panels[i]
	p.addPrompt(text)
	p.scrollBottom() // a new turn is worth following

	ctx, cancel := context.WithCancel(m.ctx)
	p.cancelTurn = cancel
	// The turn runs on a goroutine of its own, not as a tea.Cmd: its end is
	// then posted through the Bridge after all of its events, in order, and
	// Run can wait for it before returning.
	r := p.runner
	m.goTracked(func() tea.Msg {
		defer cancel()
		out, err := r.Run(ctx, text)
		return turnDoneMsg{panel: i, outcome: out, err: err}
	})
	if m.ticking {
		return nil
	}
	m.ticking = true
	return m.spin.Tick
}

// updatePlaceholder says in the empty prompt what typing will do now.
func (m *model) updatePlaceholder() {
	p := m.focused()
	switch {
	case m.modal.open():
		m.prompt.setPlaceholder("Answer the approval above first. What you type meanwhile is kept here.")
	case m.broadcast:
		m.prompt.setPlaceholder("Ask every panel. Enter sends to all idle ones; Ctrl+B ends broadcast.")
	case p.applied:
		m.prompt.setPlaceholder("Its changes are applied and its copy removed: Tab to another panel, or Ctrl+D quits.")
	case m.starting:
		m.prompt.setPlaceholder("Starting… type away: Enter sends once the agent is ready.")
	case p.setup || p.runner == nil:
		m.prompt.setPlaceholder("No provider is set up yet (see above). Ctrl+D quits.")
	case p.running():
		m.prompt.setPlaceholder("Working… you can type the next message; Enter sends it when the turn ends.")
	default:
		m.prompt.setPlaceholder("Ask for a change. Enter sends, Shift+Enter adds a line, /help lists commands.")
	}
}

// name is how messages name the panel.
func (p *panel) name() string {
	if p.provider == "" {
		return "agent"
	}
	return p.provider
}

// sideBySide reports whether the panels fit next to each other, each at
// least minPanelWidth wide, with a one-cell rule between them.
func (m *model) sideBySide() bool {
	n := len(m.panels)
	return n > 1 && m.width >= n*minPanelWidth+(n-1)
}

// tabs reports whether the panels are shown one at a time, under a tab
// bar.
func (m *model) tabs() bool { return len(m.panels) > 1 && !m.sideBySide() }

// panelWidths are the widths of the panels side by side.
func (m *model) panelWidths() []int {
	n := len(m.panels)
	if !m.sideBySide() {
		return []int{m.width}
	}
	w := (m.width - (n - 1)) / n
	ws := make([]int, n)
	for i := range ws {
		ws[i] = w
	}
	ws[n-1] = m.width - (n - 1) - w*(n-1)
	return ws
}

// layout sizes the children after a resize or when the help opens.
func (m *model) layout() {
	m.prompt.SetSize(m.width, promptHeight)
	m.help.SetWidth(m.width)
	// The modal fits itself in the screen; the full-screen views take all
	// of it.
	m.modal.SetSize(m.width, m.height)
	m.keysHelp.SetSize(m.width, m.height)
	if m.diff != nil {
		m.diff.SetSize(m.width, m.height)
	}
	h := m.panelHeight()
	if m.sideBySide() {
		for i, w := range m.panelWidths() {
			m.panels[i].setSize(w, h)
		}
		return
	}
	for _, p := range m.panels {
		p.setSize(m.width, h)
	}
}

// areaHeight is what is left for the panels (and the tab bar) after the
// divider, the prompt, the help and the status bar.
func (m *model) areaHeight() int {
	return max(m.height-1-promptHeight-1, 2)
}

// panelHeight is a panel's height, header included.
func (m *model) panelHeight() int {
	if m.tabs() {
		return max(m.areaHeight()-1, 2)
	}
	return m.areaHeight()
}

// look is how panel i's header is drawn now.
func (m *model) look(i int) look {
	switch {
	case m.asking(i) && len(m.panels) > 1:
		return lookAsking
	case i == m.focus && len(m.panels) > 1:
		return lookFocused
	}
	return lookPlain
}

// asking reports whether the approval shown is panel i's.
func (m *model) asking(i int) bool {
	j, ok := m.modal.asking()
	return ok && j == i
}

// totals are the sums over the panels for the status bar.
func (m *model) totals() (tokens, running int, cost float64, priced bool) {
	for _, p := range m.panels {
		u, c := p.spent()
		tokens += u.InputTokens + u.OutputTokens
		running += p.runs
		cost += c
		priced = priced || p.priced
	}
	return tokens, running, cost, priced
}

// statusText is the left part of the status bar.
func (m *model) statusText() string {
	parts := []string{"auto-approve: " + m.auto.String()}
	tokens, running, cost, priced := m.totals()
	if running > 0 {
		parts = append(parts, fmt.Sprintf("%d running", running))
	}
	if tokens > 0 {
		t := thousands(tokens) + " tokens"
		if priced {
			t += " · " + formatCost(cost)
		}
		parts = append(parts, t)
	}
	if f := m.focused().fill; f.Window > 0 {
		// The focused conversation's share of its model's context
		// window: at 80 % it is compacted.
		parts = append(parts, fmt.Sprintf("context %d%%", f.Percent()))
	}
	if m.opts.Warning != "" {
		parts = append(parts, m.opts.Warning)
	}
	// The sandbox's summary can be long: it goes last, where the row is
	// cut.
	switch {
	case m.starting:
		parts = append(parts, "sandbox: checking…")
	case m.opts.Sandbox != "":
		parts = append(parts, "sandbox: "+m.opts.Sandbox)
	}
	return strings.Join(parts, " · ")
}
