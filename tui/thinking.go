package tui

import "fmt"

// liveThinkingRows is how many rows of the thinking a panel shows while
// it streams: enough to see the model work, few enough that the reply
// does not start a screen away.
const liveThinkingRows = 6

// thinkItem is the model's thinking in one reply, drawn dimmed under a
// one-row heading. While it streams its last rows show; once the reply
// goes on it folds to the heading alone, and the person unfolds it (and
// every other thinking of the panel) with the Thinking key.
type thinkItem struct {
	body *textItem
	// live is set while the thinking streams.
	live bool
	// expanded shows all of it once it is done.
	expanded bool
	// turn is the run's turn whose reply it is.
	turn int

	w     int // the width out was made for
	out   []string
	stale bool
}

func newThinkItem(st *styles) *thinkItem {
	return &thinkItem{body: newTextItem("  ", "  ", &st.Muted), live: true, stale: true}
}

// add appends clean thinking, which may hold newlines.
func (t *thinkItem) add(s string) { t.body.add(s); t.stale = true }

// reset drops what streamed, for a reply that is sent again.
func (t *thinkItem) reset() {
	t.body = newTextItem(t.body.first, t.body.rest, t.body.style)
	t.stale = true
}

// changed marks the cached rows stale.
func (t *thinkItem) changed() { t.stale = true }

func (t *thinkItem) rows(w int, f *frame) []string {
	if w == t.w && !t.stale {
		return t.out
	}
	t.w, t.stale = w, false
	var head string
	var body []string
	switch {
	case t.live:
		head = "▾ thinking…"
		body = t.body.rows(w, f)
		if len(body) > liveThinkingRows {
			body = body[len(body)-liveThinkingRows:]
		}
	case t.expanded:
		head = "▾ thinking"
		body = t.body.rows(w, f)
	default:
		// Folded, it is not wrapped at all.
		lines := len(t.body.lines)
		if t.body.open.Len() > 0 {
			lines++
		}
		head = fmt.Sprintf("▸ thinking · %d %s", lines, plural(lines, "line", "lines"))
	}
	t.out = append(append(t.out[:0], f.st.Muted.Render(fit(head, w))), body...)
	return t.out
}

// plural picks the word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
