package termsafe

import (
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain text is kept, newlines and tabs too", "a\tb\nc", "a\tb\nc"},
		{"colour sequences are removed", "\x1b[31mred\x1b[0m", "red"},
		{"a clipboard write is removed", "x\x1b]52;c;cm0gLXJm\x07y", "xy"},
		{"a title change ended by ST is removed", "\x1b]0;pwned\x1b\\ok", "ok"},
		{"screen clearing and cursor moves are removed", "\x1b[2J\x1b[Hhi", "hi"},
		{"C1 controls are removed", "a\u009b31mb\u0085c", "a31mbc"},
		{"bell, backspace, carriage return and DEL are removed", "a\ab\bc\rd\x7fe", "abcde"},
		{"a sequence cut by the end of a piece leaves no escape", "text\x1b[", "text"},
		{"unicode is kept", "héllo 日本 ✓", "héllo 日本 ✓"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLine(t *testing.T) {
	if got, want := Line("  rm -rf\n\tbuild \x1b[1m "), "rm -rf build"; got != want {
		t.Errorf("Line() = %q, want %q", got, want)
	}
}

func FuzzText(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[31mx", "\x1b]52;c;x\x07", "\u009b2J", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if again := Text(out); again != out {
			t.Fatalf("Text is not stable: Text(%q) = %q, then %q", s, out, again)
		}
		if !utf8.ValidString(out) {
			t.Fatalf("Text(%q) = %q is not valid UTF-8", s, out)
		}
		for _, r := range out {
			if r == 0x1b || r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f {
				t.Fatalf("Text(%q) = %q keeps control %U", s, out, r)
			}
		}
	})
}

func TestFirstLineIsTheFirstLineThatIsNotBlank(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\n  \n\t\n", ""},
		{"one\ntwo", "one"},
		{"\n\n  error:\tbad   thing  \nmore", "error: bad thing"},
		{"\x1b[31m\x1b[0m\nred", "red"},
	}
	for _, tt := range tests {
		if got := FirstLine(tt.in); got != tt.want {
			t.Errorf("FirstLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
