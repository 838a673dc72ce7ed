package printer

import (
	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tui/callfmt"
)

// summary is what a person reads for a call, on one line, cut to about
// maxShown bytes.
func summary(c *agent.CallInfo) string {
	if c == nil {
		return ""
	}
	return callfmt.Line(*c, maxShown)
}

// maxShown is the most of a summary, an argument list or an error that a
// line repeats: a model may send megabytes of arguments.
const maxShown = 1024

// short cuts s to about maxShown bytes, keeping its head and tail.
func short(s string) string { return agent.Clip(s, maxShown) }
