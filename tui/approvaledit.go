package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
)

// editField is what Modify edits: one argument of the call, or all of its
// arguments as JSON.
type editField struct {
	name  string // the argument; "" edits the whole JSON object
	label string // what the person edits, in words
	// multiline content submits with Ctrl+S and takes Enter as a new
	// line; a command submits with Enter.
	multiline bool
	original  string
}

// Messages of the $EDITOR round trip (Ctrl+E in the modal's editor).
type (
	editorFileMsg struct {
		id   uint64
		path string
		err  error
	}
	editorDoneMsg struct {
		id   uint64
		path string
		err  error
	}
	editorTextMsg struct {
		id   uint64
		text string
		err  error
	}
)

// startEdit opens the editor for Modify, prefilled with what the call
// would do, the cursor at the end.
func (a *approvalModal) startEdit(r *request) tea.Cmd {
	f := fieldFor(r.req.Call)
	ta := textarea.New()
	ta.ShowLineNumbers = f.multiline
	ta.Prompt = ""
	ta.CharLimit = 0
	ta.MaxHeight = 0
	ta.SetVirtualCursor(true)
	ta.SetStyles(textareaStyles(a.noColor))
	if f.multiline {
		ta.KeyMap.InsertNewline.SetKeys("enter", "shift+enter", "ctrl+j", "alt+enter")
	} else {
		ta.KeyMap.InsertNewline = a.keys.Newline
	}
	ta.SetWidth(a.inner())
	ta.SetHeight(a.editorHeight(f))
	ta.SetValue(f.original)
	ta.MoveToEnd()
	a.mode, a.editor, a.field = modeEdit, ta, f
	return a.editor.Focus()
}

// editorHeight is the rows the editor gets: all the text needs, within
// what the screen leaves.
func (a *approvalModal) editorHeight(f editField) int {
	want := strings.Count(f.original, "\n") + 2
	if f.multiline {
		want = max(want, 8)
	}
	return max(min(want, a.h-12), 3)
}

// fieldFor chooses what Modify edits for a call: a shell call's command, a
// write's content, an edit's new text, else the arguments as JSON.
func fieldFor(c agent.CallInfo) editField {
	var args map[string]any
	_ = json.Unmarshal([]byte(c.Args), &args)
	str := func(name string) (string, bool) {
		s, ok := args[name].(string)
		return s, ok
	}
	switch c.Tool {
	case "shell":
		if s, ok := str("command"); ok {
			return editField{name: "command", label: "the command", original: s}
		}
	case "write_file":
		if s, ok := str("content"); ok {
			return editField{name: "content", label: "the file's new content", multiline: true, original: s}
		}
	case "edit_file":
		if s, ok := str("new_string"); ok {
			return editField{name: "new_string", label: "the replacement text", multiline: true, original: s}
		}
	case "apply_patch":
		if s, ok := str("input"); ok {
			return editField{name: "input", label: "the patch", multiline: true, original: s}
		}
	}
	text := c.Args
	if args != nil {
		if b, err := json.MarshalIndent(args, "", "  "); err == nil {
			text = string(b)
		}
	}
	return editField{label: "the arguments (JSON)", multiline: true, original: text}
}

// editKey handles the editor: submit, new line, $EDITOR, or back.
func (a *approvalModal) editKey(msg tea.KeyPressMsg) tea.Cmd {
	f := a.field
	switch {
	case key.Matches(msg, a.keys.EditBack):
		a.mode, a.note = modeAsk, ""
		return nil
	case key.Matches(msg, a.keys.OpenEditor):
		return a.openEditor()
	case f.multiline && key.Matches(msg, a.keys.Submit),
		!f.multiline && key.Matches(msg, a.keys.SubmitLine):
		return a.submitEdit()
	}
	var cmd tea.Cmd
	a.editor, cmd = a.editor.Update(msg)
	return cmd
}

// submitEdit answers Modify with the edited arguments. The agent plans and
// classifies them again; if they still need a person, the new request
// comes first in the queue and says it is the changed call.
func (a *approvalModal) submitEdit() tea.Cmd {
	r := a.queue[0]
	f := a.field
	text := a.editor.Value()
	if !f.multiline {
		text = strings.TrimSpace(text)
	}
	if text == f.original || text == "" {
		a.note = "nothing changed: edit it, or Esc to go back"
		return nil
	}
	args, err := modifiedArgs(r.req.Call.Args, f, text)
	if err != nil {
		a.note = err.Error()
		return nil
	}
	a.expectChange[changeKey(r.req.Provider, r.req.Call.ID)] = true
	return a.answer(agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: args})
}

// modifiedArgs puts text into the call's arguments where f says.
func modifiedArgs(orig string, f editField, text string) (string, error) {
	if f.name == "" {
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			return "", fmt.Errorf("not a JSON object: %v", err)
		}
		b, err := json.Marshal(obj)
		return string(b), err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(orig), &obj); err != nil || obj == nil {
		obj = map[string]json.RawMessage{}
	}
	v, err := json.Marshal(text)
	if err != nil {
		return "", err
	}
	obj[f.name] = v
	b, err := json.Marshal(obj)
	return string(b), err
}

// openEditor hands the text to $VISUAL or $EDITOR (vi when neither is
// set): the file is written by a command, the terminal is handed over with
// tea.ExecProcess, and the result is read back by another command, so
// Update does no I/O.
func (a *approvalModal) openEditor() tea.Cmd {
	id, text := a.queue[0].id, a.editor.Value()
	return func() tea.Msg {
		f, err := os.CreateTemp("", "agent-edit-*.txt")
		if err != nil {
			return editorFileMsg{id: id, err: err}
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return editorFileMsg{id: id, path: f.Name(), err: err}
	}
}

// editorCommand is the command line of the person's editor.
func (a *approvalModal) editorCommand(path string) *exec.Cmd {
	argv := strings.Fields(a.getenv("VISUAL"))
	if len(argv) == 0 {
		argv = strings.Fields(a.getenv("EDITOR"))
	}
	if len(argv) == 0 {
		argv = []string{"vi"}
	}
	return exec.Command(argv[0], append(argv[1:], path)...)
}

// editorMsg handles the steps of the $EDITOR round trip.
func (a *approvalModal) editorMsg(msg tea.Msg) tea.Cmd {
	editing := func(id uint64) bool {
		return len(a.queue) > 0 && a.queue[0].id == id && a.mode == modeEdit
	}
	switch msg := msg.(type) {
	case editorFileMsg:
		if msg.err != nil {
			a.note = "cannot open the editor: " + msg.err.Error()
			return nil
		}
		id, path := msg.id, msg.path
		return tea.ExecProcess(a.editorCommand(path), func(err error) tea.Msg {
			return editorDoneMsg{id: id, path: path, err: err}
		})
	case editorDoneMsg:
		path, id, err := msg.path, msg.id, msg.err
		return func() tea.Msg {
			defer os.Remove(path)
			if err != nil {
				return editorTextMsg{id: id, err: err}
			}
			b, err := os.ReadFile(path)
			return editorTextMsg{id: id, text: string(b), err: err}
		}
	case editorTextMsg:
		if !editing(msg.id) {
			return nil
		}
		if msg.err != nil {
			a.note = "the editor failed: " + msg.err.Error()
			return nil
		}
		text := msg.text
		if !a.field.multiline {
			text = strings.TrimRight(text, "\n")
		}
		a.editor.SetValue(text)
		a.editor.MoveToEnd()
	}
	return nil
}
