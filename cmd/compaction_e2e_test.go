package cmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// fortyFiles writes 40 files in root, every seventh one long, and returns
// a script that reads one per turn, then answers.
func fortyFiles(t *testing.T, root string) llmtest.Script { return readFiles(t, root, 40) }

// readFiles writes n files in root, every seventh one long, and returns a
// script that reads one per turn, then answers.
func readFiles(t *testing.T, root string, n int) llmtest.Script {
	t.Helper()
	var script llmtest.Script
	for i := range n {
		lines := 80
		if i%7 == 3 {
			lines = 400
		}
		body := fmt.Sprintf("BEGIN %02d\n%sEND %02d\n", i, strings.Repeat(fmt.Sprintf("a line of file %02d\n", i), lines), i)
		if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("f%02d.txt", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		turn := llmtest.Use(llmtest.UseTool("read_file", fmt.Sprintf(`{"path": "f%02d.txt"}`, i)))
		turn.Text = fmt.Sprintf("Reading f%02d.txt.\n", i)
		script = append(script, turn)
	}
	return append(script, llmtest.Say("All forty files read."))
}

// A thinking model that refuses a tool-using history without its
// reasoning_content (DeepSeek's rule) still finishes a task that is
// compacted: the kept turns go back with their thinking.
func TestLongThinkingTaskCompactsEndToEnd(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	script := readFiles(t, root, 24)
	for i := range script {
		script[i].Reasoning = fmt.Sprintf("I should read file %d next, then go on.", i)
	}
	srv := openaitest.NewServer(t, script)
	srv.SetContextWindow(9000)
	srv.SummarizeWith(llmtest.Say("Summary: the files so far were read. Next: the next file."))
	writeUserConfig(t, home, "[providers.openai]\ncontext_window = 9000\n")
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--json", "--yes-safe", "--max-turns", "40", "--root", root, "read the files"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if len(ofType(events(t, r.stdout), "compaction")) == 0 {
		t.Error("no compaction event")
	}
	for i, req := range srv.Requests() {
		if len(req.Tools) > 0 && len(req.Messages) > 1 && req.Messages[1].Role == "assistant" && len(req.Messages[1].Reasoning) == 0 {
			t.Errorf("request %d: the first kept reply lost its thinking", i)
		}
	}
}

