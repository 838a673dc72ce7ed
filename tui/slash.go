package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
)

// slashCommand is one of the prompt's commands: its name, the arguments
// it takes, and what it does.
type slashCommand struct{ name, args, what string }

// slashCommands are the prompt's commands, in the order /help lists them.
var slashCommands = []slashCommand{
	{"/help", "", "this list and the keys"},
	{"/clear", "", "clear the panel and start a new conversation"},
	{"/model", "NAME", "ask another model in this panel (a new conversation)"},
	{"/yes", "LEVEL", "auto-approve up to safe, warning or dangerous for this session"},
	{"/providers", "", "the panels and the configured providers"},
	{"/rules", "", "the session's allow rules (made with s in the approval)"},
	{"/compact", "", "summarise this panel's conversation now, keeping its most recent turns (it happens by itself at 80 % of the context window)"},
	{"/stats", "", "per-provider figures: turns, calls by outcome, tool time, lock waits, tokens, context, compactions, cost"},
	{"/mcp", "", "the MCP servers: status, tools and their levels"},
	{"/checkpoints", "", "the checkpoints recorded before each change"},
	{"/undo", "[N|yes]", "show what undoing the last change (or back to checkpoint N) restores; /undo yes does it"},
	{"/compare", "[NAME]", "with --isolate: each provider's changed files and diffstat; with NAME its full diff"},
	{"/apply", "NAME", "with --isolate: take NAME's changes into the project (refused if they conflict)"},
	{"/quit", "", "quit (asks first while something runs)"},
	{"/exit", "", "the same as /quit"},
}

// slash runs a slash command typed in the prompt. Text starting with "//"
// is sent as a message starting with "/".
func (m *model) slash(text string) tea.Cmd {
	name, arg, _ := strings.Cut(text, " ")
	arg = strings.TrimSpace(arg)
	p := m.focused()
	var cmd tea.Cmd
	switch name {
	case "/help":
		p.addCommand(text)
		var b strings.Builder
		b.WriteString("Commands (start a message with // to send a slash):\n")
		for _, c := range slashCommands {
			fmt.Fprintf(&b, "  %-18s %s\n", strings.TrimSpace(c.name+" "+c.args), c.what)
		}
		p.addNotice(strings.TrimRight(b.String(), "\n"))
		p.scrollBottom()
		m.toggleHelp(true)
	case "/clear":
		if !m.idle(p) {
			return nil
		}
		if p.renew == nil {
			p.clear()
			m.flash = "panel cleared; the conversation goes on"
			break
		}
		m.renew(m.focus, p.model, true)
	case "/model":
		switch {
		case arg == "":
			m.flash = "model: " + termsafe.Line(p.model) + " (/model NAME switches)"
			return nil
		case p.renew == nil:
			m.flash = "this panel cannot switch models"
			return nil
		case !m.idle(p):
			return nil
		}
		p.addCommand(text)
		m.renew(m.focus, arg, false)
	case "/yes":
		if arg == "" {
			m.flash = "auto-approve: " + m.auto.String() + " (/yes safe|warning|dangerous changes it)"
			return nil
		}
		l, err := classify.ParseLevel(arg)
		if err != nil || l == classify.Blocked {
			m.flash = "/yes " + termsafe.Line(arg) + ": want safe, warning or dangerous (blocked never runs)"
			return nil
		}
		m.setAuto(l)
	case "/providers":
		p.addCommand(text)
		var b strings.Builder
		b.WriteString("Panels:\n")
		for i, q := range m.panels {
			fmt.Fprintf(&b, "  %d %s · %s · %s", i+1, q.name(), orDash(q.model), q.state())
			if u, _ := q.spent(); u.InputTokens+u.OutputTokens > 0 {
				t := u.InputTokens + u.OutputTokens
				fmt.Fprintf(&b, " · %s tokens", thousands(t))
			}
			b.WriteString("\n")
		}
		if len(m.opts.Available) > 0 {
			b.WriteString("Configured: " + strings.Join(m.opts.Available, ", ") + "\n")
			b.WriteString("Start with --provider a,b (or [tui] providers in the config) for one panel each.")
		}
		p.addNotice(termsafe.Text(strings.TrimRight(b.String(), "\n")))
		p.scrollBottom()
	case "/rules":
		p.addCommand(text)
		rules := m.bridge.sessionRules()
		if len(rules) == 0 {
			p.addNotice("No session rules yet: press s in the approval to allow a command prefix or a path for this session.")
		} else {
			var b strings.Builder
			b.WriteString("Session rules (they end when agent quits):")
			for _, r := range rules {
				b.WriteString("\n  • " + r.String())
			}
			p.addNotice(termsafe.Text(b.String()))
		}
		p.scrollBottom()
	case "/compact":
		c, ok := m.compact(text)
		if !ok {
			return nil
		}
		cmd = c
	case "/stats", "/mcp":
		// Reports the caller may give: the figures, the MCP servers.
		report, none := m.opts.Stats, "no figures in this screen"
		if name == "/mcp" {
			report, none = m.opts.MCP, "no MCP servers are configured (see docs/mcp.md)"
		}
		if report == nil {
			m.flash = none
			return nil
		}
		p.addCommand(text)
		p.addNotice(termsafe.Text(strings.TrimRight(report(), "\n")))
		p.scrollBottom()
	case "/checkpoints", "/undo":
		m.undoSlash(name, arg)
	case "/compare", "/apply":
		m.compareSlash(name, arg)
	case "/quit", "/exit":
		m.prompt.reset()
		return m.quit()
	default:
		m.flash = "unknown command " + termsafe.Line(name) + ": /help lists them (// sends a message starting with /)"
		return nil
	}
	m.prompt.reset()
	return cmd
}

