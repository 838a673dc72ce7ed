package tools

import (
	"context"
	"strings"
)

// ProjectRoot is the root agent works in when it is started in dir with
// none named: the top level of the git work tree that holds dir, else dir
// itself. Git runs hardened (safegit) with environ: GIT_DIR and
// GIT_WORK_TREE in the person's environment do not move the root, and
// nothing the repository names runs. Without git, it is dir.
func ProjectRoot(ctx context.Context, dir string, environ []string) string {
	out, err := hardenedGitOutput(ctx, environ, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return dir
	}
	if top := strings.TrimSpace(string(out)); top != "" {
		return top
	}
	return dir
}
