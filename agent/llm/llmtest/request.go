package llmtest

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentcli/agent/agent/llm"
)

// Request is what a fake received, decoded from its wire format back into
// provider-neutral terms, so a test can assert what the model was sent
// whatever the format. Fields a format cannot carry stay zero: only
// Anthropic carries IsError; OpenAI does not carry ToolName.
type Request struct {
	Model    string
	System   string
	Messages []llm.Message
	Tools    []llm.ToolSpec
	// APIKey is the key the client sent ("" when none).
	APIKey string
	// Body is the request body exactly as received.
	Body json.RawMessage
}

// ToolNames returns the names of the tools offered, in order.
func (r Request) ToolNames() []string {
	names := make([]string, len(r.Tools))
	for i, t := range r.Tools {
		names[i] = t.Name
	}
	return names
}

// ToolResults returns the tool results the request carries, in order.
func (r Request) ToolResults() []llm.Message {
	var out []llm.Message
	for _, m := range r.Messages {
		if m.Role == llm.RoleTool {
			out = append(out, m)
		}
	}
	return out
}

// Assistants counts the assistant messages: the index of the turn the
// request gets.
func (r Request) Assistants() int {
	n := 0
	for _, m := range r.Messages {
		if m.Role == llm.RoleAssistant {
			n++
		}
	}
	return n
}

// ErrInvalidConversation is wrapped by Validate's errors.
var ErrInvalidConversation = errors.New("invalid conversation")

// Validate checks the rules every real server enforces and a loop can
// break, above all after a cancel: each tool call has an id, is answered
// by exactly one tool result with that id before the next user or
// assistant message, and each tool result answers a call of the
// assistant message just before it.
func (r Request) Validate() error {
	pending := map[string]bool{} // ids asked and not yet answered
	for i, m := range r.Messages {
		switch m.Role {
		case llm.RoleUser, llm.RoleAssistant:
			for id, open := range pending {
				if open {
					return fmt.Errorf("%w: message %d (%s) comes before the result of tool call %q", ErrInvalidConversation, i, m.Role, id)
				}
			}
			clear(pending)
			for _, c := range m.ToolCalls {
				if c.ID == "" {
					return fmt.Errorf("%w: message %d has a tool call without an id", ErrInvalidConversation, i)
				}
				if _, dup := pending[c.ID]; dup {
					return fmt.Errorf("%w: message %d repeats tool call id %q", ErrInvalidConversation, i, c.ID)
				}
				pending[c.ID] = true
			}
		case llm.RoleTool:
			open, asked := pending[m.ToolCallID]
			if !asked || !open {
				return fmt.Errorf("%w: message %d answers tool call %q, which the assistant message before it did not make or which was already answered", ErrInvalidConversation, i, m.ToolCallID)
			}
			pending[m.ToolCallID] = false
		default:
			return fmt.Errorf("%w: message %d has role %q", ErrInvalidConversation, i, m.Role)
		}
	}
	for id, open := range pending {
		if open {
			return fmt.Errorf("%w: tool call %q has no result", ErrInvalidConversation, id)
		}
	}
	return nil
}
