package effects

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fuzzPaths are the paths the fuzzer builds layers from: nested names, a
// git directory in several spellings, a build output directory.
var fuzzPaths = []string{
	"a", "b", "d", "d/e", "d/e/f", "d/x", "ext", "ext/keep.txt", ".git", ".git/HEAD",
	".git/hooks/pre-commit", ".GIT", "d/.git", "d/.git/config", "build", "build/o",
	"x.pyc", "l", "l/y",
}

var fuzzTargets = []string{"a", "../outside", "/tmp", ".git", "d/e", "../outside/keep.txt", "b/../../x"}

// buildFuzz makes a layer from ops of three bytes: the path, the kind of
// entry and an argument. Ops that cannot be made (a parent is a file, the
// path exists) are skipped.
func buildFuzz(t *testing.T, dir string, ops []byte, upper bool) {
	for i := 0; i+2 < len(ops); i += 3 {
		p := fuzzPaths[int(ops[i])%len(fuzzPaths)]
		arg := ops[i+2]
		var what string
		switch ops[i+1] % 9 {
		case 0:
			what = "f:" + strings.Repeat(string(rune('a'+arg%4)), int(arg%3)) + "\n"
		case 1:
			what = "f755:x" + string(rune('0'+arg%3))
		case 2:
			what = "d"
		case 3:
			what = "d700"
			if upper {
				what = "o"
			}
		case 4:
			what = "l:" + fuzzTargets[int(arg)%len(fuzzTargets)]
		case 5:
			if !upper {
				continue
			}
			what = "w"
		case 6:
			what = "p"
		case 7:
			what = "h:" + fuzzPaths[int(arg)%len(fuzzPaths)]
		case 8:
			what = "f:" + string([]byte{0, arg})
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if _, err := os.Lstat(full); err == nil {
			continue
		}
		if fi, err := os.Lstat(filepath.Dir(full)); err != nil || !fi.IsDir() {
			continue
		}
		if what[0] == 'h' {
			if fi, err := os.Lstat(filepath.Join(dir, what[2:])); err != nil || !fi.Mode().IsRegular() {
				continue
			}
		}
		_ = makeEntry(dir, p, what)
	}
}

// mergedView is the model the fuzzer checks Apply against, written apart
// from Collect: the lower tree with the upper layer laid over it as
// overlayfs would, except what must never be applied (anything naming a
// git directory, the removal of a tree holding one, special files), which
// leaves the lower entry as it was.
func mergedView(t *testing.T, lowerDir, upperDir string) spec {
	lower := snapshot(t, lowerDir)
	out := maps.Clone(lower)
	removeTree := func(p string) {
		for k := range out {
			if k == p || strings.HasPrefix(k, p+"/") {
				delete(out, k)
			}
		}
	}
	holdsGit := func(p string) bool {
		for k := range lower {
			if strings.HasPrefix(k, p+"/") && hasGitComponent(k) {
				return true
			}
		}
		return false
	}
	isDir := func(p string) bool { return strings.HasPrefix(lower[p], "d") }
	var walk func(rel string, hidden bool)
	walk = func(rel string, hidden bool) {
		entries, err := os.ReadDir(filepath.Join(upperDir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		present := map[string]bool{}
		for _, e := range entries {
			p := path.Join(rel, e.Name())
			present[e.Name()] = true
			if hasGitComponent(p) {
				continue
			}
			full := filepath.Join(upperDir, filepath.FromSlash(p))
			fi, err := os.Lstat(full)
			if err != nil {
				t.Fatal(err)
			}
			_, inLower := lower[p]
			switch {
			case isWhiteout(fi):
				if inLower && !holdsGit(p) {
					removeTree(p)
				}
			case fi.IsDir():
				if inLower && !isDir(p) {
					removeTree(p) // a file or symlink holds no git directory
				}
				opaque, _, _ := attrsOf(full)
				out[p] = snapshot(t, filepath.Dir(full))[e.Name()]
				walk(p, hidden || opaque || !isDir(p))
			case fi.Mode().IsRegular() || fi.Mode()&os.ModeSymlink != 0:
				if isDir(p) && holdsGit(p) {
					continue
				}
				removeTree(p)
				out[p] = snapshot(t, filepath.Dir(full))[e.Name()]
			}
		}
		if !hidden || (rel != "" && !isDir(rel)) {
			return
		}
		for k := range lower {
			if path.Dir(k) != path.Clean(rel) && !(rel == "" && !strings.Contains(k, "/")) {
				continue
			}
			if present[path.Base(k)] || hasGitComponent(k) || holdsGit(k) {
				continue
			}
			removeTree(k)
		}
	}
	walk("", false)
	return out
}

// attrsOf reads the overlay attributes of a path.
func attrsOf(p string) (opaque bool, unsupported string, err error) {
	f, err := os.Open(p)
	if err != nil {
		return false, "", err
	}
	defer f.Close()
	return overlayAttrs(f)
}

// FuzzApply builds a lower and an upper layer from the input, collects
// and applies the effects, and checks the invariants: nothing outside
// the root changes, nothing under a git directory changes, refused
// entries are never applied, and the root ends equal to the merged view
// of the two layers for everything accepted.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 1, 9, 0, 0}, []byte{0, 0, 2, 1, 5, 0})
	f.Add([]byte{2, 2, 0, 3, 0, 1, 13, 2, 0, 14, 0, 0}, []byte{2, 3, 0, 4, 0, 2, 2, 5, 0, 10, 0, 0, 11, 0, 0})
	f.Add([]byte{6, 4, 1}, []byte{7, 0, 0, 6, 2, 0})
	f.Add([]byte{2, 2, 0, 12, 2, 0, 13, 0, 0}, []byte{2, 5, 0})
	f.Add([]byte{14, 2, 0, 15, 0, 0}, []byte{14, 3, 0, 16, 6, 0, 0, 0, 2, 1, 7, 0})
	f.Add([]byte{17, 4, 4}, []byte{18, 0, 0, 0, 4, 1, 1, 4, 2})
	// Below an opaque directory, a directory of both layers hides what
	// the lower one held.
	f.Add([]byte{2, 2, 0, 3, 2, 0, 4, 0, 0}, []byte{2, 3, 0, 3, 2, 0})
	f.Fuzz(func(t *testing.T, lowerOps, upperOps []byte) {
		if len(lowerOps) > 90 || len(upperOps) > 90 {
			return
		}
		root, up, outside := layers(t, spec{".git/HEAD": "f:ref: refs/heads/main\n"}, nil)
		buildFuzz(t, root, lowerOps, false)
		buildFuzz(t, up, upperOps, true)
		want := mergedView(t, root, up)
		before := snapshot(t, root)
		lowerGit := gitEntries(before)
		s, err := Collect(up, root, Options{})
		if err != nil {
			t.Fatalf("Collect: %v", err)
		}
		defer s.Close()
		for _, c := range s.Changes {
			if hasGitComponent(c.Path) || !validRel(c.Path) {
				t.Fatalf("change %q would be applied", c.Path)
			}
		}
		if err := Apply(root, s); err != nil {
			t.Fatalf("Apply: %v", err)
		}
		got := snapshot(t, root)
		if d := diffSpecs(got, want); d != "" {
			t.Errorf("the root differs from the merged view:\n%s\nchanges: %q\nrefused: %v", d, s.Lines(), s.Refused)
		}
		if d := diffSpecs(gitEntries(got), lowerGit); d != "" {
			t.Errorf("a git directory changed:\n%s", d)
		}
		for _, r := range s.Refused {
			if got[r.Path] != before[r.Path] {
				t.Errorf("refused %s (%s) was applied: %q, was %q", r.Path, r.Reason, got[r.Path], before[r.Path])
			}
		}
		if d := diffSpecs(snapshot(t, outside), spec{"keep.txt": "f644:outside\n"}); d != "" {
			t.Errorf("outside the root changed:\n%s", d)
		}
		if entries, _ := os.ReadDir(filepath.Dir(root)); len(entries) != 3 {
			t.Errorf("the root's parent holds %d entries, want 3", len(entries))
		}
	})
}

// gitEntries keeps the entries of a snapshot under a git directory.
func gitEntries(s spec) spec {
	out := spec{}
	for _, k := range slices.Sorted(maps.Keys(s)) {
		if hasGitComponent(k) {
			out[k] = s[k]
		}
	}
	return out
}
