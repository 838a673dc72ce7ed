package printer

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
	"github.com/agentcli/agent/tui/callfmt"
)

// NewText returns a Sink for a person reading a headless run. Assistant text
// goes to stdout as it streams; each tool call becomes one line on stderr
// when it finishes, such as
//
//	[safe] shell: go test ./...  ✓ exit 0, 1.2s
//	[dangerous] shell: rm -rf build  ✗ denied: not auto-approved
//
// and errors go to stderr too. Before a line goes to stderr, assistant text
// left without a final newline on stdout gets one, so that on a terminal the
// two streams do not run into each other. Colour is used only when color is
// true: the caller decides, from isatty and NO_COLOR. The Sink is safe for
// concurrent use; write errors are ignored, since a run must not fail
// because its output was closed.
func NewText(stdout, stderr io.Writer, color bool) agent.Sink {
	return &textSink{out: stdout, err: stderr, st: newTextStyles(color), calls: make(map[callKey]approval)}
}

// textSink is the Sink NewText returns.
type textSink struct {
	mu  sync.Mutex
	out io.Writer
	err io.Writer
	st  textStyles
	// midLine is true while stdout ends with text that has no newline yet.
	midLine bool
	// calls holds the approval decision of each call until its result comes.
	calls map[callKey]approval
	// errShown is set once the running run's error is printed, so its end
	// does not print it again.
	errShown bool
	// clean removes escapes from each provider's streamed text, carrying
	// a sequence cut between two deltas to the next one.
	clean map[string]*termsafe.Stream
}

// callKey tells calls apart across providers, whose IDs may collide.
type callKey struct{ provider, id string }

type approval struct {
	decision   agent.Decision
	by, reason string
}

// Publish writes e.
func (s *textSink) Publish(e agent.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e.Type {
	case agent.EventText:
		t := s.stream(e.Provider).Write(e.Text)
		if t == "" {
			return
		}
		io.WriteString(s.out, t)
		s.midLine = !strings.HasSuffix(t, "\n")
	case agent.EventToolCall:
		s.stream(e.Provider).Flush() // the text before the call has ended
	case agent.EventApproval:
		if e.Call != nil {
			s.calls[callKey{e.Provider, e.Call.ID}] = approval{e.Decision, e.By, e.Reason}
		}
	case agent.EventToolResult:
		if e.Call == nil || e.Result == nil {
			return
		}
		k := callKey{e.Provider, e.Call.ID}
		a := s.calls[k]
		delete(s.calls, k)
		if e.Call.Tool == agent.PlanTool && !e.Result.IsError {
			return // its plan was printed
		}
		s.line(s.toolLine(e.Call, e.Result, a))
	case agent.EventPlan:
		s.stream(e.Provider).Flush()
		for _, l := range planLines(e) {
			s.line(s.st.muted.Render(l))
		}
	case agent.EventRunStarted:
		s.errShown = false
	case agent.EventError:
		s.line(s.st.bad.Render("error: " + termsafe.Line(short(e.Error))))
		s.errShown = true
	case agent.EventReasoning:
		if l := thinkingLine(e.Text); l != "" {
			s.line(s.st.muted.Render(l))
		}
	case agent.EventRetry:
		s.line(s.st.muted.Render(termsafe.Line(e.Text)))
	case agent.EventCompaction:
		if e.Compaction != nil {
			s.line(s.st.muted.Render(termsafe.Line(e.Compaction.Describe(e.Context))))
		}
	case agent.EventRunFinished:
		s.stream(e.Provider).Flush()
		s.endText()
		if e.Error != "" && !s.errShown {
			s.line(s.st.bad.Render("error: " + termsafe.Line(e.Error)))
		}
		switch {
		case e.Total != nil:
			s.line(s.st.muted.Render(runSummary(e)))
		case e.Status == agent.StatusCancelled:
			s.line(s.st.muted.Render("cancelled"))
		}
		s.errShown = false
	}
}

// stream is the cleaner of provider's text.
func (s *textSink) stream(provider string) *termsafe.Stream {
	if s.clean == nil {
		s.clean = make(map[string]*termsafe.Stream)
	}
	st, ok := s.clean[provider]
	if !ok {
		st = &termsafe.Stream{}
		s.clean[provider] = st
	}
	return st
}

// runSummary is the last line of a run: how it ended, how many requests
// it took, the tokens, and the cost when the price is known, such as
//
//	finished after 4 turns: 12840 input and 655 output tokens, $0.0387
func runSummary(e agent.Event) string {
	var how string
	switch e.Status {
	case agent.StatusTurnLimit:
		how = "stopped at the turn limit"
	case agent.StatusTokenLimit:
		how = "stopped at the token budget"
	case agent.StatusTruncated:
		how = "stopped with the reply cut at the output token limit"
	default:
		how = string(e.Status)
	}
	turns := "turns"
	if e.Turn == 1 {
		turns = "turn"
	}
	if e.Status == agent.StatusFailed && (e.Total == nil || e.Total.InputTokens == 0 && e.Total.OutputTokens == 0) {
		// Not one request was answered: "after 1 turn" would claim one.
		return "failed before the provider answered any request"
	}
	line := fmt.Sprintf("%s after %d %s: %d input and %d output tokens", how, e.Turn, turns, e.Total.InputTokens, e.Total.OutputTokens)
	if e.TotalCost != nil {
		line += fmt.Sprintf(", $%.4f", *e.TotalCost)
	}
	return line
}

