package openaitest_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// post sends body to the fake's chat endpoint and returns the status and
// the data payloads of the stream.
func post(t *testing.T, srv *openaitest.Server, body string) (int, []string) {
	t.Helper()
	resp, err := http.Post(srv.URL()+"/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST: %v", err)
	}
	defer resp.Body.Close()
	var data []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			data = append(data, d)
		}
	}
	return resp.StatusCode, data
}

// TestWireFormat checks the stream against the shape of the real API,
// without any client library in between.
func TestWireFormat(t *testing.T) {
	srv := openaitest.NewServer(t, llmtest.Script{{
		Text:  "Hi there",
		Calls: []llmtest.Call{{ID: "call_q", Name: "read_file", Args: `{"path":"a.txt"}`}},
		Usage: llm.Usage{InputTokens: 10, OutputTokens: 3},
	}})
	status, data := post(t, srv, `{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"hi"}]}`)
	if status != http.StatusOK {
		t.Fatalf("status = %d, want 200", status)
	}
	if data[len(data)-1] != "[DONE]" {
		t.Errorf("last event = %q, want [DONE]", data[len(data)-1])
	}
	var chunks []map[string]any
	for _, d := range data[:len(data)-1] {
		var c map[string]any
		if err := json.Unmarshal([]byte(d), &c); err != nil {
			t.Fatalf("event %q is not JSON: %v", d, err)
		}
		if c["object"] != "chat.completion.chunk" {
			t.Errorf("event %s: object = %v, want chat.completion.chunk", d, c["object"])
		}
		chunks = append(chunks, c)
	}
	deltaOf := func(c map[string]any) map[string]any {
		return c["choices"].([]any)[0].(map[string]any)["delta"].(map[string]any)
	}
	if role := deltaOf(chunks[0])["role"]; role != "assistant" {
		t.Errorf("first delta role = %v, want assistant", role)
	}
	var (
		heads, args int
		joined      strings.Builder
		finish      any
	)
	for _, c := range chunks[:len(chunks)-1] {
		ch := c["choices"].([]any)[0].(map[string]any)
		if f := ch["finish_reason"]; f != nil {
			finish = f
		}
		calls, _ := deltaOf(c)["tool_calls"].([]any)
		for _, raw := range calls {
			tc := raw.(map[string]any)
			if tc["index"] != 0.0 {
				t.Errorf("tool call fragment %v has no index 0", tc)
			}
			fn := tc["function"].(map[string]any)
			if _, ok := tc["id"]; ok {
				heads++
				if tc["id"] != "call_q" || tc["type"] != "function" || fn["name"] != "read_file" || fn["arguments"] != "" {
					t.Errorf("first fragment = %v, want id, type, name and empty arguments", tc)
				}
				continue
			}
			args++
			if _, ok := fn["name"]; ok {
				t.Errorf("later fragment %v repeats the name", tc)
			}
			joined.WriteString(fn["arguments"].(string))
		}
	}
	if heads != 1 || args < 2 || joined.String() != `{"path":"a.txt"}` {
		t.Errorf("got %d first fragments and %d argument fragments joining to %q, want 1, several, the arguments", heads, args, joined.String())
	}
	if finish != "tool_calls" {
		t.Errorf("finish_reason = %v, want tool_calls", finish)
	}
	last := chunks[len(chunks)-1]
	if len(last["choices"].([]any)) != 0 {
		t.Errorf("usage chunk has choices %v, want none", last["choices"])
	}
	if u := last["usage"].(map[string]any); u["prompt_tokens"] != 10.0 || u["completion_tokens"] != 3.0 || u["total_tokens"] != 13.0 {
		t.Errorf("usage = %v, want 10 + 3 = 13", u)
	}
}

// TestNoUsageUnlessAsked checks that usage only comes when asked for.
func TestNoUsageUnlessAsked(t *testing.T) {
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hello")})
	_, data := post(t, srv, `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}`)
	for _, d := range data {
		if strings.Contains(d, `"usage"`) {
			t.Errorf("event %s carries usage, which was not asked for", d)
		}
	}
}

// errorfRecorder stands in for a test so that the fake's complaints can be
// checked rather than failing this test.
type errorfRecorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *errorfRecorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestRejects checks that the fake refuses, with 400 and a complaint to
// the test, the conversations a real server refuses.
func TestRejects(t *testing.T) {
	tests := []struct {
		name, body, complaint string
	}{
		{
			name:      "a tool call without its result",
			body:      `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"x","arguments":"{}"}}]},{"role":"user","content":"next"}]}`,
			complaint: `result of tool call "c1"`,
		},
		{
			name:      "a result for a call never made",
			body:      `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"},{"role":"tool","tool_call_id":"zz","content":"x"}]}`,
			complaint: `"zz"`,
		},
		{
			name:      "a tool message without content",
			body:      `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"x","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c1"}]}`,
			complaint: "content",
		},
		{
			name:      "a request past the end of the script",
			body:      `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"},{"role":"assistant","content":"done"},{"role":"user","content":"more"}]}`,
			complaint: "no turn 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is refused", func(t *testing.T) {
			rec := &errorfRecorder{TB: t}
			srv := openaitest.NewServer(rec, llmtest.Script{llmtest.Say("hello")})
			status, _ := post(t, srv, tt.body)
			if status != http.StatusBadRequest {
				t.Errorf("status = %d, want 400", status)
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], tt.complaint) {
				t.Errorf("complaints = %q, want one mentioning %q", rec.errs, tt.complaint)
			}
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("recorded %d requests, want the refused one", n)
			}
		})
	}
}
