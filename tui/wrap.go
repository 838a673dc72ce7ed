package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrap breaks one logical line of clean text (no newlines, no escapes) into
// rows at most w cells wide: at spaces where it can, inside a word where it
// must. Tabs become spaces first, since a tab's width depends on where it
// lands. Width is measured in cells, never in bytes.
func wrap(s string, w int) []string {
	w = max(w, 1)
	s = expandTabs(s)
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// tabWidth is where tab stops fall, as in a terminal.
const tabWidth = 8

// expandTabs replaces each tab with the spaces up to the next tab stop.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for {
		before, after, found := strings.Cut(s, "\t")
		b.WriteString(before)
		col += ansi.StringWidth(before)
		if !found {
			return b.String()
		}
		n := tabWidth - col%tabWidth
		b.WriteString(strings.Repeat(" ", n))
		col += n
		s = after
	}
}

// fit cuts a row that may be too wide to w cells, marking the cut.
func fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w, 1), "…")
}

// lastLine returns what a line of command output finally shows: a carriage
// return sends the cursor back to the start of the line, so only the text
// after the last one is visible (progress bars rely on this). A CRLF ending
// is not such a return.
func lastLine(s string) string {
	s = strings.TrimSuffix(s, "\r")
	if i := strings.LastIndexByte(s, '\r'); i >= 0 {
		return s[i+1:]
	}
	return s
}
