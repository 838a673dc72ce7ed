package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// chatRequest is the part of a chat completion request the fake reads,
// decoded independently of any client library so that it checks what the
// adapter really sent.
type chatRequest struct {
	Model         string        `json:"model"`
	Messages      []chatMessage `json:"messages"`
	Tools         []chatTool    `json:"tools"`
	Stream        bool          `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	// ReasoningEffort is OpenAI's knob (DeepSeek reads it too).
	ReasoningEffort *string `json:"reasoning_effort"`
	// Reasoning is OpenRouter's knob.
	Reasoning *struct {
		Effort    *string `json:"effort"`
		MaxTokens *int    `json:"max_tokens"`
		Enabled   *bool   `json:"enabled"`
	} `json:"reasoning"`
	// Thinking is DeepSeek's switch.
	Thinking *struct {
		Type string `json:"type"`
	} `json:"thinking"`
}

// efforts are the reasoning efforts the servers take.
var efforts = []string{"none", "minimal", "low", "medium", "high", "xhigh"}

// reasoningProblem returns the answer to a reasoning knob the servers
// refuse, or "": an effort they do not know, DeepSeek's thinking switch
// set to something else than enabled or disabled, or OpenRouter's effort
// and max_tokens together.
func (c chatRequest) reasoningProblem() string {
	if e := c.ReasoningEffort; e != nil && !slices.Contains(efforts, *e) {
		return fmt.Sprintf("Invalid value: '%s'. Supported values are: 'none', 'minimal', 'low', 'medium', 'high', and 'xhigh'.", *e)
	}
	if t := c.Thinking; t != nil && t.Type != "enabled" && t.Type != "disabled" {
		return fmt.Sprintf("Invalid value for thinking.type: '%s'. Supported values are: 'enabled' and 'disabled'.", t.Type)
	}
	if r := c.Reasoning; r != nil {
		if r.Effort != nil && !slices.Contains(efforts, *r.Effort) {
			return fmt.Sprintf("reasoning.effort: Invalid enum value. Expected 'xhigh' | 'high' | 'medium' | 'low' | 'minimal' | 'none', received '%s'", *r.Effort)
		}
		if r.Effort != nil && r.MaxTokens != nil {
			return "Only one of \"reasoning.effort\" and \"reasoning.max_tokens\" may be specified"
		}
	}
	return ""
}

// thinksOff reports whether the request turned thinking off: the model
// then answers without it.
func (c chatRequest) thinksOff() bool {
	none := func(e *string) bool { return e != nil && *e == "none" }
	r := c.Reasoning
	return none(c.ReasoningEffort) ||
		c.Thinking != nil && c.Thinking.Type == "disabled" ||
		r != nil && (r.Enabled != nil && !*r.Enabled || none(r.Effort))
}

type chatMessage struct {
	Role string `json:"role"`
	// Content is a string, an array of parts, or null.
	Content    json.RawMessage `json:"content"`
	ToolCalls  []chatToolCall  `json:"tool_calls"`
	ToolCallID string          `json:"tool_call_id"`
	// ReasoningContent is the thinking sent back (DeepSeek's format).
	ReasoningContent *string `json:"reasoning_content"`
	// ReasoningDetails is OpenRouter's structured reasoning sent back.
	ReasoningDetails json.RawMessage `json:"reasoning_details"`
}

type chatToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
	// ExtraContent is Gemini's thought signature sent back.
	ExtraContent json.RawMessage `json:"extra_content"`
}

type chatTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

// decode converts the request to neutral terms, rejecting what the API
// rejects: an unknown role, a tool message without content or id, a tool
// call that is not a function.
func (c chatRequest) decode(body []byte, h http.Header) (llmtest.Request, error) {
	req := llmtest.Request{Model: c.Model, APIKey: apiKey(h), Body: body}
	var system []string
	for i, m := range c.Messages {
		content, err := text(m.Content)
		if err != nil {
			return req, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		switch m.Role {
		case "system", "developer":
			system = append(system, content)
		case "user":
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleUser, Content: content})
		case "assistant":
			out := llm.Message{Role: llm.RoleAssistant, Content: content}
			if m.ReasoningContent != nil {
				out.Reasoning = []llm.Reasoning{{Text: *m.ReasoningContent}}
			}
			for j, tc := range m.ToolCalls {
				if tc.Type != "function" {
					return req, fmt.Errorf("messages[%d].tool_calls[%d].type: expected 'function', got %q", i, j, tc.Type)
				}
				out.ToolCalls = append(out.ToolCalls, llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: tc.Function.Arguments})
			}
			req.Messages = append(req.Messages, out)
		case "tool":
			if len(m.Content) == 0 || string(m.Content) == "null" {
				return req, fmt.Errorf("missing required parameter: 'messages[%d].content'", i)
			}
			if m.ToolCallID == "" {
				return req, fmt.Errorf("missing required parameter: 'messages[%d].tool_call_id'", i)
			}
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleTool, Content: content, ToolCallID: m.ToolCallID})
		default:
			return req, fmt.Errorf("messages[%d].role: unknown role %q", i, m.Role)
		}
	}
	req.System = strings.Join(system, "\n\n")
	for _, t := range c.Tools {
		req.Tools = append(req.Tools, llm.ToolSpec{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters})
	}
	return req, nil
}

// text reads message content: a string, text parts joined, or nothing.
func text(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("expected a string or an array of parts")
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

// missingReasoning returns the error DeepSeek's thinking mode answers
// when a tool-using turn's thinking did not come back: between two user
// messages where the model called tools, each assistant message whose
// turn had reasoning_content must carry it again. It returns "" when the
// history is complete.
func missingReasoning(script llmtest.Script, msgs []chatMessage) string {
	turn := 0 // the script turn of the next assistant message
	segment := []int{}
	check := func() string {
		tools := false
		for _, i := range segment {
			tools = tools || len(msgs[i].ToolCalls) > 0
		}
		if !tools {
			return ""
		}
		n := 0
		for i := range msgs {
			if msgs[i].Role != "assistant" {
				continue
			}
			for _, j := range segment {
				if j == i && n < len(script) && script[n].Reasoning != "" && msgs[i].ReasoningContent == nil {
					return fmt.Sprintf("Missing `reasoning_content` field in the assistant message at message index %d. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls", i)
				}
			}
			n++
		}
		return ""
	}
	for i, m := range msgs {
		switch m.Role {
		case "user":
			if e := check(); e != "" {
				return e
			}
			segment = segment[:0]
		case "assistant":
			segment = append(segment, i)
			turn++
		}
	}
	return check()
}
