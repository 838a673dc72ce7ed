package classify

import "testing"

// Inside $( ) the parser ends a word at a # that follows a quote, where
// bash keeps it in the word: what runs is longer than what is judged, so
// such a line is never safe. A comment after a blank stays a comment.
func TestCommentsGluedToAWordAreNotTrusted(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Level
	}{
		{"echo $(cat x'.txt'#/../../.ssh/id_rsa)", Warning},
		{"echo \"$(':'#\n)\"", Warning},
		{"x=$(ls \"a\"#b)", Warning},
		{"echo $(ls # the listing\n)", Safe},
		{"ls # a comment", Safe},
		{"echo a#b", Safe},
		{"echo 'a'#b", Safe},
	} {
		if v := Classify(shellAction(tc.line), Policy{}); v.Level < tc.want || tc.want == Safe && v.Level != Safe {
			t.Errorf("Classify(%q) = %v, want %v\nreasons: %q", tc.line, v.Level, tc.want, v.Reasons)
		}
	}
}
