package responses

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// assembler builds one Response from the events of a stream.
type assembler struct {
	// created says response.created came; id is the response's id.
	created bool
	id      string
	text    strings.Builder
	// texted says which message items streamed text, so that one sent
	// only whole (in output_item.done) is not lost nor doubled.
	texted map[int]bool
	// calls are the function calls by output index.
	calls map[int]*partialCall
	// thoughts are the reasoning items, in output order.
	thoughts []*thought
	// streamedThought is where the thinking passed on last came from
	// (output and summary index), to put a blank line between parts.
	streamedThought *[2]int
	refused         bool
	status, reason  string
	finished        bool
	usage           llm.Usage
	// size is the bytes of text, thinking, items and arguments so far,
	// against llm.MaxReplyBytes.
	size int
}

// partialCall is a function call whose arguments are still arriving.
type partialCall struct {
	index        int
	callID, name string
	args         strings.Builder
}

// thought is one reasoning item: its index, its readable thinking as it
// streamed, and the item as the server sent it when it was done.
type thought struct {
	index int
	text  strings.Builder
	raw   string
}

// failed is the error a stream reports: an error event, a failed
// response, or a second response beginning in the same stream.
type failed struct {
	code, msg string
	restarted bool
}

func (f *failed) Error() string {
	if f.restarted {
		return llm.ErrMessageRestarted.Error()
	}
	return f.msg
}

// Add folds one event in, passing text and thinking to onDelta. It
// returns the failure the event reports, a *failed, if any: the stream has
// ended.
func (a *assembler) Add(ev event, onDelta func(llm.Delta)) error {
	switch ev.Type {
	case "response.created":
		if a.created {
			return &failed{restarted: true}
		}
		a.created = true
		if ev.Response != nil {
			a.id = ev.Response.ID
		}
	case "response.in_progress":
		if r := ev.Response; r != nil && a.id != "" && r.ID != "" && r.ID != a.id {
			return &failed{restarted: true}
		}
	case "response.output_item.added":
		var it item
		if json.Unmarshal(ev.Item, &it) != nil {
			return nil
		}
		switch it.Type {
		case "function_call":
			pc := a.call(ev.OutputIndex)
			pc.callID, pc.name = it.CallID, it.Name
			pc.args.WriteString(it.Arguments)
			a.size += len(it.Arguments)
		case "reasoning":
			a.thought(ev.OutputIndex)
		}
	case "response.output_text.delta", "response.refusal.delta":
		a.refused = a.refused || ev.Type == "response.refusal.delta"
		if ev.Delta != "" {
			if a.texted == nil {
				a.texted = map[int]bool{}
			}
			a.texted[ev.OutputIndex] = true
			a.size += len(ev.Delta)
			a.text.WriteString(ev.Delta)
			onDelta(llm.Delta{Text: ev.Delta})
		}
	case "response.function_call_arguments.delta":
		a.size += len(ev.Delta)
		a.call(ev.OutputIndex).args.WriteString(ev.Delta)
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		if ev.Delta != "" {
			a.think(a.thought(ev.OutputIndex), ev.SummaryIndex, ev.Delta, onDelta)
		}
	case "response.output_item.done":
		a.done(ev, onDelta)
	case "response.completed", "response.incomplete":
		if r := ev.Response; r != nil {
			a.status = r.Status
			if d := r.IncompleteDetails; d != nil {
				a.reason = d.Reason
			}
			if r.Usage != nil {
				a.usage = r.Usage.neutral()
			}
		}
		a.finished = true
	case "response.failed":
		f := &failed{msg: "the response failed without an explanation"}
		if r := ev.Response; r != nil {
			if r.Usage != nil {
				a.usage = r.Usage.neutral()
			}
			if e := r.Error; e != nil {
				f.code, f.msg = strings.TrimSpace(e.Type+" "+e.Code), e.Message
			}
		}
		return f
	case "error":
		f := &failed{code: ev.Code, msg: ev.Message}
		if e := ev.Error; e != nil {
			f.code, f.msg = strings.TrimSpace(e.Type+" "+e.Code), e.Message
		}
		if f.msg == "" {
			f.msg = "an error event without an explanation"
		}
		return f
	}
	return nil
}

