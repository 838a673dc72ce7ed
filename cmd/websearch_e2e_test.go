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

// With a SearXNG backend configured (a loopback fake speaking its JSON API)
// and on the allow-list, the model gets a web_search tool and its results
// as a Markdown list.
func TestRunWebSearchThroughASearxngBackend(t *testing.T) {
	t.Parallel()
	searx := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"query": %q, "number_of_results": 0, "results": [{"url": "https://go.dev/doc/", "title": "Documentation - The Go Programming Language", "content": "The Go programming language is an open source project.", "engine": "duckduckgo", "score": 1.0}], "answers": [], "suggestions": []}`, r.URL.Query().Get("q"))
	}))
	t.Cleanup(searx.Close)
	home, root := t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"), []byte(fmt.Sprintf(
		"[agent]\nretries = 0\n[tools.web_search]\nprovider = \"searxng\"\nbase_url = %q\n[network]\nallow_domains = [%q]\n",
		searx.URL, strings.TrimPrefix(searx.URL, "http://"))), 0o644)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("web_search", `{"query": "go documentation"}`)),
		llmtest.Say("Found it."),
	})
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--json", "--root", root, "find the go docs"))
	if r.code != 0 {
		t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
	}
	reqs := srv.Requests()
	if names := reqs[0].ToolNames(); !strings.Contains(strings.Join(names, ","), "web_search") {
		t.Errorf("tools offered = %v, want web_search", names)
	}
	tr := reqs[len(reqs)-1].ToolResults()
	want := "1. [Documentation - The Go Programming Language](https://go.dev/doc/)\n   The Go programming language is an open source project."
	if len(tr) != 1 || !strings.Contains(tr[0].Content, want) {
		t.Errorf("the model read %+v, want the results as a Markdown list", tr)
	}
}
