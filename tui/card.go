package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/lazyre"
	"github.com/agentcli/agent/internal/termsafe"
	"github.com/agentcli/agent/tui/callfmt"
)

// callStatus is where a tool call is in its life.
type callStatus int

const (
	statusPlanned callStatus = iota // classified, not yet decided
	statusWaiting                   // waiting for the person's answer
	statusRunning                   // approved and running
	statusDone                      // ran and succeeded
	statusFailed                    // ran and failed, or could not be planned
	statusDenied                    // a person or the policy refused it
	statusBlocked                   // the classifier blocked it
	statusStopped                   // its turn ended before it did
	statusQueued                    // approved, waiting for another provider's call to free a lock
)

// liveTail is how many lines of output a running call shows, and failTail
// how many a failed one keeps showing.
const (
	liveTail = 4
	failTail = 3
	// maxPartial bounds an output line that never ends (a progress bar
	// printing dots): only its end is kept.
	maxPartial = 1024
)

// card is one tool call in the transcript: level badge, tool, the command or
// path, its status, and while it runs the last lines of its output.
type card struct {
	call   agent.CallInfo
	turn   int // the request of the run that made the call
	status callStatus
	// waitsFor names the calls a queued call waits for.
	waitsFor string
	// retried says how often a transient failure made the call run
	// again, and why ("↻ 2 runs: the git index is locked ..."); empty
	// when it ran once.
	retried  string
	decision agent.Decision // the approval decision, once known
	reason   string         // why it was denied or blocked
	started  time.Time
	result   *agent.CallResult

	tail    []string        // the last complete output lines, clean
	partial strings.Builder // the output line still being written, raw

	// expanded shows the whole result the model received; selected marks
	// the card Enter expands. Both are changed through the panel, which
	// calls changed.
	expanded, selected bool

	w    int      // the width head and out were made for; 0 after a change
	head []string // badge, tool and command, wrapped
	out  []string // all rows; redrawn every frame only while running
}

// changed drops the cached rows after the card changed.
func (c *card) changed() { c.w = 0 }

// setCall replaces what the card describes: a modified call is planned
// again under the same ID.
func (c *card) setCall(info agent.CallInfo) {
	c.call = info
}

// addOutput appends a chunk of live output. Lines are cleaned once
// complete, after carriage returns are resolved: a chunk may end inside an
// escape sequence or between a line's rewrites.
func (c *card) addOutput(chunk string) {
	for {
		before, after, found := strings.Cut(chunk, "\n")
		c.partial.WriteString(before)
		if !found {
			break
		}
		c.tail = append(c.tail, termsafe.Text(lastLine(c.partial.String())))
		if len(c.tail) > liveTail {
			c.tail = append(c.tail[:0], c.tail[len(c.tail)-liveTail:]...)
		}
		c.partial.Reset()
		chunk = after
	}
	if c.partial.Len() > maxPartial {
		p := lastLine(c.partial.String())
		p = p[len(p)-min(len(p), maxPartial/2):]
		c.partial.Reset()
		c.partial.WriteString(strings.ToValidUTF8(p, ""))
	}
}

// tailLines are the output lines to show now, oldest first.
func (c *card) tailLines() []string {
	n := 0
	switch c.status {
	case statusRunning:
		n = liveTail
	case statusFailed:
		n = failTail
	default:
		return nil
	}
	lines := c.tail
	if p := termsafe.Text(lastLine(c.partial.String())); p != "" {
		lines = append(lines[:len(lines):len(lines)], p)
	}
	return lines[max(0, len(lines)-n):]
}

func (c *card) rows(w int, f *frame) []string {
	if c.w == w && c.status != statusRunning {
		return c.out // nothing in it depends on the clock
	}
	if c.w != w {
		c.w = w
		c.head = c.header(w, f.st)
	}
	c.out = append(c.out[:0], c.head...)
	if c.selected {
		// The header was wrapped two cells short, so the marker fits.
		c.out[0] = f.st.Selected.Render("▶ ") + c.out[0]
	}
	c.out = append(c.out, fit("  "+c.statusText(f), w))
	if c.expanded && c.result != nil {
		out := strings.TrimRight(termsafe.Text(c.result.Output), "\n")
		if out == "" {
			out = "(no output)"
		}
		for _, l := range strings.Split(out, "\n") {
			for _, r := range wrap(l, w-4) {
				c.out = append(c.out, f.st.Muted.Render("  │ ")+r)
			}
		}
		return c.out
	}
	for _, l := range c.tailLines() {
		c.out = append(c.out, f.st.Muted.Render(fit("  │ "+l, w)))
	}
	if saved := savedOutput(c.result); saved != "" {
		for _, r := range wrap("full output saved in "+saved, w-4) {
			c.out = append(c.out, f.st.Muted.Render("  "+r))
		}
	}
	if c.selected && c.result != nil {
		c.out = append(c.out, f.st.Muted.Render(fit("  enter shows the whole result", w)))
	}
	return c.out
}

