package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcli/agent/classify"
)

type editArgs struct {
	Path       string     `json:"path"`
	OldString  *string    `json:"old_string,omitempty"`
	NewString  *string    `json:"new_string,omitempty"`
	ReplaceAll *bool      `json:"replace_all,omitempty"`
	Edits      []editSpec `json:"edits,omitempty"`
}

// editSpec is one replacement of an edit_file call.
type editSpec struct {
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all,omitempty"`
}

var editFileParams = []Param{
	{Name: "path", Type: ParamString, Required: true, Desc: "File path, relative to the project root or absolute inside it."},
	{Name: "old_string", Type: ParamString, Desc: "The text to replace, copied from the file (for one replacement; or use edits)."},
	{Name: "new_string", Type: ParamString, Desc: "The text to put in its place."},
	{Name: "replace_all", Type: ParamBoolean, Desc: "Replace every occurrence instead of exactly one (default false)."},
	{Name: "edits", Type: ParamObjectList, Fields: editFields, NotEmpty: true, Desc: "Several replacements in this file, applied in order, all or none " +
		"(instead of old_string and new_string)."},
}

// editFields are the fields of each of edit_file's edits.
var editFields = []Param{
	{Name: "old_string", Type: ParamString, Required: true},
	{Name: "new_string", Type: ParamString, Required: true},
	{Name: "replace_all", Type: ParamBoolean},
}

var editFileTool = newTool("edit_file", editFileParams, planEdit,
	"Replace text in a file under the project root: old_string with new_string, or each of edits in order, "+
		"all or none. old_string should match the file exactly and only once unless replace_all is true; "+
		"include enough surrounding lines to make it unique. When it does not match exactly, a match that "+
		"differs only in line endings, trailing whitespace, a consistent indentation shift or typographic "+
		"quotes is used if it is unique, and the result says so; otherwise the error shows the closest "+
		"lines. Files under .git cannot be edited.")

// maxListedMatches is how many match positions an edit_file error lists.
const maxListedMatches = 20

// replacements returns the call's replacements, from edits or from
// old_string and new_string, checking that it gives one or the other.
func (a editArgs) replacements(name string) ([]editSpec, error) {
	if len(a.Edits) > 0 {
		if a.OldString != nil || a.NewString != nil || a.ReplaceAll != nil {
			return nil, &ArgError{Tool: name, Field: "edits", Problem: "give either edits or old_string and new_string, not both"}
		}
		return a.Edits, nil
	}
	switch {
	case a.OldString == nil:
		return nil, &ArgError{Tool: name, Field: "old_string", Problem: "missing (required unless edits is given)"}
	case a.NewString == nil:
		return nil, &ArgError{Tool: name, Field: "new_string", Problem: "missing (required with old_string)"}
	}
	return []editSpec{{OldString: *a.OldString, NewString: *a.NewString, ReplaceAll: a.ReplaceAll != nil && *a.ReplaceAll}}, nil
}

func planEdit(r *Registry, name string, a editArgs) (*Plan, error) {
	specs, err := a.replacements(name)
	if err != nil {
		return nil, err
	}
	field := func(i int, f string) string {
		if len(a.Edits) == 0 {
			return f
		}
		return fmt.Sprintf("edits[%d].%s", i, f)
	}
	for i, e := range specs {
		if e.OldString == "" {
			return nil, &ArgError{Tool: name, Field: field(i, "old_string"), Problem: "empty; to create or replace a whole file use write_file"}
		}
		if e.OldString == e.NewString {
			return nil, &ArgError{Tool: name, Field: field(i, "new_string"), Problem: "same as old_string: the edit would change nothing"}
		}
	}
	t, err := r.resolve(a.Path, true, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	was, old, err := r.fileState(t.rel)
	fromEditor := false
	if err == nil {
		old, fromEditor = r.planBase(t.rel, was, old)
	}
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
	updated, n, hows, err := applyEdits(content, specs, a.Path)
	if err != nil {
		if len(specs) > 1 {
			return nil, fmt.Errorf("%s: nothing was changed: %w", name, err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if updated == content {
		return nil, fmt.Errorf("%s: the edits leave %s as it is: nothing to change", name, a.Path)
	}
	summary := fmt.Sprintf("edit %s", t.rel)
	if n > 1 {
		summary = fmt.Sprintf("edit %s (%d replacements)", t.rel, n)
	}
	note := readOnlyNote(was)
	summary += parenthesised(note)
	fuzzy := strings.Join(hows, "; ")
	data := []byte(updated)
	p := r.newPlan(name, a, summary, func(ctx context.Context, _ func(string)) Result {
		if err := r.checkUnchanged(t, was, false); err != nil {
			return unapplied(err)
		}
		if err := r.checkEditor(ctx, t, was, old, fromEditor); err != nil {
			return unapplied(err)
		}
		unsaved, err := r.put(ctx, t.rel, data, was.mode, true)
		if err != nil {
			return failure(pathError(t.arg, err).Error())
		}
		out := fmt.Sprintf("edited %s: %d replacement(s)", t.rel, n) + parenthesised(note) + parenthesised(unsaved)
		if fuzzy != "" {
			out += "\nnot an exact match: " + fuzzy + ". Check the diff with read_file if it matters."
		}
		return Result{Output: out, ExitCode: -1}
	})
	p.changed = func() bool {
		return errors.Is(r.checkUnchanged(t, was, false), ErrChangedSincePreview)
	}
	p.Action = classify.Action{Kind: classify.Write, Path: t.abs, Root: r.root, Home: r.home}
	p.Preview = unifiedDiff(t.rel, &content, &updated)
	p.Changes = r.fileChanges(t, &content, updated)
	if fuzzy != "" {
		p.Preview = "matched " + fuzzy + "\n" + p.Preview
	}
	if note != "" {
		p.Preview = note + "\n" + p.Preview
	}
	return p, nil
}

// applyEdits applies specs to content in order, each to the result of the
// ones before, and returns the result, how many replacements were made,
// and how each replacement that was not exact was found ("edits[1]:
// ignoring trailing whitespace"). The first edit that cannot be applied
// fails them all.
func applyEdits(content string, specs []editSpec, name string) (string, int, []string, error) {
	n := 0
	var hows []string
	for i, e := range specs {
		m, err := locateEdit(content, e.OldString, e.NewString, e.ReplaceAll, name)
		if err != nil {
			if len(specs) > 1 {
				return "", 0, nil, fmt.Errorf("edits[%d]: %w", i, err)
			}
			return "", 0, nil, err
		}
		if m.how != "" {
			how := m.how
			if len(specs) > 1 {
				how = fmt.Sprintf("edits[%d] %s", i, how)
			}
			hows = append(hows, how)
		}
		var b strings.Builder
		pos := 0
		for _, sp := range m.spans {
			b.WriteString(content[pos:sp.start])
			b.WriteString(sp.text)
			pos = sp.end
		}
		b.WriteString(content[pos:])
		content = b.String()
		n += len(m.spans)
	}
	return content, n, hows, nil
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
