package tools

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// gitHome returns a home directory whose git config gives an identity.
func gitHome(t testing.TB) string {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = t\n\temail = t@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}

func TestGitTool(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	// A hermetic identity in a global config of the test's own: the test
	// must not depend on the user's. GIT_ variables would not reach git.
	r := newTestRegistry(t, func(_ *Config, o *Options) {
		o.Env = append(slices.Clone(testEnv), "HOME="+gitHome(t))
	})
	for _, args := range []string{
		`{"args":["init","-q","-b","main"]}`,
		`{"args":["commit","-q","--allow-empty","-m","first"]}`,
	} {
		if res := runCall(t, r, "git", args); res.IsError {
			t.Fatalf("git %s = %q", args, res.Output)
		}
	}
	t.Run("runs with an argument vector, not a shell", func(t *testing.T) {
		p := mustPlan(t, r, "git", `{"args":["log","--format=%s; $(echo no)","-1"]}`)
		if !slices.Equal(p.Action.Args, []string{"log", "--format=%s; $(echo no)", "-1"}) || p.Action.Root != r.Root() {
			t.Errorf("Action = %+v", p.Action)
		}
		if p.Summary != "git log '--format=%s; $(echo no)' -1" {
			t.Errorf("Summary = %q", p.Summary)
		}
		if res := p.Run(t.Context(), nil); res.IsError || res.Output != "first; $(echo no)\n" || res.ExitCode != 0 {
			t.Errorf("git log = %q, exit %d", res.Output, res.ExitCode)
		}
	})
	t.Run("a failing command is an error with git's exit code", func(t *testing.T) {
		res := runCall(t, r, "git", `{"args":["rev-parse","--verify","nope"]}`)
		if !res.IsError || res.ExitCode != 128 {
			t.Errorf("git rev-parse nope = %q, exit %d; want exit 128", res.Output, res.ExitCode)
		}
	})
	t.Run("remote commands get the network", func(t *testing.T) {
		for sub, want := range map[string]bool{"fetch": true, "push": true, "status": false} {
			p := mustPlan(t, r, "git", `{"args":["`+sub+`"]}`)
			if p.Network != want || strings.Contains(p.Summary, "[network]") != want {
				t.Errorf("git %s: Network %v, summary %q; want %v", sub, p.Network, p.Summary, want)
			}
		}
	})
	t.Run("nothing waits for input", func(t *testing.T) {
		// Without a terminal or a prompt, a fetch from a repository that
		// does not exist fails at once instead of asking for credentials.
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		p := mustPlan(t, r, "git", `{"args":["fetch","/nonexistent/repo"]}`)
		if res := p.Run(ctx, nil); !res.IsError || res.TimedOut {
			t.Errorf("git fetch = %q, timed out %v; want a quick failure", res.Output, res.TimedOut)
		}
	})
}

func TestGitRefusesOptionsThatLeaveTheRoot(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	for _, args := range []string{
		`{"args":["-C","/tmp","status"]}`,
		`{"args":["-C/tmp","status"]}`,
		`{"args":["--git-dir=/tmp/x/.git","status"]}`,
		`{"args":["--git-dir","/tmp/x/.git","status"]}`,
		`{"args":["-c","user.name=x","--work-tree=/","status"]}`,
		`{"args":["--exec-path=/tmp","status"]}`,
		`{"args":[]}`,
		`{"args":["--no-pager"]}`,
	} {
		t.Run(args, func(t *testing.T) {
			if _, err := r.Plan("git", args); !errors.Is(err, ErrInvalidArgs) {
				t.Errorf("Plan(git, %s) = %v, want ErrInvalidArgs", args, err)
			}
		})
	}
	// After the subcommand, -C is the subcommand's own option.
	if _, err := r.Plan("git", `{"args":["log","-C"]}`); err != nil {
		t.Errorf("Plan(git log -C) = %v, want success", err)
	}
}

