package tui

import (
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// item is one entry of a panel's transcript.
type item interface {
	// rows returns the item drawn w cells wide, one string per screen row.
	// The slice belongs to the item and is valid until the item changes.
	rows(w int, f *frame) []string
}

// frame is what drawing needs besides an item's own state. It changes from
// frame to frame (the clock, the spinner) but never between items.
type frame struct {
	st   *styles
	now  time.Time
	spin string
}

// textItem is text that may grow: the assistant's streamed reply, the
// person's prompt, a notice or an error. Wrapped rows are cached per width:
// a finished line is wrapped once, and a new delta re-wraps only the
// unfinished last line, so streaming costs do not grow with the text.
type textItem struct {
	// first and rest prefix the item's first row and all other rows; they
	// are styled already and have the same width, prefixW.
	first, rest string
	prefixW     int
	// style is applied to the text of each row; nil leaves it plain.
	style *lipgloss.Style
	// hang wraps with a hanging indent (see wrapHanging): for notices,
	// whose lines are often listings.
	hang bool

	lineBuffer

	w     int      // the width the cache below was made for
	done  []string // rows of lines[:nDone]
	nDone int
	out   []string // done followed by the rows of open
	stale bool     // out must be rebuilt
}

func newTextItem(first, rest string, style *lipgloss.Style) *textItem {
	return &textItem{first: first, rest: rest, prefixW: ansi.StringWidth(first), style: style, stale: true}
}

// add appends clean text, which may hold newlines.
func (t *textItem) add(s string) {
	t.write(s)
	t.stale = true
}

// lineBuffer is streamed text split into finished lines and the open last
// one, so an item re-renders only what a new piece changed.
type lineBuffer struct {
	lines []string        // finished lines, clean
	open  strings.Builder // the unfinished last line, clean
}

// write appends clean text, which may hold newlines.
func (b *lineBuffer) write(s string) {
	for {
		before, after, found := strings.Cut(s, "\n")
		b.open.WriteString(before)
		if !found {
			return
		}
		b.lines = append(b.lines, b.open.String())
		b.open.Reset()
		s = after
	}
}

func (t *textItem) rows(w int, _ *frame) []string {
	if w != t.w {
		t.w, t.done, t.nDone, t.stale = w, t.done[:0], 0, true
	}
	if !t.stale {
		return t.out
	}
	for ; t.nDone < len(t.lines); t.nDone++ {
		t.done = t.appendRows(t.done, t.lines[t.nDone], len(t.done) == 0)
	}
	// out shares done's array: the rows of open go into its spare capacity,
	// so the finished rows are not copied again on every delta.
	t.out = t.done
	if open := t.open.String(); open != "" || len(t.done) == 0 {
		t.out = t.appendRows(t.done[:len(t.done):cap(t.done)], open, len(t.done) == 0)
	}
	t.stale = false
	return t.out
}

// appendRows wraps one line and appends its styled rows to dst.
func (t *textItem) appendRows(dst []string, line string, isFirst bool) []string {
	wrapped := wrap
	if t.hang {
		wrapped = wrapHanging
	}
	for i, r := range wrapped(line, t.w-t.prefixW) {
		if t.style != nil {
			r = t.style.Render(r)
		}
		p := t.rest
		if isFirst && i == 0 {
			p = t.first
		}
		dst = append(dst, p+r)
	}
	return dst
}

// boxItem is text drawn in a box, such as the set-up instructions. It never
// changes, so its rows are cached per width.
type boxItem struct {
	text  string
	style lipgloss.Style
	w     int
	out   []string
}

func (b *boxItem) rows(w int, _ *frame) []string {
	if w == b.w && b.out != nil {
		return b.out
	}
	inner := max(w-b.style.GetHorizontalFrameSize(), 1)
	var body []string
	for _, l := range strings.Split(b.text, "\n") {
		body = append(body, wrap(l, inner)...)
	}
	b.w = w
	b.out = strings.Split(b.style.Width(w).Render(strings.Join(body, "\n")), "\n")
	return b.out
}

// spacer is the blank row between turns.
type spacer struct{}

func (spacer) rows(int, *frame) []string { return []string{""} }
