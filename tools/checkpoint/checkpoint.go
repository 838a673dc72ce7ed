// Package checkpoint records the files of a project root before an action
// that may change them, and puts them back on request: the undo of agent.
//
// A checkpoint is a commit in a shadow git repository under the state
// directory, one per project root, holding every file git would not ignore
// (tracked or not) as it was at that moment. The shadow repository has its
// own GIT_DIR and index; the project's own .git, index, branches, stash and
// hooks are never read or written, and the project need not be a git
// repository at all. The shadow index keeps the files' stat data, so a
// checkpoint of a tree that did not change hashes nothing again.
//
// Checkpoints belong to a session: each session's checkpoints form a chain
// on its own ref, numbered from 1 in the order they were taken. Restoring
// one first records the files as they are, so an undo can itself be undone.
//
// What it never does: touch a file git ignores, or anything outside the
// root. Empty directories are not recorded (git does not track them).
package checkpoint

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/agentcli/agent/tools/safegit"
)

// Errors callers can test for.
var (
	// ErrNoGit: git is not on PATH, so no checkpoint can be taken.
	ErrNoGit = errors.New("git is not installed: changes cannot be checkpointed or undone")
	// ErrNotFound: there is no checkpoint with that number.
	ErrNotFound = errors.New("no such checkpoint")
	// ErrNothingToUndo: the files are already as the checkpoint has them.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrChanged: the files changed between the preview of an undo and
	// its application, so what was shown is no longer what would happen.
	ErrChanged = errors.New("the files changed since the undo was previewed")
)

// Store is the shadow repository of one project root. It is safe for
// concurrent use, also by several processes: every operation holds a lock
// on the shadow repository.
type Store struct {
	hardened *safegit.Git
	root     string
	dir      string
	env      []string // the shadow repository's GIT_DIR, work tree, index, identity
	// ownExcludes are the exclude patterns of paths under the root that
	// are never recorded: agent's own state directory, if it is there.
	ownExcludes string

	mu sync.Mutex
}

// Open returns the store of root under stateDir, creating the shadow
// repository on first use. root must be an absolute directory. Paths in
// exclude (absolute; typically agent's whole state directory) are never
// recorded when they lie under the root: running agent in a home
// directory must not checkpoint its own sessions. It fails with ErrNoGit
// when git is not installed.
func Open(stateDir, root string, exclude ...string) (*Store, error) {
	g, err := safegit.New(os.Environ())
	if err != nil {
		return nil, ErrNoGit
	}
	root = filepath.Clean(root)
	if !filepath.IsAbs(root) {
		return nil, fmt.Errorf("checkpoint: root %s is not absolute", root)
	}
	s := &Store{hardened: g, root: root, dir: ShadowDir(stateDir, root)}
	s.env = shadowEnv(s.dir, root)
	for _, p := range append([]string{s.dir}, exclude...) {
		if rel, err := filepath.Rel(root, p); err == nil && rel != "." && filepath.IsLocal(rel) {
			s.ownExcludes += "/" + filepath.ToSlash(rel) + "/\n"
		}
	}
	if err := s.init(); err != nil {
		return nil, err
	}
	return s, nil
}

// ShadowDir is where the shadow repository of root lives under stateDir:
// a name a person can recognise, made unique by a hash of the whole path.
func ShadowDir(stateDir, root string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(stateDir, filepath.Base(root)+"-"+hex.EncodeToString(sum[:6]))
}

// Root returns the project root.
func (s *Store) Root() string { return s.root }

// Dir returns the shadow repository's directory.
func (s *Store) Dir() string { return s.dir }

// init creates the shadow repository if it does not exist yet.
func (s *Store) init() error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(s.dir, "HEAD")); err == nil {
		return nil
	}
	c, err := s.hardened.Command(context.Background(), s.dir, safegit.Options{}, "init", "--quiet", "--bare", s.dir)
	if err != nil {
		return fmt.Errorf("checkpoint: git init %s: %w", s.dir, err)
	}
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("checkpoint: git init %s: %v: %s", s.dir, err, bytes.TrimSpace(out))
	}
	// A note for a person who finds this directory.
	note := "Checkpoints of " + s.root + " taken by agent before actions that change files.\n" +
		"Restore one with: agent undo (see agent undo --help). Safe to delete.\n"
	return os.WriteFile(filepath.Join(s.dir, "description"), []byte(note), 0o600)
}

