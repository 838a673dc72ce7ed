package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// makeRepoAttacks try to make the root a repository, or to replace the
// empty .git that stands for none: every one must fail.
var makeRepoAttacks = []string{
	`git init -q .`,
	`git init -q --separate-git-dir "$ROOT/elsewhere.git" .`,
	`mkdir .git/hooks`,
	`printf '[core]\n\tfsmonitor = touch /tmp/pwned\n' > .git/config`,
	`echo 'ref: refs/heads/main' > .git/HEAD`,
	`rmdir .git && mkdir .git`,
	`rm -rf .git && printf 'gitdir: evil.git\n' > .git`,
	`mv .git old.git`,
	`mkdir evil.git && mv -T evil.git .git`,
	`printf 'gitdir: evil.git\n' > gitfile && mv -T gitfile .git`,
	`ln -s evil.git x && mv -T x .git`,
	`ln -sfn evil.git .git`,
	`cd /proc/self/root"$ROOT" && mkdir .git/objects`,
}

func TestARootWithoutGitCannotBecomeARepository(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	for _, access := range []GitAccess{GitReadOnly, GitObjectsAndRefs} {
		f := newFixture(t)
		opts := f.opts()
		opts.Git = access
		for _, attack := range makeRepoAttacks {
			if got := run(t, sb, opts, f.env(), "bash", "-c", attack); got.code == 0 {
				t.Errorf("access %v: %s: exit 0, want it refused", access, attack)
			}
		}
		entries, err := os.ReadDir(filepath.Join(f.root, ".git"))
		if err != nil || len(entries) != 0 {
			t.Errorf("access %v: the root's .git is %v, %v; want an empty directory", access, entries, err)
		}
		// The person's own git, unconfined, finds no repository there.
		git := exec.Command("git", "rev-parse", "--git-dir")
		git.Dir = f.root
		git.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + f.home, "GIT_CEILING_DIRECTORIES=" + filepath.Dir(f.root)}
		if out, err := git.CombinedOutput(); err == nil {
			t.Errorf("access %v: git rev-parse in the root found a repository: %s", access, out)
		}
		// The rest of the root stays writable, nested repositories too
		// (see docs/sandbox.md).
		if got := run(t, sb, opts, f.env(), "bash", "-c", `echo ok > new.txt && git init -q sub`); got.code != 0 {
			t.Errorf("access %v: writing the root: exit %d; %s", access, got.code, got.stderr)
		}
	}
}

func TestTheGitToolCannotCreateMissingProgramEntries(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	g := filepath.Join(f.root, ".git")
	// A repository that misses every entry it can miss: a hand-made or a
	// stripped one.
	for name, content := range map[string]string{
		"HEAD": "ref: refs/heads/main\n", "objects/ab/cdef0123": "object",
		"refs/heads/main": "0123456789012345678901234567890123456789\n",
	} {
		writeFile(t, filepath.Join(g, name), content)
	}
	opts := f.opts()
	opts.Git = GitObjectsAndRefs
	refused := []string{
		`mkdir "$G/hooks"`,
		`mkdir -p "$G/hooks" && printf '#!/bin/sh\ntouch /tmp/pwned\n' > "$G/hooks/pre-commit"`,
		`printf '[core]\n\tfsmonitor = touch /tmp/pwned\n' > "$G/config"`,
		`echo '* filter=evil' > "$G/info/attributes"`,
		`mkdir -p "$G/info" && echo x > "$G/info/attributes"`,
		`mkdir -p "$G/modules/sub" && echo '[core]' > "$G/modules/sub/config"`,
		`mkdir -p "$G/worktrees/wt"`,
		`echo /elsewhere/objects > "$G/objects/info/alternates"`,
		`rm -rf "$G/hooks"`,
		`git --git-dir="$G" config core.fsmonitor 'touch /tmp/pwned'`,
	}
	for _, cmd := range refused {
		if got := run(t, sb, opts, f.env("G="+g), "bash", "-c", cmd); got.code == 0 {
			t.Errorf("%s with the git tool's access: exit 0, want it refused", cmd)
		}
	}
	for _, dir := range placeholderDirs {
		if entries, err := os.ReadDir(filepath.Join(g, dir)); err != nil || len(entries) != 0 {
			t.Errorf("%s: %v, %v; want an empty directory", dir, entries, err)
		}
	}
	for _, file := range placeholderFiles {
		if data, err := os.ReadFile(filepath.Join(g, file)); err != nil || len(data) != 0 {
			t.Errorf("%s: %q, %v; want an empty file", file, data, err)
		}
	}
	// Objects, refs and the index are still the git tool's to write.
	allowed := `echo new > "$G/objects/ab/new" && echo 1111111111111111111111111111111111111111 > "$G/refs/heads/topic" && echo DIRC > "$G/index"`
	if got := run(t, sb, opts, f.env("G="+g), "bash", "-c", allowed); got.code != 0 {
		t.Errorf("writing objects, refs and the index: exit %d; %s", got.code, got.stderr)
	}
}

