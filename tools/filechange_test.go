package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A write's or an edit's plan carries the file's whole text before and
// after, exactly as Run then writes it; nothing when a side is not text
// or too large to plan against, and nothing for other tools.
func TestPlanChangesAreWhatRunWrites(t *testing.T) {
	t.Parallel()
	type want struct {
		before *string // nil: a new file
		after  string
	}
	text := func(s string) *string { return &s }
	cases := []struct {
		name   string
		disk   string // a.txt's contents; "" for none
		editor string // the editor's text of a.txt; "" for none
		tool   string
		args   string
		want   *want // nil: no Changes
	}{
		{name: "write_file creates a file", tool: "write_file", args: `{"path":"a.txt","content":"new\n"}`,
			want: &want{nil, "new\n"}},
		{name: "write_file replaces a file", disk: "old\n", tool: "write_file", args: `{"path":"a.txt","content":"new\n"}`,
			want: &want{text("old\n"), "new\n"}},
		{name: "write_file replaces the editor's text", disk: "old\n", editor: "old\nunsaved\n", tool: "write_file",
			args: `{"path":"a.txt","content":"new\n"}`, want: &want{text("old\nunsaved\n"), "new\n"}},
		{name: "edit_file edits the file", disk: "a = 1\nb = 1\n", tool: "edit_file",
			args: `{"path":"a.txt","old_string":"b = 1","new_string":"b = 2"}`, want: &want{text("a = 1\nb = 1\n"), "a = 1\nb = 2\n"}},
		{name: "edit_file edits the editor's text", disk: "a = 1\n", editor: "a = 1\nb = 1\n", tool: "edit_file",
			args: `{"path":"a.txt","old_string":"b = 1","new_string":"b = 2"}`, want: &want{text("a = 1\nb = 1\n"), "a = 1\nb = 2\n"}},
		{name: "edit_file applies several replacements, one not exact", disk: "x = 1   \ny = 1\n", tool: "edit_file",
			args: `{"path":"a.txt","edits":[{"old_string":"x = 1\n","new_string":"x = 2\n"},{"old_string":"y = 1","new_string":"y = 2"}]}`,
			want: &want{text("x = 1   \ny = 1\n"), "x = 2\ny = 2\n"}},
		{name: "write_file over a binary file shows nothing whole", disk: "\x00\x01bin", tool: "write_file",
			args: `{"path":"a.txt","content":"text\n"}`},
		{name: "write_file of binary content shows nothing whole", tool: "write_file",
			args: `{"path":"a.txt","content":"\u0000\u0001"}`},
		{name: "read_file changes nothing", disk: "old\n", tool: "read_file", args: `{"path":"a.txt"}`},
		{name: "delete_file has no text after", disk: "old\n", tool: "delete_file", args: `{"path":"a.txt"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
			r, root := editorRegistry(t, ed)
			path := filepath.Join(root, "a.txt")
			if c.disk != "" {
				os.WriteFile(path, []byte(c.disk), 0o644)
			}
			if c.editor != "" {
				ed.texts[path] = c.editor
			}
			p, err := r.Plan(c.tool, c.args)
			if err != nil {
				t.Fatalf("Plan(%s, %s): %v", c.tool, c.args, err)
			}
			if c.want == nil {
				if p.Changes != nil {
					t.Fatalf("Changes = %+v, want none", p.Changes)
				}
				return
			}
			if len(p.Changes) != 1 {
				t.Fatalf("Changes = %+v, want one for a.txt", p.Changes)
			}
			ch := p.Changes[0]
			if ch.Path != path || (ch.Before == nil) != (c.want.before == nil) ||
				ch.Before != nil && *ch.Before != *c.want.before || ch.After != c.want.after {
				t.Errorf("Changes[0] = %s %v %q, want %s %v %q", ch.Path, show(ch.Before), ch.After, path, show(c.want.before), c.want.after)
			}
			if res := p.Run(t.Context(), func(string) {}); res.IsError {
				t.Fatalf("Run: %s", res.Output)
			}
			if got := ed.writes[path]; got != ch.After {
				t.Errorf("Run wrote %q, but the plan's change shows %q", got, ch.After)
			}
		})
	}
	t.Run("write_file over a file too large to plan against shows nothing whole", func(t *testing.T) {
		t.Parallel()
		r, root := editorRegistry(t, &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}})
		if err := os.WriteFile(filepath.Join(root, "big.txt"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(filepath.Join(root, "big.txt"), maxEditBytes+1); err != nil {
			t.Fatal(err)
		}
		p, err := r.Plan("write_file", `{"path":"big.txt","content":"small\n"}`)
		if err != nil {
			t.Fatal(err)
		}
		if p.Changes != nil {
			t.Errorf("Changes = %d of them, want none for a file over %d bytes", len(p.Changes), maxEditBytes)
		}
	})
}

func show(s *string) string {
	if s == nil {
		return "<new file>"
	}
	return *s
}

// An existing empty file is a file of no text, not one too large to show:
// a write over it is planned, previewed and shown whole like any other.
func TestAnEmptyFileIsPlannedAsText(t *testing.T) {
	t.Parallel()
	ed := &fakeEditor{fakeBuffers: fakeBuffers{texts: map[string]string{}}, save: true}
	r, root := editorRegistry(t, ed)
	path := filepath.Join(root, "empty.txt")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := r.Plan("write_file", `{"path":"empty.txt","content":"now\n"}`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(p.Preview, "too large") {
		t.Errorf("the preview of a write over an empty file says %q", p.Preview)
	}
	if len(p.Changes) != 1 || p.Changes[0].Before == nil || *p.Changes[0].Before != "" || p.Changes[0].After != "now\n" {
		t.Errorf("Changes = %+v, want the empty text before and now\\n after", p.Changes)
	}
}
