package tools

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParsePatch(t *testing.T) {
	t.Parallel()
	ok := []struct {
		name, patch string
		want        []patchHunk
	}{
		{"an added file", "*** Begin Patch\n*** Add File: a/b.txt\n+one\n+\n+three\n*** End Patch",
			[]patchHunk{{op: opAdd, path: "a/b.txt", contents: "one\n\nthree\n", line: 2}}},
		{"a deleted file", "*** Begin Patch\n*** Delete File: gone.go\n*** End Patch\n",
			[]patchHunk{{op: opDelete, path: "gone.go", line: 2}}},
		{"an update with context, two chunks and the end of file",
			"*** Begin Patch\n*** Update File: m.py\n@@ def f():\n-    pass\n+    return 1\n@@\n x\n-y\n+z\n*** End of File\n*** End Patch",
			[]patchHunk{{op: opUpdate, path: "m.py", line: 2, chunks: []patchChunk{
				{context: "def f():", hasContext: true, old: []string{"    pass"}, new: []string{"    return 1"}, line: 3},
				{old: []string{"x", "y"}, new: []string{"x", "z"}, eof: true, line: 6},
			}}}},
		{"a first chunk without @@, an empty line as empty context",
			"*** Begin Patch\n*** Update File: f\n a\n\n-b\n+c\n*** End Patch",
			[]patchHunk{{op: opUpdate, path: "f", line: 2, chunks: []patchChunk{
				{old: []string{"a", "", "b"}, new: []string{"a", "", "c"}, line: 3},
			}}}},
		{"a move without changes", "*** Begin Patch\n*** Update File: old.go\n*** Move to: new/new.go\n*** End Patch",
			[]patchHunk{{op: opUpdate, path: "old.go", moveTo: "new/new.go", line: 2}}},
		{"CRLF and blanks around the patch", "\n  *** Begin Patch\r\n*** Add File: x\r\n+y\r\n*** End Patch\r\n\n",
			[]patchHunk{{op: opAdd, path: "x", contents: "y\n", line: 2}}},
		{"several files in order",
			"*** Begin Patch\n*** Add File: n\n+1\n*** Update File: u\n@@\n-a\n+b\n*** Delete File: d\n*** End Patch",
			[]patchHunk{
				{op: opAdd, path: "n", contents: "1\n", line: 2},
				{op: opUpdate, path: "u", line: 4, chunks: []patchChunk{{old: []string{"a"}, new: []string{"b"}, line: 5}}},
				{op: opDelete, path: "d", line: 8},
			}},
		{"a context line that looks like a marker after its space",
			"*** Begin Patch\n*** Update File: f\n@@\n *** not a marker\n-x\n+y\n*** End Patch",
			[]patchHunk{{op: opUpdate, path: "f", line: 2, chunks: []patchChunk{{old: []string{"*** not a marker", "x"}, new: []string{"*** not a marker", "y"}, line: 3}}}}},
	}
	for _, c := range ok {
		got, err := parsePatch(c.patch)
		if err != nil {
			t.Errorf("%s: parsePatch = %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: parsePatch =\n%+v\nwant\n%+v", c.name, got, c.want)
		}
	}
	bad := []struct {
		name, patch, want string
	}{
		{"empty", "", `line 1: the first line must be "*** Begin Patch"`},
		{"a here-document around it", "<<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF", "not a shell here-document"},
		{"no end", "*** Begin Patch\n*** Delete File: a\n", `the last line must be "*** End Patch"`},
		{"no file", "*** Begin Patch\n*** End Patch", "no file in it"},
		{"a unified diff instead", "*** Begin Patch\n--- a/f\n+++ b/f\n*** End Patch", `line 2: want *** Add File`},
		{"an added line without +", "*** Begin Patch\n*** Add File: a\n+x\ny\n*** End Patch", "line 4: every line of an added file starts with +"},
		{"an empty added file", "*** Begin Patch\n*** Add File: a\n*** End Patch", "line 2: an added file needs at least one + line"},
		{"a path missing", "*** Begin Patch\n*** Delete File: \n*** End Patch", "line 2: the path is missing"},
		{"lines after a delete", "*** Begin Patch\n*** Delete File: a\n-x\n*** End Patch", "line 3: a deleted file has no lines"},
		{"an empty update", "*** Begin Patch\n*** Update File: a\n*** End Patch", "line 2: *** Update File has no change"},
		{"a chunk line without a prefix", "*** Begin Patch\n*** Update File: a\n@@\n-x\nplain\n*** End Patch", "line 5: every line of a chunk starts with"},
		{"only context", "*** Begin Patch\n*** Update File: a\n@@\n x\n*** End Patch", "line 3: the chunk has only context lines"},
		{"an empty chunk", "*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n@@\n*** End Patch", "line 6: the chunk has no lines"},
		{"a move out of place", "*** Begin Patch\n*** Move to: b\n*** End Patch", "line 2: *** Move to must follow"},
		{"end of file out of place", "*** Begin Patch\n*** End of File\n*** End Patch", "line 2: *** End of File must end"},
		{"a second begin", "*** Begin Patch\n*** Begin Patch\n*** Delete File: a\n*** End Patch", "line 2: \"*** Begin Patch\" may appear only once"},
		{"an end in the middle", "*** Begin Patch\n*** Delete File: a\n*** End Patch\n*** Delete File: b\n*** End Patch", "line 3: \"*** End Patch\" may appear only once"},
		{"lines after end of file", "*** Begin Patch\n*** Update File: a\n@@\n-x\n*** End of File\n@@\n-y\n*** End Patch", "line 6: *** End of File must end"},
		{"a misspelt marker", "*** Begin Patch\n*** Update file: a\n@@\n-x\n*** End Patch", "line 2: want *** Add File"},
	}
	for _, c := range bad {
		_, err := parsePatch(c.patch)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: parsePatch(%q) = %v, want an error containing %q", c.name, c.patch, err, c.want)
		}
	}
}

