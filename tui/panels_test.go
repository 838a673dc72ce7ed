package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// recordingRunner remembers the tasks it ran and the auto-approve levels it
// was given.
type recordingRunner struct {
	mu    sync.Mutex
	tasks []string
	auto  []classify.Level
}

func (r *recordingRunner) Run(_ context.Context, task string) (agent.Outcome, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tasks = append(r.tasks, task)
	return agent.Outcome{Status: agent.StatusFinished}, nil
}

func (r *recordingRunner) SetAutoApprove(l classify.Level) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.auto = append(r.auto, l)
}

func (r *recordingRunner) got() ([]string, []classify.Level) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.tasks...), append([]classify.Level(nil), r.auto...)
}

// twoRecorders is twoPanels with a recordingRunner behind each.
func twoRecorders(t *testing.T, size tea.WindowSizeMsg) (*model, *Bridge, [2]*recordingRunner) {
	t.Helper()
	rs := [2]*recordingRunner{{}, {}}
	opts := twoPanels
	opts.Panels = []Panel{
		{Provider: "openai", Model: "gpt-4o", Runner: rs[0]},
		{Provider: "ollama", Model: "qwen2.5-coder:7b", Runner: rs[1]},
	}
	m, b, _ := newTestModel(t, nil, opts)
	m.Update(size)
	return m, b, rs
}

// settle waits for every turn and hands the model what they published.
func settle(m *model, b *Bridge) {
	m.turns.Wait()
	pump(m, b)
}

func TestLayoutFollowsTheWidth(t *testing.T) {
	tests := []struct {
		width    int
		wantSide bool
	}{
		{80, false},
		{118, false},
		{120, true},
		{200, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("at %d columns side by side is %v", tt.width, tt.wantSide), func(t *testing.T) {
			m, _, _ := twoRecorders(t, tea.WindowSizeMsg{Width: tt.width, Height: 24})
			if got := m.sideBySide(); got != tt.wantSide {
				t.Errorf("sideBySide() at %d = %v, want %v", tt.width, got, tt.wantSide)
			}
			out := screen(m)
			if hasTabs := strings.Contains(out, "1 openai"); hasTabs == tt.wantSide {
				t.Errorf("at %d columns the tab bar shown = %v:\n%s", tt.width, hasTabs, out)
			}
			for i, l := range strings.Split(out, "\n") {
				if w := len([]rune(l)); w > tt.width {
					t.Errorf("row %d is %d cells wide", i, w)
				}
			}
		})
	}
}

func TestFocusKeys(t *testing.T) {
	m, _, _ := twoRecorders(t, tea80x24)
	steps := []struct {
		key  tea.KeyPressMsg
		want int
	}{
		{keyTab, 1},
		{keyTab, 0},
		{tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}, 1},
		{tea.KeyPressMsg{Code: '1', Mod: tea.ModAlt}, 0},
		{tea.KeyPressMsg{Code: '2', Mod: tea.ModAlt}, 1},
		{tea.KeyPressMsg{Code: '9', Mod: tea.ModAlt}, 1}, // no ninth panel
	}
	for i, s := range steps {
		press(m, s.key)
		if m.focus != s.want {
			t.Fatalf("after key %d (%s) focus = %d, want %d", i, s.key, m.focus, s.want)
		}
	}
	if out := screen(m); !strings.Contains(out, "── to ollama") || !strings.Contains(out, "ollama · qwen2.5-coder:7b") {
		t.Errorf("the focused tab is not shown or the prompt does not say where it goes:\n%s", out)
	}
}

func TestPromptGoesToTheFocusedPanelOrToAll(t *testing.T) {
	m, b, rs := twoRecorders(t, tea.WindowSizeMsg{Width: 130, Height: 30})
	press(m, keyTab)
	typeText(m, "only ollama")
	press(m, keyEnter)
	settle(m, b)
	press(m, keyCtrlB)
	if out := screen(m); !strings.Contains(out, "to every panel") {
		t.Fatalf("broadcast is not shown:\n%s", out)
	}
	typeText(m, "everyone")
	press(m, keyEnter)
	settle(m, b)
	t0, _ := rs[0].got()
	t1, _ := rs[1].got()
	if strings.Join(t0, "|") != "everyone" || strings.Join(t1, "|") != "only ollama|everyone" {
		t.Errorf("openai ran %q, ollama ran %q; want broadcast to reach both and the first prompt only ollama", t0, t1)
	}
	out := screen(m)
	if strings.Count(out, "› everyone") != 2 {
		t.Errorf("the broadcast prompt is not in both panels:\n%s", out)
	}
}

