package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/classify"
)

// loop is an agent over a temp root, with the options a test changes.
type loop struct {
	root string
	sink *recorder
	ag   *agent.Agent
}

// newLoop builds an agent for prov that auto-approves up to warning and
// denies the rest, after mod changed its options.
func newLoop(t testing.TB, prov llm.Provider, mod func(*agent.Options)) *loop {
	t.Helper()
	root := t.TempDir()
	reg := newRegistry(t, root)
	l := &loop{root: root, sink: &recorder{}}
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Warning
	cfg.Retries = 0
	opts := agent.Options{Provider: prov, Tools: reg, Approver: agent.DenyAll{}, Sink: l.sink, Config: cfg}
	if mod != nil {
		mod(&opts)
	}
	l.ag = agent.New(opts)
	return l
}

func TestTokenBudget(t *testing.T) {
	list := llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`))
	list.Usage = llm.Usage{InputTokens: 100, OutputTokens: 20}
	final := llmtest.Say("Done.")
	final.Usage = llm.Usage{InputTokens: 100, OutputTokens: 20}
	tests := []struct {
		name       string
		script     llmtest.Script
		budget     int
		wantStatus agent.Status
		wantTurns  int
		wantRan    int // list_dir calls that ran
	}{
		{
			name:       "the run stops at the reply that reaches the budget and its calls do not run",
			script:     llmtest.Script{list, list, list, list, final},
			budget:     300,
			wantStatus: agent.StatusTokenLimit,
			wantTurns:  3,
			wantRan:    2,
		},
		{
			name:       "a final answer that goes over the budget still finishes the run",
			script:     llmtest.Script{list, final},
			budget:     200,
			wantStatus: agent.StatusFinished,
			wantTurns:  2,
			wantRan:    1,
		},
		{
			name:       "no budget lets the run go on",
			script:     llmtest.Script{list, list, list, list, final},
			budget:     0,
			wantStatus: agent.StatusFinished,
			wantTurns:  5,
			wantRan:    4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prov := llmtest.NewProvider("fake", append(tt.script, llmtest.Say("next task")))
			l := newLoop(t, prov, func(o *agent.Options) { o.Config.MaxTokensPerRun = tt.budget })
			out, err := l.ag.Run(t.Context(), "look")
			if err != nil {
				t.Fatalf("Run() error = %v", err)
			}
			if out.Status != tt.wantStatus || out.Turns != tt.wantTurns {
				t.Errorf("Run() = %s after %d turns, want %s after %d", out.Status, out.Turns, tt.wantStatus, tt.wantTurns)
			}
			ran, skipped := 0, 0
			for _, e := range l.sink.ofType(agent.EventToolResult) {
				switch {
				case !e.Result.IsError:
					ran++
				case strings.Contains(e.Result.Output, "token budget (300 tokens) is spent"):
					skipped++
				default:
					t.Errorf("unexpected tool result %+v", e.Result)
				}
			}
			if ran != tt.wantRan {
				t.Errorf("%d calls ran, want %d", ran, tt.wantRan)
			}
			errs := l.sink.ofType(agent.EventError)
			if tt.wantStatus == agent.StatusTokenLimit {
				if skipped != 1 || len(errs) != 1 || !strings.Contains(errs[0].Error, "token budget reached: 360 of 300 tokens") {
					t.Errorf("skipped %d calls, error events %+v; want the last call answered unrun and one error saying 360 of 300 tokens", skipped, errs)
				}
			} else if len(errs) != 0 {
				t.Errorf("error events = %+v, want none", errs)
			}
			// The conversation goes on: the fake refuses an invalid one.
			if _, err := l.ag.Run(t.Context(), "next"); err != nil {
				t.Errorf("next Run() error = %v, want the conversation still valid", err)
			}
		})
	}
}

func TestCostFollowsThePrice(t *testing.T) {
	turn := llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`))
	turn.Usage = llm.Usage{InputTokens: 1000, OutputTokens: 100}
	final := llmtest.Say("Done.")
	final.Usage = llm.Usage{InputTokens: 2000, OutputTokens: 200}
	tests := []struct {
		name      string
		price     agent.Price
		wantCosts []float64 // per usage event
		wantTotal float64
	}{
		{name: "a price gives the cost of each request and of the run", price: agent.Price{Input: 2.5, Output: 10},
			wantCosts: []float64{0.0035, 0.007}, wantTotal: 0.0105},
		{name: "without a price no cost is reported", price: agent.Price{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLoop(t, llmtest.NewProvider("fake", llmtest.Script{turn, final}), func(o *agent.Options) { o.Price = tt.price })
			out, err := l.ag.Run(t.Context(), "look")
			if err != nil {
				t.Fatal(err)
			}
			usage := l.sink.ofType(agent.EventUsage)
			fin := l.sink.ofType(agent.EventRunFinished)[0]
			if tt.wantCosts == nil {
				if usage[0].Cost != nil || fin.TotalCost != nil || out.Cost != 0 {
					t.Errorf("costs %v, %v, %v; want none without a price", usage[0].Cost, fin.TotalCost, out.Cost)
				}
				return
			}
			for i, want := range tt.wantCosts {
				if c := usage[i].Cost; c == nil || !near(*c, want) {
					t.Errorf("usage event %d cost = %v, want %v", i, c, want)
				}
			}
			if c := fin.TotalCost; c == nil || !near(*c, tt.wantTotal) || !near(out.Cost, tt.wantTotal) {
				t.Errorf("run cost = %v (outcome %v), want %v", c, out.Cost, tt.wantTotal)
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

// Cancelling while the model streams keeps what streamed, ends the run
// as cancelled, and leaves a conversation the next request can carry.
func TestCancelDuringTheStream(t *testing.T) {
	prov := llmtest.NewProvider("fake", llmtest.Script{
		{Text: "I am thinking about this for a very long time indeed", Calls: []llmtest.Call{llmtest.UseTool("shell", `{"command": "touch ran"}`)},
			Fault: llmtest.Fault{Delay: 20 * time.Millisecond}},
		llmtest.Say("Back again."),
	})
	ctx, cancel := context.WithCancel(t.Context())
	texts := 0
	l := newLoop(t, prov, tap(func(e agent.Event) {
		if e.Type == agent.EventText {
			if texts++; texts == 2 {
				cancel()
			}
		}
	}))
	start := time.Now()
	out, err := l.ag.Run(ctx, "think")
	if err != nil || out.Status != agent.StatusCancelled {
		t.Fatalf("Run() = %+v, %v; want cancelled without error", out, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Run() took %v after the cancel, want it prompt", d)
	}
	if _, err := os.Stat(filepath.Join(l.root, "ran")); err == nil {
		t.Error("the call of the cut reply ran")
	}
	h := l.ag.History()
	if len(h) != 2 || h[1].Role != llm.RoleAssistant || h[1].Content != "I am" || len(h[1].ToolCalls) != 0 {
		t.Fatalf("history = %+v, want the task and the text that streamed, without calls", h)
	}
	fin := l.sink.ofType(agent.EventRunFinished)
	if len(fin) != 1 || fin[0].Status != agent.StatusCancelled {
		t.Errorf("run_finished = %+v, want one, cancelled", fin)
	}
	if _, err := l.ag.Run(t.Context(), "go on"); err != nil {
		t.Errorf("next Run() error = %v, want the conversation valid", err)
	}
}

// Cancelling while a command runs stops it at once, answers it and every
// call after it as cancelled, and leaves a valid conversation.
func TestCancelDuringACommand(t *testing.T) {
	prov := llmtest.NewProvider("fake", llmtest.Script{
		llmtest.Use(
			llmtest.UseTool("shell", `{"command": "echo started; sleep 30"}`),
			llmtest.UseTool("write_file", `{"path": "after.txt", "content": "x"}`),
		),
		llmtest.Say("Back again."),
	})
	ctx, cancel := context.WithCancel(t.Context())
	l := newLoop(t, prov, tap(func(e agent.Event) {
		// The command's first output: it is running, and sleep is next.
		if e.Type == agent.EventToolOutput && strings.Contains(e.Text, "started") {
			cancel()
		}
	}))
	start := time.Now()
	out, err := l.ag.Run(ctx, "wait")
	if err != nil || out.Status != agent.StatusCancelled {
		t.Fatalf("Run() = %+v, %v; want cancelled without error", out, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run() took %v, want sleep 30 stopped promptly", d)
	}
	results := l.sink.ofType(agent.EventToolResult)
	if len(results) != 2 {
		t.Fatalf("tool results = %+v, want both calls answered", results)
	}
	for _, e := range results {
		if !e.Result.IsError || !strings.Contains(e.Result.Output, "cancelled by the user") {
			t.Errorf("%s result = %+v, want an error saying cancelled by the user", e.Call.Tool, e.Result)
		}
	}
	if _, err := os.Stat(filepath.Join(l.root, "after.txt")); err == nil {
		t.Error("the call after the cancel ran")
	}
	assertEveryCallAnswered(t, l.ag.History())
	if _, err := l.ag.Run(t.Context(), "go on"); err != nil {
		t.Errorf("next Run() error = %v, want the conversation valid", err)
	}
}

// A model without native tool calls, through the loop: its malformed call
// is answered with a correction, its corrected call runs, and the person
// sees the same events as for any call.
func TestPromptToolsThroughTheLoop(t *testing.T) {
	prov := llmtest.NewProvider("fake", llmtest.Script{
		llmtest.Say("Reading.\n```tool\n{\"tool\": \"read_file\", \"arguments\": {\"path\": \"README.md\"\n```"),
		llmtest.Say("Sorry.\n```tool\n{\"tool\": \"read_file\", \"arguments\": {\"path\": \"README.md\"}}\n```"),
		llmtest.Say("It says hello."),
	})
	l := newLoop(t, llm.WithPromptTools(prov), nil)
	os.WriteFile(filepath.Join(l.root, "README.md"), []byte("hello\n"), 0o644)
	out, err := l.ag.Run(t.Context(), "read the README")
	if err != nil || out.Status != agent.StatusFinished || out.Turns != 3 {
		t.Fatalf("Run() = %+v, %v; want finished after 3 turns", out, err)
	}
	results := l.sink.ofType(agent.EventToolResult)
	if len(results) != 2 || !results[0].Result.IsError || results[1].Result.IsError {
		t.Fatalf("tool results = %+v, want the malformed call refused and the good one run", results)
	}
	if calls := l.sink.ofType(agent.EventToolCall); calls[0].Call.Level != nil || calls[0].Call.Tool != "read_file" {
		t.Errorf("malformed call event = %+v, want the tool it meant and no level (nothing was planned)", calls[0].Call)
	}
	reqs := prov.Requests()
	second := reqs[1].Messages[len(reqs[1].Messages)-1].Content
	if !strings.Contains(second, `status="error"`) || !strings.Contains(second, "could not be read") || !strings.Contains(second, "```tool") {
		t.Errorf("the model was told %q, want a correction showing the format", second)
	}
	third := reqs[2].Messages[len(reqs[2].Messages)-1].Content
	if !strings.Contains(third, `status="ok">`) || !strings.Contains(third, "hello") {
		t.Errorf("the model was told %q, want the README", third)
	}
}

func TestLoadContext(t *testing.T) {
	big := strings.Repeat("Use tabs, not spaces, in this project.\n", agent.MaxContextBytes/20)
	tests := []struct {
		name      string
		user      string // "" writes no file
		project   string
		link      bool // AGENTS.md in the project links to a file outside it
		want      []string
		wantNot   []string
		wantNotes []string
	}{
		{
			name:    "both files are read, the person's first",
			user:    "Answer in French.",
			project: "Run make test before you finish.",
			want:    []string{"Answer in French.", "Run make test before you finish."},
		},
		{
			name: "no files give no context",
		},
		{
			name:      "a long file is cut at a line with a note for the model and the person",
			project:   big,
			want:      []string{"Use tabs, not spaces", "only its first 32 KiB are in the prompt; read the rest with read_file"},
			wantNotes: []string{"AGENTS.md is 62 KiB; only its first 32 KiB are in the prompt"},
		},
		{
			name:      "a link out of the project is not followed",
			link:      true,
			wantNot:   []string{"SECRET"},
			wantNotes: []string{"AGENTS.md not read"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			userDir, root := t.TempDir(), t.TempDir()
			if tt.user != "" {
				os.WriteFile(filepath.Join(userDir, "AGENTS.md"), []byte(tt.user), 0o644)
			}
			if tt.project != "" {
				os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(tt.project), 0o644)
			}
			if tt.link {
				secret := filepath.Join(t.TempDir(), "key")
				os.WriteFile(secret, []byte("SECRET"), 0o600)
				os.Symlink(secret, filepath.Join(root, "AGENTS.md"))
			}
			text, notes := agent.LoadContext(userDir, root)
			last := -1
			for _, w := range tt.want {
				i := strings.Index(text, w)
				if i < 0 || i < last {
					t.Errorf("LoadContext() text lacks %q, or has it out of order:\n%.300s", w, text)
				}
				last = i
			}
			for _, w := range tt.wantNot {
				if strings.Contains(text, w) {
					t.Errorf("LoadContext() text has %q", w)
				}
			}
			if tt.want == nil && text != "" {
				t.Errorf("LoadContext() = %.100q, want no context", text)
			}
			if len(text) > 2*agent.MaxContextBytes+1024 {
				t.Errorf("LoadContext() returned %d bytes, want at most about %d", len(text), 2*agent.MaxContextBytes)
			}
			if len(notes) != len(tt.wantNotes) {
				t.Fatalf("notes = %q, want %q", notes, tt.wantNotes)
			}
			for i, w := range tt.wantNotes {
				if !strings.Contains(notes[i], w) {
					t.Errorf("note %d = %q, want %q", i, notes[i], w)
				}
			}
		})
	}
}

// The context reaches the model in the system prompt.
func TestContextIsInTheSystemPrompt(t *testing.T) {
	prov := llmtest.NewProvider("fake", llmtest.Script{llmtest.Say("ok")})
	l := newLoop(t, prov, func(o *agent.Options) { o.Context = "# The project's instructions\n\nAlways run make test." })
	if _, err := l.ag.Run(t.Context(), "hi"); err != nil {
		t.Fatal(err)
	}
	if sys := prov.Requests()[0].System; !strings.Contains(sys, "Always run make test.") {
		t.Errorf("system prompt = %q, want the context in it", sys)
	}
}

// tap returns an option change that shows f every event after the sink.
func tap(f func(agent.Event)) func(*agent.Options) {
	return func(o *agent.Options) {
		sink := o.Sink
		o.Sink = agent.SinkFunc(func(e agent.Event) {
			sink.Publish(e)
			f(e)
		})
	}
}
