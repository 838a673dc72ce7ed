package tools

import (
	"os"
	"strings"
	"testing"
)

func TestShortenKeepsHeadAndTailAndSavesTheWhole(t *testing.T) {
	t.Parallel()
	r, err := New(DefaultConfig(), Options{Root: t.TempDir(), StateDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var b strings.Builder
	for i := range 400 {
		b.WriteString(strings.Repeat("x", 20) + " line " + string(rune('a'+i%26)) + "\n")
	}
	whole := "FIRST LINE\n" + b.String() + "LAST LINE\n"
	text, file := r.Shorten("read_file", whole, 256, 256)
	if file == "" {
		t.Fatalf("Shorten saved no file; text %q", text)
	}
	if !strings.HasPrefix(text, "FIRST LINE\n") || !strings.HasSuffix(text, "LAST LINE\n") {
		t.Errorf("Shorten kept %q, want the head and the tail", text)
	}
	if len(text) > 256+256+200 || !strings.Contains(text, "bytes cut here") || !strings.Contains(text, file) {
		t.Errorf("Shorten = %d bytes %q, want about 512 bytes and a note naming %s", len(text), text, file)
	}
	saved, err := os.ReadFile(file)
	if err != nil || string(saved) != whole {
		t.Errorf("saved file holds %d bytes (%v), want the whole output (%d bytes)", len(saved), err, len(whole))
	}
	if short, file := r.Shorten("read_file", "short", 256, 256); short != "short" || file != "" {
		t.Errorf("Shorten of a short output = %q, %q; want it unchanged and no file", short, file)
	}
}
