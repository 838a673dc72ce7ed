package cmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/agent/llm/responses/responsestest"
)

// runWithType runs `agent run --json` on a provider of the given type
// (openai or openai-responses, with a price) whose server plays script,
// and returns the run and the requests the server received.
func runWithType(t *testing.T, typ string, script llmtest.Script, task string) (result, []llmtest.Request) {
	t.Helper()
	root, home := t.TempDir(), t.TempDir()
	var srv interface {
		URL() string
		Requests() []llmtest.Request
	}
	if typ == "openai-responses" {
		srv = responsestest.NewServer(t, script)
	} else {
		srv = openaitest.NewServer(t, script)
	}
	// With a price, so that the events carry the cost.
	writeConfig(t, home, fmt.Sprintf("[providers.p]\ntype = %q\nbase_url = %q\napi_key_env = \"TEST_API_KEY\"\nmodel = %q\n"+
		"[providers.p.price]\ninput = 1.25\noutput = 10\ncached_input = 0.125\n", typ, srv.URL(), llmtest.Model))
	r := run(t, agentCmd(t, home, map[string]string{"TEST_API_KEY": llmtest.APIKey},
		"run", "--provider", "p", "--json", "--yes", "warning", "--root", root, task))
	return r, srv.Requests()
}

// comparable returns the JSONL events without what differs between two
// runs or two wire formats by nature: times, durations, checkpoint
// commits (they hold the time), the temporary root in reasons, the
// format's own record of the reasoning (the
// Responses API's reasoning items), and where the streamed text and
// thinking were cut into pieces (consecutive pieces are joined).
func comparable(t *testing.T, out string) []map[string]any {
	t.Helper()
	var evs []map[string]any
	for _, e := range events(t, out) {
		if n := len(evs); n > 0 && (e["type"] == "text" || e["type"] == "reasoning_delta") &&
			evs[n-1]["type"] == e["type"] && evs[n-1]["turn"] == e["turn"] {
			evs[n-1]["text"] = evs[n-1]["text"].(string) + e["text"].(string)
			continue
		}
		evs = append(evs, e)
	}
	for _, e := range evs {
		delete(e, "time")
		delete(e, "checkpoint")
		delete(e, "reasoning")
		if c, ok := e["call"].(map[string]any); ok {
			delete(c, "reasons")
		}
		if r, ok := e["result"].(map[string]any); ok {
			delete(r, "duration_ms")
		}
	}
	// The reads of one reply run together, so their results come in the
	// order they finish: compare each run of results in call order.
	callID := func(e map[string]any) string {
		c, _ := e["call"].(map[string]any)
		id, _ := c["id"].(string)
		return id
	}
	for i := 0; i < len(evs); {
		j := i
		for j < len(evs) && evs[j]["type"] == "tool_result" {
			j++
		}
		if j > i+1 {
			slices.SortStableFunc(evs[i:j], func(a, b map[string]any) int { return strings.Compare(callID(a), callID(b)) })
		}
		i = max(j, i+1)
	}
	return evs
}

