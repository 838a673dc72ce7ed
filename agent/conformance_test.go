package agent_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// backend is one way of playing a script to the loop: an adapter and its
// fake server, or the in-process fake.
type backend struct {
	name  string
	serve func(t *testing.T, s llmtest.Script) (llm.Provider, func() []llmtest.Request)
}

// backends are every wire format, with the in-process fake as reference.
var backends = []backend{
	{"in-process", func(t *testing.T, s llmtest.Script) (llm.Provider, func() []llmtest.Request) {
		p := llmtest.NewProvider("fake", s)
		return p, p.Requests
	}},
	{"openai", func(t *testing.T, s llmtest.Script) (llm.Provider, func() []llmtest.Request) {
		srv := openaitest.NewServer(t, s)
		p, err := openai.New(openai.Options{Name: "fake", BaseURL: srv.URL(), APIKey: llmtest.APIKey, APIKeyEnv: llmtest.APIKeyEnv, Model: llmtest.Model})
		return must(t, p, err), srv.Requests
	}},
	{"ollama", func(t *testing.T, s llmtest.Script) (llm.Provider, func() []llmtest.Request) {
		srv := ollamatest.NewServer(t, s)
		p, err := ollama.New(ollama.Options{Name: "fake", BaseURL: srv.URL(), Model: llmtest.Model})
		return must(t, p, err), srv.Requests
	}},
	{"anthropic", func(t *testing.T, s llmtest.Script) (llm.Provider, func() []llmtest.Request) {
		srv := anthropictest.NewServer(t, s)
		p, err := anthropic.New(anthropic.Options{Name: "fake", BaseURL: srv.URL(), APIKey: llmtest.APIKey, APIKeyEnv: llmtest.APIKeyEnv, Model: llmtest.Model})
		return must(t, p, err), srv.Requests
	}},
}

func must[P llm.Provider](t *testing.T, p P, err error) llm.Provider {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The same task through every wire format: the loop must do the same
// things, in the same order, decide the same, leave the same files and
// tell the model the same results. (Arguments that are not JSON are left
// out: Ollama's wire format cannot carry them as a call.)
func TestTheLoopBehavesTheSameThroughEveryProvider(t *testing.T) {
	script := llmtest.Script{
		{Text: "Let me look around.", Calls: []llmtest.Call{
			llmtest.UseTool("list_dir", `{"path": "."}`),
			llmtest.UseTool("read_file", `{"path": "README.md"}`),
		}},
		{Calls: []llmtest.Call{
			llmtest.UseTool("write_file", `{"path": "notes/todo.txt", "content": "1. write tests\n2. ship\n"}`),
		}, Fault: llmtest.Fault{CharByChar: true}},
		{Text: "Now a small fix.", Calls: []llmtest.Call{
			llmtest.UseTool("edit_file", `{"path": "notes/todo.txt", "old_string": "ship", "new_string": "ship it"}`),
			llmtest.UseTool("shell", `{"command": "cat notes/todo.txt"}`),
		}, Fault: llmtest.Fault{NoIDs: true}},
		llmtest.Use(
			llmtest.UseTool("shell", `{"command": "rm -rf build"}`),
			llmtest.UseTool("shell", `{"command": "sudo ls"}`),
			llmtest.UseTool("format_disk", `{}`),
		),
		llmtest.Say("Done: notes/todo.txt holds the plan."),
	}
	type run struct {
		events  []string
		files   map[string]string
		results []string
		outcome agent.Outcome
	}
	runs := map[string]run{}
	for _, b := range backends {
		t.Run("through "+b.name, func(t *testing.T) {
			prov, requests := b.serve(t, script)
			l := newLoop(t, prov, nil)
			os.WriteFile(filepath.Join(l.root, "README.md"), []byte("# demo\n"), 0o644)
			os.Mkdir(filepath.Join(l.root, "build"), 0o755)
			out, err := l.ag.Run(t.Context(), "write a plan")
			if err != nil {
				t.Fatalf("Run() error = %v", err)
			}
			reqs := requests()
			var results []string
			for _, m := range reqs[len(reqs)-1].ToolResults() {
				results = append(results, m.Content)
			}
			r := run{events: eventTrace(l.sink), files: treeOf(t, l.root), results: results, outcome: out}
			if r.outcome.Status != agent.StatusFinished || r.outcome.Turns != 5 || r.outcome.Denied != 1 || r.outcome.Blocked != 1 {
				t.Errorf("outcome = %+v, want finished after 5 turns, 1 denied, 1 blocked", r.outcome)
			}
			if got := r.files["notes/todo.txt"]; got != "1. write tests\n2. ship it\n" {
				t.Errorf("notes/todo.txt = %q, want the written and edited plan", got)
			}
			if _, ok := r.files["build/"]; !ok {
				t.Error("build/ is gone after a denied rm -rf")
			}
			runs[b.name] = r
		})
	}
	ref, ok := runs["in-process"]
	if !ok {
		t.Fatal("the reference run failed")
	}
	for _, b := range backends[1:] {
		got, ok := runs[b.name]
		if !ok {
			continue
		}
		if !slices.Equal(got.events, ref.events) {
			t.Errorf("events through %s differ from the in-process fake:\n got %s\nwant %s", b.name,
				strings.Join(got.events, "\n     "), strings.Join(ref.events, "\n     "))
		}
		if fmt.Sprint(got.files) != fmt.Sprint(ref.files) {
			t.Errorf("files through %s = %v, want %v", b.name, got.files, ref.files)
		}
		if !slices.Equal(got.results, ref.results) {
			t.Errorf("last tool results through %s = %q, want %q", b.name, got.results, ref.results)
		}
	}
}

// eventTrace is what a run did, without what differs by wire format (how
// text is cut into pieces, ids, times, token counts): one entry per event,
// with the text of each turn joined.
func eventTrace(r *recorder) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		s := string(e.Type)
		switch e.Type {
		case agent.EventText:
			if n := len(out); n > 0 && strings.HasPrefix(out[n-1], "text ") {
				out[n-1] += e.Text
				continue
			}
			s += " " + e.Text
		case agent.EventToolCall:
			lvl := "unplanned"
			if e.Call.Level != nil {
				lvl = e.Call.Level.String()
			}
			s += fmt.Sprintf(" %s %s %s", e.Call.Tool, lvl, e.Call.Summary)
		case agent.EventApproval:
			s += fmt.Sprintf(" %s %s by %s", e.Call.Tool, e.Decision, e.By)
		case agent.EventToolResult:
			s += fmt.Sprintf(" %s error=%v exit=%d", e.Call.Tool, e.Result.IsError, e.Result.ExitCode)
		case agent.EventRunFinished:
			s += fmt.Sprintf(" %s turn=%d denied=%d blocked=%d", e.Status, e.Turn, e.Denied, e.Blocked)
		case agent.EventToolOutput, agent.EventUsage:
			// Output chunks depend on pipe timing; usage is estimated
			// from the bytes of each format.
			if n := len(out); n > 0 && out[n-1] == s {
				continue
			}
		}
		out = append(out, s)
	}
	// The calls of one reply that run together finish in any order:
	// their results are compared as a set.
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && strings.HasPrefix(out[j], "tool_result ") {
			j++
		}
		slices.Sort(out[i:j])
		i = max(j, i+1)
	}
	return out
}

// treeOf maps every file under root to its content, and every directory
// to "" under its name with a slash.
func treeOf(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == root {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			files[rel+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(path)
		files[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
