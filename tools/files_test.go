package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadFile(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, func(c *Config, _ *Options) { c.ReadLines = 3; c.MaxReadBytes = 1024 })
	root := r.Root()
	mustWrite(t, root, "five.txt", "one\ntwo\nthree\nfour\nfive\n")
	mustWrite(t, root, "crlf.txt", "a\r\nb\r\n")
	mustWrite(t, root, "noeol.txt", "a\nb")
	mustWrite(t, root, "empty.txt", "")
	mustWrite(t, root, "big.txt", strings.Repeat("0123456789abcdef0123456789abcdef\n", 100))
	mustWrite(t, root, "long.txt", strings.Repeat("x", 5000)+"\nshort\n")
	mustWrite(t, root, "bin.dat", "PNG\x00\x01\x02binary")
	mustWrite(t, root, "latin1.txt", "Le caf\xe9 est tr\xe8s bon, \xe0 bient\xf4t.\n")
	tests := []struct {
		name, args string
		want       string
		wantErr    bool
	}{
		{"lines are numbered", `{"path":"five.txt","limit":2}`, "     1\tone\n     2\ttwo\n[... the file goes on; read on with offset 3 ...]\n", false},
		{"the default limit comes from the config", `{"path":"five.txt"}`, "     1\tone\n     2\ttwo\n     3\tthree\n[... the file goes on; read on with offset 4 ...]\n", false},
		{"offset starts later", `{"path":"five.txt","offset":4,"limit":5}`, "     4\tfour\n     5\tfive\n", false},
		{"an offset past the end says how long the file is", `{"path":"five.txt","offset":9}`, "five.txt: offset 9 is past the end: the file has 5 lines", true},
		{"carriage returns are dropped", `{"path":"crlf.txt"}`, "     1\ta\n     2\tb\n", false},
		{"a last line without newline is shown", `{"path":"noeol.txt"}`, "     1\ta\n     2\tb\n", false},
		{"an empty file says so", `{"path":"empty.txt"}`, "(empty file)", false},
		{"a binary file is refused politely", `{"path":"bin.dat"}`, "bin.dat looks like a binary file (12 bytes); read_file shows only text", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCall(t, r, "read_file", tc.args)
			if res.Output != tc.want || res.IsError != tc.wantErr {
				t.Errorf("read_file(%s) = %q, error %v; want %q, error %v", tc.args, res.Output, res.IsError, tc.want, tc.wantErr)
			}
		})
	}
	t.Run("the size cap stops with a clear message", func(t *testing.T) {
		res := runCall(t, r, "read_file", `{"path":"big.txt","limit":1000}`)
		if res.IsError || len(res.Output) > 1024+200 || !strings.Contains(res.Output, "max_read_bytes") || !strings.Contains(res.Output, "read on with offset") {
			t.Errorf("read_file(big.txt) = %d bytes, error %v:\n%s\nwant at most max_read_bytes and a note", len(res.Output), res.IsError, res.Output)
		}
	})
	t.Run("a very long line is cut", func(t *testing.T) {
		r := newTestRegistry(t, nil)
		mustWrite(t, r.Root(), "long.txt", strings.Repeat("x", 5000)+"\nshort\n")
		res := runCall(t, r, "read_file", `{"path":"long.txt"}`)
		want := "     1\t" + strings.Repeat("x", maxLineBytes) + " [... line cut ...]\n     2\tshort\n"
		if res.Output != want {
			t.Errorf("read_file(long.txt) = %q, want %q", res.Output, want)
		}
	})
	t.Run("text that is not UTF-8 is still shown", func(t *testing.T) {
		if res := runCall(t, r, "read_file", `{"path":"latin1.txt"}`); res.IsError {
			t.Errorf("read_file(latin1.txt) = %q, want it shown", res.Output)
		}
	})
	for _, tc := range []struct{ name, args, want string }{
		{"a missing file", `{"path":"nope.txt"}`, "no such file"},
		{"a directory", `{"path":"."}`, "use list_dir"},
		{"offset zero", `{"path":"five.txt","offset":0}`, "lines count from 1"},
	} {
		t.Run(tc.name+" is an error at plan time", func(t *testing.T) {
			if _, err := r.Plan("read_file", tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Plan(read_file, %s) = %v, want an error containing %q", tc.args, err, tc.want)
			}
		})
	}
	t.Run("a named pipe does not hang the read", func(t *testing.T) {
		if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		res := runCall(t, r, "read_file", `{"path":"fifo"}`)
		if !res.IsError || !strings.Contains(res.Output, "named pipe") {
			t.Errorf("read_file(fifo) = %q, error %v; want a refusal", res.Output, res.IsError)
		}
	})
}

