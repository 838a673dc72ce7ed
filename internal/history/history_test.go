package history

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestAppendThenLoadKeepsTheNewestAcrossOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history", "p.jsonl")
	if got, err := Open(path, 3).Load(); err != nil || got != nil {
		t.Fatalf("Load of no file = %q, %v; want nothing and no error", got, err)
	}
	h := Open(path, 3)
	for _, p := range []string{"one", "two\nlines", "three", "four"} {
		if err := h.Append(p); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Open(path, 3).Load()
	if want := []string{"two\nlines", "three", "four"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Load = %q, %v; want %q", got, err, want)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("history file mode = %v, %v; want 0600", fi.Mode(), err)
	}
}

func TestTheFileIsTrimmedAndSkipsBrokenLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.jsonl")
	os.WriteFile(path, []byte("\"kept\"\n{not json\n\"cut in the mid"), 0o600)
	h := Open(path, 2)
	if err := h.Append("a"); err != nil {
		t.Fatal(err)
	}
	if got, _ := h.Load(); !slices.Equal(got, []string{"kept", "a"}) {
		t.Errorf("Load after a crash cut a line = %q, want the whole entries", got)
	}
	for _, p := range []string{"b", "c"} {
		if err := h.Append(p); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	if lines := strings.Count(string(data), "\n"); lines != 2 {
		t.Errorf("the file holds %d lines after trimming, want 2:\n%s", lines, data)
	}
	if got, _ := h.Load(); !slices.Equal(got, []string{"b", "c"}) {
		t.Errorf("Load = %q, want the newest two", got)
	}
}
