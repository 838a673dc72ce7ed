package acp

import (
	"context"
	"strings"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// session is one ACP session: one agent in one root. Its prompts run one
// at a time.
type session struct {
	id     sdk.SessionId
	core   *Core
	stream *stream

	// turn is held while a prompt runs: the agent's conversation takes
	// one prompt at a time.
	turn sync.Mutex

	mu sync.Mutex
	// stop cancels the running prompt, and every prompt waiting for it.
	stop  context.CancelFunc
	gen   int
	notes []string
	done  bool
}

// modes are the auto-approve levels, as ACP session modes.
func (ss *session) modes() *sdk.SessionModeState {
	describe := map[classify.Level]string{
		classify.Safe:      "Ask before anything that is not safe",
		classify.Warning:   "Run warning actions without asking; ask before dangerous ones",
		classify.Dangerous: "Run everything but blocked actions without asking (network and unconfined commands still ask)",
	}
	var modes []sdk.SessionMode
	for _, l := range []classify.Level{classify.Safe, classify.Warning, classify.Dangerous} {
		modes = append(modes, sdk.SessionMode{Id: sdk.SessionModeId(l.String()), Name: l.String(), Description: sdk.Ptr(describe[l])})
	}
	return &sdk.SessionModeState{AvailableModes: modes, CurrentModeId: sdk.SessionModeId(ss.core.Agent.AutoApprove().String())}
}

// prompt runs task as the session's next turn and says why it stopped.
// It waits for the turn before it, unless cancelled first.
func (ss *session) prompt(ctx context.Context, task string) (sdk.PromptResponse, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ss.mu.Lock()
	prev := ss.stop
	ss.stop = cancel
	ss.gen++
	gen := ss.gen
	ss.mu.Unlock()
	if prev != nil {
		// ACP runs one prompt at a time: a new one ends the last.
		prev()
	}
	defer func() {
		ss.mu.Lock()
		if ss.gen == gen {
			ss.stop = nil
		}
		ss.mu.Unlock()
	}()

	ss.turn.Lock()
	defer ss.turn.Unlock()
	ss.mu.Lock()
	done, notes := ss.done, ss.notes
	ss.notes = nil
	ss.mu.Unlock()
	if done || ctx.Err() != nil {
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	}
	ss.stream.startTurn()
	for _, n := range notes {
		ss.stream.send(sdk.UpdateAgentMessageText("(agent: " + n + ")\n\n"))
	}
	if ss.core.Guard != nil {
		var stop context.CancelFunc
		ctx, stop = ss.core.Guard(ctx)
		defer stop()
	}
	out, err := ss.core.Agent.Run(ctx, task)
	if ss.core.Lost != nil {
		if lost := ss.core.Lost(); lost != nil {
			return sdk.PromptResponse{}, failed(lost.Error())
		}
	}
	switch out.Status {
	case agent.StatusFinished:
		return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
	case agent.StatusCancelled:
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	case agent.StatusTurnLimit:
		return sdk.PromptResponse{StopReason: sdk.StopReasonMaxTurnRequests}, nil
	case agent.StatusTokenLimit, agent.StatusTruncated:
		return sdk.PromptResponse{StopReason: sdk.StopReasonMaxTokens}, nil
	}
	if ss.stream.wasRefused() {
		return sdk.PromptResponse{StopReason: sdk.StopReasonRefusal}, nil
	}
	msg := "the run failed"
	if err != nil {
		msg = err.Error()
	}
	return sdk.PromptResponse{}, failed(strings.TrimSpace(msg))
}

// cancelTurn cancels the running prompt, if any.
func (ss *session) cancelTurn() {
	ss.mu.Lock()
	stop := ss.stop
	ss.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// close releases the session's core; the caller made sure no prompt runs.
func (ss *session) close() {
	ss.mu.Lock()
	already := ss.done
	ss.done = true
	ss.mu.Unlock()
	if !already && ss.core.Close != nil {
		ss.core.Close()
	}
}
