package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tools/checkpoint"
)

// TestTheApprovalSaysWhatUndoCovers asks about calls in a project whose
// .gitignore leaves build/ out of the checkpoints, and checks what the
// person is told about taking each one back.
func TestTheApprovalSaysWhatUndoCovers(t *testing.T) {
	tests := []struct {
		name string
		call llm.ToolCall
		cp   string // "store", "none" or "failing"
		want string // a part of ApprovalRequest.Undo
	}{
		{"a gitignored directory deleted", call("c1", "shell", map[string]any{"command": "rm -rf build"}), "store",
			"build/ is ignored by git: not covered by undo"},
		{"a file in it written", call("c1", "write_file", map[string]any{"path": "build/out.txt", "content": "x"}), "store",
			"build/out.txt is ignored by git: not covered by undo"},
		{"a tracked directory deleted", call("c1", "shell", map[string]any{"command": "rm -rf src"}), "store",
			"agent undo can take it back (the project's files that git does not ignore)"},
		{"a file written", call("c1", "write_file", map[string]any{"path": "notes.md", "content": "x"}), "store",
			"agent undo can take it back"},
		{"a copy out of the project", call("c1", "shell", map[string]any{"command": "cp notes.md /tmp/agent-undo-note-test"}), "store",
			"/tmp/agent-undo-note-test is outside the project: not covered by undo"},
		{"a git commit", call("c1", "git", map[string]any{"args": []string{"commit", "-m", "x"}}), "store",
			"not git's history"},
		{"no checkpoints in the run", call("c1", "shell", map[string]any{"command": "rm -rf src"}), "none",
			"not covered by undo: no checkpoints are taken in this run"},
		{"checkpoints that cannot be taken", call("c1", "shell", map[string]any{"command": "rm -rf src"}), "failing",
			"NOT covered by undo: no checkpoint could be taken (git is not installed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for name, content := range map[string]string{".gitignore": "build/\n", "build/a.o": "x", "src/main.go": "package main\n", "notes.md": "x\n"} {
				p := filepath.Join(root, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var cp agent.Checkpointer
			switch tt.cp {
			case "store":
				s, err := checkpoint.Open(t.TempDir(), root)
				if err != nil {
					t.Skip(err)
				}
				cp = s.Session("s1")
			case "failing":
				cp = failing{checkpoint.ErrNoGit}
			}
			var asked []agent.ApprovalRequest
			ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
				asked = append(asked, r)
				return agent.Answer{Choice: agent.Deny, By: agent.ByPerson}, nil
			})
			a := agent.New(agent.Options{
				Provider: &scripted{script: []llm.Message{calls(tt.call), text("done")}}, Tools: newRegistry(t, root),
				Approver: ap, Sink: &recorder{}, Config: agent.DefaultConfig(), Checkpointer: cp,
			})
			if _, err := a.Run(t.Context(), "task"); err != nil {
				t.Fatal(err)
			}
			if len(asked) != 1 {
				t.Fatalf("asked %d times, want once", len(asked))
			}
			got := asked[0].Undo
			if !strings.Contains(got, tt.want) {
				t.Errorf("%s %s: Undo = %q, want %q in it", tt.call.Name, tt.call.Args, got, tt.want)
			}
			if strings.Contains(tt.want, "not covered") && strings.Contains(got, "can take it back") {
				t.Errorf("Undo = %q says both", got)
			}
		})
	}
}

// failing is a Checkpointer that can take no checkpoint.
type failing struct{ err error }

func (f failing) Checkpoint(context.Context, string) (string, error)  { return "", f.err }
func (f failing) Ignored(context.Context, []string) ([]string, error) { return nil, f.err }
