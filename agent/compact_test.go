package agent_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// readingTask writes n files in root, every seventh one large, and
// returns a script that reads them one per turn, then answers.
func readingTask(t *testing.T, root string, n int) llmtest.Script {
	t.Helper()
	var script llmtest.Script
	for i := range n {
		size := 1200
		if i%7 == 3 {
			size = 6000
		}
		body := fmt.Sprintf("file %d begins\n", i) + strings.Repeat(fmt.Sprintf("line of file %d\n", i), size/16) + fmt.Sprintf("file %d ends\n", i)
		if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("f%02d.txt", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		turn := llmtest.Use(llmtest.UseTool("read_file", fmt.Sprintf(`{"path": "f%02d.txt"}`, i)))
		turn.Text = fmt.Sprintf("Reading file %d.", i)
		script = append(script, turn)
	}
	return append(script, llmtest.Say("All files read."))
}

// newLoopIn is newLoop in a root the test prepared.
func newLoopIn(t *testing.T, root string, prov llm.Provider, mod func(*agent.Options)) *loop {
	t.Helper()
	l := newLoop(t, prov, mod)
	reg := newRegistry(t, root)
	opts := agent.Options{Provider: prov, Tools: reg, Approver: agent.DenyAll{}, Sink: l.sink, Config: agent.DefaultConfig()}
	opts.Config.Retries = 0
	if mod != nil {
		mod(&opts)
	}
	l.root, l.ag = root, agent.New(opts)
	return l
}

const summaryText = "Summary: the files read so far were all fine; go on with the next one."

// A task that outgrows the window finishes: old outputs are shortened,
// the conversation is summarised in requests without tools, no request
// is larger than the server's window, and every file is read.
func TestLongTaskIsCompactedAndFinishes(t *testing.T) {
	const window = 12000
	root := t.TempDir()
	prov := llmtest.NewProvider("fake", readingTask(t, root, 40))
	prov.SetContextWindow(window)
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoopIn(t, root, prov, func(o *agent.Options) {
		o.ContextWindow = window
		o.Config.MaxTurns = 100
	})
	out, err := l.ag.Run(t.Context(), "read every file")
	if err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %v, %v; want finished", out.Status, err)
	}
	if out.Turns != 41 {
		t.Errorf("Turns = %d, want 41 (compaction requests are not turns)", out.Turns)
	}
	var summaries, shortened int
	for _, e := range l.sink.ofType(agent.EventCompaction) {
		switch e.Compaction.Kind {
		case agent.CompactSummary:
			summaries++
			if e.Text != summaryText || e.Compaction.Failed != "" || e.Usage == nil || e.Context.Used >= e.Context.Before {
				t.Errorf("summary event = %+v (context %+v), want the summary, its usage, and less context after than before", e.Compaction, e.Context)
			}
		case agent.CompactShorten:
			shortened += e.Compaction.Shortened
		}
	}
	if summaries == 0 || shortened == 0 {
		t.Errorf("%d summaries and %d shortened outputs, want both", summaries, shortened)
	}
	asked := 0
	for i, req := range prov.Requests() {
		if in := llmtest.EstimateUsage(req, llmtest.Turn{}).InputTokens; in > window {
			t.Errorf("request %d holds %d tokens, more than the window of %d", i, in, window)
		}
		if len(req.Tools) > 0 {
			continue
		}
		asked++
		if len(req.Messages) != 1 || !strings.Contains(req.Messages[0].Content, "read every file") {
			t.Errorf("summary request %d = %+v, want one message with the transcript", i, req.Messages)
		}
	}
	if asked != summaries {
		t.Errorf("%d requests without tools, want one per summary (%d)", asked, summaries)
	}
	if got := len(l.sink.ofType(agent.EventToolResult)); got != 40 {
		t.Errorf("%d tool results, want 40", got)
	}
	h := l.ag.History()
	if h[0].Role != llm.RoleUser || !strings.HasPrefix(h[0].Content, "read every file") || !strings.Contains(h[0].Content, summaryText) {
		t.Errorf("first message = %q, want the task and the summary", h[0].Content)
	}
	if h[1].Role != llm.RoleAssistant {
		t.Errorf("second message is from %s, want the assistant: the kept turns begin with a reply", h[1].Role)
	}
	usage := l.sink.ofType(agent.EventUsage)
	last := usage[len(usage)-1]
	if last.Context == nil || last.Context.Window != window || last.Context.Used <= 0 || last.Context.Used > window {
		t.Errorf("last usage event's context = %+v, want the fill of a %d-token window", last.Context, window)
	}
}

