package llm_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
)

var readFileSpec = llm.ToolSpec{
	Name:        "read_file",
	Description: "Read a file of the project.",
	Parameters:  json.RawMessage(`{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}`),
}

const fence = "```"

// A model that cannot call tools natively, behind the real Ollama adapter
// and its fake: the tools go into the system prompt, the call comes back
// out of the text, and the next request carries the call and its result
// as text the model can read.
func TestPromptToolsThroughOllama(t *testing.T) {
	reply := "I will read the README.\n" + fence + "tool\n{\"tool\": \"read_file\", \"arguments\": {\"path\": \"README.md\"}}\n" + fence + "\n"
	srv := ollamatest.NewServer(t, llmtest.Script{
		{Text: reply, Fault: llmtest.Fault{CharByChar: true}},
		llmtest.Say("The README says hello."),
	})
	inner, err := ollama.New(ollama.Options{BaseURL: srv.URL(), Model: llmtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	p := llm.WithPromptTools(inner)
	req := llm.Request{
		System:   "You are a test.",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "What does the README say?"}},
		Tools:    []llm.ToolSpec{readFileSpec},
	}

	var streamed strings.Builder
	resp, err := p.Stream(t.Context(), req, func(d llm.Delta) { streamed.WriteString(d.Text) })
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if got, want := streamed.String(), "I will read the README.\n"; got != want {
		t.Errorf("streamed text = %q, want %q (the tool block is not for the person)", got, want)
	}
	if got := resp.Message.Content; got != "I will read the README." {
		t.Errorf("Content = %q, want the text without the block", got)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 1 || calls[0].Name != "read_file" || calls[0].Args != `{"path":"README.md"}` || calls[0].ID == "" || calls[0].Invalid != "" {
		t.Fatalf("ToolCalls = %+v, want one valid read_file call of README.md with an id", calls)
	}
	first := srv.Requests()[0]
	if len(first.Tools) != 0 {
		t.Errorf("the server was offered tools %v, want none: the model cannot call them", first.ToolNames())
	}
	for _, want := range []string{"You are a test.", fence + "tool", "## read_file", `"required":["path"]`} {
		if !strings.Contains(first.System, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, first.System)
		}
	}

	req.Messages = append(req.Messages, resp.Message, llm.Message{
		Role: llm.RoleTool, ToolCallID: calls[0].ID, ToolName: "read_file", Content: "hello\n",
	})
	resp, err = p.Stream(t.Context(), req, nil)
	if err != nil {
		t.Fatalf("second Stream() error = %v", err)
	}
	if resp.Message.Content != "The README says hello." || len(resp.Message.ToolCalls) != 0 {
		t.Errorf("second reply = %+v, want the final text and no calls", resp.Message)
	}
	msgs := srv.Requests()[1].Messages
	if len(msgs) != 3 || msgs[1].Role != llm.RoleAssistant || msgs[2].Role != llm.RoleUser {
		t.Fatalf("second request messages = %+v, want user, assistant, user", msgs)
	}
	if got := msgs[1].Content; !strings.Contains(got, "I will read the README.") || !strings.Contains(got, `{"tool":"read_file","arguments":{"path":"README.md"}}`) {
		t.Errorf("assistant message sent back = %q, want its text and its call as a block", got)
	}
	want := `<tool_result id="` + calls[0].ID + `" tool="read_file" status="ok">` + "\nhello\n</tool_result>"
	if got := msgs[2].Content; got != want {
		t.Errorf("tool result sent as %q, want %q", got, want)
	}
}

