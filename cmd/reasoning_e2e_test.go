package cmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A DeepSeek-style thinking model refuses a tool-using history without
// its reasoning_content; the run sends it back and finishes.
func TestRunSendsReasoningBackToAThinkingModel(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		{Reasoning: "I should list the files first.", Calls: []llmtest.Call{llmtest.UseTool("list_dir", `{"path": "."}`)},
			Fault: llmtest.Fault{CharByChar: true}},
		{Reasoning: "Now read the notes.", Calls: []llmtest.Call{llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "hi\n"}`)}},
		{Reasoning: "Both done.", Text: "Listed and wrote notes.txt."},
	})
	r := runAgent(t, openaiEnv(srv), "", "run", "--json", "--yes", "warning", "--root", root, "take notes")
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstdout: %.3000s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("server received %d requests, want 3", len(reqs))
	}
	for _, want := range []string{`"reasoning_content":"I should list the files first."`, `"reasoning_content":"Now read the notes."`} {
		if !strings.Contains(string(reqs[2].Body), want) {
			t.Errorf("the third request lacks %s", want)
		}
	}
	var thoughts []string
	for _, e := range ofType(events(t, r.stdout), "reasoning") {
		thoughts = append(thoughts, e["text"].(string))
	}
	if strings.Join(thoughts, "|") != "I should list the files first.|Now read the notes.|Both done." {
		t.Errorf("reasoning events = %q, want each turn's thinking", thoughts)
	}
	// The thinking also streamed, piece by piece, as the server sent it.
	var streamed strings.Builder
	first := ofType(events(t, r.stdout), "reasoning_delta")
	for _, e := range first {
		if e["turn"] == 1.0 {
			streamed.WriteString(e["text"].(string))
		}
	}
	if streamed.String() != "I should list the files first." || len(first) < len("I should list the files first.") {
		t.Errorf("turn 1's reasoning_delta events = %q in %d events, want the thinking one character at a time", streamed.String(), len(first))
	}
}

// With reasoning configured, Claude thinks on a budget, and a tool-using
// task goes on only because each turn's signed thinking goes back first:
// the fake refuses the second request otherwise, as the API does.
func TestRunWithAnthropicThinking(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	srv := anthropictest.NewServer(t, llmtest.Script{
		{Reasoning: "List first.", Calls: []llmtest.Call{llmtest.UseTool("list_dir", `{"path": "."}`)}},
		{Reasoning: "Now the notes.", Calls: []llmtest.Call{llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "hi\n"}`)}},
		{Reasoning: "Done.", Text: "Listed and wrote notes.txt."},
	})
	writeConfig(t, home, "[providers.anthropic]\nreasoning = \"low\"\n")
	c := agentCmd(t, home, map[string]string{"ANTHROPIC_API_KEY": llmtest.APIKey, "ANTHROPIC_BASE_URL": srv.URL()},
		"run", "--provider", "anthropic", "--json", "--yes", "warning", "--root", root, "take notes")
	r := run(t, c)
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstdout: %.3000s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("server received %d requests, want 3", len(reqs))
	}
	for i, req := range reqs {
		if !strings.Contains(string(req.Body), `"thinking":{"budget_tokens":2048,"type":"enabled"}`) {
			t.Errorf("request %d does not ask for thinking on a low budget: %.300s", i+1, req.Body)
		}
	}
	if n := len(ofType(events(t, r.stdout), "reasoning")); n != 3 {
		t.Errorf("%d reasoning events, want one per turn", n)
	}
}

// An effort the config does not know is an error naming the key.
func TestRunRejectsAnUnknownReasoningEffort(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	writeConfig(t, home, "[providers.anthropic]\nreasoning = \"maximum\"\n")
	r := run(t, agentCmd(t, home, map[string]string{"ANTHROPIC_API_KEY": llmtest.APIKey}, "run", "--provider", "anthropic", "--root", t.TempDir(), "hi"))
	if r.code != 1 || !strings.Contains(r.stderr, `providers.anthropic.reasoning = "maximum"`) {
		t.Errorf("exit %d, stderr %q; want 1 and an error naming providers.anthropic.reasoning", r.code, r.stderr)
	}
}

// A tool-using task through OpenRouter (Claude's signed reasoning in
// reasoning_details) and through Gemini 3's OpenAI-compatible API (thought
// signatures on tool calls) finishes: each server refuses a history
// without what it attached, so finishing proves it went back exactly.
func TestRunSendsBackWhatServersAttach(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, model string
		flavor      openaitest.Flavor
	}{
		{name: "openrouter", model: "anthropic/claude-sonnet-4.5", flavor: openaitest.OpenRouter},
		{name: "gemini", model: "gemini-3-pro-preview", flavor: openaitest.Gemini},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root, home := t.TempDir(), t.TempDir()
			srv := openaitest.NewServer(t, llmtest.Script{
				{Reasoning: "List first.", Calls: []llmtest.Call{llmtest.UseTool("list_dir", `{"path": "."}`), llmtest.UseTool("list_dir", `{"path": "."}`)}},
				{Reasoning: "Now the notes.", Calls: []llmtest.Call{llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "hi\n"}`)}},
				{Reasoning: "Done.", Text: "Listed and wrote notes.txt."},
			})
			srv.SetFlavor(tt.flavor)
			writeConfig(t, home, fmt.Sprintf("[providers.%s]\ntype = \"openai\"\nbase_url = %q\napi_key_env = \"TEST_API_KEY\"\nmodel = %q\nreasoning = \"high\"\n", tt.name, srv.URL(), tt.model))
			r := run(t, agentCmd(t, home, map[string]string{"TEST_API_KEY": llmtest.APIKey},
				"run", "--provider", tt.name, "--json", "--yes", "warning", "--root", root, "take notes"))
			if r.code != 0 {
				t.Fatalf("exit code = %d, want 0\nstdout: %.3000s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			if n := len(srv.Requests()); n != 3 {
				t.Errorf("server received %d requests, want 3", n)
			}
			if b, err := os.ReadFile(filepath.Join(root, "notes.txt")); err != nil || string(b) != "hi\n" {
				t.Errorf("notes.txt = %q, %v; want the task done", b, err)
			}
		})
	}
}