func TestApplyChunks(t *testing.T) {
	t.Parallel()
	const file = "package p\n\nfunc A() {\n\treturn\n}\n\nfunc B() {\n\treturn\n}\n"
	cases := []struct {
		name, content, patch, want, err, how string
	}{
		{"the @@ line picks the second of two equal bodies", file,
			"@@ func B() {\n-\treturn\n+\treturn // B", "package p\n\nfunc A() {\n\treturn\n}\n\nfunc B() {\n\treturn // B\n}\n", "", ""},
		{"without @@ the first match wins, as Codex does", file,
			"@@\n-\treturn\n+\treturn // A", "package p\n\nfunc A() {\n\treturn // A\n}\n\nfunc B() {\n\treturn\n}\n", "", ""},
		{"chunks apply in order", file,
			"@@\n-\treturn\n+\tx()\n@@\n-\treturn\n+\ty()", "package p\n\nfunc A() {\n\tx()\n}\n\nfunc B() {\n\ty()\n}\n", "", ""},
		{"trailing blanks in the file are forgiven and said", "a  \nb\n", "@@\n-a\n-b\n+c", "c\n", "", "trailing whitespace"},
		{"indentation is forgiven when unique", "if x:\n    y = 1\n", "@@\n-y = 1\n+y = 2", "if x:\ny = 2\n", "", "indentation"},
		{"loose and ambiguous is refused", "  a\n    a\n", "@@\n-a\n+b", "", "match more than one place", ""},
		{"end of file anchors at the end", "x\ny\nx\n", "@@\n-x\n+z\n*** End of File", "x\ny\nz\n", "", ""},
		{"added lines go after the @@ line", "a\nb\n", "@@ a\n+inserted", "a\ninserted\nb\n", "", ""},
		{"added lines without @@ go at the end", "a\n", "+b", "a\nb\n", "", ""},
		{"CRLF files stay CRLF", "a\r\nb\r\n", "@@\n-a\n+c", "c\r\nb\r\n", "", ""},
		{"no final newline stays so", "a\nb", "@@\n-b\n+c", "a\nc", "", ""},
		{"a trailing empty context line is dropped when it does not match", "a\nb\n", "@@\n-b\n+c\n ", "a\nc\n", "", ""},
		{"a missing @@ line says so with the closest lines", file,
			"@@ func C() {\n-\treturn\n+\tx", "", `its @@ line "func C() {" is not in f`, ""},
		{"missing lines show the closest region", file,
			"@@\n func B() {\n-\treturn nil\n+\treturn", "", "closest lines are 7-8", ""},
	}
	for _, c := range cases {
		hunks, err := parsePatch("*** Begin Patch\n*** Update File: f\n" + c.patch + "\n*** End Patch")
		if err != nil {
			t.Fatalf("%s: parsePatch = %v", c.name, err)
		}
		got, hows, err := applyChunks(c.content, hunks[0].chunks, "f")
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: applyChunks = %q, %v, want an error containing %q", c.name, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: applyChunks = %q, %v, want %q", c.name, got, err, c.want)
		}
		if h := strings.Join(hows, ";"); (c.how == "") != (h == "") || !strings.Contains(h, c.how) {
			t.Errorf("%s: how = %q, want it to name %q", c.name, h, c.how)
		}
	}
}

