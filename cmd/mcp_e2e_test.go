package cmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// mcpHome is a hermetic home whose user config has the test MCP server
// (this test binary in server mode) as [mcp_servers.notes], plus extra
// config text. calls is the file where the server logs the calls it ran.
func mcpHome(t *testing.T, extra string) (home, calls string) {
	t.Helper()
	home = t.TempDir()
	calls = filepath.Join(t.TempDir(), "calls.log")
	cfg := `[mcp_servers.notes]
command = "` + os.Args[0] + `"
args = ["mcptest-stdio"]
env_vars = ["` + mcptest.LogEnv + `"]
startup_timeout_seconds = 30
` + extra
	dir := filepath.Join(home, "config", "agent")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return home, calls
}

// ranCalls returns the tools the test server ran, in order.
func ranCalls(t *testing.T, calls string) []string {
	t.Helper()
	b, err := os.ReadFile(calls)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, _, _ := strings.Cut(l, " ")
		tools = append(tools, name)
	}
	return tools
}

// threeCalls is a model that calls the read-only, the unannotated and the
// destructive tool at once, then answers.
func threeCalls() llmtest.Script {
	return llmtest.Script{
		llmtest.Use(
			llmtest.UseTool("mcp__notes__read_note", `{"text":"one"}`),
			llmtest.UseTool("mcp__notes__write_note", `{"text":"two"}`),
			llmtest.UseTool("mcp__notes__delete_note", `{"text":"three"}`),
		),
		llmtest.Say("done"),
	}
}

func TestRunMCPToolsGoThroughTheGate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		flags    []string
		wantCode int
		wantRan  []string
	}{
		{"with --yes-safe only the read-only tool runs", []string{"--yes-safe"}, 3, []string{"read_note"}},
		{"with --yes warning the unannotated tool runs too", []string{"--yes", "warning"}, 3, []string{"read_note", "write_note"}},
		{"with --yes dangerous the destructive tool runs too", []string{"--yes", "dangerous"}, 0, []string{"read_note", "write_note", "delete_note"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			home, calls := mcpHome(t, "")
			srv := openaitest.NewServer(t, threeCalls())
			env := openaiEnv(srv)
			env[mcptest.LogEnv] = calls
			args := append([]string{"run", "--json", "--root", root}, tc.flags...)
			r := run(t, agentCmd(t, home, env, append(args, "use the notes")...))
			if r.code != tc.wantCode {
				t.Fatalf("exit code = %d, want %d\nstderr: %s", r.code, tc.wantCode, r.stderr)
			}
			if got := ranCalls(t, calls); strings.Join(got, ",") != strings.Join(tc.wantRan, ",") {
				t.Errorf("the server ran %v, want %v", got, tc.wantRan)
			}
			reqs := srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("the fake got %d requests, want 2", len(reqs))
			}
			results := reqs[1].ToolResults()
			if len(results) != 3 {
				t.Fatalf("the second request carries %d tool results, want 3", len(results))
			}
			for i, tool := range []string{"read_note", "write_note", "delete_note"} {
				ran := strings.Contains(strings.Join(tc.wantRan, ","), tool)
				content := results[i].Content
				switch {
				case ran && !strings.HasPrefix(content, tool+": "):
					t.Errorf("%s result = %q, want the server's answer", tool, content)
				case !ran && !strings.Contains(content, "denied by policy"):
					t.Errorf("%s result = %q, want a denial", tool, content)
				}
			}
			evs := events(t, r.stdout)
			levels := map[string]string{}
			for _, e := range ofType(evs, "tool_call") {
				call := e["call"].(map[string]any)
				if l, ok := call["level"].(string); ok {
					levels[call["tool"].(string)] = l
				}
			}
			want := map[string]string{"mcp__notes__read_note": "safe", "mcp__notes__write_note": "warning", "mcp__notes__delete_note": "dangerous"}
			for tool, l := range want {
				if levels[tool] != l {
					t.Errorf("tool_call level of %s = %q, want %q (all: %v)", tool, levels[tool], l, levels)
				}
			}
		})
	}
}

