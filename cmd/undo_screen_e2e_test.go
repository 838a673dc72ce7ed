package cmd_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// The checkpoint store opens on the side while the screen draws its
// first frame: the first change still waits for its checkpoint, and
// /checkpoints lists it.
func TestScreenCheckpointsOpenedOnTheSideCoverTheFirstChange(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "one\n"}`)),
		llmtest.Say("Wrote the notes."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 100, h: 30, args: []string{"--yes", "warning"}})
	s.ask("write the notes")
	s.waitFor("Wrote the notes.")
	s.typeText("/checkpoints")
	s.keys("Enter")
	s.waitFor("Checkpoints of this session", "1 ")
	if _, err := os.Stat(filepath.Join(root, "notes.txt")); err != nil {
		t.Errorf("the write did not happen: %v", err)
	}
}

// When the store cannot open (its directory is a file), /checkpoints
// says why (what the file system answered) instead of listing anything.
func TestScreenCheckpointsThatCannotOpenSayWhy(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	if err := os.MkdirAll(filepath.Join(state, "agent"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "agent", "checkpoints"), []byte("not a directory\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("hi")})
	env := openaiEnv(srv)
	env["XDG_STATE_HOME"] = state // after the screen's own: the last one counts
	s := startScreen(t, screenRun{env: env, root: t.TempDir(), w: 100, h: 30})
	s.waitFor("Ask for a change")
	s.typeText("/checkpoints")
	s.keys("Enter")
	s.waitFor("undo is not available", "not a directory")
}
