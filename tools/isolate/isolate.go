// Package isolate gives each provider of a run its own clone of a project
// (HEAD plus the person's uncommitted changes), reads the work a provider
// did there as a diff from what the person saw, and applies that work back
// to the project when the person takes it.
//
// The project's repository is only ever read: each clone shares its
// objects read-only and has no remote back into it, so nothing is left in
// the project whatever happens in a clone. Every git runs through safegit,
// so nothing a repository's config or hooks name is executed.
//
// What it never does: ask a person, print on its own (Report writes where
// it is told), record sessions or take checkpoints; the caller does those
// and decides whether work is applied or dropped.
package isolate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Baseline is the tag, in each clone's own repository, of the commit
// holding what the person saw when the run started: HEAD plus the
// uncommitted changes. A provider's work is the diff from it.
const Baseline = "agent-baseline"

var (
	// ErrNoClone is returned for a provider with no clone of a root.
	ErrNoClone = errors.New("no worktree")
	// ErrNotARepo is returned by Make for a root that is not a git
	// repository with at least one commit: there is nothing to clone.
	ErrNotARepo = errors.New("no commit to clone")
)

// LeftOverError is returned by Make when a provider still has a clone of
// an earlier run: nothing is made, so that no work is overwritten.
type LeftOverError struct {
	// Provider is whose clone it is; Dir is where.
	Provider, Dir string
}

func (e *LeftOverError) Error() string {
	return fmt.Sprintf("%s still has a worktree of an earlier run (%s)", e.Provider, e.Dir)
}

// Set is the clones of one project root, one directory per provider
// under Base. Its zero value has no clones.
type Set struct {
	// Base is the directory holding this root's clones.
	Base string
}

// For returns the Set of root's clones under the state directory state:
// never inside the project, one directory per root (symbolic links
// resolved, so two spellings of one root share it).
func For(state, root string) Set {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	sum := sha256.Sum256([]byte(root))
	return Set{Base: filepath.Join(state, "worktrees", filepath.Base(root)+"-"+hex.EncodeToString(sum[:6]))}
}

// Dir is the clone of provider.
func (s Set) Dir(provider string) string { return filepath.Join(s.Base, provider) }

// Has reports whether provider has a clone.
func (s Set) Has(provider string) bool {
	_, err := os.Stat(s.Dir(provider))
	return !errors.Is(err, fs.ErrNotExist)
}

// Providers lists, sorted, the providers that have a clone; none when
// Base does not exist.
func (s Set) Providers() []string {
	entries, _ := os.ReadDir(s.Base)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Remove deletes the clones of names, whatever they hold.
func (s Set) Remove(names []string) {
	for _, n := range names {
		os.RemoveAll(s.Dir(n))
	}
}

// RemoveAll deletes every clone of the root, whatever they hold.
func (s Set) RemoveAll() error {
	if err := os.RemoveAll(s.Base); err != nil {
		return fmt.Errorf("remove worktrees: %w", err)
	}
	return nil
}

// Make makes one clone per provider in names from root's HEAD plus its
// uncommitted changes (tracked and untracked, not ignored). Each is a
// clone sharing root's objects read-only, with a Baseline commit of its
// own. It returns an error wrapping ErrNotARepo when root has no commit,
// and a *LeftOverError, changing nothing, when a provider still has a
// clone of an earlier run. When one clone fails, none is left.
func Make(ctx context.Context, root string, s Set, names []string) error {
	if _, err := git(ctx, root, "rev-parse", "--verify", "HEAD^{commit}"); err != nil {
		return fmt.Errorf("%w at %s (%v)", ErrNotARepo, root, err)
	}
	for _, n := range names {
		if s.Has(n) {
			return &LeftOverError{Provider: n, Dir: s.Dir(n)}
		}
	}
	// The person's uncommitted changes, once for every provider.
	patch, err := git(ctx, root, "diff", "--binary", "HEAD")
	if err != nil {
		return fmt.Errorf("read the uncommitted changes: %w", err)
	}
	untracked, err := git(ctx, root, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return fmt.Errorf("list the untracked files: %w", err)
	}
	if err := os.MkdirAll(s.Base, 0o700); err != nil {
		return fmt.Errorf("worktrees: %w", err)
	}
	for _, n := range names {
		if err := makeClone(ctx, root, s.Dir(n), patch, untracked); err != nil {
			s.Remove(names)
			return fmt.Errorf("worktree for %s: %w", n, err)
		}
	}
	return nil
}

// makeClone builds one clone at dir.
func makeClone(ctx context.Context, root, dir string, patch, untracked []byte) error {
	if _, err := git(ctx, "", "clone", "--quiet", "--shared", "--no-checkout", root, dir); err != nil {
		return err
	}
	// No way back into the project's repository: a push from the
	// clone would write to it.
	if _, err := git(ctx, dir, "remote", "remove", "origin"); err != nil {
		return err
	}
	head, err := git(ctx, root, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	if _, err := git(ctx, dir, "checkout", "--quiet", "--detach", strings.TrimSpace(string(head))); err != nil {
		return err
	}
	if len(patch) > 0 {
		if _, err := gitIn(ctx, dir, patch, "apply", "--binary", "--whitespace=nowarn"); err != nil {
			return fmt.Errorf("apply the uncommitted changes: %w", err)
		}
	}
	for _, rel := range strings.Split(strings.TrimRight(string(untracked), "\x00"), "\x00") {
		if rel == "" {
			continue
		}
		if err := copyFile(filepath.Join(root, rel), filepath.Join(dir, rel)); err != nil {
			return fmt.Errorf("copy untracked %s: %w", rel, err)
		}
	}
	if _, err := git(ctx, dir, "add", "-A"); err != nil {
		return err
	}
	if _, err := git(ctx, dir, "commit", "--quiet", "--allow-empty", "--no-verify", "-m", "agent: what the person saw"); err != nil {
		return err
	}
	_, err = git(ctx, dir, "tag", Baseline)
	return err
}

// copyFile copies a regular file or a symlink, with its mode.
func copyFile(src, dst string) error {
	fi, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	}
	if !fi.Mode().IsRegular() {
		return nil // sockets, fifos: nothing to give the model
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, fi.Mode().Perm())
}
