package agent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/agentcli/agent/agent/llm"
)

// How the loop keeps a conversation inside the model's context window.
// When the conversation fills compactAt of the window, old tool outputs
// are cut to their head and tail first; when that is not enough, the
// older turns are replaced by a summary the model writes.
const (
	// compactAt is the share of the window at which the loop makes room:
	// the rest is left for the reply.
	compactAt = 0.8
	// Tool outputs longer than shortenAbove bytes that are older than the
	// last keepWholeTurns replies are cut to shortHead and shortTail
	// bytes; the whole output is saved in a file the note names.
	shortenAbove   = 2048
	shortHead      = 768
	shortTail      = 512
	keepWholeTurns = 2
	// keepShare is the most of the window the recent turns kept after a
	// summary may fill, and summaryShare the most the summary may.
	keepShare    = 0.3
	summaryShare = 0.15
	// keepAfter is the most of the window a compacted conversation should
	// fill, so that some turns pass before the next compaction.
	keepAfter = 0.6
	// transcriptShare is the most of the window the request for a
	// summary may fill.
	transcriptShare = 0.6
	// defaultTokensPerByte is the estimate before the provider has
	// reported a figure: code and JSON take more tokens per byte than
	// prose, so it counts high.
	defaultTokensPerByte = 0.3
)

// ErrNothingToCompact is returned by Compact when the conversation has no
// older turns that a summary could replace.
var ErrNothingToCompact = errors.New("nothing to compact: the conversation has no earlier turns to summarise")

// window tracks how much of the model's context window the conversation
// fills.
type window struct {
	// size is the context window in tokens.
	size int
	// base is the prompt and reply tokens the provider reported for the
	// last reply, which covers the messages before index baseLen; baseLen
	// 0 means no figure applies (none yet, or the history changed since).
	base, baseLen int
	// perByte is tokens per byte of a request, learned from the reported
	// figures.
	perByte float64
}

// tokens estimates the tokens of n bytes of a request.
func (w *window) tokens(n int) int {
	return int(math.Ceil(float64(n) * w.perByte))
}

// limit is the fill at which the loop makes room.
func (w *window) limit() int { return int(float64(w.size) * compactAt) }

// contextUsed estimates the tokens the next request will hold: the last
// reported figure plus an estimate for the messages added since, or an
// estimate of the whole request when no figure applies.
func (a *Agent) contextUsed() int {
	w := &a.window
	if w.baseLen > 0 && w.baseLen <= len(a.history) {
		return w.base + w.tokens(messagesBytes(a.history[w.baseLen:]))
	}
	return w.tokens(a.requestBytes(a.history))
}

// learn takes a reply's reported usage for a request of reqBytes bytes:
// the tokens per byte of this model, and the base for later estimates. It
// returns the context the conversation fills now, the reply included; the
// caller appends the reply and sets baseLen.
func (a *Agent) learn(reqBytes int, u llm.Usage, reply llm.Message) ContextInfo {
	w := &a.window
	if u.InputTokens <= 0 || reqBytes <= 0 {
		w.base = 0
		used := w.tokens(reqBytes + messageBytes(reply))
		return ContextInfo{Used: used, Window: w.size}
	}
	w.perByte = min(max(float64(u.InputTokens)/float64(reqBytes), 0.05), 1.5)
	w.base = u.InputTokens + u.OutputTokens
	return ContextInfo{Used: w.base, Window: w.size}
}

// ContextWindow returns the model's context window in tokens, as
// configured or known for the model.
func (a *Agent) ContextWindow() int { return a.window.size }

// messageBytes is about what m takes in a request: its text, calls,
// thinking, and some framing.
func messageBytes(m llm.Message) int {
	n := 16 + len(m.Content) + len(m.ToolCallID) + len(m.ToolName)
	for _, c := range m.ToolCalls {
		n += 32 + len(c.ID) + len(c.Name) + len(c.Args)
	}
	for _, r := range m.Reasoning {
		n += len(r.Text) + len(r.Signature) + len(r.Redacted)
	}
	return n
}

