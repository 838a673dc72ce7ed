package ollamatest

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// chatRequest is the part of a chat request the fake reads, decoded
// independently of the client library.
type chatRequest struct {
	Model    string        `json:"model"`
	Messages []chatMessage `json:"messages"`
	Tools    []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
	Stream  *bool          `json:"stream"`
	Options map[string]any `json:"options"`
	// Think is true, false, or a level ("low", "medium", "high"), which
	// only gpt-oss models take; absent is the model's default.
	Think json.RawMessage `json:"think"`
}

// thinkProblem returns Ollama's answer to a think value it refuses, or
// "": a level for a model other than gpt-oss, or a value that is neither
// a boolean nor a level.
func (c chatRequest) thinkProblem() string {
	if len(c.Think) == 0 || string(c.Think) == "null" {
		return ""
	}
	var on bool
	if json.Unmarshal(c.Think, &on) == nil {
		return ""
	}
	var level string
	if json.Unmarshal(c.Think, &level) != nil || (level != "low" && level != "medium" && level != "high") {
		return fmt.Sprintf("invalid think value: %s (must be \"high\", \"medium\", \"low\", true, or false)", c.Think)
	}
	if !strings.HasPrefix(c.Model, "gpt-oss") {
		return fmt.Sprintf("think value %q is not supported for this model", level)
	}
	return ""
}

// thinksOff reports whether the request turned thinking off: the model
// then answers without it.
func (c chatRequest) thinksOff() bool { return string(c.Think) == "false" }

type chatMessage struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	ToolCalls []struct {
		ID       string `json:"id"`
		Function struct {
			Index     int             `json:"index"`
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
	ToolName   string `json:"tool_name"`
	ToolCallID string `json:"tool_call_id"`
}

// decode converts the request to neutral terms. Ollama carries arguments
// as a JSON object; it insists on that, and so does the fake.
func (c chatRequest) decode(body []byte) (llmtest.Request, error) {
	req := llmtest.Request{Model: c.Model, Body: body}
	var system []string
	for i, m := range c.Messages {
		switch m.Role {
		case "system":
			system = append(system, m.Content)
		case "user":
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleUser, Content: m.Content})
		case "assistant":
			out := llm.Message{Role: llm.RoleAssistant, Content: m.Content}
			for j, tc := range m.ToolCalls {
				var obj map[string]any
				if err := json.Unmarshal(tc.Function.Arguments, &obj); err != nil {
					return req, fmt.Errorf("messages[%d].tool_calls[%d].function.arguments: not a JSON object: %s", i, j, tc.Function.Arguments)
				}
				out.ToolCalls = append(out.ToolCalls, llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: string(tc.Function.Arguments)})
			}
			req.Messages = append(req.Messages, out)
		case "tool":
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleTool, Content: m.Content, ToolName: m.ToolName, ToolCallID: m.ToolCallID})
		default:
			return req, fmt.Errorf("messages[%d]: invalid role %q", i, m.Role)
		}
	}
	req.System = strings.Join(system, "\n\n")
	for _, t := range c.Tools {
		req.Tools = append(req.Tools, llm.ToolSpec{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters})
	}
	return req, nil
}