func TestBroadcastSkipsABusyPanel(t *testing.T) {
	m, _, rs := twoRecorders(t, tea.WindowSizeMsg{Width: 130, Height: 30})
	release := startTurn(t, m, "long job") // openai is busy now
	defer release()
	press(m, keyCtrlB)
	typeText(m, "status?")
	press(m, keyEnter)
	if !strings.Contains(screen(m), "not to openai") {
		t.Errorf("the status does not say openai was skipped:\n%s", screen(m))
	}
	release()
	m.turns.Wait()
	if t1, _ := rs[1].got(); strings.Join(t1, "|") != "status?" {
		t.Errorf("ollama ran %q, want the broadcast", t1)
	}
}

func TestEventsGoToTheirProvidersPanel(t *testing.T) {
	m, b, _ := twoRecorders(t, tea.WindowSizeMsg{Width: 130, Height: 30})
	b.Publish(agent.Event{Type: agent.EventText, Provider: "ollama", Text: "from ollama"})
	b.Publish(agent.Event{Type: agent.EventText, Provider: "openai", Text: "from openai"})
	pump(m, b)
	left := ansi.Strip(m.panels[0].render(64, 10, &frame{st: m.st}, lookPlain))
	right := ansi.Strip(m.panels[1].render(64, 10, &frame{st: m.st}, lookPlain))
	if !strings.Contains(left, "from openai") || strings.Contains(left, "from ollama") || !strings.Contains(right, "from ollama") {
		t.Errorf("events went to the wrong panel:\nopenai:\n%s\nollama:\n%s", left, right)
	}
}

func TestPromptHistory(t *testing.T) {
	m, b, _ := twoRecorders(t, tea80x24)
	for _, p := range []string{"first", "second"} {
		typeText(m, p)
		press(m, keyEnter)
		settle(m, b)
	}
	up := tea.KeyPressMsg{Code: tea.KeyUp}
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	steps := []struct {
		key  tea.KeyPressMsg
		want string
	}{{up, "second"}, {up, "first"}, {up, "first"}, {down, "second"}, {down, ""}}
	for i, s := range steps {
		press(m, s.key)
		if v := m.prompt.ta.Value(); v != s.want {
			t.Fatalf("after key %d the prompt holds %q, want %q", i, v, s.want)
		}
	}
	// Once edited, the arrows move in the text, not through the history.
	press(m, up)
	typeText(m, " again")
	press(m, up)
	if v := m.prompt.ta.Value(); v != "second again" {
		t.Errorf("Up in an edited prompt replaced it: %q", v)
	}
}

