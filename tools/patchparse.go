package tools

import (
	"fmt"
	"strings"
)

// The patch format of apply_patch is Codex's (the one OpenAI's gpt-5 and
// codex models are trained to write):
//
//	*** Begin Patch
//	*** Add File: path        then one or more lines, each "+" and a line
//	*** Delete File: path
//	*** Update File: path
//	*** Move to: path         optional, right after Update File
//	@@ context line           optional text: a line the change follows
//	 context line             (a space) unchanged
//	-removed line
//	+added line
//	*** End of File           optional: the chunk ends at the file's end
//	*** End Patch
//
// The parser is strict: every line must be one of these, in this order,
// or the whole patch is refused with the line number and what was
// expected. The only latitudes are those models need and that cannot
// change what the patch means: blanks around the whole text, CR before
// LF, an empty line inside a chunk read as an empty context line, and a
// first chunk without its "@@".

// Patch markers.
const (
	patchBegin  = "*** Begin Patch"
	patchEnd    = "*** End Patch"
	patchAdd    = "*** Add File: "
	patchDelete = "*** Delete File: "
	patchUpdate = "*** Update File: "
	patchMove   = "*** Move to: "
	patchEOF    = "*** End of File"
)

// patchOp is what a hunk does to its file.
type patchOp int

const (
	opAdd patchOp = iota
	opDelete
	opUpdate
)

// patchHunk is one file's part of a patch.
type patchHunk struct {
	op   patchOp
	path string
	// moveTo is the new path of an updated file; "" keeps it.
	moveTo string
	// contents is an added file's text.
	contents string
	// chunks are an update's changes, in file order.
	chunks []patchChunk
	// line is the hunk header's line in the patch, from 1.
	line int
}

// patchChunk is one change of an updated file: old lines replaced by new
// ones, found after the context line (if any) and after the chunk before.
type patchChunk struct {
	context    string
	hasContext bool
	old, new   []string
	// eof says old must end the file.
	eof  bool
	line int
}

// PatchError is a patch that cannot be parsed, at a line of it.
type PatchError struct {
	Line    int // from 1; 0 for the patch as a whole
	Problem string
}

func (e *PatchError) Error() string {
	if e.Line == 0 {
		return "invalid patch: " + e.Problem
	}
	return fmt.Sprintf("invalid patch, line %d: %s", e.Line, e.Problem)
}

// parsePatch reads a patch in Codex's format.
func parsePatch(text string) ([]patchHunk, error) {
	text = strings.TrimSpace(text)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	if lines[0] != patchBegin {
		problem := fmt.Sprintf("the first line must be %q", patchBegin)
		if strings.HasPrefix(lines[0], "<<") {
			problem += ": send the patch itself, not a shell here-document around it"
		}
		return nil, &PatchError{Line: 1, Problem: problem}
	}
	if len(lines) < 2 || lines[len(lines)-1] != patchEnd {
		return nil, &PatchError{Problem: fmt.Sprintf("the last line must be %q", patchEnd)}
	}
	body := lines[1 : len(lines)-1]
	var hunks []patchHunk
	for i := 0; i < len(body); {
		h, n, err := parseHunk(body[i:], i+2)
		if err != nil {
			return nil, err
		}
		hunks = append(hunks, h)
		i += n
	}
	if len(hunks) == 0 {
		return nil, &PatchError{Problem: "it has no file in it: add *** Add File, *** Update File or *** Delete File sections"}
	}
	return hunks, nil
}

// isHunkHeader reports whether l starts a file's section (or is a marker
// that may not appear inside one).
func isHunkHeader(l string) bool {
	return strings.HasPrefix(l, "*** ")
}

// headerPath reads the path of a header line, refusing an empty one.
func headerPath(l, marker string, at int) (string, error) {
	p := strings.TrimSpace(strings.TrimPrefix(l, marker))
	if p == "" {
		return "", &PatchError{Line: at, Problem: "the path is missing after " + strings.TrimSpace(marker)}
	}
	return p, nil
}

