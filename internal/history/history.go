// Package history keeps the prompts a person sent in one project, so that
// the screen's Up walks them after a restart: one JSON string per line in
// a file of the state directory, the newest last.
//
// It never keeps more than it is asked to: Load returns the newest max, and
// Append rewrites the file with only those once it holds twice as many.
package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a project's prompt history on disk. The zero value is not
// usable: make one with Open.
type File struct {
	path string
	max  int
}

// Open returns the history kept at path, holding at most most prompts (at
// least 1). It touches nothing on disk until Append.
func Open(path string, most int) *File { return &File{path: path, max: max(1, most)} }

// Load returns the newest max prompts, oldest first. A missing file is
// an empty history; lines that are not a JSON string (a file cut by a
// crash) are skipped.
func (f *File) Load() ([]string, error) {
	all, err := f.read()
	if len(all) > f.max {
		all = all[len(all)-f.max:]
	}
	return all, err
}

func (f *File) read() ([]string, error) {
	data, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("prompt history: %w", err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var s string
		if json.Unmarshal(sc.Bytes(), &s) == nil && s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// Append adds prompt as the newest entry. The file and its directory are
// made private to the person (prompts may quote anything). It may block
// on the disk: call it outside the screen's Update.
func (f *File) Append(prompt string) error {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
		return fmt.Errorf("prompt history: %w", err)
	}
	line, err := json.Marshal(prompt)
	if err != nil {
		return fmt.Errorf("prompt history: %w", err)
	}
	w, err := os.OpenFile(f.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("prompt history: %w", err)
	}
	// A line cut by a crash is ended first, so it does not swallow this one.
	if fi, err := w.Stat(); err == nil && fi.Size() > 0 {
		last := make([]byte, 1)
		if r, err := os.Open(f.path); err == nil {
			if _, err := r.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
				line = append([]byte{'\n'}, line...)
			}
			r.Close()
		}
	}
	_, werr := w.Write(append(line, '\n'))
	if cerr := w.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("prompt history: %w", werr)
	}
	return f.trim()
}

// trim rewrites the file with its newest max entries once it holds twice
// as many, so that it stays small without a rewrite per prompt.
func (f *File) trim() error {
	all, err := f.read()
	if err != nil || len(all) < 2*f.max {
		return err
	}
	var b bytes.Buffer
	for _, s := range all[len(all)-f.max:] {
		line, _ := json.Marshal(s)
		b.Write(append(line, '\n'))
	}
	tmp := f.path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o600); err != nil {
		return fmt.Errorf("prompt history: %w", err)
	}
	if err := os.Rename(tmp, f.path); err != nil {
		return fmt.Errorf("prompt history: %w", err)
	}
	return nil
}
