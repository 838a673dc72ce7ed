package tools

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// newSearchTree builds a small project with ignored and hidden parts.
func newSearchTree(t *testing.T) *Registry {
	t.Helper()
	r := newTestRegistry(t, nil)
	root := r.Root()
	files := map[string]string{
		".gitignore":             "node_modules/\n*.log\n/build\n!keep.log\n",
		".git/config":            "[core] needle\n",
		".git/info/exclude":      "secret-notes.md\n",
		"main.go":                "package main\n// needle here\n",
		"README.md":              "no match\n",
		"secret-notes.md":        "needle\n",
		"src/app.ts":             "const needle = 1\n",
		"src/app.tsx":            "<Needle/>\n",
		"src/deep/x.go":          "package deep // needle\n",
		"src/.gitignore":         "generated.go\n",
		"src/generated.go":       "needle\n",
		"debug.log":              "needle\n",
		"keep.log":               "needle kept\n",
		"build/out.go":           "needle\n",
		"src/build/ok.go":        "needle in src/build\n",
		"node_modules/lib/i.js":  "needle\n",
		"data.bin":               "needle\x00\x01",
		"src/deep/more/y.go":     "nothing\n",
		"docs/guide/intro.md":    "intro\n",
		"docs/guide/advanced.md": "advanced needle\n",
	}
	for name, content := range files {
		mustWrite(t, root, name, content)
	}
	mustSymlink(t, "src", root, "srclink")
	return r
}

func TestListDir(t *testing.T) {
	t.Parallel()
	r := newSearchTree(t)
	tests := []struct {
		name, args string
		want       []string
	}{
		{"depth 1 lists the top level", `{"path":"src"}`,
			[]string{".gitignore", "app.ts", "app.tsx", "build/", "deep/", "generated.go"}},
		{"depth 2 goes one level down", `{"path":"docs","depth":2}`,
			[]string{"guide/", "guide/advanced.md", "guide/intro.md"}},
		{"ignored and .git directories are shown but not entered", `{"path":".","depth":2}`, []string{
			".git/ (not listed)", ".gitignore", "README.md", "build/ (not listed)", "data.bin", "debug.log",
			"docs/", "docs/guide/", "keep.log", "main.go", "node_modules/ (not listed)", "secret-notes.md",
			"src/", "src/.gitignore", "src/app.ts", "src/app.tsx", "src/build/", "src/deep/", "src/generated.go",
			"srclink -> src"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "list_dir", tc.args)
			got := strings.Split(strings.TrimSuffix(res.Output, "\n"), "\n")
			if res.IsError || !slices.Equal(got, tc.want) {
				t.Errorf("list_dir(%s) =\n%s\nwant:\n%s", tc.args, res.Output, strings.Join(tc.want, "\n"))
			}
		})
	}
	t.Run("a file is not a directory", func(t *testing.T) {
		if _, err := r.Plan("list_dir", `{"path":"main.go"}`); err == nil || !strings.Contains(err.Error(), "use read_file") {
			t.Errorf("Plan(list_dir, main.go) = %v, want a hint to use read_file", err)
		}
	})
	t.Run("the entry cap is announced", func(t *testing.T) {
		r := newTestRegistry(t, func(c *Config, _ *Options) { c.MaxEntries = 2 })
		for _, n := range []string{"a", "b", "c"} {
			mustWrite(t, r.Root(), n, "")
		}
		res := runCall(t, r, "list_dir", `{"path":"."}`)
		if res.Output != "a\nb\n[... stopped after 2 entries (max_entries); list a subdirectory ...]\n" {
			t.Errorf("list_dir capped = %q", res.Output)
		}
	})
}

