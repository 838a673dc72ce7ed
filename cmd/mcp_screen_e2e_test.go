package cmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// TestScreenMCP drives the screen with MCP servers as a person would: the
// panel says which server failed, /mcp lists the tools with their levels,
// an unannotated call asks with its details, a slow call shows progress on
// its card and Ctrl+C cancels it on the server.
func TestScreenMCP(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls.log")
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("mcp__notes__write_note", `{"text":"from the screen"}`)),
		llmtest.Use(llmtest.UseTool("mcp__notes__slow", `{}`)),
		llmtest.Say("never reached"),
	})
	env := openaiEnv(srv)
	env[mcptest.LogEnv] = calls
	s := startScreen(t, screenRun{env: env, root: root, w: 120, h: 40, config: `[mcp_servers.notes]
command = "` + os.Args[0] + `"
args = ["mcptest-stdio"]
env_vars = ["` + mcptest.LogEnv + `"]
startup_timeout_seconds = 30

[mcp_servers.broken]
command = "no-such-mcp-server-here"
`})
	s.waitFor("MCP server broken failed", "no-such-mcp-server-here")
	s.ask("/mcp")
	s.waitFor("mcp__notes__read_note", "mcp__notes__delete_note", "dangerous")

	s.ask("write a note, then wait")
	s.approval("mcp__notes__write_note", "[warning]", "Details (v shows them whole):", "annotations: none")
	s.keys("a")
	s.waitFor("progress ", "step ")
	s.keys("C-c")
	s.waitFor("cancelled", "Ask for a change")
	// The server logs the cancellation when notifications/cancelled
	// reaches it, which may be just after the screen shows it.
	var lines string
	for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(calls)
		if lines = string(b); strings.Contains(lines, "cancelled slow") {
			break
		}
	}
	if !strings.Contains(lines, `write_note {"text":"from the screen"}`) || !strings.Contains(lines, "cancelled slow") {
		t.Errorf("the server saw %q, want the approved write and the cancelled slow call", lines)
	}
}

// The screen opens while an MCP server is still starting (this one waits
// for the test before it becomes the server): /mcp says it is starting,
// and once it has started, the first turn offers and calls its tools.
func TestScreenOpensWhileAnMCPServerStarts(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "go")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	calls := filepath.Join(t.TempDir(), "calls.log")
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("mcp__notes__read_note", `{"text":"late"}`)),
		llmtest.Say("Read the note."),
	})
	env := openaiEnv(srv)
	env[mcptest.LogEnv] = calls
	s := startScreen(t, screenRun{env: env, root: t.TempDir(), w: 120, h: 40, args: []string{"--yes-safe"}, config: `[mcp_servers.notes]
command = "sh"
args = ["-c", "read line < '` + fifo + `' && exec '` + os.Args[0] + `' mcptest-stdio"]
env_vars = ["` + mcptest.LogEnv + `"]
startup_timeout_seconds = 60
`})
	s.ask("/mcp")
	s.waitFor("notes", "starting")

	// Let the server start: opening the pipe for writing wakes its read.
	f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("go\n")
	f.Close()
	s.ask("read the note")
	s.waitFor("Read the note.")
	if b, _ := os.ReadFile(calls); !strings.Contains(string(b), "read_note") {
		t.Errorf("the server saw %q, want the read_note call", b)
	}
	if reqs := srv.Requests(); len(reqs) == 0 || !strings.Contains(fmt.Sprint(reqs[0].Tools), "mcp__notes__read_note") {
		t.Errorf("the first request did not offer the server's tools")
	}
}

// Quitting while an MCP server is still starting does not wait for its
// startup timeout: the start is stopped and the screen ends.
func TestScreenQuitsWhileAnMCPServerStarts(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "never")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: t.TempDir(), w: 100, h: 30, config: `[mcp_servers.notes]
command = "sh"
args = ["-c", "read line < '` + fifo + `'"]
startup_timeout_seconds = 600
`})
	s.waitFor("Ask for a change")
	s.keys("C-d")
	if status := s.exited(); status != "0" {
		t.Errorf("agent exited with status %s, want 0", status)
	}
}
