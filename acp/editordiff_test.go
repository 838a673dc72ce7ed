package acp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// shownDiffs are the diff contents the client was shown for call id: in
// its tool_call, its updates and the permission requests about it.
func shownDiffs(cl *client, id string) (inUpdates, inRequests []sdk.ToolCallContentDiff) {
	for _, u := range cl.seen() {
		var content []sdk.ToolCallContent
		switch {
		case u.ToolCall != nil && string(u.ToolCall.ToolCallId) == id:
			content = u.ToolCall.Content
		case u.ToolCallUpdate != nil && string(u.ToolCallUpdate.ToolCallId) == id:
			content = u.ToolCallUpdate.Content
		}
		for _, c := range content {
			if c.Diff != nil {
				inUpdates = append(inUpdates, *c.Diff)
			}
		}
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	for _, p := range cl.asked {
		if string(p.ToolCall.ToolCallId) != id {
			continue
		}
		for _, c := range p.ToolCall.Content {
			if c.Diff != nil {
				inRequests = append(inRequests, *c.Diff)
			}
		}
	}
	return inUpdates, inRequests
}

// requestText is the text content of the permission requests about id.
func requestText(cl *client, id string) string {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	var b strings.Builder
	for _, p := range cl.asked {
		if string(p.ToolCall.ToolCallId) != id {
			continue
		}
		for _, c := range p.ToolCall.Content {
			if c.Content != nil && c.Content.Content.Text != nil {
				b.WriteString(c.Content.Content.Text.Text)
			}
		}
	}
	return b.String()
}

// The diff a person approves in the editor is the change that is then
// written: the plan's text before and after, whatever the editor or the
// disk say when the diff is shown. An editor that fails a read after the
// plan's, a text too large to show whole, and an edit the old way of
// showing diffs could not redo (several replacements, one not exact)
// all show the planned change, or no diff content at all; what is
// written is that change, or nothing.
func TestTheApprovedDiffIsTheChangeWritten(t *testing.T) {
	t.Parallel()
	const disk = "package main\n\nvar x = 1\n"
	big := disk + strings.Repeat("// a comment the person pasted and has not saved\n", 1<<21/50)
	cases := []struct {
		name, editor, args string
		failReadsFrom      int
		// after is the text the edit leaves; diffShown says whether it
		// is shown as diff content (else as the plan's preview). refused
		// is what the model is told when nothing may be written.
		after     string
		diffShown bool
		refused   string
	}{{
		name:   "the editor fails to answer after the plan's read",
		editor: "package main\n\nvar x = 1\n\n// unsaved\n", failReadsFrom: 2,
		args:  `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`,
		after: "package main\n\nvar x = 2\n\n// unsaved\n", diffShown: true,
		refused: "the editor did not give its text again",
	}, {
		name:   "the editor's text is too large to show whole",
		editor: big,
		args:   `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`,
		after:  strings.Replace(big, "x = 1", "x = 2", 1),
	}, {
		name:   "several replacements, one not exact",
		editor: "package main\n\nvar x = 1   \nvar y = 1\n",
		args:   `{"path": "main.go", "edits": [{"old_string": "var x = 1\n", "new_string": "var x = 2\n"}, {"old_string": "y = 1", "new_string": "y = 2"}]}`,
		after:  "package main\n\nvar x = 2\nvar y = 2\n", diffShown: true,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root, _ := filepath.EvalSymlinks(t.TempDir())
			path := filepath.Join(root, "main.go")
			os.WriteFile(path, []byte(disk), 0o644)
			o := &opener{script: llmtest.Script{
				llmtest.Use(llmtest.Call{ID: "e", Name: "edit_file", Args: c.args}),
				llmtest.Say("edited"),
			}}
			cl := &client{
				answer:  func(sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "allow_once" },
				buffers: map[string]string{path: c.editor}, failReadsFrom: c.failReadsFrom,
			}
			h := serve(t, o, cl)
			sid := h.startWith(t, root, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: true}})
			if got := prompt(t, h, sid, "edit"); got != sdk.StopReasonEndTurn {
				t.Fatalf("stop reason = %q, want end_turn", got)
			}
			inUpdates, inRequests := shownDiffs(cl, "e")
			for _, d := range append(inUpdates, inRequests...) {
				if d.Path != path || d.OldText == nil || *d.OldText != c.editor || d.NewText != c.after {
					old := "<nil>"
					if d.OldText != nil {
						old = *d.OldText
					}
					t.Errorf("shown diff of %s: %.80q -> %.80q; want %s: %.80q -> %.80q, the planned change", d.Path, old, d.NewText, path, c.editor, c.after)
				}
			}
			switch {
			case c.diffShown && (len(inRequests) != 1 || len(inUpdates) == 0):
				t.Errorf("%d diffs in the permission request and %d in the updates, want the change shown in both", len(inRequests), len(inUpdates))
			case !c.diffShown && (len(inRequests) != 0 || !strings.Contains(requestText(cl, "e"), "+var x = 2")):
				t.Errorf("the permission request shows %d diffs and the text %.200q; want the plan's preview as text", len(inRequests), requestText(cl, "e"))
			}
			cl.mu.Lock()
			written, ok := cl.writes[path]
			cl.mu.Unlock()
			if c.refused != "" {
				reqs := o.provider.Requests()
				res := reqs[len(reqs)-1].ToolResults()
				if ok || len(res) != 1 || !res[0].IsError || !strings.Contains(res[0].Content, c.refused) {
					t.Errorf("the editor was given %.80q (written %v) and the model read %+v; want nothing written and the model told %q", written, ok, res, c.refused)
				}
				return
			}
			if !ok || written != c.after {
				t.Errorf("the editor was given %.80q (written %v), want the approved %.80q", written, ok, c.after)
			}
		})
	}
}

