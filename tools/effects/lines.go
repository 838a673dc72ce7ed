package effects

import (
	"bytes"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// sniffBytes is how much of a file decides whether it is text, as git does.
const sniffBytes = 8000

// binaryContent reports content that is not counted as lines: nil (too
// large to diff) or holding a NUL byte in its first sniffBytes.
func binaryContent(data []byte) bool {
	if data == nil {
		return true
	}
	return bytes.IndexByte(data[:min(len(data), sniffBytes)], 0) >= 0
}

// countNew counts the lines of a new file; size is its length, since
// data is nil when it is too large.
func countNew(data []byte, size int64) (added int, binary bool) {
	if size == 0 {
		return 0, false
	}
	if binaryContent(data) {
		return 0, true
	}
	return countLinesIn(data), false
}

// countLinesIn counts lines, a last one without a newline included.
func countLinesIn(data []byte) int {
	n := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// countLines counts the lines a change from before to after adds and
// removes, as a line diff would show them. A nil side is too large to
// diff, and makes the change binary.
func countLines(before, after []byte) (added, removed int, binary bool) {
	if binaryContent(before) || binaryContent(after) {
		return 0, 0, true
	}
	dmp := diffmatchpatch.New()
	a, b, index := dmp.DiffLinesToChars(string(before), string(after))
	for _, d := range dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), index) {
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			added += countLinesIn([]byte(d.Text))
		case diffmatchpatch.DiffDelete:
			removed += countLinesIn([]byte(d.Text))
		}
	}
	return added, removed, false
}
