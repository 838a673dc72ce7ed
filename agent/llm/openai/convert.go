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
	for _, m := range req.Messages {
		msgs = append(msgs, message(m))
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
