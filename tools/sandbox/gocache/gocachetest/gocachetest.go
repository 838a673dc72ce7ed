// Package gocachetest holds what the tests of the Go cache program share,
// in package gocache, the sandbox and the CLI: a small module to build,
// the go command's environment, and checks that a build compiled nothing
// and that the person's cache was left alone. It runs the real go command
// and imports nothing of ours.
package gocachetest

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Module is a small module with a test, by file name. Its package needs
// one package of the standard library that imports nothing, so building
// it is cheap; its test needs the testing package's dependencies, about
// 120 packages, which only the heavy tests compile.
var Module = map[string]string{
	"go.mod":          "module example.com/m\n\ngo 1.24\n",
	"add/add.go":      "package add\n\nimport \"unicode/utf8\"\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n\n// Len counts runes.\nfunc Len(s string) int { return utf8.RuneCountInString(s) }\n",
	"add/add_test.go": "package add\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n",
}

// NeedGo skips the test in -short mode (it builds with the go command),
// and without a go command on PATH that knows GOCACHEPROG (go1.24 and
// later).
func NeedGo(t testing.TB) {
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

// WriteModule writes Module into dir.
func WriteModule(t testing.TB, dir string) {
	t.Helper()
	for name, content := range Module {
		if err := WriteFile(dir, name, content); err != nil {
			t.Fatal(err)
		}
	}
}

// WriteFile writes content to name under dir, making its directory.
func WriteFile(dir, name, content string) error {
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

// Env is the go command's environment for a test with HOME=home and
// GOCACHE=gocache, then extra: nothing from the person's own Go set-up
// (environment file, toolchain switch, workspace, proxy, cgo), and the
// same for the person's runs and the command's, so that their action IDs
// match.
func Env(home, gocache string, extra ...string) []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOENV=off", "GOTOOLCHAIN=local",
		"GOFLAGS=-buildvcs=false", "GOWORK=off", "GOPROXY=off", "CGO_ENABLED=0", "GOCACHE=" + gocache,
	}, extra...)
}

// compileLine is a compilation in go build -x output, and the package
// it compiles.
var compileLine = regexp.MustCompile(`(?m)/compile(?:\.exe)? .* -p (\S+)`)

// Compiled lists the packages go build -x output shows compiled.
func Compiled(out string) []string {
	var pkgs []string
	for _, m := range compileLine.FindAllStringSubmatch(out, -1) {
		pkgs = append(pkgs, m[1])
	}
	return pkgs
}

// TreeState is every path under dir with its size, mode and modification
// time.
func TreeState(t testing.TB, dir string) map[string]string {
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

// CheckUnchanged fails the test, naming each path, when the person's
// cache dir was changed since its TreeState before: a path gained,
// changed or lost.
func CheckUnchanged(t testing.TB, dir string, before map[string]string) {
	t.Helper()
	after := TreeState(t, dir)
	if maps.Equal(before, after) {
		return
	}
	for p, st := range after {
		if old, ok := before[p]; !ok {
			t.Errorf("the person's cache gained %s", p)
		} else if old != st {
			t.Errorf("the person's cache's %s changed: %s, was %s", p, st, old)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("the person's cache lost %s", p)
		}
	}
}
