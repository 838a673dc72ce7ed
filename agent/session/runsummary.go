package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agentcli/agent/agent"
)

// ErrNoEvents is returned by WriteRunSummary when its input holds no event:
// the output of an agent run without --json, or of a run that never started.
var ErrNoEvents = errors.New("no agent events in the input (was agent run given --json?)")

// maxSummaryLine bounds one line of the input: a tool result carries at
// most the output the model receives, far below this.
const maxSummaryLine = 64 << 20

// WriteRunSummary reads the JSON Lines of `agent run --json` (or a session
// file) from r and writes to w a short Markdown report of each provider's
// run, for a CI job's summary page: how it ended and its exit code, the
// task, the answer (the text of the last reply that had any), every tool
// call with its level, decision and result, the calls refused, errors, and
// the tokens and cost. Lines that are not events are counted and said, not
// fatal: a run killed mid-line leaves a torn last line. It returns
// ErrNoEvents when r holds no event, and r's read errors.
func WriteRunSummary(w io.Writer, r io.Reader) error {
	var runs []*runReport
	byProvider := map[string]*runReport{}
	skipped := 0
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if len(line) > 0 {
			var rec Record
			if json.Unmarshal(line, &rec) != nil || rec.Type == "" {
				skipped++
			} else {
				rr := byProvider[rec.Provider]
				if rr == nil || rec.Type == agent.EventRunStarted && rr.started {
					rr = &runReport{provider: rec.Provider}
					byProvider[rec.Provider] = rr
					runs = append(runs, rr)
				}
				rr.add(rec)
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("run summary: %w", err)
		}
	}
	if len(runs) == 0 {
		return ErrNoEvents
	}
	bw := bufio.NewWriter(w)
	for i, rr := range runs {
		if i > 0 {
			bw.WriteString("\n")
		}
		rr.write(bw)
	}
	if skipped > 0 {
		fmt.Fprintf(bw, "\n*%d line(s) of the input were not agent events and were skipped.*\n", skipped)
	}
	return bw.Flush()
}

// readLine returns the next line, trimmed. A line longer than
// maxSummaryLine is cut there, so it does not decode and is counted as
// skipped; memory stays bounded whatever the input.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(buf)+len(part) <= maxSummaryLine {
			buf = append(buf, part...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSpace(buf), err
	}
}

// runReport is what WriteRunSummary keeps of one provider's run.
type runReport struct {
	provider, model, task string
	started               bool
	// answerTurn and answer: the text of the last turn that had text.
	answerTurn int
	answer     strings.Builder
	calls      []*callReport
	byID       map[string]*callReport
	errors     []string
	finished   *Record
	// lastUsage is the last usage event, for the totals of a run that
	// did not finish.
	lastUsage *Record
}

// callReport is one tool call of a run.
type callReport struct {
	info     agent.CallInfo
	decision agent.Decision
	by       string
	reason   string
	result   *agent.CallResult
}

func (rr *runReport) add(rec Record) {
	switch rec.Type {
	case agent.EventRunStarted:
		rr.started = true
		rr.model, rr.task = rec.Model, rec.Text
	case agent.EventText:
		if rec.Turn != rr.answerTurn {
			rr.answerTurn = rec.Turn
			rr.answer.Reset()
		}
		rr.answer.WriteString(rec.Text)
	case agent.EventToolCall:
		if rec.Call == nil {
			return
		}
		if c := rr.byID[rec.Call.ID]; c != nil && c.result == nil {
			// A held command judged again on what it changed: the same
			// call, with its new verdict (the recorder leaves out what
			// did not change).
			summary, args := c.info.Summary, c.info.Args
			c.info = *rec.Call
			if c.info.Summary == "" {
				c.info.Summary = summary
			}
			if c.info.Args == "" {
				c.info.Args = args
			}
			return
		}
		c := &callReport{info: *rec.Call}
		if rr.byID == nil {
			rr.byID = map[string]*callReport{}
		}
		rr.byID[c.info.ID] = c
		rr.calls = append(rr.calls, c)
	case agent.EventApproval:
		if c := rr.call(rec.Call); c != nil {
			c.decision, c.by, c.reason = rec.Decision, rec.By, rec.Reason
			if rec.Decision == agent.DecisionModified {
				c.info.Args = rec.Call.Args
				if rec.Call.Summary != "" {
					c.info.Summary = rec.Call.Summary
				}
			}
		}
	case agent.EventToolResult:
		if c := rr.call(rec.Call); c != nil {
			c.result = rec.Result
		}
	case agent.EventUsage:
		rr.lastUsage = &rec
	case agent.EventError:
		if rec.Error != "" {
			rr.errors = append(rr.errors, rec.Error)
		}
	case agent.EventRunFinished:
		rr.finished = &rec
	}
}

func (rr *runReport) call(info *agent.CallInfo) *callReport {
	if info == nil {
		return nil
	}
	return rr.byID[info.ID]
}

// refused says whether a call was denied or blocked.
func (c *callReport) refused() bool {
	return c.decision == agent.DecisionDenied || c.decision == agent.DecisionBlocked
}

func (c *callReport) level() string {
	if c.info.Level == nil {
		return "unplanned"
	}
	return c.info.Level.String()
}

