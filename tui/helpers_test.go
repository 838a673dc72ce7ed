package tui

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// clock is a settable clock for the model.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// runnerFunc adapts a function to a Runner.
type runnerFunc func(ctx context.Context, task string) (agent.Outcome, error)

func (f runnerFunc) Run(ctx context.Context, task string) (agent.Outcome, error) { return f(ctx, task) }

// idleRunner finishes every task at once, saying nothing.
var idleRunner = runnerFunc(func(context.Context, string) (agent.Outcome, error) {
	return agent.Outcome{Status: agent.StatusFinished}, nil
})

// testOptions is one panel, openai's gpt-4o, whose turns finish at once.
var testOptions = Options{
	Panels:      []Panel{{Provider: "openai", Model: "gpt-4o", Runner: idleRunner}},
	Root:        "/src/project",
	AutoApprove: classify.Safe,
	Sandbox:     "landlock, network off",
}

// twoPanels is openai and ollama side by side on a wide screen.
var twoPanels = Options{
	Panels: []Panel{
		{Provider: "openai", Model: "gpt-4o", Runner: idleRunner},
		{Provider: "ollama", Model: "qwen2.5-coder:7b", Runner: idleRunner},
	},
	Available:   []string{"anthropic", "deepseek", "ollama", "openai"},
	Root:        "/src/project",
	AutoApprove: classify.Safe,
	Sandbox:     "landlock, network off",
}

// newTestModel is a model at 80x24 with a fixed clock and no colour. A
// non-nil r replaces the first panel's Runner.
func newTestModel(t *testing.T, r Runner, opts Options) (*model, *Bridge, *clock) {
	t.Helper()
	if len(opts.Panels) > 0 {
		opts.Panels = append([]Panel(nil), opts.Panels...)
		if r != nil {
			opts.Panels[0].Runner = r
		}
	}
	b := NewBridge()
	t.Cleanup(b.close)
	c := newClock()
	m := newModel(b, opts, true, c.now)
	m.ctx = t.Context()
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m, b, c
}

// pump hands the model everything the Bridge holds, as the program would.
func pump(m *model, b *Bridge) {
	b.mu.Lock()
	b.flushTail()
	q := b.queue
	b.queue = nil
	b.mu.Unlock()
	if len(q) > 0 {
		m.Update(batchMsg(q))
	}
}

// screen is the model's view without escape sequences.
func screen(m *model) string { return ansi.Strip(m.View().Content) }

func press(m *model, keys ...tea.KeyPressMsg) {
	for _, k := range keys {
		m.Update(k)
	}
}

func typeText(m *model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

var (
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyCtrlC = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	keyCtrlD = tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	keyCtrlB = tea.KeyPressMsg{Code: 'b', Mod: tea.ModCtrl}
	keyTab   = tea.KeyPressMsg{Code: tea.KeyTab}
	keyPgUp  = tea.KeyPressMsg{Code: tea.KeyPgUp}
	keyPgDn  = tea.KeyPressMsg{Code: tea.KeyPgDown}
	tea80x24 = tea.WindowSizeMsg{Width: 80, Height: 24}
)

func char(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

func lvl(l classify.Level) *classify.Level { return &l }

// quietly lets the keyboard stay quiet for the key guard and delivers the
// guard's tick, as the program would: a key waiting in the modal acts.
func quietly(m *model, c *clock) {
	c.advance(keyGuard)
	if len(m.modal.queue) > 0 {
		r := m.modal.queue[0]
		m.Update(guardMsg{id: r.id, typed: r.typed})
	}
}

// decide presses a key of the modal deliberately: after a quiet moment,
// and followed by one.
func decide(m *model, c *clock, k tea.KeyPressMsg) {
	c.advance(keyGuard)
	m.Update(k)
	quietly(m, c)
}

func shellReq(command string, l classify.Level) agent.ApprovalRequest {
	args, _ := json.Marshal(map[string]string{"command": command})
	return agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c", Tool: "shell", Args: string(args)}, Verdict: classify.Verdict{Level: l}}
}

func toolReq(tool, args string, l classify.Level) agent.ApprovalRequest {
	return agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c", Tool: tool, Args: args}, Verdict: classify.Verdict{Level: l}}
}