// The decisions: outputs of the last two replies stay whole; older long
// ones are cut to head and tail with the saved file named; short ones are
// left alone.
func TestShorteningKeepsRecentOutputsWhole(t *testing.T) {
	root := t.TempDir()
	script := readingTask(t, root, 8)
	prov := llmtest.NewProvider("fake", script)
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoopIn(t, root, prov, func(o *agent.Options) {
		// Large enough for no summary, small enough to shorten: the
		// system prompt and tools take about 2,600 tokens, a short file
		// 430, a long one 2,100.
		o.ContextWindow = 8800
	})
	if _, err := l.ag.Run(t.Context(), "read every file"); err != nil {
		t.Fatal(err)
	}
	if n := len(l.sink.ofType(agent.EventCompaction)); n == 0 {
		t.Fatal("no compaction event")
	}
	for _, e := range l.sink.ofType(agent.EventCompaction) {
		if e.Compaction.Kind != agent.CompactShorten {
			t.Errorf("compaction %+v, want only shortening", e.Compaction)
		}
	}
	h := l.ag.History()
	var results []llm.Message
	for _, m := range h {
		if m.Role == llm.RoleTool {
			results = append(results, m)
		}
	}
	if len(results) != 8 {
		t.Fatalf("%d results in the history, want 8", len(results))
	}
	long := results[3] // f03.txt, 6000 bytes, read long ago
	if !strings.HasPrefix(long.Content, "file 3 begins") && !strings.Contains(long.Content, "file 3 begins") || !strings.Contains(long.Content, "file 3 ends") || !strings.Contains(long.Content, "bytes cut here") {
		t.Errorf("old long output = %q, want its head, its tail and a note", long.Content)
	}
	i := strings.Index(long.Content, "is in ")
	if i < 0 {
		t.Fatalf("the note names no file: %q", long.Content)
	}
	file := strings.Fields(long.Content[i+len("is in "):])[0]
	if b, err := os.ReadFile(file); err != nil || !strings.Contains(string(b), "file 3 ends") || len(b) < 6000 {
		t.Errorf("saved output %s: %d bytes, %v; want the whole output", file, len(b), err)
	}
	for _, r := range results[6:] {
		if strings.Contains(r.Content, "bytes cut here") {
			t.Errorf("a result of the last two replies was shortened: %q", r.Content)
		}
	}
	if strings.Contains(results[0].Content, "bytes cut here") {
		t.Errorf("a short output was shortened: %q", results[0].Content)
	}
}

// A server that refuses the request as too long gets one compaction and
// the same turn again; the run finishes.
func TestContextLengthErrorCompactsAndRetries(t *testing.T) {
	root := t.TempDir()
	script := readingTask(t, root, 12)
	prov := llmtest.NewProvider("fake", script)
	prov.SetContextWindow(7000) // smaller than the agent believes
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoopIn(t, root, prov, func(o *agent.Options) { o.ContextWindow = 200_000 })
	out, err := l.ag.Run(t.Context(), "read every file")
	if err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %v, %v; want finished after compacting", out.Status, err)
	}
	var overflow int
	for _, e := range l.sink.ofType(agent.EventCompaction) {
		if e.Compaction.Reason == agent.ReasonOverflow && e.Compaction.Kind == agent.CompactSummary {
			overflow++
		}
	}
	if overflow == 0 {
		t.Errorf("no summary for an overflow in %+v", l.sink.ofType(agent.EventCompaction))
	}
	if errs := l.sink.ofType(agent.EventError); len(errs) != 0 {
		t.Errorf("error events %+v, want none", errs)
	}
}

// When compacting cannot help (the task alone is too long), the run fails
// with the server's error after one try, rather than looping.
func TestContextLengthErrorThatCompactionCannotFix(t *testing.T) {
	prov := llmtest.NewProvider("fake", llmtest.Script{llmtest.Say("never")})
	prov.SetContextWindow(3000)
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoop(t, prov, nil)
	out, err := l.ag.Run(t.Context(), strings.Repeat("a very long task ", 2000))
	if llm.KindOf(err) != llm.KindContextLength || out.Status != agent.StatusFailed {
		t.Fatalf("Run = %v, %v; want failed with a context-length error", out.Status, err)
	}
	if n := len(prov.Requests()); n != 1 {
		t.Errorf("%d requests, want 1: with nothing to compact, the refusal is the answer", n)
	}
}

