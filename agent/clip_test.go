package agent

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	tests := []struct {
		name string
		s    string
		n    int
	}{
		{name: "a short string stays whole", s: "read a.txt", n: 64},
		{name: "a long string keeps its head and tail", s: strings.Repeat("a", 10_000) + "END", n: 64},
		{name: "a cut never splits a character", s: strings.Repeat("日本語", 1000), n: 65},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clip(tt.s, tt.n)
			if len(tt.s) <= tt.n {
				if got != tt.s {
					t.Errorf("Clip(%q) = %q, want it unchanged", tt.s, got)
				}
				return
			}
			if len(got) > tt.n+64 || !utf8.ValidString(got) || !strings.Contains(got, "bytes left out") {
				t.Errorf("Clip(%d bytes, %d) = %q, want about %d valid bytes saying what was left out", len(tt.s), tt.n, got, tt.n)
			}
			if !strings.HasPrefix(tt.s, got[:10]) || !strings.HasSuffix(tt.s, got[len(got)-9:]) {
				t.Errorf("Clip(...) = %q, want the head and the tail of the string", got)
			}
		})
	}
}
