package safegit

import (
	"os"
	"os/exec"
	"testing"
)

// BenchmarkHardenedRevParse is what the hardening costs one git: listing
// the config (and the submodules' git directory) before it runs.
func BenchmarkHardenedRevParse(b *testing.B) {
	dir := b.TempDir()
	gitT(b, dir, "init", "-q")
	g, err := New(os.Environ())
	if err != nil {
		b.Skip(err)
	}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			c := exec.Command(g.Path(), "rev-parse", "--git-dir")
			c.Dir = dir
			if err := c.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hardened", func(b *testing.B) {
		for b.Loop() {
			c, err := g.Command(b.Context(), dir, Options{}, "rev-parse", "--git-dir")
			if err != nil {
				b.Fatal(err)
			}
			if err := c.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