// done folds in a finished output item: a call's final name, id and
// arguments; a reasoning item kept as it came; a message's text when it
// did not stream.
func (a *assembler) done(ev event, onDelta func(llm.Delta)) {
	var it item
	if json.Unmarshal(ev.Item, &it) != nil {
		return
	}
	switch it.Type {
	case "function_call":
		pc := a.call(ev.OutputIndex)
		if it.CallID != "" {
			pc.callID = it.CallID
		}
		if it.Name != "" {
			pc.name = it.Name
		}
		if it.Arguments != "" && it.Arguments != pc.args.String() {
			a.size += len(it.Arguments)
			pc.args.Reset()
			pc.args.WriteString(it.Arguments)
		}
	case "reasoning":
		t := a.thought(ev.OutputIndex)
		t.raw = string(ev.Item)
		a.size += len(t.raw)
		if t.text.Len() == 0 {
			// Sent only whole: its summaries (or raw thinking) are the
			// thinking to show.
			var parts []string
			for _, s := range it.Summary {
				parts = append(parts, s.Text)
			}
			if len(parts) == 0 {
				for _, c := range it.Content {
					parts = append(parts, c.Text)
				}
			}
			for i, p := range parts {
				if p != "" {
					a.think(t, i, p, onDelta)
				}
			}
		}
	case "message":
		if a.texted[ev.OutputIndex] {
			return
		}
		for _, c := range it.Content {
			d := c.Text + c.Refusal
			a.refused = a.refused || c.Type == "refusal"
			if d != "" {
				a.size += len(d)
				a.text.WriteString(d)
				onDelta(llm.Delta{Text: d})
			}
		}
	}
}

// call returns the call at output index i, starting it if new.
func (a *assembler) call(i int) *partialCall {
	if a.calls == nil {
		a.calls = map[int]*partialCall{}
	}
	pc := a.calls[i]
	if pc == nil {
		pc = &partialCall{index: i}
		a.calls[i] = pc
	}
	return pc
}

// thought returns the reasoning item at output index i, starting it if
// new.
func (a *assembler) thought(i int) *thought {
	for _, t := range a.thoughts {
		if t.index == i {
			return t
		}
	}
	t := &thought{index: i}
	a.thoughts = append(a.thoughts, t)
	return t
}

// think passes on a piece of thinking from summary part part of t. The
// parts and items of one reply read as one text, a blank line between
// them, as Message.ReasoningText joins them.
func (a *assembler) think(t *thought, part int, d string, onDelta func(llm.Delta)) {
	at := [2]int{t.index, part}
	if a.streamedThought != nil && *a.streamedThought != at {
		d = "\n\n" + d
	}
	a.streamedThought = &at
	a.size += len(d)
	t.text.WriteString(d)
	onDelta(llm.Delta{Reasoning: d})
}

// TooBig reports whether the reply outgrew llm.MaxReplyBytes.
func (a *assembler) TooBig() bool { return a.size > llm.MaxReplyBytes }

// Usage returns the tokens reported so far.
func (a *assembler) Usage() llm.Usage { return a.usage }

// Complete reports whether response.completed (or response.incomplete)
// came.
func (a *assembler) Complete() bool { return a.finished }

// Response returns what has been assembled so far.
func (a *assembler) Response() llm.Response {
	stop := a.status
	if a.reason != "" {
		stop = a.reason
	}
	resp := llm.Response{
		Message:    llm.Message{Role: llm.RoleAssistant, Content: a.text.String()},
		Usage:      a.usage,
		StopReason: stop,
		Finish:     finish(a.status, a.reason),
	}
	if a.refused {
		resp.Finish = llm.FinishFiltered
	}
	for _, t := range a.thoughts {
		// The text of a later item begins with the blank line that
		// parted it from the one before on screen.
		text := strings.TrimPrefix(t.text.String(), "\n\n")
		if text != "" || t.raw != "" {
			resp.Message.Reasoning = append(resp.Message.Reasoning, llm.Reasoning{Text: text, Item: t.raw})
		}
	}
	calls := make([]*partialCall, 0, len(a.calls))
	for _, pc := range a.calls {
		calls = append(calls, pc)
	}
	slices.SortFunc(calls, func(x, y *partialCall) int { return x.index - y.index })
	for _, pc := range calls {
		if pc.callID == "" {
			pc.callID = wire.NewCallID() // kept, should response be asked for again
		}
		resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: pc.callID, Name: pc.name, Args: pc.args.String()})
	}
	return resp
}
