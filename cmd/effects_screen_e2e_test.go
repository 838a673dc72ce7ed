package cmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A command that edits two files opens the modal with the real diff of
// both; Deny leaves the project as it was; Approve applies exactly that
// diff; agent undo takes it back.
func TestScreenEffectsShowTheRealDiffAndApplyIt(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	root := t.TempDir()
	write := func(rel, content string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.txt", "one\ntwo\n")
	write("b.txt", "first\n")
	const edit = `{"command": "sed -i 's/one/ONE/' a.txt && echo second >> b.txt"}`
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("shell", edit)),
		llmtest.Say("Left them as they were."),
		llmtest.Use(llmtest.UseTool("shell", edit)),
		llmtest.Say("Changed both."),
	})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: root, w: 120, h: 50})
	before := treeSums(t, root, nil)

	s.waitFor("sandbox: approvals by")
	s.ask("change the files")
	s.approval("It ran confined", "modify a.txt (+1 -1)", "--- a/b.txt", "-one", "+ONE", "+second")
	s.keys("d")
	s.waitFor("Reason, sent to the model")
	s.keys("Enter")
	s.waitFor("Left them as they were.")
	if diff := diffTrees(before, treeSums(t, root, nil)); len(diff) > 0 {
		t.Fatalf("the project changed after a denial: %v", diff)
	}

	s.ask("change them after all")
	s.approval("It ran confined", "modify a.txt (+1 -1)")
	s.keys("a")
	s.waitFor("Changed both.")
	for rel, want := range map[string]string{"a.txt": "ONE\ntwo\n", "b.txt": "first\nsecond\n"} {
		if got, _ := os.ReadFile(filepath.Join(root, rel)); string(got) != want {
			t.Errorf("%s = %q after approval, want %q", rel, got, want)
		}
	}
	if entries, _ := os.ReadDir(root); len(entries) != 2 {
		t.Errorf("the project holds %d entries after approval, want a.txt and b.txt alone", len(entries))
	}

	r := run(t, agentCmd(t, s.home, nil, "undo", "--yes", "--root", root))
	if r.code != 0 {
		t.Fatalf("agent undo: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if diff := diffTrees(before, treeSums(t, root, nil)); len(diff) > 0 {
		t.Errorf("agent undo did not take the change back: %v differ\n%s", diff, strings.TrimSpace(r.stdout))
	}
}
