package redact

import (
	"strings"
	"testing"
)

// BenchmarkStringFlood is one chunk of a command that prints a flood of
// one character without line breaks, as the Writer redacts it.
func BenchmarkStringFlood(b *testing.B) {
	r := New("v3ry-s3cret-value-42")
	text := strings.Repeat("x", MaxLine)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		r.String(text)
	}
}