// The end to end: a 40-turn task under context_window = 12000,
// against a server that refuses any request larger than 12000 tokens,
// finishes; no request goes over the window; the conversation is
// compacted at least once; the session file holds the whole transcript.
// The log reports what compaction cost against the same task with a
// window large enough to need none.
func TestLongTaskCompactsEndToEnd(t *testing.T) {
	t.Parallel()
	const window = 12000
	type figures struct {
		answer                   string
		requests, summaries      int
		in, out, sumIn, sumOut   int
		wall, summarizing        time.Duration
		compactions, shortenings int
	}
	runTask := func(t *testing.T, window int, enforce bool) (f figures, home, root string) {
		root, home = t.TempDir(), t.TempDir()
		srv := openaitest.NewServer(t, fortyFiles(t, root))
		if enforce {
			srv.SetContextWindow(window)
		}
		srv.SummarizeWith(llmtest.Say("Summary: files f00 to the last one read were read; each holds its BEGIN and END lines and lines naming it. Next: read the next file."))
		writeUserConfig(t, home, fmt.Sprintf("[providers.openai]\ncontext_window = %d\n", window))
		start := time.Now()
		r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--json", "--yes-safe", "--max-turns", "60", "--root", root, "read the forty files"))
		f.wall = time.Since(start)
		if r.code != 0 {
			t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
		}
		var last time.Time
		for _, e := range events(t, r.stdout) {
			at, _ := time.Parse(time.RFC3339Nano, e["time"].(string))
			switch e["type"] {
			case "text":
				f.answer += e["text"].(string)
			case "compaction":
				c := e["compaction"].(map[string]any)
				if c["kind"] == "summary" {
					f.compactions++
					f.summarizing += at.Sub(last)
					u := e["usage"].(map[string]any)
					f.sumIn += int(u["input_tokens"].(float64))
					f.sumOut += int(u["output_tokens"].(float64))
				} else {
					f.shortenings++
				}
			case "run_finished":
				tot := e["total"].(map[string]any)
				f.in, f.out = int(tot["input_tokens"].(float64)), int(tot["output_tokens"].(float64))
			}
			last = at
		}
		for i, req := range srv.Requests() {
			f.requests++
			if len(req.Tools) == 0 {
				f.summaries++
			}
			if in := llmtest.EstimateUsage(req, llmtest.Turn{}).InputTokens; enforce && in > window {
				t.Errorf("request %d holds %d tokens, over the window of %d", i, in, window)
			}
		}
		return f, home, root
	}

	f, home, root := runTask(t, window, true)
	if f.compactions == 0 || f.summaries != f.compactions || f.shortenings == 0 {
		t.Errorf("%d summaries (%d requests without tools) and %d shortenings, want at least one of each", f.compactions, f.summaries, f.shortenings)
	}
	if f.requests != 41+f.summaries {
		t.Errorf("%d requests, want 41 turns and %d summary requests: no request was refused", f.requests, f.summaries)
	}
	if !strings.HasSuffix(f.answer, "All forty files read.") {
		t.Errorf("the text ends %q, want the final answer", f.answer[max(0, len(f.answer)-60):])
	}
	// The session file keeps the whole transcript: every result, whole,
	// even those the conversation itself no longer holds.
	files, _ := filepath.Glob(filepath.Join(home, "state", "agent", "sessions", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files %v, want one", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	session := string(data)
	for i := range 40 {
		if !strings.Contains(session, fmt.Sprintf("BEGIN %02d", i)) || !strings.Contains(session, fmt.Sprintf("END %02d", i)) {
			t.Errorf("the session lacks file %02d's output", i)
		}
	}
	if n := strings.Count(session, `"type":"tool_result"`); n != 40 {
		t.Errorf("the session holds %d tool results, want 40", n)
	}
	if !strings.Contains(session, `"type":"compaction"`) {
		t.Error("the session records no compaction")
	}

	// A resumed session goes on from the compacted conversation: the
	// task and the last summary first, then the turns kept after it, and
	// the new prompt; within the window.
	var again llmtest.Script
	for range 60 {
		again = append(again, llmtest.Say("Nothing more to do."))
	}
	srv2 := openaitest.NewServer(t, again)
	srv2.SetContextWindow(window)
	h := &stateHome{t: t, home: home, env: openaiEnv(srv2)}
	id := h.sessionIDs()[0]
	h.mustRun(0, "run", "--yes-safe", "--root", root, "--resume", id, "anything else?")
	resumed := srv2.Requests()[0]
	if len(resumed.Messages) < 2 || !strings.HasPrefix(resumed.Messages[0].Content, "read the forty files") ||
		!strings.Contains(resumed.Messages[0].Content, "Summary: files f00") || resumed.Messages[len(resumed.Messages)-1].Content != "anything else?" {
		t.Errorf("the resumed request does not go on from the compacted conversation: %d messages, first %.200q", len(resumed.Messages), resumed.Messages[0].Content)
	}
	if n := len(srv2.Requests()); n != 1 {
		t.Errorf("the resumed run sent %d requests, want 1: it fits the window", n)
	}
	if err := resumed.Validate(); err != nil {
		t.Errorf("the resumed request is not a valid conversation: %v", err)
	}

	// The same task with a window that needs no compaction, for the cost.
	g, _, _ := runTask(t, 1_000_000, false)
	t.Logf("window %d: %d requests (%d summaries), %d input + %d output tokens, of which summaries %d + %d; %d shortenings; %v wall, %v in summary requests",
		window, f.requests, f.summaries, f.in, f.out, f.sumIn, f.sumOut, f.shortenings, f.wall.Round(time.Millisecond), f.summarizing.Round(time.Millisecond))
	t.Logf("no compaction: %d requests, %d input + %d output tokens; %v wall", g.requests, g.in, g.out, g.wall.Round(time.Millisecond))
}

// /compact in the screen summarises the conversation now: the panel says
// so, and the next prompt goes on from the task and the summary.
func TestScreenCompactSummarisesTheConversation(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
		llmtest.Say("Looked around."),
		llmtest.Say("Going on from the summary."),
	})
	srv.SummarizeWith(llmtest.Say("Summary: the project was listed."))
	h := newStateHome(t, openaiEnv(srv))
	env := openaiEnv(srv)
	env["XDG_STATE_HOME"] = h.state()
	s := startScreen(t, screenRun{env: env, root: root, w: 120, h: 30})
	s.ask("look around")
	s.waitFor("Looked around.")
	s.ask("/compact")
	s.waitFor("context compacted: 3 earlier messages summarised, 1 kept")
	s.ask("and now?")
	s.waitFor("Going on from the summary.")
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	if first := last.Messages[0].Content; !strings.HasPrefix(first, "look around") || !strings.Contains(first, "Summary: the project was listed.") {
		t.Errorf("the request after /compact begins with %q, want the task and the summary", first)
	}
	if n := len(last.Messages); n != 3 {
		t.Errorf("the request after /compact holds %d messages, want 3: the task with the summary, the kept reply, the prompt", n)
	}
}