func TestSlashCommands(t *testing.T) {
	t.Run("/yes warning sets every panel's level and the status says so", func(t *testing.T) {
		m, _, rs := twoRecorders(t, tea80x24)
		typeText(m, "/yes warning")
		press(m, keyEnter)
		for i, r := range rs {
			if _, auto := r.got(); len(auto) != 1 || auto[0] != classify.Warning {
				t.Errorf("panel %d got levels %v, want [warning]", i, auto)
			}
		}
		if out := screen(m); !strings.Contains(out, "auto-approve is now warning") || m.prompt.value() != "" {
			t.Errorf("no notice, or the prompt kept the command:\n%s", out)
		}
		m.flash = ""
		if out := screen(m); !strings.Contains(out, "auto-approve: warning") {
			t.Errorf("the status bar does not show the new level:\n%s", out)
		}
	})
	t.Run("/yes blocked is refused", func(t *testing.T) {
		m, _, rs := twoRecorders(t, tea80x24)
		typeText(m, "/yes blocked")
		press(m, keyEnter)
		if _, auto := rs[0].got(); len(auto) != 0 || !strings.Contains(screen(m), "blocked never runs") {
			t.Errorf("/yes blocked was taken: %v", auto)
		}
	})
	t.Run("/model NAME starts a new conversation with that model", func(t *testing.T) {
		m, b, _ := twoRecorders(t, tea80x24)
		fresh := &recordingRunner{}
		var asked []string
		m.panels[0].renew = func(model string) (Runner, error) {
			asked = append(asked, model)
			return fresh, nil
		}
		typeText(m, "/yes dangerous")
		press(m, keyEnter)
		typeText(m, "/model gpt-4.1")
		press(m, keyEnter)
		settle(m, b)
		typeText(m, "hello")
		press(m, keyEnter)
		settle(m, b)
		tasks, auto := fresh.got()
		if strings.Join(asked, ",") != "gpt-4.1" || m.panels[0].model != "gpt-4.1" || strings.Join(tasks, ",") != "hello" {
			t.Errorf("renew asked %q, model %q, new runner ran %q", asked, m.panels[0].model, tasks)
		}
		if len(auto) != 1 || auto[0] != classify.Dangerous {
			t.Errorf("the new runner got levels %v, want the session's dangerous", auto)
		}
		if !strings.Contains(screen(m), "Now asking gpt-4.1") {
			t.Errorf("no notice of the switch:\n%s", screen(m))
		}
	})
	t.Run("/model when it cannot be built says why", func(t *testing.T) {
		m, b, _ := twoRecorders(t, tea80x24)
		m.panels[0].renew = func(string) (Runner, error) { return nil, errors.New("provider openai: OPENAI_API_KEY is not set") }
		typeText(m, "/model x")
		press(m, keyEnter)
		settle(m, b)
		if out := screen(m); !strings.Contains(out, "cannot start x: provider openai: OPENAI_API_KEY is not set") || m.panels[0].model != "gpt-4o" {
			t.Errorf("the failure is not shown, or the model changed:\n%s", out)
		}
	})
	t.Run("/clear empties the panel", func(t *testing.T) {
		m, b, _ := twoRecorders(t, tea80x24)
		typeText(m, "remember this")
		press(m, keyEnter)
		settle(m, b)
		typeText(m, "/clear")
		press(m, keyEnter)
		if out := screen(m); strings.Contains(out, "remember this") {
			t.Errorf("/clear left the transcript:\n%s", out)
		}
	})
	t.Run("/providers lists panels and configured providers", func(t *testing.T) {
		m, _, _ := twoRecorders(t, tea80x24)
		typeText(m, "/providers")
		press(m, keyEnter)
		out := screen(m)
		for _, w := range []string{"1 openai · gpt-4o · idle", "2 ollama · qwen2.5-coder:7b · idle", "Configured: anthropic, deepseek, ollama, openai"} {
			if !strings.Contains(out, w) {
				t.Errorf("/providers does not show %q:\n%s", w, out)
			}
		}
	})
	t.Run("an unknown command is not sent", func(t *testing.T) {
		m, b, rs := twoRecorders(t, tea80x24)
		typeText(m, "/frobnicate")
		press(m, keyEnter)
		settle(m, b)
		if tasks, _ := rs[0].got(); len(tasks) != 0 || !strings.Contains(screen(m), "unknown command /frobnicate") {
			t.Errorf("tasks %q; want none and a notice", tasks)
		}
	})
	t.Run("// sends a message that starts with a slash", func(t *testing.T) {
		m, b, rs := twoRecorders(t, tea80x24)
		typeText(m, "//etc/hosts is what?")
		press(m, keyEnter)
		settle(m, b)
		if tasks, _ := rs[0].got(); strings.Join(tasks, "|") != "/etc/hosts is what?" {
			t.Errorf("tasks %q", tasks)
		}
	})
	t.Run("/quit quits", func(t *testing.T) {
		m, _, _ := twoRecorders(t, tea80x24)
		typeText(m, "/quit")
		if _, cmd := m.Update(keyEnter); !isQuit(cmd) {
			t.Error("/quit did not quit")
		}
	})
}

