package openaitest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Flavor is a server whose additions to the chat completions format the
// fake plays: what it streams beside the text and calls, and what it then
// requires back.
type Flavor int

const (
	// Plain is OpenAI's format, with DeepSeek's reasoning_content for a
	// turn's thinking (required back on tool-using turns, as DeepSeek
	// does).
	Plain Flavor = iota
	// OpenRouter streams a turn's thinking as reasoning and as
	// reasoning_details (a text entry in pieces with its signature at the
	// end, then an encrypted entry), as it does for Claude, and refuses a
	// conversation that goes on from a tool call whose assistant turn
	// does not carry those details back exactly.
	OpenRouter
	// Gemini attaches a thought signature to the first tool call of each
	// turn (extra_content.google.thought_signature), as Gemini 3 does
	// through its OpenAI-compatible API, and refuses a current turn's
	// call sent back without it.
	Gemini
)

// detailsFormat is the format OpenRouter names for Claude's reasoning.
const detailsFormat = "anthropic-claude-v1"

// reasoningSignature, encryptedReasoning and thoughtSignature are what
// the fake signs turn n with.
func reasoningSignature(n int) string { return fmt.Sprintf("or-sig-%d", n) }
func encryptedReasoning(n int) string { return fmt.Sprintf("ZW5jcnlwdGVkLXJlYXNvbmluZy0%d", n) }
func thoughtSignature(n int) string   { return fmt.Sprintf("CiQB0e2Kb-thought-%d", n) }

// detailsOf is the reasoning_details of turn n with thinking text, as
// the fragments stream: the text in the pieces given, the signature, the
// encrypted entry.
func detailsOf(n int, pieces []string) [][]json.RawMessage {
	var out [][]json.RawMessage
	for _, p := range pieces {
		out = append(out, []json.RawMessage{mustJSON(map[string]any{"type": "reasoning.text", "text": p, "format": detailsFormat, "index": 0})})
	}
	out = append(out, []json.RawMessage{mustJSON(map[string]any{"type": "reasoning.text", "signature": reasoningSignature(n), "format": detailsFormat, "index": 0})})
	out = append(out, []json.RawMessage{mustJSON(map[string]any{"type": "reasoning.encrypted", "data": encryptedReasoning(n), "id": fmt.Sprintf("rs_%d", n), "format": detailsFormat, "index": 1})})
	return out
}

// wantDetails is the reasoning_details turn n's assistant message must
// carry back: each entry whole.
func wantDetails(n int, text string) []map[string]any {
	return []map[string]any{
		{"type": "reasoning.text", "text": text, "signature": reasoningSignature(n), "format": detailsFormat, "index": 0.0},
		{"type": "reasoning.encrypted", "data": encryptedReasoning(n), "id": fmt.Sprintf("rs_%d", n), "format": detailsFormat, "index": 1.0},
	}
}

// thoughtExtra is the extra_content of turn n's first call.
func thoughtExtra(n int) json.RawMessage {
	return mustJSON(map[string]any{"google": map[string]any{"thought_signature": thoughtSignature(n)}})
}

// lostDetails returns OpenRouter's answer (Anthropic's words, passed on)
// when the conversation goes on from a tool call and the assistant turn
// that made it does not carry its reasoning_details back exactly, or "".
func lostDetails(script llmtest.Script, msgs []chatMessage) string {
	last := len(msgs) - 1
	if last < 1 || msgs[last].Role != "tool" {
		return ""
	}
	n, i := -1, -1 // the script turn and index of the assistant message that called
	turn := 0
	for j, m := range msgs {
		if m.Role == "assistant" {
			n, i = turn, j
			turn++
		}
	}
	if i < 0 || n >= len(script) || script[n].Reasoning == "" || len(msgs[i].ToolCalls) == 0 {
		return ""
	}
	var got []map[string]any
	json.Unmarshal(msgs[i].ReasoningDetails, &got)
	want := wantDetails(n, script[n].Reasoning)
	if !sameJSON(got, want) {
		return fmt.Sprintf("Provider returned error: messages.%d.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking", i)
	}
	return ""
}

// lostSignature returns Gemini's answer when a call of the current turn
// (the messages after the last user message) comes back without its
// thought signature: the first call of each assistant message, or "".
func lostSignature(msgs []chatMessage) string {
	start, turn := 0, 0
	for j, m := range msgs {
		if m.Role == "user" {
			start = j + 1
		}
	}
	for j, m := range msgs {
		if m.Role != "assistant" {
			continue
		}
		n := turn
		turn++
		if j < start || len(m.ToolCalls) == 0 {
			continue
		}
		c := m.ToolCalls[0]
		var got, want any
		json.Unmarshal(c.ExtraContent, &got)
		json.Unmarshal(thoughtExtra(n), &want)
		if !sameJSON(got, want) {
			return fmt.Sprintf("Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:%s` , position %d. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.", c.Function.Name, j+1)
		}
	}
	return ""
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own values: cannot fail
	}
	return b
}