func TestWriteFile(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	t.Run("a new file in new directories", func(t *testing.T) {
		p := mustPlan(t, r, "write_file", `{"path":"a/b/new.txt","content":"hi\n"}`)
		if p.Action.Path != filepath.Join(root, "a/b/new.txt") || p.Summary != "create a/b/new.txt" {
			t.Errorf("plan = %q, %q", p.Action.Path, p.Summary)
		}
		wantPreview := "--- /dev/null\n+++ b/a/b/new.txt\n@@ -0,0 +1 @@\n+hi\n"
		if p.Preview != wantPreview {
			t.Errorf("preview = %q, want %q", p.Preview, wantPreview)
		}
		if _, err := os.Stat(filepath.Join(root, "a")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Plan created something: %v", err)
		}
		if res := p.Run(t.Context(), nil); res.IsError {
			t.Fatalf("Run = %q", res.Output)
		}
		if data, _ := os.ReadFile(filepath.Join(root, "a/b/new.txt")); string(data) != "hi\n" {
			t.Errorf("file = %q, want %q", data, "hi\n")
		}
	})
	t.Run("a read-only file is replaced with its mode kept, and the plan says so", func(t *testing.T) {
		p := mustWrite(t, root, "frozen.txt", "old\n")
		if err := os.Chmod(p, 0o444); err != nil {
			t.Fatal(err)
		}
		for _, call := range []struct{ tool, args string }{
			{"write_file", `{"path":"frozen.txt","content":"new\n"}`},
			{"edit_file", `{"path":"frozen.txt","old_string":"new","new_string":"newer"}`},
		} {
			plan := mustPlan(t, r, call.tool, call.args)
			const want = "read-only file, mode 0444: replaced, and its mode kept"
			if !strings.Contains(plan.Summary, want) || !strings.HasPrefix(plan.Preview, want) {
				t.Errorf("%s plan: summary %q, preview %q; want both to say %q", call.tool, plan.Summary, plan.Preview, want)
			}
			res := plan.Run(t.Context(), nil)
			fi, err := os.Stat(p)
			if res.IsError || err != nil || fi.Mode().Perm() != 0o444 || !strings.Contains(res.Output, want) {
				t.Errorf("%s: %q, mode %v, %v; want it done, mode 0444 kept, and said", call.tool, res.Output, fi.Mode(), err)
			}
		}
		if data, _ := os.ReadFile(p); string(data) != "newer\n" {
			t.Errorf("file = %q, want %q", data, "newer\n")
		}
	})
	t.Run("replacing keeps the file mode", func(t *testing.T) {
		p := mustWrite(t, root, "run.sh", "#!/bin/sh\necho old\n")
		if err := os.Chmod(p, 0o751); err != nil {
			t.Fatal(err)
		}
		res := runCall(t, r, "write_file", `{"path":"run.sh","content":"#!/bin/sh\necho new\n"}`)
		fi, err := os.Stat(p)
		if res.IsError || err != nil || fi.Mode().Perm() != 0o751 {
			t.Errorf("after write: %q, mode %v, %v; want mode 0751", res.Output, fi.Mode(), err)
		}
	})
	t.Run("a file changed since the preview is not clobbered", func(t *testing.T) {
		p := mustWrite(t, root, "shared.txt", "v1\n")
		plan := mustPlan(t, r, "write_file", `{"path":"shared.txt","content":"from the model\n"}`)
		os.WriteFile(p, []byte("v2 from the user\n"), 0o644)
		res := plan.Run(t.Context(), nil)
		if !res.IsError || !res.Stale || !strings.Contains(res.Output, errChanged) {
			t.Errorf("Run = %q, error %v, stale %v; want a stale error %q", res.Output, res.IsError, res.Stale, errChanged)
		}
		if data, _ := os.ReadFile(p); string(data) != "v2 from the user\n" {
			t.Errorf("file = %q, want the user's version", data)
		}
	})
	t.Run("a file created since the preview is not clobbered", func(t *testing.T) {
		plan := mustPlan(t, r, "write_file", `{"path":"race.txt","content":"model\n"}`)
		mustWrite(t, root, "race.txt", "user\n")
		if res := plan.Run(t.Context(), nil); !res.IsError || !res.Stale || !strings.Contains(res.Output, errChanged) {
			t.Errorf("Run = %q (stale %v), want a stale error %q", res.Output, res.Stale, errChanged)
		}
	})
	for _, tc := range []struct{ name, args, want string }{
		{"a directory", `{"path":"a","content":"x"}`, "not a regular file"},
		{"the root", `{"path":".","content":"x"}`, "project root"},
	} {
		t.Run("writing over "+tc.name+" is refused", func(t *testing.T) {
			if _, err := r.Plan("write_file", tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Plan(write_file, %s) = %v, want an error containing %q", tc.args, err, tc.want)
			}
		})
	}
}

