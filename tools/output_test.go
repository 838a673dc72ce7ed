package tools

import (
	"bytes"
	"strings"
	"testing"
)

func TestRingKeepsTheLastBytes(t *testing.T) {
	t.Parallel()
	var r ring
	r.buf = make([]byte, 5)
	var all bytes.Buffer
	for _, w := range []string{"ab", "cd", "efg", "", "hijklmnop", "q"} {
		r.write([]byte(w))
		all.WriteString(w)
		want := all.String()
		if len(want) > 5 {
			want = want[len(want)-5:]
		}
		if got := string(r.bytes()); got != want {
			t.Errorf("after writing %q: bytes() = %q, want %q", all.String(), got, want)
		}
	}
}

func TestCaptureCutsAtLines(t *testing.T) {
	t.Parallel()
	c := newCapture(16, 16, 1<<20, t.TempDir(), "test")
	for _, s := range []string{"line one\n", "line two\n", "middle 1\n", "middle 2\n", "line end\n", "the last\n"} {
		c.Write([]byte(s))
	}
	text, file := c.finish()
	if !strings.HasPrefix(text, "line one\n\n[... ") || !strings.HasSuffix(text, "...]\nthe last\n") || file == "" {
		t.Errorf("finish() = %q, %q; want whole first and last lines around a note", text, file)
	}
}

func TestCaptureKeepsRunesWhole(t *testing.T) {
	t.Parallel()
	c := newCapture(5, 5, 1<<20, "", "test")
	c.Write([]byte(strings.Repeat("é", 20))) // 2 bytes each, no newline
	text, file := c.finish()
	if strings.ContainsRune(text, '\uFFFD') || file != "" || !strings.Contains(text, "could not be saved") {
		t.Errorf("finish() = %q, %q; want whole runes and a note that nothing was saved", text, file)
	}
}

func TestLiveHoldsBackPartialRunes(t *testing.T) {
	t.Parallel()
	l := newLive()
	l.add([]byte("a\xc3"))
	if got := l.take(false); got != "a" {
		t.Errorf("take = %q, want %q", got, "a")
	}
	l.add([]byte("\xa9b"))
	if got := l.take(false); got != "éb" {
		t.Errorf("take = %q, want %q", got, "éb")
	}
	l.add(bytes.Repeat([]byte("x"), liveMax+10))
	if got := l.take(true); !strings.HasPrefix(got, "[... 10 bytes not shown live ...]\n") || len(got) != liveMax+len("[... 10 bytes not shown live ...]\n") {
		t.Errorf("take after overflow = %d bytes starting %q", len(got), got[:40])
	}
}
