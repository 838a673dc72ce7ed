package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/internal/termsafe"
)

// View draws the screen: the panels (side by side, or one under a tab
// bar), a divider that says where the prompt goes, the prompt, the help
// when open, and the status bar; the modal, or the question before
// quitting, over them. The modal's full-screen view replaces them all.
func (m *model) View() tea.View {
	if m.width <= 0 || m.height <= 0 {
		return tea.NewView("")
	}
	f := &frame{st: m.st, now: m.now(), spin: m.spin.View()}
	var v tea.View
	switch {
	case m.modal.fullScreen():
		v = tea.NewView(m.modal.View())
	case !m.modal.open() && m.diff != nil:
		// An approval that arrives meanwhile shows over the panels; the
		// diff comes back once it is answered.
		v = tea.NewView(m.diff.View())
	default:
		v = tea.NewView(m.screen(f))
	}
	v.AltScreen = true
	if m.opts.Config.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	if !m.modal.open() && !m.confirmQuit {
		if c := m.prompt.cursor(); c != nil {
			c.Y += m.areaHeight() + 1
			v.Cursor = c
		}
	}
	state := m.focused().state()
	if m.modal.open() {
		state = "waiting for approval"
	}
	v.WindowTitle = "agent: " + state
	if m.opts.Root != "" {
		v.WindowTitle = "agent: " + termsafe.Line(filepath.Base(m.opts.Root)) + " · " + state
	}
	return v
}

// screen is the main screen, with any box over it.
func (m *model) screen(f *frame) string {
	rows := make([]string, 0, m.height)
	rows = m.appendArea(rows, f)
	rows = append(rows, m.divider())
	rows = append(rows, strings.Split(m.prompt.View(), "\n")...)
	rows = append(rows, m.statusBar())
	content := strings.Join(rows, "\n")

	var box string
	switch {
	case m.modal.open():
		box = m.modal.View()
	case m.confirmQuit:
		box = m.renderConfirm()
	case m.showHelp:
		box = m.keysHelp.View()
	case m.slashPopup() != "":
		// Over the bottom of the panels, just above the prompt.
		popup := m.slashPopup()
		y := max(m.areaHeight()-lipgloss.Height(popup), 0)
		return lipgloss.NewCompositor(
			lipgloss.NewLayer(content),
			lipgloss.NewLayer(popup).X(0).Y(y).Z(1),
		).Render()
	default:
		return content
	}
	x := max((m.width-lipgloss.Width(box))/2, 0)
	y := max((m.height-lipgloss.Height(box))/2, 0)
	// Clear the rows behind the box, so no stray characters of the screen
	// frame it.
	blank := strings.Repeat(" ", m.width)
	for i := y; i < min(y+lipgloss.Height(box), len(rows)); i++ {
		rows[i] = blank
	}
	return lipgloss.NewCompositor(
		lipgloss.NewLayer(strings.Join(rows, "\n")),
		lipgloss.NewLayer(box).X(x).Y(y).Z(1),
	).Render()
}

// appendArea appends the rows of the panels: side by side with a rule
// between them, or the focused one under a tab bar, or the only one.
func (m *model) appendArea(rows []string, f *frame) []string {
	h := m.panelHeight()
	switch {
	case m.sideBySide():
		widths := m.panelWidths()
		cols := make([][]string, len(m.panels))
		for i, p := range m.panels {
			cols[i] = p.appendRows(make([]string, 0, h), widths[i], h, f, m.look(i))
		}
		rule := m.st.Divider.Render("│")
		var b strings.Builder
		for r := range h {
			b.Reset()
			for i, col := range cols {
				if i > 0 {
					b.WriteString(rule)
				}
				b.WriteString(col[r])
				if pad := widths[i] - ansi.StringWidth(col[r]); pad > 0 && i < len(cols)-1 {
					b.WriteString(strings.Repeat(" ", pad))
				}
			}
			rows = append(rows, b.String())
		}
		return rows
	case m.tabs():
		rows = append(rows, m.tabBar())
		return m.focused().appendRows(rows, m.width, h, f, m.look(m.focus))
	}
	return m.panels[0].appendRows(rows, m.width, h, f, m.look(0))
}