// toolLine formats one finished call.
func (s *textSink) toolLine(c *agent.CallInfo, r *agent.CallResult, a approval) string {
	var b strings.Builder
	b.WriteString(s.st.badge(c))
	b.WriteString(" ")
	b.WriteString(termsafe.Line(c.Tool))
	if sum := summary(c); sum != "" {
		b.WriteString(": ")
		b.WriteString(sum)
	}
	b.WriteString("  ")
	d := callfmt.MillisDuration(r.DurationMS)
	switch {
	case a.decision == agent.DecisionBlocked:
		b.WriteString(s.st.bad.Render("✗ blocked: " + orNone(a.reason)))
	case a.decision == agent.DecisionDenied:
		who := "denied"
		if a.by == agent.ByPolicy {
			who = "denied by policy"
		}
		b.WriteString(s.st.bad.Render("✗ " + who + ": " + orNone(a.reason)))
	case r.IsError && r.ExitCode > 0:
		b.WriteString(s.st.bad.Render(fmt.Sprintf("✗ exit %d, %s", r.ExitCode, d)))
	case r.IsError:
		b.WriteString(s.st.bad.Render("✗ error: " + orNone(termsafe.FirstLine(r.Output))))
	case r.ExitCode >= 0:
		b.WriteString(s.st.good.Render(fmt.Sprintf("✓ exit %d, %s", r.ExitCode, d)))
	default:
		b.WriteString(s.st.good.Render("✓ " + d))
	}
	switch a.decision {
	case agent.DecisionApproved:
		b.WriteString(s.st.muted.Render(" (approved)"))
	case agent.DecisionModified:
		b.WriteString(s.st.muted.Render(" (modified, then approved)"))
	}
	if c.Held != "" && c.Held != "no changes" {
		// A held command: what became of its changes.
		what := "applied"
		switch {
		case strings.HasPrefix(c.Held, "refused"):
			what = "not applied"
		case a.decision == agent.DecisionDenied, a.decision == agent.DecisionBlocked:
			what = "discarded"
		case strings.Contains(r.Output, "[its changes were not applied") || strings.Contains(r.Output, "[its changes could not"):
			what = "not applied"
		}
		b.WriteString(s.st.muted.Render(" · " + what + ": " + termsafe.Line(c.Held)))
	}
	return b.String()
}

// line writes one line to stderr, after ending any open line of text.
func (s *textSink) line(l string) {
	s.endText()
	io.WriteString(s.err, l+"\n")
}

// endText ends the open line of assistant text, if any.
func (s *textSink) endText() {
	if s.midLine {
		io.WriteString(s.out, "\n")
		s.midLine = false
	}
}

func orNone(s string) string {
	if s = termsafe.Line(short(s)); s == "" {
		return "no reason given"
	}
	return s
}

// textStyles colour the text output; with colour off they are plain.
type textStyles struct {
	levels [4]lipgloss.Style
	good   lipgloss.Style
	bad    lipgloss.Style
	muted  lipgloss.Style
}

func newTextStyles(color bool) textStyles {
	var st textStyles
	if !color {
		return st
	}
	// Basic ANSI colours, so the terminal's own palette decides the shade.
	st.levels[classify.Safe] = lipgloss.NewStyle().Foreground(lipgloss.Green)
	st.levels[classify.Warning] = lipgloss.NewStyle().Foreground(lipgloss.Yellow)
	st.levels[classify.Dangerous] = lipgloss.NewStyle().Foreground(lipgloss.Red).Bold(true)
	st.levels[classify.Blocked] = lipgloss.NewStyle().Foreground(lipgloss.Magenta).Bold(true)
	st.good = lipgloss.NewStyle().Foreground(lipgloss.Green)
	st.bad = lipgloss.NewStyle().Foreground(lipgloss.Red)
	st.muted = lipgloss.NewStyle().Faint(true)
	return st
}

// badge is "[level]" in the level's colour.
func (st textStyles) badge(c *agent.CallInfo) string {
	b := "[invalid]"
	if c != nil {
		b = "[" + callfmt.Badge(*c) + "]"
	}
	if c == nil || c.Level == nil || *c.Level < classify.Safe || *c.Level > classify.Blocked {
		return st.muted.Render(b)
	}
	return st.levels[*c.Level].Render(b)
}

// maxThinkingShown bounds the thinking shown on the tool-line stream: a
// glimpse, not the whole of it, which --json carries.
const maxThinkingShown = 160

// thinkingLine is the line that says a reply came with thinking: its start
// on one line, and how long it was. "" for none.
func thinkingLine(text string) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return ""
	}
	glimpse := agent.Clip(termsafe.Line(strings.Join(words, " ")), maxThinkingShown)
	return fmt.Sprintf("thinking (%d words; --json has all of it): %s", len(words), glimpse)
}
