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

// The rest of the class: every place bash runs code from inside a word
// (backquotes, process substitution, arithmetic, expansions, values),
// with the # glued after a quote, an escape or a variable.
func TestGluedCommentsInEveryCodeContext(t *testing.T) {
	for _, line := range []string{
		"echo `cat x'.txt'#/../../.ssh/id_rsa`",
		"cat <(cat x'.txt'#/../.ssh/id_rsa)",
		`echo "$(cat x"".txt"#/../.ssh/id_rsa)"`,
		"echo $(( $(cat x'1'#y) ))",
		"a=$(cat x'.txt'#/../.ssh/id_rsa)",
		"echo ${x:-$(cat x'.t'#/../y)}",
		`echo $(cat x\.txt#/../../.ssh/id_rsa)`,
		"echo $(cat x$y#/../../.ssh/id_rsa)",
		"echo $(cat x${y}#/../../.ssh/id_rsa)",
	} {
		if v := Classify(shellAction(line), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe, want at least warning\nreasons: %q", line, v.Reasons)
		}
	}
}
