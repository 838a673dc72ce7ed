package cmd_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// everythingVersion pins the reference server, so that a new release
// cannot change what this test sees.
const everythingVersion = "2026.8.31"

// installEverything returns the path of the official reference MCP
// server's executable, installed with npm once per machine and user into a
// cache in the temp directory (a pinned version never changes), so that
// every run after the first needs neither the registry nor a minute of
// npm. It skips the test, saying why, when npm or node is missing or the
// registry cannot be reached.
func installEverything(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("SKIPPED: npm is not installed, so the end-to-end test against @modelcontextprotocol/server-everything cannot run")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("SKIPPED: node is not installed, so the end-to-end test against @modelcontextprotocol/server-everything cannot run")
	}
	cache := filepath.Join(os.TempDir(), fmt.Sprintf("agent-test-cache-%d", os.Getuid()))
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	// A directory another user made, or could write, might hold anything.
	if fi, err := os.Stat(cache); err != nil {
		t.Fatal(err)
	} else if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm()&0o022 != 0 {
		t.Fatalf("the test cache %s is not this user's alone (mode %v): remove it", cache, fi.Mode())
	}
	dir := filepath.Join(cache, "mcp-server-everything@"+everythingVersion)
	bin := filepath.Join(dir, "node_modules", ".bin", "mcp-server-everything")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	// Installed aside, then renamed into place whole: another test
	// process may be installing it at the same time.
	tmp, err := os.MkdirTemp(cache, "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save", "--fetch-retries=1",
		"--cache", filepath.Join(tmp, ".npm-cache"), "--prefix", tmp,
		"@modelcontextprotocol/server-everything@"+everythingVersion)
	c.Dir = tmp
	if out, err := c.CombinedOutput(); err != nil {
		if ctx.Err() != nil || npmOffline(string(out)) {
			t.Skipf("SKIPPED: the npm registry cannot be reached, so @modelcontextprotocol/server-everything@%s cannot be installed for the end-to-end test against it: %v\n%s",
				everythingVersion, err, lastLines(string(out), 5))
		}
		t.Fatalf("npm install @modelcontextprotocol/server-everything@%s: %v\n%s", everythingVersion, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(bin); statErr != nil {
			t.Fatalf("keeping the installed server: %v", err)
		}
		// Another process put its copy in place first.
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("the package installed no mcp-server-everything: %v", err)
	}
	return bin
}

// npmOffline reports whether npm's output says the registry could not be
// reached, rather than that the install itself failed.
func npmOffline(out string) bool {
	for _, code := range []string{"ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENETUNREACH", "EHOSTUNREACH", "network request to", "proxy"} {
		if strings.Contains(out, code) {
			return true
		}
	}
	return false
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
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
