package cmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// twoProviders starts a fake for the built-in openai and anthropic
// providers and returns the home (with a config asking for the fakes'
// model) and the environment pointing at them.
func twoProviders(t *testing.T, openaiScript, anthropicScript llmtest.Script) (home string, env map[string]string, anth fake) {
	t.Helper()
	o := openaitest.NewServer(t, openaiScript)
	a := anthropictest.NewServer(t, anthropicScript)
	home = t.TempDir()
	os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"), []byte(
		"[agent]\nretries = 0\n[providers.openai]\nmodel = \""+llmtest.Model+"\"\n[providers.anthropic]\nmodel = \""+llmtest.Model+"\"\n"), 0o644)
	return home, map[string]string{
		"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": o.URL(),
		"ANTHROPIC_API_KEY": llmtest.APIKey, "ANTHROPIC_BASE_URL": a.URL(),
	}, a
}

func TestRunSeveralProvidersAtOnce(t *testing.T) {
	t.Parallel()
	openaiScript := llmtest.Script{
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "a.txt", "content": "A\n"}`)),
		llmtest.Say("Wrote a.txt.\nAll good."),
	}
	anthropicScript := llmtest.Script{
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "b.txt", "content": "B\n"}`),
			llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
		llmtest.Say("Wrote b.txt."),
	}
	t.Run("text lines carry the provider's name, the figures follow, and the exit code is the worst", func(t *testing.T) {
		root := withBuild(t)
		home, env, _ := twoProviders(t, openaiScript, anthropicScript)
		r := run(t, agentCmd(t, home, env, "run", "--provider", "openai,anthropic", "--yes", "warning", "--root", root, "write your file"))
		if r.code != 3 {
			t.Fatalf("exit code = %d, want 3 (anthropic's command was refused)\nstderr: %s", r.code, r.stderr)
		}
		for _, f := range []string{"a.txt", "b.txt"} {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				t.Errorf("%s: %v, want written", f, err)
			}
		}
		for _, want := range []string{"openai: Wrote a.txt.\nopenai: All good.\n", "anthropic: Wrote b.txt.\n"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("stdout = %q, want it to contain %q", r.stdout, want)
			}
		}
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			if !strings.HasPrefix(line, "openai: ") && !strings.HasPrefix(line, "anthropic: ") {
				t.Errorf("stdout line %q has no provider prefix", line)
			}
		}
		for _, re := range []string{
			`(?m)^openai: \[warning\] write_file: create a.txt  ✓`,
			`(?m)^anthropic: \[dangerous\] shell: rm -rf .*denied`,
			`(?m)^provider +turns +calls +completed +failed +denied +blocked +avg tool +queued +lock wait +tokens +context +compactions +cost +wall +status$`,
			`(?m)^openai +2 +1 +1 +0 +0 +0 `,
			`(?m)^anthropic +2 +2 +1 +0 +1 +0 `,
		} {
			if !regexp.MustCompile(re).MatchString(r.stderr) {
				t.Errorf("stderr = %q, want a line matching %s", r.stderr, re)
			}
		}
	})
	t.Run("every JSON event carries its provider and each run reports its own exit code", func(t *testing.T) {
		root := withBuild(t)
		home, env, _ := twoProviders(t, openaiScript, anthropicScript)
		r := run(t, agentCmd(t, home, env, "run", "--json", "--provider", "openai,anthropic", "--yes", "warning", "--root", root, "write your file"))
		if r.code != 3 {
			t.Fatalf("exit code = %d, want 3\nstderr: %s", r.code, r.stderr)
		}
		codes := map[any]any{}
		for _, e := range ofType(events(t, r.stdout), "run_finished") {
			codes[e["provider"]] = e["exit_code"]
		}
		if codes["openai"] != 0.0 || codes["anthropic"] != 3.0 || len(codes) != 2 {
			t.Errorf("run_finished exit codes = %v, want openai 0 and anthropic 3", codes)
		}
	})
	t.Run("a provider that fails makes the whole run fail while the other finishes", func(t *testing.T) {
		root := t.TempDir()
		home, env, _ := twoProviders(t, openaiScript, anthropicScript)
		env["ANTHROPIC_BASE_URL"] = "http://127.0.0.1:1"
		c := agentCmd(t, home, env, "run", "--provider", "openai,anthropic", "--yes", "warning", "--root", root, "--max-turns", "3", "write your file")
		r := run(t, c)
		if r.code != 1 {
			t.Fatalf("exit code = %d, want 1\nstderr: %s", r.code, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(root, "a.txt")); err != nil {
			t.Errorf("a.txt: %v, want openai's work done", err)
		}
	})
	t.Run("--isolate with a single provider is a usage error", func(t *testing.T) {
		r := run(t, agentCmd(t, t.TempDir(), nil, "run", "--isolate", "--root", t.TempDir(), "x"))
		if r.code != 2 || !strings.Contains(r.stderr, "--provider a,b") {
			t.Errorf("exit %d, stderr %q; want 2 asking for several providers", r.code, r.stderr)
		}
	})
}