func messagesBytes(msgs []llm.Message) int {
	n := 0
	for _, m := range msgs {
		n += messageBytes(m)
	}
	return n
}

// requestBytes is about what a request with msgs takes: the system
// prompt, the tools and the messages.
func (a *Agent) requestBytes(msgs []llm.Message) int {
	n := len(a.system()) + messagesBytes(msgs)
	for _, s := range a.opts.Tools.Specs() {
		n += 32 + len(s.Name) + len(s.Description) + len(s.Parameters)
	}
	plan := planSpec()
	n += 32 + len(plan.Name) + len(plan.Description) + len(plan.Parameters)
	return n
}

// makeRoom keeps the next request inside the window: at the threshold
// (or whatever the fill when reason is ReasonOverflow, the server having
// refused the request) it shortens old tool outputs, then, when that is
// not enough or the server refused, replaces the older turns by a summary.
// It reports whether the conversation changed. A failed summary request
// is published and the older turns are dropped without a summary, so the
// task can go on.
func (a *Agent) makeRoom(ctx context.Context, turn int, reason string, out *Outcome) bool {
	used := a.contextUsed()
	if reason == ReasonThreshold && used < a.window.limit() {
		return false
	}
	if reason == ReasonOverflow && used < a.window.size {
		// The estimate was low: count higher from now on.
		a.window.perByte *= float64(a.window.size) / float64(max(used, 1)) * 1.1
		used = a.contextUsed()
	}
	changed := false
	if n := a.shortenOld(); n > 0 {
		changed = true
		after := a.contextUsed()
		a.publish(Event{Type: EventCompaction, Turn: turn,
			Compaction: &CompactionInfo{Kind: CompactShorten, Reason: reason, Shortened: n},
			Context:    &ContextInfo{Used: after, Window: a.window.size, Before: used}})
		if reason == ReasonThreshold && after < a.window.limit() {
			return true
		}
		used = after
	}
	if err := a.summarize(ctx, turn, reason, used, out); err == nil {
		changed = true
	}
	return changed
}

// shortenOld cuts the tool outputs longer than shortenAbove that are
// older than the last keepWholeTurns replies, and returns how many it
// cut.
func (a *Agent) shortenOld() int {
	keepFrom, seen := 0, 0
	for i := len(a.history) - 1; i >= 0 && seen < keepWholeTurns; i-- {
		if a.history[i].Role == llm.RoleAssistant {
			seen++
			keepFrom = i
		}
	}
	if seen < keepWholeTurns {
		return 0
	}
	n := 0
	for i := range a.history[:keepFrom] {
		m := &a.history[i]
		if m.Role != llm.RoleTool || len(m.Content) <= shortenAbove {
			continue
		}
		tool := m.ToolName
		if tool == "" {
			tool = "output"
		}
		m.Content, _ = a.opts.Tools.Shorten(tool, m.Content, shortHead, shortTail)
		n++
	}
	if n > 0 {
		a.window.baseLen = 0
	}
	return n
}

// Compact replaces the conversation's older turns by a summary the model
// writes, now, whatever the fill (the screen's /compact). It publishes an
// EventCompaction, and returns ErrNothingToCompact when there is nothing
// older than the last prompt to summarise, or the provider's error. It
// blocks, and must not be called while Run runs.
func (a *Agent) Compact(ctx context.Context) error {
	return a.summarize(ctx, 0, ReasonRequested, a.contextUsed(), nil)
}

