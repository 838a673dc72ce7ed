package cmd_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// pageToken is a secret-shaped string on the fetched page: the model reads
// the page as it is, the session file never holds it.
const pageToken = "ghp_0123456789abcdefghijABCDEFGHIJ"

// A headless run with the allow-list naming a loopback site: the model's
// fetch of that site runs without asking and its Markdown reaches the
// model; a fetch of a host not on the list is denied, even with
// --yes dangerous, and the model is told why.
func TestRunWebFetchThroughTheGate(t *testing.T) {
	t.Parallel()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<html><body><h1>Release notes</h1><p>Version <code>2.0</code> drops <a href=\"/v1\">v1</a>. Token %s</p></body></html>", pageToken)
	}))
	t.Cleanup(site.Close)
	host := strings.TrimPrefix(site.URL, "http://")
	home, root := t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"),
		[]byte(fmt.Sprintf("[agent]\nretries = 0\n[network]\nallow_domains = [%q, \"docs.rs\"]\n", host)), 0o644)

	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("web_fetch", fmt.Sprintf(`{"url": %q}`, site.URL+"/notes"))),
		llmtest.Use(llmtest.UseTool("web_fetch", `{"url": "https://unlisted.example/page?q=1"}`)),
		llmtest.Say("Read the notes."),
	})
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--yes", "dangerous", "--json", "--root", root, "read the release notes"))
	if r.code != 3 {
		t.Fatalf("exit code = %d, want 3 (a call was denied)\nstderr: %s", r.code, r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests to the model, want 3", len(reqs))
	}
	fetched := reqs[1].ToolResults()
	if len(fetched) != 1 {
		t.Fatalf("second request carries %d tool results, want 1", len(fetched))
	}
	for _, want := range []string{"URL: " + site.URL + "/notes", "Status: 200 OK", "# Release notes", "Version `2.0` drops [v1](" + site.URL + "/v1)", pageToken} {
		if !strings.Contains(fetched[0].Content, want) {
			t.Errorf("the model read %q, want it to contain %q", fetched[0].Content, want)
		}
	}
	denied := reqs[2].ToolResults()[1:]
	if len(denied) != 1 || !strings.Contains(denied[0].Content, "denied by policy") || !strings.Contains(denied[0].Content, "network") {
		t.Errorf("the unlisted fetch gave the model %+v, want a denial that names the network", denied)
	}

	approvals := ofType(events(t, r.stdout), "approval")
	if len(approvals) != 2 || approvals[0]["decision"] != "auto" || approvals[1]["decision"] != "denied" {
		t.Fatalf("approvals = %v, want the listed host auto-approved and the other denied", approvals)
	}
	calls := ofType(events(t, r.stdout), "tool_call")
	if call, _ := calls[0]["call"].(map[string]any); call["level"] != "safe" || !strings.Contains(fmt.Sprint(call["reasons"]), "allow_domains") {
		t.Errorf("the listed fetch was judged %v, want safe because of allow_domains", call)
	}
	if call, _ := calls[1]["call"].(map[string]any); call["level"] != "warning" || !strings.Contains(call["summary"].(string), "https://unlisted.example/page?q=1") {
		t.Errorf("the unlisted fetch was judged %v, want warning with its full URL", call)
	}

	sessions, _ := filepath.Glob(filepath.Join(home, "state", "agent", "sessions", "*.jsonl"))
	if len(sessions) != 1 {
		t.Fatalf("session files: %v, want 1", sessions)
	}
	data, _ := os.ReadFile(sessions[0])
	if strings.Contains(string(data), pageToken) || !strings.Contains(string(data), "Release notes") {
		t.Errorf("the session file holds the page's token, or not the page: %.500s", data)
	}
}
