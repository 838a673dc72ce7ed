package tools

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func ptr(s string) *string { return &s }

func TestUnifiedDiff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		before, after *string
		want          string
	}{
		{"a new file", nil, ptr("a\nb\n"), "--- /dev/null\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"a deleted file", ptr("a\n"), nil, "--- a/f\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n"},
		{"no change", ptr("a\n"), ptr("a\n"), ""},
		{"a missing final newline is marked", ptr("a\nb"), ptr("a\nc"),
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"binary content is summarised", ptr("a\x00"), ptr("b\x00\x00"), "Binary file f: 2 bytes -> 3 bytes\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := unifiedDiff("f", tc.before, tc.after); got != tc.want {
				t.Errorf("unifiedDiff = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestUnifiedDiffApplies checks hunks and context against patch(1): the
// preview must describe the change exactly.
func TestUnifiedDiffApplies(t *testing.T) {
	t.Parallel()
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("patch(1) is not installed")
	}
	var lines []string
	for i := range 60 {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	before := strings.Join(lines, "\n") + "\n"
	edits := []func([]string) []string{
		func(l []string) []string { l[0] = "first"; return l },
		func(l []string) []string { l[59] = "last"; return l },
		func(l []string) []string { l[10], l[14] = "x", "y"; return l },                            // one hunk
		func(l []string) []string { l[10], l[30] = "x", "y"; return l },                            // two hunks
		func(l []string) []string { return append(l[:20:20], l[25:]...) },                          // removal
		func(l []string) []string { return append(l[:5:5], append([]string{"new"}, l[5:]...)...) }, // insertion
	}
	for i, edit := range edits {
		t.Run(fmt.Sprintf("edit %d", i), func(t *testing.T) {
			after := strings.Join(edit(append([]string(nil), lines...)), "\n") + "\n"
			dir := t.TempDir()
			f := filepath.Join(dir, "f")
			os.WriteFile(f, []byte(before), 0o644)
			cmd := exec.Command(patch, "-s", "-p1", "--no-backup-if-mismatch")
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(unifiedDiff("f", &before, &after))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("patch: %v: %s", err, out)
			}
			if got, _ := os.ReadFile(f); string(got) != after {
				t.Errorf("patched file differs from the intended one")
			}
		})
	}
}
