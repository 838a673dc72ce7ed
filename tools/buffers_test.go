package tools

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBuffers is an editor holding texts by absolute path; it records
// what it was asked.
type fakeBuffers struct {
	texts map[string]string
	asked []string
}

func (f *fakeBuffers) ReadText(_ context.Context, path string) (string, error) {
	f.asked = append(f.asked, path)
	if t, ok := f.texts[path]; ok {
		return t, nil
	}
	return "", errors.New("not open")
}

func TestReadFileThroughBuffers(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("saved\n"), 0o644)
	os.WriteFile(filepath.Join(root, "b.txt"), []byte("on disk\n"), 0o644)
	os.WriteFile(filepath.Join(root, "bin.dat"), []byte("\x00\x01\x02"), 0o644)
	os.WriteFile(filepath.Join(outside, "secret"), []byte("secret\n"), 0o644)
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(root, "link"))
	real, _ := filepath.EvalSymlinks(root)
	buf := &fakeBuffers{texts: map[string]string{
		filepath.Join(real, "a.txt"):   "unsaved\nchanges\n",
		filepath.Join(real, "bin.dat"): "text the editor shows",
	}}
	r, err := New(DefaultConfig(), Options{Root: root, Buffers: buf})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	read := func(path string) (Result, error) {
		p, err := r.Plan("read_file", `{"path": "`+path+`"}`)
		if err != nil {
			return Result{}, err
		}
		return p.Run(t.Context(), func(string) {}), nil
	}
	cases := []struct {
		name, path, want string
		refused          bool
	}{
		{"an open buffer is read as the editor has it", "a.txt", "unsaved", false},
		{"a file the editor does not hold is read on disk", "b.txt", "on disk", false},
		{"a binary file on disk is refused before the editor is asked", "bin.dat", "binary", true},
		{"a symbolic link out of the root is refused before the editor is asked", "link", "", true},
		{"a path outside the root is refused before the editor is asked", "../x", "", true},
	}
	for _, c := range cases {
		res, err := read(c.path)
		switch {
		case c.refused && err == nil && !res.IsError:
			t.Errorf("%s: read_file %s = %q, want it refused", c.name, c.path, res.Output)
		case !c.refused && (err != nil || !strings.Contains(res.Output, c.want)):
			t.Errorf("%s: read_file %s = %q, %v; want %q", c.name, c.path, res.Output, err, c.want)
		case c.refused && c.want != "" && err == nil && !strings.Contains(res.Output, c.want):
			t.Errorf("%s: read_file %s = %q, want %q", c.name, c.path, res.Output, c.want)
		}
	}
	for _, p := range buf.asked {
		if filepath.Base(p) != "a.txt" && filepath.Base(p) != "b.txt" {
			t.Errorf("the editor was asked for %s", p)
		}
	}
}

// fakeEditor is an editor that offers writes: it holds texts by absolute
// path, records each write, and saves a write to disk only when save is
// set. fail makes every write fail.
type fakeEditor struct {
	fakeBuffers
	save   bool
	fail   error
	writes map[string]string
}

func (f *fakeEditor) WriteText(_ context.Context, path, text string) error {
	if f.fail != nil {
		return f.fail
	}
	if f.writes == nil {
		f.writes = map[string]string{}
	}
	f.writes[path] = text
	f.texts[path] = text
	if f.save {
		return os.WriteFile(path, []byte(text), 0o644)
	}
	return nil
}

