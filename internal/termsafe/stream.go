package termsafe

import (
	"strings"
	"unicode/utf8"
)

// maxSequence is how many bytes one escape sequence may run before a
// Stream gives up on it and prints what follows. Real sequences (colours,
// titles, hyperlinks) are far shorter; without a limit, one stray
// introducer in a command's output would hide the rest of it.
const maxSequence = 64 << 10

// Stream cleans text that arrives in pieces, as Text cleans a whole string:
// a piece may end inside an escape sequence or inside a UTF-8 character,
// and the rest of it at the start of the next piece must not print either
// (a colour split as "\x1b[4" and "1mRED" must not leave "1mRED"). Between
// pieces a Stream keeps where it is in the sequence, never the sequence's
// bytes, and at most the three bytes of an unfinished character: its size
// does not grow with a sequence that never ends, and such a sequence is
// given up after maxSequence bytes, so it cannot hide the rest of the
// stream either.
//
// The zero Stream is ready to use. A Stream is not safe for concurrent use.
type Stream struct {
	state seqState
	n     int             // bytes of the sequence in progress
	part  [3]byte         // an unfinished UTF-8 character
	nPart int             // its length
	out   strings.Builder // reused between pieces
}

// seqState is where a Stream is in an escape sequence.
type seqState uint8

const (
	ground    seqState = iota // plain text
	escape                    // after ESC
	escInter                  // ESC and intermediate bytes
	csi                       // ESC [ and its parameters
	str                       // OSC, DCS, SOS, PM or APC: a string up to its terminator
	strEscape                 // ESC inside a string: ST if a backslash follows
)

// Write returns the printable part of piece: what Text would keep of the
// whole stream so far, minus what earlier calls returned, and minus an
// unfinished character at the end, which the next call (or Flush) returns.
func (s *Stream) Write(piece string) string {
	data := piece
	if s.nPart > 0 {
		data = string(s.part[:s.nPart]) + piece
		s.nPart = 0
	}
	s.out.Reset()
	if s.state == ground {
		s.out.Grow(len(data)) // at most what came in, usually nearly all
	}
	for i := 0; i < len(data); {
		if s.state != ground && s.step(data[i]) {
			i++
			continue
		}
		c := data[i]
		switch {
		case c == 0x1b:
			s.state, s.n = escape, 1
			i++
		case c < 0x80:
			if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' {
				s.out.WriteByte(c)
			}
			i++
		case !utf8.FullRuneInString(data[i:]):
			// At most three bytes: a longer prefix is a full rune or invalid.
			s.nPart = copy(s.part[:], data[i:])
			i = len(data)
		default:
			r, size := utf8.DecodeRuneInString(data[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				s.out.WriteString("\uFFFD")
			case !isControl(r):
				s.out.WriteString(data[i : i+size])
			}
			i += size
		}
	}
	return s.out.String()
}

// Flush ends the stream: an unfinished character becomes U+FFFD and an
// unfinished sequence is dropped. The Stream is then as new.
func (s *Stream) Flush() string {
	out := ""
	if s.nPart > 0 {
		out = "\uFFFD"
	}
	*s = Stream{}
	return out
}

// step moves through an escape sequence by one byte, and reports whether
// the byte belonged to it. A byte that cannot be part of the sequence (the
// start of a UTF-8 character outside a string) ends it, and is text.
func (s *Stream) step(c byte) bool {
	if c >= 0x80 && s.state != str {
		s.state = ground
		return false
	}
	s.n++
	switch {
	case c == 0x18 || c == 0x1a: // CAN and SUB cancel any sequence
		s.state = ground
	case s.state == strEscape && c == '\\': // ST ends the string
		s.state = ground
	case c == 0x1b && s.state != str, s.state == strEscape:
		// ESC starts a new sequence, ending the one before; so does ESC
		// inside a string when no backslash follows it.
		s.state, s.n = escape, 1
		if c != 0x1b {
			return s.step(c)
		}
	case s.state == escape:
		switch {
		case c == '[':
			s.state = csi
		case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
			s.state = str
		case c >= 0x20 && c <= 0x2f:
			s.state = escInter
		case c >= 0x30 && c <= 0x7e:
			s.state = ground // a two-byte sequence, done
		}
	case s.state == escInter:
		if c >= 0x30 && c <= 0x7e {
			s.state = ground
		}
	case s.state == csi:
		if c >= 0x40 && c <= 0x7e {
			s.state = ground
		}
	case s.state == str:
		switch c {
		case 0x07:
			s.state = ground
		case 0x1b:
			s.state = strEscape
		}
	}
	if s.n >= maxSequence {
		s.state = ground
	}
	return true
}
