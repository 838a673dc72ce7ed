package gocache

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/tools/sandbox/gocache/gocachetest"
)

// These tests run the real go command with this test binary as its
// GOCACHEPROG (the package's init serves the protocol when the binary is
// started with Arg), as the sandbox runs the agent's binary.

// goEnv is the go command's environment for the tests, with
// GOCACHE=gocache and GOCACHEPROG=prog (empty for none).
func goEnv(gocache, prog string) []string {
	home := os.TempDir()
	return gocachetest.Env(home, gocache, "XDG_CONFIG_HOME="+home, "GOPATH="+filepath.Join(home, "go"), "GOCACHEPROG="+prog)
}

// runGo runs go with args in dir with GOCACHE=gocache and GOCACHEPROG=prog
// (empty for none).
func runGo(t *testing.T, dir, gocache, prog string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv(gocache, prog)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOCACHEPROG=%q go %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// program is the GOCACHEPROG value that runs this test binary as the
// cache program over shared and private.
func program(t *testing.T, shared, private string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	v, ok := Command(exe, shared, private)
	if !ok {
		t.Fatalf("Command(%q, %q, %q) cannot be quoted", exe, shared, private)
	}
	return v
}

var heavy = flag.Bool("heavy", false, "run the long versions: go test over the person's cache")

// primed is the person's build cache and the module built into it.
var primed struct {
	once          sync.Once
	dir           string
	cache, module string
	err           string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if primed.dir != "" {
		os.RemoveAll(primed.dir)
	}
	os.Exit(code)
}

// personsCache returns a build cache primed, without GOCACHEPROG, with a
// build (and with -heavy a test) of gocachetest.Module, as the person's own go would
// leave it, and
// the module's directory. The tests share both, and none may write the
// cache.
func personsCache(t *testing.T) (cache, moduleDir string) {
	t.Helper()
	primed.once.Do(func() {
		dir, err := os.MkdirTemp("", "gocache-person-")
		if err != nil {
			primed.err = err.Error()
			return
		}
		primed.dir = dir
		primed.cache, primed.module = filepath.Join(dir, "go-build"), filepath.Join(dir, "m")
		for name, content := range gocachetest.Module {
			if err := gocachetest.WriteFile(primed.module, name, content); err != nil {
				primed.err = err.Error()
				return
			}
		}
		commands := [][]string{{"build", "./..."}}
		if *heavy {
			commands = append(commands, []string{"test", "./..."})
		}
		for _, args := range commands {
			cmd := exec.Command("go", args...)
			cmd.Dir = primed.module
			cmd.Env = goEnv(primed.cache, "")
			if out, err := cmd.CombinedOutput(); err != nil {
				primed.err = fmt.Sprintf("priming the person's cache: go %v: %v\n%s", args, err, out)
				return
			}
		}
	})
	if primed.err != "" {
		t.Fatal(primed.err)
	}
	return primed.cache, primed.module
}

func TestGoBuildReadsThePersonsCacheAndWritesOnlyThePrivateOne(t *testing.T) {
	t.Parallel()
	gocachetest.NeedGo(t)
	shared, mod := personsCache(t)
	before := gocachetest.TreeState(t, shared)
	private := filepath.Join(t.TempDir(), "go-build")
	prog := program(t, shared, private)

	out := runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := gocachetest.Compiled(out); len(pkgs) != 0 {
		t.Errorf("with the person's cache primed, go build compiled %q:\n%s", pkgs, out)
	}
	gocachetest.CheckUnchanged(t, shared, before)

	// A package the person never built is compiled, into the private
	// cache, and found there the next time over no person's cache (its
	// dependencies came from the person's, so they are compiled then).
	if err := gocachetest.WriteFile(mod, "sub2/s.go", "package sub2\n\nimport \"unicode/utf8\"\n\nvar X = utf8.RuneLen('x')\n"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Join(mod, "sub2")) })
	out = runGo(t, mod, private, prog, "build", "-x", "./sub2")
	if pkgs := gocachetest.Compiled(out); !slices.Equal(pkgs, []string{"example.com/m/sub2"}) {
		t.Errorf("a new package over the person's cache: compiled %q, want only it", pkgs)
	}
	gocachetest.CheckUnchanged(t, shared, before)
	out = runGo(t, mod, private, program(t, filepath.Join(t.TempDir(), "none"), private), "build", "-x", "./sub2")
	if pkgs := gocachetest.Compiled(out); slices.Contains(pkgs, "example.com/m/sub2") {
		t.Errorf("over the private cache alone, the new package was compiled again")
	}
}

func TestGoBuildWorksWithoutThePersonsCache(t *testing.T) {
	t.Parallel()
	gocachetest.NeedGo(t)
	mod := t.TempDir()
	gocachetest.WriteModule(t, mod)
	private := filepath.Join(t.TempDir(), "go-build")
	missing := filepath.Join(t.TempDir(), "no-such-cache")
	prog := program(t, missing, private)

	out := runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := gocachetest.Compiled(out); !slices.Contains(pkgs, "unicode/utf8") {
		t.Fatalf("over an empty private cache go build did not compile unicode/utf8: %q", pkgs)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("the missing person's cache was made: %v", err)
	}
	out = runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := gocachetest.Compiled(out); len(pkgs) != 0 {
		t.Errorf("a second build compiled %q again instead of reading the private cache", pkgs)
	}
	// The private cache is Go's own layout: go without the program
	// finds the same entries.
	out = runGo(t, mod, private, "", "build", "-x", "./...")
	if pkgs := gocachetest.Compiled(out); len(pkgs) != 0 {
		t.Errorf("go without GOCACHEPROG compiled %q, which the program had cached", pkgs)
	}
}

// TestGoTestResultsOfThePersonsCacheAreNotServed compiles the testing
// package's dependencies, half a minute of CPU: make test-heavy.
func TestGoTestResultsOfThePersonsCacheAreNotServed(t *testing.T) {
	t.Parallel()
	gocachetest.NeedGo(t)
	if !*heavy {
		t.Skip("compiles the testing package's dependencies: make test-heavy")
	}
	shared, mod := personsCache(t)
	before := gocachetest.TreeState(t, shared)

	// The control: the person's own go reports this test as cached (on a
	// copy of their cache, which go writes).
	copied := filepath.Join(t.TempDir(), "go-build")
	if err := os.CopyFS(copied, os.DirFS(shared)); err != nil {
		t.Fatal(err)
	}
	if out := runGo(t, mod, copied, "", "test", "./add"); !strings.Contains(out, "(cached)") {
		t.Fatalf("the control: the person's go test of the same package is not cached, so this test proves nothing:\n%s", out)
	}

	private := filepath.Join(t.TempDir(), "go-build")
	prog := program(t, shared, private)
	out := runGo(t, mod, private, prog, "test", "-x", "./add")
	if strings.Contains(out, "(cached)") {
		t.Errorf("go test reported the person's test result as its own:\n%s", out)
	}
	if !strings.Contains(out, "ok") {
		t.Errorf("go test did not pass:\n%s", out)
	}
	if pkgs := gocachetest.Compiled(out); len(pkgs) != 0 {
		t.Errorf("the test's build compiled %q, which the person's cache holds", pkgs)
	}
	// Its own result is cached, privately.
	if out := runGo(t, mod, private, prog, "test", "./add"); !strings.Contains(out, "(cached)") {
		t.Errorf("a second go test ran again instead of using its own cached result:\n%s", out)
	}
	gocachetest.CheckUnchanged(t, shared, before)
}
