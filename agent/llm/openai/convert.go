package openai

import (
	"encoding/json"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm"
)

// emptySchema is sent for a tool without parameters: the API wants an
// object schema.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// request converts a neutral request to a streaming chat completion
// request that asks for usage in the final chunk.
func (p *Provider) request(req llm.Request) goopenai.ChatCompletionRequest {
	msgs := make([]goopenai.ChatCompletionMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleSystem, Content: req.System})
	}
	keep := reasoningToKeep(req.Messages)
	for i, m := range req.Messages {
		out := message(m)
		if keep[i] {
			out.ReasoningContent = m.ReasoningText()
		}
		msgs = append(msgs, out)
	}
	out := goopenai.ChatCompletionRequest{
		Model:         p.model,
		Messages:      msgs,
		Stream:        true,
		StreamOptions: &goopenai.StreamOptions{IncludeUsage: true},
	}
	for _, t := range req.Tools {
		params := t.Parameters
		if len(params) == 0 {
			params = emptySchema
		}
		out.Tools = append(out.Tools, goopenai.Tool{
			Type:     goopenai.ToolTypeFunction,
			Function: &goopenai.FunctionDefinition{Name: t.Name, Description: t.Description, Parameters: params},
		})
	}
	return out
}

// message converts one neutral message. The wire format has no error flag
// for tool results: the result's text must say it failed.
func message(m llm.Message) goopenai.ChatCompletionMessage {
	switch m.Role {
	case llm.RoleAssistant:
		out := goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleAssistant, Content: m.Content}
		for _, c := range m.ToolCalls {
			args := c.Args
			if args == "" {
				// An omitted "arguments" is a 400 on strict servers.
				args = "{}"
			}
			out.ToolCalls = append(out.ToolCalls, goopenai.ToolCall{
				ID:       c.ID,
				Type:     goopenai.ToolTypeFunction,
				Function: goopenai.FunctionCall{Name: c.Name, Arguments: args},
			})
		}
		return out
	case llm.RoleTool:
		content := m.Content
		if content == "" {
			// The library omits empty content, and a tool message without
			// content is rejected.
			content = "(no output)"
		}
		return goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleTool, Content: content, ToolCallID: m.ToolCallID}
	default:
		return goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleUser, Content: m.Content}
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
			keep[i] = msgs[i].Role == llm.RoleAssistant && len(msgs[i].Reasoning) > 0
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