// Compact on demand: nothing to do on a fresh conversation; after a run,
// the turns before the last prompt's most recent ones are summarised, and
// the kept replies keep their thinking and their calls' results.
func TestCompactOnDemandKeepsRecentTurnsWhole(t *testing.T) {
	root := t.TempDir()
	script := readingTask(t, root, 6)
	for i := range script {
		script[i].Reasoning = fmt.Sprintf("thinking %d", i)
	}
	prov := llmtest.NewProvider("fake", script)
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoopIn(t, root, prov, func(o *agent.Options) { o.ContextWindow = 20000 })
	if err := l.ag.Compact(t.Context()); !errors.Is(err, agent.ErrNothingToCompact) {
		t.Errorf("Compact of an empty conversation = %v, want ErrNothingToCompact", err)
	}
	if _, err := l.ag.Run(t.Context(), "read every file"); err != nil {
		t.Fatal(err)
	}
	before := l.ag.History()
	if err := l.ag.Compact(context.Background()); err != nil {
		t.Fatal(err)
	}
	after := l.ag.History()
	ev := l.sink.ofType(agent.EventCompaction)
	if len(ev) != 1 || ev[0].Compaction.Reason != agent.ReasonRequested {
		t.Fatalf("compaction events %+v, want one, requested", ev)
	}
	kept := ev[0].Compaction.Kept
	if kept == 0 || len(after) != kept+1 || kept+ev[0].Compaction.Summarized != len(before) {
		t.Fatalf("kept %d and summarised %d of %d messages; history now %d", kept, ev[0].Compaction.Summarized, len(before), len(after))
	}
	if after[0].Content != agent.CompactedTask("read every file", summaryText) {
		t.Errorf("first message = %q", after[0].Content)
	}
	tail := before[len(before)-kept:]
	for i, m := range after[1:] {
		if m.Role != tail[i].Role || m.Content != tail[i].Content || m.ReasoningText() != tail[i].ReasoningText() || len(m.ToolCalls) != len(tail[i].ToolCalls) {
			t.Errorf("kept message %d = %+v, want %+v unchanged", i, m, tail[i])
		}
	}
	if after[1].Role != llm.RoleAssistant || after[1].ReasoningText() == "" {
		t.Errorf("the kept turns begin with %+v, want a reply with its thinking", after[1])
	}
	if err := (llmtest.Request{Messages: after}).Validate(); err != nil {
		t.Errorf("compacted conversation is not valid: %v", err)
	}
}

func TestTranscriptLeavesOutTheOldestWhenTooLong(t *testing.T) {
	msgs := []llm.Message{{Role: llm.RoleUser, Content: "the task"}}
	for i := range 50 {
		msgs = append(msgs,
			llm.Message{Role: llm.RoleAssistant, Content: fmt.Sprintf("step %d", i), ToolCalls: []llm.ToolCall{{ID: fmt.Sprint(i), Name: "shell", Args: `{"command":"ls"}`}}},
			llm.Message{Role: llm.RoleTool, ToolCallID: fmt.Sprint(i), ToolName: "shell", Content: strings.Repeat("x", 5000)})
	}
	got := agent.Transcript(msgs, 20000)
	if len(got) > 20000 {
		t.Errorf("transcript is %d bytes, want at most 20000", len(got))
	}
	for _, want := range []string{"the task", "earlier messages left out", "step 49", "bytes left out"} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if strings.Contains(got, "step 0\n") {
		t.Error("transcript kept the oldest step")
	}
}

// With a small window, where the system prompt and tools take much of it,
// a summary keeps fewer turns, so that the compacted conversation is
// under the threshold and the next turns need no summary at once.
func TestSmallWindowKeepsFewerTurnsAndDoesNotCompactEveryTurn(t *testing.T) {
	const window = 4600 // the system prompt and tools take about 2,600
	root := t.TempDir()
	prov := llmtest.NewProvider("fake", readingTask(t, root, 20))
	prov.SetContextWindow(window)
	prov.SummarizeWith(llmtest.Say(summaryText))
	l := newLoopIn(t, root, prov, func(o *agent.Options) {
		o.ContextWindow = window
		o.Config.MaxTurns = 50
	})
	out, err := l.ag.Run(t.Context(), "read every file")
	if err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %v, %v; want finished", out.Status, err)
	}
	summaries := 0
	for _, e := range l.sink.ofType(agent.EventCompaction) {
		if e.Compaction.Kind != agent.CompactSummary {
			continue
		}
		summaries++
		if e.Context.Used > window*65/100 {
			t.Errorf("after a summary the conversation fills %d of %d tokens, want at most about 60 %%", e.Context.Used, window)
		}
	}
	// Each summary leaves room for about two more files here; without the
	// smaller tail it was one summary nearly every turn (16 in 21).
	if summaries == 0 || summaries > out.Turns*2/3 {
		t.Errorf("%d summaries in %d turns, want some, and not one nearly every turn", summaries, out.Turns)
	}
}
