package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func request1(id uint64, command string) (approvalMsg, chan agent.Answer) {
	reply := make(chan agent.Answer, 1)
	return approvalMsg{id: id, reply: reply, req: agent.ApprovalRequest{
		Provider: "openai",
		Call:     *shellCall("c"+command, command, classify.Dangerous),
		Verdict:  classify.Verdict{Level: classify.Dangerous, Reasons: []string{command + ": destructive"}},
	}}, reply
}

// step is a key pressed some time after the modal opened.
type step struct {
	after time.Duration
	key   tea.KeyPressMsg
}

func TestApprovalKeys(t *testing.T) {
	repeatA := char('a')
	repeatA.IsRepeat = true
	tests := []struct {
		name     string
		steps    []step
		want     *agent.Choice // nil: no answer yet
		wantOpen bool
	}{
		{
			name:     "a pressed during the key guard does nothing",
			steps:    []step{{0, char('a')}, {100 * time.Millisecond, char('a')}, {keyGuard - time.Millisecond, char('a')}},
			wantOpen: true,
		},
		{
			name:  "a after the key guard approves",
			steps: []step{{keyGuard, char('a')}},
			want:  answer(agent.Approve),
		},
		{
			name:     "y is not an approve key",
			steps:    []step{{time.Second, char('y')}},
			wantOpen: true,
		},
		{
			name:  "n denies",
			steps: []step{{time.Second, char('n')}},
			want:  answer(agent.Deny),
		},
		{
			name:     "d asks for a reason and denies nothing yet",
			steps:    []step{{time.Second, char('d')}},
			wantOpen: true,
		},
		{
			name:  "d, a reason and Enter deny",
			steps: []step{{time.Second, char('d')}, {2 * time.Second, char('a')}, {3 * time.Second, keyEnter}},
			want:  answer(agent.Deny),
		},
		{
			name:  "Esc denies",
			steps: []step{{time.Second, keyEsc}},
			want:  answer(agent.Deny),
		},
		{
			name:     "Enter, space and other letters answer nothing",
			steps:    []step{{time.Second, keyEnter}, {time.Second, char(' ')}, {time.Second, char('x')}, {time.Second, char('Y')}},
			wantOpen: true,
		},
		{
			name:     "a held-down a does not approve",
			steps:    []step{{time.Second, repeatA}},
			wantOpen: true,
		},
		{
			name:     "a followed at once by another key does not approve",
			steps:    []step{{time.Second, char('a')}, {time.Second + 100*time.Millisecond, char('d')}},
			wantOpen: true,
		},
		{
			name:     "a word typed after a quiet moment lands nowhere, not even its first letter",
			steps:    []step{{time.Second, char('a')}, {time.Second + 150*time.Millisecond, char('d')}, {time.Second + 300*time.Millisecond, char('d')}},
			wantOpen: true,
		},
		{
			name:  "text typed as the modal opens is swallowed, and a later deny still counts",
			steps: []step{{0, char('a')}, {50 * time.Millisecond, char('m')}, {90 * time.Millisecond, char('s')}, {time.Second, char('n')}},
			want:  answer(agent.Deny),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _, c := newTestModel(t, idleRunner, testOptions)
			start := c.now()
			msg, reply := request1(1, "rm -rf build")
			m.Update(batchMsg{msg})
			for _, s := range tt.steps {
				at := start.Add(s.after)
				if len(m.modal.queue) > 0 && !at.Before(m.modal.queue[0].quiet.Add(keyGuard)) {
					// The tick of the key before arrives first.
					c.t = m.modal.queue[0].quiet
					quietly(m, c)
				}
				c.t = at
				m.Update(s.key)
			}
			quietly(m, c)
			select {
			case d := <-reply:
				if tt.want == nil {
					t.Fatalf("after %d keys the modal answered %+v, want no answer", len(tt.steps), d)
				}
				if d.Choice != *tt.want || d.By != agent.ByPerson {
					t.Errorf("answer = %+v, want %v by a person", d, *tt.want)
				}
			default:
				if tt.want != nil {
					t.Fatalf("no answer, want %v", *tt.want)
				}
			}
			if open := len(m.modal.queue) > 0; open != tt.wantOpen {
				t.Errorf("modal open = %v, want %v", open, tt.wantOpen)
			}
			if m.panels[0].running() {
				t.Errorf("keys typed over the modal sent a message")
			}
		})
	}
}