func TestPromptToolsReadsCalls(t *testing.T) {
	block := func(body string) string { return fence + "tool\n" + body + "\n" + fence + "\n" }
	tests := []struct {
		name      string
		reply     string
		wantText  string
		wantCalls []llm.ToolCall // Invalid is compared as "set or not"
		wantWhy   string         // part of the correction, for an invalid call
	}{
		{
			name:     "text without a block is plain text",
			reply:    "No tools needed. Use `go test` and ``these`` backticks.",
			wantText: "No tools needed. Use `go test` and ``these`` backticks.",
		},
		{
			name:     "another fenced block is text the person reads",
			reply:    "Run this:\n" + fence + "sh\ngo test ./...\n" + fence + "\nDone.",
			wantText: "Run this:\n" + fence + "sh\ngo test ./...\n" + fence + "\nDone.",
		},
		{
			name:      "two blocks make two calls in order, and text between them stays",
			reply:     "First.\n" + block(`{"tool": "list_dir", "arguments": {"path": "."}}`) + "Then.\n" + block(`{"tool": "read_file", "arguments": {"path": "a"}}`),
			wantText:  "First.\nThen.",
			wantCalls: []llm.ToolCall{{Name: "list_dir", Args: `{"path":"."}`}, {Name: "read_file", Args: `{"path":"a"}`}},
		},
		{
			name:      "tool_call as the info string, name and args as the keys, and an unclosed block at the end are accepted",
			reply:     "```tool_call\n{\"name\": \"shell\", \"args\": {\"command\": \"ls\"}}\n",
			wantCalls: []llm.ToolCall{{Name: "shell", Args: `{"command":"ls"}`}},
		},
		{
			name:      "arguments written as a JSON string are passed on as that text",
			reply:     block(`{"tool": "shell", "arguments": "{\"command\": \"ls\"}"}`),
			wantCalls: []llm.ToolCall{{Name: "shell", Args: `{"command": "ls"}`}},
		},
		{
			name:      "a call without arguments gets an empty object",
			reply:     block(`{"tool": "list_dir"}`),
			wantCalls: []llm.ToolCall{{Name: "list_dir", Args: `{}`}},
		},
		{
			name:      "JSON cut short is a correction naming the tool the model meant",
			reply:     block(`{"tool": "read_file", "arguments": {"path": "README.md"}`),
			wantCalls: []llm.ToolCall{{Name: "read_file", Invalid: "x"}},
			wantWhy:   "not complete",
		},
		{
			name:      "text that is not JSON is a correction",
			reply:     block(`read_file README.md`),
			wantCalls: []llm.ToolCall{{Invalid: "x"}},
			wantWhy:   "not valid JSON",
		},
		{
			name:      "a call without a tool name is a correction",
			reply:     block(`{"arguments": {"path": "a"}}`),
			wantCalls: []llm.ToolCall{{Invalid: "x"}},
			wantWhy:   `no "tool" field`,
		},
		{
			name:      "arguments that are not an object are a correction",
			reply:     block(`{"tool": "read_file", "arguments": ["a"]}`),
			wantCalls: []llm.ToolCall{{Name: "read_file", Invalid: "x"}},
			wantWhy:   "must be a JSON object",
		},
		{
			name:      "an empty block is a correction",
			reply:     "Calling.\n" + fence + "tool\n" + fence + "\n",
			wantText:  "Calling.",
			wantCalls: []llm.ToolCall{{Invalid: "x"}},
			wantWhy:   "empty",
		},
		{
			name:      "two objects in one block are a correction",
			reply:     block("{\"tool\": \"list_dir\"}\n{\"tool\": \"list_dir\"}"),
			wantCalls: []llm.ToolCall{{Name: "list_dir", Invalid: "x"}},
			wantWhy:   "one call per block",
		},
	}
	for _, tt := range tests {
		for _, charByChar := range []bool{false, true} {
			name := tt.name
			if charByChar {
				name += ", even one character at a time"
			}
			t.Run(name, func(t *testing.T) {
				p := llm.WithPromptTools(llmtest.NewProvider("fake", llmtest.Script{
					{Text: tt.reply, Fault: llmtest.Fault{CharByChar: charByChar}},
				}))
				var streamed strings.Builder
				resp, err := p.Stream(t.Context(), llm.Request{
					Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}},
					Tools:    []llm.ToolSpec{readFileSpec},
				}, func(d llm.Delta) { streamed.WriteString(d.Text) })
				if err != nil {
					t.Fatalf("Stream() error = %v", err)
				}
				if got := resp.Message.Content; got != tt.wantText {
					t.Errorf("Content = %q, want %q", got, tt.wantText)
				}
				if got := strings.TrimSpace(streamed.String()); got != tt.wantText {
					t.Errorf("streamed text = %q, want %q", got, tt.wantText)
				}
				got := resp.Message.ToolCalls
				if len(got) != len(tt.wantCalls) {
					t.Fatalf("ToolCalls = %+v, want %d calls", got, len(tt.wantCalls))
				}
				ids := map[string]bool{}
				for i, w := range tt.wantCalls {
					g := got[i]
					if g.ID == "" || ids[g.ID] {
						t.Errorf("call %d id = %q, want a fresh one", i, g.ID)
					}
					ids[g.ID] = true
					if g.Name != w.Name || (g.Invalid != "") != (w.Invalid != "") {
						t.Errorf("call %d = %+v, want name %q and invalid = %v", i, g, w.Name, w.Invalid != "")
					}
					if w.Invalid == "" && g.Args != w.Args {
						t.Errorf("call %d args = %q, want %q", i, g.Args, w.Args)
					}
					if w.Invalid != "" && (!strings.Contains(g.Invalid, tt.wantWhy) || !strings.Contains(g.Invalid, fence+"tool")) {
						t.Errorf("call %d correction = %q, want it to say %q and show the format", i, g.Invalid, tt.wantWhy)
					}
				}
				if len(got) > 0 && resp.StopReason != "tool_calls" {
					t.Errorf("StopReason = %q, want tool_calls", resp.StopReason)
				}
			})
		}
	}
}

