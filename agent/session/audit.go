package session

import (
	"slices"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// Call is one tool call as the audit log shows it: what was asked, how it
// was judged, who decided, and how it ended.
type Call struct {
	Session  string    `json:"session"`
	Root     string    `json:"root"`
	Provider string    `json:"provider"`
	Time     time.Time `json:"time"`

	ID   string `json:"id"`
	Tool string `json:"tool"`
	// Args are the arguments the model wrote; NewArgs, those a person
	// changed them to before approving (Decision "modified").
	Args    string `json:"args"`
	NewArgs string `json:"new_args,omitempty"`
	Summary string `json:"summary,omitempty"`

	// Level, Reasons and Rule are the classifier's verdict on what ran
	// (or would have); Level is nil for a call that could not be planned.
	Level   *classify.Level `json:"level,omitempty"`
	Reasons []string        `json:"reasons,omitempty"`
	Rule    string          `json:"rule,omitempty"`

	// Decision is auto, approved, modified, denied or blocked (empty for a
	// call that could not be planned); By is policy or person; Reason says
	// why it was denied or blocked, or how it was approved.
	Decision agent.Decision `json:"decision,omitempty"`
	By       string         `json:"by,omitempty"`
	Reason   string         `json:"reason,omitempty"`

	// Checkpoint is the checkpoint taken before the call ran.
	Checkpoint string `json:"checkpoint,omitempty"`

	// The result: IsError, ExitCode (-1 when not a command or it did not
	// exit), DurationMS.
	IsError    bool    `json:"is_error"`
	ExitCode   int     `json:"exit_code"`
	DurationMS float64 `json:"duration_ms"`
	// OutputFile is where the whole output was saved when it was cut;
	// otherwise the output is the tool_result record at File:Line.
	OutputFile string `json:"output_file,omitempty"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	// Finished is false when the session holds no result for the call
	// (its process was killed while it ran).
	Finished bool `json:"finished"`
}

// Filter selects calls of the audit log. The zero value selects all.
type Filter struct {
	// Since drops calls before this time; zero keeps all.
	Since time.Time
	// MinLevel, when set, keeps calls judged at this level or worse.
	MinLevel *classify.Level
	// Provider and Tool, when set, keep calls of that provider or tool.
	Provider string
	Tool     string
}

// Match reports whether c passes the filter.
func (f Filter) Match(c Call) bool {
	switch {
	case !f.Since.IsZero() && c.Time.Before(f.Since):
		return false
	case f.MinLevel != nil && (c.Level == nil || *c.Level < *f.MinLevel):
		return false
	case f.Provider != "" && c.Provider != f.Provider:
		return false
	case f.Tool != "" && c.Tool != f.Tool:
		return false
	}
	return true
}

// Calls returns the tool calls of one session file, in the order they were
// made.
func Calls(e Entry) ([]Call, error) {
	var (
		calls []Call
		root  string
		open  = map[string]int{} // call key -> index in calls
	)
	_, err := Each(e.Path, func(rec Record, line int) error {
		if rec.Session != nil && root == "" {
			root = rec.Session.Root
		}
		if rec.Call == nil {
			if rec.Type == agent.EventRunStarted {
				// Call ids are unique within a run only.
				clear(open)
			}
			return nil
		}
		key := rec.Provider + "\x00" + rec.Call.ID
		i, ok := open[key]
		if !ok {
			if rec.Type != agent.EventToolCall && rec.Type != agent.EventToolResult {
				return nil
			}
			calls = append(calls, Call{
				Session: e.ID, Root: root, Provider: rec.Provider, Time: rec.Time,
				ID: rec.Call.ID, Tool: rec.Call.Tool, Args: rec.Call.Args, ExitCode: -1, File: e.Path,
			})
			i = len(calls) - 1
			open[key] = i
		}
		c := &calls[i]
		switch rec.Type {
		case agent.EventToolCall:
			// A modified call is planned again, and a held command is
			// judged again on what it changed: the last verdict is the
			// one of what ran. A summary left out is unchanged (see
			// Recorder).
			if rec.Call.Summary != "" {
				c.Summary = rec.Call.Summary
			}
			c.Level, c.Reasons, c.Rule = rec.Call.Level, rec.Call.Reasons, rec.Call.Rule
		case agent.EventApproval:
			c.Decision, c.By, c.Reason = rec.Decision, rec.By, rec.Reason
			// Later events of a call leave out arguments that did not
			// change (see Recorder).
			if rec.Decision == agent.DecisionModified || rec.Call.Args != "" && rec.Call.Args != c.Args {
				c.NewArgs = rec.Call.Args
			}
		case agent.EventCheckpoint:
			c.Checkpoint = rec.Checkpoint
		case agent.EventToolResult:
			if r := rec.Result; r != nil {
				c.IsError, c.ExitCode, c.DurationMS, c.OutputFile = r.IsError, r.ExitCode, r.DurationMS, r.OutputFile
			}
			c.Line, c.Finished = line, true
			delete(open, key)
		}
		return nil
	})
	return calls, err
}

// Audit returns the calls in the session files of dir that pass f,
// newest first across sessions (a long session's calls interleave with
// those of sessions started after it). A session file last written before
// f.Since is not read at all.
func Audit(dir string, f Filter) ([]Call, error) {
	entries, err := List(dir)
	if err != nil {
		return nil, err
	}
	var out []Call
	for _, e := range entries {
		if !f.Since.IsZero() && e.Modified.Before(f.Since) {
			continue
		}
		calls, err := Calls(e)
		if err != nil {
			return nil, err
		}
		for _, c := range calls {
			if f.Match(c) {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Call) int { return b.Time.Compare(a.Time) })
	return out, nil
}
