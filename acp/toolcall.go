package acp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools"
)

// maxDiffBytes bounds the files shown as diff content: a larger one is
// shown as its unified diff only.
const maxDiffBytes = 1 << 20

// toolKind is the ACP kind of one of our tools, for the client's icon.
func toolKind(tool string) sdk.ToolKind {
	switch tool {
	case "read_file", "list_dir":
		return sdk.ToolKindRead
	case "write_file", "edit_file":
		return sdk.ToolKindEdit
	case "delete_file":
		return sdk.ToolKindDelete
	case "grep", "glob", "web_search":
		return sdk.ToolKindSearch
	case "shell", "git":
		return sdk.ToolKindExecute
	case "web_fetch":
		return sdk.ToolKindFetch
	case agent.PlanTool:
		return sdk.ToolKindThink
	}
	return sdk.ToolKindOther
}

// pathArgs are the arguments of the file tools the client is told about.
type pathArgs struct {
	Path       string `json:"path"`
	Content    string `json:"content"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

// absPath is p, a path the model gave, as the absolute path ACP wants.
func absPath(root, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(root, p)
}

// locations are the files a call touches, for the client to follow;
// nil for calls without a path.
func locations(root string, c agent.CallInfo) []sdk.ToolCallLocation {
	var a pathArgs
	if json.Unmarshal([]byte(c.Args), &a) != nil || a.Path == "" {
		return nil
	}
	return []sdk.ToolCallLocation{{Path: absPath(root, a.Path)}}
}

// rawInput is the call's arguments as JSON for the client, or as text
// when they are not JSON.
func rawInput(args string) any {
	var v any
	if json.Unmarshal([]byte(args), &v) != nil {
		return args
	}
	return v
}

// projectFiles are the files of one session's root, as diffs show them.
type projectFiles struct {
	root string
	// editor, when set, holds the text writes and edits are planned
	// against (they go through it): diffs show its text of a file.
	editor tools.Buffers
}

// editorWait bounds how long a diff waits for the editor's text; the
// diff then shows the file on disk.
const editorWait = 30 * time.Second

// read reads path as a write or edit sees it: the file on disk, through
// readSmall (which refuses paths outside the root), then, when writes go
// through the editor, the editor's text of it.
func (f projectFiles) read(path string) (text string, exists, ok bool) {
	text, exists, ok = readSmall(f.root, path)
	if !ok || !exists || f.editor == nil {
		return text, exists, ok
	}
	ctx, cancel := context.WithTimeout(context.Background(), editorWait)
	defer cancel()
	if t, err := f.editor.ReadText(ctx, path); err == nil && len(t) <= maxDiffBytes {
		return t, true, true
	}
	return text, exists, ok
}

// diffContent is the ACP diff of a write or an edit: the file as it is
// and as the call would leave it. It reports false for other calls, and
// for files it cannot read whole (too large, not text, outside root).
func diffContent(files projectFiles, c agent.CallInfo) (sdk.ToolCallContent, bool) {
	root := files.root
	if c.Tool != "write_file" && c.Tool != "edit_file" {
		return sdk.ToolCallContent{}, false
	}
	var a pathArgs
	if json.Unmarshal([]byte(c.Args), &a) != nil || a.Path == "" {
		return sdk.ToolCallContent{}, false
	}
	path := absPath(root, a.Path)
	old, exists, ok := files.read(path)
	if !ok {
		return sdk.ToolCallContent{}, false
	}
	switch {
	case c.Tool == "write_file" && exists:
		return sdk.ToolDiffContent(path, a.Content, old), true
	case c.Tool == "write_file":
		return sdk.ToolDiffContent(path, a.Content), true
	case !exists || !strings.Contains(old, a.OldString) || a.OldString == "":
		return sdk.ToolCallContent{}, false
	}
	n := 1
	if a.ReplaceAll {
		n = -1
	}
	return sdk.ToolDiffContent(path, strings.Replace(old, a.OldString, a.NewString, n), old), true
}

// readSmall reads path inside root through os.Root, so that no symbolic
// link leads it out. exists is false when there is no such file; ok is
// false when it cannot be shown (outside root, too large, unreadable).
func readSmall(root, path string) (text string, exists, ok bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false, false
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", false, false
	}
	defer r.Close()
	f, err := r.Open(rel)
	if os.IsNotExist(err) {
		return "", false, true
	}
	if err != nil {
		return "", false, false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxDiffBytes+1))
	if err != nil || len(b) > maxDiffBytes {
		return "", true, false
	}
	return string(b), true, true
}
