package tools

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/agentcli/agent/classify"
)

// maxLineBytes is the longest line read_file and grep show; the rest of a
// longer line is replaced by a note.
const maxLineBytes = 2000

type readArgs struct {
	Path   string `json:"path"`
	Offset *int   `json:"offset,omitempty"`
	Limit  *int   `json:"limit,omitempty"`
}

var readFileParams = []Param{
	{Name: "path", Type: ParamString, Required: true, Desc: "File path, relative to the project root or absolute inside it."},
	{Name: "offset", Type: ParamInteger, Desc: "First line to return, counting from 1 (default 1)."},
	{Name: "limit", Type: ParamInteger, Desc: "How many lines to return at most (default set by the user's config)."},
}

var readFileTool = newTool("read_file", readFileParams, planRead,
	"Read a text file under the project root. Lines come numbered (number, tab, line). "+
		"Long files are returned in parts: use offset and limit to read on. Binary files are refused.")

func planRead(r *Registry, name string, a readArgs) (*Plan, error) {
	offset, limit := 1, r.cfg.ReadLines
	if a.Offset != nil {
		if *a.Offset < 1 {
			return nil, &ArgError{Tool: name, Field: "offset", Problem: fmt.Sprintf("%d: lines count from 1", *a.Offset)}
		}
		offset = *a.Offset
	}
	if a.Limit != nil {
		if *a.Limit < 1 {
			return nil, &ArgError{Tool: name, Field: "limit", Problem: fmt.Sprintf("%d: want at least 1", *a.Limit)}
		}
		limit = *a.Limit
	}
	t, fi, err := r.resolveExisting(name, a.Path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s: %s is a directory; use list_dir", name, a.Path)
	}
	p := r.newPlan(name, a, "read "+t.rel, func(ctx context.Context, _ func(string)) Result {
		return r.readFile(ctx, t, offset, limit)
	})
	p.Action = classify.Action{Kind: classify.Read, Path: t.abs, Root: r.root, Home: r.home}
	return p, nil
}

// readFile returns lines offset to offset+limit-1 of a text file, numbered,
// within MaxReadBytes: as the editor has it when Options.Buffers is set,
// once the file on disk passed every check, else as it is on disk.
func (r *Registry) readFile(ctx context.Context, t target, offset, limit int) Result {
	// O_NONBLOCK: a named pipe put there since the plan must not hang us.
	f, err := r.fsRoot.OpenFile(t.rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return failure(pathError(t.arg, err).Error())
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return failure(pathError(t.arg, err).Error())
	}
	if !fi.Mode().IsRegular() {
		return failuref("%s is %s, not a file read_file can read", t.arg, KindOf(fi.Mode()))
	}
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(sniffBytes)
	if isBinary(head) {
		return failuref("%s looks like a binary file (%d bytes); read_file shows only text", t.arg, fi.Size())
	}
	size := fi.Size()
	if r.buffers != nil {
		// The name the checks passed: no symbolic link in it.
		if text, err := r.buffers.ReadText(ctx, filepath.Join(r.root, t.rel)); err == nil && !isBinary([]byte(text[:min(len(text), sniffBytes)])) {
			br, size = bufio.NewReaderSize(strings.NewReader(text), 64<<10), int64(len(text))
		}
	}
	if size == 0 {
		return Result{Output: "(empty file)", ExitCode: -1}
	}
	var b strings.Builder
	line := 0
	shown := 0
	for {
		text, full, err := readLine(br)
		if err == io.EOF && text == nil {
			break
		}
		if err != nil && err != io.EOF {
			return failure(pathError(t.arg, err).Error())
		}
		line++
		if line < offset {
			continue
		}
		if shown == limit {
			fmt.Fprintf(&b, "[... the file goes on; read on with offset %d ...]\n", line)
			break
		}
		entry := fmt.Sprintf("%6d\t%s", line, strings.ToValidUTF8(string(text), "\uFFFD"))
		if !full {
			entry += " [... line cut ...]"
		}
		entry += "\n"
		if b.Len()+len(entry) > r.cfg.MaxReadBytes {
			fmt.Fprintf(&b, "[... stopped at %d bytes (max_read_bytes); the file is %d bytes; read on with offset %d ...]\n",
				b.Len(), size, line)
			break
		}
		b.WriteString(entry)
		shown++
		if err == io.EOF {
			break
		}
	}
	if shown == 0 {
		return failuref("%s: offset %d is past the end: the file has %d lines", t.arg, offset, line)
	}
	return Result{Output: b.String(), ExitCode: -1}
}

// readLine returns the next line without its line ending, at most
// maxLineBytes of it (full is false when it was longer), or io.EOF after
// the last line. Memory stays bounded however long the line is.
func readLine(br *bufio.Reader) (text []byte, full bool, err error) {
	var out []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if room := maxLineBytes + 2 - len(out); room > 0 {
			out = append(out, chunk[:min(room, len(chunk))]...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil, io.EOF:
			if err == io.EOF && n == 0 {
				return nil, true, io.EOF
			}
			if err == nil {
				n--
			}
			out = bytes.TrimSuffix(out, []byte("\n"))
			if n <= maxLineBytes+1 {
				out = bytes.TrimSuffix(out, []byte("\r"))
			}
			if len(out) > maxLineBytes {
				out = out[:maxLineBytes]
				return out[:len(out)-partialRuneSuffix(out)], false, err
			}
			return out, true, err
		default:
			return nil, true, err
		}
	}
}
