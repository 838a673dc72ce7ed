package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// promptHeight is the rows of the prompt: enough to see a short paragraph
// while it is typed.
const promptHeight = 3

// maxHistory bounds the prompts kept for Up/Down.
const maxHistory = 200

// prompt is where the person types: a textarea where Enter sends (the root
// model handles it) and Shift+Enter, Ctrl+J or Alt+Enter add a line. It
// keeps the prompts sent, and walks them with Up and Down itself. It has
// the screen's component shape: Update, View, SetSize, KeyMap.
type prompt struct {
	ta   textarea.Model
	keys promptKeys

	history []string // oldest first
	// added are the entries history gained since takeAdded, for the
	// root to save.
	added []string
	// at is the history entry shown, len(history) when none is: walking
	// starts from an empty prompt and goes on while the prompt still
	// holds the entry it showed.
	at int
}

// promptKeys are the prompt's keys: Send is the root's to act on (it
// sends, or opens a card), Newline and History the prompt's own.
type promptKeys struct {
	Send, Newline, History key.Binding
}

func newPromptKeys() promptKeys {
	return promptKeys{
		Send: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		// Shift+Enter needs a terminal that reports it; Ctrl+J and Alt+Enter
		// work everywhere.
		Newline: key.NewBinding(key.WithKeys("shift+enter", "ctrl+j", "alt+enter"), key.WithHelp("shift+enter", "new line")),
		History: key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "history")),
	}
}

// ShortHelp lists the prompt's keys.
func (k promptKeys) ShortHelp() []key.Binding { return []key.Binding{k.Send, k.Newline, k.History} }

// FullHelp lists the prompt's keys in one group.
func (k promptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// GroupTitles names the group of FullHelp.
func (k promptKeys) GroupTitles() []string { return []string{"the prompt"} }

func newPrompt(noColor bool, history []string) prompt {
	keys := newPromptKeys()
	ta := textarea.New()
	ta.ShowLineNumbers = false
	// The marker opens the message, as a shell's prompt does; the rows
	// below it are the same message going on, so they are only indented.
	ta.SetPromptFunc(2, func(info textarea.PromptInfo) string {
		if info.LineNumber == 0 {
			return "> "
		}
		return "  "
	})
	ta.CharLimit = 0 // no limit: pasting a long log must work
	ta.MaxHeight = 0
	ta.SetHeight(promptHeight)
	ta.KeyMap.InsertNewline = keys.Newline
	// A real terminal cursor, placed by View: it blinks and is where
	// screen readers and IMEs expect it.
	ta.SetVirtualCursor(false)
	ta.SetStyles(textareaStyles(noColor))
	history = slices.Clone(history[max(len(history)-maxHistory, 0):])
	return prompt{ta: ta, keys: keys, history: history, at: len(history)}
}

// textareaStyles are the textarea's default styles, or none at all with
// NO_COLOR.
func textareaStyles(noColor bool) textarea.Styles {
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
	return st
}

func (p *prompt) focus() tea.Cmd { return p.ta.Focus() }

// SetSize sets the prompt's width; its height is always promptHeight.
func (p *prompt) SetSize(w, _ int) { p.ta.SetWidth(max(w, 4)) }

// KeyMap returns the prompt's keys.
func (p *prompt) KeyMap() help.KeyMap { return p.keys }

func (p *prompt) setPlaceholder(s string) { p.ta.Placeholder = s }

// value is what was typed, without surrounding blank space.
func (p *prompt) value() string { return strings.TrimSpace(p.ta.Value()) }

// reset empties the prompt after text was sent, remembering the text.
func (p *prompt) reset() {
	if v := p.value(); v != "" && (len(p.history) == 0 || p.history[len(p.history)-1] != v) {
		p.history = append(p.history, v)
		p.added = append(p.added, v)
		if len(p.history) > maxHistory {
			p.history = p.history[len(p.history)-maxHistory:]
		}
	}
	p.at = len(p.history)
	p.ta.Reset()
}

// takeAdded returns the entries added to the history since its last call.
func (p *prompt) takeAdded() []string {
	added := p.added
	p.added = nil
	return added
}

// clear empties the prompt without sending it: what was typed goes into
// the history, so Up brings it back.
func (p *prompt) clear() { p.reset() }

// walking reports whether Up and Down walk the history now: the prompt is
// empty, or holds the entry they last showed.
func (p *prompt) walking() bool {
	v := p.ta.Value()
	return v == "" || (p.at < len(p.history) && v == p.history[p.at])
}

// walk shows the entry d steps older (-1) or newer (+1); past the newest
// the prompt is empty again.
func (p *prompt) walk(d int) {
	next := min(max(p.at+d, 0), len(p.history))
	if next == p.at && d < 0 {
		return
	}
	p.at = next
	if p.at == len(p.history) {
		p.ta.Reset()
		return
	}
	p.ta.SetValue(p.history[p.at])
	p.ta.MoveToEnd()
}

// Update takes what the root passes on: Up and Down walk the history
// while walking says so; anything else is typing.
func (p *prompt) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, p.keys.History) && p.walking() && len(p.history) > 0 {
		if k.String() == "up" {
			p.walk(-1)
		} else {
			p.walk(+1)
		}
		return nil
	}
	var cmd tea.Cmd
	p.ta, cmd = p.ta.Update(msg)
	return cmd
}

// keep keeps in the prompt what was typed or pasted while the approval
// modal was in the way, so nothing is lost: text, Enter as a new line,
// Backspace, a paste. The prompt sends nothing while the modal is open.
func (p *prompt) keep(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
		return p.Update(msg)
	case k.Text != "":
		p.ta.InsertString(k.Text)
	case key.Matches(k, p.keys.Send, p.keys.Newline):
		p.ta.InsertString("\n")
	case k.Code == tea.KeyBackspace:
		return p.Update(k)
	}
	return nil
}

// View draws the prompt.
func (p *prompt) View() string { return p.ta.View() }

// cursor is the real cursor's position within the prompt, or nil.
func (p *prompt) cursor() *tea.Cursor { return p.ta.Cursor() }
