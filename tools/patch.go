package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentcli/agent/classify"
)

type patchArgs struct {
	Input string `json:"input"`
}

var applyPatchParams = []Param{
	{Name: "input", Type: ParamString, Required: true, Desc: "The whole patch, from *** Begin Patch to *** End Patch."},
}

var applyPatchTool = newTool("apply_patch", applyPatchParams, planPatch,
	"Add, change, delete and move files under the project root with one patch, all checked before any is "+
		"written. The format:\n"+
		"*** Begin Patch\n"+
		"*** Add File: path/new.txt\n"+
		"+every line of the new file, each after a +\n"+
		"*** Update File: path/old.go\n"+
		"*** Move to: path/renamed.go   (optional)\n"+
		"@@ func Name() {   (a line the change comes after, such as its function or class; or a bare @@)\n"+
		" three unchanged lines before the change, each after a space\n"+
		"-each removed line, after a -\n"+
		"+each added line, after a +\n"+
		" three unchanged lines after it\n"+
		"*** Delete File: path/gone.txt\n"+
		"*** End Patch\n"+
		"Paths are relative to the project root; copy the context and - lines from the file exactly. "+
		"A file may appear once per patch. Files under .git cannot be changed.")

// patchFile is what one hunk of a planned patch does to one path.
type patchFile struct {
	hunk   patchHunk
	t      target
	was    snapshot
	before string
	// fromEditor reports that before is the editor's text of the file.
	fromEditor bool
	// after is the new contents (add, update); dest is where an update
	// moves the file, with what was there (nothing).
	after   string
	dest    *target
	destWas snapshot
}

func planPatch(r *Registry, name string, a patchArgs) (*Plan, error) {
	hunks, err := parsePatch(a.Input)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; nothing was changed", name, err)
	}
	files := make([]patchFile, 0, len(hunks))
	seen := map[string]int{} // rel path -> patch line that names it
	claim := func(t target, line int) error {
		if prev, ok := seen[t.rel]; ok {
			return fmt.Errorf("%s: %s appears at patch lines %d and %d: put each file's changes in one section; nothing was changed", name, t.rel, prev, line)
		}
		seen[t.rel] = line
		return nil
	}
	var hows []string
	for _, h := range hunks {
		t, err := r.resolve(h.path, true, h.op == opDelete)
		if err != nil {
			return nil, fmt.Errorf("%s: patch line %d: %w; nothing was changed", name, h.line, err)
		}
		if t.rel == "." {
			return nil, fmt.Errorf("%s: patch line %d: %s is the project root, not a file; nothing was changed", name, h.line, h.path)
		}
		if err := claim(t, h.line); err != nil {
			return nil, err
		}
		was, old, err := r.fileState(t.rel)
		if err != nil {
			return nil, fmt.Errorf("%s: patch line %d: %w; nothing was changed", name, h.line, pathError(h.path, err))
		}
		fromEditor := false
		if h.op == opUpdate {
			old, fromEditor = r.planBase(t.rel, was, old)
		}
		f := patchFile{hunk: h, t: t, was: was, fromEditor: fromEditor}
		switch {
		case h.op == opAdd && was.exists:
			return nil, fmt.Errorf("%s: patch line %d: %s already exists; change it with *** Update File; nothing was changed", name, h.line, h.path)
		case h.op != opAdd && !was.exists:
			return nil, fmt.Errorf("%s: patch line %d: %s does not exist; create it with *** Add File; nothing was changed", name, h.line, h.path)
		case h.op == opUpdate && old == nil:
			return nil, fmt.Errorf("%s: patch line %d: %s is larger than %d bytes, too large to patch; nothing was changed", name, h.line, h.path, maxEditBytes)
		case h.op == opUpdate && isBinary(old):
			return nil, fmt.Errorf("%s: patch line %d: %s looks like a binary file; a patch changes only text; nothing was changed", name, h.line, h.path)
		}
		f.before = string(old)
		switch h.op {
		case opAdd:
			f.after = h.contents
		case opUpdate:
			after, how, err := applyChunks(f.before, h.chunks, h.path)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w; nothing was changed", name, h.path, err)
			}
			f.after = after
			for _, w := range how {
				hows = append(hows, h.path+": "+w)
			}
			if h.moveTo != "" {
				d, err := r.resolve(h.moveTo, true, false)
				if err != nil {
					return nil, fmt.Errorf("%s: patch line %d: %w; nothing was changed", name, h.line+1, err)
				}
				if err := claim(d, h.line+1); err != nil {
					return nil, err
				}
				dw, _, err := r.fileState(d.rel)
				switch {
				case err != nil:
					return nil, fmt.Errorf("%s: patch line %d: %w; nothing was changed", name, h.line+1, pathError(h.moveTo, err))
				case dw.exists:
					return nil, fmt.Errorf("%s: patch line %d: %s already exists; a move does not replace a file; nothing was changed", name, h.line+1, h.moveTo)
				}
				f.dest, f.destWas = &d, dw
			} else if f.after == f.before {
				return nil, fmt.Errorf("%s: patch line %d: the changes leave %s as it is; nothing was changed", name, h.line, h.path)
			}
		}
		files = append(files, f)
	}

	var summary []string
	var preview strings.Builder
	var actions []classify.Action
	for _, f := range files {
		note := readOnlyNote(f.was)
		if note != "" {
			preview.WriteString(f.t.rel + ": " + note + "\n")
		}
		switch f.hunk.op {
		case opAdd:
			summary = append(summary, "add "+f.t.rel)
			preview.WriteString(unifiedDiff(f.t.rel, nil, &f.after))
			actions = append(actions, classify.Action{Kind: classify.Write, Path: f.t.abs, Root: r.root, Home: r.home})
		case opDelete:
			summary = append(summary, "delete "+f.t.rel)
			preview.WriteString(unifiedDiff(f.t.rel, &f.before, nil))
			actions = append(actions, classify.Action{Kind: classify.Delete, Path: f.t.abs, Root: r.root, Home: r.home})
		case opUpdate:
			if f.dest == nil {
				summary = append(summary, "update "+f.t.rel)
				preview.WriteString(unifiedDiff(f.t.rel, &f.before, &f.after))
				actions = append(actions, classify.Action{Kind: classify.Write, Path: f.t.abs, Root: r.root, Home: r.home})
				continue
			}
			summary = append(summary, "move "+f.t.rel+" to "+f.dest.rel)
			fmt.Fprintf(&preview, "rename %s to %s\n", f.t.rel, f.dest.rel)
			if d := unifiedDiff(f.dest.rel, &f.before, &f.after); d != "" {
				preview.WriteString(strings.Replace(d, "--- a/"+f.dest.rel, "--- a/"+f.t.rel, 1))
			}
			actions = append(actions,
				classify.Action{Kind: classify.Delete, Path: f.t.abs, Root: r.root, Home: r.home},
				classify.Action{Kind: classify.Write, Path: f.dest.abs, Root: r.root, Home: r.home})
		}
	}
	fuzzy := strings.Join(hows, "; ")
	text := preview.String()
	if fuzzy != "" {
		text = "matched " + fuzzy + "\n" + text
	}
	p := r.newPlan(name, a, "patch: "+clip(strings.Join(summary, ", "), 300), func(ctx context.Context, _ func(string)) Result {
		return r.runPatch(ctx, files, fuzzy)
	})
	p.Action = actions[0]
	p.Also = actions[1:]
	p.Preview = text
	return p, nil
}

