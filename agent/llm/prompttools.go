package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// PromptToolFence is the info string of the fenced block in which a model
// without native tool calling writes a call (see WithPromptTools).
const PromptToolFence = "tool"

// WithPromptTools returns a Provider for models that cannot call tools
// natively. It describes req.Tools in the system prompt instead of sending
// them, and reads the model's calls out of its text: each call is one JSON
// object in a fenced block whose info string is "tool",
//
//	```tool
//	{"tool": "read_file", "arguments": {"path": "README.md"}}
//	```
//
// The blocks are taken out of the text: onDelta and the Message's Content
// get only the text around them, and each block becomes a ToolCall with a
// fresh id, in order. A block that cannot be read (not JSON, no tool name,
// arguments that are not an object) becomes a ToolCall with Invalid set to
// a correction the model can act on; the loop answers it with that text.
// In the conversation sent to p, assistant calls are written back as the
// same blocks and tool results as text in a user message, each inside
// <tool_result id="..." tool="..." status="ok|error"> tags. Name, Model
// and errors are p's; Unwrap returns p.
func WithPromptTools(p Provider) Provider { return &promptTools{wrapped{p}} }

// promptTools is the Provider WithPromptTools returns.
type promptTools struct{ wrapped }

// Stream implements Provider.
func (w *promptTools) Stream(ctx context.Context, req Request, onDelta func(Delta)) (Response, error) {
	if onDelta == nil {
		onDelta = func(Delta) {}
	}
	inner := Request{System: req.System, Messages: promptMessages(req.Messages)}
	if len(req.Tools) > 0 {
		if inner.System != "" {
			inner.System += "\n\n"
		}
		inner.System += promptToolsText(req.Tools)
	}
	var sp fenceSplitter
	sp.emit = func(text string) { onDelta(Delta{Text: text}) }
	resp, err := w.p.Stream(ctx, inner, func(d Delta) {
		if d.Reasoning != "" {
			onDelta(Delta{Reasoning: d.Reasoning})
		}
		sp.write(d.Text)
	})
	sp.close()
	turn := 0
	for _, m := range req.Messages {
		if m.Role == RoleAssistant {
			turn++
		}
	}
	// Calls the wrapped provider made natively, if any, come first: the
	// model wrote them before any text was read.
	calls := resp.Message.ToolCalls
	for i, body := range sp.blocks {
		c := parsePromptCall(body)
		c.ID = fmt.Sprintf("prompt_%d_%d", turn, i)
		calls = append(calls, c)
	}
	resp.Message.Role = RoleAssistant
	resp.Message.Content = strings.TrimSpace(sp.text.String())
	resp.Message.ToolCalls = calls
	if len(sp.blocks) > 0 && err == nil {
		resp.StopReason = "tool_calls"
	}
	if err != nil {
		// A cut-off reply's calls are not complete: none of them runs.
		resp.Message.ToolCalls = nil
	}
	return resp, err
}

// promptToolsText is the system prompt's section that offers the tools
// and defines the call format.
func promptToolsText(tools []ToolSpec) string {
	var b strings.Builder
	b.WriteString(`# Calling tools

You call a tool by writing a fenced code block whose info string is "tool", holding one JSON object with the tool's name and its arguments, exactly like this:

` + "```" + PromptToolFence + `
{"tool": "read_file", "arguments": {"path": "README.md"}}
` + "```" + `

Rules:
- One call per block. Several blocks in one reply run in the order written.
- "arguments" is a JSON object whose fields are the tool's parameters below. Write valid JSON: double quotes, escaped newlines (\n) inside strings.
- After your calls, stop writing and wait: the results come back in the next message, each inside <tool_result id="..." tool="..." status="ok"> or status="error" tags.
- When the task is done, answer with a summary and no tool block.

# Tools
`)
	for _, t := range tools {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\nParameters (JSON Schema): %s\n", t.Name, strings.TrimSpace(t.Description), compactJSON(t.Parameters))
	}
	return b.String()
}

