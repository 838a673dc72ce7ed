package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHideStageLeavesNoTrace checks that the empty directory and file the
// helper binds over hidden paths are neither in the command's /tmp nor
// made in the private temp directory on disk: the stage lives on a tmpfs
// that the private /tmp covers.
func TestHideStageLeavesNoTrace(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	writeFile(t, filepath.Join(f.home, ".netrc"), "machine example.com password p\n")
	writeFile(t, filepath.Join(f.home, ".ssh", "id_ed25519"), "key\n")
	got := bash(t, sb, f, `[ -z "$(cat "$HOME/.netrc")" ] && [ -z "$(ls -A "$HOME/.ssh")" ] && ls -A /tmp`)
	if got.code != 0 {
		t.Fatalf("reading the hidden paths: exit %d, %s; want them empty", got.code, got.stderr)
	}
	// Only the directories leading to the paths put back under /tmp may
	// be there: the fixture's root and home directory live in the shared
	// temp directory, and on a machine whose home is under /tmp so may the
	// account's home and the PATH's directories, which are put back
	// read-only.
	allowed := make(map[string]bool)
	for _, p := range append([]string{f.root, f.home, accountHome()}, filepath.SplitList(os.Getenv("PATH"))...) {
		if !filepath.IsAbs(p) {
			continue
		}
		for _, tmp := range PrivateTempDirs {
			if rel, err := filepath.Rel(tmp, p); err == nil && !strings.HasPrefix(rel, "..") {
				allowed[strings.Split(rel, string(filepath.Separator))[0]] = true
			}
		}
	}
	for _, name := range strings.Fields(got.stdout) {
		if !allowed[name] {
			t.Errorf("the command's /tmp holds %q, want only %v", name, allowed)
		}
	}
	entries, err := os.ReadDir(f.tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !allowed[e.Name()] {
			t.Errorf("the private temp directory on disk holds %q, want only %v", e.Name(), allowed)
		}
	}
}
