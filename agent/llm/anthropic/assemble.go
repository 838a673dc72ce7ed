package anthropic

import (
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// assembler builds one Response from the events of a stream.
type assembler struct {
	text  strings.Builder
	calls []*partialCall
	// byBlock maps a content block index to its call.
	byBlock map[int64]*partialCall
	stop    string
	usage   llm.Usage
	// started and done say message_start and message_stop came.
	started, done bool
	// size is the bytes of text and input so far, against
	// llm.MaxReplyBytes.
	size int
	// thinking holds the thinking and redacted_thinking blocks, in order;
	// byThinking maps a block index to its entry.
	thinking   []*thinkingBlock
	byThinking map[int64]*thinkingBlock
	// streamed is the block whose thinking was passed on last.
	streamed *thinkingBlock
}

// thinkingBlock is a thinking or redacted_thinking block still arriving.
type thinkingBlock struct {
	text, signature strings.Builder
	redacted        string
}

// TooBig reports whether the reply outgrew llm.MaxReplyBytes.
func (a *assembler) TooBig() bool { return a.size > llm.MaxReplyBytes }

// Usage returns the tokens reported so far.
func (a *assembler) Usage() llm.Usage { return a.usage }

// Complete reports whether message_stop came.
func (a *assembler) Complete() bool { return a.done }

// partialCall is a tool_use block whose input is still arriving.
type partialCall struct {
	id, name string
	// start is the input of content_block_start: {} when the input
	// streams, but whole for servers that send no deltas.
	start string
	args  strings.Builder
}

// Add folds one event in, passing text and thinking to onDelta. It
// returns llm.ErrMessageRestarted for a second message_start: the stream
// is broken.
func (a *assembler) Add(ev sdk.MessageStreamEventUnion, onDelta func(llm.Delta)) error {
	switch ev.Type {
	case "message_start":
		if a.started {
			return llm.ErrMessageRestarted
		}
		a.started = true
		u := ev.Message.Usage
		// Cached input is input all the same, for budgets; its parts
		// are priced apart.
		a.usage.InputTokens = int(u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens)
		a.usage.CachedInputTokens = int(u.CacheReadInputTokens)
		a.usage.CacheWriteTokens = int(u.CacheCreationInputTokens)
		a.usage.OutputTokens = int(u.OutputTokens)
	case "content_block_start":
		cb := ev.ContentBlock
		switch cb.Type {
		case "text":
			if cb.Text != "" {
				a.size += len(cb.Text)
				a.text.WriteString(cb.Text)
				onDelta(llm.Delta{Text: cb.Text})
			}
		case "thinking", "redacted_thinking":
			r := &thinkingBlock{redacted: cb.Data}
			if cb.Thinking != "" {
				a.think(r, cb.Thinking, onDelta)
			}
			r.text.WriteString(cb.Thinking)
			r.signature.WriteString(cb.Signature)
			a.size += len(cb.Thinking) + len(cb.Data)
			a.thinking = append(a.thinking, r)
			if a.byThinking == nil {
				a.byThinking = map[int64]*thinkingBlock{}
			}
			a.byThinking[ev.Index] = r
		case "tool_use":
			pc := &partialCall{id: cb.ID, name: cb.Name, start: cb.JSON.Input.Raw()}
			a.size += len(pc.start)
			a.calls = append(a.calls, pc)
			if a.byBlock == nil {
				a.byBlock = map[int64]*partialCall{}
			}
			a.byBlock[ev.Index] = pc
		}
	case "content_block_delta":
		switch ev.Delta.Type {
		case "text_delta":
			if ev.Delta.Text != "" {
				a.size += len(ev.Delta.Text)
				a.text.WriteString(ev.Delta.Text)
				onDelta(llm.Delta{Text: ev.Delta.Text})
			}
		case "thinking_delta":
			if r := a.byThinking[ev.Index]; r != nil {
				a.size += len(ev.Delta.Thinking)
				if ev.Delta.Thinking != "" {
					a.think(r, ev.Delta.Thinking, onDelta)
				}
				r.text.WriteString(ev.Delta.Thinking)
			}
		case "signature_delta":
			if r := a.byThinking[ev.Index]; r != nil {
				r.signature.WriteString(ev.Delta.Signature)
			}
		case "input_json_delta":
			if pc := a.byBlock[ev.Index]; pc != nil {
				a.size += len(ev.Delta.PartialJSON)
				pc.args.WriteString(ev.Delta.PartialJSON)
			}
		}
	case "message_delta":
		a.stop = string(ev.Delta.StopReason)
		// Counts here are totals for the message so far.
		a.usage.OutputTokens = int(ev.Usage.OutputTokens)
		if ev.Usage.JSON.InputTokens.Valid() && ev.Usage.InputTokens > 0 {
			a.usage.InputTokens = int(ev.Usage.InputTokens + ev.Usage.CacheCreationInputTokens + ev.Usage.CacheReadInputTokens)
			a.usage.CachedInputTokens = int(ev.Usage.CacheReadInputTokens)
			a.usage.CacheWriteTokens = int(ev.Usage.CacheCreationInputTokens)
		}
	case "message_stop":
		a.done = true
	}
	return nil
}

// think passes on a piece of thinking. The blocks of one reply read as
// one text, a blank line between them, as Message.ReasoningText joins
// them.
func (a *assembler) think(r *thinkingBlock, d string, onDelta func(llm.Delta)) {
	if a.streamed != nil && a.streamed != r {
		d = "\n\n" + d
	}
	a.streamed = r
	onDelta(llm.Delta{Reasoning: d})
}

// Response returns what has been assembled so far.
func (a *assembler) Response() llm.Response {
	resp := llm.Response{
		Message:    llm.Message{Role: llm.RoleAssistant, Content: a.text.String()},
		Usage:      a.usage,
		StopReason: a.stop,
		Finish:     finish(a.stop),
	}
	for _, r := range a.thinking {
		resp.Message.Reasoning = append(resp.Message.Reasoning, llm.Reasoning{Text: r.text.String(), Signature: r.signature.String(), Redacted: r.redacted})
	}
	for _, pc := range a.calls {
		if pc.id == "" {
			pc.id = wire.NewCallID() // kept, should response be asked for again
		}
		args := pc.args.String()
		if args == "" {
			args = pc.start
		}
		if args == "" {
			args = "{}"
		}
		resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: pc.id, Name: pc.name, Args: args})
	}
	return resp
}

// finish converts a stop_reason. "model_context_window_exceeded" is the
// reply cut because the context window filled up: cut all the same.
func finish(reason string) llm.Finish {
	switch reason {
	case "max_tokens", "model_context_window_exceeded":
		return llm.FinishLength
	case "refusal":
		return llm.FinishFiltered
	}
	return llm.FinishStop
}