func TestWriteIsAtomicUnderFailure(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	p := mustWrite(t, root, "dir/keep.txt", "the old contents\n")
	plan := mustPlan(t, r, "write_file", `{"path":"dir/keep.txt","content":"a new version that will not fit\n"}`)
	// The disk fills up half way through the write.
	r.writeFile = func(f *os.File, data []byte) (int, error) {
		n, _ := f.Write(data[:len(data)/2])
		return n, syscall.ENOSPC
	}
	res := plan.Run(t.Context(), nil)
	if !res.IsError || !strings.Contains(res.Output, "no space left") {
		t.Errorf("Run = %q, error %v; want the write error", res.Output, res.IsError)
	}
	if data, _ := os.ReadFile(p); string(data) != "the old contents\n" {
		t.Errorf("after the failed write the file = %q, want the old contents", data)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "dir"))
	if len(entries) != 1 {
		t.Errorf("the directory holds %v, want only keep.txt (no temp file left)", entries)
	}
	r.writeFile = (*os.File).Write
	if res := plan.Run(t.Context(), nil); res.IsError {
		t.Errorf("Run after the disk was freed = %q", res.Output)
	}
	if data, _ := os.ReadFile(p); string(data) != "a new version that will not fit\n" {
		t.Errorf("file = %q, want the new contents", data)
	}
}

