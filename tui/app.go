package tui

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tui/internal/termsafe"
)

// model is the root of the screen. It owns the size, the panel, the prompt,
// the approval queue and the styles, and routes every message: window size
// to the layout, agent events to the panel, approval requests to the queue,
// keys to the open modal first (it takes every key), then to the global
// bindings, then to the prompt.
type model struct {
	opts   Options
	runner Runner
	bridge *Bridge
	st     *styles
	keys   keyMap
	now    func() time.Time

	width, height int
	panel         *panel
	prompt        prompt
	help          help.Model
	spin          spinner.Model
	showHelp      bool
	queue         []*request // approvals, first in first out; [0] is shown
	flash         string     // a one-off notice in the status bar

	// ctx is the parent of every turn's context; Run cancels it on exit.
	ctx context.Context
	// cancelTurn cancels the running turn; nil when idle.
	cancelTurn context.CancelFunc
	// turns counts running turn goroutines, so Run can wait for them.
	turns *sync.WaitGroup
}

// newModel builds the screen. r may be nil when no provider is usable
// (opts.Setup says why). now is the clock, replaced in tests.
func newModel(r Runner, b *Bridge, opts Options, noColor bool, now func() time.Time) *model {
	st := newStyles(noColor)
	keys := newKeyMap()
	h := help.New()
	h.Styles = help.DefaultStyles(true)
	if noColor {
		h.Styles = help.Styles{}
	}
	m := &model{
		opts:   opts,
		runner: r,
		bridge: b,
		st:     st,
		keys:   keys,
		now:    now,
		panel:  newPanel(opts.Provider, opts.Model, st),
		prompt: newPrompt(keys, noColor),
		help:   h,
		spin:   spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		ctx:    context.Background(),
		turns:  &sync.WaitGroup{},
	}
	if m.setupMode() {
		text := opts.Setup
		if text == "" {
			text = "No provider is set up. Run `agent config init` to write a config, then start agent again."
		}
		m.panel.addSetup(text)
	}
	m.updatePlaceholder()
	return m
}

// setupMode is true when no provider can be asked anything.
func (m *model) setupMode() bool { return m.opts.Setup != "" || m.runner == nil }

// busy reports whether a turn is running.
func (m *model) busy() bool { return m.cancelTurn != nil }

// Init focuses the prompt and starts listening to the agent.
func (m *model) Init() tea.Cmd {
	return tea.Batch(m.prompt.focus(), m.bridge.wait())
}

// Update handles one message. It never blocks and does no I/O: a turn runs
// on its own goroutine and reports back through the Bridge.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, nil
	case batchMsg:
		cmds := []tea.Cmd{m.bridge.wait()}
		for _, x := range msg {
			cmds = append(cmds, m.fromBridge(x))
		}
		return m, tea.Batch(cmds...)
	case spinner.TickMsg:
		if !m.busy() {
			return m, nil // stop ticking while idle
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case guardMsg:
		return m, nil // the modal's keys just went live: draw it again
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		if len(m.queue) > 0 {
			return m, nil // the modal takes all input, pasted text too
		}
	}
	return m, m.prompt.update(msg)
}

// fromBridge handles one message the agent side sent.
func (m *model) fromBridge(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case eventMsg:
		m.panel.apply(agent.Event(msg), m.now())
	case approvalMsg:
		return m.enqueue(msg)
	case withdrawMsg:
		return m.withdraw(msg.id)
	case turnDoneMsg:
		m.cancelTurn = nil
		m.flash = "" // it spoke of the turn that just ended
		m.panel.finishTurn(msg.err)
		m.updatePlaceholder()
	}
	return nil
}

// key routes a key press.
func (m *model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	// Ctrl+C works even over the modal: cancelling is always safe, and it
	// withdraws the request.
	if key.Matches(msg, m.keys.Cancel) {
		if m.busy() {
			m.cancelTurn()
			m.flash = "cancelling… (Ctrl+C again once idle quits)"
			return nil
		}
		return tea.Quit
	}
	if len(m.queue) > 0 {
		return m.modalKey(msg)
	}
	switch {
	case key.Matches(msg, m.keys.Quit):
		if m.busy() {
			m.cancelTurn()
		}
		return tea.Quit
	case key.Matches(msg, m.keys.Help) && (msg.String() != "?" || m.prompt.value() == ""):
		m.showHelp = !m.showHelp
		m.help.ShowAll = m.showHelp
		m.layout()
		return nil
	case key.Matches(msg, m.keys.PageUp):
		m.panel.scroll(max(m.panel.bodyHeight()-1, 1))
		return nil
	case key.Matches(msg, m.keys.PageDown):
		m.panel.scroll(-max(m.panel.bodyHeight()-1, 1))
		return nil
	case key.Matches(msg, m.keys.Send):
		return m.submit()
	}
	return m.prompt.update(msg)
}

