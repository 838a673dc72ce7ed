package anthropictest_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

type sse struct {
	name string
	data map[string]any
}

// post sends body to the fake and returns the status and the events.
func post(t *testing.T, srv *anthropictest.Server, body string) (int, []sse) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL()+"/v1/messages", strings.NewReader(body))
	req.Header.Set("anthropic-version", "2023-06-01")
	req.Header.Set("x-api-key", "k")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST: %v", err)
	}
	defer resp.Body.Close()
	var (
		out  []sse
		name string
	)
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			name = v
		}
		if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var d map[string]any
			if err := json.Unmarshal([]byte(v), &d); err != nil {
				t.Fatalf("event %s data %q is not JSON", name, v)
			}
			if d["type"] != name {
				t.Errorf("event %s carries type %v", name, d["type"])
			}
			out = append(out, sse{name, d})
		}
	}
	return resp.StatusCode, out
}

// TestWireFormat checks the event sequence against the real API's.
func TestWireFormat(t *testing.T) {
	srv := anthropictest.NewServer(t, llmtest.Script{{
		Text:  "Looking.",
		Calls: []llmtest.Call{{ID: "toolu_1", Name: "read_file", Args: `{"path":"a.txt"}`}},
	}})
	status, events := post(t, srv, `{"model":"m","max_tokens":100,"stream":true,"messages":[{"role":"user","content":"hi"}]}`)
	if status != http.StatusOK {
		t.Fatalf("status = %d, want 200", status)
	}
	var names []string
	var partial strings.Builder
	for _, e := range events {
		if len(names) == 0 || names[len(names)-1] != e.name {
			names = append(names, e.name)
		}
		if d, ok := e.data["delta"].(map[string]any); ok && d["type"] == "input_json_delta" {
			partial.WriteString(d["partial_json"].(string))
		}
	}
	want := []string{"message_start", "ping",
		"content_block_start", "content_block_delta", "content_block_stop",
		"content_block_start", "content_block_delta", "content_block_stop",
		"message_delta", "message_stop"}
	if !slices.Equal(names, want) {
		t.Errorf("events = %q, want %q", names, want)
	}
	if partial.String() != `{"path":"a.txt"}` {
		t.Errorf("input_json_delta fragments join to %q", partial.String())
	}
	if got := fmt.Sprint(events[len(events)-2].data["delta"]); !strings.Contains(got, "stop_reason:tool_use") {
		t.Errorf("message_delta = %s, want stop_reason tool_use", got)
	}
}

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

// TestRejects checks that the fake refuses what the real API refuses.
func TestRejects(t *testing.T) {
	tests := []struct {
		name, body, complaint string
	}{
		{
			name:      "a request without max_tokens",
			body:      `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}`,
			complaint: "max_tokens",
		},
		{
			name:      "an empty text block",
			body:      `{"model":"m","max_tokens":1,"stream":true,"messages":[{"role":"user","content":[{"type":"text","text":" "}]}]}`,
			complaint: "non-whitespace",
		},
		{
			name:      "a tool_use without its tool_result",
			body:      `{"model":"m","max_tokens":1,"stream":true,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"x","input":{}}]},{"role":"user","content":"go on"}]}`,
			complaint: `"t1"`,
		},
		{
			name:      "tool_use input that is not an object",
			body:      `{"model":"m","max_tokens":1,"stream":true,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"x","input":"{"}]}]}`,
			complaint: "dictionary",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is refused", func(t *testing.T) {
			rec := &errorfRecorder{TB: t}
			srv := anthropictest.NewServer(rec, llmtest.Script{llmtest.Say("hello")})
			if status, _ := post(t, srv, tt.body); status != http.StatusBadRequest {
				t.Errorf("status = %d, want 400", status)
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], tt.complaint) {
				t.Errorf("complaints = %q, want one mentioning %q", rec.errs, tt.complaint)
			}
		})
	}
}

// The fake refuses breakpoints the API refuses, in its words.
func TestBreakpointsAreCheckedAsTheAPIDoes(t *testing.T) {
	mark := `"cache_control":{"type":"ephemeral"}`
	text := func(extra string) string { return `{"type":"text","text":"x"` + extra + `}` }
	five := `{"system":[` + text(","+mark) + `],"messages":[{"role":"user","content":[` +
		strings.Join([]string{text("," + mark), text("," + mark), text("," + mark), text("," + mark)}, ",") + `]}]}`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"five markers", five, "A maximum of 4 blocks with cache_control may be provided. Found 5."},
		{"a marker of another type", `{"messages":[{"role":"user","content":[` + text(`,"cache_control":{"type":"permanent"}`) + `]}]}`, "messages.0.content.0.cache_control.type: Input should be 'ephemeral'"},
		{"a ttl the API does not know", `{"messages":[{"role":"user","content":[` + text(`,"cache_control":{"type":"ephemeral","ttl":"1d"}`) + `]}]}`, "ttl: Input should be '5m' or '1h'"},
		{"a marked thinking block", `{"messages":[{"role":"assistant","content":[{"type":"thinking","thinking":"t","signature":"s",` + mark + `}]}]}`, "thinking.cache_control: Extra inputs are not permitted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := anthropictest.Breakpoints([]byte(tc.body)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Breakpoints() error = %v, want %q", err, tc.want)
			}
		})
	}
	four := `{"tools":[{"name":"a",` + mark + `}],"system":[` + text(","+mark) + `],"messages":[{"role":"user","content":[` + text(","+mark) + `,` + text(","+mark) + `]}]}`
	if bps, err := anthropictest.Breakpoints([]byte(four)); err != nil || len(bps) != 4 {
		t.Errorf("Breakpoints(four markers) = %v, %v; want four, no error", bps, err)
	}
}
