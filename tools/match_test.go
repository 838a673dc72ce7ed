package tools

import "testing"

// Pattern segments match as the shell matches them, with the shell
// parser's own rules; "*" also matches a leading dot, as it always has in
// the tools.
func TestSegmentMatchIsTheShells(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pat, name string
		want      bool
	}{
		{"*.go", "main.go", true}, {"*.go", ".hidden.go", true}, {"?.go", "a.go", true},
		{"[!a]*.go", "b.go", true}, {"[!a]*.go", "a.go", false},
		{"[^a]*.go", "a.go", false}, {"[a-c].txt", "b.txt", true},
		{"[[:digit:]]*", "9lives", true}, {"[[:digit:]]*", "lives", false},
		{"[[:upper:]]*.md", "README.md", true}, {"[[:upper:]]*.md", "notes.md", false},
		{"x[", "x[", true}, // an unclosed bracket is literal, as in bash
	}
	for _, tt := range tests {
		if got := segmentMatch(tt.pat, tt.name); got != tt.want {
			t.Errorf("segmentMatch(%q, %q) = %v, want %v", tt.pat, tt.name, got, tt.want)
		}
	}
	if !validPattern([]string{"[!a]*", "[[:alpha:]]"}) {
		t.Error("validPattern rejects negated brackets or classes")
	}
}
