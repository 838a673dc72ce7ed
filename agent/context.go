package agent

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// ContextFileName is the file in which a project, or a person for every
// project, keeps instructions for coding agents; LoadContext reads it into
// the system prompt, the way other agents do.
const ContextFileName = "AGENTS.md"

// MaxContextBytes is how much of each context file reaches the system
// prompt. A longer file is cut, and the model and the person are told.
const MaxContextBytes = 32 << 10

// LoadContext reads the person's AGENTS.md in userDir (the config
// directory; "" skips it) and the project's in root, and returns them as
// text for Options.Context, the person's first so that the project's more
// specific instructions come last. A missing file is skipped. A file
// longer than MaxContextBytes is cut at a line boundary and the text says
// where; notes tell the person the same, and name a file that could not be
// read. The project's file is read through os.Root, so a symbolic link in
// a cloned repository cannot send a file from outside it to the provider.
func LoadContext(userDir, root string) (text string, notes []string) {
	var parts []string
	add := func(title, name, hint string, f io.ReadCloser, err error) {
		if errors.Is(err, fs.ErrNotExist) {
			return
		}
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s not read: %v", name, err))
			return
		}
		defer f.Close()
		body, size, err := readCapped(f, MaxContextBytes)
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s not read: %v", name, err))
			return
		}
		if strings.TrimSpace(body) == "" {
			return
		}
		if size > int64(len(body)) {
			cut := fmt.Sprintf("%s is %s; only its first %s are in the prompt", name, kib(size), kib(int64(len(body))))
			notes = append(notes, cut)
			body += "\n[" + cut + hint + "]"
		}
		parts = append(parts, "# "+title+"\n\n"+strings.TrimRight(body, "\n"))
	}
	if userDir != "" {
		path := filepath.Join(userDir, ContextFileName)
		f, err := os.Open(path)
		add("The person's instructions for every project ("+path+")", path, "", f, err)
	}
	if r, err := os.OpenRoot(root); err == nil {
		f, err := r.Open(ContextFileName)
		r.Close()
		add("The project's instructions ("+ContextFileName+" in the project root)", ContextFileName,
			"; read the rest with read_file when it matters", f, err)
	}
	return strings.Join(parts, "\n\n"), notes
}

// readCapped reads at most limit bytes of f, cut back to the last line
// that fits whole (or at least to a character boundary), and returns the
// file's size.
func readCapped(f io.Reader, limit int) (string, int64, error) {
	buf := make([]byte, limit+1)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", 0, err
	}
	if n <= limit {
		return string(buf[:n]), int64(n), nil
	}
	rest, err := io.Copy(io.Discard, f)
	if err != nil {
		return "", 0, err
	}
	size := int64(n) + rest
	b := buf[:limit]
	if i := strings.LastIndexByte(string(b), '\n'); i >= limit*3/4 {
		b = b[:i+1]
	}
	for len(b) > 0 {
		if r, size := utf8.DecodeLastRune(b); r != utf8.RuneError || size > 1 {
			break
		}
		b = b[:len(b)-1] // part of a character the cut split
	}
	return string(b), size, nil
}

// kib formats a size for the notes.
func kib(n int64) string {
	if n < 1<<10 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d KiB", (n+1<<9)>>10)
}
