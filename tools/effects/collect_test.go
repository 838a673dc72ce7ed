package effects

import (
	"errors"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/classify"
)

// merge returns the expected real root after Apply: lower with changes
// written as a spec of paths to set ("" deletes the path and what is
// below it).
func merge(lower spec, changes map[string]string) spec {
	out := maps.Clone(lower)
	for _, p := range slices.Sorted(maps.Keys(changes)) {
		for k := range out {
			if k == p || strings.HasPrefix(k, p+"/") {
				delete(out, k)
			}
		}
		if changes[p] != "" {
			out[p] = changes[p]
			for d := path.Dir(p); d != "."; d = path.Dir(d) {
				if _, ok := out[d]; !ok {
					out[d] = "d755"
				}
			}
		}
	}
	return out
}

func TestCollectAndApply(t *testing.T) {
	t.Parallel()
	twelve := spec{}
	for i := range 12 {
		twelve["build/f"+string(rune('a'+i))] = "f:x"
	}
	sixty, sixtyGone := spec{}, spec{}
	for i := range 60 {
		name := "many/" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		sixty[name] = "f:x"
		sixtyGone[name] = "w"
	}
	big := strings.Repeat("a line of text\n", 100_000) // 1.5 MB: past the diff limit
	cases := []struct {
		name      string
		lower     spec
		upper     spec
		policy    classify.Policy
		lines     []string
		refused   []string
		level     classify.Level
		reason    string            // a substring of one of the set's reasons
		after     map[string]string // what the real root becomes, over lower
		ignorable bool
	}{
		{
			name:  "a modified line is one line added and one removed",
			lower: spec{"notes.txt": "f:one\ntwo\nthree\n"},
			upper: spec{"notes.txt": "f:one\nTWO\nthree\n"},
			lines: []string{"modify notes.txt (+1 -1)"}, level: classify.Warning,
			reason: "writes inside the project",
			after:  map[string]string{"notes.txt": "f:one\nTWO\nthree\n"},
		},
		{
			name:  "a new file is created",
			upper: spec{"gen.txt": "f:x"},
			lines: []string{"create gen.txt"}, level: classify.Warning,
			after: map[string]string{"gen.txt": "f:x"},
		},
		{
			name:  "a copy-up with the same content and mode is no effect",
			lower: spec{"a.txt": "f:same\n", "d/b.txt": "f:b"},
			upper: spec{"a.txt": "f:same\n", "d": "d"},
			level: classify.Safe,
		},
		{
			name:  "a large file is hashed whole and not counted by lines",
			lower: spec{"big.txt": "f:" + big},
			upper: spec{"big.txt": "f:" + big + "one more\n"},
			lines: []string{"modify big.txt (large file, 1500000 -> 1500009 bytes)"}, level: classify.Warning,
			after: map[string]string{"big.txt": "f:" + big + "one more\n"},
		},
		{
			name:  "a large file copied up unchanged is no effect",
			lower: spec{"big.txt": "f:" + big},
			upper: spec{"big.txt": "f:" + big},
			level: classify.Safe,
		},
		{
			name:  "a chmod alone is a mode change",
			lower: spec{"run.sh": "f:echo\n"},
			upper: spec{"run.sh": "f755:echo\n"},
			lines: []string{"chmod run.sh (0644 -> 0755)"}, level: classify.Warning,
			after: map[string]string{"run.sh": "f755:echo\n"},
		},
		{
			name:  "a whiteout deletes a file",
			lower: spec{"old.txt": "f:x", "keep.txt": "f:y"},
			upper: spec{"old.txt": "w"},
			lines: []string{"delete old.txt"}, level: classify.Warning,
			after: map[string]string{"old.txt": ""},
		},
		{
			name:  "a whiteout of a directory deletes the tree and counts its files",
			lower: twelve,
			upper: spec{"build": "w"},
			lines: []string{"delete build/ (12 files)"}, level: classify.Dangerous,
			reason: "deletes a directory tree",
			after:  map[string]string{"build": ""},
		},
		{
			name:  "a whiteout of nothing is no effect",
			upper: spec{"ghost": "w"},
			level: classify.Safe,
		},
		{
			name:  "an opaque directory deletes what the real one held",
			lower: spec{"d/x": "f:x", "d/y": "f:y", "d/sub/z": "f:z"},
			upper: spec{"d": "o", "d/y": "f:y", "d/new": "f:n"},
			lines: []string{"create d/new", "delete d/sub/ (1 file)", "delete d/x"}, level: classify.Dangerous,
			after: map[string]string{"d/x": "", "d/sub": "", "d/new": "f:n"},
		},
		{
			name:  "below an opaque directory no lower directory is merged",
			lower: spec{"d/e/old": "f:o", "d/e/kept": "f:k"},
			upper: spec{"d": "o", "d/e": "d", "d/e/kept": "f:k"},
			lines: []string{"delete d/e/old"}, level: classify.Warning,
			after: map[string]string{"d/e/old": ""},
		},
		{
			name:  "a new directory is listed by its files",
			upper: spec{"src/pkg/a.go": "f:package a\n", "src/pkg/b.go": "f:package b\n"},
			lines: []string{"create src/pkg/a.go", "create src/pkg/b.go"}, level: classify.Warning,
			after: map[string]string{"src/pkg/a.go": "f:package a\n", "src/pkg/b.go": "f:package b\n"},
		},
		{
			name:  "an empty new directory is listed",
			upper: spec{"empty": "d700"},
			lines: []string{"create empty/"}, level: classify.Warning,
			after: map[string]string{"empty": "d700"},
		},
		{
			name:  "a renamed directory is a copy and a deletion",
			lower: spec{"old/a": "f:a"},
			upper: spec{"old": "w", "new/a": "f:a"},
			lines: []string{"create new/a", "delete old/ (1 file)"}, level: classify.Dangerous,
			after: map[string]string{"old": "", "new/a": "f:a"},
		},
		{
			name:  "a file that became a directory is replaced",
			lower: spec{"x": "f:file"},
			upper: spec{"x/inner": "f:in"},
			lines: []string{"replace x (file -> directory)", "create x/inner"}, level: classify.Warning,
			after: map[string]string{"x": "d755", "x/inner": "f:in"},
		},
		{
			name:  "a directory that became a file is replaced and its files counted",
			lower: spec{"x/a": "f:a", "x/b": "f:b"},
			upper: spec{"x": "f:now a file"},
			lines: []string{"replace x (directory -> file, removing 2 files)"}, level: classify.Dangerous,
			after: map[string]string{"x": "f:now a file"},
		},
		{
			name:  "a symlink inside the project is a write",
			lower: spec{"a.txt": "f:a"},
			upper: spec{"link": "l:a.txt"},
			lines: []string{"create link -> a.txt"}, level: classify.Warning,
			after: map[string]string{"link": "l:a.txt"},
		},
		{
			name:  "a symlink out of the root is dangerous and says so",
			upper: spec{"out": "l:../../etc/passwd", "abs": "l:/etc/shadow"},
			lines: []string{"create abs -> /etc/shadow; points outside the project", "create out -> ../../etc/passwd; points outside the project"},
			level: classify.Dangerous, reason: "points outside the project",
			after: map[string]string{"out": "l:../../etc/passwd", "abs": "l:/etc/shadow"},
		},
		{
			name:  "a symlink through a symlink out of the root is dangerous",
			lower: spec{"ext": "l:../outside"},
			upper: spec{"via": "l:ext/keep.txt", "hop": "l:new/x", "new": "l:/etc", "loop": "l:loop/x"},
			lines: []string{
				"create hop -> new/x; points outside the project",
				"create loop -> loop/x; points outside the project",
				"create new -> /etc; points outside the project",
				"create via -> ext/keep.txt; points outside the project",
			},
			level: classify.Dangerous,
			after: map[string]string{"via": "l:ext/keep.txt", "hop": "l:new/x", "new": "l:/etc", "loop": "l:loop/x"},
		},
		{
			name:  "a symlink through a symlink inside the root is a write",
			lower: spec{"docs/a.md": "f:a", "d": "l:docs"},
			upper: spec{"readme": "l:d/a.md"},
			lines: []string{"create readme -> d/a.md"}, level: classify.Warning,
			after: map[string]string{"readme": "l:d/a.md"},
		},
		{
			name:  "a symlink into .git is dangerous",
			upper: spec{"hooks": "l:.git/hooks"},
			lines: []string{"create hooks -> .git/hooks"}, level: classify.Dangerous,
			reason: "points into the git directory",
			after:  map[string]string{"hooks": "l:.git/hooks"},
		},
		{
			name:  "a changed symlink target is a relink",
			lower: spec{"a": "f:a", "b": "f:b", "cur": "l:a"},
			upper: spec{"cur": "l:b"},
			lines: []string{"relink cur -> b (was a)"}, level: classify.Warning,
			after: map[string]string{"cur": "l:b"},
		},
		{
			name:    "a write under .git is refused and never applied",
			lower:   spec{".git/HEAD": "f:ref: refs/heads/main\n", ".git/hooks": "d", "a": "f:a"},
			upper:   spec{".git/hooks/pre-commit": "f755:#!/bin/sh\ncurl evil\n", ".git/HEAD": "f:ref: refs/heads/evil\n", "a": "f:A"},
			lines:   []string{"modify a (+1 -1)"},
			refused: []string{".git/HEAD (git directory: modify)", ".git/hooks/pre-commit (git directory: create)"},
			level:   classify.Warning,
			after:   map[string]string{"a": "f:A"},
		},
		{
			name:    "a .git made in a root without one is one refusal",
			lower:   spec{"main.go": "f:package main\n"},
			upper:   spec{".git/HEAD": "f:ref\n", ".git/objects/ab/cd": "f:obj", ".git/config": "f:[core]\n"},
			refused: []string{".git (git directory: create)"},
			level:   classify.Safe,
		},
		{
			name:    "a .git in any spelling is refused",
			upper:   spec{".GIT/config": "f:x", "sub/.Git./x": "f:y"},
			refused: []string{".GIT (git directory: create)", "sub/.Git. (git directory: create)"},
			level:   classify.Warning, // sub/ itself is created
			lines:   []string{"create sub/"},
			after:   map[string]string{"sub": "d755"},
		},
		{
			name:    "deleting a tree that holds a repository is refused",
			lower:   spec{"vendor/lib/.git/HEAD": "f:x", "vendor/lib/a.c": "f:a"},
			upper:   spec{"vendor": "w"},
			refused: []string{"vendor (would remove the git directory vendor/lib/.git)"},
			level:   classify.Safe,
		},
		{
			name:    "a deleted .git is refused",
			lower:   spec{".git/HEAD": "f:x"},
			upper:   spec{".git": "w"},
			refused: []string{".git (git directory: delete)"},
			level:   classify.Safe,
		},
		{
			name:    "fifos and device nodes are refused",
			upper:   spec{"pipe": "p", "null": "c", "ok.txt": "f:ok"},
			lines:   []string{"create ok.txt"},
			refused: []string{"null (device node)", "pipe (fifo)"},
			level:   classify.Warning,
			after:   map[string]string{"ok.txt": "f:ok"},
		},
		{
			name:  "hard links become independent files",
			upper: spec{"a": "f:shared", "b": "h:a"},
			lines: []string{
				"create a; hard link, applied as an independent copy",
				"create b; hard link to a, applied as an independent copy",
			},
			level: classify.Warning,
			after: map[string]string{"a": "f:shared", "b": "f:shared"},
		},
		{
			name:  "set-id bits are dropped",
			upper: spec{"tool": "f4755:#!/bin/sh\n"},
			lines: []string{"create tool; set-id bits dropped"}, level: classify.Warning,
			after: map[string]string{"tool": "f755:#!/bin/sh\n"},
		},
		{
			name:  "build outputs and caches are safe",
			lower: spec{"pkg/mod.py": "f:x = 1\n", "build/old.o": "f:o"},
			upper: spec{"pkg/__pycache__/mod.cpython-312.pyc": "f:\x00bytecode", "build/new.o": "f:n", "build/old.o": "w", "x.pyc": "f:c"},
			lines: []string{
				"create build/new.o", "delete build/old.o",
				"create pkg/__pycache__/mod.cpython-312.pyc (binary, 0 -> 9 bytes)"[:len("create pkg/__pycache__/mod.cpython-312.pyc")],
				"create x.pyc",
			},
			level: classify.Safe, ignorable: true,
			after: map[string]string{"build/new.o": "f:n", "build/old.o": "", "pkg/__pycache__": "d755", "pkg/__pycache__/mod.cpython-312.pyc": "f:\x00bytecode", "x.pyc": "f:c"},
		},
		{
			name:  "removing an ignored directory itself is still a tree deletion",
			lower: spec{"build/a.o": "f:a"},
			upper: spec{"build": "w"},
			lines: []string{"delete build/ (1 file)"}, level: classify.Dangerous,
			after: map[string]string{"build": ""},
		},
		{
			name:   "a rule on a path inside an ignored directory still decides",
			upper:  spec{"build/secret.txt": "f:s"},
			policy: classify.Policy{Rules: []classify.Rule{{Path: "**/secret.txt", Level: classify.Dangerous, Reason: "secret"}}},
			lines:  []string{"create build/secret.txt"}, level: classify.Dangerous,
			after: map[string]string{"build/secret.txt": "f:s"},
		},
		{
			name:  "more than fifty deleted files are dangerous",
			lower: sixty,
			upper: sixtyGone,
			level: classify.Dangerous, reason: "deletes 60 files",
			after: func() map[string]string {
				m := map[string]string{}
				for p := range sixty {
					m[p] = ""
				}
				return m
			}(),
		},
		{
			name:  "a directory that is a symlink in the real root is replaced, not followed",
			lower: spec{"sub/f": "f:real", "link": "l:sub"},
			upper: spec{"link/new": "f:n"},
			lines: []string{"replace link (symlink -> directory)", "create link/new"}, level: classify.Warning,
			after: map[string]string{"link": "d755", "link/new": "f:n"},
		},
		{
			name:  "a directory that is a symlink out of the root is replaced, not followed",
			lower: spec{"ext": "l:../outside"},
			upper: spec{"ext/keep.txt": "f:overwritten?"},
			lines: []string{"replace ext (symlink -> directory)", "create ext/keep.txt"}, level: classify.Warning,
			after: map[string]string{"ext": "d755", "ext/keep.txt": "f:overwritten?"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root, up, outside := layers(t, tc.lower, tc.upper)
			rootBefore, upperBefore := snapshot(t, root), snapshot(t, up)
			s, err := Collect(up, root, Options{Policy: tc.policy, Home: "/nonexistent-home"})
			if err != nil {
				t.Fatalf("Collect: %v", err)
			}
			defer s.Close()
			if d := diffSpecs(snapshot(t, root), rootBefore) + diffSpecs(snapshot(t, up), upperBefore); d != "" {
				t.Fatalf("Collect changed a layer:\n%s", d)
			}
			var lines, refused []string
			for _, c := range s.Changes {
				lines = append(lines, c.String())
			}
			for _, r := range s.Refused {
				refused = append(refused, r.Path+" ("+r.Reason+")")
			}
			if tc.lines != nil && !slices.Equal(withoutDirs(s, lines), tc.lines) {
				t.Errorf("changes:\n  %s\nwant:\n  %s", strings.Join(withoutDirs(s, lines), "\n  "), strings.Join(tc.lines, "\n  "))
			}
			if !slices.Equal(refused, tc.refused) {
				t.Errorf("refused = %q, want %q", refused, tc.refused)
			}
			if s.Level != tc.level {
				t.Errorf("level = %v, want %v (reasons %q)", s.Level, tc.level, s.Reasons)
			}
			if tc.reason != "" && !slices.ContainsFunc(s.Reasons, func(r string) bool { return strings.Contains(r, tc.reason) }) {
				t.Errorf("reasons %q hold no %q", s.Reasons, tc.reason)
			}
			if tc.ignorable {
				for _, c := range s.Changes {
					if !c.Ignorable && !c.Type.IsDir() {
						t.Errorf("%s is not ignorable: %q", c.Path, c.Reasons)
					}
				}
			}
			before := snapshot(t, root)
			if err := Apply(root, s); err != nil {
				t.Fatalf("Apply: %v", err)
			}
			want := merge(before, normalChanges(t, tc.after))
			if d := diffSpecs(snapshot(t, root), want); d != "" {
				t.Errorf("after Apply, the root differs:\n%s", d)
			}
			if d := diffSpecs(snapshot(t, outside), spec{"keep.txt": "f644:outside\n"}); d != "" {
				t.Errorf("outside the root changed:\n%s", d)
			}
			entries, _ := os.ReadDir(filepath.Dir(root))
			if len(entries) != 3 {
				t.Errorf("the parent of the root holds %d entries, want 3", len(entries))
			}
		})
	}
}