// editorRegistry is a registry of a new root whose writes go through ed.
func editorRegistry(t *testing.T, ed *fakeEditor) (*Registry, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(DefaultConfig(), Options{Root: root, Buffers: ed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r, root
}

func editorCall(t *testing.T, r *Registry, tool, args string) (*Plan, Result) {
	t.Helper()
	p, err := r.Plan(tool, args)
	if err != nil {
		t.Fatalf("Plan(%s, %s): %v", tool, args, err)
	}
	return p, p.Run(t.Context(), func(string) {})
}

func readDisk(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

func TestWritesThroughTheEditor(t *testing.T) {
	t.Parallel()
	t.Run("write_file hands the editor the content and leaves the disk to it", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}}
		r, root := editorRegistry(t, ed)
		os.WriteFile(filepath.Join(root, "a.txt"), []byte("old\n"), 0o644)
		_, res := editorCall(t, r, "write_file", `{"path":"a.txt","content":"new\n"}`)
		if res.IsError {
			t.Fatalf("write_file: %s", res.Output)
		}
		if got := ed.writes[filepath.Join(root, "a.txt")]; got != "new\n" {
			t.Errorf("the editor was given %q, want %q", got, "new\n")
		}
		if got := readDisk(t, filepath.Join(root, "a.txt")); got != "old\n" {
			t.Errorf("a.txt on disk = %q, want it untouched (the editor did not save)", got)
		}
		if !strings.Contains(res.Output, "unsaved") {
			t.Errorf("result %q does not tell the model the editor holds the change unsaved", res.Output)
		}
	})
	t.Run("edit_file edits the editor's unsaved text, and the preview shows that text", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
		r, root := editorRegistry(t, ed)
		path := filepath.Join(root, "a.go")
		os.WriteFile(path, []byte("package a\n"), 0o644)
		ed.texts[path] = "package a\n\nfunc Unsaved() {}\n"
		p, res := editorCall(t, r, "edit_file", `{"path":"a.go","old_string":"Unsaved","new_string":"Saved"}`)
		if res.IsError {
			t.Fatalf("edit_file: %s", res.Output)
		}
		if !strings.Contains(p.Preview, "+func Saved() {}") {
			t.Errorf("preview %q does not show the edit of the editor's text", p.Preview)
		}
		want := "package a\n\nfunc Saved() {}\n"
		if got := ed.writes[path]; got != want {
			t.Errorf("the editor was given %q, want %q", got, want)
		}
		if strings.Contains(res.Output, "unsaved") {
			t.Errorf("result %q says unsaved, but the editor saved", res.Output)
		}
	})
	t.Run("a failing editor write is a tool error and changes nothing", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, fail: errors.New("buffer is read-only")}
		r, root := editorRegistry(t, ed)
		os.WriteFile(filepath.Join(root, "a.txt"), []byte("old\n"), 0o644)
		_, res := editorCall(t, r, "write_file", `{"path":"a.txt","content":"new\n"}`)
		if !res.IsError || !strings.Contains(res.Output, "the editor did not write it: buffer is read-only") {
			t.Errorf("write_file = %q (error %v), want a tool error saying the editor did not write it and why", res.Output, res.IsError)
		}
		if got := readDisk(t, filepath.Join(root, "a.txt")); got != "old\n" {
			t.Errorf("a.txt = %q after a failed write, want it untouched", got)
		}
		_, res = editorCall(t, r, "write_file", `{"path":"new/dir/b.txt","content":"b\n"}`)
		if !res.IsError {
			t.Errorf("write_file of a new file = %q, want a tool error", res.Output)
		}
		if _, err := os.Stat(filepath.Join(root, "new")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the directories made for the new file are left after the failed write: %v", err)
		}
	})
	t.Run("a change planned before the person typed in the editor is not made", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
		r, root := editorRegistry(t, ed)
		path := filepath.Join(root, "a.txt")
		os.WriteFile(path, []byte("one\n"), 0o644)
		p, err := r.Plan("edit_file", `{"path":"a.txt","old_string":"one","new_string":"two"}`)
		if err != nil {
			t.Fatal(err)
		}
		ed.texts[path] = "one\ntyped by the person\n"
		asked := len(ed.asked)
		if p.Stale() || len(ed.asked) != asked {
			t.Errorf("Stale() asked the editor %d times; want it to look at the disk only (Run checks the editor)", len(ed.asked)-asked)
		}
		res := p.Run(t.Context(), func(string) {})
		if !res.IsError || !res.Stale || !strings.Contains(res.Output, "in the editor") {
			t.Errorf("edit_file = %q (stale %v), want a stale tool error saying the editor's text changed", res.Output, res.Stale)
		}
		if len(ed.writes) != 0 {
			t.Errorf("the editor was written: %v", ed.writes)
		}
	})
	t.Run("a change planned against the editor's text is not made when the editor cannot show it again", func(t *testing.T) {
		t.Parallel()
		patch, _ := json.Marshal(map[string]string{"input": "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+two\n*** End Patch"})
		for _, c := range []struct {
			tool, args string
			opts       Options
		}{
			{"write_file", `{"path":"a.txt","content":"two\n"}`, Options{}},
			{"edit_file", `{"path":"a.txt","old_string":"one","new_string":"two"}`, Options{}},
			{"apply_patch", string(patch), Options{EditTool: EditToolPatch}},
		} {
			ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			c.opts.Root, c.opts.Buffers = root, ed
			r, err := New(DefaultConfig(), c.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			path := filepath.Join(root, "a.txt")
			os.WriteFile(path, []byte("one\n"), 0o644)
			ed.texts[path] = "one\nunsaved\n"
			p, err := r.Plan(c.tool, c.args)
			if err != nil {
				t.Fatalf("Plan(%s): %v", c.tool, err)
			}
			delete(ed.texts, path) // the editor no longer answers for it
			res := p.Run(t.Context(), func(string) {})
			if !res.IsError || !strings.Contains(res.Output, "did not give its text again") {
				t.Errorf("%s = %q (error %v), want a tool error saying the editor's text could not be checked", c.tool, res.Output, res.IsError)
			}
			if len(ed.writes) != 0 || readDisk(t, path) != "one\n" {
				t.Errorf("%s wrote %v to the editor and left %q on disk, want nothing changed", c.tool, ed.writes, readDisk(t, path))
			}
		}
	})
	t.Run("a path that leaves the root never reaches the editor", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
		r, root := editorRegistry(t, ed)
		outside := t.TempDir()
		os.Symlink(outside, filepath.Join(root, "out"))
		for _, args := range []string{
			`{"path":"../escape.txt","content":"x"}`,
			`{"path":"out/escape.txt","content":"x"}`,
			`{"path":"` + filepath.Join(outside, "abs.txt") + `","content":"x"}`,
			`{"path":".git/config","content":"x"}`,
		} {
			if _, err := r.Plan("write_file", args); err == nil {
				t.Errorf("write_file %s was planned, want it refused", args)
			}
		}
		if len(ed.asked) != 0 || len(ed.writes) != 0 {
			t.Errorf("the editor was asked for %v and written %v", ed.asked, ed.writes)
		}
	})
	t.Run("apply_patch adds and updates through the editor and deletes on disk", func(t *testing.T) {
		t.Parallel()
		ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}}
		root, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		r, err := New(DefaultConfig(), Options{Root: root, Buffers: ed, EditTool: EditToolPatch})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		os.WriteFile(filepath.Join(root, "up.txt"), []byte("a\nb\n"), 0o644)
		ed.texts[filepath.Join(root, "up.txt")] = "a\nb\nunsaved\n"
		os.WriteFile(filepath.Join(root, "gone.txt"), []byte("x\n"), 0o644)
		patch := "*** Begin Patch\n*** Add File: sub/new.txt\n+hello\n*** Update File: up.txt\n@@\n a\n-b\n+B\n unsaved\n*** Delete File: gone.txt\n*** End Patch"
		args, _ := json.Marshal(map[string]string{"input": patch})
		_, res := editorCall(t, r, "apply_patch", string(args))
		if res.IsError {
			t.Fatalf("apply_patch: %s", res.Output)
		}
		want := map[string]string{filepath.Join(root, "sub/new.txt"): "hello\n", filepath.Join(root, "up.txt"): "a\nB\nunsaved\n"}
		for p, w := range want {
			if ed.writes[p] != w {
				t.Errorf("the editor was given %q for %s, want %q", ed.writes[p], p, w)
			}
		}
		if got := readDisk(t, filepath.Join(root, "up.txt")); got != "a\nb\n" {
			t.Errorf("up.txt on disk = %q, want it as it was (the editor did not save)", got)
		}
		if _, err := os.Stat(filepath.Join(root, "gone.txt")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("gone.txt is still on disk: %v", err)
		}
		if !strings.Contains(res.Output, "unsaved") {
			t.Errorf("result %q does not say the editor holds changes unsaved", res.Output)
		}
	})
}
