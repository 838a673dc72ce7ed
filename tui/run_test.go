package tui

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
)

// runScreen starts Run on an in-memory terminal and returns the input to
// type into and the channel Run's error arrives on.
func runScreen(t *testing.T, ctx context.Context, r Runner, b *Bridge) (*io.PipeWriter, <-chan error) {
	t.Helper()
	in, typeIn := io.Pipe()
	t.Cleanup(func() { typeIn.Close() })
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, b, Options{Panels: []Panel{{Provider: "fake", Runner: r}}, Input: in, Output: io.Discard})
	}()
	return typeIn, done
}

// within fails the test if nothing arrives on ch in a generous time: the
// program runs on real goroutines, so a bound keeps a bug from hanging
// the suite, but passing never depends on it.
func within[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}

func TestRunQuitsOnCtrlD(t *testing.T) {
	typeIn, done := runScreen(t, t.Context(), idleRunner, NewBridge())
	if _, err := io.WriteString(typeIn, "\x04"); err != nil {
		t.Fatal(err)
	}
	if err := within(t, done, "Run to return after Ctrl+D"); err != nil {
		t.Errorf("Run() after Ctrl+D = %v, want nil", err)
	}
}

func TestRunCancelledEndsTheTurnAndDeniesThePendingApproval(t *testing.T) {
	b := NewBridge()
	asked := make(chan struct{})
	approveErr := make(chan error, 1)
	runnerDone := make(chan struct{})
	r := runnerFunc(func(ctx context.Context, task string) (agent.Outcome, error) {
		defer close(runnerDone)
		close(asked)
		_, err := b.Ask(ctx, agent.ApprovalRequest{Call: agent.CallInfo{ID: "c1", Tool: "shell"}})
		approveErr <- err
		return agent.Outcome{Status: agent.StatusCancelled}, nil
	})
	ctx, cancel := context.WithCancel(t.Context())
	typeIn, done := runScreen(t, ctx, r, b)
	if _, err := io.WriteString(typeIn, "delete the build\r"); err != nil {
		t.Fatal(err)
	}
	within(t, asked, "the turn to ask for approval")
	cancel()
	if err := within(t, done, "Run to return after cancel"); err != nil {
		t.Errorf("Run() after its context was cancelled = %v, want nil", err)
	}
	// Run waits for the turn, so both are over by now.
	select {
	case <-runnerDone:
	default:
		t.Fatal("Run returned while the turn was still running")
	}
	if err := <-approveErr; err == nil {
		t.Error("the pending approval was answered, want an error (denied)")
	} else if !errors.Is(err, context.Canceled) && !errors.Is(err, ErrClosed) {
		t.Errorf("pending Approve() error = %v, want context.Canceled or ErrClosed", err)
	}
}
