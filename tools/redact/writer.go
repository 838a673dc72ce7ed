package redact

import (
	"bytes"
	"io"
)

// MaxLine is how much of a line without a line break a Writer holds before
// it writes part of it anyway, cut at the last space: secrets never span
// a line break, and the ones it recognises never span a space.
const MaxLine = 64 << 10

// Writer redacts what is written through it, a line at a time, so that a
// secret split across two Writes is still found. It holds at most MaxLine
// bytes. It is not safe for concurrent use.
type Writer struct {
	r    *Redactor
	w    io.Writer
	buf  []byte
	err  error
	done bool
}

// NewWriter returns a Writer that writes to w what r leaves of the text.
// Close writes the last partial line; it does not close w.
func (r *Redactor) NewWriter(w io.Writer) *Writer {
	return &Writer{r: r, w: w}
}

// Write takes p and writes every complete line redacted. It returns
// len(p) unless an earlier write to the underlying writer failed.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.buf = append(w.buf, p...)
	if i := bytes.LastIndexByte(w.buf, '\n'); i >= 0 {
		w.emit(i + 1)
	}
	for len(w.buf) > MaxLine && w.err == nil {
		// A very long line: cut at the last space in its first MaxLine
		// bytes, or, if there is none, at MaxLine itself.
		cut := bytes.LastIndexAny(w.buf[:MaxLine], " \t")
		if cut <= 0 {
			cut = MaxLine
		} else {
			cut++
		}
		w.emit(cut)
	}
	if w.err != nil {
		return 0, w.err
	}
	return len(p), nil
}

// emit writes the first n bytes of the buffer, redacted, and keeps the rest.
func (w *Writer) emit(n int) {
	out := w.r.Bytes(w.buf[:n])
	if _, err := w.w.Write(out); err != nil {
		w.err = err
	}
	w.buf = append(w.buf[:0], w.buf[n:]...)
}

// Close writes what is left of the last line. It returns the first error
// of the underlying writer, if any. Writes after Close are not allowed.
func (w *Writer) Close() error {
	if !w.done && w.err == nil && len(w.buf) > 0 {
		w.emit(len(w.buf))
	}
	w.done = true
	return w.err
}
