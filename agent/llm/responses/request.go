package responses

import (
	"encoding/json"

	"github.com/agentcli/agent/agent/llm"
)

// emptySchema is sent for a tool without parameters: the API wants an
// object schema.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// request is the body of a streamed POST /responses. The adapter encodes
// it itself: the library's parameter types would re-encode the reasoning
// items, which must go back exactly as they came.
type request struct {
	Model        string `json:"model"`
	Instructions string `json:"instructions,omitempty"`
	// Input is the conversation as items: messages, reasoning items,
	// function calls and their outputs.
	Input             []json.RawMessage `json:"input"`
	Tools             []tool            `json:"tools,omitempty"`
	ToolChoice        string            `json:"tool_choice,omitempty"`
	ParallelToolCalls bool              `json:"parallel_tool_calls"`
	// Store false keeps nothing on the server: each request carries the
	// whole conversation.
	Store  bool `json:"store"`
	Stream bool `json:"stream"`
	// Include asks for the reasoning's encrypted content, without which a
	// reasoning item cannot go back when nothing is stored.
	Include   []string   `json:"include,omitempty"`
	Reasoning *reasoning `json:"reasoning,omitempty"`
}

// reasoning is the request's reasoning knob.
type reasoning struct {
	Effort string `json:"effort,omitempty"`
	// Summary asks for readable summaries of the thinking, streamed
	// like other thinking.
	Summary string `json:"summary,omitempty"`
}

// tool is a function tool. Strict is false: strict mode needs schemas the
// tools do not promise (every property required, no others allowed).
type tool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
	Strict      bool            `json:"strict"`
}

// The input items the adapter writes.
type (
	messageItem struct {
		Type    string        `json:"type"`
		Role    string        `json:"role"`
		Content []contentPart `json:"content"`
	}
	contentPart struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	functionCallItem struct {
		Type      string `json:"type"`
		CallID    string `json:"call_id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	functionOutputItem struct {
		Type   string `json:"type"`
		CallID string `json:"call_id"`
		Output string `json:"output"`
	}
)

// newRequest converts a neutral request: the system prompt as instructions,
// the conversation as input items, the tools as function tools, with the
// reasoning knob for effort e.
func newRequest(model string, req llm.Request, e llm.Effort) request {
	out := request{
		Model:             model,
		Instructions:      req.System,
		Input:             []json.RawMessage{},
		ParallelToolCalls: true,
		Stream:            true,
		Include:           []string{"reasoning.encrypted_content"},
		Reasoning:         &reasoning{Effort: effort(e), Summary: "auto"},
	}
	for _, m := range req.Messages {
		out.Input = append(out.Input, items(m)...)
	}
	for _, t := range req.Tools {
		params := t.Parameters
		if len(params) == 0 {
			params = emptySchema
		}
		out.Tools = append(out.Tools, tool{Type: "function", Name: t.Name, Description: t.Description, Parameters: params})
	}
	if len(out.Tools) > 0 {
		out.ToolChoice = "auto"
	}
	return out
}

// effort is the API's reasoning.effort for e; "" sends none.
func effort(e llm.Effort) string {
	if e == llm.EffortOff {
		return "none"
	}
	return string(e)
}

// items converts one neutral message to input items. An assistant message
// becomes its reasoning items, exactly as they came, then its text, then
// its calls. The format has no error flag for a function's output: the
// output's text must say it failed.
func items(m llm.Message) []json.RawMessage {
	var out []json.RawMessage
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err) // our own types: cannot fail
		}
		out = append(out, b)
	}
	switch m.Role {
	case llm.RoleAssistant:
		for _, r := range m.Reasoning {
			if r.Item != "" {
				out = append(out, json.RawMessage(r.Item))
			}
		}
		if m.Content != "" {
			add(messageItem{Type: "message", Role: "assistant", Content: []contentPart{{Type: "output_text", Text: m.Content}}})
		}
		for _, c := range m.ToolCalls {
			args := c.Args
			if args == "" {
				args = "{}"
			}
			add(functionCallItem{Type: "function_call", CallID: c.ID, Name: c.Name, Arguments: args})
		}
	case llm.RoleTool:
		add(functionOutputItem{Type: "function_call_output", CallID: m.ToolCallID, Output: m.Content})
	default:
		add(messageItem{Type: "message", Role: "user", Content: []contentPart{{Type: "input_text", Text: m.Content}}})
	}
	return out
}
