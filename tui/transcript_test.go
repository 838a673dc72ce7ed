package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestTextItemStreamsLikeOneAdd(t *testing.T) {
	text := "The plan:\n\n1. read the failing test, which checks that parsing an empty file returns no error\n2. fix the parser\tand run it again\n\nDone."
	f := &frame{st: newStyles(true)}
	for _, w := range []int{80, 30, 7} {
		whole := newTextItem("> ", "  ", nil)
		whole.add(text)
		want := strings.Join(whole.rows(w, f), "\n")

		// The same text one byte at a time, drawing after every piece as
		// the screen would.
		streamed := newTextItem("> ", "  ", nil)
		for i := range len(text) {
			streamed.add(text[i : i+1])
			streamed.rows(w, f)
		}
		if got := strings.Join(streamed.rows(w, f), "\n"); got != want {
			t.Errorf("at width %d streamed rows =\n%s\nwant\n%s", w, got, want)
		}
		for _, r := range whole.rows(w, f) {
			if ansi.StringWidth(r) > w {
				t.Errorf("at width %d row %q is %d cells wide", w, r, ansi.StringWidth(r))
			}
		}
	}
}

func TestTextItemRewrapsOnResize(t *testing.T) {
	f := &frame{st: newStyles(true)}
	it := newTextItem("", "", nil)
	it.add(strings.Repeat("word ", 40) + "\nend")
	wide := len(it.rows(100, f))
	narrow := len(it.rows(20, f))
	if narrow <= wide {
		t.Errorf("rows at width 20 = %d, at width 100 = %d: want more when narrow", narrow, wide)
	}
	if again := len(it.rows(100, f)); again != wide {
		t.Errorf("rows back at width 100 = %d, want %d", again, wide)
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		name string
		in   string
		w    int
		want []string
	}{
		{"a short line stays whole", "hello world", 20, []string{"hello world"}},
		{"a long line breaks at spaces", "hello wide world", 11, []string{"hello wide", "world"}},
		{"a word longer than the row is cut", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"tabs stop every eight cells", "a\tb", 20, []string{"a       b"}},
		{"wide characters count as two cells", "日本語のテキスト", 6, []string{"日本語", "のテキ", "スト"}},
		{"an empty line is one empty row", "", 10, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wrap(tt.in, tt.w); strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("wrap(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
			}
		})
	}
}

func TestLastLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"crlf ending\r", "crlf ending"},
		{"10%\r50%\r100%", "100%"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := lastLine(tt.in); got != tt.want {
			t.Errorf("lastLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
