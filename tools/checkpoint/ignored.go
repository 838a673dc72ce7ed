package checkpoint

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
)

// Ignored returns those of paths (absolute, or relative to the root) that
// a checkpoint leaves out: git ignores them, by the project's .gitignore
// files, its .git/info/exclude, the person's global excludes or agent's
// own. Paths outside the root are not its to answer and are never
// returned. It runs git, briefly, and does not wait for a checkpoint
// being taken.
func (s *Store) Ignored(ctx context.Context, paths []string) ([]string, error) {
	args := []string{"check-ignore", "--no-index", "--"}
	rel := make(map[string]string, len(paths))
	for _, p := range paths {
		r := p
		if filepath.IsAbs(p) {
			var err error
			if r, err = filepath.Rel(s.root, p); err != nil || r == "." || r == ".." || strings.HasPrefix(r, "../") {
				continue
			}
		}
		rel[r] = p
		args = append(args, r)
	}
	if len(rel) == 0 {
		return nil, nil
	}
	s.syncExcludes()
	out, err := s.git(ctx, args...)
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return nil, nil // none of them is ignored
	}
	if err != nil {
		return nil, err
	}
	var ignored []string
	// One path a line, as given (core.quotePath is off; a name with a
	// line break would come back quoted and is not recognised).
	for _, r := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if p, ok := rel[r]; ok {
			ignored = append(ignored, p)
		}
	}
	return ignored, nil
}

// Ignored returns those of paths that the session's checkpoints leave
// out; see Store.Ignored.
func (c *Session) Ignored(ctx context.Context, paths []string) ([]string, error) {
	return c.s.Ignored(ctx, paths)
}
