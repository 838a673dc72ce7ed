package tools

import (
	"context"
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
