// Package termsafe makes text from a model or a command safe to write to a
// terminal. Such text is untrusted: an escape sequence in it could move the
// cursor, rewrite what the person sees, retitle the window or set the
// clipboard, so it is removed before anything is printed or drawn.
package termsafe

import (
	"strings"
	"unicode/utf8"
)

// Text returns s with every escape sequence and every control character
// removed, except newline and tab; each byte that is not UTF-8 becomes
// U+FFFD, so that removing something cannot join stray bytes into a control
// character. A sequence cut by the end of s is dropped. For text that
// arrives in pieces, use a Stream: Text on each piece would print what
// follows a sequence split between two of them.
func Text(s string) string {
	if clean(s) {
		return s
	}
	var st Stream
	return st.Write(s) + st.Flush()
}

// Line returns Text(s) on one line: newlines, tabs and runs of spaces become
// single spaces, and the ends are trimmed. It is for summaries and reasons
// that are shown inline.
func Line(s string) string {
	return strings.Join(strings.Fields(Text(s)), " ")
}

// clean reports whether s needs no change, so the common case allocates
// nothing.
func clean(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return false
		}
		if c >= 0x80 {
			// C1 controls are two bytes in UTF-8 (0xC2 0x80-0x9F).
			if c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f {
				return false
			}
		}
	}
	return true
}

func isControl(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	}
	return false
}

// FirstLine is Line of the first line of s that is not blank, for an error
// or a summary that must fit on one line; "" when every line is blank.
func FirstLine(s string) string {
	for s != "" {
		var line string
		line, s, _ = strings.Cut(s, "\n")
		if l := Line(line); l != "" {
			return l
		}
	}
	return ""
}
