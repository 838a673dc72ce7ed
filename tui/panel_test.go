package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// transcriptRows is the panel's part of the screen, header excluded.
func transcriptRows(m *model) []string {
	rows := strings.Split(screen(m), "\n")
	return rows[1:m.panelHeight()]
}

func TestPanelScroll(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "count")
	defer release()
	var text strings.Builder
	for i := range 100 {
		fmt.Fprintf(&text, "line %03d\n", i)
	}
	b.Publish(agent.Event{Type: agent.EventText, Text: text.String()})
	pump(m, b)

	bottom := transcriptRows(m)
	if last := strings.TrimSpace(bottom[len(bottom)-1]); last != "line 099" {
		t.Fatalf("the view does not follow the end: last row %q", last)
	}

	press(m, keyPgUp)
	up := transcriptRows(m)
	if up[len(up)-1] == bottom[len(bottom)-1] {
		t.Fatal("PgUp did not scroll")
	}
	if !strings.Contains(screen(m), "more rows") {
		t.Errorf("the header does not say there is more below:\n%s", screen(m))
	}

	// New output while scrolled up must not move what the person reads.
	b.Publish(agent.Event{Type: agent.EventText, Text: "line 100\nline 101\n"})
	call := shellCall("c1", "ls", classify.Safe)
	b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
	b.Publish(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto})
	pump(m, b)
	if got := transcriptRows(m); strings.Join(got, "\n") != strings.Join(up, "\n") {
		t.Errorf("the scrolled view moved when output arrived:\nbefore:\n%s\nafter:\n%s", strings.Join(up, "\n"), strings.Join(got, "\n"))
	}

	for range 20 {
		press(m, keyPgUp)
	}
	if first := strings.TrimSpace(transcriptRows(m)[0]); first != "› count" {
		t.Errorf("scrolling far up does not stop at the top: first row %q", first)
	}

	for range 20 {
		press(m, keyPgDn)
	}
	if m.panels[0].offset != 0 {
		t.Fatalf("PgDn to the end leaves offset %d", m.panels[0].offset)
	}
	b.Publish(agent.Event{Type: agent.EventText, Text: "line 102\n"})
	pump(m, b)
	rows := transcriptRows(m)
	if !strings.Contains(strings.Join(rows, "\n"), "line 102") {
		t.Errorf("at the bottom again, new output is not followed:\n%s", strings.Join(rows, "\n"))
	}
}

func TestCardStatus(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	call := shellCall("c1", "go build ./...", classify.Warning)
	tests := []struct {
		name   string
		events []agent.Event
		want   string
	}{
		{"a planned call waits for a decision", []agent.Event{{Type: agent.EventToolCall, Call: call}}, "◦ queued"},
		{"a running call shows how long it has run", []agent.Event{
			{Type: agent.EventToolCall, Call: call},
			{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto, Time: now.Add(-1500 * time.Millisecond)},
		}, "running 1.5s"},
		{"a finished call shows exit code and duration", []agent.Event{
			{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto},
			{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{ExitCode: 0, DurationMS: 2100}},
		}, "✓ exit 0 · 2.1s"},
		{"a file tool shows only its duration", []agent.Event{
			{Type: agent.EventToolResult, Call: &agent.CallInfo{ID: "f", Tool: "read_file", Summary: "go.mod", Level: lvl(classify.Safe)}, Result: &agent.CallResult{ExitCode: -1, DurationMS: 3}},
		}, "✓ 3ms"},
		{"a call that could not be planned shows its error", []agent.Event{
			{Type: agent.EventToolCall, Call: &agent.CallInfo{ID: "x", Tool: "nope", Args: "{}"}},
			{Type: agent.EventToolResult, Call: &agent.CallInfo{ID: "x", Tool: "nope", Args: "{}"}, Result: &agent.CallResult{IsError: true, ExitCode: -1, Output: "unknown tool \"nope\""}},
		}, "✗ unknown tool \"nope\""},
		{"a modified call is drawn with its new command", []agent.Event{
			{Type: agent.EventToolCall, Call: call},
			{Type: agent.EventToolCall, Call: shellCall("c1", "go vet ./...", classify.Safe)},
			{Type: agent.EventApproval, Call: call, Decision: agent.DecisionModified, By: agent.ByPerson},
			{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{DurationMS: 10}},
		}, "[safe] shell: go vet ./...\n  ✓ exit 0 · 10ms  changed and approved by you"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newStyles(true)
			p := newPanel("openai", "m", st)
			for _, e := range tt.events {
				p.apply(e, now)
			}
			out := ansi.Strip(p.render(80, 10, &frame{st: st, now: now}, lookPlain))
			if !strings.Contains(out, tt.want) {
				t.Errorf("render() =\n%s\nwant it to contain %q", out, tt.want)
			}
		})
	}
}

