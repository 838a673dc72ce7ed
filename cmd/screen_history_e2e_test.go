package cmd_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A prompt sent in one session of the screen comes back with Up in the
// next one, in the same project.
func TestScreenPromptHistorySurvivesARestart(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("First answer.")})
	env := openaiEnv(srv)
	env["XDG_STATE_HOME"] = t.TempDir() // shared by both screens
	s := startScreen(t, screenRun{env: env, root: root, w: 100, h: 30})
	s.ask("explain the build")
	s.waitFor("First answer.")
	s.keys("C-d")
	if st := s.exited(); st != "0" {
		t.Fatalf("the first screen exited with %s", st)
	}

	s = startScreen(t, screenRun{env: env, root: root, w: 100, h: 30})
	s.waitFor("Ask for a change")
	s.keys("Up")
	s.waitFor("> explain the build")
}

// Typing / lists the commands; Tab completes one; Ctrl+C clears what is
// typed and says a second one quits.
func TestScreenSlashCompletionAndCtrlC(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("unused")})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: t.TempDir(), w: 100, h: 30})
	s.waitFor("Ask for a change")
	s.typeText("/pro")
	s.waitFor("/providers", "the panels and the configured providers", "tab completes")
	s.keys("Tab")
	s.waitFor("> /providers")
	s.keys("C-c")
	s.waitFor("prompt cleared (↑ brings it back); Ctrl+C again quits")
	s.keys("C-c")
	if st := s.exited(); st != "0" {
		t.Errorf("agent exited with %s after two Ctrl+C", st)
	}
}
