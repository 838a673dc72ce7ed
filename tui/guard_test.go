package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// typeAt types s one key every gap, as a person does, the clock moving
// between keys; "\n" is Enter.
func typeAt(m *model, c *clock, gap time.Duration, s string) {
	for _, r := range s {
		c.advance(gap)
		if r == '\n' {
			m.Update(keyEnter)
			continue
		}
		m.Update(char(r))
	}
}

// TestTypingNeverAnswersTheModal types what a person types into the prompt
// (words, slash commands, Enter) into a modal that has been open for a
// second: every key is a letter the modal knows (a, d, m, s, v, n) at some
// point, yet nothing is approved, denied, modified or saved as a rule.
func TestTypingNeverAnswersTheModal(t *testing.T) {
	inputs := []string{
		"/rules\n",
		"/model other-model\n",
		"yes please, go ahead and do it\n",
		"sandbox\n",
		"/sessions\nadd a test\n",
		"add tests for the parser\n",
		"make it so\n",
		"do it\n",
		"no\n",
		"a\n",
	}
	gaps := []time.Duration{30 * time.Millisecond, 120 * time.Millisecond, keyGuard - 10*time.Millisecond}
	for _, in := range inputs {
		for _, gap := range gaps {
			t.Run(strings.TrimSpace(strings.ReplaceAll(in, "\n", "⏎"))+" every "+gap.String(), func(t *testing.T) {
				m, b, c := newTestModel(t, nil, testOptions)
				reply := ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete"))
				c.advance(time.Second)
				// Even the first key, after a quiet second, is followed by
				// another too soon to count.
				typeAt(m, c, gap, in)
				if out := screen(m); !strings.Contains(out, "typing went to the prompt") {
					t.Errorf("the modal does not say the typed keys were ignored:\n%s", out)
				}
				quietly(m, c)
				select {
				case d := <-reply:
					t.Fatalf("typing %q every %v answered the modal: %+v", in, gap, d)
				default:
				}
				if len(m.modal.queue) != 1 {
					t.Fatalf("the modal closed")
				}
				if rules := b.sessionRules(); len(rules) != 0 {
					t.Errorf("typing saved a session rule: %v", rules[0])
				}
				if m.modal.mode == modeEdit || m.modal.mode == modeRule || m.modal.mode == modeReason {
					t.Errorf("typing left the modal one key from an answer (mode %v)", m.modal.mode)
				}
				if out := screen(m); !strings.Contains(out, "Approve this action?") || !strings.Contains(out, "rm -rf build") {
					t.Errorf("after typing, the modal no longer shows the request:\n%s", out)
				}
				// A deliberate key after a pause still answers.
				decide(m, c, char('n'))
				if d := decided(t, reply); d.Choice != agent.Deny {
					t.Errorf("Esc after a pause = %+v, want deny", d)
				}
			})
		}
	}
}

func TestEveryKeyRearmsTheGuard(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous))
	// Keys 300 ms apart for two seconds: each is sooner than the guard
	// after the one before, so none counts, though the modal has long
	// been open.
	for range 7 {
		c.advance(300 * time.Millisecond)
		press(m, char('a'))
	}
	if len(reply) != 0 {
		t.Fatal("a key 300 ms after another approved")
	}
	if !strings.Contains(screen(m), "typing went to the prompt") {
		t.Errorf("the modal does not say why the keys did nothing:\n%s", screen(m))
	}
	decide(m, c, char('a'))
	if d := decided(t, reply); d.Choice != agent.Approve {
		t.Errorf("a after a quiet moment = %+v, want approve", d)
	}
}

func TestPasteNeverAnswersAndRearmsTheGuard(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	m.prompt.ta.SetValue("draft")
	reply := ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous))
	c.advance(time.Second)
	m.Update(tea.PasteStartMsg{})
	m.Update(tea.PasteMsg{Content: "a"})
	m.Update(tea.PasteEndMsg{})
	press(m, char('a')) // right after the paste: still typing
	quietly(m, c)
	if len(reply) != 0 {
		t.Fatal("a paste, or a key right after it, answered the modal")
	}
	if v := m.prompt.ta.Value(); v != "draftaa" {
		t.Errorf("the prompt holds %q after a paste and a key over the modal, want both kept after the draft", v)
	}
	decide(m, c, char('n'))
	if d := decided(t, reply); d.Choice != agent.Deny {
		t.Errorf("n after a quiet moment = %+v, want deny", d)
	}
}