// summarize asks the model, in a request that offers no tools, for a
// summary of the conversation's older part, then continues with the task
// and the summary as the first message and the most recent turns as they
// were, whole (every tool call with its result, every reply with its
// thinking, as the APIs require them back). When even the summary request
// does not fit the window, the older part is dropped without a summary,
// and the event says why; any other failure leaves the conversation as it
// was and is returned.
func (a *Agent) summarize(ctx context.Context, turn int, reason string, before int, out *Outcome) error {
	task := lastUser(a.history)
	if task < 0 {
		return ErrNothingToCompact
	}
	cut := a.tailStart(task)
	if cut <= 1 {
		return ErrNothingToCompact
	}
	text := taskText(a.history[task].Content)
	summary, usage, err := a.askSummary(ctx, a.history[:cut])
	if ctx.Err() != nil {
		return ctx.Err()
	}
	info := &CompactionInfo{Kind: CompactSummary, Reason: reason, Summarized: cut, Kept: len(a.history) - cut, Task: text}
	if err != nil {
		if llm.KindOf(err) != llm.KindContextLength {
			// The provider failed: the conversation stays as it was, and
			// the request that follows reports the failure.
			return err
		}
		info.Failed = err.Error()
		summary = ""
	}
	if usage != (llm.Usage{}) {
		a.usage = a.usage.Add(usage)
		if out != nil {
			out.Usage = out.Usage.Add(usage)
			out.Cost = a.opts.Price.Cost(out.Usage)
		}
	}
	first := llm.Message{Role: llm.RoleUser, Content: CompactedTask(text, summary)}
	a.history = append([]llm.Message{first}, a.history[cut:]...)
	a.window.baseLen = 0
	e := Event{Type: EventCompaction, Turn: turn, Text: summary, Compaction: info,
		Context: &ContextInfo{Used: a.contextUsed(), Window: a.window.size, Before: before}}
	if usage != (llm.Usage{}) {
		total := a.usage
		e.Usage, e.Total, e.Cost, e.TotalCost = &usage, &total, a.cost(usage), a.cost(total)
	}
	a.publish(e)
	return nil
}

// tailStart returns the index from which the most recent turns are kept
// whole after a summary: the start of a reply (so that each tool call
// keeps its result), after the message at task, within keepShare of the
// window, and never everything after the task, so that the summary
// replaces at least one turn of it. len(a.history) keeps none.
func (a *Agent) tailStart(task int) int {
	// What the compacted conversation holds whatever is kept: the system
	// prompt, the tools, the task and the summary. With a small window
	// they take much of it, and the kept turns get what is left below
	// keepAfter, so that the next request does not need a summary again.
	fixed := a.window.tokens(a.requestBytes(nil)+messageBytes(a.history[task])) + int(float64(a.window.size)*summaryShare)
	budget := min(int(float64(a.window.size)*keepShare), int(float64(a.window.size)*keepAfter)-fixed)
	cut, used := len(a.history), 0
	for i := len(a.history) - 1; i > task; i-- {
		used += a.window.tokens(messageBytes(a.history[i]))
		if used > budget {
			break
		}
		if a.history[i].Role == llm.RoleAssistant {
			cut = i
		}
	}
	if cut == task+1 {
		next := len(a.history)
		for i := task + 2; i < len(a.history); i++ {
			if a.history[i].Role == llm.RoleAssistant {
				next = i
				break
			}
		}
		cut = next
	}
	return cut
}

// lastUser returns the index of the last message from the person, -1 when
// there is none.
func lastUser(msgs []llm.Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == llm.RoleUser {
			return i
		}
	}
	return -1
}

// compactedMark begins what CompactedTask adds to the task.
const compactedMark = "\n\n[The conversation about this task outgrew the model's context window and was compacted."

// CompactedTask is the first message of a compacted conversation: the
// task, then the summary of the work before the turns that follow (or
// word that it was dropped, when summary is ""). A resumed session
// rebuilds it the same way.
func CompactedTask(task, summary string) string {
	if summary == "" {
		return task + compactedMark + " The earlier turns were dropped without a summary: check the project's state before going on.]"
	}
	return task + compactedMark + " Summary of the work so far:]\n\n" + summary + "\n\n[The most recent turns follow. Go on with the task from where they stop.]"
}

// taskText returns the task of a first message that CompactedTask made,
// or text itself.
func taskText(text string) string {
	if i := strings.Index(text, compactedMark); i >= 0 {
		return text[:i]
	}
	return text
}

