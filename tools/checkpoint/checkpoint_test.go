package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// needGit skips a test on a machine without git.
func needGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

// write creates root/rel with content.
func write(t testing.TB, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// read returns root/rel's content, or "<absent>".
func read(t testing.TB, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if errors.Is(err, os.ErrNotExist) {
		return "<absent>"
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sh runs a shell command in dir, as an agent's shell tool would.
func sh(t testing.TB, dir, command string) string {
	t.Helper()
	c := exec.Command("bash", "-c", command)
	c.Dir = dir
	c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", command, err, out)
	}
	return string(out)
}

// newSession opens a store on a fresh state directory for root.
func newSession(t testing.TB, root string) *Session {
	t.Helper()
	s, err := Open(t.TempDir(), root)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s.Session("test-session")
}

// gitState is what a person sees of their repository: status, stash,
// refs and the index file itself.
func gitState(t testing.TB, root string) string {
	t.Helper()
	index, err := os.ReadFile(filepath.Join(root, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("index %x\n", index) +
		sh(t, root, "git --no-optional-locks status --porcelain --untracked-files=all; git stash list; git for-each-ref; git rev-parse HEAD")
}

func TestUndoRestoresWhatActionsChanged(t *testing.T) {
	needGit(t)
	for _, inRepo := range []bool{false, true} {
		name := "outside a git repository"
		if inRepo {
			name = "in a git repository, whose git state stays as it was"
		}
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, "main.go", "package main\n// old\n")
			write(t, root, "doomed.txt", "keep me\n")
			write(t, root, "dir/nested.txt", "nested\n")
			write(t, root, ".gitignore", "*.log\n")
			write(t, root, "build.log", "ignored before\n")
			var before string
			if inRepo {
				sh(t, root, "git init -q && git add -A && git commit -qm first && echo wip >> main.go && git stash -q && git branch feature")
				write(t, root, "untracked.txt", "mine\n")
				before = gitState(t, root)
			}
			c := newSession(t, root)

			// write_file: the checkpoint is taken first, then the write.
			if _, err := c.Checkpoint(t.Context(), "write_file: write main.go"); err != nil {
				t.Fatal(err)
			}
			write(t, root, "main.go", "package main\n// new\n")
			// A shell command: sed -i, rm, new files, a new directory.
			if _, err := c.Checkpoint(t.Context(), "shell: sed, rm, touch"); err != nil {
				t.Fatal(err)
			}
			sh(t, root, "sed -i 's/new/newer/' main.go && rm doomed.txt && rm -r dir && mkdir -p gen/sub && echo x > gen/sub/new.txt && echo y > fresh.txt && echo z > other.log")

			u, err := c.Preview(t.Context(), 1)
			if err != nil {
				t.Fatalf("Preview(1) = %v", err)
			}
			for _, want := range []string{"-// newer", "+// old", "+keep me", "-x"} {
				if !strings.Contains(u.Diff, want) {
					t.Errorf("Preview(1).Diff lacks %q:\n%s", want, u.Diff)
				}
			}
			if _, err := c.Apply(t.Context(), u); err != nil {
				t.Fatalf("Apply = %v", err)
			}
			for rel, want := range map[string]string{
				"main.go":         "package main\n// old\n",
				"doomed.txt":      "keep me\n",
				"dir/nested.txt":  "nested\n",
				"gen/sub/new.txt": "<absent>",
				"fresh.txt":       "<absent>",
				"build.log":       "ignored before\n",
				"other.log":       "z\n", // ignored: never touched
			} {
				if got := read(t, root, rel); got != want {
					t.Errorf("after undo, %s = %q, want %q", rel, got, want)
				}
			}
			if _, err := os.Stat(filepath.Join(root, "gen")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("after undo, gen/ still exists (%v); want the directories the command made removed", err)
			}
			if inRepo {
				if after := gitState(t, root); after != before {
					t.Errorf("the repository's git state changed:\nbefore:\n%s\nafter:\n%s", before, after)
				}
			}
		})
	}
}

func TestUndoWithoutNumberStepsBackOneActionAtATime(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	c := newSession(t, root)
	for i, content := range []string{"one\n", "two\n", "three\n"} {
		if _, err := c.Checkpoint(t.Context(), fmt.Sprintf("write %d", i+1)); err != nil {
			t.Fatal(err)
		}
		write(t, root, "f.txt", content)
	}
	// An action that changed nothing leaves a checkpoint equal to the files.
	if _, err := c.Checkpoint(t.Context(), "shell: ls"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"two\n", "one\n", "<absent>"} {
		u, err := c.Preview(t.Context(), 0)
		if err != nil {
			t.Fatalf("Preview(0) = %v, want the checkpoint before %q", err, want)
		}
		if _, err := c.Apply(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		if got := read(t, root, "f.txt"); got != want {
			t.Errorf("after undo to %d (%s), f.txt = %q, want %q", u.Target.N, u.Target.Label, got, want)
		}
	}
	if _, err := c.Preview(t.Context(), 0); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Preview(0) at the first state = %v, want ErrNothingToUndo", err)
	}
	// The first undo recorded "three": restoring it is a redo.
	cps, err := c.List(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var redo int
	for _, cp := range cps {
		if cp.UndoOf == 3 {
			redo = cp.N
		}
	}
	if redo == 0 {
		t.Fatalf("List = %+v, want an undo checkpoint of 3", cps)
	}
	u, err := c.Preview(t.Context(), redo)
	if err != nil {
		t.Fatal(err)
	}
	c.Apply(t.Context(), u)
	if got := read(t, root, "f.txt"); got != "three\n" {
		t.Errorf("after restoring the undo checkpoint, f.txt = %q, want %q", got, "three\n")
	}
}

func TestListNumbersCheckpointsWithTheirLabels(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	c := newSession(t, root)
	if cps, err := c.List(t.Context()); err != nil || len(cps) != 0 {
		t.Fatalf("List of a new session = %v, %v; want none", cps, err)
	}
	labels := []string{"write_file: write a.txt (openai)", "shell: rm -rf build\nand more (ollama)"}
	for _, l := range labels {
		if _, err := c.Checkpoint(t.Context(), l); err != nil {
			t.Fatal(err)
		}
	}
	cps, err := c.List(t.Context())
	if err != nil || len(cps) != 2 {
		t.Fatalf("List = %+v, %v; want 2", cps, err)
	}
	for i, cp := range cps {
		if cp.N != i+1 || cp.Label != labels[i] || cp.UndoOf != 0 || cp.Time.IsZero() {
			t.Errorf("List()[%d] = %+v, want number %d labelled %q", i, cp, i+1, labels[i])
		}
	}
	other := c.s.Session("other")
	if cps, _ := other.List(t.Context()); len(cps) != 0 {
		t.Errorf("another session's List = %+v, want none", cps)
	}
}

func TestApplyRefusesWhenFilesChangedSincePreview(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	c := newSession(t, root)
	c.Checkpoint(t.Context(), "write")
	write(t, root, "f.txt", "agent\n")
	u, err := c.Preview(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, "f.txt", "person typed this meanwhile\n")
	if _, err := c.Apply(t.Context(), u); !errors.Is(err, ErrChanged) {
		t.Errorf("Apply after a change = %v, want ErrChanged", err)
	}
	if got := read(t, root, "f.txt"); got != "person typed this meanwhile\n" {
		t.Errorf("f.txt = %q, want the person's change kept", got)
	}
}

func TestPreviewOfAMissingCheckpoint(t *testing.T) {
	needGit(t)
	c := newSession(t, t.TempDir())
	if _, err := c.Preview(t.Context(), 3); !errors.Is(err, ErrNotFound) {
		t.Errorf("Preview(3) with no checkpoints = %v, want ErrNotFound", err)
	}
	if _, err := c.Preview(t.Context(), 0); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Preview(0) with no checkpoints = %v, want ErrNothingToUndo", err)
	}
}

func TestConcurrentCheckpointsAllLand(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	state := t.TempDir()
	write(t, root, "f.txt", "x\n")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			// Separate stores share the shadow repository, as two agent
			// processes in one root do.
			s, err := Open(state, root)
			if err != nil {
				errs <- err
				return
			}
			c := s.Session("s")
			if _, err := c.Checkpoint(t.Context(), fmt.Sprintf("call %d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s, _ := Open(state, root)
	if cps, err := s.Session("s").List(t.Context()); err != nil || len(cps) != 8 {
		t.Errorf("List after 8 concurrent checkpoints = %d, %v; want 8", len(cps), err)
	}
}

func TestDropSessionForgetsItsCheckpoints(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	c := newSession(t, root)
	c.Checkpoint(t.Context(), "one")
	if err := c.s.DropSession(t.Context(), c.ID()); err != nil {
		t.Fatal(err)
	}
	if cps, err := c.List(t.Context()); err != nil || len(cps) != 0 {
		t.Errorf("List after DropSession = %v, %v; want none", cps, err)
	}
	if err := c.s.DropSession(t.Context(), "never-existed"); err != nil {
		t.Errorf("DropSession of an unknown session = %v, want nil", err)
	}
}

func TestCancelledCheckpointRecordsNothing(t *testing.T) {
	needGit(t)
	c := newSession(t, t.TempDir())
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := c.Checkpoint(ctx, "x"); err == nil {
		t.Error("Checkpoint with a cancelled context = nil error")
	}
	if cps, _ := c.List(t.Context()); len(cps) != 0 {
		t.Errorf("List = %+v, want nothing recorded", cps)
	}
}

// The person's GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE do not move the
// shadow repository onto their own; filters and an fsmonitor that the
// root's attributes, the person's global config or a planted one name
// never run.
func TestCheckpointsIgnoreThePersonsGitVariablesAndPlantedPrograms(t *testing.T) {
	needGit(t)
	theirs := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", theirs).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	home := t.TempDir()
	marker := filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(home, "evil")
	os.WriteFile(script, []byte("#!/bin/sh\necho ran >> '"+marker+"'\ncat\n"), 0o755)
	os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[filter \"evil\"]\n\tclean = "+script+
		"\n\tprocess = "+script+"\n[core]\n\tfsmonitor = "+script+"\n[diff \"evil\"]\n\ttextconv = "+script+"\n"), 0o644)
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_DIR", filepath.Join(theirs, ".git"))
	t.Setenv("GIT_WORK_TREE", theirs)
	t.Setenv("GIT_INDEX_FILE", filepath.Join(theirs, ".git", "index"))
	t.Setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='"+script+"'")

	root := t.TempDir()
	write(t, root, ".gitattributes", "* filter=evil diff=evil\n")
	write(t, root, "a.txt", "one\n")
	c := newSession(t, root)
	if _, err := c.Checkpoint(t.Context(), "first"); err != nil {
		t.Fatal(err)
	}
	write(t, root, "a.txt", "two\n")
	if _, err := c.Checkpoint(t.Context(), "second"); err != nil {
		t.Fatal(err)
	}
	u, err := c.Preview(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(got) != "one\n" {
		t.Errorf("after the undo a.txt = %q, want %q", got, "one\n")
	}
	if b, _ := os.ReadFile(marker); len(b) > 0 {
		t.Errorf("a planted program ran %d times", strings.Count(string(b), "ran"))
	}
	if _, err := os.Stat(filepath.Join(theirs, ".git", "index")); err == nil {
		t.Error("the person's repository got an index: the checkpoint wrote into it")
	}
}

// Running agent in a home directory puts its state under the root: it is
// never recorded, so an undo never removes sessions or checkpoints.
func TestStateInsideTheRootIsNeverRecorded(t *testing.T) {
	needGit(t)
	root := t.TempDir()
	state := filepath.Join(root, ".local", "state", "agent")
	s, err := Open(filepath.Join(state, "checkpoints"), root, state)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Session("s")
	write(t, root, "a.txt", "one\n")
	write(t, state, "sessions/x.jsonl", "{}\n")
	if _, err := c.Checkpoint(t.Context(), "write"); err != nil {
		t.Fatal(err)
	}
	write(t, root, "a.txt", "two\n")
	write(t, state, "sessions/y.jsonl", "{}\n")
	u, err := c.Preview(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Changes) != 1 || u.Changes[0].Path != "a.txt" {
		t.Errorf("Preview(1).Changes = %+v, want only a.txt", u.Changes)
	}
	if _, err := c.Apply(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if read(t, state, "sessions/y.jsonl") != "{}\n" {
		t.Error("undo removed a session file written after the checkpoint")
	}
}