// An approved write or edit through the editor asks it for the file's
// text twice: once to plan the change, and once right before writing, to
// check that the person did not change it since the plan.
func TestAnApprovedChangeReadsTheEditorTwice(t *testing.T) {
	t.Parallel()
	for _, call := range []llmtest.Call{
		{ID: "e", Name: "edit_file", Args: `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`},
		{ID: "w", Name: "write_file", Args: `{"path": "main.go", "content": "package main\n"}`},
	} {
		t.Run(call.Name, func(t *testing.T) {
			t.Parallel()
			root, _ := filepath.EvalSymlinks(t.TempDir())
			path := filepath.Join(root, "main.go")
			os.WriteFile(path, []byte("package main\n"), 0o644)
			o := &opener{script: llmtest.Script{llmtest.Use(call), llmtest.Say("done")}}
			cl := &client{
				answer:  func(sdk.RequestPermissionRequest) sdk.PermissionOptionId { return "allow_once" },
				buffers: map[string]string{path: "package main\n\nvar x = 1\n"},
			}
			h := serve(t, o, cl)
			sid := h.startWith(t, root, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: true}})
			if got := prompt(t, h, sid, "change"); got != sdk.StopReasonEndTurn {
				t.Fatalf("stop reason = %q, want end_turn", got)
			}
			cl.mu.Lock()
			defer cl.mu.Unlock()
			if len(cl.asked) != 1 || len(cl.writes) != 1 {
				t.Fatalf("%d permission requests and writes %v, want the change asked once and written", len(cl.asked), cl.writes)
			}
			if len(cl.read) != 2 {
				t.Errorf("the editor was asked for the text %d times (%v), want 2: to plan, and to check before writing", len(cl.read), cl.read)
			}
		})
	}
}

// Text the person types in the editor after approving is never
// overwritten: whatever is written is the diff of the request the person
// approved last, and the text they typed is in it; or nothing is written
// and the model is told to read the file again.
func TestTextTypedAfterApprovingIsKept(t *testing.T) {
	t.Parallel()
	root, _ := filepath.EvalSymlinks(t.TempDir())
	path := filepath.Join(root, "main.go")
	os.WriteFile(path, []byte("package main\n"), 0o644)
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "e", Name: "edit_file", Args: `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`}),
		llmtest.Say("done"),
	}}
	const typed = "package main\n\nvar x = 1\n// typed after approving\n"
	var cl *client
	cl = &client{
		answer: func(sdk.RequestPermissionRequest) sdk.PermissionOptionId {
			cl.mu.Lock()
			cl.buffers[path] = typed
			cl.mu.Unlock()
			return "allow_once"
		},
		buffers: map[string]string{path: "package main\n\nvar x = 1\n"},
	}
	h := serve(t, o, cl)
	sid := h.startWith(t, root, sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{ReadTextFile: true, WriteTextFile: true}})
	if got := prompt(t, h, sid, "edit"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	_, inRequests := shownDiffs(cl, "e")
	cl.mu.Lock()
	written, ok := cl.writes[path]
	cl.mu.Unlock()
	if ok {
		if !strings.Contains(written, "// typed after approving") {
			t.Errorf("the editor was given %q: the text typed after approving is lost", written)
		}
		if last := inRequests[len(inRequests)-1]; last.NewText != written {
			t.Errorf("the editor was given %q, but the last approved diff shows %q", written, last.NewText)
		}
		return
	}
	reqs := o.provider.Requests()
	res := reqs[len(reqs)-1].ToolResults()
	if len(res) != 1 || !res[0].IsError || !strings.Contains(res[0].Content, "Read the file again") {
		t.Errorf("nothing was written, and the model read %+v; want it told to read the file again", res)
	}
}

// When the file changes on disk while the person looks at the diff
// (another panel's edit), the approval is not used: the call is planned
// again, the client is shown the new plan's diff and asked again, and
// what is written is that diff.
func TestAChangedFileIsShownAgainBeforeItIsWritten(t *testing.T) {
	t.Parallel()
	root, _ := filepath.EvalSymlinks(t.TempDir())
	path := filepath.Join(root, "main.go")
	os.WriteFile(path, []byte("package main\n\nvar x = 1\n"), 0o644)
	o := &opener{script: llmtest.Script{
		llmtest.Use(llmtest.Call{ID: "e", Name: "edit_file", Args: `{"path": "main.go", "old_string": "x = 1", "new_string": "x = 2"}`}),
		llmtest.Say("done"),
	}}
	const changed = "package main\n\nvar x = 1\n\n// written by another agent meanwhile\n"
	asked := 0
	cl := &client{answer: func(sdk.RequestPermissionRequest) sdk.PermissionOptionId {
		if asked++; asked == 1 {
			os.WriteFile(path, []byte(changed), 0o644)
		}
		return "allow_once"
	}}
	h := serve(t, o, cl)
	sid := h.start(t, root)
	if got := prompt(t, h, sid, "edit"); got != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %q, want end_turn", got)
	}
	want := strings.Replace(changed, "x = 1", "x = 2", 1)
	if b, _ := os.ReadFile(path); string(b) != want {
		t.Fatalf("main.go = %q, want %q", b, want)
	}
	inUpdates, inRequests := shownDiffs(cl, "e")
	if len(inRequests) != 2 || *inRequests[1].OldText != changed || inRequests[1].NewText != want {
		t.Fatalf("permission requests' diffs = %+v, want the second to show the changed file's edit", inRequests)
	}
	if last := inUpdates[len(inUpdates)-1]; *last.OldText != changed || last.NewText != want {
		t.Errorf("the tool call's last diff = %q -> %q, want the changed file's edit", *last.OldText, last.NewText)
	}
}
