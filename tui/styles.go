package tui

import (
	"image/color"

	"charm.land/lipgloss/v2"

	"github.com/agentcli/agent/classify"
)

// styles are the screen's looks by meaning, built once. With NO_COLOR set
// they carry no colour at all, only weight, so every meaning is also said in
// words (a level is always written out, never only coloured).
type styles struct {
	RiskSafe      lipgloss.Style
	RiskWarning   lipgloss.Style
	RiskDangerous lipgloss.Style
	RiskBlocked   lipgloss.Style

	Muted   lipgloss.Style // secondary text: hints, durations, output tails
	Success lipgloss.Style // a call that ran and succeeded
	Failure lipgloss.Style // a call that failed, was denied or blocked; errors
	You     lipgloss.Style // the marker before the person's own prompts
	Setup   lipgloss.Style // the box that says how to set a provider up

	Header        lipgloss.Style // the panel's title line
	HeaderFocused lipgloss.Style // the title of the panel the prompt goes to
	HeaderAsking  lipgloss.Style // the title of the panel whose request is shown
	Tab           lipgloss.Style // a panel's name in the tab bar
	TabActive     lipgloss.Style
	Selected      lipgloss.Style // the marker of the selected tool card
	StatusBar     lipgloss.Style
	Flash         lipgloss.Style // a one-off notice in the status bar
	Divider       lipgloss.Style

	Modal      lipgloss.Style // the approval box, border included
	ModalTitle lipgloss.Style
	Key        lipgloss.Style // a key name in the modal's footer
	Command    lipgloss.Style // the command or path being approved

	DiffAdd  lipgloss.Style
	DiffDel  lipgloss.Style
	DiffHunk lipgloss.Style
	LineNo   lipgloss.Style // line numbers of the diff view

	// Markdown in the assistant's replies.
	MdHeading lipgloss.Style
	MdBold    lipgloss.Style
	MdItalic  lipgloss.Style
	MdCode    lipgloss.Style // `inline code`
	MdLink    lipgloss.Style
	MdQuote   lipgloss.Style
	MdFence   lipgloss.Style // the gutter and language of a code block

	// Tokens in code blocks.
	CodeKeyword lipgloss.Style
	CodeString  lipgloss.Style
	CodeComment lipgloss.Style
	CodeNumber  lipgloss.Style
}

// newStyles builds the styles. Colours are the terminal's own 16, so they
// follow its palette on dark and light backgrounds alike.
func newStyles(noColor bool) *styles {
	fg := func(s lipgloss.Style, c color.Color) lipgloss.Style {
		if noColor {
			return s
		}
		return s.Foreground(c)
	}
	border := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	if !noColor {
		border = border.BorderForeground(lipgloss.Yellow)
	}
	header := lipgloss.NewStyle().Bold(true)
	if !noColor {
		header = header.Background(lipgloss.BrightBlack).Foreground(lipgloss.BrightWhite)
	} else {
		header = header.Reverse(true)
	}
	focused, asking := header.Underline(true), header
	if !noColor {
		focused = header.Background(lipgloss.Blue).Foreground(lipgloss.BrightWhite)
		asking = header.Background(lipgloss.Yellow).Foreground(lipgloss.Black)
	} else {
		// Without colour the words say it: the header of the panel that
		// asks reads "asking", and the focused one is underlined.
		asking = header.Underline(true)
	}
	base := lipgloss.NewStyle()
	return &styles{
		RiskSafe:      fg(base, lipgloss.Green),
		RiskWarning:   fg(base.Bold(true), lipgloss.Yellow),
		RiskDangerous: fg(base.Bold(true), lipgloss.Red),
		RiskBlocked:   fg(base.Bold(true).Reverse(true), lipgloss.Red),

		Muted:   base.Faint(true),
		Success: fg(base, lipgloss.Green),
		Failure: fg(base, lipgloss.Red),
		You:     fg(base.Bold(true), lipgloss.Cyan),
		Setup:   fg(lipgloss.NewStyle().Border(lipgloss.NormalBorder()).Padding(0, 1), lipgloss.Yellow),

		Header:        header,
		HeaderFocused: focused,
		HeaderAsking:  asking,
		Tab:           base.Faint(true),
		TabActive:     base.Bold(true).Reverse(true),
		Selected:      fg(base.Bold(true), lipgloss.Cyan),
		StatusBar:     base.Faint(true),
		Flash:         fg(base.Bold(true), lipgloss.Yellow),
		Divider:       base.Faint(true),

		Modal:      border,
		ModalTitle: base.Bold(true),
		Key:        base.Bold(true),
		Command:    base.Bold(true),

		DiffAdd:  fg(base, lipgloss.Green),
		DiffDel:  fg(base, lipgloss.Red),
		DiffHunk: fg(base, lipgloss.Cyan),
		LineNo:   base.Faint(true),

		MdHeading: fg(base.Bold(true), lipgloss.Magenta),
		MdBold:    base.Bold(true),
		MdItalic:  base.Italic(true),
		MdCode:    fg(base, lipgloss.Cyan),
		MdLink:    fg(base.Underline(true), lipgloss.Blue),
		MdQuote:   base.Faint(true).Italic(true),
		MdFence:   base.Faint(true),

		CodeKeyword: fg(base.Bold(true), lipgloss.Magenta),
		CodeString:  fg(base, lipgloss.Green),
		CodeComment: base.Faint(true).Italic(true),
		CodeNumber:  fg(base, lipgloss.Yellow),
	}
}

// Risk is the style of a level's badge.
func (s *styles) Risk(l classify.Level) lipgloss.Style {
	switch l {
	case classify.Safe:
		return s.RiskSafe
	case classify.Warning:
		return s.RiskWarning
	case classify.Dangerous:
		return s.RiskDangerous
	default:
		return s.RiskBlocked
	}
}
