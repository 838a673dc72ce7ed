package tools

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentcli/agent/classify"
)

type writeArgs struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

var writeFileParams = []Param{
	{Name: "path", Type: ParamString, Required: true, Desc: "File path, relative to the project root or absolute inside it."},
	{Name: "content", Type: ParamString, Required: true, Desc: "The file's complete new contents."},
}

var writeFileTool = newTool("write_file", writeFileParams, planWrite,
	"Create a file or replace its whole contents, under the project root. Missing parent "+
		"directories are created; an existing file keeps its permissions. The write is atomic. "+
		"Prefer edit_file to change part of a file. Files under .git cannot be written.")

func planWrite(r *Registry, name string, a writeArgs) (*Plan, error) {
	t, err := r.resolve(a.Path, true, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if t.rel == "." {
		return nil, fmt.Errorf("%s: %s is the project root, not a file", name, a.Path)
	}
	was, old, err := r.fileState(t.rel)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, pathError(a.Path, err))
	}
	old, fromEditor := r.planBase(t.rel, was, old)
	var before *string
	summary := "create " + t.rel
	if was.exists {
		summary = "write " + t.rel
		s := string(old)
		before = &s
	}
	preview := ""
	var changes []FileChange
	switch {
	case was.exists && old == nil:
		preview = fmt.Sprintf("replace %s (too large to diff) with %d bytes\n", t.rel, len(a.Content))
	default:
		preview = unifiedDiff(t.rel, before, &a.Content)
		changes = r.fileChanges(t, before, a.Content)
	}
	note := readOnlyNote(was)
	if note != "" {
		summary += parenthesised(note)
		preview = note + "\n" + preview
	}
	data := []byte(a.Content)
	p := r.newPlan(name, a, summary, func(ctx context.Context, _ func(string)) Result {
		if err := r.checkUnchanged(t, was, false); err != nil {
			return unapplied(err)
		}
		if err := r.checkEditor(ctx, t, was, old, fromEditor); err != nil {
			return unapplied(err)
		}
		unsaved, err := r.put(ctx, t.rel, data, was.mode, was.exists)
		if err != nil {
			return failure(pathError(t.arg, err).Error())
		}
		verb := "created"
		if was.exists {
			verb = "wrote"
		}
		return Result{Output: fmt.Sprintf("%s %s (%d bytes)", verb, t.rel, len(data)) + parenthesised(note) + parenthesised(unsaved), ExitCode: -1}
	})
	p.changed = func() bool {
		return errors.Is(r.checkUnchanged(t, was, false), ErrChangedSincePreview)
	}
	p.Action = classify.Action{Kind: classify.Write, Path: t.abs, Root: r.root, Home: r.home}
	p.Preview, p.Changes = preview, changes
	return p, nil
}
