package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// startTurn sends a prompt whose turn blocks until release is closed, so
// a test can play the agent's events through the Bridge meanwhile.
func startTurn(t *testing.T, m *model, task string) (release func()) {
	t.Helper()
	done := make(chan struct{})
	m.panels[0].runner = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
		select {
		case <-done:
		case <-ctx.Done():
		}
		return agent.Outcome{Status: agent.StatusFinished}, nil
	})
	typeText(m, task)
	press(m, keyEnter)
	if !m.busy() {
		t.Fatalf("after Enter with %q the model is not busy", task)
	}
	return sync1(func() { close(done) })
}

// sync1 makes f safe to call more than once.
func sync1(f func()) func() {
	called := false
	return func() {
		if !called {
			called = true
			f()
		}
	}
}

func shellCall(id, command string, l classify.Level) *agent.CallInfo {
	return &agent.CallInfo{ID: id, Tool: "shell", Args: `{"command":"` + command + `"}`, Summary: command, Level: &l}
}

func TestTurn(t *testing.T) {
	tests := []struct {
		name    string
		run     func(b *Bridge) (agent.Outcome, error)
		want    []string // each must be on the screen after the turn
		notWant []string
		state   string
	}{
		{
			name: "a finished turn shows the reply and the call, and the panel goes idle",
			run: func(b *Bridge) (agent.Outcome, error) {
				call := shellCall("c1", "ls", classify.Safe)
				b.Publish(agent.Event{Type: agent.EventText, Turn: 1, Text: "Listing."})
				b.Publish(agent.Event{Type: agent.EventToolCall, Turn: 1, Call: call})
				b.Publish(agent.Event{Type: agent.EventApproval, Turn: 1, Call: call, Decision: agent.DecisionAuto})
				b.Publish(agent.Event{Type: agent.EventToolResult, Turn: 1, Call: call, Result: &agent.CallResult{ExitCode: 0, DurationMS: 42}})
				b.Publish(agent.Event{Type: agent.EventText, Turn: 2, Text: "Done: two files."})
				b.Publish(agent.Event{Type: agent.EventRunFinished, Status: agent.StatusFinished})
				return agent.Outcome{Status: agent.StatusFinished}, nil
			},
			want:  []string{"› list the files", "Listing.", "[safe] shell: ls", "✓ exit 0 · 42ms", "Done: two files."},
			state: "idle",
		},
		{
			name: "a provider error published by the agent is shown once",
			run: func(b *Bridge) (agent.Outcome, error) {
				err := errors.New("openai: 401 Unauthorized: check OPENAI_API_KEY")
				b.Publish(agent.Event{Type: agent.EventError, Error: err.Error()})
				b.Publish(agent.Event{Type: agent.EventRunFinished, Status: agent.StatusFailed, Error: err.Error()})
				return agent.Outcome{Status: agent.StatusFailed}, err
			},
			want:  []string{"✗ openai: 401 Unauthorized: check OPENAI_API_KEY"},
			state: "error",
		},
		{
			name: "an error only returned by Run is shown too",
			run: func(b *Bridge) (agent.Outcome, error) {
				return agent.Outcome{Status: agent.StatusFailed}, errors.New("dial tcp 127.0.0.1:11434: connection refused")
			},
			want:  []string{"✗ dial tcp 127.0.0.1:11434: connection refused"},
			state: "error",
		},
		{
			name: "a denied and a blocked call say why",
			run: func(b *Bridge) (agent.Outcome, error) {
				rm := shellCall("c1", "rm -rf build", classify.Dangerous)
				sudo := shellCall("c2", "sudo reboot", classify.Blocked)
				b.Publish(agent.Event{Type: agent.EventToolCall, Call: rm})
				b.Publish(agent.Event{Type: agent.EventApproval, Call: rm, Decision: agent.DecisionDenied, By: agent.ByPerson, Reason: "keep it"})
				b.Publish(agent.Event{Type: agent.EventToolResult, Call: rm, Result: &agent.CallResult{IsError: true, ExitCode: -1, Output: "denied"}})
				b.Publish(agent.Event{Type: agent.EventToolCall, Call: sudo})
				b.Publish(agent.Event{Type: agent.EventApproval, Call: sudo, Decision: agent.DecisionBlocked, By: agent.ByPolicy, Reason: "sudo: runs as root"})
				b.Publish(agent.Event{Type: agent.EventToolResult, Call: sudo, Result: &agent.CallResult{IsError: true, ExitCode: -1, Output: "blocked"}})
				return agent.Outcome{Status: agent.StatusFinished, Denied: 1, Blocked: 1}, nil
			},
			want:  []string{"[dangerous] shell: rm -rf build", "✗ denied: keep it", "[blocked] shell: sudo reboot", "⊘ blocked: sudo: runs as root"},
			state: "idle",
		},
		{
			name: "a failed command keeps the end of its output in view",
			run: func(b *Bridge) (agent.Outcome, error) {
				call := shellCall("c1", "make", classify.Warning)
				b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
				b.Publish(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionApproved, By: agent.ByPerson})
				b.Publish(agent.Event{Type: agent.EventToolOutput, Call: call, Text: "cc -c a.c\ncc -c b.c\nb.c:3: error: expected ';'\nmake: *** [b.o] Error 1\n"})
				b.Publish(agent.Event{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{IsError: true, ExitCode: 2, DurationMS: 1500}})
				return agent.Outcome{Status: agent.StatusFinished}, nil
			},
			want:    []string{"✗ exit 2 · 1.5s  approved by you", "│ b.c:3: error: expected ';'", "│ make: *** [b.o] Error 1"},
			notWant: []string{"cc -c a.c"},
			state:   "idle",
		},
		{
			name: "a call left open when the turn ends is shown as stopped",
			run: func(b *Bridge) (agent.Outcome, error) {
				call := shellCall("c1", "sleep 100", classify.Safe)
				b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
				b.Publish(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto})
				return agent.Outcome{Status: agent.StatusCancelled}, nil
			},
			want:    []string{"[safe] shell: sleep 100", "■ stopped with its turn"},
			notWant: []string{"running"},
			state:   "idle",
		},
		{
			name: "escape sequences from the model and from commands are not drawn",
			run: func(b *Bridge) (agent.Outcome, error) {
				call := shellCall("c1", "cat x", classify.Safe)
				b.Publish(agent.Event{Type: agent.EventText, Text: "look\x1b]52;c;ZXZpbA==\x07 here\x1b[2J"})
				b.Publish(agent.Event{Type: agent.EventToolCall, Call: call})
				b.Publish(agent.Event{Type: agent.EventApproval, Call: call, Decision: agent.DecisionAuto})
				b.Publish(agent.Event{Type: agent.EventToolOutput, Call: call, Text: "\x1b[31mred\x1b[0m\n"})
				b.Publish(agent.Event{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{IsError: true, ExitCode: 1}})
				return agent.Outcome{Status: agent.StatusFinished}, nil
			},
			want:  []string{"look here", "│ red"},
			state: "idle",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, b, _ := newTestModel(t, idleRunner, testOptions)
			ran := make(chan struct{})
			m.panels[0].runner = runnerFunc(func(ctx context.Context, task string) (agent.Outcome, error) {
				defer close(ran)
				return tt.run(b)
			})
			typeText(m, "list the files")
			press(m, keyEnter)
			<-ran
			m.turns.Wait()
			pump(m, b)
			raw := m.View().Content
			for _, seq := range []string{"\x1b]52", "\x1b[2J"} {
				if strings.Contains(raw, seq) {
					t.Errorf("the view contains the escape %q from the model", seq)
				}
			}
			out := screen(m)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("screen does not show %q:\n%s", w, out)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("screen shows %q, want it gone:\n%s", w, out)
				}
			}
			if strings.Count(out, "✗ openai: 401") > 1 {
				t.Errorf("the error is shown more than once:\n%s", out)
			}
			if got := m.panels[0].state(); got != tt.state {
				t.Errorf("state after the turn = %q, want %q", got, tt.state)
			}
			if m.busy() {
				t.Error("the model is still busy after the turn ended")
			}
		})
	}
}