// savedRe finds the note the tools add when they cut a command's output.
var savedRe = lazyre.New(`the whole output \(\d+ bytes\) is in (\S+) \.\.\.\]`)

// savedOutput is the file the whole output of a cut result was saved in,
// or "".
func savedOutput(r *agent.CallResult) string {
	if r == nil {
		return ""
	}
	if m := savedRe().FindStringSubmatch(r.Output); m != nil {
		return termsafe.Line(m[1])
	}
	return ""
}

// header is "[level] tool: command", wrapped, never cut: the person must be
// able to read all of what runs. The badge keeps its level's style.
func (c *card) header(w int, st *styles) []string {
	badge := "[" + callfmt.Badge(c.call) + "]"
	text := badge + " " + termsafe.Line(c.call.Tool)
	if s := callfmt.Line(c.call, 0); s != "" {
		text += ": " + s
	}
	// Two cells are kept for the indent of continuation rows.
	rows := wrap(text, w-2)
	for i := 1; i < len(rows); i++ {
		rows[i] = "  " + rows[i]
	}
	if strings.HasPrefix(rows[0], badge) {
		style := st.Muted
		if c.call.Level != nil {
			style = st.Risk(*c.call.Level)
		}
		rows[0] = style.Render(badge) + rows[0][len(badge):]
	}
	return rows
}

// statusText is the card's second row: what is happening to the call.
func (c *card) statusText(f *frame) string {
	st := f.st
	switch c.status {
	case statusPlanned:
		return st.Muted.Render("◦ queued")
	case statusWaiting:
		return st.RiskWarning.Render("? waiting for your approval")
	case statusRunning:
		held := ""
		if strings.HasPrefix(c.reason, "runs held") {
			held = " · confined, its changes held"
		}
		return f.spin + st.Muted.Render(" running "+callfmt.Duration(f.now.Sub(c.started))+held)
	case statusDenied:
		return st.Failure.Render("✗ denied: " + orNone(c.reason))
	case statusBlocked:
		return st.Failure.Render("⊘ blocked: " + orNone(c.reason))
	case statusStopped:
		return st.Muted.Render("■ stopped with its turn")
	case statusQueued:
		return st.RiskWarning.Render("◦ queued: waits for " + orNone(c.waitsFor))
	}
	r := c.result
	if r == nil {
		return ""
	}
	d := callfmt.MillisDuration(r.DurationMS)
	var s string
	switch {
	case c.status == statusDone && r.ExitCode >= 0:
		s = st.Success.Render(fmt.Sprintf("✓ exit %d · %s", r.ExitCode, d))
	case c.status == statusDone:
		s = st.Success.Render("✓ " + d)
	case r.ExitCode > 0:
		s = st.Failure.Render(fmt.Sprintf("✗ exit %d · %s", r.ExitCode, d))
	default:
		s = st.Failure.Render("✗ " + orNone(termsafe.FirstLine(r.Output)))
	}
	if c.retried != "" {
		s += st.RiskWarning.Render("  " + c.retried)
	}
	if h := c.call.Held; h != "" && h != "no changes" {
		// What a held command changed, applied or not (the result says).
		s += st.Muted.Render("  changes: " + termsafe.Line(h))
	}
	if hidden := c.call.Hidden; len(hidden) > 0 {
		s += st.Muted.Render("  hidden from it: " + termsafe.Line(strings.Join(hidden, ", ")))
	}
	switch {
	case c.decision == agent.DecisionApproved && strings.HasPrefix(c.reason, "session rule"):
		s += st.Muted.Render("  approved by " + termsafe.Line(c.reason))
	case c.decision == agent.DecisionApproved:
		s += st.Muted.Render("  approved by you")
	case c.decision == agent.DecisionModified:
		s += st.Muted.Render("  changed and approved by you")
	}
	return s
}

func orNone(s string) string {
	if s = termsafe.Line(s); s == "" {
		return "no reason given"
	}
	return s
}
