package acp

import (
	"context"
	"fmt"
	"sync"
	"unicode/utf8"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tools"
)

// maxShownOutput bounds the live output of a command sent with each
// tool_call_update: the tail is kept, since ACP replaces a call's content
// with every update.
const maxShownOutput = 64 << 10

// updater is the part of the connection the stream uses.
type updater interface {
	SessionUpdate(ctx context.Context, params sdk.SessionNotification) error
}

// stream is the Sink of one ACP session: it turns the core's events into
// session/update notifications, in order. Publish is called from the
// agent's goroutine; a client that stopped reading loses the updates,
// never the run.
type stream struct {
	conn updater
	root string

	mu  sync.Mutex
	sid sdk.SessionId
	// calls are the calls of the session the client was told about.
	calls map[string]*shownCall
	// thoughtStreamed is the turn whose thinking streamed in pieces, so
	// that the whole of it, published once the reply is complete, is
	// not sent again; 0 when none did.
	thoughtStreamed int
	// refused is set when the provider's filter stopped the last reply.
	refused bool
}

// shownCall is what the client was shown of one call.
type shownCall struct {
	seen bool
	// diff is the diff content of a write or an edit, from its plan.
	diff   []sdk.ToolCallContent
	output string
}

func newStream(conn updater, root string) *stream {
	return &stream{conn: conn, root: root, calls: map[string]*shownCall{}}
}

// setSession names the session the updates are about, once it is known.
func (s *stream) setSession(sid sdk.SessionId) {
	s.mu.Lock()
	s.sid = sid
	s.mu.Unlock()
}

// Publish sends what e shows, if anything.
func (s *stream) Publish(e agent.Event) { s.publish(e, false) }

// replay sends the events of a loaded session: the person's prompts as
// user messages, and the rest as they were.
func (s *stream) replay(events []agent.Event) {
	for _, e := range events {
		s.publish(e, true)
	}
}

// startTurn forgets what the last prompt's stream noted.
func (s *stream) startTurn() {
	s.mu.Lock()
	s.refused, s.thoughtStreamed = false, 0
	s.mu.Unlock()
}

// wasRefused reports whether the provider's filter stopped the last reply.
func (s *stream) wasRefused() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refused
}

func (s *stream) publish(e agent.Event, replay bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e.Type {
	case agent.EventRunStarted:
		if replay {
			s.send(sdk.UpdateUserMessageText(e.Text))
		}
	case agent.EventText:
		s.send(sdk.UpdateAgentMessageText(e.Text))
	case agent.EventReasoningDelta:
		s.thoughtStreamed = e.Turn
		s.send(sdk.UpdateAgentThoughtText(e.Text))
	case agent.EventReasoning:
		if replay || s.thoughtStreamed != e.Turn {
			s.send(sdk.UpdateAgentThoughtText(e.Text))
		}
	case agent.EventToolCall:
		s.toolCall(*e.Call, e.Changes, replay)
	case agent.EventApproval:
		switch e.Decision {
		case agent.DecisionAuto, agent.DecisionApproved, agent.DecisionModified:
			s.send(sdk.UpdateToolCall(sdk.ToolCallId(e.Call.ID), sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress)))
		}
	case agent.EventToolOutput:
		c := s.call(e.Call.ID)
		c.output += e.Text
		if len(c.output) > maxShownOutput {
			cut := len(c.output) - maxShownOutput
			for cut < len(c.output) && !utf8.RuneStart(c.output[cut]) {
				cut++ // never half a character
			}
			c.output = c.output[cut:]
		}
		// The executor passes output on at most every 50 ms, so this
		// sends a bounded number of updates however much a command prints.
		s.send(sdk.UpdateToolCall(sdk.ToolCallId(e.Call.ID), sdk.WithUpdateContent(c.content(c.output))))
	case agent.EventToolResult:
		s.toolResult(*e.Call, *e.Result)
	case agent.EventPlan:
		s.send(planUpdate(e.Plan))
	case agent.EventError:
		if e.Finish == llm.FinishFiltered {
			s.refused = true
		}
		s.send(sdk.UpdateAgentMessageText(fmt.Sprintf("\n\n(agent: %s)\n", e.Error)))
	}
}

