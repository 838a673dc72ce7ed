package effects

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestApplyRefusesWhatChangedSinceCollect(t *testing.T) {
	t.Parallel()
	lower := spec{"a.txt": "f:a\n", "tree/x": "f:x", "same.txt": "f:s", "d/keep": "f:k"}
	upper := spec{"a.txt": "f:A\n", "tree": "w", "new.txt": "f:n", "d/add": "f:add", "same.txt": "f:s"}
	cases := []struct {
		name  string
		edit  func(root string) error
		paths []string // the paths the conflict names
	}{
		{"a file the change modifies was edited", func(r string) error {
			return os.WriteFile(filepath.Join(r, "a.txt"), []byte("edited\n"), 0o644)
		}, []string{"a.txt"}},
		{"a file the change modifies changed mode", func(r string) error {
			return os.Chmod(filepath.Join(r, "a.txt"), 0o600)
		}, []string{"a.txt"}},
		{"a file was added to a tree the change deletes", func(r string) error {
			return os.WriteFile(filepath.Join(r, "tree", "y"), []byte("y"), 0o644)
		}, []string{"tree"}},
		{"a file the change creates appeared", func(r string) error {
			return os.WriteFile(filepath.Join(r, "new.txt"), []byte("mine"), 0o644)
		}, []string{"new.txt"}},
		{"a parent directory became a symlink", func(r string) error {
			if err := os.Rename(filepath.Join(r, "d"), filepath.Join(r, "d2")); err != nil {
				return err
			}
			return os.Symlink("d2", filepath.Join(r, "d"))
		}, []string{"d"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root, up, _ := layers(t, lower, upper)
			s, err := Collect(up, root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := tc.edit(root); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, root)
			err = Apply(root, s)
			var ce *ConflictError
			if !errors.As(err, &ce) || !errors.Is(err, ErrConflict) {
				t.Fatalf("Apply = %v, want a *ConflictError", err)
			}
			if !slices.Equal(ce.Paths, tc.paths) {
				t.Errorf("conflict names %q, want %q", ce.Paths, tc.paths)
			}
			if !strings.Contains(err.Error(), "nothing applied") {
				t.Errorf("error %q does not say nothing was applied", err)
			}
			if d := diffSpecs(snapshot(t, root), before); d != "" {
				t.Errorf("a refused Apply changed the root:\n%s", d)
			}
		})
	}
	t.Run("an unrelated edit is no conflict", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, lower, upper)
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		// same.txt was copied up unchanged: it is no change, so no check.
		if err := os.WriteFile(filepath.Join(root, "same.txt"), []byte("edited"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Apply(root, s); err != nil {
			t.Fatalf("Apply: %v", err)
		}
	})
	t.Run("applying twice is a conflict the second time", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, lower, upper)
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := Apply(root, s); err != nil {
			t.Fatalf("Apply: %v", err)
		}
		if err := Apply(root, s); !errors.Is(err, ErrConflict) {
			t.Fatalf("second Apply = %v, want ErrConflict", err)
		}
	})
}

func TestApplyChecksTheUpperLayerAndTheSet(t *testing.T) {
	t.Parallel()
	t.Run("an upper file changed after Collect applies nothing", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, spec{"a": "f:a"}, spec{"a": "f:b", "b": "f:b", "c": "f:c"})
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := os.WriteFile(filepath.Join(up, "c"), []byte("swapped"), 0o644); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, root)
		err = Apply(root, s)
		if err == nil || !strings.Contains(err.Error(), "nothing applied") {
			t.Fatalf("Apply = %v, want an error saying nothing was applied", err)
		}
		if d := diffSpecs(snapshot(t, root), before); d != "" {
			t.Errorf("the root changed:\n%s", d)
		}
	})
	t.Run("a closed set is not applied", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, nil, spec{"a": "f:a"})
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		if err := Apply(root, s); !errors.Is(err, ErrClosed) {
			t.Errorf("Apply = %v, want ErrClosed", err)
		}
		if _, err := os.Lstat(filepath.Join(root, "a")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a discarded set wrote a: %v", err)
		}
	})
	t.Run("a set is applied only to its own root", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, nil, spec{"a": "f:a"})
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := Apply(t.TempDir(), s); err == nil {
			t.Error("Apply to another root: no error")
		}
	})
	t.Run("a change naming .git or leaving the root is never applied", func(t *testing.T) {
		t.Parallel()
		for _, bad := range []string{".git/config", "a/.GIT/x", "../x", "/etc/x", "", "."} {
			root, up, _ := layers(t, nil, spec{"a": "f:a"})
			s, err := Collect(up, root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			s.Changes[0].Path = bad
			if err := Apply(root, s); err == nil {
				t.Errorf("Apply of a change to %q: no error", bad)
			}
			s.Close()
		}
	})
}

func TestHundredThousandFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 100,000 files")
	}
	t.Parallel()
	root, up, _ := layers(t, nil, nil)
	for i := range 100 {
		dir := filepath.Join(up, "gen", itoa(i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for j := range 1000 {
			if err := os.WriteFile(filepath.Join(dir, itoa(j)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	start := time.Now()
	s, err := Collect(up, root, Options{})
	if err != nil {
		t.Fatalf("Collect: %v", err)
	}
	defer s.Close()
	t.Logf("Collect: %v", time.Since(start))
	if n := len(s.Changes); n != 100_000+101 {
		t.Fatalf("%d changes, want 100101", n)
	}
	if sum := s.Summary(); !strings.HasSuffix(sum, "and 99980 more") {
		t.Errorf("Summary ends %q", sum[max(0, len(sum)-40):])
	}
	start = time.Now()
	if err := Apply(root, s); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	t.Logf("Apply: %v", time.Since(start))
	if _, err := os.Stat(filepath.Join(root, "gen", "99", "999")); err != nil {
		t.Error(err)
	}
}
