package tools

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentcli/agent/tools/effects"
)

func TestEffectsDiffShowsEveryKindOfChange(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	root, upper := filepath.Join(base, "root"), filepath.Join(base, "upper")
	write := func(dir, name, text string, mode os.FileMode) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	write(root, "notes.txt", "one\ntwo\nthree\n", 0o644)
	write(root, "run.sh", "echo hi\n", 0o644)
	write(root, "old.txt", "bye\n", 0o644)
	write(root, "build/a.o", "a", 0o644)
	write(root, "build/b.o", "b", 0o644)
	write(upper, "notes.txt", "one\nTWO\nthree\n", 0o644)
	write(upper, "run.sh", "echo hi\n", 0o755)
	write(upper, "img.bin", "\x00\x01\x02", 0o644)
	if err := os.Symlink("notes.txt", filepath.Join(upper, "link")); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"old.txt", "build"} {
		if err := syscall.Mknod(filepath.Join(upper, gone), syscall.S_IFCHR, 0); err != nil {
			t.Skipf("mknod of a whiteout: %v (run as root)", err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(upper, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := effects.Collect(upper, root, effects.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := EffectsDiff(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n",
		"--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n",
		"Binary file img.bin: 0 bytes -> 3 bytes\n",
		"# mode of run.sh: 0644 -> 0755\n",
		"# deleted directory build/ (2 files)\n",
		"# create link -> notes.txt\n",
		"# not applied: pipe (fifo)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("EffectsDiff lacks %q; it is:\n%s", want, got)
		}
	}
	if strings.Contains(got, "run.sh\n+++") {
		t.Errorf("a mode change alone shows a content diff:\n%s", got)
	}
	s.Close()
	if _, err := EffectsDiff(s); err == nil {
		t.Error("EffectsDiff of a closed set: no error")
	}
}