// An invalid call goes back to the model as the text it wrote, and its
// result as the correction, so the model sees its mistake and the fix.
func TestPromptToolsSendsAnInvalidCallBackAsWritten(t *testing.T) {
	inner := llmtest.NewProvider("fake", llmtest.Script{llmtest.Say("unused"), llmtest.Say("ok")})
	p := llm.WithPromptTools(inner)
	_, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{
		{Role: llm.RoleUser, Content: "go"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "p1", Args: "read_file README.md", Invalid: "your tool call could not be read"}}},
		{Role: llm.RoleTool, ToolCallID: "p1", Content: "your tool call could not be read", IsError: true},
		{Role: llm.RoleUser, Content: "and then?"},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	msgs := inner.Requests()[0].Messages
	if len(msgs) != 3 {
		t.Fatalf("messages = %+v, want user, assistant, and one user message joining the result and the prompt", msgs)
	}
	if got, want := msgs[1].Content, fence+"tool\nread_file README.md\n"+fence; got != want {
		t.Errorf("assistant message = %q, want %q", got, want)
	}
	if got := msgs[2].Content; !strings.Contains(got, `status="error">`+"\nyour tool call could not be read\n") || !strings.HasSuffix(got, "\n\nand then?") {
		t.Errorf("user message = %q, want the error result, then the prompt", got)
	}
}

// A reply cut off by a failure has no calls: a half-written call must
// never run.
func TestPromptToolsDropsTheCallsOfAFailedReply(t *testing.T) {
	p := llm.WithPromptTools(llmtest.NewProvider("fake", llmtest.Script{
		{Text: "Reading.\n" + fence + "tool\n{\"tool\": \"list_dir\"}\n" + fence + "\nmore words here", Fault: llmtest.Fault{CutAfter: 4}},
	}))
	resp, err := p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "go"}}}, nil)
	if llm.KindOf(err) != llm.KindInterrupted {
		t.Fatalf("Stream() error = %v, want an interrupted stream", err)
	}
	if len(resp.Message.ToolCalls) != 0 {
		t.Errorf("ToolCalls = %+v, want none from a cut reply", resp.Message.ToolCalls)
	}
}