func TestGlob(t *testing.T) {
	t.Parallel()
	r := newSearchTree(t)
	tests := []struct {
		pattern string
		want    []string
	}{
		{"*.go", []string{"main.go"}},
		{"**/*.go", []string{"main.go", "src/build/ok.go", "src/deep/more/y.go", "src/deep/x.go"}},
		{"src/**", []string{"src/.gitignore", "src/app.ts", "src/app.tsx", "src/build/", "src/build/ok.go",
			"src/deep/", "src/deep/more/", "src/deep/more/y.go", "src/deep/x.go"}},
		{"src/*.{ts,tsx}", []string{"src/app.ts", "src/app.tsx"}},
		{"**/*.log", []string{"keep.log"}},
		{"node_modules/**/*.js", []string{"node_modules/lib/i.js"}},
		{"docs/guide/intro.md", []string{"docs/guide/intro.md"}},
		{"src/deep/*", []string{"src/deep/more/", "src/deep/x.go"}},
		{"**/*.none", nil},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			res := runCall(t, r, "glob", string(encodeArgs(map[string]string{"pattern": tc.pattern})))
			var got []string
			if res.Output != "no paths match" {
				got = strings.Split(strings.TrimSuffix(res.Output, "\n"), "\n")
			}
			if res.IsError || !slices.Equal(got, tc.want) {
				t.Errorf("glob(%q) = %q, want %q", tc.pattern, got, tc.want)
			}
		})
	}
	for _, bad := range []string{"../*", "src/../../*", "/etc/*"} {
		t.Run(bad+" is outside the root", func(t *testing.T) {
			if _, err := r.Plan("glob", string(encodeArgs(map[string]string{"pattern": bad}))); err == nil {
				t.Errorf("Plan(glob, %q) succeeded, want an error", bad)
			}
		})
	}
	t.Run("a malformed pattern is an argument error", func(t *testing.T) {
		if _, err := r.Plan("glob", `{"pattern":"src/[a-"}`); err == nil || !strings.Contains(err.Error(), "not a valid glob") {
			t.Errorf("Plan(glob, src/[a-) = %v, want an argument error", err)
		}
	})
	t.Run("an absolute pattern inside the root works", func(t *testing.T) {
		res := runCall(t, r, "glob", string(encodeArgs(map[string]string{"pattern": filepath.Join(r.Root(), "*.md")})))
		// secret-notes.md is in .git/info/exclude.
		if res.Output != "README.md\n" {
			t.Errorf("glob(ROOT/*.md) = %q", res.Output)
		}
	})
}

func TestGrep(t *testing.T) {
	t.Parallel()
	r := newSearchTree(t)
	tests := []struct {
		name, args string
		want       []string
	}{
		{"the tree is searched, skipping .git, ignored and binary files", `{"pattern":"needle"}`, []string{
			"docs/guide/advanced.md:1: advanced needle", "keep.log:1: needle kept", "main.go:2: // needle here",
			"src/app.ts:1: const needle = 1", "src/build/ok.go:1: needle in src/build", "src/deep/x.go:1: package deep // needle"}},
		{"include filters by name", `{"pattern":"needle","include":"*.go"}`, []string{
			"main.go:2: // needle here", "src/build/ok.go:1: needle in src/build", "src/deep/x.go:1: package deep // needle"}},
		{"include takes braces", `{"pattern":"(?i)needle","include":"*.{ts,tsx}"}`, []string{
			"src/app.ts:1: const needle = 1", "src/app.tsx:1: <Needle/>"}},
		{"include with a slash matches from the root", `{"pattern":"needle","include":"src/deep/*.go"}`, []string{
			"src/deep/x.go:1: package deep // needle"}},
		{"path narrows the search", `{"pattern":"needle","path":"src/deep"}`, []string{
			"src/deep/x.go:1: package deep // needle"}},
		{"a file named explicitly is searched even if ignored", `{"pattern":"needle","path":"debug.log"}`, []string{
			"debug.log:1: needle"}},
		{"no match says so", `{"pattern":"haystack"}`, []string{"no matches"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "grep", tc.args)
			got := strings.Split(strings.TrimSuffix(res.Output, "\n"), "\n")
			if res.IsError || !slices.Equal(got, tc.want) {
				t.Errorf("grep(%s) =\n%s\nwant:\n%s", tc.args, res.Output, strings.Join(tc.want, "\n"))
			}
		})
	}
	t.Run("a bad regular expression is an argument error", func(t *testing.T) {
		if _, err := r.Plan("grep", `{"pattern":"(unclosed"}`); err == nil || !strings.Contains(err.Error(), "not a valid regular expression") {
			t.Errorf("Plan(grep, (unclosed) = %v, want an argument error", err)
		}
	})
	t.Run("the match cap is announced", func(t *testing.T) {
		r := newTestRegistry(t, func(c *Config, _ *Options) { c.MaxEntries = 3 })
		mustWrite(t, r.Root(), "many.txt", strings.Repeat("hit\n", 10))
		res := runCall(t, r, "grep", `{"pattern":"hit"}`)
		if !strings.HasSuffix(res.Output, "[... stopped after 3 matches (max_entries); narrow the pattern, path or include ...]\n") ||
			strings.Count(res.Output, "many.txt:") != 3 {
			t.Errorf("grep capped = %q", res.Output)
		}
	})
	if _, err := os.Stat(filepath.Join(r.Root(), "srclink")); err != nil {
		t.Fatal(err)
	}
}

