package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/classify"
)

// logFlags are the filters of agent log.
type logFlags struct {
	since    string
	level    string
	provider string
	tool     string
	json     bool
	limit    int
}

func (a *app) logCommand() *cobra.Command {
	var f logFlags
	c := &cobra.Command{
		Use:   "log",
		Short: "Query the audit log of tool calls across sessions",
		Long: `Log lists the tool calls recorded in every session, newest first: when, which
provider, the tool and what it did, the level and why, the decision (auto,
approved, modified, denied, blocked) and who made it (policy or person), the
exit code and duration, and where the whole output is.

--level keeps calls at that level or worse: --level dangerous shows dangerous
and blocked calls. --json writes one JSON object per call, with every field:
the arguments (and the new ones when a person modified a call), the
classifier's reasons and rule, the checkpoint taken before the call, and the
session file and line holding its result.`,
		Example: `  agent log --since 1h
  agent log --level dangerous --provider openai
  agent log --tool shell --json | jq .args`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return a.redacted(func(w io.Writer) error { return a.auditLog(w, f) })
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.since, "since", "", "only calls in this last duration (30m, 1h, 7d) or since this date (2006-01-02 or RFC 3339)")
	fl.StringVar(&f.level, "level", "", "only calls at this level or worse: safe, warning, dangerous or blocked")
	fl.StringVar(&f.provider, "provider", "", "only calls of this provider")
	fl.StringVar(&f.tool, "tool", "", "only calls of this tool (shell, write_file, git...)")
	fl.BoolVar(&f.json, "json", false, "write one JSON object per call")
	fl.IntVarP(&f.limit, "number", "n", 0, "show at most this many calls (default: all)")
	return c
}

// filter turns the flags into a session.Filter.
func (f logFlags) filter(now time.Time) (session.Filter, error) {
	var out session.Filter
	if f.since != "" {
		t, err := parseSince(f.since, now)
		if err != nil {
			return out, usageError("--since %s: %v", f.since, err)
		}
		out.Since = t
	}
	if f.level != "" {
		l, err := classify.ParseLevel(f.level)
		if err != nil {
			return out, usageError("--level %s: want safe, warning, dangerous or blocked", f.level)
		}
		out.MinLevel = &l
	}
	out.Provider, out.Tool = f.provider, f.tool
	return out, nil
}

// parseSince reads a duration back from now (with d for days) or a date.
func parseSince(s string, now time.Time) (time.Time, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		var n int
		if _, err := fmt.Sscanf(days, "%d", &n); err == nil && n >= 0 && fmt.Sprint(n) == days {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return time.Time{}, fmt.Errorf("a duration back from now must not be negative")
		}
		return now.Add(-d), nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("want a duration such as 30m, 1h or 7d, or a date such as 2006-01-02")
}

func (a *app) auditLog(out io.Writer, f logFlags) error {
	filter, err := f.filter(time.Now())
	if err != nil {
		return err
	}
	calls, err := session.Audit(sessionsDir(a.getenv), filter)
	if err != nil {
		return failure(err)
	}
	if f.limit > 0 && len(calls) > f.limit {
		calls = calls[:f.limit]
	}
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, c := range calls {
			if err := enc.Encode(c); err != nil {
				return failure(err)
			}
		}
		return nil
	}
	if len(calls) == 0 {
		fmt.Fprintln(a.stderr, "No tool calls match.")
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tSESSION\tPROVIDER\tLEVEL\tDECISION\tRESULT\tCALL")
	for _, c := range calls {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Time.Local().Format("2006-01-02 15:04:05"), c.Session, c.Provider,
			levelName(c.Level), decisionText(c), resultText(c), oneLine(c.Tool+": "+callText(c), 80))
	}
	return failureIf(tw.Flush())
}

func levelName(l *classify.Level) string {
	if l == nil {
		return "-"
	}
	return l.String()
}

// decisionText is the decision and who made it: "approved/person".
func decisionText(c session.Call) string {
	if c.Decision == "" {
		return "-"
	}
	return string(c.Decision) + "/" + c.By
}

// resultText is how the call ended: exit code and duration, "-" when it
// did not run, "killed" when the session has no result.
func resultText(c session.Call) string {
	switch {
	case !c.Finished:
		return "no result"
	case c.Decision == "denied" || c.Decision == "blocked" || c.Decision == "":
		return "-"
	}
	d := time.Duration(c.DurationMS * float64(time.Millisecond)).Round(time.Millisecond)
	s := d.String()
	if c.ExitCode >= 0 {
		s = fmt.Sprintf("exit %d, %s", c.ExitCode, s)
	} else if c.IsError {
		s = "error, " + s
	}
	return s
}

// callText is what the call did: its summary, or its arguments when it
// could not be planned.
func callText(c session.Call) string {
	if c.Summary != "" {
		return c.Summary
	}
	return c.Args
}