// promptMessages rewrites a conversation for a model without tool calls:
// an assistant message's calls become tool blocks after its text, and each
// run of tool results becomes one user message. Consecutive user messages
// are joined, since some servers want the roles to alternate.
func promptMessages(msgs []Message) []Message {
	out := make([]Message, 0, len(msgs))
	add := func(role Role, text string) {
		if n := len(out); n > 0 && out[n-1].Role == role && role == RoleUser {
			out[n-1].Content += "\n\n" + text
			return
		}
		out = append(out, Message{Role: role, Content: text})
	}
	for _, m := range msgs {
		switch m.Role {
		case RoleAssistant:
			var b strings.Builder
			b.WriteString(m.Content)
			for _, c := range m.ToolCalls {
				if b.Len() > 0 {
					b.WriteString("\n\n")
				}
				b.WriteString(promptCallBlock(c))
			}
			add(RoleAssistant, b.String())
		case RoleTool:
			status := "ok"
			if m.IsError {
				status = "error"
			}
			add(RoleUser, fmt.Sprintf("<tool_result id=%q tool=%q status=%q>\n%s\n</tool_result>",
				m.ToolCallID, m.ToolName, status, strings.TrimRight(m.Content, "\n")))
		default:
			add(m.Role, m.Content)
		}
	}
	return out
}

// promptCallBlock writes a call back as the block the model wrote: the
// same JSON when it was readable, else the model's own text.
func promptCallBlock(c ToolCall) string {
	body := c.Args
	if c.Invalid == "" {
		args := json.RawMessage(c.Args)
		if !json.Valid(args) {
			args = json.RawMessage("{}")
		}
		b, err := json.Marshal(struct {
			Tool      string          `json:"tool"`
			Arguments json.RawMessage `json:"arguments"`
		}{c.Name, args})
		if err == nil {
			body = string(b)
		}
	}
	return "```" + PromptToolFence + "\n" + strings.TrimRight(body, "\n") + "\n```"
}

// promptFormatHint ends every correction, so the model knows how to write
// the call again.
const promptFormatHint = `Nothing ran. Write each call again as one JSON object in its own ` + "```" + PromptToolFence + ` block: {"tool": "NAME", "arguments": {...}}.`

// parsePromptCall reads one block. A block that cannot be read becomes a
// call with Invalid set, carrying the model's text as Args.
func parsePromptCall(body string) ToolCall {
	invalid := func(name, why string) ToolCall {
		return ToolCall{Name: name, Args: body, Invalid: "your tool call could not be read: " + why + ". " + promptFormatHint}
	}
	trimmed := strings.TrimSpace(body)
	if trimmed == "" {
		return invalid("", "the tool block is empty")
	}
	dec := json.NewDecoder(strings.NewReader(trimmed))
	dec.UseNumber()
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return invalid("", "the block holds JSON "+typ.Value+", not an object")
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return invalid(guessName(trimmed), "the JSON in the block is not complete (a missing } or \")")
		}
		return invalid(guessName(trimmed), "the block is not valid JSON ("+err.Error()+")")
	}
	if dec.More() {
		return invalid(guessName(trimmed), "the block holds more than one JSON value; write one call per block")
	}
	var name string
	for _, k := range []string{"tool", "name"} {
		if raw, ok := obj[k]; ok {
			if json.Unmarshal(raw, &name) != nil {
				return invalid("", fmt.Sprintf("%q must be a string naming the tool", k))
			}
			break
		}
	}
	if name == "" {
		return invalid("", `it has no "tool" field naming the tool`)
	}
	args := json.RawMessage("{}")
	for _, k := range []string{"arguments", "args", "parameters", "input"} {
		if raw, ok := obj[k]; ok {
			args = raw
			break
		}
	}
	switch {
	case bytes.HasPrefix(args, []byte("{")):
		return ToolCall{Name: name, Args: compactJSON(args)}
	case bytes.HasPrefix(args, []byte(`"`)):
		// Arguments written as a JSON string holding JSON: take the text;
		// the tool says what is wrong with it, if anything.
		var s string
		if json.Unmarshal(args, &s) == nil {
			return ToolCall{Name: name, Args: s}
		}
	case bytes.Equal(args, []byte("null")):
		return ToolCall{Name: name, Args: "{}"}
	}
	return invalid(name, `"arguments" must be a JSON object of the tool's parameters`)
}

