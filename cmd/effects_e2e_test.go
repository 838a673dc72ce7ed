package cmd_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// pythonProject makes a small Python project: a package, a test runner
// run by path, a database, notes, a build directory and a .env.
func pythonProject(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	root := t.TempDir()
	files := map[string]string{
		"pkg/__init__.py":    "",
		"pkg/mod.py":         "def add(a, b):\n    return a + b\n\nif __name__ == '__main__':\n    print('mod', add(1, 2))\n",
		"tests/runtests.py":  "#!/usr/bin/env python3\nimport os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))\nfrom pkg.mod import add\nassert add(2, 2) == 4\nprint('1 passed')\n",
		"notes.txt":          "alpha\nbeta\n",
		"build/out.bin":      "old build\n",
		"build/sub/more.txt": "more\n",
		".env":               "API_TOKEN=canary-7f3a91\n",
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(root, "tests/runtests.py"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("sqlite3"); err == nil {
		if out, err := exec.Command("sqlite3", filepath.Join(root, "app.db"), "CREATE TABLE t (id INTEGER, name TEXT);").CombinedOutput(); err != nil {
			t.Fatalf("sqlite3: %v\n%s", err, out)
		}
	}
	return root
}

// treeSums maps every path under root (but those skip says) to a hash of
// its type, mode and content.
func treeSums(t *testing.T, root string, skip func(rel string) bool) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if skip != nil && skip(filepath.ToSlash(rel)) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		h := sha256.New()
		h.Write([]byte(fi.Mode().String()))
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(b)
		}
		sums[rel] = hex.EncodeToString(h.Sum(nil))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

func diffTrees(a, b map[string]string) []string {
	var out []string
	for k, v := range a {
		if b[k] != v {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func pycache(rel string) bool {
	return strings.Contains(rel, "__pycache__")
}

// heldToolResults runs agent run against a fake that asks for each
// command in turn, and returns the tool results the model got and the
// approval events.
func runCommands(t *testing.T, root, yes string, commands ...string) (results []string, approvals []map[string]any, r result) {
	t.Helper()
	var script llmtest.Script
	for _, c := range commands {
		b, _ := json.Marshal(map[string]string{"command": c})
		script = append(script, llmtest.Use(llmtest.UseTool("shell", string(b))))
	}
	script = append(script, llmtest.Say("Done."))
	srv := openaitest.NewServer(t, script)
	r = run(t, agentCmd(t, t.TempDir(), map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()},
		"run", "--provider", "openai", "--model", llmtest.Model, "--yes", yes, "--json", "--root", root, "look around"))
	if reqs := srv.Requests(); len(reqs) > 0 {
		// The last request holds the whole conversation.
		for _, res := range reqs[len(reqs)-1].ToolResults() {
			results = append(results, res.Content)
		}
	}
	for _, e := range events(t, r.stdout) {
		if e["type"] == "approval" {
			approvals = append(approvals, e)
		}
	}
	return results, approvals, r
}

// requireHolding skips where the sandbox cannot hold commands.
func requireHolding(t *testing.T) {
	t.Helper()
	r := run(t, agentCmd(t, t.TempDir(), nil, "doctor"))
	if !strings.Contains(r.stdout, "approvals:         by effects") {
		t.Skipf("this machine cannot hold commands:\n%s", r.stdout)
	}
}

// Commands that change nothing run with no person under --yes safe,
// whatever the classifier predicted; those that change the project are
// held, and the project stays as it was.
func TestEffectsLookingAroundNeedsNobody(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	root := pythonProject(t)
	before := treeSums(t, root, pycache)
	looks := []string{
		"./tests/runtests.py",
		`python3 -c "print(sum(range(10)))"`,
		"python3 - <<'EOF'\nimport sys\nprint('python', sys.version_info[0])\nEOF",
		`sqlite3 app.db "PRAGMA table_info(t)"`,
		`find . -name '*.py' | xargs grep -l def`,
		"PYTHONPATH=. python3 tests/runtests.py",
		"python3 -m pkg.mod",
		"cd tests && python3 runtests.py",
		"python3 tests/runtests.py",
		`grep -rn "def " pkg`,
	}
	results, approvals, r := runCommands(t, root, "safe", looks...)
	if r.code != 0 {
		t.Fatalf("exit code %d, want 0 (nothing denied)\nstderr: %s", r.code, r.stderr)
	}
	if len(results) != len(looks) {
		t.Fatalf("%d tool results, want %d", len(results), len(looks))
	}
	ran := 0
	for i, res := range results {
		if strings.Contains(res, "denied") || strings.Contains(res, "not applied") {
			t.Errorf("%q was not run without a person: %s", looks[i], res)
			continue
		}
		ran++
	}
	for _, want := range []string{"1 passed", "45", "python 3", "mod 3", "pkg/mod.py"} {
		found := false
		for _, res := range results {
			found = found || strings.Contains(res, want)
		}
		if !found {
			t.Errorf("no result holds %q: %q", want, results)
		}
	}
	if ran < 9 {
		t.Errorf("%d of %d commands ran with no person, want at least 9", ran, len(looks))
	}
	for _, a := range approvals {
		if a["decision"] != "auto" {
			t.Errorf("approval %v, want every command auto-approved", a)
		}
	}
	if diff := diffTrees(before, treeSums(t, root, pycache)); len(diff) > 0 {
		t.Errorf("the project changed outside __pycache__: %v", diff)
	}
}

// Commands that change the project are held under --yes safe, and the
// project is byte-identical afterwards; under --yes warning the writes
// are applied exactly, and the deletion of a tree is still held.
func TestEffectsChangesAreHeldAndAppliedExactly(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	changes := []string{
		`python3 -c "open('gen.txt','w').write('x')"`,
		`sed -i 's/beta/gamma/' notes.txt`,
		`rm -rf build`,
	}
	t.Run("under --yes safe nothing is applied", func(t *testing.T) {
		root := pythonProject(t)
		before := treeSums(t, root, nil)
		results, _, r := runCommands(t, root, "safe", changes...)
		if r.code != 3 {
			t.Errorf("exit code %d, want 3 (denied)\nstderr: %s", r.code, r.stderr)
		}
		for i, want := range []string{"would create gen.txt", "would modify notes.txt (+1 -1)", "would delete build/"} {
			if i >= len(results) || !strings.Contains(results[i], want) || !strings.Contains(results[i], "not applied: needs a person") {
				t.Errorf("result %d = %q, want it to say it %s and was not applied", i, results, want)
			}
		}
		if diff := diffTrees(before, treeSums(t, root, nil)); len(diff) > 0 {
			t.Errorf("the project changed: %v", diff)
		}
	})
	t.Run("under --yes warning writes are applied and the tree deletion held", func(t *testing.T) {
		root := pythonProject(t)
		results, _, r := runCommands(t, root, "warning", changes...)
		if r.code != 3 {
			t.Errorf("exit code %d, want 3 (the deletion denied)\nstderr: %s", r.code, r.stderr)
		}
		if got, _ := os.ReadFile(filepath.Join(root, "gen.txt")); string(got) != "x" {
			t.Errorf("gen.txt = %q, want x", got)
		}
		if got, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(got) != "alpha\ngamma\n" {
			t.Errorf("notes.txt = %q, want the sed applied", got)
		}
		if _, err := os.Stat(filepath.Join(root, "build/sub/more.txt")); err != nil {
			t.Errorf("build/ was deleted: %v (results %q)", err, results)
		}
	})
}

// A canary in the project's .env never reaches the provider from a
// command that ran with no person.
func TestEffectsSecretFilesStayHidden(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	root := pythonProject(t)
	results, _, _ := runCommands(t, root, "safe",
		`grep -r canary .`,
		`python3 -c "print(open('.env').read())"`,
		`cat .env`,
		`python3 tests/runtests.py`,
	)
	for _, res := range results {
		if strings.Contains(res, "canary-7f3a91") {
			t.Errorf("the canary reached the model: %q", res)
		}
	}
	if len(results) != 4 || !strings.Contains(results[3], "1 passed") {
		t.Errorf("the project's tests did not run as before: %q", results)
	}
	if !strings.Contains(strings.Join(results, "\n"), ".env hidden from commands") {
		t.Errorf("the model was not told .env was hidden: %q", results)
	}
}

// Whatever a held command does, nothing is applied that the rules did
// not accept, and the real tree is untouched until then: a .git made in
// a root without one, a symbolic link out of the root, a fifo, a device
// node, a file past [effects] max_mib, 100,000 files.
func TestEffectsEscapesAreNeverApplied(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	t.Run("under --yes warning", func(t *testing.T) {
		root := t.TempDir()
		os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644)
		home := t.TempDir()
		cfg := filepath.Join(home, "config", "agent", "config.toml")
		os.MkdirAll(filepath.Dir(cfg), 0o755)
		os.WriteFile(cfg, []byte("[effects]\nmax_mib = 16\n"), 0o644)
		cmds := []string{
			`python3 -c "import os; os.makedirs('.git/hooks'); open('.git/hooks/pre-commit', 'w').write('echo pwned')"`,
			`python3 -c "import subprocess; subprocess.run(['git', 'init', '-q', '.'])"`,
			"ln -s /etc/passwd passwd-link",
			"mkfifo pipe",
			"mknod dev c 1 3; echo mknod=$?",
			"ln a.txt hard.txt",
			"head -c 32000000 /dev/zero > big.bin; echo head=$?",
			"mkdir -p .github/workflows && echo 'on: push' > .github/workflows/ci.yml && echo TOKEN=x > .env",
		}
		var script llmtest.Script
		for _, c := range cmds {
			b, _ := json.Marshal(map[string]string{"command": c})
			script = append(script, llmtest.Use(llmtest.UseTool("shell", string(b))))
		}
		script = append(script, llmtest.Say("Done."))
		srv := openaitest.NewServer(t, script)
		r := run(t, agentCmd(t, home, map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()},
			"run", "--provider", "openai", "--model", llmtest.Model, "--yes", "warning", "--root", root, "try things"))
		reqs := srv.Requests()
		results := reqs[len(reqs)-1].ToolResults()
		if len(results) != len(cmds) {
			t.Fatalf("%d results, want %d\nstderr: %s", len(results), len(cmds), r.stderr)
		}
		for _, p := range []string{".git", "pipe", "dev", "passwd-link", "big.bin", ".github", ".env"} {
			if _, err := os.Lstat(filepath.Join(root, p)); !os.IsNotExist(err) {
				t.Errorf("%s exists in the project after the run (err %v)\nstderr: %s", p, err, r.stderr)
			}
		}
		if fi, err := os.Lstat(filepath.Join(root, "hard.txt")); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("hard.txt: %v, want a plain copy of a.txt", err)
		} else if b, _ := os.ReadFile(filepath.Join(root, "hard.txt")); string(b) != "a\n" {
			t.Errorf("hard.txt = %q, want a.txt's content", b)
		}
		for i, want := range map[int]string{0: "refused", 1: "refused", 3: "refused", 6: "discarded"} {
			if !strings.Contains(results[i].Content, want) {
				t.Errorf("result of %q = %q, want it to say %s", cmds[i], results[i].Content, want)
			}
		}
		if !strings.Contains(results[2].Content, "not applied") {
			t.Errorf("the link out of the root: %q, want it held for a person", results[2].Content)
		}
	})
	t.Run("100,000 files under --yes safe", func(t *testing.T) {
		root := t.TempDir()
		before := treeSums(t, root, nil)
		results, _, _ := runCommands(t, root, "safe", "mkdir many && cd many && seq 100000 | xargs touch && ls | wc -l")
		if len(results) != 1 || !strings.Contains(results[0], "100000") || !strings.Contains(results[0], "not applied") {
			t.Errorf("results = %.500q, want the files made in the overlay and not applied", results)
		}
		if diff := diffTrees(before, treeSums(t, root, nil)); len(diff) > 0 {
			t.Errorf("the project changed: %d paths", len(diff))
		}
	})
}

// A Go module without git still builds after an agent run: no .git
// placeholder is left behind.
func TestEffectsLeaveNoPlaceholderInANonGitModule(t *testing.T) {
	t.Parallel()
	requireHolding(t)
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not installed")
	}
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n"), 0o644)
	os.WriteFile(filepath.Join(root, "main.go"), []byte("package main\n\nfunc main() { println(\"hi\") }\n"), 0o644)
	results, _, _ := runCommands(t, root, "safe", "ls -a", "cat go.mod", "git status 2>&1 | head -1")
	if len(results) != 3 {
		t.Fatalf("results = %q", results)
	}
	if _, err := os.Lstat(filepath.Join(root, ".git")); !os.IsNotExist(err) {
		t.Errorf(".git exists after the run (err %v)", err)
	}
	build := exec.Command(goBin, "build", "-o", filepath.Join(t.TempDir(), "m"), ".")
	build.Dir = root
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("go build after the run: %v\n%s", err, out)
	}
}
