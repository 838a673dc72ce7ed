package tools

import (
	"bytes"
	"unicode/utf8"
)

// sniffBytes is how much of a file decides whether it is text, as git does.
const sniffBytes = 8000

// isBinary reports whether data (or its first sniffBytes) looks like
// something other than text: it holds a NUL byte, or more than 30% of
// it is invalid UTF-8 or control characters other than whitespace and ESC.
// Random bytes are mostly that; text in a legacy encoding such as Latin-1
// has a few invalid bytes, and is kept as text.
func isBinary(data []byte) bool {
	if len(data) > sniffBytes {
		data = data[:sniffBytes]
		// Do not count a rune cut by the sniff as invalid.
		data = data[:len(data)-partialRuneSuffix(data)]
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return true
	}
	bad, n := 0, 0
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		data = data[size:]
		n++
		switch {
		case r == utf8.RuneError && size == 1:
			bad++
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' && r != '\v' && r != 0x1b:
			bad++
		}
	}
	return bad*10 > n*3
}
