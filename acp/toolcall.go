package acp

import (
	"encoding/json"
	"path/filepath"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools"
)

// maxDiffBytes bounds the texts shown as diff content: a file larger
// before or after is shown as its unified diff only.
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
	Path string `json:"path"`
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

// diffContent is the ACP diff content of changes, the files a write or an
// edit changes as its plan has them, so that the diff the person sees is
// exactly the change that runs. It reports false when there is nothing to
// show whole: no changes, or a file larger than maxDiffBytes (its plan's
// unified diff is shown as text instead).
func diffContent(changes []tools.FileChange) ([]sdk.ToolCallContent, bool) {
	if len(changes) == 0 {
		return nil, false
	}
	content := make([]sdk.ToolCallContent, 0, len(changes))
	for _, c := range changes {
		if len(c.After) > maxDiffBytes || c.Before != nil && len(*c.Before) > maxDiffBytes {
			return nil, false
		}
		if c.Before == nil {
			content = append(content, sdk.ToolDiffContent(c.Path, c.After))
		} else {
			content = append(content, sdk.ToolDiffContent(c.Path, c.After, *c.Before))
		}
	}
	return content, true
}