// guessName finds the tool name in a block that is not valid JSON, so the
// person sees which tool the model meant.
func guessName(s string) string {
	for _, key := range []string{`"tool"`, `"name"`} {
		_, rest, ok := strings.Cut(s, key)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " \t\r\n")
		rest, ok = strings.CutPrefix(rest, ":")
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " \t\r\n")
		rest, ok = strings.CutPrefix(rest, `"`)
		if !ok {
			continue
		}
		if name, _, ok := strings.Cut(rest, `"`); ok && len(name) <= 64 && !strings.ContainsAny(name, " \n") {
			return name
		}
	}
	return ""
}

// compactJSON returns raw without insignificant spaces, or as it is when
// it is not JSON.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// fenceSplitter separates a streamed reply into the text a person reads
// and the bodies of its tool blocks. It holds back the start of a line
// only while that line may still open a tool block, so text streams on
// with at most one line of delay.
type fenceSplitter struct {
	emit   func(string)
	text   strings.Builder // everything emitted
	blocks []string        // the bodies of the tool blocks, in order

	line    strings.Builder // the current line, while held back or in a block
	held    bool            // the current line is held back: it may open a block
	midLine bool            // the current line is being emitted as it comes
	inBlock bool
	body    strings.Builder // the current block's body
}

// write takes the next piece of the stream.
func (s *fenceSplitter) write(delta string) {
	for delta != "" {
		i := strings.IndexByte(delta, '\n')
		piece, rest, nl := delta, "", false
		if i >= 0 {
			piece, rest, nl = delta[:i+1], delta[i+1:], true
		}
		s.take(piece, nl)
		delta = rest
	}
}

// take handles a piece of one line; nl says the piece ends the line.
func (s *fenceSplitter) take(piece string, nl bool) {
	switch {
	case s.midLine:
		s.out(piece)
	case s.inBlock:
		s.line.WriteString(piece)
		if !nl {
			return
		}
		if strings.TrimSpace(s.line.String()) == "```" {
			s.blocks = append(s.blocks, s.body.String())
			s.body.Reset()
			s.inBlock = false
		} else {
			s.body.WriteString(s.line.String())
		}
		s.line.Reset()
		return
	default:
		s.line.WriteString(piece)
		l := s.line.String()
		switch {
		case nl && isToolFence(l):
			s.inBlock = true
			s.line.Reset()
			return
		case !nl && mayOpenToolFence(l):
			s.held = true
			return
		}
		s.held = false
		s.line.Reset()
		s.out(l)
	}
	s.midLine = !nl
}

// out emits visible text.
func (s *fenceSplitter) out(t string) {
	s.text.WriteString(t)
	s.emit(t)
}

// close ends the stream: a block left open is taken as ended (the model
// may stop right after the call), and a line held back is a block opener
// with no body, or text.
func (s *fenceSplitter) close() {
	switch {
	case s.inBlock:
		if strings.TrimSpace(s.line.String()) != "```" {
			s.body.WriteString(s.line.String())
		}
		s.blocks = append(s.blocks, s.body.String())
	case s.held && isToolFence(s.line.String()):
		s.blocks = append(s.blocks, "")
	case s.held:
		s.out(s.line.String())
	}
	s.line.Reset()
	s.body.Reset()
	s.held, s.inBlock, s.midLine = false, false, false
}

// isToolFence reports whether a whole line opens a tool block: up to three
// spaces, three backticks, and the info string "tool" (also "tool_call"
// and the like, in any case).
func isToolFence(line string) bool {
	l := strings.TrimRight(line, "\r\n")
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return false
	}
	info, ok := strings.CutPrefix(t, "```")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(info)) {
	case PromptToolFence, "tool_call", "tool-call", "toolcall", "tool_use":
		return true
	}
	return false
}

// mayOpenToolFence reports whether an incomplete line could still become a
// tool block's opener once more of it arrives.
func mayOpenToolFence(partial string) bool {
	t := strings.TrimLeft(partial, " ")
	if len(partial)-len(t) > 3 {
		return false
	}
	if len(t) < 3 {
		return strings.Trim(t, "`") == ""
	}
	info, ok := strings.CutPrefix(t, "```")
	if !ok {
		return false
	}
	info = strings.ToLower(strings.TrimLeft(info, " "))
	for _, w := range []string{PromptToolFence, "tool_call", "tool-call", "toolcall", "tool_use"} {
		if strings.HasPrefix(w, strings.TrimRight(info, " \r")) || strings.HasPrefix(info, w) && strings.TrimSpace(info[len(w):]) == "" {
			return true
		}
	}
	return false
}