func (rr *runReport) write(w *bufio.Writer) {
	title := "agent run"
	if rr.provider != "" {
		title += ": " + rr.provider
		if rr.model != "" {
			title += " (" + rr.model + ")"
		}
	}
	status, mark := "did not finish (no run_finished event: the process was killed?)", "❓"
	if f := rr.finished; f != nil {
		status = string(f.Status)
		if f.ExitCode != nil {
			status += fmt.Sprintf(", exit %d", *f.ExitCode)
		}
		mark = statusMark(f)
	}
	fmt.Fprintf(w, "## %s %s\n\n", mark, cell(title))
	if rr.task != "" {
		fmt.Fprintf(w, "> %s\n\n", strings.ReplaceAll(strings.TrimRight(rr.task, "\n"), "\n", "\n> "))
	}
	refused := 0
	for _, c := range rr.calls {
		if c.refused() {
			refused++
		}
	}
	w.WriteString("| | |\n|---|---|\n")
	fmt.Fprintf(w, "| Status | %s |\n", cell(status))
	if f := rr.finished; f != nil && f.Turn > 0 {
		fmt.Fprintf(w, "| Requests | %d |\n", f.Turn)
	}
	fmt.Fprintf(w, "| Tool calls | %d, %d refused |\n", len(rr.calls), refused)
	total, cost := rr.totals()
	if total != "" {
		fmt.Fprintf(w, "| Tokens | %s |\n", total)
	}
	if cost != "" {
		fmt.Fprintf(w, "| Cost | %s |\n", cost)
	}

	if answer := strings.TrimSpace(rr.answer.String()); answer != "" {
		w.WriteString("\n### Answer\n\n")
		w.WriteString(answer)
		w.WriteString("\n")
	}
	if len(rr.calls) > 0 {
		w.WriteString("\n### Tools\n\n| level | tool | call | decision | result |\n|---|---|---|---|---|\n")
		for _, c := range rr.calls {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", c.level(), cell(c.info.Tool), code(c.info.Summary, c.info.Args), cell(c.decided()), cell(c.outcome()))
		}
	}
	if refused > 0 {
		w.WriteString("\n### Refused\n\n")
		for _, c := range rr.calls {
			if c.refused() {
				fmt.Fprintf(w, "- **%s** %s %s: %s\n", c.level(), cell(c.info.Tool), code(c.info.Summary, c.info.Args), oneLine(c.reasonOrDecision()))
			}
		}
	}
	if len(rr.errors) > 0 {
		w.WriteString("\n### Errors\n\n")
		for _, e := range rr.errors {
			fmt.Fprintf(w, "- %s\n", oneLine(e))
		}
	}
}

// statusMark is an emoji for how a run ended, by its exit code.
func statusMark(f *Record) string {
	switch {
	case f.ExitCode == nil:
		return "❓"
	case *f.ExitCode == 0:
		return "✅"
	case *f.ExitCode == 3:
		return "⚠️"
	}
	return "❌"
}

// totals are the tokens and cost of the run: run_finished's, or the last
// usage event's when it did not finish.
func (rr *runReport) totals() (tokens, cost string) {
	src := rr.finished
	if src == nil || src.Total == nil {
		src = rr.lastUsage
	}
	if src == nil || src.Total == nil {
		return "", ""
	}
	t := src.Total
	tokens = fmt.Sprintf("%d in, %d out", t.InputTokens, t.OutputTokens)
	if t.CachedInputTokens > 0 {
		tokens += fmt.Sprintf(" (%d of them cached)", t.CachedInputTokens)
	}
	if src.TotalCost != nil {
		cost = fmt.Sprintf("$%.4f", *src.TotalCost)
	}
	return tokens, cost
}

// decided says who decided a call, and how.
func (c *callReport) decided() string {
	if c.decision == "" {
		return "—"
	}
	d := string(c.decision)
	if c.by != "" && c.decision != agent.DecisionAuto && c.decision != agent.DecisionBlocked {
		d += " by " + c.by
	}
	return d
}

// outcome says how a call ended.
func (c *callReport) outcome() string {
	r := c.result
	switch {
	case r == nil && c.refused():
		return "not run"
	case r == nil:
		return "no result"
	case c.refused() && c.info.Held != "":
		return "ran confined, changes discarded"
	case c.refused():
		return "not run"
	}
	mark := "✓"
	if r.IsError {
		mark = "✗"
	}
	if r.ExitCode >= 0 {
		return fmt.Sprintf("%s exit %d, %.0f ms", mark, r.ExitCode, r.DurationMS)
	}
	return fmt.Sprintf("%s %.0f ms", mark, r.DurationMS)
}

func (c *callReport) reasonOrDecision() string {
	if c.reason != "" {
		return c.reason
	}
	return string(c.decision)
}

// cell makes s fit in one cell of a Markdown table: one line, pipes
// escaped.
func cell(s string) string {
	return strings.ReplaceAll(oneLine(s), "|", `\|`)
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// code is a call's summary (or its arguments when it has none) as inline
// code in a table cell, cut to 120 characters.
func code(summary, args string) string {
	s := summary
	if s == "" {
		s = args
	}
	s = oneLine(s)
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	if s == "" {
		return ""
	}
	// A code span whose fence is longer than any run of backticks in it;
	// the pipe is escaped even there, since tables split on it first.
	f := backticks(s, 1)
	return f + " " + strings.ReplaceAll(s, "|", `\|`) + " " + f
}