func TestRunMCPToolRulesAndFailingServers(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	// A user rule lowers write_note; a broken server is reported and the
	// session goes on without it.
	home, calls := mcpHome(t, `
[mcp_servers.broken]
command = "no-such-mcp-server-here"

[[rules]]
tool = "mcp__notes__write_*"
level = "safe"
reason = "notes are scratch"
`)
	// The project raises read_note to dangerous and disables delete_note.
	os.MkdirAll(filepath.Join(root, ".agent"), 0o755)
	os.WriteFile(filepath.Join(root, ".agent", "config.toml"), []byte(`
[[rules]]
tool = "mcp__notes__read_*"
level = "dangerous"

[mcp_servers.notes]
disabled_tools = ["delete_note"]
`), 0o644)
	srv := openaitest.NewServer(t, threeCalls())
	env := openaiEnv(srv)
	env[mcptest.LogEnv] = calls
	r := run(t, agentCmd(t, home, env, "run", "--json", "--yes-safe", "--root", root, "use the notes"))
	if r.code != 3 {
		t.Fatalf("exit code = %d, want 3\nstderr: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "MCP server broken failed") || !strings.Contains(r.stderr, "no-such-mcp-server-here") {
		t.Errorf("stderr = %q, want it to say which server failed and why", r.stderr)
	}
	if got := ranCalls(t, calls); strings.Join(got, ",") != "write_note" {
		t.Errorf("the server ran %v, want only write_note", got)
	}
	results := srv.Requests()[1].ToolResults()
	if !strings.Contains(results[0].Content, "denied by policy") {
		t.Errorf("read_note result = %q, want it denied (raised by the project)", results[0].Content)
	}
	if !strings.Contains(results[2].Content, "unknown tool") {
		t.Errorf("delete_note result = %q, want an unknown tool (disabled by the project)", results[2].Content)
	}
	for _, spec := range srv.Requests()[0].Tools {
		if spec.Name == "mcp__notes__delete_note" {
			t.Errorf("the disabled tool was offered to the model")
		}
	}
}

func TestMCPListShowsServersToolsAndLevels(t *testing.T) {
	t.Parallel()
	home, _ := mcpHome(t, `
[mcp_servers.silent]
command = "`+os.Args[0]+`"
args = ["mcptest-silent"]
startup_timeout_seconds = 1
`)
	r := run(t, agentCmd(t, home, nil, "mcp", "list", "--root", t.TempDir()))
	if r.code != 1 || !strings.Contains(r.stderr, "agent: mcp list: silent: did not start (see above)") {
		t.Fatalf("agent mcp list with a server that does not start: exit %d, stderr %q; want 1 naming it", r.code, r.stderr)
	}
	for _, want := range []string{
		"notes (stdio: ", "): ready",
		"mcp__notes__read_note", "mcp__notes__delete_note",
		"silent (stdio: ", "): failed: did not start within 1s",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("agent mcp list output lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, line := range strings.Split(r.stdout, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "mcp__notes__delete_note" && f[1] != "dangerous" {
			t.Errorf("delete_note listed as %q, want dangerous: %q", f[1], line)
		}
		if len(f) >= 2 && f[0] == "mcp__notes__read_note" && f[1] != "safe" {
			t.Errorf("read_note listed as %q, want safe: %q", f[1], line)
		}
	}
}

func TestMCPCallsAreInTheLogAndServerStderrIsKept(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home, calls := mcpHome(t, "")
	srv := openaitest.NewServer(t, threeCalls())
	env := openaiEnv(srv)
	env[mcptest.LogEnv] = calls
	if r := run(t, agentCmd(t, home, env, "run", "--yes-safe", "--root", root, "use the notes")); r.code != 3 {
		t.Fatalf("exit code = %d, want 3\nstderr: %s", r.code, r.stderr)
	}
	r := run(t, agentCmd(t, home, nil, "log", "--tool", "mcp__notes__read_note", "--root", root))
	if r.code != 0 || !strings.Contains(r.stdout, "mcp__notes__read_note") || strings.Contains(r.stdout, "write_note") {
		t.Errorf("agent log --tool mcp__notes__read_note: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	logs, _ := filepath.Glob(filepath.Join(home, "state", "agent", "sessions", "*.mcp", "notes.stderr.log"))
	if len(logs) != 1 {
		t.Fatalf("server stderr logs = %v, want one beside the session", logs)
	}
	if b, _ := os.ReadFile(logs[0]); !strings.Contains(string(b), "mcptest: serving on stdio") {
		t.Errorf("the server's stderr log = %q, want what it wrote", b)
	}
}

func TestSandboxedMCPServerWritesOnlyTheRoot(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "outside.txt")
	inside := filepath.Join(root, "inside.txt")
	for _, sandboxed := range []bool{true, false} {
		os.Remove(outside)
		home, _ := mcpHome(t, "")
		if sandboxed {
			// The same server, inside the command sandbox.
			writeConfig(t, home, `[mcp_servers.notes]
command = "`+os.Args[0]+`"
args = ["mcptest-stdio"]
sandbox = true
startup_timeout_seconds = 30
`)
		}
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(
				llmtest.UseTool("mcp__notes__touch", `{"path":"`+outside+`"}`),
				llmtest.UseTool("mcp__notes__touch", `{"path":"`+inside+`"}`),
			),
			llmtest.Say("done"),
		})
		r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--yes", "warning", "--root", root, "touch"))
		if r.code != 0 {
			t.Fatalf("sandbox=%v: exit %d\nstderr: %s", sandboxed, r.code, r.stderr)
		}
		if strings.Contains(r.stderr, "cannot be confined here") {
			t.Skipf("SKIPPED: commands cannot be confined on this machine: %s", r.stderr)
		}
		res := srv.Requests()[1].ToolResults()
		if !strings.Contains(res[1].Content, "wrote "+inside) {
			t.Errorf("sandbox=%v: writing inside the root = %q, want it written", sandboxed, res[1].Content)
		}
		_, err := os.Stat(outside)
		if sandboxed && (err == nil || strings.Contains(res[0].Content, "wrote")) {
			t.Errorf("a sandboxed server wrote outside the root: %q", res[0].Content)
		}
		if !sandboxed && err != nil {
			t.Errorf("an unsandboxed server could not write outside the root (%q): the test proves nothing", res[0].Content)
		}
	}
}

