package tools

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestPlanRejectsBadArguments(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	tests := []struct {
		name, tool, args string
		wantField        string
		wantProblem      string
	}{
		{"text that is not JSON", "shell", `{"command": "ls"`, "", "must be a JSON object"},
		{"a JSON array", "shell", `["ls"]`, "", "must be a JSON object"},
		{"JSON null", "shell", `null`, "", "must be a JSON object"},
		{"a missing required field", "shell", `{}`, "command", "missing (required)"},
		{"empty arguments", "read_file", ``, "path", "missing (required)"},
		{"a null required field", "read_file", `{"path":null}`, "path", "missing (required)"},
		{"an unknown field", "read_file", `{"path":"a","lines":3}`, "lines", "unknown argument; the arguments are path, offset, limit"},
		{"a number for a string", "write_file", `{"path":1,"content":"x"}`, "path", "want a string, got 1"},
		{"a string for an integer", "read_file", `{"path":"a","offset":"3"}`, "offset", `want an integer, got "3"`},
		{"a fraction for an integer", "list_dir", `{"path":".","depth":1.5}`, "depth", "want an integer, got 1.5"},
		{"a string for a boolean", "shell", `{"command":"ls","network":"yes"}`, "network", `want true or false, got "yes"`},
		{"a string for a list", "git", `{"args":"status"}`, "args", `want an array of strings, got "status"`},
		{"a list of numbers for a list of strings", "git", `{"args":[1,2]}`, "args", "want an array of strings, got [1,2]"},
		{"an empty command", "shell", `{"command":"  "}`, "command", "empty command"},
		{"an out of range depth", "list_dir", `{"path":".","depth":99}`, "depth", "99: want 1 to 10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Plan(tc.tool, tc.args)
			var ae *ArgError
			if !errors.As(err, &ae) || !errors.Is(err, ErrInvalidArgs) {
				t.Fatalf("Plan(%s, %s) = %v, want an *ArgError", tc.tool, tc.args, err)
			}
			if ae.Tool != tc.tool || ae.Field != tc.wantField || !strings.Contains(ae.Problem, tc.wantProblem) {
				t.Errorf("Plan(%s, %s) = %+v, want field %q and a problem containing %q", tc.tool, tc.args, ae, tc.wantField, tc.wantProblem)
			}
		})
	}
}

func TestPlanUnknownToolListsTheKnownOnes(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	_, err := r.Plan("bash", `{"command":"ls"}`)
	if !errors.Is(err, ErrUnknownTool) || !strings.Contains(err.Error(), `"bash"`) ||
		!strings.Contains(err.Error(), "shell, read_file, write_file, edit_file, delete_file, list_dir, glob, grep, git") {
		t.Errorf("Plan(bash) = %v, want ErrUnknownTool naming it and listing the tools", err)
	}
}

func TestSpecsAreStableSchemas(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	want := map[string][]string{ // tool -> required, then optional arguments
		"shell":       {"command", "timeout_seconds?", "network?"},
		"read_file":   {"path", "offset?", "limit?"},
		"write_file":  {"path", "content"},
		"edit_file":   {"path", "old_string?", "new_string?", "replace_all?", "edits?"},
		"delete_file": {"path"},
		"list_dir":    {"path", "depth?"},
		"glob":        {"pattern"},
		"grep":        {"pattern", "path?", "include?"},
		"git":         {"args"},
		"web_fetch":   {"url", "max_bytes?"},
	}
	var names []string
	for _, s := range r.Specs() {
		names = append(names, s.Name)
		var sch struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
			Additional *bool                      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(s.Parameters, &sch); err != nil {
			t.Fatalf("%s: schema is not JSON: %v", s.Name, err)
		}
		if s.Description == "" || sch.Type != "object" || sch.Additional == nil || *sch.Additional {
			t.Errorf("%s: schema %s, want an object without additional properties and a description", s.Name, s.Parameters)
		}
		var got []string
		for _, arg := range want[s.Name] {
			name := strings.TrimSuffix(arg, "?")
			if _, ok := sch.Properties[name]; !ok {
				t.Errorf("%s: schema lacks %q", s.Name, name)
			}
			if slices.Contains(sch.Required, name) != !strings.HasSuffix(arg, "?") {
				t.Errorf("%s: %q required = %v, want %v", s.Name, name, slices.Contains(sch.Required, name), !strings.HasSuffix(arg, "?"))
			}
			got = append(got, name)
		}
		if len(sch.Properties) != len(got) {
			t.Errorf("%s: schema has %d properties, want %d", s.Name, len(sch.Properties), len(got))
		}
	}
	wantNames := []string{"shell", "read_file", "write_file", "edit_file", "delete_file", "list_dir", "glob", "grep", "git", "web_fetch"}
	if !slices.Equal(names, wantNames) {
		t.Errorf("Specs names = %q, want %q", names, wantNames)
	}
}

func TestPlanReencodesArguments(t *testing.T) {
	t.Parallel()
	r := newTestRegistry(t, nil)
	p := mustPlan(t, r, "shell", ` { "network": false, "command": "echo hi" } `)
	if string(p.Args) != `{"command":"echo hi","network":false}` {
		t.Errorf("Args = %s", p.Args)
	}
	if p.Action.Command != "echo hi" || p.Summary != "echo hi" || p.Action.Root != r.Root() {
		t.Errorf("Action = %+v, Summary %q", p.Action, p.Summary)
	}
}
