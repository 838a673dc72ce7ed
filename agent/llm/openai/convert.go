package openai

import (
	"encoding/json"

	"github.com/agentcli/agent/agent/llm"
)

// emptySchema is sent for a tool without parameters: the API wants an
// object schema.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// chatRequest is the body of a streaming chat completion request. The
// adapter encodes it itself (bodyTransport puts it in place of the
// library's): the library's types have no room for what servers need
// back (OpenRouter's reasoning_details, Gemini's extra_content on tool
// calls) nor for their reasoning knobs.
type chatRequest struct {
	Model         string        `json:"model"`
	Messages      []chatMessage `json:"messages"`
	Tools         []chatTool    `json:"tools,omitempty"`
	Stream        bool          `json:"stream"`
	StreamOptions streamOptions `json:"stream_options"`
	// ReasoningEffort is OpenAI's knob, which DeepSeek reads too.
	ReasoningEffort string `json:"reasoning_effort,omitempty"`
	// Reasoning is OpenRouter's.
	Reasoning *reasoningParam `json:"reasoning,omitempty"`
	// Thinking is DeepSeek's switch.
	Thinking *thinkingParam `json:"thinking,omitempty"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type reasoningParam struct {
	Effort  string `json:"effort,omitempty"`
	Enabled *bool  `json:"enabled,omitempty"`
}

type thinkingParam struct {
	Type string `json:"type"`
}

type chatMessage struct {
	Role             string `json:"role"`
	Content          string `json:"content,omitempty"`
	ReasoningContent string `json:"reasoning_content,omitempty"`
	// ReasoningDetails is OpenRouter's structured reasoning, each entry
	// as it came.
	ReasoningDetails []json.RawMessage `json:"reasoning_details,omitempty"`
	ToolCalls        []chatToolCall    `json:"tool_calls,omitempty"`
	ToolCallID       string            `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	ID       string       `json:"id,omitempty"`
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
	// ExtraContent is what the server attached to the call (Gemini's
	// thought signature), sent back as it came.
	ExtraContent json.RawMessage `json:"extra_content,omitempty"`
}

type chatFunction struct {
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`
}

type chatTool struct {
	Type     string       `json:"type"`
	Function toolFunction `json:"function"`
}

type toolFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

// request converts a neutral request to a streaming chat completion
// request that asks for usage in the final chunk, with the reasoning
// knob in the server's dialect.
func (p *Provider) request(req llm.Request) chatRequest {
	msgs := make([]chatMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, chatMessage{Role: "system", Content: req.System})
	}
	keep := reasoningToKeep(req.Messages)
	for i, m := range req.Messages {
		out := message(m)
		if keep[i] {
			out.ReasoningContent = m.ReasoningText()
		}
		msgs = append(msgs, out)
	}
	out := chatRequest{
		Model:         p.at.Model,
		Messages:      msgs,
		Stream:        true,
		StreamOptions: streamOptions{IncludeUsage: true},
	}
	p.dialect.setEffort(&out, p.reasoning)
	for _, t := range req.Tools {
		params := t.Parameters
		if len(params) == 0 {
			params = emptySchema
		}
		out.Tools = append(out.Tools, chatTool{Type: "function", Function: toolFunction{Name: t.Name, Description: t.Description, Parameters: params}})
	}
	return out
}

// message converts one neutral message. The wire format has no error flag
// for tool results: the result's text must say it failed.
func message(m llm.Message) chatMessage {
	switch m.Role {
	case llm.RoleAssistant:
		out := chatMessage{Role: "assistant", Content: m.Content}
		for _, r := range m.Reasoning {
			if len(r.Details) > 0 {
				// OpenRouter wants every entry back, unchanged, on every
				// turn it came with.
				out.ReasoningDetails = append(out.ReasoningDetails, json.RawMessage(r.Details))
			}
		}
		for _, c := range m.ToolCalls {
			args := c.Args
			if args == "" {
				// An omitted "arguments" is a 400 on strict servers.
				args = "{}"
			}
			out.ToolCalls = append(out.ToolCalls, chatToolCall{
				ID:           c.ID,
				Type:         "function",
				Function:     chatFunction{Name: c.Name, Arguments: args},
				ExtraContent: json.RawMessage(c.Extra),
			})
		}
		return out
	case llm.RoleTool:
		content := m.Content
		if content == "" {
			// A tool message without content is rejected.
			content = "(no output)"
		}
		return chatMessage{Role: "tool", Content: content, ToolCallID: m.ToolCallID}
	default:
		return chatMessage{Role: "user", Content: m.Content}
	}
}

// reasoningToKeep says which assistant messages carry their thinking back
// as reasoning_content. DeepSeek's rule, which the other servers that
// send reasoning_content accept: between two user messages, when the
// model called tools, every assistant message's reasoning_content must be
// sent back in all later requests (else 400 "Missing reasoning_content
// field"); when it did not, the reasoning is left out (it would be
// ignored, and only costs tokens).
func reasoningToKeep(msgs []llm.Message) []bool {
	keep := make([]bool, len(msgs))
	start := 0
	flush := func(end int) {
		tools := false
		for _, m := range msgs[start:end] {
			tools = tools || (m.Role == llm.RoleAssistant && len(m.ToolCalls) > 0)
		}
		for i := start; i < end && tools; i++ {
			keep[i] = msgs[i].Role == llm.RoleAssistant && msgs[i].ReasoningText() != ""
		}
	}
	for i, m := range msgs {
		if m.Role == llm.RoleUser {
			flush(i)
			start = i + 1
		}
	}
	flush(len(msgs))
	return keep
}