// idle reports whether p may start something new, saying why not.
func (m *model) idle(p *panel) bool {
	if p.running() || p.renewing {
		m.flash = "wait for the turn to end, or Ctrl+C it first"
		return false
	}
	return true
}

// setAuto changes the session's auto-approve level on every panel that
// can take it.
func (m *model) setAuto(l classify.Level) {
	var no []string
	for _, p := range m.panels {
		if p.runner == nil {
			continue
		}
		if a, ok := p.runner.(AutoApprover); ok {
			a.SetAutoApprove(l)
		} else {
			no = append(no, p.name())
		}
	}
	m.auto = l
	m.flash = "auto-approve is now " + l.String() + " for this session"
	if l == classify.Dangerous {
		m.flash += ": destructive actions run without asking"
	}
	if len(no) > 0 {
		m.flash += " (not for " + strings.Join(no, ", ") + ")"
	}
}

// renew builds a new Runner for panel i on a goroutine; renewed takes it.
func (m *model) renew(i int, model string, clear bool) {
	p := m.panels[i]
	p.renewing = true
	renew := p.renew
	m.goTracked(func() tea.Msg {
		r, err := renew(model)
		return renewedMsg{panel: i, model: model, runner: r, err: err, clear: clear}
	})
}

// renewed puts a new Runner in its panel: a new conversation, with the
// session's auto-approve level.
func (m *model) renewed(msg renewedMsg) tea.Cmd {
	p := m.panels[msg.panel]
	p.renewing = false
	if msg.err != nil {
		p.addError("cannot start " + msg.model + ": " + msg.err.Error())
		p.scrollBottom()
		return nil
	}
	p.runner = msg.runner
	p.newConversation()
	if a, ok := p.runner.(AutoApprover); ok && m.auto != m.opts.AutoApprove {
		a.SetAutoApprove(m.auto)
	}
	if msg.clear {
		p.clear()
		p.addNotice("A new conversation with " + termsafe.Line(msg.model) + ".")
	} else {
		p.model = msg.model
		p.addNotice("Now asking " + termsafe.Line(msg.model) + ": a new conversation starts; the transcript above is what the old one said.")
	}
	p.scrollBottom()
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return termsafe.Line(s)
}
