package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/agentcli/agent/acp"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Whatever a client sends, the server never panics and goes on answering:
// after any lines, an initialize request still gets its answer.
func FuzzServeAnswersAfterAnyInput(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1`,
		`not json`,
		`{"jsonrpc": "2.0", "id": 2, "method": "no/such/method"}`,
		`{"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": 7}}`,
		`{"jsonrpc": "2.0", "id": {"x": 1}, "method": "initialize", "params": {"protocolVersion": 1}}`,
		`{"jsonrpc": "2.0", "id": 3, "method": "session/prompt", "params": {"sessionId": "x", "prompt": [{"type": "image"}]}}`,
		`{"jsonrpc": "2.0", "id": 4, "result": {}}`,
		`{"jsonrpc": "2.0", "id": 5, "method": "session/new", "params": {"cwd": "", "mcpServers": [{"type": "sse"}]}}`,
		`{"jsonrpc": "2.0", "id": 6, "method": "$/cancel_request", "params": {"requestId": 6}}`,
		"[1, 2, 3]\n{}\n\"\"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if strings.Contains(input, "fuzz-check") || strings.Contains(input, "session/new") || strings.Contains(input, "session/load") {
			// The check's own id; and sessions in whatever directory the
			// input names are not this test's business.
			t.Skip()
		}
		o := &opener{script: llmtest.Script{llmtest.Say("ok")}}
		toServer, w := io.Pipe()
		r, fromServer := io.Pipe()
		done := make(chan struct{})
		go func() {
			defer close(done)
			acp.Serve(context.Background(), toServer, fromServer, acp.Options{Opener: o})
			fromServer.Close()
		}()
		defer func() {
			w.Close()
			r.Close()
			<-done
		}()
		go func() {
			io.WriteString(w, input+"\n")
			io.WriteString(w, `{"jsonrpc": "2.0", "id": "fuzz-check", "method": "initialize", "params": {"protocolVersion": 1}}`+"\n")
		}()
		lines := bufio.NewScanner(r)
		lines.Buffer(nil, 1<<20)
		for lines.Scan() {
			var m struct {
				ID     any            `json:"id"`
				Result map[string]any `json:"result"`
			}
			if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
				t.Fatalf("the server wrote a line that is not JSON: %q", lines.Text())
			}
			if m.ID == "fuzz-check" {
				if m.Result["protocolVersion"] != float64(1) {
					t.Fatalf("initialize after %q: %s", input, lines.Text())
				}
				return
			}
		}
		t.Fatalf("no answer to initialize after %q: %v", input, lines.Err())
	})
}
