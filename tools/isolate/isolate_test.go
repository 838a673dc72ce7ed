package isolate

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// project makes a git repository with one commit of a.txt, then an
// uncommitted change to it and an untracked b.txt, as a person's working
// tree often is.
func project(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "a.txt"), "one\n")
	write(t, filepath.Join(root, ".gitignore"), "ignored.txt\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"}} {
		hostGit(t, root, args...)
	}
	write(t, filepath.Join(root, "a.txt"), "one, edited\n")
	write(t, filepath.Join(root, "b.txt"), "untracked\n")
	write(t, filepath.Join(root, "ignored.txt"), "ignored\n")
	return root
}

func hostGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	c := exec.Command("git", args...)
	c.Dir = dir
	c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// repoState is what a clone must never change in the project's
// repository: its refs, HEAD and config.
func repoState(t *testing.T, root string) string {
	return hostGit(t, root, "for-each-ref") + hostGit(t, root, "rev-parse", "HEAD") + read(t, filepath.Join(root, ".git", "config"))
}

func TestMakeGivesEachProviderWhatThePersonSaw(t *testing.T) {
	t.Parallel()
	root := project(t)
	before := repoState(t, root)
	set := For(t.TempDir(), root)
	if err := Make(t.Context(), root, set, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a", "b"} {
		dir := set.Dir(n)
		if got := read(t, filepath.Join(dir, "a.txt")); got != "one, edited\n" {
			t.Errorf("%s's a.txt = %q, want the uncommitted change", n, got)
		}
		if got := read(t, filepath.Join(dir, "b.txt")); got != "untracked\n" {
			t.Errorf("%s's b.txt = %q, want the untracked file", n, got)
		}
		if _, err := os.Stat(filepath.Join(dir, "ignored.txt")); err == nil {
			t.Errorf("%s's clone has the ignored file", n)
		}
		if remotes := hostGit(t, dir, "remote"); remotes != "" {
			t.Errorf("%s's clone has remotes %q: a push would write to the project", n, remotes)
		}
		w, err := set.Diff(t.Context(), n)
		if err != nil || len(w.Patch) != 0 || w.Summary() != "no changes" {
			t.Errorf("Diff(%s) of a fresh clone = %q, %v; want no changes", n, w.Patch, err)
		}
	}
	if got := set.Providers(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Providers() = %v, want [a b]", got)
	}
	if after := repoState(t, root); after != before {
		t.Errorf("Make changed the project's repository:\nbefore %s\nafter %s", before, after)
	}

	var left *LeftOverError
	err := Make(t.Context(), root, set, []string{"c", "b"})
	if !errors.As(err, &left) || left.Provider != "b" {
		t.Fatalf("Make over a clone of an earlier run = %v, want a *LeftOverError for b", err)
	}
	if set.Has("c") {
		t.Errorf("a refused Make left a clone for c")
	}
}

func TestMakeNeedsACommit(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	hostGit(t, root, "init", "-q")
	set := For(t.TempDir(), root)
	if err := Make(t.Context(), root, set, []string{"a"}); !errors.Is(err, ErrNotARepo) {
		t.Errorf("Make in a repository with no commit = %v, want ErrNotARepo", err)
	}
	if err := Make(t.Context(), t.TempDir(), set, []string{"a"}); !errors.Is(err, ErrNotARepo) {
		t.Errorf("Make outside a repository = %v, want ErrNotARepo", err)
	}
	if set.Has("a") {
		t.Errorf("a refused Make left a clone")
	}
}

func TestApplyTakesOneProvidersWorkAndCheckRefusesAConflict(t *testing.T) {
	t.Parallel()
	root := project(t)
	set := For(t.TempDir(), root)
	if err := Make(t.Context(), root, set, []string{"a", "b", "idle"}); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(set.Dir("a"), "a.txt"), "by a\n")
	write(t, filepath.Join(set.Dir("a"), "new.txt"), "new by a\n")
	write(t, filepath.Join(set.Dir("b"), "a.txt"), "by b\n")

	w, err := set.Diff(t.Context(), "a")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(w.Files, []string{"a.txt", "new.txt"}) || !strings.Contains(w.Summary(), "2 files changed") {
		t.Fatalf("Diff(a) = files %v, summary %q; want a.txt and new.txt", w.Files, w.Summary())
	}
	if err := Check(t.Context(), root, w); err != nil {
		t.Fatal(err)
	}
	if err := Apply(t.Context(), root, w); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(root, "a.txt")) + read(t, filepath.Join(root, "new.txt")); got != "by a\nnew by a\n" {
		t.Errorf("the root after Apply holds %q, want a's work", got)
	}
	if set.Has("a") {
		t.Errorf("a's clone is still there after its work was applied")
	}

	// b edited the same line from what the person saw: it conflicts now.
	wb, err := set.Diff(t.Context(), "b")
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(t.Context(), root, wb); err == nil || !strings.Contains(err.Error(), "the project changed since b started") {
		t.Errorf("Check of a conflicting change = %v, want a refusal naming b", err)
	}
	if got := read(t, filepath.Join(root, "a.txt")); got != "by a\n" {
		t.Errorf("a refused Check changed a.txt to %q", got)
	}

	if _, err := set.Diff(t.Context(), "a"); !errors.Is(err, ErrNoClone) {
		t.Errorf("Diff of an applied clone = %v, want ErrNoClone", err)
	}
	if left := set.DropUnchanged(t.Context(), []string{"a", "b", "idle"}); !slices.Equal(left, []string{"b"}) {
		t.Errorf("DropUnchanged left %v, want only b, which holds work", left)
	}
	if set.Has("idle") || !set.Has("b") {
		t.Errorf("after DropUnchanged: idle kept %v, b kept %v; want idle gone and b kept", set.Has("idle"), set.Has("b"))
	}
	if err := set.RemoveAll(); err != nil || len(set.Providers()) != 0 {
		t.Errorf("RemoveAll = %v, left %v", err, set.Providers())
	}
}

func TestForIsOneDirectoryPerRootWhateverItsSpelling(t *testing.T) {
	t.Parallel()
	state, root := t.TempDir(), t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(root, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if a, b := For(state, root), For(state, link); a != b {
		t.Errorf("For(%s) = %v, For(%s) = %v; want one set", root, a, link, b)
	}
	if a, b := For(state, root), For(state, t.TempDir()); a == b {
		t.Errorf("two roots share the set %v", a)
	}
	if rel, err := filepath.Rel(state, For(state, root).Base); err != nil || strings.HasPrefix(rel, "..") {
		t.Errorf("For(%s).Base = %s, want it under the state directory", root, For(state, root).Base)
	}
}
