package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcli/agent/tools/safegit"
)

// ErrNotGit is GitState's error when the project is not a git
// repository, or git is not installed.
var ErrNotGit = errors.New("not a git repository")

// Shell returns the absolute path of the shell commands run with.
func (r *Registry) Shell() string { return r.shell }

// GitState returns the project's current branch ("main", or "(detached
// at abc1234)", or "main (no commits yet)") and its uncommitted state in a
// few words ("clean", "2 changed, 1 untracked"), for the model's system
// prompt. It runs the hardened git once on the host, without optional
// locks, so it never blocks another git; ctx bounds it. It returns
// ErrNotGit when the root is not in a repository or git is missing.
func (r *Registry) GitState(ctx context.Context) (branch, status string, err error) {
	if r.git == nil {
		return "", "", ErrNotGit
	}
	c, err := r.git.Command(ctx, r.root, safegit.Options{}, "--no-optional-locks", "status", "--porcelain=v1", "--branch", "--untracked-files=normal")
	if err != nil {
		return "", "", fmt.Errorf("git status: %w", err)
	}
	out, err := c.Output()
	if err != nil {
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		return "", "", ErrNotGit
	}
	return parseGitStatus(string(out))
}

// parseGitStatus reads `git status --porcelain=v1 --branch`.
func parseGitStatus(out string) (branch, status string, err error) {
	changed, untracked := 0, 0
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "## "):
			branch = headName(strings.TrimPrefix(line, "## "))
		case strings.HasPrefix(line, "?? "):
			untracked++
		case len(line) > 3:
			changed++
		}
	}
	if branch == "" {
		return "", "", ErrNotGit
	}
	var parts []string
	if changed > 0 {
		parts = append(parts, fmt.Sprintf("%d changed", changed))
	}
	if untracked > 0 {
		parts = append(parts, fmt.Sprintf("%d untracked", untracked))
	}
	if len(parts) == 0 {
		return branch, "clean", nil
	}
	return branch, strings.Join(parts, ", "), nil
}

// headName reads the branch line of porcelain status: "main...origin/main
// [ahead 1]", "HEAD (no branch)", "No commits yet on main".
func headName(s string) string {
	switch {
	case strings.HasPrefix(s, "No commits yet on "):
		return strings.TrimPrefix(s, "No commits yet on ") + " (no commits yet)"
	case strings.HasPrefix(s, "Initial commit on "):
		return strings.TrimPrefix(s, "Initial commit on ") + " (no commits yet)"
	case strings.HasPrefix(s, "HEAD (no branch)"):
		return "(detached HEAD)"
	}
	name, rest, _ := strings.Cut(s, "...")
	name, _, _ = strings.Cut(name, " ")
	if i := strings.Index(rest, " ["); i >= 0 {
		name += " " + rest[i+1:]
	}
	return name
}