// lock takes the store's lock, in this process and across processes.
func (s *Store) lock() (func(), error) {
	s.mu.Lock()
	f, err := os.OpenFile(filepath.Join(s.dir, "agent.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("checkpoint: lock: %w", err)
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		s.mu.Unlock()
		return nil, fmt.Errorf("checkpoint: lock: %w", err)
	}
	// Under the lock no git of ours runs in the shadow repository, so an
	// index.lock is what a killed git left behind.
	os.Remove(filepath.Join(s.dir, "index.lock"))
	return func() {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
		s.mu.Unlock()
	}, nil
}

// gitFlags override settings from the person's git config that would
// change what is stored or slow it down. Their global excludes file is kept.
var gitFlags = []string{
	"-c", "core.autocrlf=false",
	"-c", "core.safecrlf=false",
	"-c", "core.fsmonitor=false",
	"-c", "core.symlinks=true",
	"-c", "core.fileMode=true",
	"-c", "core.ignoreCase=false",
	"-c", "core.quotePath=false",
	"-c", "advice.addEmbeddedRepo=false",
	"-c", "advice.addIgnoredFile=false",
	"-c", "commit.gpgSign=false",
	"-c", "gc.autoDetach=false",
}

// git runs git on the shadow repository with the root as its work tree
// and returns its standard output. It runs through safegit: the root's
// .gitattributes may name filters and drivers, and the person's global
// config programs; none of them runs. On cancel git gets SIGTERM, so it
// removes its lock files.
func (s *Store) git(ctx context.Context, args ...string) ([]byte, error) {
	c, err := s.hardened.Command(ctx, s.root, safegit.Options{Env: s.env}, append(append([]string(nil), gitFlags...), args...)...)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: git %s: %w", args[0], err)
	}
	c.Cancel = func() error { return c.Process.Signal(syscall.SIGTERM) }
	c.WaitDelay = 5 * time.Second
	c.SysProcAttr = stopWithAgent()
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 && len(msg) > 2000 {
			msg = msg[i+1:]
		}
		return stdout.Bytes(), fmt.Errorf("checkpoint: git %s: %w: %s", args[0], err, msg)
	}
	return stdout.Bytes(), nil
}

// gitLine is git with its output trimmed of the final newline.
func (s *Store) gitLine(ctx context.Context, args ...string) (string, error) {
	out, err := s.git(ctx, args...)
	return strings.TrimSpace(string(out)), err
}

// Warm stages the files in the shadow index without recording a
// checkpoint, so that the first checkpoint of a session only reads stat
// data. The first time in a large project it hashes every file, which
// takes a while: call it in the background when a session starts.
// Cancelling ctx stops it.
func (s *Store) Warm(ctx context.Context) error {
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	_, err = s.snapshot(ctx)
	return err
}

// snapshot stages every file that is not ignored in the shadow index and
// returns the tree id. The caller holds the lock.
func (s *Store) snapshot(ctx context.Context) (string, error) {
	s.syncExcludes()
	// --ignore-errors: a file that cannot be read (permissions, vanished
	// while adding) is left out rather than failing the whole checkpoint.
	addErr := func() error {
		_, err := s.git(ctx, "add", "--all", "--ignore-errors", "--", ".")
		return err
	}()
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	tree, err := s.gitLine(ctx, "write-tree")
	if err != nil {
		return "", errors.Join(addErr, err)
	}
	return tree, nil
}

// syncExcludes copies the project's .git/info/exclude into the shadow
// repository, so the files the person excluded there are left out as they
// are from their own repository, and adds agent's own. .gitignore files
// and the global excludes file apply by themselves.
func (s *Store) syncExcludes() {
	want, err := os.ReadFile(filepath.Join(s.root, ".git", "info", "exclude"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return
	}
	if s.ownExcludes != "" {
		want = append(want, "\n# agent's own state\n"+s.ownExcludes...)
	}
	path := filepath.Join(s.dir, "info", "exclude")
	if have, _ := os.ReadFile(path); bytes.Equal(have, want) {
		return
	}
	os.MkdirAll(filepath.Dir(path), 0o700)
	os.WriteFile(path, want, 0o600)
}

// shadowEnv is what the environment of git on the shadow repository adds
// to safegit's clean one (which has no GIT_ variable of the person's):
// the shadow locations and an identity for the commits.
func shadowEnv(dir, root string) []string {
	return []string{
		"GIT_DIR=" + dir,
		"GIT_WORK_TREE=" + root,
		"GIT_INDEX_FILE=" + filepath.Join(dir, "index"),
		"GIT_AUTHOR_NAME=agent", "GIT_AUTHOR_EMAIL=agent@localhost",
		"GIT_COMMITTER_NAME=agent", "GIT_COMMITTER_EMAIL=agent@localhost",
		"LC_ALL=C",
	}
}
