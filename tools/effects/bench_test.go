package effects

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkApply applies n new small files (100 per directory) to an
// empty root: the check, the staging and the renames. Collect is not
// timed.
func BenchmarkApply(b *testing.B) {
	for _, n := range []int{1, 100, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			base := b.TempDir()
			// A held command's upper layer is a tmpfs: so is this one,
			// where /dev/shm is one.
			up := filepath.Join(base, "upper")
			if shm, err := os.MkdirTemp("/dev/shm", "effects-bench-"); err == nil {
				up = shm
				b.Cleanup(func() { os.RemoveAll(shm) })
			}
			for i := range n {
				dir := filepath.Join(up, "d"+itoa(i/100))
				if i%100 == 0 {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						b.Fatal(err)
					}
				}
				if err := os.WriteFile(filepath.Join(dir, "f"+itoa(i)+".txt"), []byte("line "+itoa(i)+"\n"), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				root := filepath.Join(base, "root"+itoa(i))
				if err := os.Mkdir(root, 0o755); err != nil {
					b.Fatal(err)
				}
				s, err := Collect(up, root, Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := Apply(root, s); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s.Close()
				os.RemoveAll(root)
				b.StartTimer()
			}
		})
	}
}

// BenchmarkWriteFilesBaseline writes the same files as BenchmarkApply with
// os.WriteFile and nothing else: the floor Apply's cost compares with.
func BenchmarkWriteFilesBaseline(b *testing.B) {
	for _, n := range []int{1, 100, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			base := b.TempDir()
			for i := 0; i < b.N; i++ {
				root := filepath.Join(base, "root"+itoa(i))
				for j := range n {
					dir := filepath.Join(root, "d"+itoa(j/100))
					if j%100 == 0 {
						if err := os.MkdirAll(dir, 0o755); err != nil {
							b.Fatal(err)
						}
					}
					if err := os.WriteFile(filepath.Join(dir, "f"+itoa(j)+".txt"), []byte("line "+itoa(j)+"\n"), 0o644); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				os.RemoveAll(root)
				b.StartTimer()
			}
		})
	}
}

// BenchmarkCollect collects an upper layer of n new small files against
// an empty root; n=0 is the cost added to every confined command that
// changed nothing.
func BenchmarkCollect(b *testing.B) {
	for _, n := range []int{0, 1, 100, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			base := b.TempDir()
			root, up := filepath.Join(base, "root"), filepath.Join(base, "upper")
			for _, d := range []string{root, up} {
				if err := os.Mkdir(d, 0o755); err != nil {
					b.Fatal(err)
				}
			}
			for i := range n {
				dir := filepath.Join(up, "d"+itoa(i/100))
				if i%100 == 0 {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						b.Fatal(err)
					}
				}
				if err := os.WriteFile(filepath.Join(dir, "f"+itoa(i)+".txt"), []byte("line "+itoa(i)+"\n"), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				s, err := Collect(up, root, Options{})
				if err != nil {
					b.Fatal(err)
				}
				s.Close()
			}
		})
	}
}