func TestSessionRuleNeedsAQuietEnter(t *testing.T) {
	m, b, c := newTestModel(t, nil, testOptions)
	reply := ask(m, 1, shellRequest("openai", "c1", "go test ./...", classify.Warning))
	c.advance(time.Second)
	press(m, char('s'))
	quietly(m, c)
	c.advance(100 * time.Millisecond)
	press(m, keyEnter)
	quietly(m, c)
	if len(reply) != 0 || len(b.sessionRules()) != 0 {
		t.Fatal("Enter right after s saved the rule")
	}
	if m.modal.mode != modeRule {
		t.Fatalf("mode %v, want the rule still shown", m.modal.mode)
	}
	decide(m, c, keyEnter)
	if d := decided(t, reply); d.Choice != agent.Approve || len(b.sessionRules()) != 1 {
		t.Errorf("a deliberate Enter = %+v with %d rules, want approve and one rule", d, len(b.sessionRules()))
	}
}

func TestEscInTheReasonDenies(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous))
	press(m, char('d'))
	quietly(m, c)
	typeText(m, "not now")
	press(m, keyEsc)
	if d := decided(t, reply); d.Choice != agent.Deny || d.Reason != "" {
		t.Errorf("Esc in the reason = %+v, want deny without a reason", d)
	}
}

func TestThePromptKeepsWhatIsTypedWhileTheModalIsOpen(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	typeText(m, "draft of my next")
	reply := ask(m, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous))
	out := screen(m)
	if !strings.Contains(out, "waiting for your answer above") {
		t.Errorf("the prompt does not say why Enter sends nothing:\n%s", out)
	}
	// The person goes on typing as the modal opens, and after a pause
	// types another line: all of it is kept, none of it sent or taken
	// as an answer.
	typeAt(m, c, 50*time.Millisecond, " question\n")
	c.advance(time.Second)
	typeAt(m, c, 120*time.Millisecond, "and a sequel\n")
	quietly(m, c)
	want := "draft of my next question\nand a sequel\n"
	if v := m.prompt.ta.Value(); v != want {
		t.Errorf("the prompt holds %q while the modal is open, want %q", v, want)
	}
	if len(reply) != 0 || m.focused().running() {
		t.Fatal("typing over the modal answered it or sent a message")
	}
	decide(m, c, char('n'))
	decided(t, reply)
	if v := m.prompt.ta.Value(); v != want {
		t.Errorf("after the answer the prompt holds %q, want %q", v, want)
	}
	if strings.Contains(screen(m), "waiting for your answer") {
		t.Errorf("the prompt still says it waits after the approval was answered")
	}
}

func TestTheNextModalHasItsOwnGuard(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	first := ask(m, 1, shellRequest("openai", "c1", "make", classify.Warning))
	second := ask(m, 2, shellRequest("openai", "c2", "rm -rf build", classify.Dangerous))
	c.advance(time.Second)
	press(m, char('a'))
	quietly(m, c)
	decided(t, first)
	// The second one appears at once; a key typed 50 ms later is not its
	// answer, whatever it is.
	c.advance(50 * time.Millisecond)
	press(m, char('a'))
	quietly(m, c)
	if len(second) != 0 {
		t.Fatal("a key 50 ms after the next modal opened approved it")
	}
}

func TestTheModalSaysWhatUndoCovers(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	req := shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete")
	req.Undo = "build/ is ignored by git: not covered by undo"
	armedRequest(t, m, c, 1, req)
	if out := screen(m); !strings.Contains(out, "undo: build/ is ignored by git: not covered by undo") {
		t.Errorf("the modal does not say undo cannot take it back:\n%s", out)
	}
}
