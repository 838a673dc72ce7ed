package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Reader reads the records of a session file in order. It tolerates what a
// crash or another version leaves: a torn last line, a line that is not
// JSON, unknown fields and unknown record types (returned as they are, for
// the caller to skip). Lines it cannot read are counted, not returned.
type Reader struct {
	f       *os.File
	br      *bufio.Reader
	line    int
	skipped int
}

// Open opens the session file at path for reading. Close it when done.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	return &Reader{f: f, br: bufio.NewReaderSize(f, 64<<10)}, nil
}

// Next returns the next record, or io.EOF after the last. Other errors are
// read errors of the file.
func (r *Reader) Next() (Record, error) {
	for {
		line, err := r.br.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return Record{}, io.EOF
			}
			return Record{}, fmt.Errorf("session: %w", err)
		}
		r.line++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var rec Record
		if json.Unmarshal(line, &rec) != nil || rec.Type == "" {
			r.skipped++
			continue
		}
		return rec, nil
	}
}

// Line returns the line number (from 1) of the record Next returned last.
func (r *Reader) Line() int { return r.line }

// Skipped returns how many lines so far could not be read as records.
func (r *Reader) Skipped() int { return r.skipped }

// Close closes the file.
func (r *Reader) Close() error { return r.f.Close() }

// Each calls fn with every record of the session file at path, in order,
// with its line number, and returns how many lines it skipped. It stops at
// fn's first error and returns it.
func Each(path string, fn func(rec Record, line int) error) (skipped int, err error) {
	r, err := Open(path)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return r.Skipped(), nil
		}
		if err != nil {
			return r.Skipped(), err
		}
		if err := fn(rec, r.Line()); err != nil {
			return r.Skipped(), err
		}
	}
}
