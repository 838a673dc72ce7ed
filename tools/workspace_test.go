package tools

import (
	"errors"
	"testing"
)

func TestParseGitStatus(t *testing.T) {
	t.Parallel()
	cases := []struct {
		out, branch, status string
	}{
		{"## main\n", "main", "clean"},
		{"## main...origin/main [ahead 2]\n M a.go\nA  b.go\n?? c.txt\n", "main [ahead 2]", "2 changed, 1 untracked"},
		{"## No commits yet on trunk\n?? x\n", "trunk (no commits yet)", "1 untracked"},
		{"## HEAD (no branch)\n", "(detached HEAD)", "clean"},
		{"## feature/x...origin/feature/x\nR  old -> new\n", "feature/x", "1 changed"},
	}
	for _, c := range cases {
		b, s, err := parseGitStatus(c.out)
		if err != nil || b != c.branch || s != c.status {
			t.Errorf("parseGitStatus(%q) = %q, %q, %v, want %q, %q", c.out, b, s, err, c.branch, c.status)
		}
	}
	if _, _, err := parseGitStatus(""); !errors.Is(err, ErrNotGit) {
		t.Errorf("parseGitStatus(\"\") error = %v, want ErrNotGit", err)
	}
}