func TestPromptKeys(t *testing.T) {
	tests := []struct {
		name      string
		keys      func(m *model)
		wantTasks []string
		wantValue string // left in the prompt
		wantFlash string
	}{
		{
			name:      "Enter sends the prompt and clears it",
			keys:      func(m *model) { typeText(m, "hello"); press(m, keyEnter) },
			wantTasks: []string{"hello"},
		},
		{
			name: "Ctrl+J adds a line instead of sending",
			keys: func(m *model) {
				typeText(m, "one")
				press(m, tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl})
				typeText(m, "two")
			},
			wantValue: "one\ntwo",
		},
		{
			name: "Shift+Enter adds a line, then Enter sends both",
			keys: func(m *model) {
				typeText(m, "one")
				press(m, tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift})
				typeText(m, "two")
				press(m, keyEnter)
			},
			wantTasks: []string{"one\ntwo"},
		},
		{
			name:      "Enter on an empty prompt sends nothing",
			keys:      func(m *model) { typeText(m, "   "); press(m, keyEnter) },
			wantValue: "",
		},
		{
			name:      "? in a sentence is typed, not taken as help",
			keys:      func(m *model) { typeText(m, "why?") },
			wantValue: "why?",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _, _ := newTestModel(t, idleRunner, testOptions)
			tasks := make(chan string, 4)
			m.panels[0].runner = runnerFunc(func(_ context.Context, task string) (agent.Outcome, error) {
				tasks <- task
				return agent.Outcome{}, nil
			})
			tt.keys(m)
			m.turns.Wait()
			close(tasks)
			var got []string
			for task := range tasks {
				got = append(got, task)
			}
			if strings.Join(got, "|") != strings.Join(tt.wantTasks, "|") {
				t.Errorf("tasks sent = %q, want %q", got, tt.wantTasks)
			}
			if v := m.prompt.value(); v != tt.wantValue {
				t.Errorf("prompt holds %q, want %q", v, tt.wantValue)
			}
			if m.showHelp {
				t.Error("help opened while typing")
			}
		})
	}
}

