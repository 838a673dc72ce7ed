package termsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// streamSamples are text with sequences of every kind in it, and what
// must be left of each however it is cut into pieces.
var streamSamples = []struct{ name, in, want string }{
	{"a colour split anywhere leaves no debris", "\x1b[41;1mRED-BG\x1b[0m plain", "RED-BG plain"},
	{"a private mode (hide the cursor)", "\x1b[?25lx\x1b[?25h", "x"},
	{"a title ended by BEL", "a\x1b]0;pwned\x07b", "ab"},
	{"a clipboard write ended by ST", "a\x1b]52;c;cm0gLXJmIH4=\x1b\\b", "ab"},
	{"a hyperlink keeps its text only", "\x1b]8;;https://x.test/\x1b\\link\x1b]8;;\x1b\\", "link"},
	{"a DCS string", "a\x1bP1$r0m\x1b\\b", "ab"},
	{"an APC string", "a\x1b_Gf=100;AAAA\x1b\\b", "ab"},
	{"a charset designation", "a\x1b(Bb", "ab"},
	{"a two-byte sequence (save the cursor)", "a\x1b7b", "ab"},
	{"ESC inside a string starts a new sequence", "\x1b]0;t\x1b[31mx", "x"},
	{"CAN cancels a sequence", "\x1b[12\x18x", "x"},
	{"a control inside a parameter list is dropped with it", "\x1b[1\r2mx", "x"},
	{"ESC before a UTF-8 character is dropped, the character kept", "\x1bé", "é"},
	{"multi-byte characters survive any cut", "héllo 日本 ✓ 🎉", "héllo 日本 ✓ 🎉"},
	{"C1 controls written as UTF-8 are dropped, not obeyed", "a\u009b31mb\u0085c", "a31mbc"},
	{"a byte that is not UTF-8 becomes U+FFFD", "a\xffb", "a\uFFFDb"},
	{"a character cut by the end of the stream becomes U+FFFD", "ab\xe2\x82", "ab\uFFFD"},
	{"bell, backspace, carriage return and DEL are dropped", "a\ab\bc\rd\x7fe", "abcde"},
	{"newlines and tabs are kept", "one\n\ttwo\n", "one\n\ttwo\n"},
	{"a sequence cut by the end of the stream is dropped", "text\x1b[4", "text"},
}

// streamed runs pieces through one Stream.
func streamed(pieces ...string) string {
	var s Stream
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(s.Write(p))
	}
	b.WriteString(s.Flush())
	return b.String()
}

func TestStreamLeavesTheSameTextWhereverThePiecesAreCut(t *testing.T) {
	for _, tt := range streamSamples {
		t.Run(tt.name, func(t *testing.T) {
			if got := streamed(tt.in); got != tt.want {
				t.Fatalf("streamed(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
			for i := range len(tt.in) + 1 {
				for j := i; j <= len(tt.in); j++ {
					if got := streamed(tt.in[:i], tt.in[i:j], tt.in[j:]); got != tt.want {
						t.Fatalf("streamed(%q, %q, %q) = %q, want %q", tt.in[:i], tt.in[i:j], tt.in[j:], got, tt.want)
					}
				}
			}
			bytes := make([]string, len(tt.in))
			for i := 0; i < len(tt.in); i++ {
				bytes[i] = tt.in[i : i+1]
			}
			if got := streamed(bytes...); got != tt.want {
				t.Errorf("streamed one byte at a time = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStreamGivesUpOnASequenceThatNeverEnds(t *testing.T) {
	var s Stream
	s.Write("before\x1b]52;c;")
	chunk := strings.Repeat("A", 1024)
	// Inside the sequence nothing is kept, whatever its length (10 KiB
	// here: still inside the limit).
	if n := testing.AllocsPerRun(10, func() { s.Write(chunk) }); n != 0 {
		t.Errorf("writing inside an escape sequence allocates %v times a piece; want 0 (nothing kept)", n)
	}
	var out strings.Builder
	total := 0
	for total < 4*maxSequence {
		out.WriteString(s.Write(chunk))
		total += len(chunk)
	}
	hidden := total - out.Len()
	if hidden > maxSequence || out.Len() == 0 {
		t.Errorf("a sequence that never ends hid %d of %d bytes; want at most %d", hidden, total, maxSequence)
	}
	if strings.ContainsAny(out.String(), "\x1b\x07") {
		t.Error("the text after the sequence holds an escape")
	}
}

func TestStreamNextPieceAfterFlushStartsClean(t *testing.T) {
	var s Stream
	s.Write("\x1b[4")
	s.Flush()
	if got := s.Write("1mhello"); got != "1mhello" {
		t.Errorf("after Flush, Write(%q) = %q: the old sequence went on", "1mhello", got)
	}
}

// FuzzStream checks, for any text cut anywhere, that the pieces leave what
// the whole leaves, and that nothing a terminal would obey gets through.
func FuzzStream(f *testing.F) {
	for _, s := range streamSamples {
		f.Add(s.in, []byte{3, 1, 7})
	}
	f.Fuzz(func(t *testing.T, in string, cuts []byte) {
		var pieces []string
		rest := in
		for _, c := range cuts {
			if rest == "" {
				break
			}
			n := int(c) % (len(rest) + 1)
			pieces = append(pieces, rest[:n])
			rest = rest[n:]
		}
		pieces = append(pieces, rest)
		whole := streamed(in)
		if got := streamed(pieces...); got != whole {
			t.Fatalf("streamed(%q) = %q, but the whole %q gives %q", pieces, got, in, whole)
		}
		if text := Text(in); text != whole {
			t.Fatalf("Text(%q) = %q, streamed = %q", in, text, whole)
		}
		if !utf8.ValidString(whole) {
			t.Fatalf("streamed(%q) = %q is not valid UTF-8", in, whole)
		}
		for _, r := range whole {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f {
				t.Fatalf("streamed(%q) = %q keeps control %U", in, whole, r)
			}
		}
	})
}
