package effects

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"

	"github.com/agentcli/agent/classify"
)

// ManyFiles is the number of deleted files above which a set is
// Dangerous, whatever the path rules say of each.
const ManyFiles = 50

// maxReasons bounds Set.Reasons.
const maxReasons = 10

// The path rules whose verdict an ignorable path may lower to Safe: the
// ordinary write and delete of a project file, and a tree deletion
// strictly inside an ignored directory. Any other rule (a protected path,
// a user's or project's rule) stands.
var lowerableRules = map[string]bool{
	"builtin:write-project":  true,
	"builtin:delete-project": true,
	"builtin:delete-tree":    true,
}

// judge judges every change of s by the classifier's path rules and sets
// the level of the set.
func judge(s *Set, opts Options) {
	m := newMatcher(opts.Config)
	for i := range s.Changes {
		judgeChange(&s.Changes[i], s.root, opts, m)
	}
	if opts.GitIgnored != nil {
		confirmIgnored(s, opts)
	}
	deleted := 0
	for i := range s.Changes {
		ch := &s.Changes[i]
		if !ch.Ignorable && (ch.Op == Delete || ch.Op == Replace && ch.OldType.IsDir()) {
			deleted += ch.Files
			if ch.Op == Delete && !ch.Type.IsDir() {
				deleted++
			}
		}
	}
	s.Level, s.Reasons = classify.Safe, nil
	type reason struct {
		level classify.Level
		text  string
	}
	var all []reason
	for _, ch := range s.Changes {
		s.Level = classify.Max(s.Level, ch.Level)
		if ch.Level > classify.Safe || ch.Ignorable {
			for _, r := range ch.Reasons {
				all = append(all, reason{ch.Level, r})
			}
		}
	}
	if deleted > ManyFiles {
		s.Level = classify.Max(s.Level, classify.Dangerous)
		all = append(all, reason{classify.Dangerous, fmt.Sprintf("deletes %d files (more than %d)", deleted, ManyFiles)})
	}
	slices.SortStableFunc(all, func(a, b reason) int { return int(b.level) - int(a.level) })
	for _, r := range all {
		if len(s.Reasons) == maxReasons {
			s.Reasons = append(s.Reasons, fmt.Sprintf("and %d more", len(all)-maxReasons))
			break
		}
		s.Reasons = append(s.Reasons, r.text)
	}
}

// judgeChange judges one change.
func judgeChange(ch *Change, root string, opts Options, m matcher) {
	abs := filepath.Join(root, filepath.FromSlash(ch.Path))
	verdict := func(kind classify.Kind, isDir bool) classify.Verdict {
		return classify.Classify(classify.Action{Kind: kind, Path: abs, IsDir: isDir, Root: root, Home: opts.Home}, opts.Policy)
	}
	// A directory that held something is a tree; an empty one is a name.
	removesTree := ch.Files+ch.Dirs > 0
	var vs []classify.Verdict
	switch ch.Op {
	case Delete:
		vs = append(vs, verdict(classify.Delete, ch.Type.IsDir() && removesTree))
	case Replace:
		vs = append(vs, verdict(classify.Delete, ch.OldType.IsDir() && removesTree), verdict(classify.Write, false))
	default:
		vs = append(vs, verdict(classify.Write, false))
	}
	ch.Level, ch.Reasons = classify.Safe, nil
	lowerable := true
	for _, v := range vs {
		ch.Level = classify.Max(ch.Level, v.Level)
		ch.Reasons = append(ch.Reasons, v.Reasons...)
		if !lowerableRules[v.Rule] || v.Level > classify.Dangerous {
			lowerable = false
		}
	}
	if ch.Type == fs.ModeSymlink {
		lowerable = false
		switch {
		case ch.leaves:
			ch.Level = classify.Max(ch.Level, classify.Dangerous)
			ch.Reasons = append([]string{"symlink " + ch.Path + " -> " + ch.Target + ": points outside the project"}, ch.Reasons...)
		case hasGitComponent(path.Join(path.Dir(ch.Path), ch.Target)):
			ch.Level = classify.Max(ch.Level, classify.Dangerous)
			ch.Reasons = append([]string{"symlink " + ch.Path + " -> " + ch.Target + ": points into the git directory"}, ch.Reasons...)
		}
	}
	if lowerable && ignorable(ch, m) {
		ch.Ignorable = true
		ch.judged = ch.Level
		ch.judgedWhy = ch.Reasons
		ch.Level = classify.Safe
		ch.Reasons = []string{ch.Path + ": build output or cache (effects.ignore)"}
	}
}

// confirmIgnored asks git about the changes the ignore list lowered and
// restores the path rules' judgement of those git does not ignore.
func confirmIgnored(s *Set, opts Options) {
	var paths []string
	for _, ch := range s.Changes {
		if ch.Ignorable {
			paths = append(paths, filepath.Join(s.root, filepath.FromSlash(ch.Path)))
		}
	}
	if len(paths) == 0 {
		return
	}
	ignored, err := opts.GitIgnored(paths)
	yes := map[string]bool{}
	if err == nil {
		for _, p := range ignored {
			yes[p] = true
		}
	}
	for i := range s.Changes {
		ch := &s.Changes[i]
		if ch.Ignorable && !yes[filepath.Join(s.root, filepath.FromSlash(ch.Path))] {
			ch.Ignorable, ch.Level, ch.Reasons = false, ch.judged, ch.judgedWhy
		}
	}
}

// ignorable reports whether a change lies in the build outputs and
// caches: strictly inside an ignored directory, or an ignored entry made
// or changed. Removing an ignored directory itself with what it holds
// ("rm -rf build") is not: it stays a tree deletion.
func ignorable(ch *Change, m matcher) bool {
	if dir := path.Dir(ch.Path); dir != "." && m.ignored(dir, true) {
		return true
	}
	removesTree := (ch.Op == Delete && ch.Type.IsDir() || ch.Op == Replace && ch.OldType.IsDir()) && ch.Files+ch.Dirs > 0
	return !removesTree && m.ignored(ch.Path, ch.Type.IsDir())
}
