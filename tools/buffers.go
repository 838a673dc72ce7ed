package tools

import "context"

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