func TestScrollKeysAndWheel(t *testing.T) {
	m, b, _ := twoRecorders(t, tea.WindowSizeMsg{Width: 130, Height: 30})
	var text strings.Builder
	for i := range 100 {
		fmt.Fprintf(&text, "line %03d\n", i)
	}
	for _, p := range []string{"openai", "ollama"} {
		b.Publish(agent.Event{Type: agent.EventText, Provider: p, Text: text.String()})
	}
	pump(m, b)
	p := m.panels[0]
	half := p.bodyHeight() / 2
	press(m, tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if p.offset != half {
		t.Fatalf("Ctrl+U scrolled to %d, want %d", p.offset, half)
	}
	if _, cmd := m.Update(keyCtrlD); isQuit(cmd) || p.offset != 0 {
		t.Fatalf("Ctrl+D while scrolled up: quit %v, offset %d; want half a page down", isQuit(cmd), p.offset)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyHome})
	if first := strings.TrimSpace(transcriptRowsOf(m, 0)[0]); first != "line 000" {
		t.Errorf("Home shows %q first, want the top", first)
	}
	press(m, tea.KeyPressMsg{Code: tea.KeyEnd})
	if p.offset != 0 {
		t.Errorf("End left offset %d", p.offset)
	}
	// The wheel scrolls the panel under the pointer, not the focused one.
	m.Update(tea.MouseWheelMsg{X: 100, Y: 5, Button: tea.MouseWheelUp})
	if m.panels[1].offset != 3 || p.offset != 0 {
		t.Errorf("wheel over the right panel: offsets %d and %d, want 0 and 3", p.offset, m.panels[1].offset)
	}
}

// transcriptRowsOf is panel i's transcript rows as drawn alone.
func transcriptRowsOf(m *model, i int) []string {
	p := m.panels[i]
	rows := strings.Split(ansi.Strip(p.render(p.w, p.h, &frame{st: m.st}, lookPlain)), "\n")
	return rows[1:]
}

func TestProbeShowsSetupHelpInThePanel(t *testing.T) {
	opts := twoPanels
	opts.Panels = append([]Panel(nil), twoPanels.Panels...)
	opts.Panels[1].Probe = func(context.Context) string { return "ollama is not running: start it with ollama serve" }
	m, b, _ := newTestModel(t, nil, opts)
	settle(m, b)
	press(m, keyTab)
	out := screen(m)
	if !strings.Contains(out, "ollama is not running") || !strings.Contains(out, "not set up") {
		t.Errorf("the probe's help is not shown:\n%s", out)
	}
	typeText(m, "hi")
	press(m, keyEnter)
	if m.panels[1].running() {
		t.Error("a prompt was sent to a panel that is not set up")
	}
}

func TestCardExpandsWithEnter(t *testing.T) {
	m, b, _ := newTestModel(t, nil, testOptions)
	call := shellCall("c1", "make", classify.Safe)
	b.Publish(agent.Event{Type: agent.EventToolCall, Provider: "openai", Call: call})
	b.Publish(agent.Event{Type: agent.EventApproval, Provider: "openai", Call: call, Decision: agent.DecisionAuto})
	b.Publish(agent.Event{Type: agent.EventToolResult, Provider: "openai", Call: call, Result: &agent.CallResult{Output: "built app\nall good\n"}})
	pump(m, b)
	if strings.Contains(screen(m), "all good") {
		t.Fatal("a finished card shows its output before it is expanded")
	}
	press(m, keyEnter)
	if !strings.Contains(screen(m), "│ all good") {
		t.Fatalf("Enter on an empty prompt did not expand the card:\n%s", screen(m))
	}
	press(m, keyEnter)
	if strings.Contains(screen(m), "all good") {
		t.Error("Enter again did not collapse it")
	}
}

// docs/screen.md says two panels sit side by side from 119 columns, so a
// common 120-column terminal shows both.
func TestTwoPanelsSideBySideFrom119Columns(t *testing.T) {
	m, _, _ := newTestModel(t, nil, twoPanels)
	for _, tt := range []struct {
		w    int
		side bool
	}{{80, false}, {118, false}, {119, true}, {120, true}, {160, true}} {
		m.Update(tea.WindowSizeMsg{Width: tt.w, Height: 30})
		if got := m.sideBySide(); got != tt.side {
			t.Errorf("two panels at %d columns: side by side = %v, want %v", tt.w, got, tt.side)
		}
	}
}