// summaryPrompt is the system prompt of a summary request.
const summaryPrompt = `You write the summary that replaces the older part of a coding assistant's conversation, which no longer fits the model's context window. The assistant will continue the task from your summary and the most recent turns alone, so keep everything it needs:
- the person's requests and constraints, in their words where they matter;
- what was done: files read, created or changed (with paths), commands run and their outcome, errors met and how they were solved;
- what was learnt about the project that the rest of the task needs (names, paths, versions, decisions);
- what remains to do, and the next step.
Be concise and factual; do not invent anything; write no tool calls.`

// askSummary asks the provider for a summary of msgs, in a request that
// offers no tools: the messages are given as a transcript, so no API's
// rules about tool calls or thinking apply to them.
func (a *Agent) askSummary(ctx context.Context, msgs []llm.Message) (string, llm.Usage, error) {
	maxBytes := int(float64(a.window.size)*transcriptShare/a.window.perByte) - len(summaryPrompt)
	req := llm.Request{System: summaryPrompt, Messages: []llm.Message{{Role: llm.RoleUser,
		Content: "Summarise this conversation so far, for the assistant that continues it:\n\n" + Transcript(msgs, maxBytes)}}}
	resp, err := a.opts.Provider.Stream(ctx, req, nil)
	if err != nil {
		return "", resp.Usage, err
	}
	summary := strings.TrimSpace(resp.Message.Content)
	if summary == "" {
		return "", resp.Usage, errors.New("the model wrote an empty summary")
	}
	return Clip(summary, int(float64(a.window.size)*summaryShare/a.window.perByte)), resp.Usage, nil
}

// Transcript writes msgs as text for a summary request, each tool output
// and call's arguments cut to their head and tail, and at most maxBytes
// long: past it, the oldest messages after the first are left out, and a
// line says how many.
func Transcript(msgs []llm.Message, maxBytes int) string {
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		var b strings.Builder
		switch m.Role {
		case llm.RoleUser:
			b.WriteString("## The person\n")
			b.WriteString(m.Content)
		case llm.RoleAssistant:
			b.WriteString("## The assistant\n")
			b.WriteString(m.Content)
			for _, c := range m.ToolCalls {
				fmt.Fprintf(&b, "\n-> %s %s", c.Name, Clip(c.Args, maxEcho))
			}
		case llm.RoleTool:
			fail := ""
			if m.IsError {
				fail = " (failed)"
			}
			fmt.Fprintf(&b, "## Result of %s%s\n%s", m.ToolName, fail, Clip(m.Content, shortenAbove))
		}
		parts[i] = strings.TrimRight(b.String(), "\n") + "\n\n"
	}
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	drop := 0
	for total > maxBytes && drop+1 < len(parts) {
		drop++
		total -= len(parts[drop])
	}
	if drop == 0 {
		return strings.Join(parts, "")
	}
	left := fmt.Sprintf("[... %d earlier messages left out ...]\n\n", drop)
	return Clip(parts[0]+left+strings.Join(parts[drop+1:], ""), max(maxBytes, 1024))
}

// Describe says in one line what a compaction did, with the context it
// freed when x is not nil: what the panel and the headless output show.
func (c CompactionInfo) Describe(x *ContextInfo) string {
	var b strings.Builder
	switch {
	case c.Kind == CompactShorten:
		fmt.Fprintf(&b, "context: %d old tool outputs shortened to their head and tail (each whole output is saved in a file the note names)", c.Shortened)
	case c.Failed != "":
		fmt.Fprintf(&b, "context compacted: %d earlier messages dropped without a summary (%s), %d kept", c.Summarized, c.Failed, c.Kept)
	default:
		fmt.Fprintf(&b, "context compacted: %d earlier messages summarised, %d kept", c.Summarized, c.Kept)
	}
	if x != nil && x.Window > 0 {
		fmt.Fprintf(&b, "; %d → %d of %d tokens", x.Before, x.Used, x.Window)
	}
	switch c.Reason {
	case ReasonOverflow:
		b.WriteString(", after the server refused the request as too long")
	case ReasonRequested:
		b.WriteString(", as asked")
	}
	return b.String()
}
