package tools

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/agentcli/agent/classify"
)

// maxListDepth is the deepest list_dir goes.
const maxListDepth = 10

type listArgs struct {
	Path  string `json:"path"`
	Depth *int   `json:"depth,omitempty"`
}

var listDirParams = []Param{
	{Name: "path", Type: ParamString, Required: true, Desc: `Directory, relative to the project root ("." for the root) or absolute inside it.`},
	{Name: "depth", Type: ParamInteger, Desc: fmt.Sprintf("How many levels to list, 1 to %d (default 1).", maxListDepth)},
}

var listDirTool = newTool("list_dir", listDirParams, planList,
	"List a directory under the project root: one entry per line, relative to it, directories "+
		"ending in /, symbolic links as name -> target. With depth > 1, lists subdirectories too, "+
		"except .git and what .gitignore ignores (shown, not entered).")

func planList(r *Registry, name string, a listArgs) (*Plan, error) {
	depth := 1
	if a.Depth != nil {
		if *a.Depth < 1 || *a.Depth > maxListDepth {
			return nil, &ArgError{Tool: name, Field: "depth", Problem: fmt.Sprintf("%d: want 1 to %d", *a.Depth, maxListDepth)}
		}
		depth = *a.Depth
	}
	t, fi, err := r.resolveExisting(name, a.Path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s: %s is %s, not a directory; use read_file", name, a.Path, KindOf(fi.Mode()))
	}
	p := r.newPlan(name, a, "list "+t.rel, func(ctx context.Context, _ func(string)) Result {
		return r.listDir(ctx, t, depth)
	})
	p.Action = classify.Action{Kind: classify.Read, Path: t.abs, Root: r.root, Home: r.home}
	return p, nil
}

func (r *Registry) listDir(ctx context.Context, t target, depth int) Result {
	start := filepath.ToSlash(t.rel)
	ig := newIgnorer(r.fsRoot.FS())
	var b strings.Builder
	n := 0
	more := false
	err := fs.WalkDir(r.fsRoot.FS(), start, func(rel string, d fs.DirEntry, err error) error {
		if rel == start {
			return err
		}
		if err != nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if n == r.cfg.MaxEntries {
			more = true
			return errStop
		}
		n++
		name := rel
		if start != "." {
			name = strings.TrimPrefix(rel, start+"/")
		}
		level := strings.Count(name, "/") + 1
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			link, _ := r.fsRoot.Readlink(rel)
			fmt.Fprintf(&b, "%s -> %s\n", name, link)
		case d.IsDir():
			skip := classify.IsGitName(path.Base(rel)) || ig.ignored(rel, true)
			if level < depth && skip {
				fmt.Fprintf(&b, "%s/ (not listed)\n", name)
				return fs.SkipDir
			}
			fmt.Fprintf(&b, "%s/\n", name)
			if level >= depth || skip {
				return fs.SkipDir
			}
		default:
			fmt.Fprintf(&b, "%s\n", name)
		}
		return nil
	})
	if err != nil && err != errStop {
		return failure(pathError(t.arg, err).Error())
	}
	if n == 0 {
		return Result{Output: "(empty directory)", ExitCode: -1}
	}
	if more {
		fmt.Fprintf(&b, "[... stopped after %d entries (max_entries); list a subdirectory ...]\n", n)
	}
	return Result{Output: b.String(), ExitCode: -1}
}
