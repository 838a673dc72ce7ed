package responsestest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// obj is a JSON object under construction.
type obj = map[string]any

// malformed is an event cut off in the middle of its JSON.
var malformed = llmtest.Event{Name: "response.output_text.delta", Data: `{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_fake","output_index":0,"content_index":0,"delta":"bro`}

// events returns turn n's stream in the API's order: response.created
// and response.in_progress; a reasoning item (when the turn thinks) whose
// summary parts stream as reasoning_summary_text deltas; a message item
// whose text streams as output_text deltas; a function_call item per call
// whose arguments stream as function_call_arguments deltas; each item
// opened by output_item.added and closed by output_item.done; and
// response.completed with the usage (response.incomplete for a cut
// reply).
func events(n int, turn llmtest.Turn, f llmtest.Fault, req request, usage llm.Usage) []llmtest.Event {
	var out []llmtest.Event
	emit := func(name string, data obj) {
		data["type"] = name
		data["sequence_number"] = len(out)
		b, err := json.Marshal(data)
		if err != nil {
			panic(err) // our own values: cannot fail
		}
		out = append(out, llmtest.Event{Name: name, Data: string(b)})
	}
	respID := fmt.Sprintf("resp_fake_%d", n)
	resp := func(status string, output []any, u any) obj {
		var effort, summary any
		if r := req.Reasoning; r != nil {
			effort, summary = nilIfEmpty(r.Effort), nilIfEmpty(r.Summary)
		}
		return obj{
			"id": respID, "object": "response", "created_at": 1700000000 + n, "status": status,
			"background": false, "error": nil, "incomplete_details": nil,
			"instructions": nilIfEmpty(req.Instructions), "max_output_tokens": nil, "model": req.Model,
			"output": output, "parallel_tool_calls": true, "previous_response_id": nil,
			"reasoning": obj{"effort": effort, "summary": summary}, "store": req.stored(),
			"temperature": 1.0, "text": obj{"format": obj{"type": "text"}, "verbosity": "medium"},
			"tool_choice": "auto", "tools": []any{}, "top_p": 1.0, "truncation": "disabled",
			"usage": u, "user": nil, "metadata": obj{},
		}
	}
	emit("response.created", obj{"response": resp("in_progress", []any{}, nil)})
	emit("response.in_progress", obj{"response": resp("in_progress", []any{}, nil)})

	var output []any
	index := 0
	if turn.Reasoning != "" {
		id := fmt.Sprintf("rs_fake_%d", n)
		emit("response.output_item.added", obj{"output_index": index, "item": obj{"id": id, "type": "reasoning", "summary": []any{}}})
		parts := strings.Split(turn.Reasoning, "\n\n")
		var summary []any
		for si, part := range parts {
			emit("response.reasoning_summary_part.added", obj{"item_id": id, "output_index": index, "summary_index": si, "part": obj{"type": "summary_text", "text": ""}})
			for _, piece := range llmtest.TextChunks(part, f.CharByChar) {
				emit("response.reasoning_summary_text.delta", obj{"item_id": id, "output_index": index, "summary_index": si, "delta": piece, "obfuscation": "fAkE"})
			}
			emit("response.reasoning_summary_text.done", obj{"item_id": id, "output_index": index, "summary_index": si, "text": part})
			emit("response.reasoning_summary_part.done", obj{"item_id": id, "output_index": index, "summary_index": si, "part": obj{"type": "summary_text", "text": part}})
			summary = append(summary, obj{"type": "summary_text", "text": part})
		}
		done := obj{"id": id, "type": "reasoning", "summary": summary}
		if req.encrypted() {
			done["encrypted_content"] = Encrypted(id, turn.Reasoning)
		}
		emit("response.output_item.done", obj{"output_index": index, "item": done})
		output = append(output, done)
		index++
	}
	if turn.Text != "" {
		id := fmt.Sprintf("msg_fake_%d", n)
		emit("response.output_item.added", obj{"output_index": index, "item": obj{"id": id, "type": "message", "status": "in_progress", "content": []any{}, "role": "assistant"}})
		emit("response.content_part.added", obj{"item_id": id, "output_index": index, "content_index": 0, "part": obj{"type": "output_text", "annotations": []any{}, "logprobs": []any{}, "text": ""}})
		for _, piece := range llmtest.TextChunks(turn.Text, f.CharByChar) {
			emit("response.output_text.delta", obj{"item_id": id, "output_index": index, "content_index": 0, "delta": piece, "logprobs": []any{}, "obfuscation": "fAkE"})
		}
		part := obj{"type": "output_text", "annotations": []any{}, "logprobs": []any{}, "text": turn.Text}
		emit("response.output_text.done", obj{"item_id": id, "output_index": index, "content_index": 0, "text": turn.Text, "logprobs": []any{}})
		emit("response.content_part.done", obj{"item_id": id, "output_index": index, "content_index": 0, "part": part})
		done := obj{"id": id, "type": "message", "status": "completed", "content": []any{part}, "role": "assistant"}
		emit("response.output_item.done", obj{"output_index": index, "item": done})
		output = append(output, done)
		index++
	}
	for i, c := range turn.Calls {
		id := fmt.Sprintf("fc_fake_%d_%d", n, i)
		item := obj{"id": id, "type": "function_call", "status": "in_progress", "arguments": "", "name": c.Name}
		if !f.NoIDs {
			item["call_id"] = turn.CallID(n, i)
		}
		emit("response.output_item.added", obj{"output_index": index, "item": item})
		for _, piece := range llmtest.ArgChunks(c.Args, f.CharByChar) {
			emit("response.function_call_arguments.delta", obj{"item_id": id, "output_index": index, "delta": piece, "obfuscation": "fAkE"})
		}
		emit("response.function_call_arguments.done", obj{"item_id": id, "output_index": index, "arguments": c.Args})
		done := obj{"id": id, "type": "function_call", "status": "completed", "arguments": c.Args, "name": c.Name}
		if !f.NoIDs {
			done["call_id"] = turn.CallID(n, i)
		}
		emit("response.output_item.done", obj{"output_index": index, "item": done})
		output = append(output, done)
		index++
	}

	u := obj{
		"input_tokens": usage.InputTokens, "input_tokens_details": obj{"cached_tokens": usage.CachedInputTokens},
		"output_tokens": usage.OutputTokens, "output_tokens_details": obj{"reasoning_tokens": usage.ReasoningTokens},
		"total_tokens": usage.InputTokens + usage.OutputTokens,
	}
	switch turn.Finish {
	case llm.FinishLength, llm.FinishFiltered:
		reason := "max_output_tokens"
		if turn.Finish == llm.FinishFiltered {
			reason = "content_filter"
		}
		r := resp("incomplete", output, u)
		r["incomplete_details"] = obj{"reason": reason}
		emit("response.incomplete", obj{"response": r})
	default:
		emit("response.completed", obj{"response": resp("completed", output, u)})
	}

	switch {
	case f.Malformed:
		out = slices.Insert(out, 1, malformed)
	case f.StreamError:
		// The error event, and then nothing more.
		out = append(out[:1], llmtest.Event{Name: "error", Data: `{"type":"error","sequence_number":1,"code":"server_error","message":"The server had an error while processing your request. Sorry about that!","param":null}`})
	case f.ErrorChunk:
		// The response fails, and the stream ends with it.
		r := resp("failed", []any{}, nil)
		r["error"] = obj{"code": "server_error", "message": "The model produced invalid content. Consider modifying your prompt if you are seeing this error persistently."}
		out = out[:1]
		emit("response.failed", obj{"response": r})
	case f.Restart:
		out = llmtest.Restarted(out)
	}
	return out
}

// nilIfEmpty is s, or null when it is empty.
func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
