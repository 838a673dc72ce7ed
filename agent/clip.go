package agent

import (
	"fmt"
	"unicode/utf8"
)

// maxEcho is the most of a call's arguments that an error, a summary or a
// note repeats: a model may send megabytes of them (a 10 MB path), and
// echoing them whole floods the model, the terminal and the session.
const maxEcho = 1024

// maxToolError is the most a failed call's error result (one that is not a
// command's output, which the tools cap themselves) may hold.
const maxToolError = 2 * maxEcho

// Clip returns s when it is at most n bytes long, else its head and tail
// with a note of how much was left out between them. It never splits a
// UTF-8 sequence. The core clips what it repeats of a call's arguments;
// the printers clip what they put on one line.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	half := n / 2
	head, tail := half, len(s)-half
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return fmt.Sprintf("%s … [%d bytes left out] … %s", s[:head], tail-head, s[tail:])
}
