package session

import (
	"slices"
	"strings"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

// interrupted is the result given to a call the session recorded no result
// for: its process was killed while the call ran.
const interrupted = "interrupted: agent stopped before this call finished; it may or may not have run"

// Conversations are the providers' conversations rebuilt from a session.
type Conversations struct {
	// ByProvider holds each provider's messages, as its agent held them.
	ByProvider map[string][]llm.Message
	// Providers lists the providers in order of first use; the last one
	// ran the session's last task.
	Providers []string
	last      string
	lastModel string
	// shown holds each provider's events that a transcript shows again
	// (see Transcript).
	shown map[string][]agent.Event
}

// Last returns the provider that ran the session's last task, "" when the
// session has none.
func (c Conversations) Last() string { return c.last }

// LastModel returns the model that ran the session's last task, "" when
// the session has none or did not record it.
func (c Conversations) LastModel() string { return c.lastModel }

// For returns the conversation to give provider's agent: its own, or,
// when provider took no part in the session, the conversation of the
// provider that ran the last task (messages are provider-neutral, so
// another model can take the work over).
func (c Conversations) For(provider string) []llm.Message {
	if m, ok := c.ByProvider[provider]; ok {
		return m
	}
	return c.ByProvider[c.last]
}

// Transcript returns the events to show provider's transcript again:
// its tasks, the assistant's thinking (before the text of its reply) and
// text, its tool calls with their decisions
// and results, its plans, errors and the end of each task; not live output, usage or
// retries, which only mattered while they happened. It falls back as For
// does, so that a panel shows the conversation its agent was given.
func (c Conversations) Transcript(provider string) []agent.Event {
	if e, ok := c.shown[provider]; ok {
		return e
	}
	return c.shown[c.last]
}

// shownAgain reports whether events of type t belong in a transcript shown
// again.
func shownAgain(t agent.EventType) bool {
	switch t {
	case agent.EventRunStarted, agent.EventText, agent.EventToolCall, agent.EventApproval,
		agent.EventToolResult, agent.EventError, agent.EventRunFinished, agent.EventPlan:
		return true
	}
	return false
}

// Rebuild reads the session file at path and rebuilds each provider's
// conversation from its events, as the agent built it while it ran: the
// task, the assistant's text and tool calls, every tool result. A call
// without a recorded result (a killed process) is answered as
// interrupted, so the conversation is valid to send again. A compaction
// replaces the older messages as it did in the agent. Text is as stored,
// with secrets redacted.
func Rebuild(path string) (Conversations, error) {
	c := Conversations{ByProvider: map[string][]llm.Message{}, shown: map[string][]agent.Event{}}
	convs := map[string]*conversation{}
	_, err := Each(path, func(rec Record, _ int) error {
		p := rec.Provider
		if p == "" {
			return nil
		}
		cv := convs[p]
		if cv == nil {
			cv = &conversation{}
			convs[p] = cv
			c.Providers = append(c.Providers, p)
		}
		if rec.Type == agent.EventRunStarted {
			c.last, c.lastModel = p, rec.Model
		}
		cv.add(rec.Event)
		switch {
		case rec.Type == agent.EventReasoning:
			// Recorded after the reply's text, it is shown before it, as
			// it streamed.
			shown := c.shown[p]
			i := len(shown)
			for i > 0 && shown[i-1].Type == agent.EventText && shown[i-1].Turn == rec.Turn {
				i--
			}
			c.shown[p] = slices.Insert(shown, i, rec.Event)
		case shownAgain(rec.Type):
			c.shown[p] = append(c.shown[p], rec.Event)
		}
		return nil
	})
	if err != nil {
		return c, err
	}
	for p, cv := range convs {
		cv.endReply(true)
		c.ByProvider[p] = cv.msgs
	}
	return c, nil
}

// conversation rebuilds one provider's messages.
type conversation struct {
	msgs []llm.Message
	// text is assistant text streamed since the last complete reply.
	text strings.Builder
	// reply is the index in msgs of the assistant message whose calls
	// are being handled, -1 (or 0 with no messages) when none.
	reply    int
	hasReply bool
	answered map[string]bool
	// reasoning is the thinking of the reply that is arriving.
	reasoning []llm.Reasoning
}

func (cv *conversation) add(e agent.Event) {
	switch e.Type {
	case agent.EventRunStarted:
		cv.endReply(true)
		cv.msgs = append(cv.msgs, llm.Message{Role: llm.RoleUser, Content: e.Text})
	case agent.EventText:
		cv.text.WriteString(e.Text)
	case agent.EventReasoning:
		cv.reasoning = e.Reasoning
	case agent.EventUsage:
		if e.Partial {
			return // a failed reply's cost: its end comes with the error
		}
		// A reply arrived whole: it is the assistant's message, and the
		// calls that follow are its calls.
		text := cv.text.String()
		cv.endReply(false)
		cv.msgs = append(cv.msgs, llm.Message{Role: llm.RoleAssistant, Content: text, Reasoning: cv.reasoning})
		cv.reasoning = nil
		cv.reply, cv.hasReply, cv.answered = len(cv.msgs)-1, true, map[string]bool{}
	case agent.EventCompaction:
		// The agent replaced the older messages by the task and a
		// summary, and kept the most recent ones: so does the rebuilt
		// conversation, and a resumed session goes on from there. (A
		// shortening only cut old outputs: the rebuilt ones stay whole,
		// and the resumed agent cuts them again when it must.)
		c := e.Compaction
		if c == nil || c.Kind != agent.CompactSummary {
			return
		}
		cv.endReply(true)
		kept := min(max(c.Kept, 0), len(cv.msgs))
		first := llm.Message{Role: llm.RoleUser, Content: agent.CompactedTask(c.Task, e.Text)}
		cv.msgs = append([]llm.Message{first}, cv.msgs[len(cv.msgs)-kept:]...)
	case agent.EventError, agent.EventRunFinished:
		// A reply cut by a failure or a cancel keeps the text the
		// person saw; its calls never ran.
		if e.Call == nil {
			cv.endReply(true)
		}
	default:
		if e.Call == nil || !cv.hasReply {
			return
		}
		reply := &cv.msgs[cv.reply]
		// The first event of a call has the model's own arguments; later
		// ones may carry a person's modification.
		if !slices.ContainsFunc(reply.ToolCalls, func(t llm.ToolCall) bool { return t.ID == e.Call.ID }) {
			reply.ToolCalls = append(reply.ToolCalls, llm.ToolCall{ID: e.Call.ID, Name: e.Call.Tool, Args: e.Call.Args})
		}
		if e.Type == agent.EventToolResult && e.Result != nil && !cv.answered[e.Call.ID] {
			cv.answered[e.Call.ID] = true
			cv.msgs = append(cv.msgs, llm.Message{
				Role: llm.RoleTool, ToolCallID: e.Call.ID, ToolName: e.Call.Tool,
				Content: e.Result.Output, IsError: e.Result.IsError,
			})
		}
	}
}

// endReply answers the current reply's unanswered calls as interrupted
// and, when keepText is set, keeps streamed text that no complete reply
// took as an assistant message.
func (cv *conversation) endReply(keepText bool) {
	if cv.hasReply {
		for _, call := range cv.msgs[cv.reply].ToolCalls {
			if !cv.answered[call.ID] {
				cv.answered[call.ID] = true
				cv.msgs = append(cv.msgs, llm.Message{
					Role: llm.RoleTool, ToolCallID: call.ID, ToolName: call.Name, Content: interrupted, IsError: true,
				})
			}
		}
		cv.hasReply = false
	}
	if keepText && cv.text.Len() > 0 {
		cv.msgs = append(cv.msgs, llm.Message{Role: llm.RoleAssistant, Content: cv.text.String()})
	}
	cv.text.Reset()
}