// parseHunk reads one file's section from the start of lines, the first
// of which is line at of the patch, and returns it and how many lines it
// took.
func parseHunk(lines []string, at int) (patchHunk, int, error) {
	head := lines[0]
	switch {
	case strings.HasPrefix(head, patchAdd):
		p, err := headerPath(head, patchAdd, at)
		if err != nil {
			return patchHunk{}, 0, err
		}
		var b strings.Builder
		n := 1
		for ; n < len(lines) && !isHunkHeader(lines[n]); n++ {
			l, ok := strings.CutPrefix(lines[n], "+")
			if !ok {
				return patchHunk{}, 0, &PatchError{Line: at + n, Problem: fmt.Sprintf("every line of an added file starts with +, got %q", clip(lines[n], 60))}
			}
			b.WriteString(l)
			b.WriteByte('\n')
		}
		if n == 1 {
			return patchHunk{}, 0, &PatchError{Line: at, Problem: "an added file needs at least one + line"}
		}
		return patchHunk{op: opAdd, path: p, contents: b.String(), line: at}, n, nil
	case strings.HasPrefix(head, patchDelete):
		p, err := headerPath(head, patchDelete, at)
		if err != nil {
			return patchHunk{}, 0, err
		}
		if len(lines) > 1 && !isHunkHeader(lines[1]) {
			return patchHunk{}, 0, &PatchError{Line: at + 1, Problem: fmt.Sprintf("a deleted file has no lines; want the next *** section, got %q", clip(lines[1], 60))}
		}
		return patchHunk{op: opDelete, path: p, line: at}, 1, nil
	case strings.HasPrefix(head, patchUpdate):
		p, err := headerPath(head, patchUpdate, at)
		if err != nil {
			return patchHunk{}, 0, err
		}
		h := patchHunk{op: opUpdate, path: p, line: at}
		n := 1
		if n < len(lines) && strings.HasPrefix(lines[n], patchMove) {
			if h.moveTo, err = headerPath(lines[n], patchMove, at+n); err != nil {
				return patchHunk{}, 0, err
			}
			n++
		}
		for n < len(lines) && !isHunkHeader(lines[n]) {
			c, m, err := parseChunk(lines[n:], at+n, len(h.chunks) == 0)
			if err != nil {
				return patchHunk{}, 0, err
			}
			h.chunks = append(h.chunks, c)
			n += m
		}
		if len(h.chunks) == 0 {
			if h.moveTo == "" {
				return patchHunk{}, 0, &PatchError{Line: at, Problem: "*** Update File has no change: add an @@ chunk of -/+ lines"}
			}
		}
		return h, n, nil
	case strings.HasPrefix(head, patchMove):
		return patchHunk{}, 0, &PatchError{Line: at, Problem: "*** Move to must follow the *** Update File line of the file it moves"}
	case head == patchEOF:
		return patchHunk{}, 0, &PatchError{Line: at, Problem: "*** End of File must end an @@ chunk of an updated file"}
	case head == patchBegin || head == patchEnd:
		return patchHunk{}, 0, &PatchError{Line: at, Problem: fmt.Sprintf("%q may appear only once, on the first or last line", head)}
	}
	return patchHunk{}, 0, &PatchError{Line: at, Problem: fmt.Sprintf("want *** Add File: path, *** Update File: path or *** Delete File: path, got %q", clip(head, 60))}
}

// parseChunk reads one @@ chunk from the start of lines (line at of the
// patch); first says it is the file's first chunk, which may leave out
// its "@@" line.
func parseChunk(lines []string, at int, first bool) (patchChunk, int, error) {
	c := patchChunk{line: at}
	n := 0
	switch l := lines[0]; {
	case l == "@@":
		n = 1
	case strings.HasPrefix(l, "@@ "):
		c.context, c.hasContext = strings.TrimPrefix(l, "@@ "), true
		if strings.TrimSpace(c.context) == "" {
			c.hasContext = false
		}
		n = 1
	case !first:
		return c, 0, &PatchError{Line: at, Problem: fmt.Sprintf("want an @@ line to start the next chunk, got %q", clip(l, 60))}
	}
	changes := false
	start := n
	for ; n < len(lines); n++ {
		l := lines[n]
		if l == patchEOF {
			c.eof = true
			n++
			break
		}
		if isHunkHeader(l) || l == "@@" || strings.HasPrefix(l, "@@ ") {
			break
		}
		switch {
		case l == "":
			c.old, c.new = append(c.old, ""), append(c.new, "")
		case l[0] == ' ':
			c.old, c.new = append(c.old, l[1:]), append(c.new, l[1:])
		case l[0] == '-':
			c.old = append(c.old, l[1:])
			changes = true
		case l[0] == '+':
			c.new = append(c.new, l[1:])
			changes = true
		default:
			return c, 0, &PatchError{Line: at + n, Problem: fmt.Sprintf("every line of a chunk starts with a space (context), - (removed) or + (added), got %q", clip(l, 60))}
		}
	}
	if n == start || (n == start+1 && c.eof) {
		return c, 0, &PatchError{Line: at, Problem: "the chunk has no lines"}
	}
	if !changes {
		return c, 0, &PatchError{Line: at, Problem: "the chunk has only context lines: it changes nothing"}
	}
	if c.eof && n < len(lines) && !isHunkHeader(lines[n]) {
		return c, 0, &PatchError{Line: at + n, Problem: "*** End of File must end its file's changes"}
	}
	return c, n, nil
}