// A tool-using task of a reasoning model through the Responses API runs
// to the end: the calls' outputs go back as function_call_output items
// with their call_id, every reasoning item goes back exactly as it came,
// and the JSON events are those of the same task through chat
// completions.
func TestRunThroughTheResponsesAPI(t *testing.T) {
	t.Parallel()
	script := llmtest.Script{
		{Reasoning: "List the project.\n\nThen look at the notes.", Calls: []llmtest.Call{
			llmtest.UseTool("list_dir", `{"path": "."}`), llmtest.UseTool("list_dir", `{"path": "."}`)}},
		{Reasoning: "Write them.", Calls: []llmtest.Call{llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "hi\n"}`)},
			Usage: llm.Usage{InputTokens: 2000, CachedInputTokens: 1500, OutputTokens: 300, ReasoningTokens: 200}},
		{Reasoning: "Done.", Text: "Listed and wrote notes.txt."},
	}
	r, reqs := runWithType(t, "openai-responses", script, "take notes")
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstdout: %.3000s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if len(reqs) != 3 {
		t.Fatalf("server received %d requests, want 3", len(reqs))
	}
	var input []json.RawMessage
	var body struct {
		Input []json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal(reqs[2].Body, &body); err != nil {
		t.Fatal(err)
	}
	input = body.Input
	sent := func(want string) bool {
		for _, it := range input {
			if string(it) == want {
				return true
			}
		}
		return false
	}
	for _, want := range []string{
		`{"type":"function_call_output","call_id":"call_0_0","output":"(empty directory)"}`,
		`{"type":"function_call_output","call_id":"call_0_1","output":"(empty directory)"}`,
	} {
		if !sent(want) {
			t.Errorf("the last request's input lacks %s:\n%s", want, reqs[2].Body)
		}
	}
	var items int
	for _, e := range ofType(events(t, r.stdout), "reasoning") {
		for _, piece := range e["reasoning"].([]any) {
			item, _ := piece.(map[string]any)["item"].(string)
			if item == "" {
				t.Errorf("reasoning event %v has no item", e)
				continue
			}
			items++
			if e["turn"].(float64) < 3 && !sent(item) {
				t.Errorf("the reasoning item %s did not go back exactly in the last request", item)
			}
		}
	}
	if items != 3 {
		t.Errorf("%d reasoning items in the events, want one a turn", items)
	}

	chat, _ := runWithType(t, "openai", script, "take notes")
	if got, want := comparable(t, r.stdout), comparable(t, chat.stdout); !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("events through the Responses API:\n%s\nwant those through chat completions:\n%s", g, w)
	}
}

// Failures and cut replies come out of a run through the Responses API
// as they do through chat completions: the same events, the same exit
// code.
func TestResponsesAPIFailuresMatchChatCompletions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		turn llmtest.Turn
	}{
		{name: "a rejected key", turn: llmtest.Turn{Text: "never", Fault: llmtest.Fault{Status: 401}}},
		{name: "a reply cut at the output limit", turn: llmtest.Turn{Text: "The answer is", Finish: llm.FinishLength}},
		{name: "a filtered reply", turn: llmtest.Turn{Text: "I can", Finish: llm.FinishFiltered}},
		{name: "an error inside the stream, then a clean retry", turn: llmtest.Turn{Text: "fine now", Fault: llmtest.Fault{StreamError: true, Times: 1}}},
		{name: "a message that starts twice, then a clean retry", turn: llmtest.Turn{Calls: []llmtest.Call{llmtest.UseTool("list_dir", `{"path": "."}`)}, Fault: llmtest.Fault{Restart: true, Times: 1}}},
		{name: "a conversation too long for the model", turn: llmtest.Turn{Text: "never", Fault: llmtest.Fault{ContextLength: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			script := llmtest.Script{tt.turn, llmtest.Say("All done.")}
			resp, _ := runWithType(t, "openai-responses", script, "go")
			chat, _ := runWithType(t, "openai", script, "go")
			if resp.code != chat.code {
				t.Errorf("exit code = %d, want %d as through chat completions\nstderr: %s", resp.code, chat.code, resp.stderr)
			}
			got, want := comparable(t, resp.stdout), comparable(t, chat.stdout)
			for _, evs := range [][]map[string]any{got, want} {
				for _, e := range evs {
					// The servers' own words differ; the kind does not.
					if m, ok := e["message"].(string); ok && strings.Contains(m, "fake:") {
						delete(e, "message")
					}
					delete(e, "error")
					if e["type"] == "retry" {
						// The wait is jittered and the text names it
						// and the server's port.
						delete(e, "delay_ms")
						delete(e, "text")
					}
				}
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				w, _ := json.MarshalIndent(want, "", " ")
				t.Errorf("events through the Responses API:\n%s\nwant those through chat completions:\n%s", g, w)
			}
		})
	}
}

// The example config shows a Responses API provider that loads as it is.
func TestExampleConfigShowsACodexProvider(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "config.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var section []string
	on := false
	for _, line := range strings.Split(string(b), "\n") {
		if line == "# [providers.codex]" {
			on = true
		}
		if on && !strings.HasPrefix(line, "# ") {
			break
		}
		if on {
			section = append(section, strings.TrimPrefix(line, "# "))
		}
	}
	if len(section) == 0 {
		t.Fatal("config.example.toml has no [providers.codex] example")
	}
	home := t.TempDir()
	writeConfig(t, home, strings.Join(section, "\n")+"\n")
	r := run(t, agentCmd(t, home, map[string]string{"OPENAI_API_KEY": "sk-x"}, "config"))
	if r.code != 0 || !strings.Contains(r.stdout, `type = "openai-responses"`) || !strings.Contains(r.stdout, `model = "gpt-5-codex"`) {
		t.Errorf("agent config with the example's codex provider: exit %d\nstdout: %.2000s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// A long task of a reasoning model through the Responses API is
// compacted when it fills the window, and finishes: the server refuses
// a larger request with context_length_exceeded, and the kept turns'
// reasoning items go back in a form it verifies.
func TestLongResponsesTaskCompactsEndToEnd(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	script := readFiles(t, root, 24)
	for i := range script {
		script[i].Reasoning = fmt.Sprintf("I should read file %d next, then go on.", i)
	}
	srv := responsestest.NewServer(t, script)
	srv.SetContextWindow(9000)
	srv.SummarizeWith(llmtest.Say("Summary: the files so far were read. Next: the next file."))
	writeConfig(t, home, fmt.Sprintf("[providers.codex]\ntype = \"openai-responses\"\nbase_url = %q\napi_key_env = \"OPENAI_API_KEY\"\nmodel = \"gpt-5-codex\"\ncontext_window = 9000\n", srv.URL()))
	r := run(t, agentCmd(t, home, map[string]string{"OPENAI_API_KEY": llmtest.APIKey},
		"run", "--provider", "codex", "--json", "--yes-safe", "--max-turns", "40", "--root", root, "read the files"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	if len(ofType(events(t, r.stdout), "compaction")) == 0 {
		t.Error("no compaction event")
	}
	for i, req := range srv.Requests() {
		if len(req.Tools) > 0 && len(req.Messages) > 1 && req.Messages[1].Role == "assistant" && len(req.Messages[1].Reasoning) == 0 {
			t.Errorf("request %d: the first kept reply lost its reasoning item", i)
		}
	}
}

// agent doctor checks a Responses API provider like any other: the
// server answers, and offers the model or not.
func TestDoctorChecksAResponsesProvider(t *testing.T) {
	t.Parallel()
	srv := responsestest.NewServer(t, nil)
	srv.SetModels("gpt-5-codex")
	home := t.TempDir()
	writeConfig(t, home, fmt.Sprintf("provider = \"codex\"\n[providers.codex]\ntype = \"openai-responses\"\nbase_url = %q\napi_key_env = \"OPENAI_API_KEY\"\nmodel = \"gpt-5-codex\"\n"+
		"[providers.mini]\ntype = \"openai-responses\"\nbase_url = %q\napi_key_env = \"OPENAI_API_KEY\"\nmodel = \"gpt-5.1-codex-mini\"\n", srv.URL(), srv.URL()))
	r := run(t, agentCmd(t, home, map[string]string{"OPENAI_API_KEY": llmtest.APIKey}, "doctor", "--root", t.TempDir()))
	// mini's model is missing, so doctor exits 1; only providers may fail.
	if r.code != 1 || !onlyProvidersFailed(r.stderr) || !strings.Contains(r.stderr, "provider mini") {
		t.Fatalf("doctor exited %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{
		"    ok: answers at " + srv.URL() + ", and has model gpt-5-codex",
		"    problem: model gpt-5.1-codex-mini is not offered at " + srv.URL() + " (it offers: gpt-5-codex)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("doctor's output lacks %q:\n%s", want, r.stdout)
		}
	}
}
