package tui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// fakeWorktrees is two providers' copies held in memory; Apply fails with
// conflict for the providers named in it.
type fakeWorktrees struct {
	mu       sync.Mutex
	changes  []Changes
	conflict map[string]bool
	applied  []string
}

func (f *fakeWorktrees) Changes(context.Context) ([]Changes, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Changes(nil), f.changes...), nil
}

func (f *fakeWorktrees) Apply(_ context.Context, provider string) (Changes, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conflict[provider] {
		return Changes{}, errors.New("not applied: the project changed since " + provider + " started")
	}
	for i, c := range f.changes {
		if c.Provider == provider {
			f.applied = append(f.applied, provider)
			f.changes = append(f.changes[:i], f.changes[i+1:]...)
			return c, nil
		}
	}
	return Changes{}, errors.New("no worktree")
}

func (f *fakeWorktrees) appliedNames() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.applied...)
}

const openaiDiff = `diff --git a/main.txt b/main.txt
--- a/main.txt
+++ b/main.txt
@@ -1,3 +1,3 @@
 one
-two
+TWO by openai
 three
`

func isolatedOptions(w *fakeWorktrees) Options {
	opts := twoPanels
	opts.Panels = []Panel{
		{Provider: "openai", Model: "gpt-4o", Runner: idleRunner, Worktree: "/state/worktrees/project-1/openai"},
		{Provider: "ollama", Model: "qwen2.5-coder:7b", Runner: idleRunner, Worktree: "/state/worktrees/project-1/ollama"},
	}
	opts.Worktrees = w
	return opts
}

func newFakeWorktrees() *fakeWorktrees {
	return &fakeWorktrees{
		changes: []Changes{
			{Provider: "openai", Dir: "/state/worktrees/project-1/openai", Files: []string{"main.txt"},
				Stat: " main.txt | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n", Diff: openaiDiff},
			{Provider: "ollama", Dir: "/state/worktrees/project-1/ollama"},
		},
		conflict: map[string]bool{},
	}
}

// slashCmd types a slash command, sends it and lets its goroutine report.
func slashCmd(m *model, b *Bridge, text string) {
	typeText(m, text)
	press(m, keyEnter)
	settle(m, b)
}

func TestComparePanelsSayWhichCopyTheyWorkIn(t *testing.T) {
	m, _, _ := newTestModel(t, nil, isolatedOptions(newFakeWorktrees()))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
	out := screen(m)
	for _, want := range []string{"openai · gpt-4o · idle · own copy", "/state/worktrees/project-1/openai", "/state/worktrees/project-1/ollama"} {
		if !strings.Contains(out, want) {
			t.Errorf("the screen does not show %q:\n%s", want, out)
		}
	}
}

func TestCompareListsEachProvidersChanges(t *testing.T) {
	m, b, _ := newTestModel(t, nil, isolatedOptions(newFakeWorktrees()))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	slashCmd(m, b, "/compare")
	out := screen(m)
	for _, want := range []string{"openai: 1 file in", "main.txt | 2 +-", "ollama: no changes", "/apply NAME"} {
		if !strings.Contains(out, want) {
			t.Errorf("/compare does not show %q:\n%s", want, out)
		}
	}
}

func TestCompareNameOpensTheFullDiffAndEscClosesIt(t *testing.T) {
	m, b, _ := newTestModel(t, nil, isolatedOptions(newFakeWorktrees()))
	slashCmd(m, b, "/compare openai")
	out := screen(m)
	for _, want := range []string{"openai's changes", "+++ b/main.txt", "-two", "+TWO by openai", "esc back to the panels"} {
		if !strings.Contains(out, want) {
			t.Errorf("/compare openai does not show %q:\n%s", want, out)
		}
	}
	press(m, keyEsc)
	if out := screen(m); strings.Contains(out, "+TWO by openai") || !strings.Contains(out, "Ask for a change") {
		t.Errorf("Esc did not close the diff:\n%s", out)
	}

	slashCmd(m, b, "/compare ollama")
	if out := screen(m); !strings.Contains(out, "ollama has made no changes.") {
		t.Errorf("/compare of a provider with no changes:\n%s", out)
	}
}

func TestApplyTakesOneProvidersChanges(t *testing.T) {
	tests := []struct {
		name        string
		conflict    bool
		running     bool
		wantScreen  string
		wantApplied bool
	}{
		{"applies and retires the panel", false, false, "Applied openai's changes to /src/project; its copy is removed", true},
		{"refuses with git's reason on a conflict", true, false, "apply: not applied: the project changed since openai started", false},
		{"waits for the panel's turn to end", false, true, "wait for openai's turn to end", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newFakeWorktrees()
			w.conflict["openai"] = tt.conflict
			release := make(chan struct{})
			opts := isolatedOptions(w)
			var r Runner
			if tt.running {
				r = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
					<-release
					return agent.Outcome{Status: agent.StatusFinished}, nil
				})
			}
			m, b, _ := newTestModel(t, r, opts)
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
			if tt.running {
				typeText(m, "work")
				press(m, keyEnter)
			}
			typeText(m, "/apply openai")
			press(m, keyEnter)
			out := screen(m) // a refusal is a flash, gone once the turn ends
			close(release)
			settle(m, b)
			if !tt.running {
				out = screen(m)
			}
			if !strings.Contains(out, tt.wantScreen) {
				t.Errorf("after /apply openai the screen does not show %q:\n%s", tt.wantScreen, out)
			}
			applied := len(w.appliedNames()) == 1
			if applied != tt.wantApplied {
				t.Fatalf("applied = %v (%v), want %v", applied, w.appliedNames(), tt.wantApplied)
			}
			if !tt.wantApplied {
				return
			}
			if !strings.Contains(out, "openai · gpt-4o · applied") {
				t.Errorf("the applied panel's header does not say so:\n%s", out)
			}
			typeText(m, "more work")
			press(m, keyEnter)
			if p := m.panels[0]; p.running() {
				t.Error("the applied panel took a new prompt: its copy is gone")
			}
			slashCmd(m, b, "/apply openai")
			if len(w.appliedNames()) != 1 {
				t.Errorf("a second /apply openai applied again: %v", w.appliedNames())
			}
		})
	}
}

func TestCompareNeedsIsolatedCopies(t *testing.T) {
	for _, cmd := range []string{"/compare", "/apply openai"} {
		t.Run(cmd+" says how to start with copies", func(t *testing.T) {
			m, b, _ := newTestModel(t, nil, twoPanels)
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
			slashCmd(m, b, cmd)
			if out := screen(m); !strings.Contains(out, "agent --isolate --provider a,b") {
				t.Errorf("%s without copies:\n%s", cmd, out)
			}
		})
	}
	t.Run("an unknown name is refused", func(t *testing.T) {
		w := newFakeWorktrees()
		m, b, _ := newTestModel(t, nil, isolatedOptions(w))
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
		slashCmd(m, b, "/apply nobody")
		if out := screen(m); !strings.Contains(out, "no such panel (openai, ollama)") || len(w.appliedNames()) != 0 {
			t.Errorf("/apply nobody applied %v:\n%s", w.appliedNames(), out)
		}
	})
}
