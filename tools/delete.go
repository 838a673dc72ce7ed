package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentcli/agent/classify"
)

type deleteArgs struct {
	Path string `json:"path"`
}

var deleteFileParams = []Param{
	{Name: "path", Type: ParamString, Required: true, Desc: "Path to delete, relative to the project root or absolute inside it."},
}

var deleteFileTool = newTool("delete_file", deleteFileParams, planDelete,
	"Delete a file, a symbolic link (not its target) or a directory tree under the project root. "+
		"Nothing under .git can be deleted, nor a tree that contains one.")

// maxListedDeletes is how many paths a tree delete's preview names.
const maxListedDeletes = 200

func planDelete(r *Registry, name string, a deleteArgs) (*Plan, error) {
	t, err := r.resolve(a.Path, true, true)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if t.rel == "." {
		return nil, fmt.Errorf("%s: %s is the project root, which is never deleted", name, a.Path)
	}
	was, names, err := r.treeState(t.rel)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, pathError(a.Path, err))
	}
	isDir := was.mode.IsDir()
	var preview, summary string
	switch {
	case isDir:
		summary = fmt.Sprintf("delete %s/ (%d entries)", t.rel, len(names))
		preview = treePreview(names)
	case was.mode.IsRegular():
		summary = "delete " + t.rel
		_, old, err := r.fileState(t.rel)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w", name, pathError(a.Path, err))
		case old == nil:
			preview = fmt.Sprintf("delete %s (too large to diff)\n", t.rel)
		default:
			s := string(old)
			preview = unifiedDiff(t.rel, &s, nil)
		}
	default:
		summary = fmt.Sprintf("delete %s (%s)", t.rel, KindOf(was.mode))
		preview = fmt.Sprintf("delete %s, %s\n", t.rel, KindOf(was.mode))
	}
	p := r.newPlan(name, a, summary, func(ctx context.Context, _ func(string)) Result {
		if err := r.checkUnchanged(t, was, true); err != nil {
			return unapplied(err)
		}
		remove := r.fsRoot.Remove
		if isDir {
			remove = r.fsRoot.RemoveAll
		}
		if err := remove(t.rel); err != nil {
			return failure(pathError(t.arg, err).Error())
		}
		return Result{Output: "deleted " + strings.TrimPrefix(summary, "delete "), ExitCode: -1}
	})
	p.changed = func() bool { return errors.Is(r.checkUnchanged(t, was, true), ErrChangedSincePreview) }
	p.Action = classify.Action{Kind: classify.Delete, Path: t.abs, IsDir: isDir, Root: r.root, Home: r.home}
	p.Preview = preview
	return p, nil
}

// treePreview lists what deleting a tree removes.
func treePreview(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i == maxListedDeletes {
			fmt.Fprintf(&b, "... and %d more\n", len(names)-i)
			break
		}
		fmt.Fprintf(&b, "deleted: %s\n", n)
	}
	return b.String()
}
