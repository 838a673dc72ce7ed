package openai

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// assembler builds one Response from the chunks of a stream. Only choice 0
// is read: we never ask for more.
type assembler struct {
	// id is the completion's id, from its first chunk that has one.
	id        string
	text      strings.Builder
	reasoning strings.Builder
	calls     []*partialCall
	byIndex   map[int]*partialCall
	// details are OpenRouter's reasoning_details entries, in the order
	// they began; byDetail finds an entry by its index and type, and
	// lastType is the type last seen at an index, for fragments that
	// leave it out.
	details  []*detail
	byDetail map[detailKey]*detail
	lastType map[int]string
	finish   string
	finished bool
	usage    llm.Usage
	// size is the bytes of text and arguments so far, against
	// llm.MaxReplyBytes.
	size int
}

// partialCall is a tool call whose fragments are still arriving.
type partialCall struct {
	index    int
	id, name string
	args     strings.Builder
	// extra is the call's extra_content, as it came.
	extra string
}

// add folds one chunk in, passing its text and thinking to onDelta. It
// returns the error the chunk reports, if any: the stream has failed.
func (a *assembler) add(c chunk, onDelta func(llm.Delta)) *streamError {
	if a.restarts(c) {
		return &streamError{restarted: true}
	}
	if u := c.Usage; u != nil {
		a.usage = u.usage()
	}
	if c.Error != nil {
		return c.Error
	}
	for _, ch := range c.Choices {
		if ch.Index != 0 {
			continue
		}
		d := ch.Delta.ReasoningContent + ch.Delta.Reasoning + ch.Delta.Content.Thinking
		if d == "" {
			// A server may send its thinking only in reasoning_details.
			d = a.detailsText(ch.Delta.ReasoningDetails)
		}
		if d != "" {
			a.size += len(d)
			a.reasoning.WriteString(d)
			onDelta(llm.Delta{Reasoning: d})
		}
		a.addDetails(ch.Delta.ReasoningDetails)
		if d := ch.Delta.Content.Text; d != "" {
			a.size += len(d)
			a.text.WriteString(d)
			onDelta(llm.Delta{Text: d})
		}
		for _, tc := range ch.Delta.ToolCalls {
			a.addCall(tc)
		}
		switch {
		case ch.Error != nil:
			return ch.Error
		case ch.FinishReason == "error":
			return &streamError{Message: "the reply ended with finish_reason \"error\" and no explanation"}
		case ch.FinishReason != "":
			a.finish = ch.FinishReason
			a.finished = true
		}
	}
	return nil
}

// restarts reports whether c starts a second message within the reply: it
// carries a role, as a message's first chunk does, under another
// completion id than the chunks before it.
func (a *assembler) restarts(c chunk) bool {
	if c.ID == "" {
		return false
	}
	if a.id == "" {
		a.id = c.ID
		return false
	}
	if c.ID == a.id {
		return false
	}
	for _, ch := range c.Choices {
		if ch.Delta.Role != "" {
			return true
		}
	}
	return false
}

// addDetails folds in fragments of reasoning_details, matched by their
// index and type: gateways stream a reasoning.text (or reasoning.summary)
// entry and then a reasoning.encrypted one under the same index, and each
// must go back as an entry of its own type. A fragment without a type
// continues the entry last seen at its index; one without an index is an
// entry of its own.
func (a *assembler) addDetails(frags []json.RawMessage) {
	for _, raw := range frags {
		a.size += len(raw)
		i, typ := detailKeyOf(raw)
		if i < 0 {
			d := &detail{}
			d.add(raw)
			a.details = append(a.details, d)
			continue
		}
		if a.byDetail == nil {
			a.byDetail, a.lastType = map[detailKey]*detail{}, map[int]string{}
		}
		if typ == "" {
			typ = a.lastType[i]
		}
		a.lastType[i] = typ
		k := detailKey{index: i, typ: typ}
		d := a.byDetail[k]
		if d == nil {
			d = &detail{}
			a.byDetail[k] = d
			a.details = append(a.details, d)
		}
		d.add(raw)
	}
}

// detailsText is the readable thinking in fragments of reasoning_details.
func (a *assembler) detailsText(frags []json.RawMessage) string {
	var b strings.Builder
	for _, raw := range frags {
		var d detail
		d.add(raw)
		b.WriteString(d.text())
	}
	return b.String()
}

// addCall folds in one tool call fragment. Fragments are matched by index;
// the id, type and name come on a call's first fragment, and only the
// arguments on the rest. Some servers omit the index: there a fragment
// starts a new call when it has a new id, or when it names a function
// while the last call's arguments are already complete (servers that send
// each call whole, with no index and no id); any other continues the last
// call.
func (a *assembler) addCall(tc toolCallDelta) {
	var pc *partialCall
	last := func() *partialCall {
		if len(a.calls) == 0 {
			return nil
		}
		return a.calls[len(a.calls)-1]
	}()
	switch {
	case tc.Index != nil:
		if a.byIndex == nil {
			a.byIndex = map[int]*partialCall{}
		}
		pc = a.byIndex[*tc.Index]
		if pc == nil {
			pc = &partialCall{index: *tc.Index}
			a.byIndex[*tc.Index] = pc
			a.calls = append(a.calls, pc)
		}
	case last == nil,
		tc.ID != "" && last.id != "" && tc.ID != last.id,
		tc.ID == "" && tc.Function.Name != "" && last.name != "" && json.Valid([]byte(last.args.String())):
		pc = &partialCall{index: len(a.calls)}
		a.calls = append(a.calls, pc)
	default:
		pc = last
	}
	if pc.id == "" {
		pc.id = tc.ID
	}
	// A name is sent whole on the first fragment; servers that repeat it
	// on later ones must not double it.
	if pc.name == "" {
		pc.name = tc.Function.Name
	}
	if pc.extra == "" && len(tc.ExtraContent) > 0 && string(tc.ExtraContent) != "null" {
		pc.extra = string(tc.ExtraContent)
		a.size += len(pc.extra)
	}
	a.size += len(tc.Function.Arguments)
	pc.args.WriteString(tc.Function.Arguments)
}

// tooBig reports whether the reply outgrew llm.MaxReplyBytes.
func (a *assembler) tooBig() bool { return a.size > llm.MaxReplyBytes }

// response returns what has been assembled so far.
func (a *assembler) response() llm.Response {
	resp := llm.Response{
		Message:    llm.Message{Role: llm.RoleAssistant, Content: a.text.String()},
		Usage:      a.usage,
		StopReason: a.finish,
		Finish:     finish(a.finish),
	}
	if r := a.reasoning.String(); r != "" {
		resp.Message.Reasoning = []llm.Reasoning{{Text: r}}
	}
	for _, d := range a.details {
		if len(d.keys) > 0 {
			resp.Message.Reasoning = append(resp.Message.Reasoning, llm.Reasoning{Details: d.json()})
		}
	}
	calls := slices.Clone(a.calls)
	slices.SortStableFunc(calls, func(x, y *partialCall) int { return x.index - y.index })
	for _, pc := range calls {
		id := pc.id
		if id == "" {
			id = wire.NewCallID()
			pc.id = id // the same id if response is asked for again
		}
		resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: id, Name: pc.name, Args: pc.args.String(), Extra: pc.extra})
	}
	return resp
}