func TestGitignoreRules(t *testing.T) {
	t.Parallel()
	ig := newIgnorer(fstest.MapFS{
		".gitignore":        {Data: []byte("# comment\n\n*.o\n!keep.o\n/only-root\ndir/\na/**/z\ndocs/*.md\n\\#hash\ntrailing   \n")},
		"sub/.gitignore":    {Data: []byte("local\n!x.o\n")},
		".git/info/exclude": {Data: []byte("excluded\n")},
	})
	tests := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"x.o", false, true}, {"deep/x.o", false, true}, {"keep.o", false, false},
		{"only-root", false, true}, {"sub/only-root", false, false},
		{"dir", true, true}, {"dir", false, false}, {"sub/dir", true, true},
		{"a/z", false, true}, {"a/b/c/z", false, true}, {"b/a/z", false, false},
		{"docs/x.md", false, true}, {"docs/sub/x.md", false, false},
		{"#hash", false, true}, {"trailing", false, true},
		{"sub/local", false, true}, {"local", false, false},
		{"sub/x.o", false, false}, {"sub/y.o", false, true}, {"excluded", false, true},
		{"main.go", false, false},
	}
	for _, tc := range tests {
		if got := ig.ignored(tc.path, tc.isDir); got != tc.want {
			t.Errorf("ignored(%q, dir %v) = %v, want %v", tc.path, tc.isDir, got, tc.want)
		}
	}
}

func TestMatchSegments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"*.go", "a.go", true}, {"*.go", "d/a.go", false},
		{"**/*.go", "a.go", true}, {"**/*.go", "d/e/a.go", true},
		{"src/**", "src", false}, {"src/**", "src/a", true}, {"src/**", "src/a/b", true},
		{"a/**/b", "a/b", true}, {"a/**/b", "a/x/y/b", true}, {"a/**/b", "a/x/y/c", false},
		{"**/**/**/x", "x", true}, {"[a-c]?.txt", "b1.txt", true}, {"[a-c]?.txt", "d1.txt", false},
	}
	for _, tc := range tests {
		if got := matchSegments(splitPattern(tc.pattern), strings.Split(tc.path, "/")); got != tc.want {
			t.Errorf("matchSegments(%q, %q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestExpandBraces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{"*.go", []string{"*.go"}},
		{"*.{ts,tsx}", []string{"*.ts", "*.tsx"}},
		{"{a,b}/{c,d}", []string{"a/c", "a/d", "b/c", "b/d"}},
		{"x{a,{b,c}}y", []string{"xay", "xby", "xcy"}},
		{"{single}", []string{"{single}"}},
		{"{open", []string{"{open"}},
		{`\{a,b}`, []string{`\{a,b}`}},
	}
	for _, tc := range tests {
		if got := expandBraces(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("expandBraces(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := expandBraces(strings.Repeat("{a,b}", 7)); got != nil {
		t.Errorf("expandBraces of 128 alternatives = %d patterns, want nil", len(got))
	}
}
