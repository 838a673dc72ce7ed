package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"
)

// Buffers are an editor's view of the project's files, changes the person
// has not saved yet included: `agent acp` passes the editor's
// fs/read_text_file when the editor offers it. read_file reads through
// them, after the file passed every check on disk (inside the root, a
// regular file, text), so they never widen what can be read.
type Buffers interface {
	// ReadText returns the text of the file at path (absolute, inside
	// the root) as the editor has it. It may block until ctx ends; on an
	// error read_file reads the file on disk instead.
	ReadText(ctx context.Context, path string) (string, error)
}

// BufferWriter is Buffers that also write: `agent acp` passes one when the
// editor offers fs/write_text_file as well as fs/read_text_file. When
// Options.Buffers is a BufferWriter, write_file, edit_file and apply_patch
// plan their change against the editor's text of the file (unsaved
// changes included) and make it through WriteText, so that the editor
// holds it; nothing else about them changes (paths are resolved and
// confined first, the file on disk must not have changed since the plan,
// and right before the write the editor must still give the text the
// change was planned against, or, when it gave none then, none or the
// file's text on disk).
// apply_patch still deletes files, and removes the file a move leaves, on
// disk: the protocol has no way to delete through the editor.
type BufferWriter interface {
	Buffers
	// WriteText replaces the text of the file at path (absolute, inside
	// the root, its directory existing) with text, creating the file when
	// there is none. It may block until ctx ends. An error means the
	// change may not have been made.
	WriteText(ctx context.Context, path, text string) error
}

// editorWait bounds how long planning a change waits for the editor's
// text of its file: planning has no context of its own, and an editor
// that does not answer must not hang the turn (the plan then uses the
// file on disk, and the check before the write still sees the editor).
const editorWait = 30 * time.Second

// editorText returns the editor's text of rel when writes go through
// the editor and it gives one.
func (r *Registry) editorText(ctx context.Context, rel string) (string, bool) {
	if r.writer == nil {
		return "", false
	}
	text, err := r.writer.ReadText(ctx, filepath.Join(r.root, rel))
	if err != nil {
		return "", false
	}
	return text, true
}

// planBase is the text a change to an existing file is planned against:
// the editor's when writes go through it and it gives one that is text of
// at most maxEditBytes, else old, the file on disk (nil when too large).
// fromEditor reports that it is the editor's.
func (r *Registry) planBase(rel string, was snapshot, old []byte) (base []byte, fromEditor bool) {
	if !was.exists {
		return old, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), editorWait)
	defer cancel()
	text, ok := r.editorText(ctx, rel)
	if !ok || len(text) > maxEditBytes || isBinary([]byte(text[:min(len(text), sniffBytes)])) {
		return old, false
	}
	return []byte(text), true
}

// checkEditor reports ErrChangedSincePreview when writes go through the
// editor and its text of the existing file t is no longer base, the text
// the change was planned against: the person typed in it since. Run calls
// it right before the write, and it is the only time a change asks the
// editor after its plan: Plan.Stale does not, so that an approved change
// reads the editor's text twice, to plan and to check. When base was the
// editor's text (fromEditor) and the editor does not give it now, the
// check cannot be made, and it reports that: writing then could overwrite
// what the person typed since.
func (r *Registry) checkEditor(ctx context.Context, t target, was snapshot, base []byte, fromEditor bool) error {
	if r.writer == nil || !was.exists || base == nil {
		return nil
	}
	text, ok := r.editorText(ctx, t.rel)
	switch {
	case ok && text != string(base):
		return fmt.Errorf("%s: %w in the editor; plan the change again from its current contents", t.arg, ErrChangedSincePreview)
	case !ok && fromEditor:
		return fmt.Errorf("%s: the editor did not give its text again to check that it did not change since the plan, "+
			"so the change was not made (it could overwrite what was typed since); try again", t.arg)
	}
	return nil
}

// put writes data as the file rel: through the editor when writes go
// through it, else atomically on disk (see writeAtomic; mode and exists
// describe the file there now). note says, for the model, when the
// editor kept the change without saving it.
func (r *Registry) put(ctx context.Context, rel string, data []byte, mode fs.FileMode, exists bool) (note string, err error) {
	if r.writer == nil {
		return "", r.writeAtomic(rel, data, mode, exists)
	}
	dir := filepath.Dir(rel)
	made, err := r.makeDirs(dir)
	if err != nil {
		return "", err
	}
	if err := r.writer.WriteText(ctx, filepath.Join(r.root, rel), string(data)); err != nil {
		r.removeDirs(made)
		return "", fmt.Errorf("the editor did not write it: %w", err)
	}
	st, disk, err := r.fileState(rel)
	if err == nil && (!st.exists || disk != nil && !bytes.Equal(disk, data)) {
		return "the editor holds the change unsaved: commands see the file on disk as it was until it is saved", nil
	}
	return "", nil
}

// makeDirs creates the missing directories of dir under the root, for a
// file the editor is to create, and returns those it created, deepest
// last.
func (r *Registry) makeDirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; d != "." && d != string(filepath.Separator); d = filepath.Dir(d) {
		if _, err := r.fsRoot.Stat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append([]string{d}, missing...)
	}
	for i, d := range missing {
		if err := r.fsRoot.Mkdir(d, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
			r.removeDirs(missing[:i])
			return nil, err
		}
	}
	return missing, nil
}

// removeDirs removes the directories makeDirs made, deepest first, if
// they are still empty.
func (r *Registry) removeDirs(made []string) {
	for i := len(made) - 1; i >= 0; i-- {
		_ = r.fsRoot.Remove(made[i])
	}
}
