package tui

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/classify"
)

// lateStart is an Options.Start that waits for release before it gives
// the panels what started holds.
type lateStart struct {
	release chan struct{}
	started Started
}

func (l *lateStart) start() Started {
	<-l.release
	return l.started
}

func startingOptions(l *lateStart) Options {
	return Options{
		Panels:      []Panel{{Provider: "openai", Model: "gpt-4o"}},
		Root:        "/src/project",
		AutoApprove: classify.Safe,
		Start:       l.start,
	}
}

// The screen shows before its agents are built: typing works, Enter
// waits for them and then sends, and the sandbox's summary arrives with
// them.
func TestScreenShowsBeforeTheAgentsAreBuilt(t *testing.T) {
	runner := &recordingRunner{}
	l := &lateStart{release: make(chan struct{}), started: Started{
		Panels:  []Panel{{Provider: "openai", Model: "gpt-4o", Runner: runner}},
		Sandbox: "landlock ABI 6, network namespace",
	}}
	m, b, _ := newTestModel(t, nil, startingOptions(l))
	out := screen(m)
	for _, want := range []string{"auto-approve: safe", "sandbox: checking…", "Starting…"} {
		if !strings.Contains(out, want) {
			t.Errorf("the first frame does not say %q:\n%s", want, out)
		}
	}
	typeText(m, "read the notes")
	press(m, keyEnter)
	if !strings.Contains(screen(m), "sent as soon as the agent is ready") {
		t.Errorf("Enter before the agents are built does not say it waits:\n%s", screen(m))
	}
	if m.prompt.value() != "read the notes" {
		t.Errorf("the prompt holds %q while waiting; want the text typed", m.prompt.value())
	}
	close(l.release)
	settle(m, b)
	settle(m, b) // the turn the start sent
	if got, _ := runner.got(); len(got) != 1 || got[0] != "read the notes" {
		t.Fatalf("the runner was given %q; want the prompt typed before it was built, once", got)
	}
	out = screen(m)
	if !strings.Contains(out, "sandbox: landlock ABI") || strings.Contains(out, "checking") {
		t.Errorf("the status bar does not show the sandbox once started:\n%s", out)
	}
}

// A prompt cleared with Ctrl+C while the agents are built is not sent
// when they are.
func TestClearedPromptIsNotSentOnStart(t *testing.T) {
	runner := &recordingRunner{}
	l := &lateStart{release: make(chan struct{}), started: Started{
		Panels: []Panel{{Provider: "openai", Model: "gpt-4o", Runner: runner}},
	}}
	m, b, _ := newTestModel(t, nil, startingOptions(l))
	typeText(m, "oops")
	press(m, keyEnter, keyCtrlC)
	close(l.release)
	settle(m, b)
	settle(m, b)
	if got, _ := runner.got(); len(got) != 0 {
		t.Errorf("the runner was given %q; want nothing, the prompt was cleared", got)
	}
}

// A panel whose agent cannot be built shows its set-up help once the start
// says so, and keeps the prompt.
func TestStartWithoutAnAgentShowsTheSetup(t *testing.T) {
	l := &lateStart{release: make(chan struct{}), started: Started{
		Panels: []Panel{{Provider: "openai", Model: "gpt-4o", Setup: "OPENAI_API_KEY is not set"}},
	}}
	m, b, _ := newTestModel(t, nil, startingOptions(l))
	typeText(m, "hello")
	press(m, keyEnter)
	close(l.release)
	settle(m, b)
	out := screen(m)
	if !strings.Contains(out, "OPENAI_API_KEY is not set") || !strings.Contains(out, "not set up") {
		t.Errorf("the set-up help is not shown once started:\n%s", out)
	}
	if m.prompt.value() != "hello" {
		t.Errorf("the prompt holds %q; want the text kept, nothing took it", m.prompt.value())
	}
}

// Ctrl+D quits while the agents are still being built.
func TestQuitWhileStarting(t *testing.T) {
	l := &lateStart{release: make(chan struct{})}
	m, _, _ := newTestModel(t, nil, startingOptions(l))
	_, cmd := m.Update(keyCtrlD)
	if cmd == nil {
		t.Fatal("Ctrl+D while starting did not quit")
	}
	close(l.release)
	m.turns.Wait()
}
