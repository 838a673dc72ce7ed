package tools

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestGitTool(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r := newTestRegistry(t, nil)
	// A hermetic identity and no global config: the test must not depend on
	// the user's.
	r.env = append(r.env, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
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
