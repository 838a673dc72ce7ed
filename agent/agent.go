package agent

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// Options are what an Agent needs. Provider, Tools, Approver and Sink are
// required.
type Options struct {
	Provider llm.Provider
	Tools    *tools.Registry
	Approver Approver
	Sink     Sink
	Policy   classify.Policy
	Config   Config
	// Unconfined says shell commands run without the OS sandbox; then no
	// shell or git call above safe runs without asking, whatever
	// Config.AutoApprove says.
	Unconfined bool
	// Rules are the session's rules: a call that is not auto-approved
	// and that one of them covers runs without asking the Approver, as
	// approved by the person who made the rule. Shared by every agent of a
	// screen or run and by whoever asks the person, who adds to it. Nil
	// holds none.
	Rules *SessionRules
	// Context is extra text for the system prompt (AGENTS.md and the like,
	// see LoadContext).
	Context string
	// Environment is what the system prompt says of the date, the shell,
	// git and how changes are approved; the zero value leaves out what
	// the agent cannot know itself.
	Environment Environment
	// Price is the provider's price, for the cost in usage events; the zero
	// value means unknown, and no cost is reported.
	Price Price
	// History is a conversation to continue (a resumed session, see
	// package agent/session); nil starts a new one.
	History []llm.Message
	// Checkpointer, when set, records the files before every approved
	// call that may change them; nil takes no checkpoints.
	Checkpointer Checkpointer
	// Locks, when set, are shared with other agents working in the same
	// root: every approved call takes the locks it needs before it runs
	// (see ClaimFor), and waits, publishing EventQueued, while another
	// agent's call holds them. Nil takes no locks.
	Locks *Locks
	// ContextWindow is the model's context window in tokens; 0 means the
	// window llm.ContextWindow knows for the provider's model. The loop
	// makes room when the conversation fills 80 % of it.
	ContextWindow int
	// RateLimits, when set, are the session's [tools.rate_limits], shared
	// with the other agents of the same screen or run: an approved call
	// over its tool's limit waits, publishing EventQueued, or fails when
	// the wait would be too long. Nil limits nothing.
	RateLimits *tools.RateLimits
}

// Agent is one provider's conversation about one project root. Its methods
// must not be called concurrently; the conversation outlives Run, so a
// person's next prompt continues it.
type Agent struct {
	opts Options
	// system returns the system prompt, made on first use.
	system  func() string
	history []llm.Message
	usage   llm.Usage
	// window tracks how much of the context window the history fills.
	window window
	// auto is the auto-approve level in force: Config.AutoApprove until
	// SetAutoApprove changes it, possibly while Run runs.
	auto atomic.Int32
	// publishing makes the Sink see one event at a time while calls
	// that run together publish theirs.
	publishing sync.Mutex
}

// SetAutoApprove changes the highest level that runs without asking, from
// the next call on, for the rest of this agent's life (the screen's
// /yes LEVEL). It is safe to call while Run runs. Blocked never runs
// whatever l says, calls that ask for the network still need a person,
// and without the sandbox commands still get no more than safe.
func (a *Agent) SetAutoApprove(l classify.Level) {
	a.auto.Store(int32(l))
}

// AutoApprove returns the auto-approve level in force.
func (a *Agent) AutoApprove() classify.Level {
	return classify.Level(a.auto.Load())
}

// Outcome says how a Run ended and what it cost.
type Outcome struct {
	Status Status
	// Turns is how many requests this Run sent.
	Turns int
	// Denied and Blocked count the calls of this Run that did not run
	// because a person or the policy refused them, or the classifier
	// blocked them.
	Denied  int
	Blocked int
	// Usage is this Run's total.
	Usage llm.Usage
	// Cost is what Usage cost in US dollars, or 0 when Options.Price is
	// not known.
	Cost float64
}

// New returns an agent ready to Run. It panics if a required option is nil:
// that is a wiring mistake, not a runtime condition.
func New(opts Options) *Agent {
	if opts.Provider == nil || opts.Tools == nil || opts.Approver == nil || opts.Sink == nil {
		panic("agent.New: Provider, Tools, Approver and Sink are required")
	}
	if opts.Config.MaxTurns < 1 {
		opts.Config.MaxTurns = DefaultConfig().MaxTurns
	}
	parts := promptParts{
		root: opts.Tools.Root(), unconfined: opts.Unconfined, env: opts.Environment,
		context: opts.Context,
	}
	// Made on first use, not now: the tools' specs wait for MCP servers
	// still starting, and the git state may still be on its way.
	a := &Agent{opts: opts, system: sync.OnceValue(func() string {
		for _, s := range opts.Tools.Specs() {
			parts.tools = append(parts.tools, s.Name)
		}
		parts.tools = append(parts.tools, PlanTool)
		if e := &parts.env; e.Git == nil && e.GitLater != nil {
			e.Git = e.GitLater()
		}
		return systemPrompt(parts)
	})}
	a.history = append([]llm.Message(nil), opts.History...)
	a.window = window{size: opts.ContextWindow, perByte: defaultTokensPerByte}
	if a.window.size <= 0 {
		a.window.size = llm.ContextWindow(opts.Provider.Model())
	}
	a.auto.Store(int32(opts.Config.AutoApprove))
	if n := opts.Config.Retries; n > 0 {
		policy := llm.DefaultRetryPolicy()
		policy.MaxRetries = n
		a.opts.Provider = llm.WithRetry(opts.Provider, policy, a.onRetry)
	}
	return a
}