// gitRepo makes a repository with one commit of files.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		os.WriteFile(filepath.Join(root, name), []byte(body), 0o644)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"}} {
		c := exec.Command("git", args...)
		c.Dir = root
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}

func readAll(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.Name() == ".git" || e.IsDir() {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(root, e.Name()))
		out[e.Name()] = string(b)
	}
	return out
}

func TestRunIsolateThenApplyOne(t *testing.T) {
	t.Parallel()
	root := gitRepo(t, map[string]string{"main.txt": "one\ntwo\nthree\n", "other.txt": "keep\n"})
	// What the person sees includes an uncommitted change and a new file.
	os.WriteFile(filepath.Join(root, "other.txt"), []byte("keep, edited\n"), 0o644)
	os.WriteFile(filepath.Join(root, "draft.txt"), []byte("draft\n"), 0o644)
	before := readAll(t, root)

	openaiScript := llmtest.Script{
		llmtest.Use(llmtest.UseTool("edit_file", `{"path": "main.txt", "old_string": "two", "new_string": "TWO by openai"}`)),
		llmtest.Say("Edited."),
	}
	anthropicScript := llmtest.Script{
		// It sees the uncommitted change and the untracked file.
		llmtest.Use(llmtest.UseTool("shell", `{"command": "cat other.txt draft.txt"}`)),
		llmtest.Use(llmtest.UseTool("write_file", `{"path": "main.txt", "content": "one\n2\nthree\n"}`),
			llmtest.UseTool("write_file", `{"path": "new.txt", "content": "new by anthropic\n"}`)),
		llmtest.Say("Rewrote."),
	}
	home, env, anth := twoProviders(t, openaiScript, anthropicScript)
	r := run(t, agentCmd(t, home, env, "run", "--isolate", "--provider", "openai,anthropic", "--yes", "warning", "--root", root, "fix main.txt"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if got := readAll(t, root); !sameMap(got, before) {
		t.Fatalf("the root changed during an isolated run: %v, want %v", got, before)
	}
	for _, re := range []string{`openai: changes in .*\n +main.txt \| 2 \+-\n +1 file changed`, `anthropic: changes in .*\n +main.txt +\| 2 \+-\n +new.txt +\| 1 \+\n`, `agent apply PROVIDER`} {
		if !regexp.MustCompile(re).MatchString(r.stderr) {
			t.Errorf("stderr = %q, want a match for %s", r.stderr, re)
		}
	}
	if !strings.Contains(r.stderr, "agent: anthropic works in "+filepath.Join(home, "state")) {
		t.Errorf("stderr = %q, want each provider's worktree under the state directory", r.stderr)
	}
	if tr := anth.Requests()[1].ToolResults(); len(tr) != 1 || tr[0].Content != "keep, edited\ndraft\n" {
		t.Errorf("anthropic's worktree showed %+v, want the uncommitted change and the untracked file", tr)
	}

	list := run(t, agentCmd(t, home, env, "worktrees", "--root", root))
	if !strings.Contains(list.stdout, "openai\t") || !strings.Contains(list.stdout, "anthropic\t") {
		t.Errorf("agent worktrees = %q, want both listed", list.stdout)
	}

	again := run(t, agentCmd(t, home, env, "run", "--isolate", "--provider", "openai,anthropic", "--root", root, "again"))
	if again.code != 2 || !strings.Contains(again.stderr, "still has a worktree of an earlier run") {
		t.Errorf("a second --isolate run: exit %d, stderr %q; want 2, refusing to overwrite the worktrees", again.code, again.stderr)
	}

	no := agentCmd(t, home, env, "apply", "anthropic", "--root", root)
	no.Stdin = strings.NewReader("n\n")
	if r := run(t, no); r.code != 3 || !strings.Contains(r.stdout, "[y/N]") || !sameMap(readAll(t, root), before) {
		t.Fatalf("apply answered n: exit %d, stdout %q; want 3, asked, nothing applied", r.code, r.stdout)
	}
	yes := agentCmd(t, home, env, "apply", "anthropic", "--root", root)
	yes.Stdin = strings.NewReader("y\n")
	if r := run(t, yes); r.code != 0 || !strings.Contains(r.stdout, "new.txt") {
		t.Fatalf("apply answered y: exit %d, stdout %q, stderr %q; want 0 with the diffstat", r.code, r.stdout, r.stderr)
	}
	want := map[string]string{"main.txt": "one\n2\nthree\n", "other.txt": "keep, edited\n", "draft.txt": "draft\n", "new.txt": "new by anthropic\n"}
	if got := readAll(t, root); !sameMap(got, want) {
		t.Errorf("root after apply = %v, want exactly anthropic's changes over what was there: %v", got, want)
	}

	// openai edited the same line: applying it now must be refused.
	r = run(t, agentCmd(t, home, env, "apply", "openai", "--yes", "--root", root))
	if r.code != 1 || !strings.Contains(r.stderr, "the project changed since openai started") {
		t.Errorf("apply of a conflicting provider: exit %d, stderr %q; want 1 and a clear refusal", r.code, r.stderr)
	}
	if got := readAll(t, root); !sameMap(got, want) {
		t.Errorf("a refused apply changed the root: %v", got)
	}

	// The apply took a checkpoint first: agent undo takes it back.
	r = run(t, agentCmd(t, home, env, "undo", "--yes", "--root", root))
	if r.code != 0 || !strings.Contains(r.stdout, "agent apply anthropic") {
		t.Fatalf("undo after apply: exit %d\nstdout: %s\nstderr: %s\nwant the apply's checkpoint restored", r.code, r.stdout, r.stderr)
	}
	if got := readAll(t, root); !sameMap(got, before) {
		t.Errorf("root after undo = %v, want it as before the apply: %v", got, before)
	}
	// Its worktree is gone: nothing to apply is not a usage error.
	r = run(t, agentCmd(t, home, env, "apply", "anthropic", "--yes", "--root", root))
	if r.code != 0 || !strings.Contains(r.stdout, "Nothing to apply: anthropic has no worktree") {
		t.Errorf("apply with nothing to apply: exit %d, stdout %q, stderr %q; want 0 and a clear message", r.code, r.stdout, r.stderr)
	}
	// openai's clone still holds its work: clean asks before dropping it.
	for _, answer := range []string{"", "n\n"} {
		no := agentCmd(t, home, env, "worktrees", "clean", "--root", root)
		no.Stdin = strings.NewReader(answer)
		if r := run(t, no); r.code != 3 || !strings.Contains(r.stdout, "openai: 1 file changed") || !strings.Contains(r.stdout, "[y/N]") {
			t.Errorf("worktrees clean answered %q: exit %d, stdout %q; want 3 after asking, naming openai's changes", answer, r.code, r.stdout)
		}
		if r := run(t, agentCmd(t, home, env, "worktrees", "--root", root)); !strings.Contains(r.stdout, "openai") {
			t.Fatalf("worktrees clean answered %q removed openai's clone: agent worktrees = %q", answer, r.stdout)
		}
	}
	yesClean := agentCmd(t, home, env, "worktrees", "clean", "--root", root)
	yesClean.Stdin = strings.NewReader("y\n")
	if r := run(t, yesClean); r.code != 0 || !strings.Contains(r.stdout, "Removed 1 worktree of") {
		t.Errorf("worktrees clean answered y: exit %d, %q; want the one left removed", r.code, r.stdout)
	}
	if r := run(t, agentCmd(t, home, env, "worktrees", "--root", root)); !strings.Contains(r.stdout, "No worktrees") {
		t.Errorf("agent worktrees after clean = %q, want none", r.stdout)
	}
	if out, _ := exec.Command("git", "-C", root, "worktree", "list").Output(); strings.Count(string(out), "\n") != 1 {
		t.Errorf("git worktree list = %q: the project's repository was touched", out)
	}
}

func sameMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// withBuild is a new project root with a build/ directory holding a file.
func withBuild(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}