// runPatch applies a planned patch: it checks first that no file changed
// since the plan, so that a stale patch changes nothing, then writes each
// file atomically in the patch's order (through the editor, when writes
// go through it). A failure part-way (a full disk) stops there; the result
// says what was and was not changed.
func (r *Registry) runPatch(ctx context.Context, files []patchFile, fuzzy string) Result {
	for _, f := range files {
		if err := r.checkUnchanged(f.t, f.was, false); err != nil {
			res := unapplied(err)
			res.Output += "; nothing was changed"
			return res
		}
		if f.hunk.op == opUpdate {
			if err := r.checkEditor(ctx, f.t, f.was, []byte(f.before), f.fromEditor); err != nil {
				res := unapplied(err)
				res.Output += "; nothing was changed"
				return res
			}
		}
		if f.dest != nil {
			if err := r.checkUnchanged(*f.dest, f.destWas, false); err != nil {
				res := unapplied(err)
				res.Output += "; nothing was changed"
				return res
			}
		}
	}
	var done, unsaved []string
	fail := func(f patchFile, err error) Result {
		msg := pathError(f.t.arg, err).Error()
		if len(done) == 0 {
			return failure(msg + "; nothing was changed")
		}
		return failure(msg + "; already done: " + strings.Join(done, ", ") + "; the rest was not changed")
	}
	for _, f := range files {
		switch f.hunk.op {
		case opAdd:
			note, err := r.put(ctx, f.t.rel, []byte(f.after), 0, false)
			if err != nil {
				return fail(f, err)
			}
			if note != "" {
				unsaved = append(unsaved, f.t.rel)
			}
			done = append(done, "added "+f.t.rel)
		case opDelete:
			if err := r.fsRoot.Remove(f.t.rel); err != nil {
				return fail(f, err)
			}
			done = append(done, "deleted "+f.t.rel)
		case opUpdate:
			dest := f.t.rel
			if f.dest != nil {
				dest = f.dest.rel
			}
			note, err := r.put(ctx, dest, []byte(f.after), f.was.mode, true)
			if err != nil {
				return fail(f, err)
			}
			if note != "" {
				unsaved = append(unsaved, dest)
			}
			if f.dest == nil {
				done = append(done, "updated "+f.t.rel)
				continue
			}
			if err := r.fsRoot.Remove(f.t.rel); err != nil {
				return fail(f, err)
			}
			done = append(done, "moved "+f.t.rel+" to "+f.dest.rel)
		}
	}
	out := "applied the patch: " + strings.Join(done, ", ")
	if len(unsaved) > 0 {
		out += "\nthe editor holds " + strings.Join(unsaved, ", ") + " unsaved: commands see them on disk as they were until they are saved"
	}
	if fuzzy != "" {
		out += "\nnot an exact match: " + fuzzy + ". Check the result with read_file if it matters."
	}
	return Result{Output: out, ExitCode: -1}
}
