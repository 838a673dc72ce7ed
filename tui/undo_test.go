package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/checkpoint"
)

func TestUndoShowsTheDiffAndRestoresOnlyOnYes(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: checkpoints need it")
	}
	root := t.TempDir()
	file := filepath.Join(root, "main.go")
	if err := os.WriteFile(file, []byte("package main // before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := checkpoint.Open(t.TempDir(), root)
	if err != nil {
		t.Fatal(err)
	}
	cps := store.Session("s1")
	if _, err := cps.Checkpoint(t.Context(), "write_file main.go (openai)"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("package main // after\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := testOptions
	opts.Undo = cps
	m, b, _ := newTestModel(t, nil, opts)
	m.Update(tea80x24)

	typeText(m, "/checkpoints")
	press(m, keyEnter)
	settle(m, b)
	if out := screen(m); !strings.Contains(out, "write_file main.go (openai)") {
		t.Errorf("/checkpoints does not list the checkpoint:\n%s", out)
	}

	typeText(m, "/undo")
	press(m, keyEnter)
	settle(m, b)
	out := screen(m)
	if !strings.Contains(out, "-package main // after") || !strings.Contains(out, "/undo yes") {
		t.Errorf("/undo does not show the diff and how to confirm:\n%s", out)
	}
	if got, _ := os.ReadFile(file); string(got) != "package main // after\n" {
		t.Fatalf("/undo changed the file before it was confirmed: %q", got)
	}

	typeText(m, "/undo yes")
	press(m, keyEnter)
	settle(m, b)
	if got, _ := os.ReadFile(file); string(got) != "package main // before\n" {
		t.Errorf("after /undo yes main.go = %q, want it restored", got)
	}
	if out := screen(m); !strings.Contains(out, "Restored 1 file to checkpoint 1") {
		t.Errorf("no confirmation of the restore:\n%s", out)
	}
	typeText(m, "/undo yes")
	press(m, keyEnter)
	if !strings.Contains(screen(m), "nothing to confirm") {
		t.Errorf("a second /undo yes did not say there is nothing to confirm:\n%s", screen(m))
	}
}

func TestUndoWithoutASessionSaysSo(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	typeText(m, "/undo")
	press(m, keyEnter)
	if !strings.Contains(screen(m), "undo is not available") {
		t.Errorf("/undo without checkpoints:\n%s", screen(m))
	}
}