func TestEditFile(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	const text = "alpha\nbeta\ngamma\nbeta\ndelta\nbeta\n"
	tests := []struct {
		name, args string
		want       string // the file after the edit, or "" when Plan fails
		wantErr    string
	}{
		{"one match is replaced", `{"path":"f.txt","old_string":"gamma","new_string":"GAMMA"}`,
			"alpha\nbeta\nGAMMA\nbeta\ndelta\nbeta\n", ""},
		{"a multi-line match is replaced", `{"path":"f.txt","old_string":"alpha\nbeta\n","new_string":""}`,
			"gamma\nbeta\ndelta\nbeta\n", ""},
		{"zero matches say so", `{"path":"f.txt","old_string":"epsilon","new_string":"x"}`,
			"", "old_string was not found in f.txt"},
		{"several matches say how many and where", `{"path":"f.txt","old_string":"beta","new_string":"x"}`,
			"", "old_string occurs 3 times in f.txt, at lines 2, 4, 6"},
		{"replace_all replaces every match", `{"path":"f.txt","old_string":"beta","new_string":"BETA","replace_all":true}`,
			"alpha\nBETA\ngamma\nBETA\ndelta\nBETA\n", ""},
		{"an empty old_string is refused", `{"path":"f.txt","old_string":"","new_string":"x"}`,
			"", "use write_file"},
		{"a no-op is refused", `{"path":"f.txt","old_string":"beta","new_string":"beta"}`,
			"", "would change nothing"},
		{"a missing file is refused", `{"path":"missing.txt","old_string":"a","new_string":"b"}`,
			"", "does not exist"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustWrite(t, root, "f.txt", text)
			plan, err := r.Plan("edit_file", tc.args)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("Plan(edit_file, %s) = %v, want an error containing %q", tc.args, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Plan(edit_file, %s) = %v", tc.args, err)
			}
			if !strings.HasPrefix(plan.Preview, "--- a/f.txt\n+++ b/f.txt\n@@ ") {
				t.Errorf("preview = %q, want a unified diff of f.txt", plan.Preview)
			}
			if data, _ := os.ReadFile(p); string(data) != text {
				t.Errorf("Plan changed the file to %q", data)
			}
			if res := plan.Run(t.Context(), nil); res.IsError {
				t.Fatalf("Run = %q", res.Output)
			}
			if data, _ := os.ReadFile(p); string(data) != tc.want {
				t.Errorf("after edit_file(%s) the file = %q, want %q", tc.args, data, tc.want)
			}
		})
	}
	t.Run("near misses are forgiven only when unique, and the result says how", func(t *testing.T) {
		const code = "func f() {\n\tif ok {\n\t\treturn “x”\n\t}\n}\n"
		cases := []struct {
			name, args, want, how string
		}{
			{"indentation shifted and quotes straightened",
				`{"path":"g.go","old_string":"if ok {\n\treturn \"x\"\n}","new_string":"if !ok {\n\treturn \"y\"\n}"}`,
				"func f() {\n\tif !ok {\n\t\treturn \"y\"\n\t}\n}\n", "indentation"},
			{"trailing blanks in old_string",
				`{"path":"g.go","old_string":"func f() {  \n","new_string":"func g() {\n"}`,
				"func g() {\n\tif ok {\n\t\treturn “x”\n\t}\n}\n", "trailing whitespace"},
		}
		for _, c := range cases {
			p := mustWrite(t, root, "g.go", code)
			plan := mustPlan(t, r, "edit_file", c.args)
			if !strings.Contains(plan.Preview, "matched ignoring") {
				t.Errorf("%s: preview does not say the match was not exact:\n%s", c.name, plan.Preview)
			}
			res := plan.Run(t.Context(), nil)
			if res.IsError || !strings.Contains(res.Output, "not an exact match") || !strings.Contains(res.Output, c.how) {
				t.Errorf("%s: Run = %q, want success that names %q", c.name, res.Output, c.how)
			}
			if data, _ := os.ReadFile(p); string(data) != c.want {
				t.Errorf("%s: file = %q, want %q", c.name, data, c.want)
			}
		}
	})
	t.Run("edits apply in order, all or none", func(t *testing.T) {
		p := mustWrite(t, root, "f.txt", text)
		plan := mustPlan(t, r, "edit_file", `{"path":"f.txt","edits":[{"old_string":"alpha","new_string":"ALPHA"},{"old_string":"beta","new_string":"B","replace_all":true},{"old_string":"ALPHA\nB","new_string":"AB"}]}`)
		if !strings.Contains(plan.Summary, "5 replacements") {
			t.Errorf("summary = %q, want 5 replacements", plan.Summary)
		}
		if res := plan.Run(t.Context(), nil); res.IsError {
			t.Fatalf("Run = %q", res.Output)
		}
		if data, _ := os.ReadFile(p); string(data) != "AB\ngamma\nB\ndelta\nB\n" {
			t.Errorf("file = %q", data)
		}
		mustWrite(t, root, "f.txt", text)
		_, err := r.Plan("edit_file", `{"path":"f.txt","edits":[{"old_string":"alpha","new_string":"A"},{"old_string":"omega","new_string":"O"}]}`)
		if err == nil || !strings.Contains(err.Error(), "nothing was changed: edits[1]: old_string was not found") {
			t.Errorf("Plan with a failing second edit = %v, want edits[1] named and nothing changed", err)
		}
		if data, _ := os.ReadFile(p); string(data) != text {
			t.Errorf("a failed edits call changed the file to %q", data)
		}
		for args, want := range map[string]string{
			`{"path":"f.txt","old_string":"a","new_string":"b","edits":[{"old_string":"x","new_string":"y"}]}`: "not both",
			`{"path":"f.txt","edits":[]}`:                                                        "give at least one",
			`{"path":"f.txt","edits":[{"old_string":"x"}]}`:                                      "edits[0].new_string: missing",
			`{"path":"f.txt","edits":[{"old_string":"x","new_string":"y","n":1}]}`:               "edits[0].n: unknown field; the fields are old_string, new_string, replace_all",
			`{"path":"f.txt","edits":"x"}`:                                                       `want an array of {old_string, new_string, replace_all?} objects, got "x"`,
			`{"path":"f.txt","edits":[{"old_string":"x","new_string":"y","replace_all":"yes"}]}`: `edits[0].replace_all: want true or false, got "yes"`,
			`{"path":"f.txt","edits":[{"old_string":"x","new_string":null}]}`:                    "edits[0].new_string: null; want a value",
			`{"path":"f.txt","old_string":"x"}`:                                                  `"new_string": missing`,
		} {
			if _, err := r.Plan("edit_file", args); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Plan(edit_file, %s) = %v, want an error containing %q", args, err, want)
			}
		}
	})
	t.Run("a miss shows the closest lines and what differs", func(t *testing.T) {
		mustWrite(t, root, "h.go", "package h\n\nfunc Start() error {\n\tif s.running {\n\t\treturn nil\n\t}\n\treturn nil\n}\n")
		_, err := r.Plan("edit_file", `{"path":"h.go","old_string":"\tif s.started {\n\t\treturn nil\n\t}","new_string":"x"}`)
		if err == nil {
			t.Fatal("Plan succeeded with a typo in old_string")
		}
		for _, want := range []string{"closest text is at lines 4-6", "     4\t\tif s.running {", `line 4 differs: the file has "\tif s.running {", old_string has "\tif s.started {"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error = %v\nwant it to contain %q", err, want)
			}
		}
	})
	t.Run("a file changed since the preview is not clobbered", func(t *testing.T) {
		p := mustWrite(t, root, "f.txt", text)
		plan := mustPlan(t, r, "edit_file", `{"path":"f.txt","old_string":"gamma","new_string":"G"}`)
		os.WriteFile(p, []byte(text+"more\n"), 0o644)
		if res := plan.Run(t.Context(), nil); !res.IsError || !res.Stale || !strings.Contains(res.Output, errChanged) {
			t.Errorf("Run = %q (stale %v), want a stale error %q", res.Output, res.Stale, errChanged)
		}
		if data, _ := os.ReadFile(p); string(data) != text+"more\n" {
			t.Errorf("file = %q, want the user's version", data)
		}
	})
}

func TestDeleteFile(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	root := r.Root()
	t.Run("a file, with a preview of what goes", func(t *testing.T) {
		p := mustWrite(t, root, "gone.txt", "bye\n")
		plan := mustPlan(t, r, "delete_file", `{"path":"gone.txt"}`)
		if plan.Action.IsDir || plan.Preview != "--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n" {
			t.Errorf("plan IsDir %v, preview %q", plan.Action.IsDir, plan.Preview)
		}
		if res := plan.Run(t.Context(), nil); res.IsError {
			t.Fatalf("Run = %q", res.Output)
		}
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the file is still there: %v", err)
		}
	})
	t.Run("a tree, listing what goes", func(t *testing.T) {
		mustWrite(t, root, "tree/a.txt", "a")
		mustWrite(t, root, "tree/sub/b.txt", "b")
		plan := mustPlan(t, r, "delete_file", `{"path":"tree"}`)
		want := "deleted: tree/\ndeleted: tree/a.txt\ndeleted: tree/sub/\ndeleted: tree/sub/b.txt\n"
		if !plan.Action.IsDir || plan.Preview != want {
			t.Errorf("plan IsDir %v, preview %q; want a tree and %q", plan.Action.IsDir, plan.Preview, want)
		}
		if res := plan.Run(t.Context(), nil); res.IsError {
			t.Fatalf("Run = %q", res.Output)
		}
		if _, err := os.Stat(filepath.Join(root, "tree")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the tree is still there: %v", err)
		}
	})
	t.Run("a tree that changed since the preview is kept", func(t *testing.T) {
		mustWrite(t, root, "tree2/a.txt", "a")
		plan := mustPlan(t, r, "delete_file", `{"path":"tree2"}`)
		mustWrite(t, root, "tree2/new.txt", "the user's new work")
		if res := plan.Run(t.Context(), nil); !res.IsError || !res.Stale || !strings.Contains(res.Output, errChanged) {
			t.Errorf("Run = %q (stale %v), want a stale error %q", res.Output, res.Stale, errChanged)
		}
		if _, err := os.Stat(filepath.Join(root, "tree2/new.txt")); err != nil {
			t.Errorf("the new file is gone: %v", err)
		}
	})
	for _, tc := range []struct{ name, path, want string }{
		{"the root", ".", "never deleted"},
		{"the root by a climb", "a/..", "never deleted"},
		{"a missing path", "nothing", "no such file"},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			if _, err := r.Plan("delete_file", fmt.Sprintf(`{"path":%q}`, tc.path)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Plan(delete_file, %q) = %v, want an error containing %q", tc.path, err, tc.want)
			}
		})
	}
}
