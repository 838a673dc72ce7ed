package ollamatest_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
)

// TestWireFormat checks the NDJSON stream against the real server's:
// text pieces, each call whole with object arguments, a final line with
// done, done_reason and the counts.
func TestWireFormat(t *testing.T) {
	srv := ollamatest.NewServer(t, llmtest.Script{{
		Text:  "Looking now.",
		Calls: []llmtest.Call{{ID: "call_9", Name: "read_file", Args: `{"path":"a.txt"}`}},
		Usage: llm.Usage{InputTokens: 11, OutputTokens: 4},
	}})
	resp, err := http.Post(srv.URL()+"/api/chat", "application/json",
		strings.NewReader(`{"model":"m","messages":[{"role":"user","content":"hi"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type = %q, want application/x-ndjson", ct)
	}
	type line struct {
		Message struct {
			Role      string `json:"role"`
			Content   string `json:"content"`
			ToolCalls []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string         `json:"name"`
					Arguments map[string]any `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
		Done            bool   `json:"done"`
		DoneReason      string `json:"done_reason"`
		PromptEvalCount int    `json:"prompt_eval_count"`
		EvalCount       int    `json:"eval_count"`
	}
	var (
		lines []line
		text  strings.Builder
	)
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q is not JSON: %v", sc.Text(), err)
		}
		if l.Message.Role != "assistant" {
			t.Errorf("line %q: role %q, want assistant", sc.Text(), l.Message.Role)
		}
		text.WriteString(l.Message.Content)
		lines = append(lines, l)
	}
	if text.String() != "Looking now." {
		t.Errorf("text = %q, want the turn's", text.String())
	}
	call := lines[len(lines)-2].Message.ToolCalls
	if len(call) != 1 || call[0].ID != "call_9" || call[0].Function.Name != "read_file" || call[0].Function.Arguments["path"] != "a.txt" {
		t.Errorf("tool call line = %+v, want the call whole with object arguments", call)
	}
	last := lines[len(lines)-1]
	if !last.Done || last.DoneReason != "stop" || last.PromptEvalCount != 11 || last.EvalCount != 4 {
		t.Errorf("final line = %+v, want done, stop, 11 and 4", last)
	}
	for _, l := range lines[:len(lines)-1] {
		if l.Done {
			t.Errorf("a line before the last says done")
		}
	}
}
