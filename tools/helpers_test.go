package tools

import (
	"os"
	"path/filepath"
	"testing"
)

// testEnv is a small, known environment for commands in tests, so nothing
// depends on the user's HOME, config or secrets.
var testEnv = []string{
	"PATH=" + os.Getenv("PATH"),
	"HOME=/nonexistent",
	"LANG=C",
	quickRaceExit,
}

// quickRaceExit is in the environment of every process the tests start.
// Under -race this binary is the sandbox helper of every sandboxed
// command, and the race detector's runtime sleeps a second when a process
// exits with goroutines still running (GORACE's atexit_sleep_ms, 1000 by
// default): a second more for every command.
const quickRaceExit = "GORACE=atexit_sleep_ms=0"

// newTestRegistry returns a registry on a fresh temp root, closed at the
// end of the test. edit adjusts the config and options first.
func newTestRegistry(t testing.TB, edit func(*Config, *Options)) *Registry {
	t.Helper()
	cfg := DefaultConfig()
	opts := Options{
		Root:     t.TempDir(),
		Home:     t.TempDir(),
		StateDir: filepath.Join(t.TempDir(), "output"),
		Env:      testEnv,
	}
	if edit != nil {
		edit(&cfg, &opts)
	}
	r, err := New(cfg, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// mustWrite creates a file under dir with its parents.
func mustWrite(t testing.TB, dir, rel, content string) string {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// mustSymlink creates a symbolic link at dir/rel pointing to target.
func mustSymlink(t testing.TB, target, dir, rel string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// mustPlan plans a call that must be valid.
func mustPlan(t testing.TB, r *Registry, tool, args string) *Plan {
	t.Helper()
	p, err := r.Plan(tool, args)
	if err != nil {
		t.Fatalf("Plan(%s, %s): %v", tool, args, err)
	}
	return p
}

// runCall plans and runs a call that must plan, and returns its result.
func runCall(t testing.TB, r *Registry, tool, args string) Result {
	t.Helper()
	return mustPlan(t, r, tool, args).Run(t.Context(), nil)
}