func TestCardKeepsOnlyTheTailOfOutput(t *testing.T) {
	c := &card{status: statusRunning}
	for i := range 1000 {
		c.addOutput(fmt.Sprintf("line %d\n", i))
	}
	c.addOutput("progress 10%\rprogress 50%\rprogress 90%")
	got := c.tailLines()
	want := []string{"line 997", "line 998", "line 999", "progress 90%"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tailLines() = %q, want %q", got, want)
	}
	if len(c.tail) > liveTail {
		t.Errorf("the card holds %d lines, want at most %d", len(c.tail), liveTail)
	}
	c.addOutput(strings.Repeat(".", 10*maxPartial))
	if n := c.partial.Len(); n > maxPartial {
		t.Errorf("an endless line is held whole: %d bytes", n)
	}
}

func TestReusedCallIDsGetCardsOfTheirOwn(t *testing.T) {
	st := newStyles(true)
	p := newPanel("ollama", "m", st)
	now := time.Now()
	run := func(turn int, command string) {
		call := shellCall("call_0", command, classify.Safe)
		p.apply(agent.Event{Type: agent.EventToolCall, Turn: turn, Call: call}, now)
		p.apply(agent.Event{Type: agent.EventApproval, Turn: turn, Call: call, Decision: agent.DecisionAuto}, now)
		p.apply(agent.Event{Type: agent.EventToolResult, Turn: turn, Call: call, Result: &agent.CallResult{}}, now)
	}
	p.addPrompt("first")
	run(1, "ls")
	run(2, "pwd") // the provider numbers calls per reply
	p.finishTurn(nil)
	p.addPrompt("second")
	run(1, "whoami") // and turns start again with each prompt
	out := ansi.Strip(p.render(80, 20, &frame{st: st, now: now}, lookPlain))
	for _, w := range []string{"shell: ls", "shell: pwd", "shell: whoami"} {
		if !strings.Contains(out, w) {
			t.Errorf("the transcript lost %q:\n%s", w, out)
		}
	}
}

func TestAnEscapeSplitBetweenTwoDeltasLeavesNoDebris(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	release := startTurn(t, m, "colours")
	defer release()
	// Each delta reaches the screen on its own, as when the screen draws
	// between them.
	for _, d := range []string{"plain \x1b[4", "1;1mRED-BG\x1b", "[0m and \x1b]0;ti", "tle\x07done"} {
		m.Update(batchMsg{eventMsg(agent.Event{Type: agent.EventText, Provider: "openai", Turn: 1, Text: d})})
	}
	out := screen(m)
	if !strings.Contains(out, "plain RED-BG and done") {
		t.Errorf("the reply is not %q on the screen:\n%s", "plain RED-BG and done", out)
	}
	for _, debris := range []string{"1mRED", "[0m", "tle"} {
		if strings.Contains(out, debris) {
			t.Errorf("the screen shows %q, the rest of a split sequence:\n%s", debris, out)
		}
	}
}

// A held command's card says it runs confined with its changes held, and
// then what it changed.
func TestCardOfAHeldCommand(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "edit")
	defer release()
	call := shellCall("h1", "sed -i s/a/b/ notes.txt", classify.Warning)
	b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
	b.Publish(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto, By: agent.ByPolicy,
		Reason: "runs held: what it changes is decided on when it has ended"})
	pump(m, b)
	if s := screen(m); !strings.Contains(s, "confined, its changes held") {
		t.Fatalf("the running card does not say its changes are held:\n%s", s)
	}
	judged := *call
	judged.Held, judged.Hidden = "modify notes.txt (+1 -1)", []string{".env"}
	b.Publish(agent.Event{Type: agent.EventToolCall, Call: &judged})
	b.Publish(agent.Event{Type: agent.EventToolResult, Call: &judged, Result: &agent.CallResult{ExitCode: 0, Output: "[applied: modify notes.txt (+1 -1)]"}})
	pump(m, b)
	if s := screen(m); !strings.Contains(s, "changes: modify notes.txt (+1 -1)") || !strings.Contains(s, "hidden from it: .env") {
		t.Errorf("the finished card does not say what the command changed and which secret files it did not see:\n%s", s)
	}
}
