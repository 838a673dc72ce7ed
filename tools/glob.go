package tools

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentcli/agent/classify"
)

type globArgs struct {
	Pattern string `json:"pattern"`
}

var globParams = []Param{
	{Name: "pattern", Type: ParamString, Required: true, Desc: "Glob relative to the project root."},
}

var globTool = newTool("glob", globParams, planGlob,
	"Find paths under the project root matching a glob: * and ? within a name, [a-z], "+
		"** for any number of directories, {a,b} alternatives (for example src/**/*.{go,md}). "+
		"Skips .git and what .gitignore ignores unless the pattern names it. Directories end in /.")

// globPart is one brace alternative of a glob: the directory its literal
// prefix names and the pattern below it.
type globPart struct {
	base target
	segs []string
}

func planGlob(r *Registry, name string, a globArgs) (*Plan, error) {
	pats := expandBraces(a.Pattern)
	if pats == nil {
		return nil, &ArgError{Tool: name, Field: "pattern", Problem: fmt.Sprintf("braces expand to more than %d patterns", maxBraceExpansions)}
	}
	var parts []globPart
	for _, p := range pats {
		part, err := r.globPart(name, p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
	}
	// The action reads the tree under the common base of all parts.
	common := parts[0].base.abs
	for _, p := range parts[1:] {
		for !within(common, p.base.abs) {
			common = filepath.Dir(common)
		}
	}
	pl := r.newPlan(name, a, "glob "+a.Pattern, func(ctx context.Context, _ func(string)) Result {
		return r.glob(ctx, parts)
	})
	pl.Action = classify.Action{Kind: classify.Read, Path: common, Root: r.root, Home: r.home}
	return pl, nil
}

// globPart splits one pattern into its literal base directory, resolved
// inside the root, and the segments to match below it.
func (r *Registry) globPart(tool, p string) (globPart, error) {
	if p == "" {
		return globPart{}, &ArgError{Tool: tool, Field: "pattern", Problem: "empty pattern"}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return globPart{}, &ArgError{Tool: tool, Field: "pattern", Problem: "contains a NUL byte"}
	}
	if filepath.IsAbs(p) {
		if !within(r.root, filepath.Clean(p)) {
			return globPart{}, fmt.Errorf("%s: pattern %q is %w %s", tool, p, ErrOutsideRoot, r.root)
		}
		p = strings.TrimPrefix(strings.TrimPrefix(p, r.root), "/")
	}
	segs := splitPattern(p)
	i := 0
	for i < len(segs) && !hasMeta(segs[i]) {
		i++
	}
	if slices.Contains(segs[i:], "..") {
		return globPart{}, &ArgError{Tool: tool, Field: "pattern", Problem: `".." is allowed only before the first wildcard`}
	}
	if !validPattern(segs) {
		return globPart{}, &ArgError{Tool: tool, Field: "pattern", Problem: fmt.Sprintf("%q is not a valid glob", p)}
	}
	if i == len(segs) {
		// No wildcard: the pattern names one path; match its last part.
		i = max(len(segs)-1, 0)
	}
	base := "."
	if i > 0 {
		base = strings.Join(segs[:i], "/")
	}
	t, err := r.resolve(base, false, false)
	if err != nil {
		return globPart{}, fmt.Errorf("%s: %w", tool, err)
	}
	return globPart{base: t, segs: segs[i:]}, nil
}

func (r *Registry) glob(ctx context.Context, parts []globPart) Result {
	ig := newIgnorer(r.fsRoot.FS())
	seen := make(map[string]bool)
	var found []string
	var skipped skipList
	more := false
	for _, part := range parts {
		start := filepath.ToSlash(part.base.rel)
		if fi, err := r.fsRoot.Stat(part.base.rel); err != nil || !fi.IsDir() {
			continue
		}
		err := r.walkTree(ctx, start, ig, func(rel string, d fs.DirEntry) error {
			sub := rel
			if start != "." {
				sub = strings.TrimPrefix(rel, start+"/")
			}
			names := strings.Split(sub, "/")
			if !matchSegments(part.segs, names) {
				if d.IsDir() && !couldMatchBelow(part.segs, names) {
					return fs.SkipDir
				}
				return nil
			}
			name := rel
			if d.IsDir() {
				name += "/"
			}
			if !seen[name] {
				if len(found) == r.cfg.MaxEntries {
					more = true
					return errStop
				}
				seen[name] = true
				found = append(found, name)
			}
			return nil
		}, func(rel string, err error) {
			skipped.add(rel+"/", why(err))
		})
		if err != nil {
			return failure(pathError(part.base.arg, err).Error())
		}
		if more {
			break
		}
	}
	note := skipped.note("directory", "directories", "it could not read")
	if len(found) == 0 {
		if note != "" {
			return Result{Output: "no paths match\n" + note, ExitCode: -1}
		}
		return Result{Output: "no paths match", ExitCode: -1}
	}
	slices.Sort(found)
	out := strings.Join(found, "\n") + "\n"
	if more {
		out += fmt.Sprintf("[... stopped after %d paths (max_entries); narrow the pattern ...]\n", len(found))
	}
	return Result{Output: out + note, ExitCode: -1}
}

// couldMatchBelow reports whether some path under the directory dir (as
// segments) could match pat, so walks do not enter hopeless directories.
func couldMatchBelow(pat, dir []string) bool {
	for i, d := range dir {
		if i >= len(pat) {
			return false
		}
		if pat[i] == "**" {
			return true
		}
		if !segmentMatch(pat[i], d) {
			return false
		}
	}
	return len(pat) > len(dir)
}
