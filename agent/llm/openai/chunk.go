package openai

import (
	"encoding/json"
	"strings"

	"github.com/agentcli/agent/agent/llm"
)

// chunk is one chat.completion.chunk, decoded by us rather than by the
// library: its type drops what OpenAI-compatible servers add to the
// format, and the adapter needs those additions (an error object inside a
// chunk, cache and reasoning counts of other servers, calls without an
// index). The library still does the HTTP, the SSE framing and the
// errors sent as a status or as a data line that starts with "error".
type chunk struct {
	// ID names the completion; every chunk of one reply carries the same.
	ID      string      `json:"id"`
	Choices []choice    `json:"choices"`
	Usage   *chunkUsage `json:"usage"`
	// Error is a failure reported inside the stream: OpenRouter sends it
	// on a chunk whose choice has finish_reason "error"; other gateways
	// send it on a chunk with no choices.
	Error *streamError `json:"error"`
}

type choice struct {
	Index        int    `json:"index"`
	Delta        delta  `json:"delta"`
	FinishReason string `json:"finish_reason"`
	// Error is where a few gateways put the failure instead.
	Error *streamError `json:"error"`
}

type delta struct {
	// Role is "assistant" on the chunk that starts the message (some
	// servers repeat it on every chunk).
	Role    string  `json:"role"`
	Content content `json:"content"`
	// ReasoningContent is the thinking of DeepSeek, Z.ai GLM, xAI and
	// Alibaba; Reasoning is OpenRouter's, Groq's and other gateways'.
	ReasoningContent string `json:"reasoning_content"`
	Reasoning        string `json:"reasoning"`
	// ReasoningDetails are fragments of OpenRouter's structured
	// reasoning, which goes back with the turn (see detail).
	ReasoningDetails []json.RawMessage `json:"reasoning_details"`
	ToolCalls        []toolCallDelta   `json:"tool_calls"`
}

// content is delta.content: a string, or (Mistral's reasoning models) a
// list of typed parts, text and thinking, the thinking with a list of
// parts of its own.
type content struct {
	Text     string
	Thinking string
}

// contentPart is one part of a list content.
type contentPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
	// Thinking is a thinking part's own list of parts (or, from some
	// servers, its text as a string).
	Thinking json.RawMessage `json:"thinking"`
}

// UnmarshalJSON reads a string, null, or a list of parts: text parts are
// the text; thinking parts, and the text parts inside them, the thinking.
// A part of another type is left out.
func (c *content) UnmarshalJSON(b []byte) error {
	*c = content{}
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &c.Text)
	}
	var parts []contentPart
	if err := json.Unmarshal(b, &parts); err != nil {
		return err
	}
	var text, thinking strings.Builder
	for _, p := range parts {
		switch p.Type {
		case "text":
			text.WriteString(p.Text)
		case "thinking":
			t, err := thinkingText(p.Thinking)
			if err != nil {
				return err
			}
			thinking.WriteString(t)
		}
	}
	c.Text, c.Thinking = text.String(), thinking.String()
	return nil
}

// thinkingText reads a thinking part's content: a string or a list of
// text parts.
func thinkingText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var parts []contentPart
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), nil
}

// toolCallDelta is one fragment of a call. Index is nil when the server
// leaves it out (some Gemini-compatible servers).
type toolCallDelta struct {
	Index    *int   `json:"index"`
	ID       string `json:"id"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
	// ExtraContent is what the server attaches to a call that must come
	// back with it: Gemini's {"google": {"thought_signature": ...}}.
	ExtraContent json.RawMessage `json:"extra_content"`
}

// chunkUsage is the usage object, with the details each server family
// adds.
type chunkUsage struct {
	PromptTokens        int `json:"prompt_tokens"`
	CompletionTokens    int `json:"completion_tokens"`
	TotalTokens         int `json:"total_tokens"`
	PromptTokensDetails *struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails *struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	// PromptCacheHitTokens is DeepSeek's name for the cached part.
	PromptCacheHitTokens int `json:"prompt_cache_hit_tokens"`
}

// usage converts the counts. Some servers leave a part out of
// prompt_tokens or completion_tokens yet count it in total_tokens (xAI
// leaves the reasoning out of completion_tokens; gateways in front of GLM
// leave the cached prompt out of prompt_tokens): then the budget and the
// cost use the larger total, and the missing part goes to the output when
// it is the reasoning, else to the input.
func (u chunkUsage) usage() llm.Usage {
	out := llm.Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, CachedInputTokens: u.PromptCacheHitTokens}
	if d := u.PromptTokensDetails; d != nil {
		out.CachedInputTokens = max(out.CachedInputTokens, d.CachedTokens)
	}
	if d := u.CompletionTokensDetails; d != nil {
		out.ReasoningTokens = d.ReasoningTokens
	}
	if missing := u.TotalTokens - out.Total(); missing > 0 {
		if missing == out.ReasoningTokens {
			out.OutputTokens += missing
		} else {
			out.InputTokens += missing
		}
	}
	out.CachedInputTokens = min(out.CachedInputTokens, out.InputTokens)
	out.ReasoningTokens = min(out.ReasoningTokens, out.OutputTokens)
	return out
}

// streamError is an error object inside the stream. Code is a number
// (OpenRouter: the HTTP status it stands for) or a word.
type streamError struct {
	// restarted marks no error object but a second message starting
	// within the reply (llm.ErrMessageRestarted).
	restarted bool
	Code      json.RawMessage `json:"code"`
	Message   string          `json:"message"`
	Type      string          `json:"type"`
	Metadata  struct {
		ProviderName string          `json:"provider_name"`
		Raw          json.RawMessage `json:"raw"`
	} `json:"metadata"`
}

// text is the server's message with the details it gave: which upstream
// provider failed and its own words.
func (e *streamError) text() string {
	msg := e.Message
	if msg == "" {
		msg = "no message"
	}
	var details []string
	if p := e.Metadata.ProviderName; p != "" {
		details = append(details, "provider "+p)
	}
	if raw := rawText(e.Metadata.Raw); raw != "" {
		details = append(details, raw)
	}
	if len(details) > 0 {
		msg += " (" + strings.Join(details, ": ") + ")"
	}
	return msg
}

// code returns the error's type and code as one word list.
func (e *streamError) code() string {
	return strings.TrimSpace(e.Type + " " + rawText(e.Code))
}

// rawText returns a JSON value as text: a string's contents, anything
// else as written.
func rawText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// finish converts a finish_reason.
func finish(reason string) llm.Finish {
	switch reason {
	case "length", "max_tokens":
		return llm.FinishLength
	case "content_filter":
		return llm.FinishFiltered
	}
	return llm.FinishStop
}
