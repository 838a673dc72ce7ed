package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func mdRows(text string, w int) []string {
	it := newMdItem(newStyles(true))
	it.add(text)
	rows := it.rows(w, &frame{})
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = ansi.Strip(r)
	}
	return out
}

func TestMarkdownRendering(t *testing.T) {
	tests := []struct {
		name string
		in   string
		w    int
		want []string
	}{
		{"a heading loses its hashes", "## Plan", 40, []string{"Plan"}},
		{"emphasis and code lose their markers", "use **bold**, *it* and `go vet`", 40, []string{"use bold, it and go vet"}},
		{"snake_case is not emphasis", "call parse_file_name now", 40, []string{"call parse_file_name now"}},
		{"an unclosed marker stays as written", "2 * 3 and **open", 40, []string{"2 * 3 and **open"}},
		{"a link shows its address", "see [docs](https://x.dev/a)", 40, []string{"see docs (https://x.dev/a)"}},
		{"an escaped star is a star", `a \*literal\* star`, 40, []string{"a *literal* star"}},
		{"bullets become dots and wrap under their text", "- one two three four", 12, []string{"• one two", "  three four"}},
		{"numbered items keep their numbers", "12. twelve", 40, []string{"12. twelve"}},
		{"a quote gets a bar", "> careful", 40, []string{"│ careful"}},
		{"a rule is a line", "---", 12, []string{strings.Repeat("─", 12)}},
		{"a code block is framed and kept verbatim", "```go\nx := a*b // **not bold**\n```", 14, []string{"╭─ go", "│ x := a*b //", "│ **not bold**", "╰─"}},
		{"a long word is broken, never cut", "abcdefghijklmnopq", 12, []string{"abcdefghijkl", "mnopq"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mdRows(tt.in, tt.w)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("render(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
			}
			for _, r := range got {
				if w := ansi.StringWidth(r); w > tt.w {
					t.Errorf("row %q is %d cells wide, more than %d", r, w, tt.w)
				}
			}
		})
	}
}

func TestMarkdownStreamsLikeOneAdd(t *testing.T) {
	text := "# Title\n\nSome **bold** text with `code` and a [link](http://x).\n\n```python\ndef f(x):\n    return \"s\" # done\n```\n- item one\n- item two that is long enough to wrap\n\nDone."
	st := newStyles(false)
	for _, w := range []int{80, 24, 9} {
		whole := newMdItem(st)
		whole.add(text)
		want := strings.Join(whole.rows(w, &frame{}), "\n")
		streamed := newMdItem(st)
		for i := range len(text) {
			streamed.add(text[i : i+1])
			streamed.rows(w, &frame{})
		}
		if got := strings.Join(streamed.rows(w, &frame{}), "\n"); got != want {
			t.Errorf("at width %d streamed rows =\n%s\nwant\n%s", w, got, want)
		}
	}
}

func TestCodeHighlighting(t *testing.T) {
	st := newStyles(false)
	spans := highlightCode(`for i := 0; i < 10; i++ { s := "for" } // for`, "go", st)
	var kinds []string
	for _, s := range spans {
		switch s.style {
		case &st.CodeKeyword:
			kinds = append(kinds, "kw:"+s.text)
		case &st.CodeString:
			kinds = append(kinds, "str:"+s.text)
		case &st.CodeComment:
			kinds = append(kinds, "com:"+s.text)
		case &st.CodeNumber:
			kinds = append(kinds, "num:"+s.text)
		}
	}
	want := []string{"kw:for", "num:0", "num:10", `str:"for"`, "com:// for"}
	if strings.Join(kinds, " ") != strings.Join(want, " ") {
		t.Errorf("tokens = %q, want %q", kinds, want)
	}
	var joined strings.Builder
	for _, s := range spans {
		joined.WriteString(s.text)
	}
	if joined.String() != `for i := 0; i < 10; i++ { s := "for" } // for` {
		t.Errorf("highlighting changed the text: %q", joined.String())
	}
}
