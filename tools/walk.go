package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/agentcli/agent/classify"
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
		if classify.IsGitName(path.Base(rel)) && d.IsDir() {
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

// maxSkippedNames bounds the paths a search's result names as skipped;
// the rest are counted.
const maxSkippedNames = 10

// skipList is what a search could not look into, so that its result can
// say so rather than imply it covered everything.
type skipList struct {
	names []string // the first maxSkippedNames, each with why
	n     int
}

// add records that rel could not be searched, and why.
func (s *skipList) add(rel, why string) {
	s.n++
	if len(s.names) < maxSkippedNames {
		s.names = append(s.names, rel+" ("+why+")")
	}
}

// note is the line a result ends with, such as "[skipped 2 files it could
// not search: a (permission denied), b (a socket)]"; "" when nothing was
// skipped. one and many name what was skipped.
func (s *skipList) note(one, many, how string) string {
	if s.n == 0 {
		return ""
	}
	what := many
	if s.n == 1 {
		what = one
	}
	note := fmt.Sprintf("[skipped %d %s %s: %s", s.n, what, how, strings.Join(s.names, ", "))
	if more := s.n - len(s.names); more > 0 {
		note += fmt.Sprintf(", and %d more", more)
	}
	return note + "]\n"
}
