package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// maxSlashPopup bounds the rows of the completion popup.
const maxSlashPopup = 8

// slashMatches are the slash commands that begin with what the prompt
// holds while a command name is being typed: one word starting with "/"
// (not "//", which sends a message). None otherwise.
func (m *model) slashMatches() []slashCommand {
	v := m.prompt.ta.Value()
	if !strings.HasPrefix(v, "/") || strings.HasPrefix(v, "//") || strings.ContainsAny(v, " \t\n") {
		return nil
	}
	var out []slashCommand
	for _, c := range slashCommands {
		if strings.HasPrefix(c.name, v) {
			out = append(out, c)
		}
	}
	return out
}

// completeSlash completes the command name being typed, as a shell
// completes: the whole name (and a space when it takes arguments) when
// one command matches, else as far as the matches agree. It reports
// whether a command name was being typed, so Tab does not switch panels.
func (m *model) completeSlash() bool {
	matches := m.slashMatches()
	if len(matches) == 0 {
		return false
	}
	text := matches[0].name
	if len(matches) == 1 {
		if matches[0].args != "" {
			text += " "
		}
	} else {
		for _, c := range matches[1:] {
			for !strings.HasPrefix(c.name, text) {
				text = text[:len(text)-1]
			}
		}
	}
	m.prompt.ta.SetValue(text)
	m.prompt.ta.MoveToEnd()
	return true
}

// slashPopup draws the matching commands, each with its arguments and
// what it does, in a box to lay over the bottom of the panels; "" when
// no command name is being typed.
func (m *model) slashPopup() string {
	matches := m.slashMatches()
	if len(matches) == 0 {
		return ""
	}
	inner := max(min(m.width, 100)-4, 10)
	var rows []string
	for i, c := range matches {
		if i == maxSlashPopup {
			rows = append(rows, m.st.Muted.Render(ansi.Truncate("… and more: type on", inner, "…")))
			break
		}
		name := c.name
		if c.args != "" {
			name += " " + c.args
		}
		rows = append(rows, ansi.Truncate(padRight(name, 18)+" "+m.st.Muted.Render(c.what), inner, "…"))
	}
	rows = append(rows, m.st.Muted.Render("tab completes · enter runs"))
	return lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1).Render(strings.Join(rows, "\n"))
}

// padRight pads s with spaces to w cells.
func padRight(s string, w int) string {
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}