// toolCall tells the client about a planned call, or about its new
// arguments when a person changed it (or its file changed and it was
// planned again); changes are the files its plan changes.
func (s *stream) toolCall(c agent.CallInfo, changes []tools.FileChange, replay bool) {
	title := c.Summary
	if title == "" {
		title = c.Tool
	}
	shown := s.call(c.ID)
	if !replay {
		shown.diff, _ = diffContent(changes)
	}
	var content []sdk.ToolCallContent
	if c.Level != nil {
		content = append(content, sdk.ToolContent(sdk.TextBlock("Level: "+c.Level.String())))
	}
	content = append(content, shown.diff...)
	if shown.seen {
		s.send(sdk.UpdateToolCall(sdk.ToolCallId(c.ID), sdk.WithUpdateTitle(title), sdk.WithUpdateContent(content),
			sdk.WithUpdateRawInput(rawInput(c.Args)), sdk.WithUpdateLocations(locations(s.root, c))))
		return
	}
	shown.seen = true
	s.send(sdk.StartToolCall(sdk.ToolCallId(c.ID), title,
		sdk.WithStartKind(toolKind(c.Tool)), sdk.WithStartStatus(sdk.ToolCallStatusPending),
		sdk.WithStartLocations(locations(s.root, c)), sdk.WithStartRawInput(rawInput(c.Args)),
		sdk.WithStartContent(content)))
}

// toolResult ends a call: completed, or failed with why.
func (s *stream) toolResult(c agent.CallInfo, r agent.CallResult) {
	shown := s.call(c.ID)
	if !shown.seen {
		// A call the loop answered without planning it.
		s.toolCall(c, nil, false)
	}
	status := sdk.ToolCallStatusCompleted
	if r.IsError {
		status = sdk.ToolCallStatusFailed
	}
	raw := map[string]any{"output": r.Output, "is_error": r.IsError, "exit_code": r.ExitCode}
	if r.OutputFile != "" {
		raw["output_file"] = r.OutputFile
	}
	s.send(sdk.UpdateToolCall(sdk.ToolCallId(c.ID), sdk.WithUpdateStatus(status),
		sdk.WithUpdateContent(shown.content(r.Output)), sdk.WithUpdateRawOutput(raw)))
	delete(s.calls, c.ID)
}

// call returns what was shown of call id, making it the first time.
func (s *stream) call(id string) *shownCall {
	c, ok := s.calls[id]
	if !ok {
		c = &shownCall{}
		s.calls[id] = c
	}
	return c
}

// content is the call's content with text as its output: the diff of an
// edit stays beside it.
func (c *shownCall) content(text string) []sdk.ToolCallContent {
	out := append([]sdk.ToolCallContent(nil), c.diff...)
	if text != "" {
		out = append(out, sdk.ToolContent(sdk.TextBlock(text)))
	}
	return out
}

// send sends one update about the session; a failure means the client is
// gone, which the connection notices by itself.
func (s *stream) send(u sdk.SessionUpdate) {
	_ = s.conn.SessionUpdate(context.Background(), sdk.SessionNotification{SessionId: s.sid, Update: u})
}

// planUpdate is the model's plan as an ACP plan update: every step, in
// order, with its status (the model gives no priorities: all medium).
func planUpdate(plan []agent.PlanStep) sdk.SessionUpdate {
	entries := make([]sdk.PlanEntry, 0, len(plan))
	for _, st := range plan {
		entries = append(entries, sdk.PlanEntry{Content: st.Step, Priority: sdk.PlanEntryPriorityMedium, Status: sdk.PlanEntryStatus(st.Status)})
	}
	return sdk.UpdatePlan(entries...)
}
