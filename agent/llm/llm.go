// Package llm holds the provider-neutral conversation: messages, tool calls,
// tool specs, usage, and the Provider interface each wire-format adapter
// implements. It knows no wire format itself.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
)

// Role is who a message is from.
type Role string

// The roles of a conversation.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	// RoleTool carries one tool result, answering the assistant's call with
	// the same ToolCallID.
	RoleTool Role = "tool"
)

// Message is one entry of the conversation. The system prompt is not a
// message: it travels in Request.System.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content,omitempty"`
	// ToolCalls are the calls an assistant message makes, in order.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID and ToolName identify the call a RoleTool message answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	ToolName   string `json:"tool_name,omitempty"`
	// IsError marks a tool result that reports a failure.
	IsError bool `json:"is_error,omitempty"`
	// Reasoning is the thinking of an assistant message, in order, kept
	// so that it goes back the way its API requires (DeepSeek's
	// reasoning_content in a tool-using task, Anthropic's signed thinking
	// blocks before tool_use).
	Reasoning []Reasoning `json:"reasoning,omitempty"`
}

// Reasoning is one piece of a model's thinking.
type Reasoning struct {
	// Text is the thinking as the model wrote it; empty when the provider
	// hid it (Anthropic's redacted thinking).
	Text string `json:"text,omitempty"`
	// Signature is Anthropic's signature of a thinking block, which must
	// come back unchanged.
	Signature string `json:"signature,omitempty"`
	// Redacted is the opaque data of Anthropic's redacted_thinking block.
	Redacted string `json:"redacted,omitempty"`
	// Details is one entry of OpenRouter's reasoning_details (a JSON
	// object, kept as a string so that pieces stay comparable: its type,
	// text or summary or encrypted data, signature, format), which must
	// come back unchanged. Its text, if any, is also in another piece's
	// Text.
	Details string `json:"details,omitempty"`
	// Item is an output item of the OpenAI Responses API that is not
	// text or a call (a reasoning item, with its encrypted content and
	// summaries), as the server sent it: a JSON object, kept as a string
	// so that pieces stay comparable. It goes back unchanged in the next
	// request's input. Its readable summary, if any, is also in Text.
	Item string `json:"item,omitempty"`
}

// ReasoningText returns the message's thinking as one text.
func (m Message) ReasoningText() string {
	var parts []string
	for _, r := range m.Reasoning {
		if r.Text != "" {
			parts = append(parts, r.Text)
		}
	}
	return strings.Join(parts, "\n\n")
}

// ToolCall is one complete call the model made.
type ToolCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Args is the arguments exactly as the model wrote them: usually a JSON
	// object, but it may be malformed, and the tools report that to the model.
	Args string `json:"args"`
	// Extra is what the server attached to the call that must come back
	// with it, as it came (JSON, kept as a string so that calls stay
	// comparable): Gemini's extra_content with its thought signature.
	Extra string `json:"extra,omitempty"`
	// Invalid, when not empty, says why the call could not be read at all
	// (a tool call written as text that is not the agreed format): the loop
	// does not plan it, and answers it with this text as an error result,
	// so the model can write it again.
	Invalid string `json:"invalid,omitempty"`
}

// ToolSpec describes a tool to the model.
type ToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// Request is one turn's input to a provider.
type Request struct {
	System   string
	Messages []Message
	Tools    []ToolSpec
}

// Usage is what one request cost in tokens, as the provider reported it.
// The details are parts of the two counts, not additions to them.
type Usage struct {
	// InputTokens is every token of the prompt, cached or not.
	InputTokens int `json:"input_tokens"`
	// OutputTokens is every token of the reply, reasoning included.
	OutputTokens int `json:"output_tokens"`
	// CachedInputTokens is the part of InputTokens read from the
	// provider's prompt cache, which costs less.
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	// CacheWriteTokens is the part of InputTokens written to the prompt
	// cache (Anthropic's cache_creation_input_tokens).
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
	// ReasoningTokens is the part of OutputTokens the model spent
	// thinking.
	ReasoningTokens int `json:"reasoning_tokens,omitempty"`
}

// Total returns the input and output tokens together, what a token budget
// counts.
func (u Usage) Total() int { return u.InputTokens + u.OutputTokens }

// Add returns the sum of two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:       u.InputTokens + v.InputTokens,
		OutputTokens:      u.OutputTokens + v.OutputTokens,
		CachedInputTokens: u.CachedInputTokens + v.CachedInputTokens,
		CacheWriteTokens:  u.CacheWriteTokens + v.CacheWriteTokens,
		ReasoningTokens:   u.ReasoningTokens + v.ReasoningTokens,
	}
}

// MaxReplyBytes is the most text and tool-call arguments one reply may
// hold together. No model writes this much in one turn (output limits are
// far lower); a server that sends more is broken or hostile, and holding
// it all could take the machine's memory. Adapters stop reading past it
// and fail with ErrReplyTooLarge.
const MaxReplyBytes = 8 << 20

// ErrReplyTooLarge is the error (wrapped in an *Error of KindBadResponse)
// of a reply larger than MaxReplyBytes.
var ErrReplyTooLarge = errors.New("the reply is larger than 8 MiB, more than any model writes in one turn: it was dropped")

// Finish says, in neutral terms, why a reply ended.
type Finish string

// The ways a reply ends.
const (
	// FinishStop: the model ended its turn, with text, calls or both.
	FinishStop Finish = "stop"
	// FinishLength: the reply was cut at the output token limit; its text
	// is incomplete and its last call may be too.
	FinishLength Finish = "length"
	// FinishFiltered: the provider's content filter stopped the reply, or
	// the model refused.
	FinishFiltered Finish = "filtered"
)

// Response is a provider's complete reply to one Request.
type Response struct {
	// Message is the assistant message: its text and its tool calls, with
	// every call's arguments fully assembled.
	Message Message
	Usage   Usage
	// StopReason is the provider's own word for why it stopped
	// ("stop", "tool_calls", "length"...), for display only.
	StopReason string
	// Finish is StopReason in neutral terms; "" means FinishStop.
	Finish Finish
}

// Provider is one LLM behind one wire format.
type Provider interface {
	// Name is the configured provider name ("openai", "deepseek"...).
	Name() string
	// Model is the model the provider will ask for.
	Model() string
	// Stream sends the request and blocks until the reply is complete,
	// calling onDelta with each piece of assistant text or thinking as it
	// arrives (from the calling goroutine; nil means nobody listens). The
	// Response holds the whole reply again. Cancelling ctx stops the
	// stream and returns ctx's error. Errors say what went wrong in words
	// a person can act on (which variable holds a bad key, which server
	// did not answer).
	Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error)
}

// Delta is one piece of a reply as it streams: assistant text or the
// model's thinking, one of the two.
type Delta struct {
	Text      string
	Reasoning string
}

// wrapped is embedded by the Providers that wrap another, p: their name
// and model are p's, and Unwrap returns p, so callers can reach optional
// interfaces such as ModelLister.
type wrapped struct{ p Provider }

// Name returns the wrapped provider's name.
func (w wrapped) Name() string { return w.p.Name() }

// Model returns the wrapped provider's model.
func (w wrapped) Model() string { return w.p.Model() }

// Unwrap returns the wrapped provider.
func (w wrapped) Unwrap() Provider { return w.p }
