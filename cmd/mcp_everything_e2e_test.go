package cmd_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// everythingVersion pins the reference server, so that a new release
// cannot change what this test sees.
const everythingVersion = "2026.8.31"

// installEverything installs the official reference MCP server into a
// temporary directory with npm, its cache there too, and returns the path
// of its executable. It skips the test, saying why, when npm is missing.
func installEverything(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("SKIPPED: npm is not installed, so the end-to-end test against @modelcontextprotocol/server-everything cannot run")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("SKIPPED: node is not installed, so the end-to-end test against @modelcontextprotocol/server-everything cannot run")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save",
		"--cache", filepath.Join(dir, ".npm-cache"), "--prefix", dir,
		"@modelcontextprotocol/server-everything@"+everythingVersion)
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("npm install @modelcontextprotocol/server-everything@%s: %v\n%s", everythingVersion, err, out)
	}
	bin := filepath.Join(dir, "node_modules", ".bin", "mcp-server-everything")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("the package installed no mcp-server-everything: %v", err)
	}
	return bin
}

// TestRunAgainstTheReferenceServer drives the binary against a real MCP
// server no one here wrote: its annotations decide what runs headless,
// text, images and progress come back, and its environment holds none of
// the agent's secrets.
func TestRunAgainstTheReferenceServer(t *testing.T) {
	t.Parallel()
	bin := installEverything(t)
	home := t.TempDir()
	writeConfig(t, home, `[mcp_servers.everything]
command = "`+bin+`"
args = ["stdio"]
startup_timeout_seconds = 60
`)
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(
			llmtest.UseTool("mcp__everything__echo", `{"message":"hello from agent"}`),
			llmtest.UseTool("mcp__everything__get-sum", `{"a":2,"b":3}`),
			llmtest.UseTool("mcp__everything__get-tiny-image", `{}`),
			llmtest.UseTool("mcp__everything__get-env", `{}`),
			llmtest.UseTool("mcp__everything__trigger-long-running-operation", `{"duration":0.3,"steps":3}`),
			llmtest.UseTool("mcp__everything__gzip-file-as-resource", `{}`),
			llmtest.UseTool("mcp__everything__echo", `{"message":3}`),
		),
		llmtest.Say("done"),
	})
	root := t.TempDir()
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--json", "--yes-safe", "--root", root, "try the reference server"))
	if r.code != 3 {
		t.Fatalf("exit code = %d, want 3 (the unannotated tool is denied)\nstderr: %s", r.code, r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("the fake got %d requests, want 2\nstderr: %s", len(reqs), r.stderr)
	}
	offered := map[string]bool{}
	for _, s := range reqs[0].Tools {
		offered[s.Name] = true
	}
	if !offered["mcp__everything__echo"] || !offered["mcp__everything__get-sum"] {
		t.Errorf("the model was not offered the server's tools: %v", offered)
	}
	res := reqs[1].ToolResults()
	if len(res) != 7 {
		t.Fatalf("%d tool results, want 7", len(res))
	}
	checks := []struct {
		what, want string
	}{
		{"echo", "Echo: hello from agent"},
		{"get-sum", "The sum of 2 and 3 is 5."},
		{"get-tiny-image", "[image image/png"},
		{"get-env", "PATH"},
		{"trigger-long-running-operation", "Long running operation completed"},
		{"gzip-file-as-resource", "denied by policy"},
		{"echo with a number", "do not match the tool's input schema"},
	}
	for i, c := range checks {
		if !strings.Contains(res[i].Content, c.want) {
			t.Errorf("%s result = %q, want %q in it", c.what, res[i].Content, c.want)
		}
	}
	if strings.Contains(res[2].Content, "iVBOR") {
		t.Errorf("the image's base64 reached the model: %q", res[2].Content)
	}
	if !strings.Contains(res[2].Content, "saved to "+filepath.Join(home, "state")) {
		t.Errorf("the image was not saved under the state directory: %q", res[2].Content)
	}
	if strings.Contains(res[3].Content, llmtest.APIKey) || strings.Contains(res[3].Content, "OPENAI_API_KEY") {
		t.Errorf("the provider's key reached the MCP server's environment")
	}
	progress := 0
	for _, e := range ofType(events(t, r.stdout), "tool_output") {
		if strings.Contains(e["text"].(string), "progress ") {
			progress++
		}
	}
	if progress == 0 {
		t.Errorf("no progress notification reached the events")
	}
}

// writeConfig writes the user config of a hermetic home.
func writeConfig(t *testing.T, home, cfg string) {
	t.Helper()
	dir := filepath.Join(home, "config", "agent")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
}