// withoutDirs leaves out the lines of directories created for files
// listed, as Set.Lines does.
func withoutDirs(s *Set, lines []string) []string {
	var out []string
	for i, c := range s.Changes {
		if c.Op == Create && c.Type.IsDir() && slices.ContainsFunc(s.Changes, func(o Change) bool { return strings.HasPrefix(o.Path, c.Path+"/") }) {
			continue
		}
		out = append(out, lines[i])
	}
	return out
}

// normalChanges spells out the modes of a map of changes.
func normalChanges(t *testing.T, m map[string]string) map[string]string {
	out := map[string]string{}
	for p, v := range m {
		if v == "" {
			out[p] = ""
			continue
		}
		dir := t.TempDir()
		if err := makeEntry(dir, "x", v); err != nil {
			t.Fatal(err)
		}
		out[p] = snapshot(t, dir)["x"]
	}
	return out
}

func TestCollectErrors(t *testing.T) {
	t.Parallel()
	if _, err := Collect(filepath.Join(t.TempDir(), "missing"), t.TempDir(), Options{}); err == nil {
		t.Error("Collect of a missing upper layer: no error")
	}
	t.Run("an opaque upper root is unsupported", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, spec{"a": "f:a"}, spec{"b": "f:b"})
		if err := makeOpaque(up); err != nil {
			t.Skip(err)
		}
		_, err := Collect(up, root, Options{})
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("Collect = %v, want ErrUnsupported", err)
		}
	})
	t.Run("a file larger than max_mib is too large", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, nil, nil)
		f, err := os.Create(filepath.Join(up, "huge"))
		if err != nil {
			t.Fatal(err)
		}
		// Sparse: 2 GiB that take no disk.
		if err := f.Truncate(2 << 30); err != nil {
			t.Fatal(err)
		}
		f.Close()
		_, err = Collect(up, root, Options{})
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "effects.max_mib") {
			t.Errorf("Collect = %v, want ErrTooLarge naming effects.max_mib", err)
		}
	})
	t.Run("too many entries is an error", func(t *testing.T) {
		t.Parallel()
		root, up, _ := layers(t, spec{"big/a": "f:", "big/b": "f:", "big/c": "f:"}, spec{"x": "f:", "big": "w"})
		_, err := Collect(up, root, Options{MaxEntries: 3})
		if !errors.Is(err, ErrTooManyEntries) {
			t.Errorf("Collect = %v, want ErrTooManyEntries (the deleted tree counts)", err)
		}
	})
}

