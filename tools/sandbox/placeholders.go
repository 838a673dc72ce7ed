package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// A read-only mount protects only a path that exists: nothing can be
// mounted over a name that is not there yet. So before a command starts,
// the git entries a command must never create are made, empty, where they
// are missing, and then mounted read-only like the others:
//
//   - the root's own .git, when the root has none: an empty directory,
//     which git does not take for a repository (it goes on looking in the
//     parent directories, as before), so that no command can make the root
//     a repository (git init, mkdir .git, a gitfile) whose config the
//     person's own git would later run;
//   - for the git tool, which may write objects and refs, the
//     program-running entries of each git directory the root uses that are
//     missing: hooks/, info/, modules/, worktrees/ (empty directories, as
//     git init makes some of them), config and objects/info/alternates
//     (empty files, which git reads as no settings and no alternates).
//
// commondir and config.worktree get no placeholder: an empty commondir
// would move the repository. The git tool's caller removes them after a
// run that created them (UnguardedGitEntries); shell commands cannot
// create them, since their git directories are read-only as a whole.

// placeholderDirs and placeholderFiles are the program-running entries
// made empty in a git directory for the git tool, when missing.
var (
	placeholderDirs  = []string{"hooks", "info", "modules", "worktrees"}
	placeholderFiles = []string{"config", "objects/info/alternates"}
)

// MakeGitPlaceholders makes, in root, the missing entries that a command
// with access must not be able to create, so that GitReadOnlyPaths finds
// and protects them: the root's .git when there is none, and for
// GitObjectsAndRefs the program-running entries of each repository the
// root uses. It changes nothing that exists. Errors are ignored: an entry
// that cannot be made could not be made by the command either, which runs
// as the same user; and a git directory whose entries are missing stays
// read-only as a whole (see GitReadOnlyPaths).
func MakeGitPlaceholders(root string, access GitAccess) {
	makeGitPlaceholders(root, access, walkGitDirs(root))
}

// makeGitPlaceholders is MakeGitPlaceholders for the git directories of l,
// found in root. It returns l as it is now: with the root's .git when it
// made one.
func makeGitPlaceholders(root string, access GitAccess, l gitLayout) gitLayout {
	dotgit := filepath.Join(root, ".git")
	if _, err := os.Lstat(dotgit); errors.Is(err, os.ErrNotExist) {
		if os.Mkdir(dotgit, 0o755) == nil {
			// The walk found none; the root's .git comes first, as a
			// new walk would list it.
			l.dirs = append([]string{dotgit}, l.dirs...)
		}
		return l
	}
	if access != GitObjectsAndRefs {
		return l
	}
	for _, dir := range l.dirs {
		if !isRepository(dir) || isLinkedWorktree(dir) {
			continue
		}
		for _, e := range placeholderDirs {
			if p := filepath.Join(dir, e); !exists(p) {
				_ = os.Mkdir(p, 0o755)
			}
		}
		for _, e := range placeholderFiles {
			p := filepath.Join(dir, e)
			if exists(p) {
				continue
			}
			_ = os.MkdirAll(filepath.Dir(p), 0o755)
			if f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
				f.Close()
			}
		}
	}
	return l
}

// isRepository says whether dir looks like a git directory (it has a HEAD),
// rather than a placeholder or anything else.
func isRepository(dir string) bool {
	fi, err := os.Lstat(filepath.Join(dir, "HEAD"))
	return err == nil && fi.Mode().IsRegular()
}

// gitEntriesComplete says whether every program-running entry the git tool
// must not create exists in dir, so that protecting the existing ones is
// enough.
func gitEntriesComplete(dir string) bool {
	for _, e := range append(append([]string{}, placeholderDirs...), placeholderFiles...) {
		if !exists(filepath.Join(dir, e)) {
			return false
		}
	}
	return true
}

// unguardedEntries are the program-running entries of a git directory
// that get no placeholder.
var unguardedEntries = []string{"commondir", "config.worktree"}

// UnguardedGitEntries returns the entries of the repositories root uses
// that the git tool could create, since no placeholder can stand for
// them: a missing commondir (which would move the repository's config
// elsewhere) and config.worktree. The git tool's caller, once the run and
// every process it started are gone, removes those that exist.
func UnguardedGitEntries(root string) []string {
	var out []string
	for _, dir := range walkGitDirs(root).dirs {
		if !isRepository(dir) {
			continue
		}
		for _, e := range unguardedEntries {
			if p := filepath.Join(dir, e); !exists(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// refuseMissingGitDirs is Command's check that no git directory the root
// names is missing (l.missing, see MissingGitDirs): what a confined
// command made there would later run, unconfined, in the person's git.
func refuseMissingGitDirs(l gitLayout) error {
	if missing := l.missing; len(missing) > 0 {
		return fmt.Errorf("%w: %s is named as a git directory (by a .git link, a gitfile or a commondir) but does not exist, and a command could make it a repository; remove what names it, or restore it, before running commands", ErrMissingGitDir, missing[0])
	}
	return nil
}

// removeEmptyDotGit removes root's .git if it is an empty directory, and
// says whether it did. rootPlaceholders is locked.
func removeEmptyDotGit(root string) bool {
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Lstat(dotgit)
	return err == nil && fi.IsDir() && os.Remove(dotgit) == nil
}
