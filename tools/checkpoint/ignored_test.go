package checkpoint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestIgnoredNamesWhatCheckpointsLeaveOut(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		".gitignore":     "build/\n*.log\n!keep.log\n",
		"sub/.gitignore": "cache\n",
		"main.go":        "package main\n",
		"build/out.bin":  "x",
		"sub/cache/a":    "x",
		"keep.log":       "x",
		"debug.log":      "x",
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := newSession(t, root)
	abs := func(rel string) string { return filepath.Join(root, rel) }
	tests := []struct {
		name  string
		paths []string
		want  []string
	}{
		{"an ignored directory, named without its slash", []string{abs("build")}, []string{abs("build")}},
		{"a file in an ignored directory", []string{abs("build/out.bin")}, []string{abs("build/out.bin")}},
		{"a pattern of a nested .gitignore", []string{abs("sub/cache")}, []string{abs("sub/cache")}},
		{"a file that does not exist yet", []string{abs("trace.log")}, []string{abs("trace.log")}},
		{"a re-included file is recorded", []string{abs("keep.log")}, nil},
		{"tracked-looking files are recorded", []string{abs("main.go"), abs("src/new.go")}, nil},
		{"a mix keeps the order", []string{abs("main.go"), abs("debug.log"), abs("build")}, []string{abs("debug.log"), abs("build")}},
		{"outside the root is not answered", []string{"/tmp/x.log", filepath.Dir(root) + "/y.log"}, nil},
		{"the root itself is not answered", []string{root}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Ignored(t.Context(), tt.paths)
			if err != nil {
				t.Fatalf("Ignored(%q): %v", tt.paths, err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Ignored(%q) = %q, want %q", tt.paths, got, tt.want)
			}
		})
	}
}
