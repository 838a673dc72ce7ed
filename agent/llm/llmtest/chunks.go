package llmtest

import "unicode/utf8"

// TextChunks splits text into the pieces a fake streams: each word with
// the spaces before it, or one character each under charByChar. Empty
// text gives no pieces.
func TextChunks(text string, charByChar bool) []string {
	if charByChar {
		return runes(text)
	}
	var out []string
	start := 0
	for i := 1; i < len(text); i++ {
		if text[i] == ' ' && text[i-1] != ' ' {
			out = append(out, text[start:i])
			start = i
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// ArgChunks splits tool arguments into the fragments a fake streams:
// pieces of at most seven bytes that never split a character, or one
// character each under charByChar, so adapters must join many fragments
// even in a clean run.
func ArgChunks(args string, charByChar bool) []string {
	if charByChar {
		return runes(args)
	}
	const size = 7
	var out []string
	for len(args) > 0 {
		cut := min(size, len(args))
		for cut < len(args) && !utf8.RuneStart(args[cut]) {
			cut++
		}
		out = append(out, args[:cut])
		args = args[cut:]
	}
	return out
}

// runes splits s into its characters.
func runes(s string) []string {
	out := make([]string, 0, utf8.RuneCountInString(s))
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}
