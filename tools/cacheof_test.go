package tools

import (
	"path/filepath"
	"testing"
)

// The isolated copies of one project share its private caches (a cold Go
// build cache is paid once, not once per copy); other roots keep their own.
func TestIsolatedCopiesShareTheProjectsCache(t *testing.T) {
	caches := t.TempDir()
	project := t.TempDir()
	reg := func(root, of string) *Registry {
		r, err := New(DefaultConfig(), Options{Root: root, StateDir: t.TempDir(), CacheDir: caches, CacheOf: of})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return r
	}
	own := reg(project, "").cacheDir()
	a := reg(t.TempDir(), project).cacheDir()
	b := reg(t.TempDir(), project).cacheDir()
	other := reg(t.TempDir(), "").cacheDir()
	if own == "" || a != own || b != own {
		t.Errorf("caches: project %q, copies %q and %q; want the copies to use the project's", own, a, b)
	}
	if other == own || filepath.Dir(other) != caches {
		t.Errorf("another root's cache = %q, want its own beside %q", other, own)
	}
}
