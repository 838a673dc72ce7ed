package cmd_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A DeepSeek-style thinking model refuses a tool-using history without
// its reasoning_content; the run sends it back and finishes.
func TestRunSendsReasoningBackToAThinkingModel(t *testing.T) {
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
