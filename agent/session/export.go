package session

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentcli/agent/agent"
)

// showLines is how many lines of a call's output WriteText prints.
const showLines = 12

// WriteText prints the session of e for a person reading a terminal: each
// task, the assistant's text, and every tool call with its verdict, the
// decision, the checkpoint and the first lines of its output. Records of
// unknown types are skipped.
func WriteText(w io.Writer, e Entry) error {
	s, err := Summarize(e)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "session %s · %s\n", s.ID, s.Root)
	fmt.Fprintf(bw, "started %s · %s · %d task(s), %d call(s), %d checkpoint(s)\n",
		s.Start.Local().Format("2006-01-02 15:04:05"), s.Status, s.Runs, s.Calls, s.Checkpoints)
	p := &textPrinter{w: bw, atLineStart: true}
	_, err = Each(e.Path, func(rec Record, _ int) error {
		p.record(rec)
		return nil
	})
	p.newline()
	if s.Skipped > 0 {
		fmt.Fprintf(bw, "(%d unreadable line(s) skipped: the process was probably killed while writing)\n", s.Skipped)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// textPrinter is WriteText's state between records.
type textPrinter struct {
	w           *bufio.Writer
	atLineStart bool
	provider    string
}

func (p *textPrinter) newline() {
	if !p.atLineStart {
		p.w.WriteByte('\n')
		p.atLineStart = true
	}
}

func (p *textPrinter) line(format string, args ...any) {
	p.newline()
	fmt.Fprintf(p.w, format+"\n", args...)
}

func (p *textPrinter) record(rec Record) {
	if rec.Provider != "" && rec.Provider != p.provider && rec.Type != agent.EventRunStarted {
		p.line("[%s]", rec.Provider)
	}
	if rec.Provider != "" {
		p.provider = rec.Provider
	}
	switch rec.Type {
	case TypeResumed:
		p.line("\n── resumed %s ──", clock(rec.Time))
	case agent.EventRunStarted:
		p.line("\n── %s · %s · %s ──", rec.Provider, rec.Model, clock(rec.Time))
		p.line("> %s", strings.ReplaceAll(rec.Text, "\n", "\n> "))
	case agent.EventText:
		p.w.WriteString(rec.Text)
		p.atLineStart = strings.HasSuffix(rec.Text, "\n")
	case agent.EventToolCall:
		c := rec.Call
		if c.Level == nil {
			p.line("[?] %s %s", c.Tool, c.Args)
		} else {
			p.line("[%s] %s: %s", c.Level, c.Tool, c.Summary)
		}
	case agent.EventApproval:
		d := string(rec.Decision)
		switch {
		case rec.Decision == agent.DecisionModified:
			d = fmt.Sprintf("modified by %s to %s", rec.By, rec.Call.Args)
		case rec.By != "":
			d += " by " + rec.By
		}
		if rec.Reason != "" {
			d += ": " + rec.Reason
		}
		p.line("    %s", d)
	case agent.EventCheckpoint:
		if rec.Error != "" {
			p.line("    %s", rec.Error)
		} else {
			p.line("    checkpoint %s", short(rec.Checkpoint))
		}
	case agent.EventToolResult:
		r := rec.Result
		mark := "✓"
		if r.IsError {
			mark = "✗"
		}
		status := fmt.Sprintf("    %s %s", mark, time.Duration(r.DurationMS*float64(time.Millisecond)).Round(time.Millisecond))
		if r.ExitCode >= 0 {
			status += fmt.Sprintf(", exit %d", r.ExitCode)
		}
		p.line("%s", status)
		lines := strings.Split(strings.TrimRight(r.Output, "\n"), "\n")
		for i, l := range lines {
			if i == showLines {
				p.line("      … %d more line(s)", len(lines)-showLines)
				break
			}
			p.line("      %s", l)
		}
		if r.OutputFile != "" {
			p.line("      whole output: %s", r.OutputFile)
		}
	case agent.EventError:
		p.line("error: %s", rec.Error)
	case agent.EventRetry:
		p.line("retry: %s", rec.Text)
	case agent.EventCompaction:
		if rec.Compaction != nil {
			p.line("%s", rec.Compaction.Describe(rec.Context))
			if rec.Text != "" {
				p.line("    summary: %s", strings.ReplaceAll(rec.Text, "\n", "\n    "))
			}
		}
	case agent.EventRunFinished:
		s := string(rec.Status)
		if rec.Total != nil {
			s += fmt.Sprintf(" · %d tokens in, %d out", rec.Total.InputTokens, rec.Total.OutputTokens)
		}
		if rec.Error != "" {
			s += " · " + rec.Error
		}
		p.line("── %s", s)
	}
}

// WriteMarkdown writes the session of e as a Markdown document: a header
// table, then each task with the assistant's text and every tool call with
// its arguments, verdict, decision and whole recorded output.
func WriteMarkdown(w io.Writer, e Entry) error {
	s, err := Summarize(e)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Session %s\n\n", s.ID)
	fmt.Fprintf(bw, "| | |\n|---|---|\n| Root | `%s` |\n| Started | %s |\n| Providers | %s |\n| Status | %s |\n| Tasks, calls, checkpoints | %d, %d, %d |\n",
		s.Root, s.Start.Local().Format(time.RFC3339), strings.Join(s.Providers, ", "), s.Status, s.Runs, s.Calls, s.Checkpoints)
	atLineStart := true
	para := func() {
		if !atLineStart {
			bw.WriteString("\n")
		}
		bw.WriteString("\n")
		atLineStart = true
	}
	_, err = Each(e.Path, func(rec Record, _ int) error {
		switch rec.Type {
		case TypeResumed:
			para()
			fmt.Fprintf(bw, "*Resumed %s.*\n", rec.Time.Local().Format(time.RFC3339))
		case agent.EventRunStarted:
			para()
			fmt.Fprintf(bw, "## %s (%s), %s\n\n", rec.Provider, rec.Model, rec.Time.Local().Format(time.RFC3339))
			fmt.Fprintf(bw, "> %s\n", strings.ReplaceAll(rec.Text, "\n", "\n> "))
		case agent.EventText:
			if atLineStart {
				para()
			}
			bw.WriteString(rec.Text)
			atLineStart = strings.HasSuffix(rec.Text, "\n")
		case agent.EventToolCall:
			para()
			c := rec.Call
			level := "unplanned"
			if c.Level != nil {
				level = c.Level.String()
			}
			fmt.Fprintf(bw, "### `%s` (%s): %s\n\n", c.Tool, level, inline(c.Summary))
			for _, r := range c.Reasons {
				fmt.Fprintf(bw, "- %s\n", r)
			}
			fence(bw, "json", c.Args)
		case agent.EventApproval:
			para()
			fmt.Fprintf(bw, "**Decision:** %s", rec.Decision)
			if rec.By != "" {
				fmt.Fprintf(bw, " by %s", rec.By)
			}
			if rec.Reason != "" {
				fmt.Fprintf(bw, ": %s", rec.Reason)
			}
			bw.WriteString("\n")
			if rec.Decision == agent.DecisionModified {
				fence(bw, "json", rec.Call.Args)
			}
		case agent.EventCheckpoint:
			para()
			if rec.Error != "" {
				fmt.Fprintf(bw, "**No checkpoint:** %s\n", rec.Error)
			} else {
				fmt.Fprintf(bw, "**Checkpoint:** `%s`\n", short(rec.Checkpoint))
			}
		case agent.EventToolResult:
			para()
			r := rec.Result
			// Only a command has an exit status: other tools, and a
			// command that did not exit by itself, have -1.
			switch {
			case r.ExitCode >= 0:
				fmt.Fprintf(bw, "**Result:** exit %d, %.0f ms", r.ExitCode, r.DurationMS)
			default:
				fmt.Fprintf(bw, "**Result:** %.0f ms", r.DurationMS)
			}
			if r.IsError {
				bw.WriteString(", error")
			}
			if r.OutputFile != "" {
				fmt.Fprintf(bw, "; whole output in `%s`", r.OutputFile)
			}
			bw.WriteString("\n")
			fence(bw, "", r.Output)
		case agent.EventError:
			para()
			fmt.Fprintf(bw, "**Error:** %s\n", rec.Error)
		case agent.EventCompaction:
			if rec.Compaction != nil {
				para()
				fmt.Fprintf(bw, "**%s**\n", rec.Compaction.Describe(rec.Context))
				if rec.Text != "" {
					bw.WriteString("\n")
					fence(bw, "", rec.Text)
				}
			}
		case agent.EventRunFinished:
			para()
			fmt.Fprintf(bw, "*Run %s", rec.Status)
			if rec.Total != nil {
				fmt.Fprintf(bw, ": %d tokens in, %d out", rec.Total.InputTokens, rec.Total.OutputTokens)
			}
			bw.WriteString(".*\n")
		}
		return nil
	})
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// fence writes text in a fenced code block whose fence is longer than any
// run of backticks in it.
func fence(w *bufio.Writer, lang, text string) {
	f := backticks(text, 3)
	w.WriteString("\n" + f + lang + "\n" + text)
	if !strings.HasSuffix(text, "\n") {
		w.WriteString("\n")
	}
	w.WriteString(f + "\n")
}

// backticks is a Markdown fence for text: at least least backticks, and
// more than the longest run of them in text, so that the text cannot
// close it.
func backticks(text string, least int) string {
	n, run := least, 0
	for _, c := range text {
		if c == '`' {
			run++
			n = max(n, run+1)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", n)
}

// inline makes s safe inside a Markdown heading: one line, no backticks
// breaking out.
func inline(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return "`" + strings.ReplaceAll(s, "`", "'") + "`"
}

// WriteJSON writes the session of e as one JSON document:
// {"session": Summary, "records": [Record...]}, records streamed one by one.
func WriteJSON(w io.Writer, e Entry) error {
	s, err := Summarize(e)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	bw.WriteString(`{"session":`)
	if err := enc.Encode(s); err != nil {
		return err
	}
	bw.WriteString(`,"records":[`)
	first := true
	_, err = Each(e.Path, func(rec Record, _ int) error {
		if !first {
			bw.WriteString(",")
		}
		first = false
		return enc.Encode(rec)
	})
	bw.WriteString("]}\n")
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

func clock(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05") }

// short abbreviates a checkpoint id.
func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
