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

// wrapHanging is wrap with a hanging indent: the rows after the first
// start under where the line's text does, and for a line laid out as
// columns ("  /model NAME   ask another model…"), under its last column,
// so that a listing stays readable when it wraps. An indent wider than
// half of w is dropped.
func wrapHanging(s string, w int) []string {
	w = max(w, 1)
	s = expandTabs(s)
	rows := wrap(s, w)
	ind := hangIndent(s)
	if len(rows) == 1 || ind == 0 || ind > w/2 || !strings.HasPrefix(s, rows[0]) {
		return rows
	}
	rest := strings.TrimLeft(s[len(rows[0]):], " ")
	pad := strings.Repeat(" ", ind)
	out := rows[:1]
	for _, r := range wrap(rest, w-ind) {
		out = append(out, pad+r)
	}
	return out
}

// hangIndent is the column a wrapped line's further rows start at: after
// the last run of two or more spaces that follows text (the start of the
// last column), else after the line's leading spaces.
func hangIndent(s string) int {
	lead := len(s) - len(strings.TrimLeft(s, " "))
	col := lead
	for i := lead; i < len(s); i++ {
		if s[i] != ' ' || i+1 >= len(s) || s[i+1] != ' ' {
			continue
		}
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) {
			col = ansi.StringWidth(s[:j])
		}
		i = j
	}
	return col
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
