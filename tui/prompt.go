package tui

import (
	"strings"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// promptHeight is the rows of the prompt: enough to see a short paragraph
// while it is typed.
const promptHeight = 3

// prompt is where the person types: a textarea where Enter sends (the root
// model handles it) and Shift+Enter, Ctrl+J or Alt+Enter add a line.
type prompt struct {
	ta textarea.Model
}

func newPrompt(keys keyMap, noColor bool) prompt {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Prompt = "> "
	ta.CharLimit = 0 // no limit: pasting a long log must work
	ta.MaxHeight = 0
	ta.SetHeight(promptHeight)
	ta.KeyMap.InsertNewline = keys.Newline
	// A real terminal cursor, placed by View: it blinks and is where
	// screen readers and IMEs expect it.
	ta.SetVirtualCursor(false)
	st := textarea.DefaultStyles(true)
	if noColor {
		plain := textarea.StyleState{
			Base: lipgloss.NewStyle(), Text: lipgloss.NewStyle(), Prompt: lipgloss.NewStyle(),
			Placeholder: lipgloss.NewStyle().Faint(true), CursorLine: lipgloss.NewStyle(),
			EndOfBuffer: lipgloss.NewStyle(), LineNumber: lipgloss.NewStyle(),
			CursorLineNumber: lipgloss.NewStyle(), Selection: lipgloss.NewStyle().Reverse(true),
		}
		st.Focused, st.Blurred = plain, plain
		st.Cursor.Color = nil
	}
	ta.SetStyles(st)
	return prompt{ta: ta}
}

func (p *prompt) focus() tea.Cmd { return p.ta.Focus() }

func (p *prompt) setWidth(w int) { p.ta.SetWidth(max(w, 4)) }

func (p *prompt) setPlaceholder(s string) { p.ta.Placeholder = s }

// value is what was typed, without surrounding blank space.
func (p *prompt) value() string { return strings.TrimSpace(p.ta.Value()) }

func (p *prompt) reset() { p.ta.Reset() }

func (p *prompt) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	p.ta, cmd = p.ta.Update(msg)
	return cmd
}

func (p *prompt) view() string { return p.ta.View() }

// cursor is the real cursor's position within the prompt, or nil.
func (p *prompt) cursor() *tea.Cursor { return p.ta.Cursor() }