// submit sends the prompt as a new turn, unless one is running.
func (m *model) submit() tea.Cmd {
	text := m.prompt.value()
	switch {
	case text == "":
		return nil
	case m.setupMode():
		m.flash = "no provider is set up yet: see the panel for how"
		return nil
	case m.busy():
		m.flash = "a turn is running: your text stays here; Ctrl+C cancels the turn"
		return nil
	}
	m.prompt.reset()
	m.panel.addPrompt(text)
	m.panel.scroll(-m.panel.offset) // a new turn is worth following

	ctx, cancel := context.WithCancel(m.ctx)
	m.cancelTurn = cancel
	// The turn runs on a goroutine of its own, not as a tea.Cmd: its end is
	// then posted through the Bridge after all of its events, in order, and
	// Run can wait for it before returning.
	r, b, wg := m.runner, m.bridge, m.turns
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer cancel()
		out, err := r.Run(ctx, text)
		b.post(turnDoneMsg{outcome: out, err: err})
	}()
	m.updatePlaceholder()
	return m.spin.Tick
}

// updatePlaceholder says in the empty prompt what typing will do now.
func (m *model) updatePlaceholder() {
	switch {
	case m.setupMode():
		m.prompt.setPlaceholder("No provider is set up yet (see above). Ctrl+D quits.")
	case m.busy():
		m.prompt.setPlaceholder("Working… you can type the next message; Enter sends it when the turn ends.")
	default:
		m.prompt.setPlaceholder("Ask for a change. Enter sends, Shift+Enter adds a line.")
	}
}

// layout sizes the children after a resize or when the help opens.
func (m *model) layout() {
	m.prompt.setWidth(m.width)
	m.help.SetWidth(m.width)
	m.panel.setSize(m.width, m.panelHeight())
}

// panelHeight is what is left for the panel after the divider, the prompt,
// the help and the status bar.
func (m *model) panelHeight() int {
	h := m.height - 1 - promptHeight - 1
	if m.showHelp {
		h -= lipgloss.Height(m.help.View(m.keys))
	}
	return max(h, 2)
}

// View draws the screen: the panel, a divider, the prompt, the help when
// open, and the status bar; the modal over them when a request waits.
func (m *model) View() tea.View {
	if m.width <= 0 || m.height <= 0 {
		return tea.NewView("")
	}
	f := &frame{st: m.st, now: m.now(), spin: m.spin.View()}
	ph := m.panelHeight()
	var b strings.Builder
	b.WriteString(m.panel.render(m.width, ph, f))
	b.WriteString("\n")
	b.WriteString(m.st.Divider.Render(strings.Repeat("─", m.width)))
	b.WriteString("\n")
	b.WriteString(m.prompt.view())
	b.WriteString("\n")
	if m.showHelp {
		b.WriteString(m.help.View(m.keys))
		b.WriteString("\n")
	}
	b.WriteString(m.statusBar())
	content := b.String()

	var cur *tea.Cursor
	if len(m.queue) > 0 {
		box := m.renderModal(f)
		x := max((m.width-lipgloss.Width(box))/2, 0)
		y := max((m.height-lipgloss.Height(box))/2, 0)
		// Clear the rows behind the box, so no stray characters of the
		// screen frame it.
		rows := strings.Split(content, "\n")
		for i := y; i < min(y+lipgloss.Height(box), len(rows)); i++ {
			rows[i] = ""
		}
		content = lipgloss.NewCompositor(
			lipgloss.NewLayer(strings.Join(rows, "\n")),
			lipgloss.NewLayer(box).X(x).Y(y).Z(1),
		).Render()
	} else if c := m.prompt.cursor(); c != nil {
		c.Y += ph + 1
		cur = c
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.Cursor = cur
	v.WindowTitle = "agent: " + m.panel.state()
	if m.opts.Root != "" {
		v.WindowTitle = "agent: " + termsafe.Line(filepath.Base(m.opts.Root)) + " · " + m.panel.state()
	}
	return v
}

// statusBar is the bottom row: provider and model, the auto-approve level,
// the sandbox, and the key hints; or a one-off notice.
func (m *model) statusBar() string {
	var left string
	if m.flash != "" {
		left = m.st.Flash.Render(m.flash)
	} else {
		parts := []string{}
		if m.opts.Provider != "" {
			pm := m.opts.Provider
			if m.panel.model != "" {
				pm += "/" + m.panel.model
			}
			parts = append(parts, pm)
		}
		parts = append(parts, "auto-approve: "+m.opts.AutoApprove.String())
		if m.opts.Sandbox != "" {
			parts = append(parts, "sandbox: "+m.opts.Sandbox)
		}
		left = m.st.StatusBar.Render(strings.Join(parts, " · "))
	}
	room := m.width - ansi.StringWidth(left) - 2
	if m.showHelp || room < len("? help") {
		return fit(left, m.width)
	}
	h := m.help
	h.SetWidth(room) // the help cuts its hints to fit, with an ellipsis
	return spread(left, h.ShortHelpView(m.keys.ShortHelp()), m.width)
}