// onRetry publishes a retry the provider wrapper is about to make.
func (a *Agent) onRetry(r llm.RetryInfo) {
	a.publish(Event{
		Type:    EventRetry,
		Attempt: r.Attempt,
		DelayMS: float64(r.Delay.Microseconds()) / 1000,
		Error:   r.Err.Error(),
		Text:    fmt.Sprintf("retry %d of %d in %s: %v", r.Attempt, r.MaxRetries, r.Delay.Round(time.Millisecond), r.Err),
	})
}

// History returns a copy of the conversation so far.
func (a *Agent) History() []llm.Message {
	return append([]llm.Message(nil), a.history...)
}

// Run gives the model a task and works on it until the model answers
// without calling a tool (StatusFinished), MaxTurns requests were sent
// (StatusTurnLimit), the tokens the provider reported for this Run reach
// MaxTokensPerRun (StatusTokenLimit), ctx is cancelled (StatusCancelled) or
// the provider fails (StatusFailed, with the error returned). Every tool
// call the model made gets a result in the conversation, whatever the
// ending, and text that streamed before a cancel or failure is kept as the
// assistant's message, so the next Run continues a valid conversation of
// what the person saw. Run blocks; it publishes events to the Sink one at a
// time, from the calling goroutine and from those of the tool calls it runs
// together.
func (a *Agent) Run(ctx context.Context, task string) (Outcome, error) {
	var out Outcome
	a.publish(Event{Type: EventRunStarted, Text: task, Model: a.opts.Provider.Model()})
	a.history = append(a.history, llm.Message{Role: llm.RoleUser, Content: task})

	finish := func(status Status, err error) (Outcome, error) {
		out.Status = status
		total := a.usage
		e := Event{Type: EventRunFinished, Status: status, Turn: out.Turns, Total: &total,
			Denied: out.Denied, Blocked: out.Blocked, TotalCost: a.cost(total)}
		if err != nil {
			e.Error = err.Error()
		}
		a.publish(e)
		return out, err
	}

	for {
		if ctx.Err() != nil {
			return finish(StatusCancelled, nil)
		}
		if out.Turns >= a.opts.Config.MaxTurns {
			a.publish(Event{Type: EventError, Turn: out.Turns,
				Error: fmt.Sprintf("turn limit reached: %d requests sent without a final answer", out.Turns)})
			return finish(StatusTurnLimit, nil)
		}
		out.Turns++
		turn := out.Turns
		a.makeRoom(ctx, turn, ReasonThreshold, &out)
		var (
			resp     llm.Response
			err      error
			reqBytes int
		)
		for overflowed := false; ; overflowed = true {
			reqBytes = a.requestBytes(a.history)
			resp, err = a.opts.Provider.Stream(ctx, llm.Request{
				System:   a.system(),
				Messages: a.history,
				Tools:    a.toolSpecs(),
			}, func(d llm.Delta) {
				if d.Reasoning != "" {
					a.publish(Event{Type: EventReasoningDelta, Turn: turn, Text: d.Reasoning})
				}
				if d.Text != "" {
					a.publish(Event{Type: EventText, Turn: turn, Text: d.Text})
				}
			})
			if err == nil || overflowed || ctx.Err() != nil || llm.KindOf(err) != llm.KindContextLength || resp.Message.Content != "" {
				break
			}
			// The server says the conversation does not fit its window:
			// compact once and send it again.
			if resp.Usage != (llm.Usage{}) {
				a.count(turn, resp.Usage, true, &out, nil)
			}
			if !a.makeRoom(ctx, turn, ReasonOverflow, &out) {
				break
			}
		}
		if err == nil && len(resp.Message.Reasoning) > 0 {
			a.publish(Event{Type: EventReasoning, Turn: turn, Text: resp.Message.ReasoningText(), Reasoning: resp.Message.Reasoning})
		}
		var fill *ContextInfo
		if err == nil {
			c := a.learn(reqBytes, resp.Usage, resp.Message)
			fill = &c
		}
		if err == nil || resp.Usage != (llm.Usage{}) {
			// Tokens are counted even for a reply that failed part-way:
			// the provider charges for them.
			a.count(turn, resp.Usage, err != nil, &out, fill)
		}
		if err != nil {
			// Keep what the person saw; calls of a cut reply never run.
			if resp.Message.Content != "" {
				a.history = append(a.history, llm.Message{Role: llm.RoleAssistant, Content: resp.Message.Content})
			}
			if ctx.Err() != nil {
				return finish(StatusCancelled, nil)
			}
			a.publish(Event{Type: EventError, Turn: turn, Error: err.Error()})
			return finish(StatusFailed, err)
		}

		msg := resp.Message
		msg.Role = llm.RoleAssistant
		a.history = append(a.history, msg)
		a.window.baseLen = 0
		if a.window.base > 0 {
			a.window.baseLen = len(a.history)
		}
		switch resp.Finish {
		case llm.FinishLength:
			a.publish(Event{Type: EventError, Turn: turn, Finish: resp.Finish,
				Error: fmt.Sprintf("the reply was cut at the model's output token limit (%s): it is incomplete", resp.StopReason)})
			if len(msg.ToolCalls) == 0 {
				return finish(StatusTruncated, nil)
			}
			// The last call may be cut short: none of them runs, and the
			// model is told to make them again, smaller.
			for _, call := range msg.ToolCalls {
				res := a.skipAs(turn, call, "reply cut", "not run: your reply was cut at the output token limit, so this call may be incomplete. Make it again, in smaller steps (for a large file, write it in parts).")
				a.history = append(a.history, toolMessage(call, res))
			}
			continue
		case llm.FinishFiltered:
			err := fmt.Errorf("%s: the provider stopped the reply (%s): its content filter or the model refused", a.opts.Provider.Name(), resp.StopReason)
			a.publish(Event{Type: EventError, Turn: turn, Finish: resp.Finish, Error: err.Error()})
			a.answerUnrun(turn, msg.ToolCalls, "content filter", "not run: the reply was stopped by the provider's content filter")
			return finish(StatusFailed, err)
		}
		if len(msg.ToolCalls) == 0 {
			return finish(StatusFinished, nil)
		}
		if budget := a.opts.Config.MaxTokensPerRun; budget > 0 && out.Usage.Total() >= budget {
			// The reply's calls are answered without running, so that the
			// conversation stays valid for the person's next prompt.
			a.answerUnrun(turn, msg.ToolCalls, "token budget reached", fmt.Sprintf("not run: this task's token budget (%d tokens) is spent", budget))
			a.publish(Event{Type: EventError, Turn: turn,
				Error: fmt.Sprintf("token budget reached: %d of %d tokens used (max_tokens_per_run)", out.Usage.Total(), budget)})
			return finish(StatusTokenLimit, nil)
		}
		for i, res := range a.handleAll(ctx, turn, msg.ToolCalls, &out) {
			a.history = append(a.history, toolMessage(msg.ToolCalls[i], res))
		}
	}
}

