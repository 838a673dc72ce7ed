package tools

import (
	"context"
	"errors"
	"io/fs"
	"path"
)

// errStop ends a walk early without being an error.
var errStop = errors.New("stop walking")

// walkTree walks the tree under start (a slash path relative to the root)
// in lexical order, calling fn for every entry below start. It never enters
// .git, never follows symbolic links, and skips what .gitignore ignores when
// ig is not nil. fn returns fs.SkipDir to prune, errStop to end the walk.
// Unreadable directories are skipped, and told to unreadable when it is
// not nil. Cancelling ctx ends the walk with ctx's error.
func (r *Registry) walkTree(ctx context.Context, start string, ig *ignorer,
	fn func(rel string, d fs.DirEntry) error, unreadable func(rel string, err error)) error {
	err := fs.WalkDir(r.fsRoot.FS(), start, func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			if rel == start {
				return err
			}
			if unreadable != nil {
				unreadable(rel, err)
			}
			return nil // an unreadable entry is left out, not fatal
		}
		if rel == start {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if isGitName(path.Base(rel)) && d.IsDir() {
			return fs.SkipDir
		}
		if ig != nil && ig.ignored(rel, d.IsDir()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		return fn(rel, d)
	})
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}