// patchRegistry is a registry offering apply_patch.
func patchRegistry(t *testing.T) *Registry {
	t.Helper()
	r, err := New(DefaultConfig(), Options{Root: t.TempDir(), StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, EditTool: EditToolPatch})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func patchArgsJSON(patch string) string {
	return string(encodeArgs(patchArgs{Input: patch}))
}

func TestApplyPatchTool(t *testing.T) {
	t.Parallel()
	r := patchRegistry(t)
	root := r.Root()
	var names []string
	for _, s := range r.Specs() {
		names = append(names, s.Name)
	}
	if !strings.Contains(strings.Join(names, ","), "apply_patch") || strings.Contains(strings.Join(names, ","), "edit_file") {
		t.Fatalf("tools = %v, want apply_patch instead of edit_file", names)
	}
	mustWrite(t, root, "keep.go", "package keep\n\nfunc K() int {\n\treturn 1\n}\n")
	mustWrite(t, root, "gone.txt", "bye\n")
	mustWrite(t, root, "old/name.go", "package old\n")
	os.Chmod(filepath.Join(root, "old/name.go"), 0o640)
	patch := "*** Begin Patch\n" +
		"*** Add File: docs/new.md\n+# New\n+text\n" +
		"*** Update File: keep.go\n@@ func K() int {\n-\treturn 1\n+\treturn 2\n" +
		"*** Delete File: gone.txt\n" +
		"*** Update File: old/name.go\n*** Move to: pkg/name.go\n@@\n-package old\n+package pkg\n" +
		"*** End Patch"
	plan, err := r.Plan("apply_patch", patchArgsJSON(patch))
	if err != nil {
		t.Fatalf("Plan = %v", err)
	}
	if plan.Summary != "patch: add docs/new.md, update keep.go, delete gone.txt, move old/name.go to pkg/name.go" {
		t.Errorf("summary = %q", plan.Summary)
	}
	for _, want := range []string{"+++ b/docs/new.md", "-\treturn 1\n+\treturn 2", "--- a/gone.txt\n+++ /dev/null", "rename old/name.go to pkg/name.go", "--- a/old/name.go\n+++ b/pkg/name.go"} {
		if !strings.Contains(plan.Preview, want) {
			t.Errorf("preview lacks %q:\n%s", want, plan.Preview)
		}
	}
	if len(plan.Also) != 4 || plan.Action.Path != filepath.Join(root, "docs/new.md") {
		t.Errorf("actions = %+v then %+v, want one per path touched", plan.Action, plan.Also)
	}
	if _, err := os.Stat(filepath.Join(root, "docs/new.md")); err == nil {
		t.Fatal("Plan wrote a file")
	}
	res := plan.Run(t.Context(), nil)
	if res.IsError {
		t.Fatalf("Run = %q", res.Output)
	}
	want := map[string]string{"docs/new.md": "# New\ntext\n", "keep.go": "package keep\n\nfunc K() int {\n\treturn 2\n}\n", "pkg/name.go": "package pkg\n"}
	for p, w := range want {
		if got, _ := os.ReadFile(filepath.Join(root, p)); string(got) != w {
			t.Errorf("%s = %q, want %q", p, got, w)
		}
	}
	for _, p := range []string{"gone.txt", "old/name.go"} {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			t.Errorf("%s still exists", p)
		}
	}
	if fi, _ := os.Stat(filepath.Join(root, "pkg/name.go")); fi == nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("the moved file lost its mode: %v", fi)
	}
}

