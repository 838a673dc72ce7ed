package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

// ask puts a request from provider into the queue and returns its reply
// channel.
func ask(m *model, id uint64, req agent.ApprovalRequest) chan agent.Answer {
	reply := make(chan agent.Answer, 1)
	m.Update(batchMsg{approvalMsg{id: id, reply: reply, req: req}})
	return reply
}

func shellRequest(provider, id, command string, l classify.Level, reasons ...string) agent.ApprovalRequest {
	return agent.ApprovalRequest{
		Provider: provider,
		Call:     *shellCall(id, command, l),
		Verdict:  classify.Verdict{Level: l, Reasons: reasons},
	}
}

const notesPreview = `--- a/notes.md
+++ b/notes.md
@@ -1,5 +1,6 @@
 # Notes
 
-Build with make.
+Build with make, or with go build ./... when make is missing.
+Test with go test ./....
 
 ## Release
 Tag and push.
`

func writeRequest() agent.ApprovalRequest {
	args := `{"path":"notes.md","content":"# Notes\n\nBuild with make, or with go build ./... when make is missing.\nTest with go test ./....\n\n## Release\nTag and push.\n"}`
	return agent.ApprovalRequest{
		Provider: "openai",
		Call:     agent.CallInfo{ID: "w1", Tool: "write_file", Args: args, Summary: "write notes.md", Level: lvl(classify.Warning)},
		Verdict:  classify.Verdict{Level: classify.Warning, Reasons: []string{"write notes.md: changes a file in the project"}},
		Preview:  notesPreview,
	}
}

// streamTurn plays a turn of text and a running tool call in panel p.
func streamTurn(b *Bridge, c *clock, provider string) {
	b.Publish(agent.Event{Type: agent.EventRunStarted, Provider: provider, Text: "run the tests and fix what fails"})
	for _, d := range []string{"I'll run **the tests** ", "first, then look at `parse.go`", " if something fails.\n"} {
		b.Publish(agent.Event{Type: agent.EventText, Provider: provider, Turn: 1, Text: d})
	}
	call := shellCall("c1", "go test ./...", classify.Safe)
	b.Publish(agent.Event{Type: agent.EventToolCall, Provider: provider, Turn: 1, Call: call, Time: c.now()})
	b.Publish(agent.Event{Type: agent.EventApproval, Provider: provider, Turn: 1, Call: call, Decision: agent.DecisionAuto, By: agent.ByPolicy, Time: c.now()})
	b.Publish(agent.Event{Type: agent.EventToolOutput, Provider: provider, Call: call, Text: "ok  \tgithub.com/x/a\t0.1s\nok  \tgithub.com/x/b\t0.3s\n"})
	b.Publish(agent.Event{Type: agent.EventToolOutput, Provider: provider, Call: call, Text: "--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 1, want 2\n"})
	b.Publish(agent.Event{Type: agent.EventUsage, Provider: provider, Total: &llm.Usage{InputTokens: 1200, OutputTokens: 345}})
}

