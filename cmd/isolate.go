package cmd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcli/agent/tools/safegit"
)

// baseline is the tag, in each worktree's own repository, of the commit
// holding what the person saw when the run started: HEAD plus the
// uncommitted changes. A provider's work is the diff from it.
const baseline = "agent-baseline"

// errNoWorktree is returned for a provider with no worktree of this root.
var errNoWorktree = errors.New("no worktree")

// isolation is the worktrees of one --isolate run, one per provider.
type isolation struct {
	base string // the directory holding this root's worktrees
}

// dir is the worktree of provider.
func (i *isolation) dir(provider string) string { return filepath.Join(i.base, provider) }

// remove deletes the worktrees of names.
func (i *isolation) remove(names []string) {
	for _, n := range names {
		os.RemoveAll(i.dir(n))
	}
}

// worktreesDir is where the worktrees of root live: under the state
// directory, never inside the project, one directory per root.
func (a *app) worktreesDir(root string) string {
	root = canonicalRoot(root)
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(stateDir(a.getenv), "worktrees", filepath.Base(root)+"-"+hex.EncodeToString(sum[:6]))
}

// isolate makes one worktree per provider from root's HEAD plus its
// uncommitted changes (tracked and untracked, not ignored). Each is a
// clone sharing root's objects read-only, with a baseline commit of its
// own: root's repository is only read, so nothing is left in the project
// whatever happens. It refuses when a provider still has a worktree of an
// earlier run, so that no work is overwritten.
func (a *app) isolate(ctx context.Context, root string, names []string) (*isolation, error) {
	if _, err := git(ctx, root, "rev-parse", "--verify", "HEAD^{commit}"); err != nil {
		return nil, usageError("--isolate needs a git repository with at least one commit at %s: %v", root, err)
	}
	iso := &isolation{base: a.worktreesDir(root)}
	for _, n := range names {
		if _, err := os.Stat(iso.dir(n)); err == nil {
			return nil, usageError("%s still has a worktree of an earlier run (%s): take it with 'agent apply %s' or drop it with 'agent worktrees clean'",
				n, iso.dir(n), n)
		}
	}
	// The person's uncommitted changes, once for every provider.
	patch, err := git(ctx, root, "diff", "--binary", "HEAD")
	if err != nil {
		return nil, failure(fmt.Errorf("read the uncommitted changes: %w", err))
	}
	untracked, err := git(ctx, root, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, failure(fmt.Errorf("list the untracked files: %w", err))
	}
	if err := os.MkdirAll(iso.base, 0o700); err != nil {
		return nil, failure(fmt.Errorf("worktrees: %w", err))
	}
	for _, n := range names {
		if err := makeWorktree(ctx, root, iso.dir(n), patch, untracked); err != nil {
			iso.remove(names)
			return nil, failure(fmt.Errorf("worktree for %s: %w", n, err))
		}
	}
	return iso, nil
}

// makeWorktree builds one worktree at dir.
func makeWorktree(ctx context.Context, root, dir string, patch, untracked []byte) error {
	if _, err := git(ctx, "", "clone", "--quiet", "--shared", "--no-checkout", root, dir); err != nil {
		return err
	}
	// No way back into the project's repository: a push from the
	// worktree would write to it.
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
	_, err = git(ctx, dir, "tag", baseline)
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

// worktreeDiff returns the provider's work in dir: a binary diff from the
// baseline, and its diffstat.
func worktreeDiff(ctx context.Context, dir string) (patch, stat []byte, err error) {
	// Staging in the worktree's own index takes new files into the diff.
	if _, err := git(ctx, dir, "add", "-A"); err != nil {
		return nil, nil, err
	}
	if patch, err = git(ctx, dir, "diff", "--cached", "--binary", baseline); err != nil {
		return nil, nil, err
	}
	if stat, err = git(ctx, dir, "diff", "--cached", "--stat", baseline); err != nil {
		return nil, nil, err
	}
	return patch, stat, nil
}

// report prints each provider's diffstat and how to take or drop it.
func (i *isolation) report(w io.Writer, names []string) {
	ctx := context.Background()
	for _, n := range names {
		_, stat, err := worktreeDiff(ctx, i.dir(n))
		switch {
		case err != nil:
			fmt.Fprintf(w, "%s: cannot read its worktree: %v\n", n, err)
		case len(stat) == 0:
			fmt.Fprintf(w, "%s: no changes\n", n)
		default:
			fmt.Fprintf(w, "%s: changes in %s\n%s", n, i.dir(n), indent(stat))
		}
	}
	fmt.Fprintln(w, "Take one provider's changes with 'agent apply PROVIDER'; drop them all with 'agent worktrees clean'.")
}

func indent(b []byte) string {
	var out strings.Builder
	for line := range strings.Lines(string(b)) {
		out.WriteString("  " + line)
	}
	return out.String()
}

// git runs git in dir ("" for the current directory) and returns its
// stdout; an error carries git's stderr.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return gitIn(ctx, dir, nil, args...)
}

// gitIn is git with stdin. It runs through safegit: nothing the
// repository's config or hooks name runs, and GIT_DIR or GIT_WORK_TREE in
// the person's environment cannot point it at another repository.
func gitIn(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	g, err := safegit.New(os.Environ())
	if err != nil {
		return nil, err
	}
	// The worktree's baseline commit needs an author whatever the
	// person's git config says.
	c, err := g.Command(ctx, dir, safegit.Options{Env: []string{
		"GIT_AUTHOR_NAME=agent", "GIT_AUTHOR_EMAIL=agent@localhost",
		"GIT_COMMITTER_NAME=agent", "GIT_COMMITTER_EMAIL=agent@localhost",
	}}, args...)
	if err != nil {
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	if stdin != nil {
		c.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return out, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}
