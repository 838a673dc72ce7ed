//go:build linux

package cmd_test

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEscapeGoReadsThePersonsBuildCache: the person has built the project
// (their own go, their own ~/.cache/go-build); the model's confined
// `go build` compiles nothing, since it reads the person's cache through
// the agent's cache program, and the person's cache is left exactly as it
// was (no file made, changed or touched), even under --yes dangerous with
// a command that tries to write it. The project imports one small package
// of the standard library, so the priming is cheap.
func TestEscapeGoReadsThePersonsBuildCache(t *testing.T) {
	t.Parallel()
	needIsolation(t)
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not installed")
	}
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	var minor int
	if _, serr := fmt.Sscanf(strings.TrimSpace(string(out)), "go1.%d", &minor); err != nil || serr != nil || minor < 24 {
		t.Skipf("SKIPPED: go %q has no GOCACHEPROG (go1.24 and later)", strings.TrimSpace(string(out)))
	}
	home, root := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(root, "m.go"), []byte("package m\n\nimport \"unicode/utf8\"\n\n// Len counts runes.\nfunc Len(s string) int { return utf8.RuneCountInString(s) }\n"), 0o644)
	env := map[string]string{"GOFLAGS": "-buildvcs=false", "GOTOOLCHAIN": "local", "CGO_ENABLED": "0"}

	// The person's build, outside the agent, with the agent's environment.
	prime := agentCmd(t, home, env)
	prime.Path, prime.Args, prime.Dir = mustLookPath(t, "go"), []string{"go", "build", "./..."}, root
	if out, err := prime.CombinedOutput(); err != nil {
		t.Fatalf("the person's go build: %v\n%s", err, out)
	}
	person := filepath.Join(home, ".cache", "go-build")
	before := cacheState(t, person)

	build := `go build -x ./... 2>&1 | grep -E '/compile .* -p ' || echo compiled nothing`
	hostile := `(touch "$HOME/.cache/go-build/README") && echo WROTE-1; (: > "$HOME/.cache/go-build/00/planted") && echo WROTE-2; echo tried`
	srv, r := escape(t, home, root, env, []string{"--yes", "dangerous"}, build, hostile)
	reqs := srv.Requests()
	var results string
	for _, m := range reqs[len(reqs)-1].ToolResults() {
		results += m.Content + "\n"
	}
	if r.code != 0 || !strings.Contains(results, "compiled nothing") {
		t.Errorf("the confined go build did not read the person's cache: exit %d, tool output:\n%s\nstderr: %s", r.code, results, r.stderr)
	}
	if !strings.Contains(results, "tried") || strings.Contains(results, "WROTE-") {
		t.Errorf("a confined command wrote the person's build cache:\n%s", results)
	}
	if after := cacheState(t, person); !maps.Equal(before, after) {
		t.Errorf("the person's build cache changed:\nbefore %d files, after %d", len(before), len(after))
		for p, st := range after {
			if before[p] != st {
				t.Errorf("%s: %s, was %q", p, st, before[p])
			}
		}
	}
}

// cacheState is every path under dir with its size, mode and
// modification time.
func cacheState(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%d %v %d", fi.Size(), fi.Mode(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