func TestEnterWhileATurnRunsKeepsTheText(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "first")
	defer release()
	typeText(m, "second")
	press(m, keyEnter)
	if v := m.prompt.value(); v != "second" {
		t.Errorf("prompt holds %q after Enter during a turn, want %q", v, "second")
	}
	if out := screen(m); !strings.Contains(out, "a turn is running") {
		t.Errorf("the status bar does not say a turn is running:\n%s", out)
	}
}

func TestSetupScreenSendsNothing(t *testing.T) {
	m, _, _ := newTestModel(t, nil, Options{Setup: "Set OPENAI_API_KEY."})
	typeText(m, "hello")
	press(m, keyEnter)
	if m.busy() {
		t.Fatal("a turn started with no provider set up")
	}
	out := screen(m)
	for _, w := range []string{"Set OPENAI_API_KEY.", "not set up", "no provider is set up yet"} {
		if !strings.Contains(out, w) {
			t.Errorf("setup screen does not show %q:\n%s", w, out)
		}
	}
}

// isQuit reports whether cmd, run, quits the program.
func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestCancelAndQuit(t *testing.T) {
	t.Run("Ctrl+C during a turn cancels it and does not quit", func(t *testing.T) {
		m, b, _ := newTestModel(t, idleRunner, testOptions)
		cancelled := make(chan struct{})
		m.panels[0].runner = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
			<-ctx.Done()
			close(cancelled)
			return agent.Outcome{Status: agent.StatusCancelled}, nil
		})
		typeText(m, "sleep")
		press(m, keyEnter)
		if _, cmd := m.Update(keyCtrlC); isQuit(cmd) {
			t.Fatal("Ctrl+C during a turn quit the program")
		}
		<-cancelled
		m.turns.Wait()
		pump(m, b)
		if m.busy() {
			t.Fatal("the turn did not end after Ctrl+C")
		}
		if _, cmd := m.Update(keyCtrlC); isQuit(cmd) || !strings.Contains(screen(m), "Ctrl+C again quits") {
			t.Errorf("the first Ctrl+C when idle quit, or gave no hint:\n%s", screen(m))
		}
		if _, cmd := m.Update(keyCtrlC); !isQuit(cmd) {
			t.Error("a second Ctrl+C when idle did not quit")
		}
	})
	t.Run("Ctrl+D during a turn asks first, and y quits, cancelling it", func(t *testing.T) {
		m, _, _ := newTestModel(t, idleRunner, testOptions)
		cancelled := make(chan struct{})
		m.panels[0].runner = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
			<-ctx.Done()
			close(cancelled)
			return agent.Outcome{}, nil
		})
		typeText(m, "sleep")
		press(m, keyEnter)
		if _, cmd := m.Update(keyCtrlD); isQuit(cmd) {
			t.Fatal("Ctrl+D during a turn quit without asking")
		}
		if out := screen(m); !strings.Contains(out, "Quit while work is running?") || !strings.Contains(out, "openai") {
			t.Fatalf("no question before quitting:\n%s", out)
		}
		if _, cmd := m.Update(char('y')); !isQuit(cmd) {
			t.Fatal("y did not quit")
		}
		<-cancelled
	})
	t.Run("any other key keeps the screen and the turn", func(t *testing.T) {
		m, _, _ := newTestModel(t, idleRunner, testOptions)
		release := startTurn(t, m, "sleep")
		defer release()
		press(m, keyCtrlD)
		if _, cmd := m.Update(char('n')); isQuit(cmd) {
			t.Fatal("n quit")
		}
		if !m.busy() || m.confirmQuit {
			t.Errorf("after n: busy %v, still asking %v; want the turn running and the question gone", m.busy(), m.confirmQuit)
		}
	})
	t.Run("Ctrl+D when idle quits at once", func(t *testing.T) {
		m, _, _ := newTestModel(t, idleRunner, testOptions)
		if _, cmd := m.Update(keyCtrlD); !isQuit(cmd) {
			t.Fatal("Ctrl+D when idle did not quit")
		}
	})
}

