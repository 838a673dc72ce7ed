package anthropictest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// obj is shorthand for the event payloads.
type obj = map[string]any

// malformed is an event whose JSON is cut off; streamError is the error
// event the API sends when it fails after the stream began.
var (
	malformed   = llmtest.Event{Name: "content_block_delta", Data: `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"bro`}
	streamError = llmtest.Event{Name: "error", Data: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`}
)

// events returns turn n's stream in the API's order: message_start, ping,
// a text block, one tool_use block per call with its input in
// input_json_delta fragments, message_delta with the stop reason and the
// output count, message_stop.
func events(turn llmtest.Turn, f llmtest.Fault, n int, model string, usage llm.Usage) []llmtest.Event {
	var out []llmtest.Event
	emit := func(name string, data obj) {
		data["type"] = name
		out = append(out, llmtest.Event{Name: name, Data: marshal(data)})
	}
	emit("message_start", obj{"message": obj{
		"id": fmt.Sprintf("msg_fake_%d", n), "type": "message", "role": "assistant", "content": []any{},
		"model": model, "stop_reason": nil, "stop_sequence": nil,
		// input_tokens leaves out what was read from or written to the
		// cache.
		"usage": obj{"input_tokens": usage.InputTokens - usage.CachedInputTokens - usage.CacheWriteTokens, "output_tokens": 1,
			"cache_creation_input_tokens": usage.CacheWriteTokens, "cache_read_input_tokens": usage.CachedInputTokens},
	}})
	emit("ping", obj{})
	index := 0
	if turn.Reasoning != "" {
		// Extended thinking: a thinking block streamed in thinking_delta
		// pieces, then its signature, which must come back unchanged.
		emit("content_block_start", obj{"index": index, "content_block": obj{"type": "thinking", "thinking": "", "signature": ""}})
		for _, piece := range llmtest.TextChunks(turn.Reasoning, f.CharByChar) {
			emit("content_block_delta", obj{"index": index, "delta": obj{"type": "thinking_delta", "thinking": piece}})
		}
		emit("content_block_delta", obj{"index": index, "delta": obj{"type": "signature_delta", "signature": Signature(n)}})
		emit("content_block_stop", obj{"index": index})
		index++
	}
	if turn.Text != "" {
		emit("content_block_start", obj{"index": index, "content_block": obj{"type": "text", "text": ""}})
		for _, piece := range llmtest.TextChunks(turn.Text, f.CharByChar) {
			emit("content_block_delta", obj{"index": index, "delta": obj{"type": "text_delta", "text": piece}})
		}
		emit("content_block_stop", obj{"index": index})
		index++
	}
	for i, c := range turn.Calls {
		start := obj{"type": "tool_use", "name": c.Name, "input": obj{}}
		if !f.NoIDs {
			start["id"] = turn.CallID(n, i)
		}
		emit("content_block_start", obj{"index": index, "content_block": start})
		emit("content_block_delta", obj{"index": index, "delta": obj{"type": "input_json_delta", "partial_json": ""}})
		for _, piece := range llmtest.ArgChunks(c.Args, f.CharByChar) {
			emit("content_block_delta", obj{"index": index, "delta": obj{"type": "input_json_delta", "partial_json": piece}})
		}
		emit("content_block_stop", obj{"index": index})
		index++
	}
	stop := "end_turn"
	switch {
	case turn.Finish == llm.FinishLength:
		stop = "max_tokens"
	case turn.Finish == llm.FinishFiltered:
		stop = "refusal"
	case len(turn.Calls) > 0:
		stop = "tool_use"
	}
	emit("message_delta", obj{"delta": obj{"stop_reason": stop, "stop_sequence": nil}, "usage": obj{"output_tokens": usage.OutputTokens}})
	emit("message_stop", obj{})
	switch {
	case f.Malformed:
		out = slices.Insert(out, 1, malformed)
	case f.StreamError, f.ErrorChunk:
		out = slices.Insert(out, 1, streamError)
	case f.Restart:
		out = llmtest.Restarted(out)
	}
	return out
}

// writeError answers with the fault's status and the body the API sends.
func writeError(w http.ResponseWriter, f llmtest.Fault, model string) {
	status := f.Status
	kind, msg := "invalid_request_error", http.StatusText(status)
	switch {
	case f.ContextLength:
		if status == 0 {
			status = http.StatusBadRequest
		}
		msg = "prompt is too long: 210344 tokens > 200000 maximum"
		if f.Window > 0 {
			msg = fmt.Sprintf("prompt is too long: %d tokens > %d maximum", f.Tokens, f.Window)
		}
	case status == http.StatusUnauthorized:
		kind, msg = "authentication_error", "invalid x-api-key"
	case status == http.StatusForbidden:
		kind, msg = "permission_error", "Your API key does not have permission to use the specified resource."
	case status == http.StatusNotFound:
		kind, msg = "not_found_error", "model: "+model
	case status == http.StatusRequestEntityTooLarge:
		kind, msg = "request_too_large", "Request exceeds the maximum allowed number of bytes."
	case status == http.StatusTooManyRequests:
		kind, msg = "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"
	case status == 529:
		kind, msg = "overloaded_error", "Overloaded"
	case status >= 500:
		kind, msg = "api_error", "Internal server error"
	}
	if f.Message != "" {
		msg = f.Message
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Request-Id", "req_fake")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(obj{"type": "error", "error": obj{"type": kind, "message": msg}, "request_id": "req_fake"})
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own values: cannot fail
	}
	return string(b)
}

// Signature is the signature the fake gives the thinking of turn n.
func Signature(n int) string { return fmt.Sprintf("EqQBCgIYAhIM%08dfakesig", n) }
