package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// missingGitDirCases are roots whose git directory is named but missing:
// a hostile repository (or archive) can ship any of them, and a command
// that creates the named directory makes the root a repository whose
// config the person's own git runs. Each returns the root and the path
// MissingGitDirs must name.
var missingGitDirCases = map[string]func(t *testing.T, root string) string{
	"a .git link to nothing in the root": func(t *testing.T, root string) string {
		mustSymlink(t, "gitstuff", filepath.Join(root, ".git"))
		return filepath.Join(root, ".git")
	},
	"a .git link to nothing outside the root": func(t *testing.T, root string) string {
		mustSymlink(t, filepath.Join(t.TempDir(), "gone"), filepath.Join(root, ".git"))
		return filepath.Join(root, ".git")
	},
	"a gitfile to nothing in the root": func(t *testing.T, root string) string {
		mustWrite(t, filepath.Join(root, ".git"), "gitdir: gitstuff\n")
		return filepath.Join(root, "gitstuff")
	},
	"a gitfile to an absolute path that does not exist": func(t *testing.T, root string) string {
		gone := filepath.Join(t.TempDir(), "gone")
		mustWrite(t, filepath.Join(root, ".git"), "gitdir: "+gone+"\n")
		return gone
	},
	"a worktree whose commondir is gone": func(t *testing.T, root string) string {
		wt := filepath.Join(t.TempDir(), "wt")
		mustWrite(t, filepath.Join(wt, "HEAD"), "ref: refs/heads/main\n")
		mustWrite(t, filepath.Join(wt, "commondir"), "../common\n")
		mustWrite(t, filepath.Join(root, ".git"), "gitdir: "+wt+"\n")
		return filepath.Join(wt, "../common")
	},
	"a submodule's gitfile to nothing": func(t *testing.T, root string) string {
		mustWrite(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n")
		mustWrite(t, filepath.Join(root, ".gitmodules"), "[submodule \"sub\"]\n\tpath = sub\n\turl = ./x\n")
		mustWrite(t, filepath.Join(root, "sub", ".git"), "gitdir: ../subgit\n")
		return filepath.Join(root, "sub", "../subgit")
	},
}

func TestMissingGitDirs(t *testing.T) {
	t.Parallel()
	for name, make := range missingGitDirCases {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			want := make(t, root)
			if got := MissingGitDirs(root); !slices.Contains(got, want) {
				t.Errorf("MissingGitDirs = %q, want it to name %q", got, want)
			}
		})
	}
	// What exists, or is not named at all, is not missing.
	root := t.TempDir()
	if got := MissingGitDirs(root); len(got) != 0 {
		t.Errorf("a root without .git: MissingGitDirs = %q, want none", got)
	}
	mustWrite(t, filepath.Join(root, "real", "HEAD"), "ref: refs/heads/main\n")
	mustWrite(t, filepath.Join(root, ".git"), "gitdir: real\n")
	if got := MissingGitDirs(root); len(got) != 0 {
		t.Errorf("a gitfile to a repository: MissingGitDirs = %q, want none", got)
	}
}

// TestSeatbeltRefusesAMissingGitDir: Command refuses before it builds a
// profile, on every OS.
func TestSeatbeltRefusesAMissingGitDir(t *testing.T) {
	t.Parallel()
	for name, make := range missingGitDirCases {
		root := t.TempDir()
		make(t, root)
		_, err := newSeatbelt(Config{}, Report{Seatbelt: true}, nil).Command(t.Context(), Options{Root: root}, []string{"true"})
		if !errors.Is(err, ErrMissingGitDir) {
			t.Errorf("%s: Command = %v, want ErrMissingGitDir", name, err)
		}
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mustWrite(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
