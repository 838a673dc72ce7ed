package cmd_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A call the person changes into one that needs no approval runs at once,
// and the tool line still says the person changed it.
func TestRunModifiedIntoASafeCallSaysSo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", `{"command": "touch one.txt"}`)),
		llmtest.Say("Done."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 120, h: 30, args: []string{"run", "make a file"}})
	s.waitFor("    touch one.txt", "[a]pprove [d]eny [m]odify [v]iew diff")
	s.typeText("m")
	s.keys("Enter")
	s.waitFor("new command (or JSON arguments): touch one.txt")
	for range len("touch one.txt") {
		s.keys("BSpace")
	}
	s.typeText("ls")
	s.keys("Enter")
	s.waitFor("[safe] shell: ls", "(modified, then approved)")
	if st := s.exited(); st != "0" {
		t.Errorf("agent run exited with status %s:\n%s", st, s.capture())
	}
}