func TestApplyPatchRefusesAndChangesNothing(t *testing.T) {
	t.Parallel()
	r := patchRegistry(t)
	root := r.Root()
	mustWrite(t, root, "a.txt", "one\ntwo\n")
	outside := filepath.Join(filepath.Dir(root), "outside.txt")
	cases := []struct {
		name, patch, want string
	}{
		{"a path outside the root", "*** Begin Patch\n*** Add File: ../escape.txt\n+x\n*** End Patch", "outside"},
		{"an absolute path outside", "*** Begin Patch\n*** Add File: " + outside + "\n+x\n*** End Patch", "outside"},
		{"a file under .git", "*** Begin Patch\n*** Add File: .git/hooks/post-commit\n+x\n*** End Patch", ".git"},
		{"a file that exists, added", "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch", "already exists"},
		{"a missing file, updated", "*** Begin Patch\n*** Update File: b.txt\n@@\n-x\n+y\n*** End Patch", "does not exist"},
		{"a file twice", "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+1\n*** Update File: ./a.txt\n@@\n-two\n+2\n*** End Patch", "appears at patch lines 2 and 6"},
		{"a move over a file", "*** Begin Patch\n*** Add File: c.txt\n+c\n*** Update File: a.txt\n*** Move to: c.txt\n*** End Patch", "appears at patch lines"},
		{"a chunk that does not apply, after a good one", "*** Begin Patch\n*** Add File: new.txt\n+n\n*** Update File: a.txt\n@@\n-three\n+3\n*** End Patch", "does not apply"},
	}
	for _, c := range cases {
		_, err := r.Plan("apply_patch", patchArgsJSON(c.patch))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "nothing was changed") {
			t.Errorf("%s: Plan = %v, want an error containing %q and that nothing was changed", c.name, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "new.txt")); err == nil {
		t.Error("a refused patch added a file")
	}
	t.Run("a file changed since the plan stops the whole patch", func(t *testing.T) {
		plan := mustPlan(t, r, "apply_patch", patchArgsJSON("*** Begin Patch\n*** Add File: fresh.txt\n+f\n*** Update File: a.txt\n@@\n-one\n+1\n*** End Patch"))
		os.WriteFile(filepath.Join(root, "a.txt"), []byte("one\ntwo\nthree\n"), 0o644)
		res := plan.Run(t.Context(), nil)
		if !res.IsError || !res.Stale || !strings.Contains(res.Output, "nothing was changed") {
			t.Errorf("Run = %q (stale %v), want a stale error that changed nothing", res.Output, res.Stale)
		}
		if _, err := os.Stat(filepath.Join(root, "fresh.txt")); err == nil {
			t.Error("a stale patch added its new file")
		}
	})
}

// FuzzParsePatch checks that any text parses or fails cleanly, that a
// parsed patch names a file in every hunk and changes something, and
// that applying it to any content never panics and keeps the content's
// line endings.
func FuzzParsePatch(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: a\n@@ x\n-y\n+z\n*** End of File\n*** End Patch", "x\ny\n")
	f.Add("*** Begin Patch\n*** Add File: a\n+\n*** Delete File: b\n*** End Patch", "")
	f.Add("*** Begin Patch\n*** Update File: a\n*** Move to: b\n a\n\n-b\n+c\n*** End Patch", "a\r\n\r\nb\r\n")
	f.Fuzz(func(t *testing.T, patch, content string) {
		hunks, err := parsePatch(patch)
		if err != nil {
			if _, ok := err.(*PatchError); !ok {
				t.Fatalf("parsePatch error %T, want *PatchError", err)
			}
			return
		}
		if len(hunks) == 0 {
			t.Fatal("parsePatch succeeded with no hunk")
		}
		for _, h := range hunks {
			if strings.TrimSpace(h.path) == "" || h.path != strings.TrimSpace(h.path) {
				t.Fatalf("hunk at line %d has path %q", h.line, h.path)
			}
			if h.op == opUpdate && len(h.chunks) == 0 && h.moveTo == "" {
				t.Fatalf("update at line %d changes nothing", h.line)
			}
			for _, c := range h.chunks {
				if len(c.old) == 0 && len(c.new) == 0 {
					t.Fatalf("empty chunk at line %d", c.line)
				}
			}
			if h.op != opUpdate {
				continue
			}
			out, _, err := applyChunks(content, h.chunks, h.path)
			if err == nil && strings.Contains(content, "\r\n") && strings.Contains(out, "\n") && !strings.Contains(out, "\r\n") {
				t.Fatalf("a CRLF file came out with LF line endings: %q -> %q", content, out)
			}
		}
	})
}