func TestHelpToggles(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, testOptions)
	press(m, char('?'))
	if out := screen(m); !strings.Contains(out, "new line") || !m.showHelp {
		t.Fatalf("? did not open the full help:\n%s", out)
	}
	press(m, char('?'))
	if m.showHelp {
		t.Error("? again did not close the help")
	}
}

func TestResizeKeepsTheTranscript(t *testing.T) {
	m, b, _ := newTestModel(t, idleRunner, testOptions)
	release := startTurn(t, m, "explain")
	defer release()
	b.Publish(agent.Event{Type: agent.EventText, Text: strings.Repeat("word ", 30)})
	pump(m, b)
	for _, size := range []tea.WindowSizeMsg{{Width: 40, Height: 15}, {Width: 120, Height: 40}, {Width: 80, Height: 24}} {
		m.Update(size)
		out := screen(m)
		if rows := strings.Count(out, "\n") + 1; rows != size.Height {
			t.Errorf("at %dx%d the view has %d rows", size.Width, size.Height, rows)
		}
		for i, l := range strings.Split(out, "\n") {
			if w := len([]rune(l)); w > size.Width {
				t.Errorf("at %dx%d row %d is %d cells wide: %q", size.Width, size.Height, i, w, l)
			}
		}
		if got := strings.Count(out, "word"); got != 30 {
			t.Errorf("at %dx%d the screen shows %d words, want 30", size.Width, size.Height, got)
		}
	}
}

// The help lists Ctrl+D once (it scrolls, and quits at the end), and the
// approval's keys together in one column.
func TestHelpListsCtrlDOnceAndTheApprovalKeysTogether(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	a := newApprovalKeys()
	ctrlD := 0
	var approval []key.Binding
	for _, c := range m.keysHelp.columns() {
		group := c.keys
		for _, b := range group {
			if b.Help().Key == "ctrl+d" {
				ctrlD++
			}
			if b.Help().Key == a.Approve.Help().Key {
				approval = group
			}
		}
	}
	if ctrlD != 1 {
		t.Errorf("the help lists ctrl+d %d times, want once", ctrlD)
	}
	var keys []string
	for _, b := range approval {
		keys = append(keys, b.Help().Key)
	}
	if got := strings.Join(keys, " "); got != "a esc d m v s" {
		t.Errorf("the approval's column holds %q, want a esc d m v s", got)
	}
}

// A warning (project settings that were ignored) stays in the status bar,
// ahead of the sandbox, which is cut first.
func TestTheStatusBarKeepsAWarning(t *testing.T) {
	opts := testOptions
	opts.Warning = "project: 2 ignored"
	opts.Notices = []string{"project config /src/project/.agent/config.toml: ignored [agent] auto_approve = \"dangerous\""}
	m, _, _ := newTestModel(t, nil, opts)
	rows := strings.Split(screen(m), "\n")
	bar := rows[len(rows)-1]
	if !strings.Contains(bar, "auto-approve: safe · project: 2 ignored") {
		t.Errorf("status bar = %q, want the warning after the auto-approve level", bar)
	}
	if !strings.Contains(screen(m), "ignored [agent] auto_approve") {
		t.Errorf("the screen does not show the notice:\n%s", screen(m))
	}
}
