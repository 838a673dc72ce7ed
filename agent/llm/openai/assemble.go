package openai

import (
	"slices"
	"strings"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// assembler builds one Response from the chunks of a stream. Only choice 0
// is read: we never ask for more.
type assembler struct {
	text     strings.Builder
	calls    []*partialCall
	byIndex  map[int]*partialCall
	finish   string
	finished bool
	usage    llm.Usage
}

// partialCall is a tool call whose fragments are still arriving.
type partialCall struct {
	index    int
	id, name string
	args     strings.Builder
}

// add folds one chunk in, passing its text to onText.
func (a *assembler) add(chunk goopenai.ChatCompletionStreamResponse, onText func(string)) {
	if u := chunk.Usage; u != nil {
		a.usage = llm.Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens}
	}
	for _, ch := range chunk.Choices {
		if ch.Index != 0 {
			continue
		}
		if d := ch.Delta.Content; d != "" {
			a.text.WriteString(d)
			onText(d)
		}
		for _, tc := range ch.Delta.ToolCalls {
			a.addCall(tc)
		}
		if ch.FinishReason != "" {
			a.finish = string(ch.FinishReason)
			a.finished = true
		}
	}
}

// addCall folds in one tool call fragment. Fragments are matched by index;
// the id, type and name come on a call's first fragment, and only the
// arguments on the rest. Some servers omit the index: there a fragment
// with a new id starts a call, and any other continues the last one.
func (a *assembler) addCall(tc goopenai.ToolCall) {
	var pc *partialCall
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
	case len(a.calls) == 0 || (tc.ID != "" && a.calls[len(a.calls)-1].id != "" && tc.ID != a.calls[len(a.calls)-1].id):
		pc = &partialCall{index: len(a.calls)}
		a.calls = append(a.calls, pc)
	default:
		pc = a.calls[len(a.calls)-1]
	}
	if pc.id == "" {
		pc.id = tc.ID
	}
	// A name is sent whole on the first fragment; servers that repeat it
	// on later ones must not double it.
	if pc.name == "" {
		pc.name = tc.Function.Name
	}
	pc.args.WriteString(tc.Function.Arguments)
}

// response returns what has been assembled so far.
func (a *assembler) response() llm.Response {
	resp := llm.Response{
		Message:    llm.Message{Role: llm.RoleAssistant, Content: a.text.String()},
		Usage:      a.usage,
		StopReason: a.finish,
	}
	calls := slices.Clone(a.calls)
	slices.SortStableFunc(calls, func(x, y *partialCall) int { return x.index - y.index })
	for _, pc := range calls {
		id := pc.id
		if id == "" {
			id = wire.NewCallID()
			pc.id = id // the same id if response is asked for again
		}
		resp.Message.ToolCalls = append(resp.Message.ToolCalls, llm.ToolCall{ID: id, Name: pc.name, Args: pc.args.String()})
	}
	return resp
}
