package ollama

import (
	"encoding/json"

	"github.com/ollama/ollama/api"

	"github.com/agentcli/agent/agent/llm"
)

// request converts a neutral request to a streaming chat request.
func (p *Provider) request(req llm.Request) *api.ChatRequest {
	stream := true
	out := &api.ChatRequest{Model: p.at.Model, Stream: &stream, Think: p.think}
	if p.numCtx > 0 {
		out.Options = map[string]any{"num_ctx": p.numCtx}
		// The caller keeps the conversation inside the window: a request
		// that does not fit is refused, not cut at its start unseen.
		truncate := false
		out.Truncate = &truncate
	}
	if req.System != "" {
		out.Messages = append(out.Messages, api.Message{Role: "system", Content: req.System})
	}
	for _, m := range req.Messages {
		out.Messages = append(out.Messages, message(m))
	}
	for _, t := range req.Tools {
		out.Tools = append(out.Tools, api.Tool{
			Type:     "function",
			Function: api.ToolFunction{Name: t.Name, Description: t.Description, Parameters: parameters(t.Parameters)},
		})
	}
	return out
}

// message converts one neutral message. Ollama has no error flag for tool
// results: the result's text must say it failed.
func message(m llm.Message) api.Message {
	switch m.Role {
	case llm.RoleAssistant:
		// The thinking goes back in the message's own field, as Ollama's
		// chat templates expect it.
		out := api.Message{Role: "assistant", Content: m.Content, Thinking: m.ReasoningText()}
		for i, c := range m.ToolCalls {
			out.ToolCalls = append(out.ToolCalls, api.ToolCall{
				ID:       c.ID,
				Function: api.ToolCallFunction{Index: i, Name: c.Name, Arguments: arguments(c.Args)},
			})
		}
		return out
	case llm.RoleTool:
		return api.Message{Role: "tool", Content: m.Content, ToolName: m.ToolName, ToolCallID: m.ToolCallID}
	default:
		return api.Message{Role: "user", Content: m.Content}
	}
}

// arguments parses a call's arguments into the JSON object Ollama wants.
// Arguments the model wrote that are not an object cannot travel back, so
// they become an empty object; the tool's error result tells the model
// what was wrong.
func arguments(raw string) api.ToolCallFunctionArguments {
	var args api.ToolCallFunctionArguments
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		return api.NewToolCallFunctionArguments()
	}
	return args
}

// parameters parses a tool's JSON schema; one that does not parse becomes
// an object without properties rather than failing the request.
func parameters(raw json.RawMessage) api.ToolFunctionParameters {
	var params api.ToolFunctionParameters
	if len(raw) == 0 || json.Unmarshal(raw, &params) != nil {
		return api.ToolFunctionParameters{Type: "object", Properties: api.NewToolPropertiesMap()}
	}
	if params.Properties == nil {
		params.Properties = api.NewToolPropertiesMap()
	}
	return params
}
