package llmtest

import (
	"encoding/json"
	"reflect"
	"slices"

	"github.com/agentcli/agent/agent/llm"
)

// simpleRequest is a one-message conversation with one tool.
func simpleRequest() llm.Request {
	return llm.Request{
		System:   "You are a test.",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "Say something."}},
		Tools: []llm.ToolSpec{{
			Name:        "read_file",
			Description: "Read a file.",
			Parameters:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Path in the project."}},"required":["path"]}`),
		}},
	}
}

// richRequest is a conversation with everything a format must carry:
// several calls in one message, results in order, a failed result, an
// assistant message with calls but no text.
func richRequest() llm.Request {
	req := simpleRequest()
	req.Tools = append(req.Tools, llm.ToolSpec{
		Name:        "run",
		Description: "Run a shell command in the project root.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"integer"}},"required":["command"]}`),
	})
	req.Messages = []llm.Message{
		{Role: llm.RoleUser, Content: "Read a.txt and b.txt, then list the files."},
		{Role: llm.RoleAssistant, Content: "Reading both.", ToolCalls: []llm.ToolCall{
			{ID: "call_a", Name: "read_file", Args: `{"path":"a.txt"}`},
			{ID: "call_b", Name: "read_file", Args: `{"path":"b.txt"}`},
		}},
		{Role: llm.RoleTool, ToolCallID: "call_a", ToolName: "read_file", Content: "contents of a"},
		{Role: llm.RoleTool, ToolCallID: "call_b", ToolName: "read_file", Content: "open b.txt: no such file", IsError: true},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{
			{ID: "call_c", Name: "run", Args: `{"command":"ls"}`},
		}},
		{Role: llm.RoleTool, ToolCallID: "call_c", ToolName: "run", Content: "denied by the user", IsError: true},
	}
	return req
}

// normalize clears what the format cannot carry.
func normalize(msgs []llm.Message, caps Caps) []llm.Message {
	out := make([]llm.Message, len(msgs))
	for i, m := range msgs {
		if !caps.ErrorFlag {
			m.IsError = false
		}
		if !caps.ToolName {
			m.ToolName = ""
		}
		out[i] = m
	}
	return out
}

func sameMessages(a, b []llm.Message) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if !sameCalls(x.ToolCalls, y.ToolCalls) {
			return false
		}
		if x.Role != y.Role || x.Content != y.Content || x.ToolCallID != y.ToolCallID ||
			x.ToolName != y.ToolName || x.IsError != y.IsError {
			return false
		}
	}
	return true
}

func sameCalls(a, b []llm.ToolCall) bool {
	return slices.EqualFunc(a, b, func(x, y llm.ToolCall) bool {
		return x.ID == y.ID && x.Name == y.Name && SameJSON(x.Args, y.Args)
	})
}

func sameTools(a, b []llm.ToolSpec) bool {
	return slices.EqualFunc(a, b, func(x, y llm.ToolSpec) bool {
		return x.Name == y.Name && x.Description == y.Description && SameJSON(string(x.Parameters), string(y.Parameters))
	})
}

// SameJSON reports whether a and b are the same JSON value, or, when
// either is not JSON, the same text.
func SameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return a == b
	}
	return reflect.DeepEqual(x, y)
}

func toJSON(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}
