package tools_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools"
)

// gitInit makes dir a git work tree.
func gitInit(t *testing.T, dir string) {
	t.Helper()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

// realDir is dir with its links resolved, as git names it.
func realDir(t *testing.T, dir string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestProjectRoot(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: ProjectRoot's git cases need it")
	}
	repo := realDir(t, t.TempDir())
	gitInit(t, repo)
	sub := filepath.Join(repo, "cmd", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	other := realDir(t, t.TempDir())
	gitInit(t, other)
	plain := realDir(t, t.TempDir())
	if out, err := exec.Command("git", "-C", plain, "rev-parse", "--show-toplevel").Output(); err == nil {
		t.Skipf("the temporary directory is inside a git work tree (%s): no directory outside one to test with", strings.TrimSpace(string(out)))
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	tests := []struct {
		name    string
		dir     string
		environ []string
		want    string
	}{
		{"the top level of the work tree holding a subdirectory", sub, env, repo},
		{"the top level itself", repo, env, repo},
		{"a directory in no work tree is its own root", plain, env, plain},
		{"GIT_DIR and GIT_WORK_TREE in the environment do not move the root", sub,
			append(env[:len(env):len(env)], "GIT_DIR="+filepath.Join(other, ".git"), "GIT_WORK_TREE="+other), repo},
		{"nor do they make a root of a directory in no work tree", plain,
			append(env[:len(env):len(env)], "GIT_DIR="+filepath.Join(other, ".git"), "GIT_WORK_TREE="+other), plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tools.ProjectRoot(t.Context(), tt.dir, tt.environ); got != tt.want {
				t.Errorf("ProjectRoot(%s) = %s, want %s", tt.dir, got, tt.want)
			}
		})
	}
}

// Without git, the directory agent was started in is the root, and agent
// doctor is told git is not found.
func TestProjectRootAndGitVersionWithoutGit(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", t.TempDir())
	if got := tools.ProjectRoot(t.Context(), dir, os.Environ()); got != dir {
		t.Errorf("ProjectRoot without git = %s, want %s", got, dir)
	}
	if v, err := tools.GitVersion(t.Context(), os.Environ()); err == nil || !strings.HasPrefix(err.Error(), "not found (git is not installed") {
		t.Errorf("GitVersion without git = %q, %v; want an error saying it is not found", v, err)
	}
}

func TestGitVersionIsTheHardenedGitsVersionLine(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	v, err := tools.GitVersion(t.Context(), []string{"PATH=" + os.Getenv("PATH")})
	if err != nil || !strings.HasPrefix(v, "git version ") || strings.Contains(v, "\n") {
		t.Errorf("GitVersion = %q, %v; want git's one version line", v, err)
	}
}
