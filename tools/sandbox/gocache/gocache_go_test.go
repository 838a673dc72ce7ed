package gocache

import (
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests run the real go command with this test binary as its
// GOCACHEPROG (the package's init serves the protocol when the binary is
// started with Arg), as the sandbox runs the agent's binary.

// module is a small module with a test. Its package needs one package
// of the standard library that imports nothing, so that building it is
// cheap; its test needs the testing package's dependencies, about 120
// packages, which only the heavy tests compile.
var module = map[string]string{
	"go.mod":          "module example.com/m\n\ngo 1.24\n",
	"add/add.go":      "package add\n\nimport \"unicode/utf8\"\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n\n// Len counts runes.\nfunc Len(s string) int { return utf8.RuneCountInString(s) }\n",
	"add/add_test.go": "package add\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n",
}

// compileLine is how go build -x shows a compilation.
var compileLine = regexp.MustCompile(`(?m)/compile(\.exe)? `)

// needGo skips the test without a go command new enough for
// GOCACHEPROG.
func needGo(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds with the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("SKIPPED: no go command on PATH")
	}
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		t.Skipf("SKIPPED: go env GOVERSION: %v", err)
	}
	var minor int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "go1.%d", &minor); err != nil || minor < 24 {
		t.Skipf("SKIPPED: %s has no GOCACHEPROG (go1.24 and later)", strings.TrimSpace(string(out)))
	}
}

// writeModule writes module to a new directory and returns it.
func writeModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range module {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// goEnv is the go command's environment for the tests: the same for the
// person's runs and the command's but for GOCACHE and GOCACHEPROG, so
// that their action IDs match.
func goEnv(home, gocache, prog string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + home,
		"GOENV=off", "GOTOOLCHAIN=local", "GOFLAGS=", "GOPROXY=off", "GOWORK=off",
		"GOPATH=" + filepath.Join(home, "go"), "GOCACHE=" + gocache, "GOCACHEPROG=" + prog,
		"CGO_ENABLED=0",
	}
}

// runGo runs go with args in dir with GOCACHE=gocache and GOCACHEPROG=prog
// (empty for none).
func runGo(t *testing.T, dir, gocache, prog string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv(os.TempDir(), gocache, prog)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOCACHEPROG=%q go %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// compiled lists the packages that go build -x output shows compiled.
func compiled(out string) []string {
	var pkgs []string
	for _, line := range strings.Split(out, "\n") {
		if !compileLine.MatchString(line) {
			continue
		}
		if m := regexp.MustCompile(` -p (\S+)`).FindStringSubmatch(line); m != nil {
			pkgs = append(pkgs, m[1])
		} else {
			pkgs = append(pkgs, line)
		}
	}
	return pkgs
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
// build (and with -heavy a test) of module, as the person's own go would
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
		for name, content := range module {
			p := filepath.Join(primed.module, name)
			err := os.MkdirAll(filepath.Dir(p), 0o755)
			if err == nil {
				err = os.WriteFile(p, []byte(content), 0o644)
			}
			if err != nil {
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
			cmd.Env = goEnv(os.TempDir(), primed.cache, "")
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

// fileState is a file's size, mode and modification time.
type fileState struct {
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

// listing is every file under dir with its state.
func listing(t *testing.T, dir string) map[string]fileState {
	t.Helper()
	out := make(map[string]fileState)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fileState{fi.Size(), fi.Mode(), fi.ModTime()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkUnchanged fails when dir's listing differs from before.
func checkUnchanged(t *testing.T, dir string, before map[string]fileState) {
	t.Helper()
	after := listing(t, dir)
	if maps.Equal(before, after) {
		return
	}
	for p, st := range after {
		if old, ok := before[p]; !ok {
			t.Errorf("the person's cache gained %s", p)
		} else if old != st {
			t.Errorf("the person's cache's %s changed: %+v, was %+v", p, st, old)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("the person's cache lost %s", p)
		}
	}
}

func TestGoBuildReadsThePersonsCacheAndWritesOnlyThePrivateOne(t *testing.T) {
	t.Parallel()
	needGo(t)
	shared, mod := personsCache(t)
	before := listing(t, shared)
	private := filepath.Join(t.TempDir(), "go-build")
	prog := program(t, shared, private)

	out := runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := compiled(out); len(pkgs) != 0 {
		t.Errorf("with the person's cache primed, go build compiled %q:\n%s", pkgs, out)
	}
	checkUnchanged(t, shared, before)

	// A package the person never built is compiled, into the private
	// cache, and found there the next time over no person's cache (its
	// dependencies came from the person's, so they are compiled then).
	mustWrite(t, filepath.Join(mod, "sub2", "s.go"), "package sub2\n\nimport \"unicode/utf8\"\n\nvar X = utf8.RuneLen('x')\n")
	t.Cleanup(func() { os.RemoveAll(filepath.Join(mod, "sub2")) })
	out = runGo(t, mod, private, prog, "build", "-x", "./sub2")
	if pkgs := compiled(out); !slices.Equal(pkgs, []string{"example.com/m/sub2"}) {
		t.Errorf("a new package over the person's cache: compiled %q, want only it", pkgs)
	}
	checkUnchanged(t, shared, before)
	out = runGo(t, mod, private, program(t, filepath.Join(t.TempDir(), "none"), private), "build", "-x", "./sub2")
	if pkgs := compiled(out); slices.Contains(pkgs, "example.com/m/sub2") {
		t.Errorf("over the private cache alone, the new package was compiled again")
	}
}

func TestGoBuildWorksWithoutThePersonsCache(t *testing.T) {
	t.Parallel()
	needGo(t)
	mod := writeModule(t)
	private := filepath.Join(t.TempDir(), "go-build")
	missing := filepath.Join(t.TempDir(), "no-such-cache")
	prog := program(t, missing, private)

	out := runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := compiled(out); !slices.Contains(pkgs, "unicode/utf8") {
		t.Fatalf("over an empty private cache go build did not compile unicode/utf8: %q", pkgs)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("the missing person's cache was made: %v", err)
	}
	out = runGo(t, mod, private, prog, "build", "-x", "./...")
	if pkgs := compiled(out); len(pkgs) != 0 {
		t.Errorf("a second build compiled %q again instead of reading the private cache", pkgs)
	}
	// The private cache is Go's own layout: go without the program
	// finds the same entries.
	out = runGo(t, mod, private, "", "build", "-x", "./...")
	if pkgs := compiled(out); len(pkgs) != 0 {
		t.Errorf("go without GOCACHEPROG compiled %q, which the program had cached", pkgs)
	}
}

// TestGoTestResultsOfThePersonsCacheAreNotServed compiles the testing
// package's dependencies, half a minute of CPU: make test-heavy.
func TestGoTestResultsOfThePersonsCacheAreNotServed(t *testing.T) {
	t.Parallel()
	needGo(t)
	if !*heavy {
		t.Skip("compiles the testing package's dependencies: make test-heavy")
	}
	shared, mod := personsCache(t)
	before := listing(t, shared)

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
	if pkgs := compiled(out); len(pkgs) != 0 {
		t.Errorf("the test's build compiled %q, which the person's cache holds", pkgs)
	}
	// Its own result is cached, privately.
	if out := runGo(t, mod, private, prog, "test", "./add"); !strings.Contains(out, "(cached)") {
		t.Errorf("a second go test ran again instead of using its own cached result:\n%s", out)
	}
	checkUnchanged(t, shared, before)
}

// mustWrite writes content to path, making its directory.
func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
