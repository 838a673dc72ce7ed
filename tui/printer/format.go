package printer

import (
	"fmt"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
)

// levelName is the badge word of a call: its level; for a valid call that
// was not run, what happened ("skipped: token budget reached"); or
// "invalid" when the call could not be planned and so was never
// classified.
func levelName(c *agent.CallInfo) string {
	if c != nil && c.Level == nil && c.Skipped != "" {
		return "skipped: " + termsafe.Line(c.Skipped)
	}
	if c == nil || c.Level == nil {
		return "invalid"
	}
	return c.Level.String()
}

// summary is what a person reads for a call, on one line.
func summary(c *agent.CallInfo) string {
	if c == nil {
		return ""
	}
	if c.Summary != "" {
		return termsafe.Line(short(c.Summary))
	}
	return termsafe.Line(short(c.Args))
}

// maxShown is the most of a summary, an argument list or an error that a
// line repeats: a model may send megabytes of arguments.
const maxShown = 1024

// short cuts s to about maxShown bytes, keeping its head and tail.
func short(s string) string { return agent.Clip(s, maxShown) }

// formatDuration rounds d to what a person wants to read: milliseconds
// below a second, tenths of a second below a minute, then minutes and
// seconds.
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	default:
		d = d.Round(time.Second)
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
}