func makeOpaque(dir string) error { return makeEntry(filepath.Dir(dir), filepath.Base(dir), "o") }

func TestGitIgnoredNarrowsTheIgnoreList(t *testing.T) {
	t.Parallel()
	root, up, _ := layers(t, nil, spec{"build/tracked.txt": "f:t", "build/out.o": "f:o", "x.pyc": "f:c"})
	var asked []string
	s, err := Collect(up, root, Options{GitIgnored: func(paths []string) ([]string, error) {
		asked = paths
		return []string{filepath.Join(root, "build", "out.o")}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(asked) != 4 { // build/, build/out.o, build/tracked.txt, x.pyc
		t.Errorf("GitIgnored asked about %q", asked)
	}
	levels := map[string]classify.Level{}
	for _, c := range s.Changes {
		levels[c.Path] = c.Level
	}
	if levels["build/out.o"] != classify.Safe || levels["build/tracked.txt"] != classify.Warning || levels["x.pyc"] != classify.Warning {
		t.Errorf("levels = %v; want only build/out.o safe", levels)
	}
	if s.Level != classify.Warning {
		t.Errorf("set level = %v, want warning", s.Level)
	}
	failing, err := Collect(up, root, Options{GitIgnored: func([]string) ([]string, error) { return nil, errors.New("no git") }})
	if err != nil {
		t.Fatal(err)
	}
	defer failing.Close()
	for _, c := range failing.Changes {
		if c.Ignorable {
			t.Errorf("%s counted as ignored though git could not say", c.Path)
		}
	}
}

func TestCollectReadsTheUpperLayerThroughAnOpenDescriptor(t *testing.T) {
	t.Parallel()
	root, up, _ := layers(t, spec{"a.txt": "f:a\n"}, spec{"a.txt": "f:b\n"})
	d, err := os.Open(up)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	via := "/proc/self/fd/" + itoa(int(d.Fd()))
	if _, err := os.Stat(via); err != nil {
		t.Skipf("no %s: %v", via, err)
	}
	s, err := Collect(via, root, Options{})
	if err != nil {
		t.Fatalf("Collect(%s): %v", via, err)
	}
	defer s.Close()
	if got := s.Summary(); got != "modify a.txt (+1 -1)" {
		t.Errorf("Summary = %q", got)
	}
	if err := Apply(root, s); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(data) != "b\n" {
		t.Errorf("a.txt = %q after Apply", data)
	}
}
