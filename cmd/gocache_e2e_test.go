//go:build linux

package cmd_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/sandbox/gocache/gocachetest"
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
	gocachetest.NeedGo(t)
	home, root := t.TempDir(), t.TempDir()
	gocachetest.WriteModule(t, root)
	env := map[string]string{"GOFLAGS": "-buildvcs=false", "GOTOOLCHAIN": "local", "CGO_ENABLED": "0"}

	// The person's build, outside the agent, with the agent's environment.
	prime := agentCmd(t, home, env)
	prime.Path, prime.Args, prime.Dir = mustLookPath(t, "go"), []string{"go", "build", "./..."}, root
	if out, err := prime.CombinedOutput(); err != nil {
		t.Fatalf("the person's go build: %v\n%s", err, out)
	}
	person := filepath.Join(home, ".cache", "go-build")
	before := gocachetest.TreeState(t, person)

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
	gocachetest.CheckUnchanged(t, person, before)
}
