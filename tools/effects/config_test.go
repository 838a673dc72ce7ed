package effects

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestIgnoreMatchesBuildOutputsOnly(t *testing.T) {
	t.Parallel()
	m := newMatcher(DefaultConfig())
	cases := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"pkg/__pycache__/m.cpython-312.pyc", false, true},
		{"__pycache__", true, true},
		{"__pycache__", false, false}, // a file named so is not the directory
		{"a/b/c.pyc", false, true},
		{"build/out/x.o", false, true},
		{"sub/build/x.o", false, true},
		{"target/debug/app", false, true},
		{"node_modules/.cache/babel/x.json", false, true},
		{"web/node_modules/.cache/x", false, true},
		{"node_modules/left-pad/index.js", false, false},
		{"src/build.go", false, false},
		{"builder/x", false, false},
		{"main.py", false, false},
		{"pkg.egg-info/PKG-INFO", false, true},
		{".coverage", false, true},
	}
	for _, tc := range cases {
		if got := m.ignored(tc.path, tc.isDir); got != tc.want {
			t.Errorf("ignored(%q, dir=%v) = %v, want %v", tc.path, tc.isDir, got, tc.want)
		}
	}
	anchored := newMatcher(Config{Ignore: []string{"/out/"}})
	if !anchored.ignored("out/x", false) || anchored.ignored("sub/out/x", false) {
		t.Error("an anchored pattern does not match only at the root")
	}
	if none := newMatcher(Config{Ignore: []string{}}); none.ignored("build/x", false) {
		t.Error("an empty ignore list still ignores build/")
	}
}

func TestConfigValidateAndDecode(t *testing.T) {
	t.Parallel()
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatalf("DefaultConfig().Validate() = %v", err)
	}
	for _, bad := range []Config{
		{Ignore: []string{""}},
		{Ignore: []string{"a/../b"}},
		{Ignore: []string{"a//b"}},
		{Ignore: []string{"[x"}},
		{MaxMiB: -1},
		{MaxMiB: 1 << 30},
	} {
		if err := bad.Validate(); err == nil || !strings.HasPrefix(err.Error(), "effects.") {
			t.Errorf("Validate(%+v) = %v, want an error naming the effects key", bad, err)
		}
	}
	c := DefaultConfig()
	md, err := toml.Decode("ignore = [\"out/\"]\nmax_mib = 8\n", &c)
	if err != nil || len(md.Undecoded()) > 0 {
		t.Fatalf("Decode: %v, undecoded %v", err, md.Undecoded())
	}
	if len(c.Ignore) != 1 || c.Ignore[0] != "out/" || c.maxBytes() != 8<<20 {
		t.Errorf("decoded %+v", c)
	}
	if (Config{}).maxBytes() != DefaultMaxMiB<<20 {
		t.Error("a zero MaxMiB is not the default")
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	s := &Set{}
	if got := s.Summary(); got != "no changes" {
		t.Errorf("Summary of nothing = %q", got)
	}
	s.Changes = []Change{
		{Path: "notes.txt", Op: Modify, Content: true, Added: 1, Removed: 1, Mode: 0o644, OldMode: 0o644},
		{Path: "gen.txt", Op: Create},
		{Path: "build", Op: Delete, Type: fs.ModeDir, Files: 12},
	}
	s.Refused = []Refusal{{Path: ".git/hooks/pre-commit", Reason: "git directory: create"}}
	want := "modify notes.txt (+1 -1); create gen.txt; delete build/ (12 files); refused: .git/hooks/pre-commit (git directory: create)"
	if got := s.Summary(); got != want {
		t.Errorf("Summary = %q\nwant      %q", got, want)
	}
	odd := &Set{Changes: []Change{{Path: "x\nrefused: fake", Op: Create}}}
	if got := odd.Summary(); got != `create "x\nrefused: fake"` {
		t.Errorf("a name with a line break is shown as %q", got)
	}
}
