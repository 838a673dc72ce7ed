package cmd_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// twoFakes is the built-in openai and anthropic providers pointed at a
// fake each: the environment and the user config asking for the fakes'
// model.
type twoFakes struct {
	openai    *openaitest.Server
	anthropic *anthropictest.Server
	env       map[string]string
	config    string
}

func newTwoFakes(t *testing.T, openaiScript, anthropicScript llmtest.Script) twoFakes {
	t.Helper()
	o := openaitest.NewServer(t, openaiScript)
	a := anthropictest.NewServer(t, anthropicScript)
	return twoFakes{
		openai:    o,
		anthropic: a,
		env: map[string]string{
			"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": o.URL(),
			"ANTHROPIC_API_KEY": llmtest.APIKey, "ANTHROPIC_BASE_URL": a.URL(),
		},
		config: fmt.Sprintf("[agent]\nretries = 0\n[providers.openai]\nmodel = %q\n[providers.anthropic]\nmodel = %q\n", llmtest.Model, llmtest.Model),
	}
}

// firstUserText is the text of the first user message a fake received.
func firstUserText(reqs []llmtest.Request) string {
	if len(reqs) == 0 {
		return ""
	}
	for _, m := range reqs[0].Messages {
		if m.Role == llm.RoleUser {
			return m.Content
		}
	}
	return ""
}

func TestScreenTwoProvidersShareOneApprovalQueue(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f := newTwoFakes(t,
		llmtest.Script{
			llmtest.Use(llmtest.UseTool("shell", `{"command": "touch from-openai.txt"}`)),
			llmtest.Say("openai made its file."),
		},
		llmtest.Script{
			llmtest.Use(llmtest.UseTool("shell", `{"command": "touch from-anthropic.txt"}`)),
			llmtest.Say("anthropic made its file."),
		})
	s := startScreen(t, screenRun{env: f.env, config: f.config, root: root, w: 160, h: 40,
		args: []string{"--provider", "openai,anthropic"}})
	s.waitFor("openai · test-model", "anthropic · test-model")
	s.keys("C-b")
	s.waitFor("Ask every panel")
	s.typeText("make your file")
	s.keys("Enter")

	// Both ask; one modal shows the first and counts the queue.
	screen := s.approval("1 of 2", "[warning]")
	first, second := "openai", "anthropic"
	if !strings.Contains(screen, first+" wants to run shell") {
		first, second = second, first
	}
	if !strings.Contains(screen, first+" wants to run shell") || !strings.Contains(screen, "touch from-"+first+".txt") {
		t.Fatalf("the modal shows neither provider's command:\n%s", screen)
	}
	s.keys("a")
	// The other provider's request is shown next, alone in the queue now.
	screen = s.approval(second+" wants to run shell", "touch from-"+second+".txt")
	if strings.Contains(screen, "1 of 2") {
		t.Errorf("after approving the first, the modal still counts two:\n%s", screen)
	}
	s.keys("a")
	s.waitFor("openai made its file.", "anthropic made its file.")

	for _, name := range []string{"from-openai.txt", "from-anthropic.txt"} {
		if !exists(filepath.Join(root, name)) {
			t.Errorf("%s was not created after both approvals", name)
		}
	}
	for name, reqs := range map[string][]llmtest.Request{"openai": f.openai.Requests(), "anthropic": f.anthropic.Requests()} {
		if got := firstUserText(reqs); !strings.Contains(got, "make your file") {
			t.Errorf("%s's first prompt = %q, want the broadcast text", name, got)
		}
		if len(reqs) != 2 {
			t.Errorf("%s received %d requests, want 2 (the prompt, then the result)", name, len(reqs))
			continue
		}
		if tr := reqs[1].ToolResults(); len(tr) != 1 || tr[0].IsError {
			t.Errorf("%s read the tool results %+v, want one successful result", name, tr)
		}
	}
}

func TestScreenIsolateCompareThenApplyOne(t *testing.T) {
	t.Parallel()
	root := gitRepo(t, map[string]string{"main.txt": "one\ntwo\nthree\n"})
	f := newTwoFakes(t,
		llmtest.Script{
			llmtest.Use(llmtest.UseTool("edit_file", `{"path": "main.txt", "old_string": "two", "new_string": "TWO by openai"}`)),
			llmtest.Say("openai is done."),
		},
		llmtest.Script{
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "main.txt", "content": "one\n2\nthree\n"}`),
				llmtest.UseTool("write_file", `{"path": "new.txt", "content": "new by anthropic\n"}`)),
			llmtest.Say("anthropic is done."),
		})
	config := strings.Replace(f.config, "[agent]\n", "[agent]\nauto_approve = \"warning\"\n", 1)
	s := startScreen(t, screenRun{env: f.env, config: config, root: root, w: 160, h: 45,
		args: []string{"--isolate", "--provider", "openai,anthropic"}})
	s.waitFor("openai · test-model · idle · own copy", "anthropic · test-model · idle · own copy", "Works in its own copy")
	s.keys("C-b")
	s.waitFor("Ask every panel")
	s.typeText("fix main.txt")
	s.keys("Enter")
	s.waitFor("openai is done.", "anthropic is done.")
	before := map[string]string{"main.txt": "one\ntwo\nthree\n"}
	if got := readAll(t, root); !sameMap(got, before) {
		t.Fatalf("the root changed while the providers worked in their copies: %v", got)
	}

	s.waitFor("Ask every panel")
	s.typeText("/compare")
	s.keys("Enter")
	s.waitFor("openai: 1 file in", "anthropic: 2 files in", "new.txt", "/apply NAME")

	s.typeText("/compare openai")
	s.keys("Enter")
	s.waitFor("openai's changes", "+TWO by openai", "esc back to the panels")
	s.keys("Escape")
	s.waitFor("Ask every panel")

	s.typeText("/apply anthropic")
	s.keys("Enter")
	s.waitFor("Applied anthropic's changes to", "anthropic · test-model · applied")
	want := map[string]string{"main.txt": "one\n2\nthree\n", "new.txt": "new by anthropic\n"}
	if got := readAll(t, root); !sameMap(got, want) {
		t.Errorf("root after /apply anthropic = %v, want exactly anthropic's changes %v", got, want)
	}

	// openai changed the same line: taking it too must be refused.
	s.typeText("/apply openai")
	s.keys("Enter")
	s.waitFor("the project changed since openai started")
	if got := readAll(t, root); !sameMap(got, want) {
		t.Errorf("a refused /apply changed the root: %v", got)
	}

	s.keys("C-d")
	if status := s.exited(); status != "0" {
		t.Errorf("exit status after Ctrl+D = %s, want 0", status)
	}
	// openai's copy is left for 'agent apply' or 'agent worktrees clean'.
	s.waitFor("openai: changes in", "agent apply PROVIDER")
}
