package tools

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffContext is the number of unchanged lines around each change.
const diffContext = 3

// maxPreviewBytes bounds a preview: past it the diff is cut with a note.
const maxPreviewBytes = 1 << 20

// dline is one line of a line diff.
type dline struct {
	op   byte // ' ', '-' or '+'
	text string
	eol  bool // the line ends with a newline
}

// unifiedDiff returns the unified diff that turns before into after, for
// the file rel (a path relative to the root). A missing side is nil: the
// headers then say /dev/null. Binary content is summarised, not diffed.
func unifiedDiff(rel string, before, after *string) string {
	name := filepath.ToSlash(rel)
	from, to := "a/"+name, "b/"+name
	var oldText, newText string
	if before == nil {
		from = "/dev/null"
	} else {
		oldText = *before
	}
	if after == nil {
		to = "/dev/null"
	} else {
		newText = *after
	}
	if isBinary([]byte(oldText)) || isBinary([]byte(newText)) {
		return fmt.Sprintf("Binary file %s: %d bytes -> %d bytes\n", name, len(oldText), len(newText))
	}
	if before != nil && after != nil && oldText == newText {
		return ""
	}
	lines := lineDiff(oldText, newText)
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", from, to)
	writeHunks(&b, lines)
	if b.Len() > maxPreviewBytes {
		s := b.String()
		cut := maxPreviewBytes
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + fmt.Sprintf("\n[... preview cut: %d more bytes ...]\n", len(s)-cut)
	}
	return b.String()
}

// lineDiff diffs two texts line by line.
func lineDiff(a, b string) []dline {
	dmp := diffmatchpatch.New()
	ca, cb, index := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), index)
	var out []dline
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		text := d.Text
		for text != "" {
			line, rest, eol := strings.Cut(text, "\n")
			out = append(out, dline{op: op, text: line, eol: eol})
			text = rest
		}
	}
	return out
}

// writeHunks writes the changed lines with diffContext lines of context,
// merging changes whose context would overlap.
func writeHunks(b *strings.Builder, lines []dline) {
	// oldAt[i] and newAt[i] count the old and new lines before lines[i].
	oldAt := make([]int, len(lines)+1)
	newAt := make([]int, len(lines)+1)
	for i, l := range lines {
		oldAt[i+1], newAt[i+1] = oldAt[i], newAt[i]
		if l.op != '+' {
			oldAt[i+1]++
		}
		if l.op != '-' {
			newAt[i+1]++
		}
	}
	i := 0
	for {
		for i < len(lines) && lines[i].op == ' ' {
			i++
		}
		if i == len(lines) {
			return
		}
		start := max(i-diffContext, 0)
		j := i
		for {
			for j < len(lines) && lines[j].op != ' ' {
				j++
			}
			k := j
			for k < len(lines) && lines[k].op == ' ' && k-j < 2*diffContext {
				k++
			}
			if k < len(lines) && lines[k].op != ' ' {
				j = k
				continue
			}
			break
		}
		end := min(j+diffContext, len(lines))
		oldN, newN := oldAt[end]-oldAt[start], newAt[end]-newAt[start]
		oldStart, newStart := oldAt[start]+1, newAt[start]+1
		if oldN == 0 {
			oldStart--
		}
		if newN == 0 {
			newStart--
		}
		fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(oldStart, oldN), hunkRange(newStart, newN))
		for _, l := range lines[start:end] {
			b.WriteByte(l.op)
			b.WriteString(l.text)
			b.WriteByte('\n')
			if !l.eol {
				b.WriteString("\\ No newline at end of file\n")
			}
		}
		i = end
	}
}

// hunkRange formats one side of a hunk header; a count of 1 is implied.
func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