func TestGolden(t *testing.T) {
	wide := tea.WindowSizeMsg{Width: 130, Height: 30}
	tests := []struct {
		name  string
		opts  Options
		size  tea.WindowSizeMsg
		setup func(t *testing.T, m *model, b *Bridge, c *clock)
	}{
		{
			name: "idle",
			opts: testOptions,
		},
		{
			name: "streaming text with a running tool",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "run the tests and fix what fails")
				streamTurn(b, c, "openai")
				pump(m, b)
				c.advance(3200 * time.Millisecond)
			},
		},
		{
			name: "a reply in markdown",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "how do I parse flags?")
				b.Publish(agent.Event{Type: agent.EventText, Provider: "openai", Text: "## Parsing flags\n\nUse the **flag** package, see [the docs](https://pkg.go.dev/flag):\n\n" +
					"- define each flag with `flag.String`\n- call *flag.Parse* first\n\n```go\nname := flag.String(\"name\", \"x\", \"who\") // the default is x\nflag.Parse()\n```\n\n> Flags stop at the first non-flag argument.\n"})
				pump(m, b)
			},
		},
		{
			name: "two panels side by side",
			opts: twoPanels,
			size: wide,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "run the tests and fix what fails")
				streamTurn(b, c, "openai")
				b.Publish(agent.Event{Type: agent.EventRunFinished, Provider: "ollama", Status: agent.StatusFinished, Total: &llm.Usage{InputTokens: 800, OutputTokens: 90}})
				pump(m, b)
				c.advance(1500 * time.Millisecond)
			},
		},
		{
			name: "tabs at 80 columns",
			opts: twoPanels,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "run the tests and fix what fails")
				streamTurn(b, c, "openai")
				b.Publish(agent.Event{Type: agent.EventError, Provider: "ollama", Error: "dial tcp 127.0.0.1:11434: connection refused"})
				pump(m, b)
				press(m, keyCtrlB)
			},
		},
		{
			name: "the approval modal",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "clean the build")
				call := shellCall("c1", "rm -rf build dist", classify.Dangerous)
				b.Publish(agent.Event{Type: agent.EventToolCall, Provider: "openai", Call: call})
				pump(m, b)
				ask(m, 1, shellRequest("openai", "c1", "rm -rf build dist", classify.Dangerous, "rm -rf build dist: recursive forced delete"))
				ask(m, 2, shellRequest("openai", "c2", "make clean", classify.Warning))
				c.advance(keyGuard)
			},
		},
		{
			name: "the approval modal during its key guard",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "git push origin main", classify.Warning, "git push: sends commits to a remote"))
				c.advance(keyGuard / 2)
			},
		},
		{
			name: "a request from the second panel highlights it",
			opts: twoPanels,
			size: wide,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				r := shellRequest("ollama", "o1", "npm install left-pad", classify.Warning, "npm install: changes node_modules and the lock file")
				r.Network = true
				ask(m, 1, r)
				ask(m, 2, shellRequest("openai", "c1", "make", classify.Warning))
				ask(m, 3, shellRequest("ollama", "o2", "make", classify.Warning))
				c.advance(keyGuard)
			},
		},
		{
			name: "denying with a reason",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete"))
				c.advance(keyGuard)
				press(m, char('d'))
				quietly(m, c)
				typeText(m, "keep build, run make clean")
			},
		},
		{
			name: "modifying a command",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete"))
				c.advance(keyGuard)
				press(m, char('m'))
				quietly(m, c)
				press(m, tea.KeyPressMsg{Code: tea.KeyBackspace}, tea.KeyPressMsg{Code: tea.KeyBackspace}, tea.KeyPressMsg{Code: tea.KeyBackspace},
					tea.KeyPressMsg{Code: tea.KeyBackspace}, tea.KeyPressMsg{Code: tea.KeyBackspace})
				typeText(m, "build/tmp")
			},
		},
		{
			name: "modifying the content of a file",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, writeRequest())
				c.advance(keyGuard)
				press(m, char('m'))
				quietly(m, c)
			},
		},
		{
			name: "the changed call asks again with its new verdict",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete"))
				c.advance(keyGuard)
				press(m, char('m'))
				quietly(m, c)
				for range len("build") {
					press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
				}
				typeText(m, "build/cache")
				press(m, keyEnter)
				ask(m, 2, shellRequest("openai", "c1", "rm -rf build/cache", classify.Warning, "rm -rf build/cache: deletes a cache inside the project"))
				c.advance(keyGuard)
			},
		},
		{
			name: "a session rule before it is saved",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "go test ./...", classify.Warning, "go test: runs the project's tests"))
				c.advance(keyGuard)
				press(m, char('s'))
				quietly(m, c)
				c.advance(keyGuard)
			},
		},
		{
			name: "the diff view",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, writeRequest())
				c.advance(keyGuard)
				press(m, char('v'))
				quietly(m, c)
			},
		},
		{
			name: "the diff view side by side",
			opts: testOptions,
			size: wide,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, writeRequest())
				c.advance(keyGuard)
				press(m, char('v'))
				quietly(m, c)
			},
		},
		{
			name: "the parts of a shell command",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				ask(m, 1, shellRequest("openai", "c1", "find . -name '*.o' | xargs rm -f && make", classify.Dangerous,
					"rm -f: deletes files named on stdin (via xargs)", "make: runs the project's Makefile", "find . -name '*.o': lists files"))
				c.advance(keyGuard)
				press(m, char('v'))
				quietly(m, c)
			},
		},
		{
			name: "a finished card expanded",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "build it")
				call := shellCall("c1", "make", classify.Safe)
				b.Publish(agent.Event{Type: agent.EventToolCall, Provider: "openai", Call: call})
				b.Publish(agent.Event{Type: agent.EventApproval, Provider: "openai", Call: call, Decision: agent.DecisionAuto})
				b.Publish(agent.Event{Type: agent.EventToolResult, Provider: "openai", Call: call, Result: &agent.CallResult{ExitCode: 0, DurationMS: 2300,
					Output: "cc -c a.c\ncc -c b.c\n[... 120000 bytes cut here; the whole output (140000 bytes) is in /state/agent/output/make-1.log ...]\ncc -o app a.o b.o\n"}})
				pump(m, b)
				press(m, tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
				press(m, keyEnter)
			},
		},
		{
			name: "the setup screen",
			opts: Options{AutoApprove: classify.Safe, Setup: "No provider is reachable.\n\nSet OPENAI_API_KEY, or start Ollama (OLLAMA_HOST), or add a [providers.NAME] section to ~/.config/agent/config.toml.\nRun `agent config init` to write a commented config."},
		},
		{
			name: "the full help",
			opts: testOptions,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				press(m, char('?'))
			},
		},
		{
			name: "asking before quitting",
			opts: twoPanels,
			setup: func(t *testing.T, m *model, b *Bridge, c *clock) {
				startTurn(t, m, "run the tests")
				press(m, keyCtrlD)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, b, c := newTestModel(t, nil, tt.opts)
			size := tea80x24
			if tt.size.Width > 0 {
				size = tt.size
				m.Update(size)
			}
			if tt.setup != nil {
				tt.setup(t, m, b, c)
			}
			out := screen(m)
			if got := strings.Count(out, "\n") + 1; got != size.Height {
				t.Errorf("the view has %d rows, want %d", got, size.Height)
			}
			for i, l := range strings.Split(out, "\n") {
				if w := ansi.StringWidth(l); w > size.Width {
					t.Errorf("row %d is %d cells wide, more than %d: %q", i, w, size.Width, l)
				}
			}
			golden.RequireEqual(t, out)
		})
	}
}