// tabBar names every panel, the focused one highlighted, with a mark for
// what each is doing: ● running, ? asking for approval, ! error.
func (m *model) tabBar() string {
	var parts []string
	for i, p := range m.panels {
		mark := ""
		switch {
		case m.asking(i), p.waiting > 0:
			mark = " ?"
		case p.running():
			mark = " ●"
		case p.failure != "" || p.setup:
			mark = " !"
		}
		label := fmt.Sprintf(" %d %s%s ", i+1, termsafe.Line(p.name()), mark)
		style := m.st.Tab
		switch {
		case i == m.focus:
			style = m.st.TabActive
		case m.look(i) == lookAsking:
			style = m.st.HeaderAsking
		}
		parts = append(parts, style.Render(label))
	}
	hint := m.st.Muted.Render(" " + m.keys.NextPanel.Help().Key + "/" + m.keys.GoPanel.Help().Key)
	bar := strings.Join(parts, " ")
	if ansi.StringWidth(bar)+ansi.StringWidth(hint) <= m.width {
		bar += hint
	}
	return fit(bar, m.width)
}

// divider is the rule above the prompt; with several panels it names where
// the prompt goes.
func (m *model) divider() string {
	label := ""
	switch {
	case m.modal.open():
		// The prompt does not take keys now: say why, where the eye is
		// when typing.
		label = "── waiting for your answer above; typing is kept here, Enter sends nothing "
	case m.broadcast:
		label = "── to every panel (broadcast; ctrl+b ends it) "
	case len(m.panels) > 1:
		label = "── to " + termsafe.Line(m.focused().name()) + " "
	}
	if label == "" {
		return m.st.Divider.Render(strings.Repeat("─", m.width))
	}
	label = fit(label, m.width)
	style := m.st.Divider
	if m.broadcast || m.modal.open() {
		style = m.st.Flash
	}
	return style.Render(label) + m.st.Divider.Render(strings.Repeat("─", max(m.width-ansi.StringWidth(label), 0)))
}

// statusBar is the bottom row: the auto-approve level, the sandbox,
// running tools, tokens and cost, and the key hints; or a one-off notice.
func (m *model) statusBar() string {
	if m.flash != "" {
		// A notice is read once: it gets the whole row.
		return m.st.Flash.Render(fit(termsafe.Line(m.flash), m.width))
	}
	left := m.st.StatusBar.Render(m.statusText())
	// The keys come first: the state is cut, at its least useful end,
	// before they are.
	h := m.help
	h.SetWidth(0)
	short := []key.Binding{m.keys.Help, m.keys.Cancel, m.keys.Quit}
	if len(m.panels) > 1 {
		short[2] = m.keys.NextPanel
	}
	right := h.ShortHelpView(short)
	if ansi.StringWidth(right) > m.width/2 {
		h.SetWidth(m.width / 2)
		right = h.ShortHelpView(short)
	}
	left = fit(left, max(m.width-ansi.StringWidth(right)-1, 1))
	return spread(left, right, m.width)
}

// renderConfirm is the question asked before quitting while turns run.
func (m *model) renderConfirm() string {
	var names []string
	for _, p := range m.panels {
		if p.running() {
			names = append(names, termsafe.Line(p.name()))
		}
	}
	w := min(m.width, 60)
	inner := max(w-m.st.Modal.GetHorizontalFrameSize(), 10)
	rows := []string{m.st.ModalTitle.Render("Quit while work is running?"), ""}
	rows = append(rows, wrap("Still running: "+strings.Join(names, ", ")+". Quitting stops it; its commands are killed.", inner)...)
	rows = append(rows, "", bindingHints(m.st, []key.Binding{m.keys.QuitAnyway})+"  "+keyHints(m.st, "any other key", "stay"))
	return m.st.Modal.Width(w).Render(strings.Join(rows, "\n"))
}