func TestGitReadOnlyPathsOfIncompleteGitDirs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	g := filepath.Join(root, ".git")
	writeFile(t, filepath.Join(g, "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(g, "config"), "")
	// Without the placeholders, a repository that misses hooks/ is
	// read-only as a whole, even for the git tool.
	if got := GitReadOnlyPaths(root, GitObjectsAndRefs); !slices.Contains(got, g) {
		t.Errorf("GitReadOnlyPaths of a repository without hooks/ = %q, want %s itself", got, g)
	}
	MakeGitPlaceholders(root, GitObjectsAndRefs)
	got := GitReadOnlyPaths(root, GitObjectsAndRefs)
	for _, e := range []string{"config", "hooks", "info", "modules", "worktrees", "objects/info/alternates"} {
		if !slices.Contains(got, filepath.Join(g, e)) {
			t.Errorf("GitReadOnlyPaths after MakeGitPlaceholders = %q, want %s in it", got, e)
		}
	}
	if slices.Contains(got, g) {
		t.Errorf("GitReadOnlyPaths after MakeGitPlaceholders = %q: the whole git directory, want its entries", got)
	}
	// What exists is never changed.
	if data, _ := os.ReadFile(filepath.Join(g, "HEAD")); !strings.HasPrefix(string(data), "ref:") {
		t.Errorf("HEAD changed: %q", data)
	}
}

func TestCargoSeesThePersonsConfigButNoCredentials(t *testing.T) {
	t.Parallel()
	const canary = "CANARY-cargo-9e2"
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	writeFile(t, filepath.Join(f.home, ".cargo", "config.toml"), "[source.crates-io]\nreplace-with = \"mirror\"\n")
	writeFile(t, filepath.Join(f.home, ".cargo", "credentials.toml"), "[registry]\ntoken = \""+canary+"\"\n")
	opts := f.opts()
	opts.CacheDir = t.TempDir()
	// A command of the project planted a link where the config goes.
	if err := os.MkdirAll(filepath.Join(opts.CacheDir, "cargo"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(f.home, "elsewhere"), filepath.Join(opts.CacheDir, "cargo", "config.toml")); err != nil {
		t.Fatal(err)
	}
	got := run(t, sb, opts, f.env(), "bash", "-c", `cat "$CARGO_HOME/config.toml"; cat "$CARGO_HOME/credentials.toml" "$HOME/.cargo/credentials.toml"`)
	if !strings.Contains(got.stdout, "replace-with") {
		t.Errorf("the person's cargo config is not in the private CARGO_HOME: %q; %s", got.stdout, got.stderr)
	}
	if strings.Contains(got.stdout+got.stderr, canary) {
		t.Errorf("cargo's credentials came out: %q", got.stdout)
	}
	if _, err := os.Lstat(filepath.Join(f.home, "elsewhere")); err == nil {
		t.Errorf("the helper followed the planted link and made %s", filepath.Join(f.home, "elsewhere"))
	}
	for _, attack := range []string{
		`echo '[build]' >> "$CARGO_HOME/config.toml"`,
		`rm -f "$CARGO_HOME/config.toml"`,
		`mv "$CARGO_HOME/config.toml" "$CARGO_HOME/old"`,
	} {
		if got := run(t, sb, opts, f.env(), "bash", "-c", attack); got.code == 0 {
			t.Errorf("%s: exit 0, want it refused", attack)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(f.home, ".cargo", "config.toml")); strings.Contains(string(data), "[build]") {
		t.Errorf("the person's cargo config was changed: %q", data)
	}
}

// TestNoCommandRunsWhileAGitDirIsMissing: a root whose .git names a git
// directory that does not exist (shipped by a hostile repository) would
// let a command create it, as a repository with a config of its choosing
// (what a dangling .git link did before this check); Command refuses
// instead, for shell commands and the git tool.
func TestNoCommandRunsWhileAGitDirIsMissing(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	for name, make := range missingGitDirCases {
		for _, access := range []GitAccess{GitReadOnly, GitObjectsAndRefs} {
			f := newFixture(t)
			make(t, f.root)
			opts := f.opts()
			opts.Git = access
			if _, err := sb.Command(t.Context(), opts, []string{"bash", "-c", "git init -q gitstuff"}); !errors.Is(err, ErrMissingGitDir) {
				t.Errorf("%s, access %v: Command = %v, want ErrMissingGitDir", name, access, err)
			}
		}
	}
}
