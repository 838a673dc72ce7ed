package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// personGit runs the person's own git, unconfined, in dir and returns its
// output; it fails t when git fails.
func personGit(t *testing.T, dir, home string, args ...string) string {
	t.Helper()
	git := exec.Command("git", args...)
	git.Dir = dir
	git.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com"}
	out, err := git.CombinedOutput()
	if err != nil {
		t.Fatalf("git %q in %s: %v\n%s", args, dir, err, out)
	}
	return string(out)
}

// TestPlaceholdersLeaveThePersonsGitAlone: the empty entries the sandbox
// makes (and leaves, see docs/sandbox.md) change nothing the person's own
// git shows: a root without .git inside the person's repository (an empty
// .git is no repository, git does not list it), and a repository that
// lacked hooks/, info/, modules/, worktrees/ and objects/info/alternates
// (the git tool's placeholders).
func TestPlaceholdersLeaveThePersonsGitAlone(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	sb := isolatedSandbox(t, DefaultConfig())
	type view struct{ status, log, fsck string }
	look := func(dir, home string) view {
		return view{
			status: personGit(t, dir, home, "status", "--porcelain", "--untracked-files=all", "--ignored"),
			log:    personGit(t, dir, home, "log", "--oneline", "--all"),
			fsck:   personGit(t, dir, home, "fsck", "--no-progress"),
		}
	}

	t.Run("a root without .git in the person's repository", func(t *testing.T) {
		f := newFixture(t)
		outer := filepath.Join(f.root, "outer")
		root := filepath.Join(outer, "sub")
		writeFile(t, filepath.Join(root, "a.txt"), "a\n")
		personGit(t, outer, f.home, "init", "-q")
		personGit(t, outer, f.home, "add", "-A")
		personGit(t, outer, f.home, "commit", "-qm", "one")
		writeFile(t, filepath.Join(root, "b.txt"), "b\n")
		before := look(outer, f.home)
		opts := f.opts()
		opts.Root = root
		if got := run(t, sb, opts, f.env(), "bash", "-c", "true"); got.code != 0 {
			t.Fatalf("a command in the root: exit %d, %s", got.code, got.stderr)
		}
		if fi, err := os.Stat(filepath.Join(root, ".git")); err != nil || !fi.IsDir() {
			t.Fatalf("the placeholder .git: %v, want an empty directory", err)
		}
		if after := look(outer, f.home); after != before {
			t.Errorf("the person's git shows %+v after the placeholder, %+v before", after, before)
		}
		if top := personGit(t, root, f.home, "rev-parse", "--show-toplevel"); top != outer+"\n" {
			t.Errorf("git in the root finds the repository %q, want %s", top, outer)
		}
	})

	t.Run("a repository that lacked the git tool's entries", func(t *testing.T) {
		f := newFixture(t)
		writeFile(t, filepath.Join(f.root, "a.txt"), "a\n")
		personGit(t, f.root, f.home, "init", "-q")
		personGit(t, f.root, f.home, "add", "-A")
		personGit(t, f.root, f.home, "commit", "-qm", "one")
		g := filepath.Join(f.root, ".git")
		for _, e := range []string{"hooks", "info", "modules", "worktrees", "objects/info/alternates"} {
			if err := os.RemoveAll(filepath.Join(g, e)); err != nil {
				t.Fatal(err)
			}
		}
		before := look(f.root, f.home)
		opts := f.opts()
		opts.Git = GitObjectsAndRefs
		if got := run(t, sb, opts, f.env(), "bash", "-c", "true"); got.code != 0 {
			t.Fatalf("a git tool command: exit %d, %s", got.code, got.stderr)
		}
		for _, e := range []string{"hooks", "info", "modules", "worktrees", "objects/info/alternates"} {
			if _, err := os.Lstat(filepath.Join(g, e)); err != nil {
				t.Errorf("placeholder %s: %v", e, err)
			}
		}
		if after := look(f.root, f.home); after != before {
			t.Errorf("the person's git shows %+v after the placeholders, %+v before", after, before)
		}
		// And the person's next commit works as before.
		writeFile(t, filepath.Join(f.root, "b.txt"), "b\n")
		personGit(t, f.root, f.home, "add", "-A")
		personGit(t, f.root, f.home, "commit", "-qm", "two")
	})
}