func answer(a agent.Choice) *agent.Choice { return &a }

func TestApprovalQueue(t *testing.T) {
	m, _, c := newTestModel(t, idleRunner, testOptions)
	first, reply1 := request1(1, "rm -rf build")
	second, reply2 := request1(2, "git push --force")
	third, reply3 := request1(3, "dd if=/dev/zero of=disk")
	m.Update(batchMsg{first, second, third})
	if out := screen(m); !strings.Contains(out, "1 of 3") || !strings.Contains(out, "rm -rf build") {
		t.Fatalf("the modal does not show the first of three:\n%s", out)
	}

	c.advance(time.Second)
	press(m, char('a'))
	quietly(m, c)
	if d := <-reply1; d.Choice != agent.Approve {
		t.Fatalf("first answer = %+v, want approve", d)
	}
	// The next request has a guard of its own: a second a typed right
	// after the first must not approve it.
	press(m, char('a'))
	select {
	case d := <-reply2:
		t.Fatalf("the second request was answered %+v inside its key guard", d)
	default:
	}
	if out := screen(m); !strings.Contains(out, "1 of 2") || !strings.Contains(out, "git push --force") {
		t.Fatalf("the modal does not show the second of two:\n%s", out)
	}

	// The agent gives up on the second (its turn was cancelled): the third
	// shows next.
	m.Update(batchMsg{withdrawMsg{id: 2}})
	if out := screen(m); !strings.Contains(out, "dd if=/dev/zero of=disk") || strings.Contains(out, "of 2") {
		t.Fatalf("after a withdrawal the modal does not show the last request alone:\n%s", out)
	}
	c.advance(time.Second)
	press(m, keyEsc)
	quietly(m, c)
	if d := <-reply3; d.Choice != agent.Deny {
		t.Fatalf("third answer = %+v, want deny", d)
	}
	if len(m.modal.queue) != 0 {
		t.Errorf("%d requests left in the queue, want none", len(m.modal.queue))
	}
	if c := m.View().Cursor; c == nil {
		t.Error("the prompt's cursor did not come back after the modal closed")
	}
}

func TestApprovalModalScrollsALongCommand(t *testing.T) {
	m, _, c := newTestModel(t, idleRunner, testOptions)
	long := strings.Repeat("echo step && ", 200) + "echo LAST"
	msg, _ := request1(1, long)
	m.Update(batchMsg{msg})
	c.advance(time.Second)
	out := screen(m)
	if strings.Contains(out, "LAST") {
		t.Fatalf("a command taller than the screen fits whole?\n%s", out)
	}
	if !strings.Contains(out, "↓ scroll") {
		t.Fatalf("the modal does not say it scrolls:\n%s", out)
	}
	for range 100 {
		press(m, tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if out := screen(m); !strings.Contains(out, "LAST") {
		t.Errorf("scrolling down does not reach the end of the command:\n%s", out)
	}
}

func TestApprovalThroughTheBridge(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, b, c := newTestModel(t, idleRunner, testOptions)
		wait := b.wait()
		// deliver runs the Bridge's command as the program would, and hands
		// the result to the model.
		deliver := func() {
			t.Helper()
			msgs := make(chan tea.Msg, 1)
			go func() { msgs <- wait() }()
			synctest.Wait()
			select {
			case msg := <-msgs:
				_, cmd := m.Update(msg)
				wait = nextWait(cmd)
			default:
				t.Fatal("the Bridge delivered nothing")
			}
		}

		call := shellCall("c1", "rm -rf build", classify.Dangerous)
		type result struct {
			d   agent.Answer
			err error
		}
		got := make(chan result, 1)
		go func() {
			b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
			d, err := b.Ask(t.Context(), agent.ApprovalRequest{Provider: "openai", Call: *call, Verdict: classify.Verdict{Level: classify.Dangerous}})
			got <- result{d, err}
		}()
		synctest.Wait()
		deliver()
		if len(m.modal.queue) != 1 || m.panels[0].state() != "waiting for approval" {
			t.Fatalf("after the request: %d in the queue, state %q", len(m.modal.queue), m.panels[0].state())
		}
		press(m, char('a')) // too early: ignored
		synctest.Wait()
		select {
		case r := <-got:
			t.Fatalf("Approve returned %+v during the key guard", r.d)
		default:
		}
		c.advance(keyGuard)
		press(m, char('a'))
		quietly(m, c)
		if r := <-got; r.err != nil || r.d.Choice != agent.Approve || r.d.By != agent.ByPerson {
			t.Errorf("Approve() = %+v, %v, want approved by a person", r.d, r.err)
		}
	})
}

