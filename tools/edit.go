package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcli/agent/classify"
)

type editArgs struct {
	Path       string `json:"path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll *bool  `json:"replace_all,omitempty"`
}

var editFileParams = []param{
	{name: "path", typ: tString, required: true, desc: "File path, relative to the project root or absolute inside it."},
	{name: "old_string", typ: tString, required: true, desc: "The exact text to replace."},
	{name: "new_string", typ: tString, required: true, desc: "The text to put in its place."},
	{name: "replace_all", typ: tBoolean, desc: "Replace every occurrence instead of exactly one (default false)."},
}

var editFileTool = tool{
	name: "edit_file",
	desc: "Replace exact text in a file under the project root. old_string must match the file " +
		"exactly, whitespace and indentation included, and only once unless replace_all is true; " +
		"include enough surrounding lines to make it unique. Files under .git cannot be edited.",
	params: editFileParams,
	plan:   planEdit,
}

// maxListedMatches is how many match positions an edit_file error lists.
const maxListedMatches = 20

func planEdit(r *Registry, raw string) (*Plan, error) {
	const name = "edit_file"
	var a editArgs
	if err := decodeArgs(name, raw, editFileParams, &a); err != nil {
		return nil, err
	}
	if a.OldString == "" {
		return nil, &ArgError{Tool: name, Field: "old_string", Problem: "empty; to create or replace a whole file use write_file"}
	}
	if a.OldString == a.NewString {
		return nil, &ArgError{Tool: name, Field: "new_string", Problem: "same as old_string: the edit would change nothing"}
	}
	t, err := r.resolve(a.Path, true, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	was, old, err := r.fileState(t.rel)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, pathError(a.Path, err))
	case !was.exists:
		return nil, fmt.Errorf("%s: %s does not exist; use write_file to create it", name, a.Path)
	case old == nil:
		return nil, fmt.Errorf("%s: %s is larger than %d bytes, too large to edit", name, a.Path, maxEditBytes)
	case isBinary(old):
		return nil, fmt.Errorf("%s: %s looks like a binary file; edit_file changes only text", name, a.Path)
	}
	content := string(old)
	all := a.ReplaceAll != nil && *a.ReplaceAll
	n := strings.Count(content, a.OldString)
	switch {
	case n == 0:
		return nil, fmt.Errorf("%s: old_string was not found in %s; it must match exactly, whitespace and "+
			"indentation included: read the file again and retry", name, a.Path)
	case n > 1 && !all:
		return nil, fmt.Errorf("%s: old_string occurs %d times in %s, at lines %s; include more surrounding "+
			"text to pick one, or set replace_all to true", name, n, a.Path, matchLines(content, a.OldString))
	}
	count := 1
	if all {
		count = -1
	}
	updated := strings.Replace(content, a.OldString, a.NewString, count)
	summary := fmt.Sprintf("edit %s", t.rel)
	if n > 1 {
		summary = fmt.Sprintf("edit %s (%d replacements)", t.rel, n)
	}
	note := readOnlyNote(was)
	summary += parenthesised(note)
	data := []byte(updated)
	p := r.newPlan(name, a, summary, func(ctx context.Context, _ func(string)) Result {
		if err := r.checkUnchanged(t, was, false); err != nil {
			return unapplied(err)
		}
		if err := r.writeAtomic(t.rel, data, was.mode, true); err != nil {
			return failure(pathError(t.arg, err).Error())
		}
		return Result{Output: fmt.Sprintf("edited %s: %d replacement(s)", t.rel, n) + parenthesised(note), ExitCode: -1}
	})
	p.changed = func() bool { return errors.Is(r.checkUnchanged(t, was, false), ErrChangedSincePreview) }
	p.Action = classify.Action{Kind: classify.Write, Path: t.abs, Root: r.root, Home: r.home}
	p.Preview = unifiedDiff(t.rel, &content, &updated)
	if note != "" {
		p.Preview = note + "\n" + p.Preview
	}
	return p, nil
}

// matchLines lists the line numbers where sub starts in s, as "3, 17, 40",
// at most maxListedMatches of them.
func matchLines(s, sub string) string {
	var lines []string
	line, pos := 1, 0
	for len(lines) < maxListedMatches {
		i := strings.Index(s[pos:], sub)
		if i < 0 {
			break
		}
		line += strings.Count(s[pos:pos+i], "\n")
		lines = append(lines, fmt.Sprint(line))
		line += strings.Count(sub, "\n")
		pos += i + len(sub)
	}
	out := strings.Join(lines, ", ")
	if n := strings.Count(s, sub); n > len(lines) {
		out += fmt.Sprintf(" and %d more", n-len(lines))
	}
	return out
}
