package tools

import (
	"context"
	"strings"

	"github.com/agentcli/agent/tools/safegit"
)

// ProjectRoot is the root agent works in when it is started in dir with
// none named: the top level of the git work tree that holds dir, else dir
// itself. Git runs hardened (safegit) with environ: GIT_DIR and
// GIT_WORK_TREE in the person's environment do not move the root, and
// nothing the repository names runs. Without git, it is dir.
func ProjectRoot(ctx context.Context, dir string, environ []string) string {
	g, err := safegit.New(environ)
	if err != nil {
		return dir
	}
	c, err := g.Command(ctx, dir, safegit.Options{}, "rev-parse", "--show-toplevel")
	if err != nil {
		return dir
	}
	out, err := c.Output()
	if err != nil {
		return dir
	}
	if top := strings.TrimSpace(string(out)); top != "" {
		return top
	}
	return dir
}
