package anthropictest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// messagesRequest is the part of a messages request the fake reads,
// decoded independently of the SDK.
type messagesRequest struct {
	Model     string          `json:"model"`
	MaxTokens *int            `json:"max_tokens"`
	System    json.RawMessage `json:"system"`
	Messages  []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
	Stream bool `json:"stream"`
	// Thinking is extended thinking: {"type": "enabled", "budget_tokens":
	// N} or {"type": "disabled"}; absent is disabled.
	Thinking *struct {
		Type         string `json:"type"`
		BudgetTokens *int   `json:"budget_tokens"`
	} `json:"thinking"`
	Temperature *float64 `json:"temperature"`
}

// thinkingDisabled reports whether the request turned it off in so many
// words (the fake's turns think unless told not to).
func (m messagesRequest) thinkingDisabled() bool {
	return m.Thinking != nil && m.Thinking.Type == "disabled"
}

// thinkingProblem returns the API's answer to a thinking configuration
// it refuses, or "": a budget under 1,024 tokens or not under max_tokens,
// a temperature other than 1 with thinking on, and, with thinking on, a
// tool-using assistant turn sent back without its thinking in front.
func (m messagesRequest) thinkingProblem() string {
	if m.Thinking == nil {
		return ""
	}
	switch m.Thinking.Type {
	case "disabled":
		return ""
	case "enabled":
	default:
		return fmt.Sprintf("thinking: Input tag '%s' found using 'type' does not match any of the expected tags: 'disabled', 'enabled'", m.Thinking.Type)
	}
	b := m.Thinking.BudgetTokens
	switch {
	case b == nil:
		return "thinking.enabled.budget_tokens: Field required"
	case *b < 1024:
		return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
	case m.MaxTokens != nil && *m.MaxTokens <= *b:
		return "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size"
	case m.Temperature != nil && *m.Temperature != 1:
		return "`temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#feature-compatibility"
	}
	return m.missingThinking()
}

// missingThinking returns the API's answer when the conversation goes on
// from a tool call (it ends with tool results) and the assistant turn
// that made the call does not start with its thinking block, or "".
func (m messagesRequest) missingThinking() string {
	n := len(m.Messages)
	if n < 2 || m.Messages[n-1].Role != "user" || m.Messages[n-2].Role != "assistant" {
		return ""
	}
	results, err := blocks(m.Messages[n-1].Content)
	if err != nil || !slices.ContainsFunc(results, func(b block) bool { return b.Type == "tool_result" }) {
		return ""
	}
	turn, err := blocks(m.Messages[n-2].Content)
	if err != nil || len(turn) == 0 || turn[0].Type == "thinking" || turn[0].Type == "redacted_thinking" {
		return ""
	}
	return fmt.Sprintf("messages.%d.content.0.type: Expected `thinking` or `redacted_thinking`, but found `%s`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking", n-2, turn[0].Type)
}

// block is one content block of any type the fake understands.
type block struct {
	Type      string          `json:"type"`
	Text      *string         `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
	// Thinking, Signature: a thinking block; Data: a redacted_thinking
	// block.
	Thinking  string `json:"thinking"`
	Signature string `json:"signature"`
	Data      string `json:"data"`
}

// decode converts the request to neutral terms, refusing what the API
// refuses. A user message's tool_result blocks become tool messages and
// its text a user message after them, in the order the blocks come.
func (m messagesRequest) decode(body []byte, h http.Header) (llmtest.Request, error) {
	req := llmtest.Request{Model: m.Model, APIKey: h.Get("X-Api-Key"), Body: body}
	if m.MaxTokens == nil {
		return req, errors.New("max_tokens: Field required")
	}
	system, err := text(m.System)
	if err != nil {
		return req, fmt.Errorf("system: %w", err)
	}
	req.System = system
	for i, msg := range m.Messages {
		blocks, err := blocks(msg.Content)
		if err != nil {
			return req, fmt.Errorf("messages.%d.content: %w", i, err)
		}
		switch msg.Role {
		case "user":
			var words []string
			flush := func() {
				if len(words) > 0 {
					req.Messages = append(req.Messages, llm.Message{Role: llm.RoleUser, Content: strings.Join(words, "")})
					words = nil
				}
			}
			for _, b := range blocks {
				switch b.Type {
				case "text":
					words = append(words, *b.Text)
				case "tool_result":
					flush()
					content, err := text(b.Content)
					if err != nil {
						return req, fmt.Errorf("messages.%d.content: tool_result: %w", i, err)
					}
					req.Messages = append(req.Messages, llm.Message{Role: llm.RoleTool, ToolCallID: b.ToolUseID, Content: content, IsError: b.IsError})
				default:
					return req, fmt.Errorf("messages.%d.content: unexpected block type %q in a user message", i, b.Type)
				}
			}
			flush()
		case "assistant":
			out := llm.Message{Role: llm.RoleAssistant}
			for _, b := range blocks {
				switch b.Type {
				case "text":
					out.Content += *b.Text
				case "thinking":
					if b.Signature == "" {
						return req, fmt.Errorf("messages.%d.content.thinking.signature: Field required", i)
					}
					out.Reasoning = append(out.Reasoning, llm.Reasoning{Text: b.Thinking, Signature: b.Signature})
				case "redacted_thinking":
					out.Reasoning = append(out.Reasoning, llm.Reasoning{Redacted: b.Data})
				case "tool_use":
					var obj map[string]any
					if json.Unmarshal(b.Input, &obj) != nil || obj == nil {
						return req, fmt.Errorf("messages.%d.content: tool_use.input: Input should be a valid dictionary", i)
					}
					var compact bytes.Buffer
					json.Compact(&compact, b.Input)
					out.ToolCalls = append(out.ToolCalls, llm.ToolCall{ID: b.ID, Name: b.Name, Args: compact.String()})
				default:
					return req, fmt.Errorf("messages.%d.content: unexpected block type %q in an assistant message", i, b.Type)
				}
			}
			req.Messages = append(req.Messages, out)
		default:
			return req, fmt.Errorf("messages.%d.role: Input should be 'user' or 'assistant'", i)
		}
	}
	for _, t := range m.Tools {
		req.Tools = append(req.Tools, llm.ToolSpec{Name: t.Name, Description: t.Description, Parameters: t.InputSchema})
	}
	return req, nil
}

// blocks reads message content: a string is one text block.
func blocks(raw json.RawMessage) ([]block, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return []block{{Type: "text", Text: &s}}, nil
	}
	var out []block
	if err := json.Unmarshal(raw, &out); err != nil {
		//lint:ignore ST1005 the real API's words, which clients may match
		return nil, errors.New("Input should be a valid list")
	}
	for _, b := range out {
		if b.Type == "text" && (b.Text == nil || strings.TrimSpace(*b.Text) == "") {
			return nil, errors.New("text content blocks must contain non-whitespace text")
		}
	}
	return out, nil
}

// text reads a system prompt or a tool result's content: a string, text
// blocks joined, or nothing.
func text(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	bs, err := blocks(raw)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, x := range bs {
		if x.Type != "text" {
			return "", fmt.Errorf("unexpected block type %q", x.Type)
		}
		b.WriteString(*x.Text)
	}
	return b.String(), nil
}
