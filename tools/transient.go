package tools

import (
	"strings"
)

// transientSigns are what a command prints when it failed because of
// something that passes by itself: another process holding a lock, or an
// executable still being written. Each maps to the reason a person reads.
var transientSigns = []struct{ sign, why string }{
	{"index.lock': File exists", "the git index is locked by another git process"},
	{"Another git process seems to be running", "the git index is locked by another git process"},
	{".lock': File exists", "a git lock file is held by another git process"},
	{"could not lock config file", "the git config is locked by another git process"},
	{"Text file busy", "text file busy: the program was still being written"},
	{"database is locked", "a database lock timed out"},
	{"Resource deadlock avoided", "a lock timed out"},
}

// transientCause says why a failed result of tool may succeed if the same
// call runs again unchanged, or "" when it would fail the same way (a test
// that fails, a bad argument, a timeout) or did not fail. Only commands
// (shell, git) are judged by their output here; web_fetch marks its own
// network failures.
func transientCause(tool string, res Result) string {
	if !res.IsError || res.TimedOut || res.Signal != "" || res.Err != nil {
		return ""
	}
	if tool != "shell" && tool != "git" {
		return ""
	}
	for _, s := range transientSigns {
		if strings.Contains(res.Output, s.sign) {
			return s.why
		}
	}
	return ""
}

// Retries is how often the agent runs a call again whose failure was
// transient (Result.Transient), from [tools] retries.
func (r *Registry) Retries() int { return r.cfg.Retries }
