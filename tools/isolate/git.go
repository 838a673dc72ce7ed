package isolate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/agentcli/agent/tools/safegit"
)

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
	// The clone's baseline commit needs an author whatever the person's
	// git config says.
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