// count adds one request's usage to the run's and the conversation's
// totals and publishes it, with the context the conversation fills when
// fill is not nil.
func (a *Agent) count(turn int, u llm.Usage, partial bool, out *Outcome, fill *ContextInfo) {
	out.Usage = out.Usage.Add(u)
	out.Cost = a.opts.Price.Cost(out.Usage)
	a.usage = a.usage.Add(u)
	total := a.usage
	a.publish(Event{Type: EventUsage, Turn: turn, Usage: &u, Total: &total, Cost: a.cost(u), TotalCost: a.cost(total), Partial: partial, Context: fill})
}

// answerUnrun answers calls that will not run with why, so that the
// conversation stays valid.
func (a *Agent) answerUnrun(turn int, calls []llm.ToolCall, skipped, why string) {
	for _, call := range calls {
		res := a.skipAs(turn, call, skipped, why)
		a.history = append(a.history, toolMessage(call, res))
	}
}

// toolMessage is the conversation's answer to call.
func toolMessage(call llm.ToolCall, res tools.Result) llm.Message {
	return llm.Message{
		Role:       llm.RoleTool,
		ToolCallID: call.ID,
		ToolName:   call.Name,
		Content:    res.Output,
		IsError:    res.IsError,
	}
}

// cost returns what u cost, or nil when the price is not known.
func (a *Agent) cost(u llm.Usage) *float64 {
	if !a.opts.Price.Known() {
		return nil
	}
	c := a.opts.Price.Cost(u)
	return &c
}

// toolSpecs converts the registry's catalog for the provider.
func (a *Agent) toolSpecs() []llm.ToolSpec {
	specs := a.opts.Tools.Specs()
	out := make([]llm.ToolSpec, len(specs), len(specs)+1)
	for i, s := range specs {
		out[i] = llm.ToolSpec{Name: s.Name, Description: s.Description, Parameters: s.Parameters}
	}
	return append(out, planSpec())
}

func (a *Agent) publish(e Event) {
	e.Provider = a.opts.Provider.Name()
	a.publishing.Lock()
	defer a.publishing.Unlock()
	e.Time = time.Now()
	a.opts.Sink.Publish(e)
}

// errCancelled is the result every unfinished call gets when the person
// cancels, so the conversation stays valid.
var errCancelled = errors.New("cancelled by the user")
