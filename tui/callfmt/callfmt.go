// Package callfmt is how a tool call reads for a person, in the screen
// and in the headless printer alike: its badge word, its one line, the
// whole of what it runs, and how long it took. One wording, so the two
// faces never describe a call differently.
//
// Everything it returns is safe to print on a terminal: text from a model
// passes through termsafe first. It formats only; it never decides.
package callfmt

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
)

// Badge is the word in a call's badge: its level; for a valid call that
// was not run, why ("skipped: token budget reached"); or "invalid" for a
// call that could not be planned and so was never classified.
func Badge(c agent.CallInfo) string {
	switch {
	case c.Level != nil:
		return c.Level.String()
	case c.Skipped != "":
		return "skipped: " + termsafe.Line(c.Skipped)
	}
	return "invalid"
}

// Line is a call on one line: its summary, else its raw arguments. When
// max > 0 the text is first cut to about max bytes, keeping its head and
// tail (agent.Clip): a model may send megabytes of arguments. max <= 0
// keeps it whole, for a view that wraps it.
func Line(c agent.CallInfo, max int) string {
	s := c.Summary
	if s == "" {
		s = c.Args
	}
	if max > 0 {
		s = agent.Clip(s, max)
	}
	return termsafe.Line(s)
}

// Text is all of what a call will do, for a person deciding on it: a
// shell call's whole command (its summary may shorten it), otherwise its
// summary, else its raw arguments. It may hold several lines.
func Text(c agent.CallInfo) string {
	if c.Tool == "shell" {
		var args struct {
			Command string `json:"command"`
		}
		if json.Unmarshal([]byte(c.Args), &args) == nil && args.Command != "" {
			return termsafe.Text(args.Command)
		}
	}
	if c.Summary != "" {
		return termsafe.Text(c.Summary)
	}
	return termsafe.Text(c.Args)
}

// Duration rounds d for reading: milliseconds below a second, tenths of a
// second below a minute, then minutes and seconds. A negative d (a clock
// that stepped back) reads as 0ms.
func Duration(d time.Duration) string {
	switch {
	case d < 0:
		return "0ms"
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	default:
		d = d.Round(time.Second)
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
}

// MillisDuration is Duration of a figure in milliseconds, as events carry
// them (agent.CallResult.DurationMS).
func MillisDuration(ms float64) string {
	return Duration(time.Duration(ms * float64(time.Millisecond)))
}