func TestConfigShowsTheMCPServers(t *testing.T) {
	t.Parallel()
	home, _ := mcpHome(t, "")
	r := run(t, agentCmd(t, home, nil, "config", "--root", t.TempDir()))
	if r.code != 0 || !strings.Contains(r.stdout, "[mcp_servers.notes]") || !strings.Contains(r.stdout, `args = ["mcptest-stdio"]`) {
		t.Errorf("agent config: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

func TestMCPToolsInPromptToolsMode(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home, calls := mcpHome(t, "\n[providers.ollama]\ntools = \"prompt\"\n")
	srv := ollamatest.NewServer(t, llmtest.Script{
		llmtest.Say("Reading.\n```tool\n{\"tool\": \"mcp__notes__read_note\", \"arguments\": {\"text\": \"in prompt mode\"}}\n```"),
		llmtest.Say("Read it."),
	})
	r := run(t, agentCmd(t, home, map[string]string{"OLLAMA_HOST": srv.URL(), mcptest.LogEnv: calls},
		"run", "--provider", "ollama", "--model", llmtest.Model, "--yes-safe", "--root", root, "read a note"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %s", r.code, r.stderr)
	}
	reqs := srv.Requests()
	if len(reqs[0].Tools) != 0 || !strings.Contains(reqs[0].System, "## mcp__notes__read_note") {
		t.Errorf("first request: want the MCP tools described in the system prompt, none on the wire")
	}
	if got := ranCalls(t, calls); strings.Join(got, ",") != "read_note" {
		t.Errorf("the server ran %v, want read_note", got)
	}
}
