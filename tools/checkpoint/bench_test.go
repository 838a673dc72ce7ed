package checkpoint

import (
	"fmt"
	"testing"
	"time"
)

// tenThousandFiles is a project of 10,000 files in 100 directories.
func tenThousandFiles(b *testing.B) string {
	b.Helper()
	root := b.TempDir()
	for d := range 100 {
		for f := range 100 {
			write(b, root, fmt.Sprintf("pkg%03d/file%03d.go", d, f), fmt.Sprintf("package pkg%03d\n\nconst n%d = %d\n", d, f, f))
		}
	}
	write(b, root, ".gitignore", "*.o\n")
	return root
}

// BenchmarkCheckpointUnchangedTree is the cost of a checkpoint before an
// action when nothing changed since the last one: the common case of an
// agent running several commands in a row. The budget is 50ms.
func BenchmarkCheckpointUnchangedTree(b *testing.B) {
	needGit(b)
	root := tenThousandFiles(b)
	c := newSession(b, root)
	start := time.Now()
	if _, err := c.Checkpoint(b.Context(), "first"); err != nil {
		b.Fatal(err)
	}
	b.Logf("first checkpoint of 10,000 files: %s", time.Since(start).Round(time.Millisecond))
	// Files written within the same second as the index are re-hashed once
	// (git's racy-clean rule); let that pass as it does in real use.
	time.Sleep(1100 * time.Millisecond)
	c.Checkpoint(b.Context(), "settle")
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Checkpoint(b.Context(), "again"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckpointOneFileChanged adds one changed file to the above.
func BenchmarkCheckpointOneFileChanged(b *testing.B) {
	needGit(b)
	root := tenThousandFiles(b)
	c := newSession(b, root)
	c.Checkpoint(b.Context(), "first")
	time.Sleep(1100 * time.Millisecond)
	i := 0
	for b.Loop() {
		i++
		write(b, root, "pkg050/file050.go", fmt.Sprintf("package pkg050\n// %d\n", i))
		if _, err := c.Checkpoint(b.Context(), "again"); err != nil {
			b.Fatal(err)
		}
	}
}
