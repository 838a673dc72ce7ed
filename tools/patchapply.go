package tools

import (
	"errors"
	"fmt"
	"strings"
)

// A chunk's lines are found the way Codex finds them, so that patches
// written for it apply here: from where the chunk before ended, the first
// place the lines match exactly, else ignoring trailing blanks. Looser
// matches (ignoring indentation, then typographic quotes and dashes too)
// must be the only one after that point, since a guess could change the
// wrong lines.

// seekPass is one way of comparing a patch's line with a file's.
type seekPass struct {
	what   string
	norm   func(string) string
	unique bool
}

var seekPasses = []seekPass{
	{"", func(s string) string { return s }, false},
	{"trailing whitespace", func(s string) string { return strings.TrimRight(s, " \t") }, false},
	{"indentation and trailing whitespace", func(s string) string { return strings.TrimSpace(s) }, true},
	{"indentation, trailing whitespace and typographic quotes and dashes", lineKey, true},
}

// seek finds want in lines at or after from. With eof it must end the
// file. It returns the index, how it matched ("" for exactly), and
// whether it is ambiguous (several loose matches).
func seek(lines, want []string, from int, eof bool) (at int, how string, ambiguous bool) {
	if len(want) == 0 {
		return from, "", false
	}
	for _, p := range seekPasses {
		w := make([]string, len(want))
		for i, l := range want {
			w[i] = p.norm(l)
		}
		matches := func(i int) bool {
			for k := range w {
				if p.norm(lines[i+k]) != w[k] {
					return false
				}
			}
			return true
		}
		if eof {
			if i := len(lines) - len(w); i >= from && matches(i) {
				return i, p.what, false
			}
			continue
		}
		found := -1
		for i := from; i+len(w) <= len(lines); i++ {
			if !matches(i) {
				continue
			}
			if !p.unique {
				return i, p.what, false
			}
			if found >= 0 {
				return found, p.what, true
			}
			found = i
		}
		if found >= 0 {
			return found, p.what, false
		}
	}
	return -1, "", false
}

// fileText is a file split into lines for patching, with what it takes to
// join it back as it was: its line ending and whether its last line ends.
type fileText struct {
	lines []string
	crlf  bool
	final bool // the last line has a line ending
}

func splitFileText(s string) fileText {
	f := fileText{crlf: strings.Contains(s, "\r\n"), final: strings.HasSuffix(s, "\n") || s == ""}
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return f
	}
	f.lines = strings.Split(s, "\n")
	for i, l := range f.lines {
		f.lines[i] = strings.TrimSuffix(l, "\r")
	}
	return f
}

func (f fileText) String() string {
	if len(f.lines) == 0 {
		return ""
	}
	nl := "\n"
	if f.crlf {
		nl = "\r\n"
	}
	s := strings.Join(f.lines, nl)
	if f.final {
		s += nl
	}
	return s
}

// applyChunks applies an update's chunks to content, in order, and returns
// the new content and how each chunk that did not match exactly was
// found. name is the file's path in the patch, for messages.
func applyChunks(content string, chunks []patchChunk, name string) (string, []string, error) {
	f := splitFileText(content)
	var hows []string
	cursor := 0
	for _, c := range chunks {
		if c.hasContext {
			at, how, amb := seek(f.lines, []string{c.context}, cursor, false)
			switch {
			case at < 0:
				return "", nil, chunkMiss(content, c, name, fmt.Sprintf("its @@ line %q is not in %s", c.context, name)+after(cursor))
			case amb:
				return "", nil, chunkMiss(content, c, name, fmt.Sprintf("its @@ line %q matches more than one line of %s ignoring %s", c.context, name, how)+after(cursor))
			}
			if how != "" {
				hows = append(hows, fmt.Sprintf("the @@ line of the chunk at patch line %d ignoring %s", c.line, how))
			}
			cursor = at + 1
		}
		old, repl := c.old, c.new
		if len(old) == 0 {
			// Only added lines: after the @@ line, or at the end.
			at := len(f.lines)
			if c.hasContext && !c.eof {
				at = cursor
			}
			f.lines = splice(f.lines, at, 0, repl)
			cursor = at + len(repl)
			continue
		}
		at, how, amb := seek(f.lines, old, cursor, c.eof)
		if at < 0 && old[len(old)-1] == "" {
			// A blank line closing the chunk is often only the
			// separator before the next file's section.
			old = old[:len(old)-1]
			if len(repl) > 0 && repl[len(repl)-1] == "" {
				repl = repl[:len(repl)-1]
			}
			at, how, amb = seek(f.lines, old, cursor, c.eof)
		}
		switch {
		case at < 0:
			return "", nil, chunkMiss(content, c, name, fmt.Sprintf("its - and context lines are not in %s", name)+after(cursor))
		case amb:
			return "", nil, chunkMiss(content, c, name, fmt.Sprintf("its - and context lines match more than one place in %s ignoring %s", name, how)+after(cursor)+
				"; add an @@ line naming the function or class, or more context")
		}
		if how != "" {
			hows = append(hows, fmt.Sprintf("the chunk at patch line %d ignoring %s", c.line, how))
		}
		f.lines = splice(f.lines, at, len(old), repl)
		cursor = at + len(repl)
	}
	return f.String(), hows, nil
}

// after says where a search started, when not at the top.
func after(cursor int) string {
	if cursor == 0 {
		return ""
	}
	return fmt.Sprintf(" after line %d (where the chunk before it ended)", cursor)
}

// splice replaces n lines at i with repl.
func splice(lines []string, i, n int, repl []string) []string {
	out := make([]string, 0, len(lines)-n+len(repl))
	out = append(out, lines[:i]...)
	out = append(out, repl...)
	return append(out, lines[i+n:]...)
}

// chunkMiss is the error of a chunk that does not apply, with the lines of
// the file closest to what it expected.
func chunkMiss(content string, c patchChunk, name, problem string) error {
	msg := fmt.Sprintf("the chunk at patch line %d does not apply: %s", c.line, problem)
	want := strings.Join(c.old, "\n")
	if c.hasContext && len(c.old) == 0 {
		want = c.context
	}
	fls := splitLines(content)
	ols := splitLines(want)
	if len(fls) > 0 && len(ols) > 0 {
		if at, score := closest(content, fls, want, ols); score >= 0.5 {
			n := min(len(ols), len(fls)-at)
			msg += fmt.Sprintf(". The closest lines are %d-%d:\n%s\n", at+1, at+n, numbered(content, fls, at, min(at+n, at+maxHintLines)))
			msg += "Copy the context and - lines from the file exactly and send the whole patch again."
			return errors.New(msg)
		}
	}
	return errors.New(msg + ". Read the file again and send the whole patch again.")
}
