package tools

import "path/filepath"

// FileChange is one file a write or an edit changes, whole: the text its
// plan was made against and the text Run writes. It is the change a person
// approves, for those who show a file's change as two texts rather than as
// a unified diff (an editor's diff view, through ACP).
type FileChange struct {
	// Path is the file's absolute path under the root: the path Run
	// writes (and, when writes go through the editor, the path the
	// editor is asked to write).
	Path string
	// Before is the text the change was planned against: the file's
	// text on disk, or the editor's when writes go through it (Run
	// refuses to write when the file no longer has it). Nil for a file
	// Run creates.
	Before *string
	// After is the file's whole text once Run has written it.
	After string
}

// fileChanges is the change of the file t from before (nil: it does not
// exist) to after, as Plan.Changes: nil when either is not text, since
// only text is shown whole.
func (r *Registry) fileChanges(t target, before *string, after string) []FileChange {
	if before != nil && isBinary([]byte(*before)) || isBinary([]byte(after)) {
		return nil
	}
	return []FileChange{{Path: filepath.Join(r.root, t.rel), Before: before, After: after}}
}