// The git tool runs hardened: a root whose config, hooks and attributes
// plant programs runs none of them, and GIT_DIR in the environment does
// not move it to another repository.
func TestGitToolRunsNothingTheRepositoryPlanted(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	marker := filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(t.TempDir(), "evil")
	os.WriteFile(script, []byte("#!/bin/sh\necho ran >> '"+marker+"'\ncat\n"), 0o755)
	other := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", other).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	r := newTestRegistry(t, func(_ *Config, o *Options) {
		o.Env = append(slices.Clone(testEnv), "HOME="+gitHome(t), "GIT_DIR="+filepath.Join(other, ".git"), "GIT_WORK_TREE="+other)
	})
	if res := runCall(t, r, "git", `{"args":["init","-q","-b","main"]}`); res.IsError {
		t.Fatal(res.Output)
	}
	if _, err := os.Stat(filepath.Join(r.Root(), ".git")); err != nil {
		t.Fatalf("git init did not run in the root: %v", err)
	}
	cfg := "[core]\n\tfsmonitor = " + script + "\n\tpager = " + script + "\n[filter \"x\"]\n\tclean = " + script +
		"\n\tprocess = " + script + "\n[diff \"x\"]\n\ttextconv = " + script + "\n\tcommand = " + script +
		"\n[diff]\n\texternal = " + script + "\n[alias]\n\tst = !" + script + "\n"
	f, _ := os.OpenFile(filepath.Join(r.Root(), ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(cfg)
	f.Close()
	for _, hook := range []string{"pre-commit", "commit-msg", "post-commit", "post-checkout", "post-index-change", "reference-transaction"} {
		os.WriteFile(filepath.Join(r.Root(), ".git", "hooks", hook), []byte("#!/bin/sh\necho ran >> '"+marker+"'\n"), 0o755)
	}
	os.WriteFile(filepath.Join(r.Root(), ".gitattributes"), []byte("* filter=x diff=x\n"), 0o644)
	os.WriteFile(filepath.Join(r.Root(), "a.txt"), []byte("a\n"), 0o644)
	for _, args := range []string{
		`{"args":["status"]}`,
		`{"args":["add","-A"]}`,
		`{"args":["commit","-qm","one"]}`,
		`{"args":["diff","HEAD"]}`,
		`{"args":["log","-p"]}`,
		`{"args":["checkout","-q","-b","side"]}`,
		`{"args":["-c","user.name=someone","commit","-q","--allow-empty","-m","two"]}`,
	} {
		if res := runCall(t, r, "git", args); res.IsError {
			t.Errorf("git %s = %q", args, res.Output)
		}
		if b, _ := os.ReadFile(marker); len(b) > 0 {
			t.Fatalf("git %s ran a planted program", args)
		}
	}
	if out, _ := exec.Command("git", "-C", other, "log", "--oneline").CombinedOutput(); !strings.Contains(string(out), "does not have any commits") {
		t.Errorf("the repository named by GIT_DIR got commits: %s", out)
	}
	for _, args := range []string{
		`{"args":["st"]}`,
		`{"args":["-c","core.hooksPath=.","commit","-m","x"]}`,
		`{"args":["-c","alias.x=!sh","x"]}`,
		`{"args":["-ccore.fsmonitor=./x","status"]}`,
		`{"args":["--config-env=core.pager=X","log"]}`,
		`{"args":["-c","include.path=../x","status"]}`,
	} {
		if _, err := r.Plan("git", args); !errors.Is(err, ErrInvalidArgs) {
			t.Errorf("Plan(git %s) = %v, want it refused", args, err)
		}
	}
}

func TestGitToolCannotLeaveACommondir(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r := newTestRegistry(t, func(_ *Config, o *Options) {
		o.Env = append(slices.Clone(testEnv), "HOME="+gitHome(t))
	})
	for _, args := range []string{`{"args":["init","-q","-b","main"]}`, `{"args":["commit","-q","--allow-empty","-m","first"]}`} {
		if res := runCall(t, r, "git", args); res.IsError {
			t.Fatalf("git %s = %q", args, res.Output)
		}
	}
	// A commondir would make git, the person's too, read its config from
	// a directory of the command's choosing; git writes any file with
	// --output.
	evil := filepath.Join(r.Root(), "evil")
	os.MkdirAll(evil, 0o755)
	os.WriteFile(filepath.Join(evil, "config"), []byte("[core]\n\tfsmonitor = touch pwned\n"), 0o644)
	for _, args := range []string{
		`{"args":["log","-1","--format=tformat:../evil","--output=.git/commondir"]}`,
		`{"args":["log","-1","--format=tformat:[core]","--output=.git/config.worktree"]}`,
	} {
		res := runCall(t, r, "git", args)
		if !res.IsError || !strings.Contains(res.Output, "removed") {
			t.Errorf("git %s = %q, want an error saying what was removed", args, res.Output)
		}
	}
	for _, e := range []string{"commondir", "config.worktree"} {
		if _, err := os.Lstat(filepath.Join(r.Root(), ".git", e)); err == nil {
			t.Errorf(".git/%s was left behind", e)
		}
	}
	if res := runCall(t, r, "git", `{"args":["log","-1","--format=%s"]}`); res.IsError || res.Output != "first\n" {
		t.Errorf("git log after = %q", res.Output)
	}
}