// nextWait finds the Bridge's re-armed wait among the commands Update
// returned: it is the first of the batch.
func nextWait(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	if batch, ok := cmd().(tea.BatchMsg); ok {
		return batch[0]
	}
	return cmd
}

func TestBridgeApproveCancelled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := NewBridge()
		defer b.close()
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		defer cancel()
		_, err := b.Ask(ctx, agent.ApprovalRequest{Call: agent.CallInfo{ID: "c1"}})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Approve() after the timeout error = %v, want DeadlineExceeded", err)
		}
		msg := b.wait()()
		batch, ok := msg.(batchMsg)
		if !ok || len(batch) != 2 {
			t.Fatalf("queued = %#v, want the request and its withdrawal", msg)
		}
		if w, ok := batch[1].(withdrawMsg); !ok || w.id != batch[0].(approvalMsg).id {
			t.Errorf("second message = %#v, want the withdrawal of the first", batch[1])
		}
	})
}

func TestBridgeClosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := NewBridge()
		errs := make(chan error, 1)
		go func() {
			_, err := b.Ask(t.Context(), agent.ApprovalRequest{})
			errs <- err
		}()
		synctest.Wait()
		b.close()
		if err := <-errs; !errors.Is(err, ErrClosed) {
			t.Errorf("pending Approve() after close error = %v, want ErrClosed", err)
		}
		if _, err := b.Ask(t.Context(), agent.ApprovalRequest{}); !errors.Is(err, ErrClosed) {
			t.Errorf("Approve() after close error = %v, want ErrClosed", err)
		}
		b.Publish(agent.Event{Type: agent.EventText, Text: "late"})
		if msg := b.wait()(); msg != nil {
			t.Errorf("wait() after close = %#v, want nil", msg)
		}
	})
}

func TestBridgeMergesStreams(t *testing.T) {
	b := NewBridge()
	defer b.close()
	c1 := &agent.CallInfo{ID: "c1"}
	c2 := &agent.CallInfo{ID: "c2"}
	for _, e := range []agent.Event{
		{Type: agent.EventText, Turn: 1, Text: "a"},
		{Type: agent.EventText, Turn: 1, Text: "b"},
		{Type: agent.EventText, Turn: 2, Text: "c"},
		{Type: agent.EventToolOutput, Call: c1, Text: "x"},
		{Type: agent.EventToolOutput, Call: c1, Text: "y"},
		{Type: agent.EventToolOutput, Call: c2, Text: "z"},
		{Type: agent.EventText, Turn: 2, Provider: "other", Text: "d"},
		{Type: agent.EventUsage},
		{Type: agent.EventText, Turn: 2, Text: "e"},
	} {
		b.Publish(e)
	}
	batch := b.wait()().(batchMsg)
	var got []string
	for _, m := range batch {
		got = append(got, m.(eventMsg).Text)
	}
	want := []string{"ab", "c", "xy", "z", "d", "", "e"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("merged = %q, want %q", got, want)
	}
}
