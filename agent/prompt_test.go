package agent

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/tools"
	"github.com/charmbracelet/x/exp/golden"
)

// goldenTools is the catalog as the golden prompts name it: the built-in
// tools and one from an MCP server.
var goldenTools = []string{"shell", "read_file", "write_file", "edit_file", "delete_file", "list_dir",
	"glob", "grep", "git", "web_fetch", "mcp_everything_echo"}

func TestSystemPromptGolden(t *testing.T) {
	t.Parallel()
	date := time.Date(2026, 11, 26, 9, 30, 0, 0, time.UTC)
	cases := []struct {
		name  string
		parts promptParts
	}{
		{"confined, judged by effects, in a git repository", promptParts{
			root: "/home/ada/src/shop",
			env: Environment{Date: date, OS: "linux/amd64", Shell: "/usr/bin/bash",
				Git: &GitState{Branch: "fix-cart", Status: "2 changed, 1 untracked"}, JudgedByEffects: true},
			tools:   goldenTools,
			context: "# The project's instructions (AGENTS.md in the project root)\n\nRun `make check` before you finish.",
		}},
		{"unconfined, network open, no git, apply_patch", promptParts{
			root:       "/srv/tool",
			unconfined: true,
			env:        Environment{Date: date, OS: "darwin/arm64", Shell: "/bin/bash", JudgedByEffects: true, NetworkOpen: true},
			tools:      []string{"shell", "read_file", "write_file", "apply_patch", "delete_file", "grep"},
		}},
	}
	for _, c := range cases {
		t.Run(strings.NewReplacer(",", "").Replace(c.name), func(t *testing.T) {
			t.Parallel()
			golden.RequireEqual(t, systemPrompt(c.parts))
		})
	}
}

// TestSystemPromptSaysWhatItMust checks the facts the prompt must carry,
// whatever its wording becomes.
func TestSystemPromptSaysWhatItMust(t *testing.T) {
	t.Parallel()
	p := systemPrompt(promptParts{
		root: "/p",
		env:  Environment{Date: time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC), Git: &GitState{Branch: "topic/x", Status: "clean"}},
	})
	for _, want := range []string{"4 March 2026", "topic/x", "clean", "/p", "Commands are confined", "no network",
		"commit, push, amend", "Never make the same call again", "AGENTS.md"} {
		if !strings.Contains(p, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, p)
		}
	}
	if strings.Contains(p, "judged by their effects") {
		t.Errorf("JudgedByEffects is false, yet the prompt says changes are judged by effects:\n%s", p)
	}
	un := systemPrompt(promptParts{root: "/p", unconfined: true, env: Environment{JudgedByEffects: true}})
	if !strings.Contains(un, "NOT confined") || strings.Contains(un, "judged by their effects") {
		t.Errorf("an unconfined agent's prompt must say so, and cannot judge by effects:\n%s", un)
	}
}

// TestEveryBuiltInToolHasAGuide keeps the prompt's tool guide in step
// with the catalog.
func TestEveryBuiltInToolHasAGuide(t *testing.T) {
	t.Parallel()
	for _, edit := range []string{tools.EditToolEdit, tools.EditToolPatch} {
		reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, EditTool: edit})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range reg.Specs() {
			if _, ok := toolGuides[s.Name]; !ok {
				t.Errorf("tool %s has no guide in the system prompt", s.Name)
			}
		}
		reg.Close()
	}
}
