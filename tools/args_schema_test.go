package tools

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// schemaCases are sets of params with every type and option, each under
// a tool name.
var schemaCases = map[string][]Param{
	"edit_file": editFileParams,
	"git":       gitParams,
	"shell":     shellParams,
	"list_dir":  listDirParams,
	"plan": {
		{Name: "note", Type: ParamString},
		{Name: "steps", Type: ParamObjectList, Required: true, Fields: []Param{
			{Name: "step", Type: ParamString, Required: true},
			{Name: "status", Type: ParamString, Required: true, Enum: []string{"pending", "done"}},
		}},
		{Name: "extra", Type: ParamObjectList, Fields: []Param{
			{Name: "n", Type: ParamInteger},
			{Name: "tags", Type: ParamStringList},
			{Name: "on", Type: ParamBoolean},
		}},
	},
}

// checkAgainstSchema fails when DecodeArgs accepts raw for tool but an
// independent JSON Schema validator (github.com/google/jsonschema-go, the
// one the MCP SDK uses) refuses it against Schema(params): what the model
// is told and what it is held to must agree. An optional argument given
// as null counts as absent, which the schema does not say, so such
// arguments are left out before validating.
func checkAgainstSchema(t *testing.T, tool string, params []Param, raw string) (accepted bool) {
	t.Helper()
	var sch jsonschema.Schema
	if err := json.Unmarshal(Schema(params), &sch); err != nil {
		t.Fatalf("Schema(%s) is not a JSON Schema: %v", tool, err)
	}
	resolved, err := sch.Resolve(nil)
	if err != nil {
		t.Fatalf("Schema(%s) does not resolve: %v", tool, err)
	}
	var decoded map[string]any
	err = DecodeArgs(tool, raw, params, &decoded)
	if err != nil {
		if ae := (*ArgError)(nil); !errors.As(err, &ae) || ae.Tool != tool {
			t.Fatalf("DecodeArgs(%s, %q) = %v, want an *ArgError of %s", tool, raw, err, tool)
		}
		return false
	}
	var obj map[string]any
	if strings.TrimSpace(raw) == "" {
		raw = "{}"
	}
	if err := json.Unmarshal([]byte(raw), &obj); err != nil {
		t.Fatalf("DecodeArgs(%s, %q) accepted text that is not JSON: %v", tool, raw, err)
	}
	for k, v := range obj {
		if v == nil {
			delete(obj, k)
		}
	}
	if err := resolved.Validate(obj); err != nil {
		t.Errorf("DecodeArgs(%s, %q) accepted what its schema refuses: %v", tool, raw, err)
	}
	return true
}

func TestDecodeArgsKeepsToTheSchema(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool, raw string
		accept    bool
	}{
		{"shell", `{"command": "ls", "network": true, "timeout_seconds": 3}`, true},
		{"shell", `{"command": "ls", "timeout_seconds": null}`, true},
		{"shell", ``, false},
		{"git", `{"args": ["status", "--short"]}`, true},
		{"git", `{"args": ["status", null]}`, false},
		{"git", `{"args": [1]}`, false},
		{"edit_file", `{"path": "a", "edits": [{"old_string": "x", "new_string": "y", "replace_all": true}]}`, true},
		{"edit_file", `{"path": "a", "edits": [null]}`, false},
		{"edit_file", `{"path": "a", "edits": []}`, false},
		{"edit_file", `{"path": "a", "": 1}`, false},
		{"edit_file", `{"path": "a", "edits": [{"old_string": "x", "new_string": "y", "": 1}]}`, false},
		{"plan", `{"steps": []}`, true},
		{"plan", `{"steps": [{"step": "a", "status": "done"}], "note": "n"}`, true},
		{"plan", `{"steps": [{"step": "a", "status": "later"}]}`, false},
		{"plan", `{"steps": [], "extra": [{}, {"n": 2, "tags": ["x"], "on": false}]}`, true},
		{"plan", `{"steps": [], "extra": [null]}`, false},
		{"plan", `{"steps": [], "extra": [{"tags": [null]}]}`, false},
		{"plan", `{"steps": [], "extra": [{"n": 1.5}]}`, false},
		{"plan", `{"steps": [], "extra": "x"}`, false},
	}
	for _, tt := range tests {
		if got := checkAgainstSchema(t, tt.tool, schemaCases[tt.tool], tt.raw); got != tt.accept {
			t.Errorf("DecodeArgs(%s, %q) accepted = %v, want %v", tt.tool, tt.raw, got, tt.accept)
		}
	}
}

// FuzzDecodeArgsKeepsToTheSchema: whatever arguments DecodeArgs accepts,
// for any of the param sets, the schema it gives the model accepts too.
//
//	go test -run '^$' -fuzz FuzzDecodeArgsKeepsToTheSchema ./tools/
func FuzzDecodeArgsKeepsToTheSchema(f *testing.F) {
	for _, seed := range []string{
		``, `{}`, `null`, `[]`,
		`{"command": "ls", "network": true, "timeout_seconds": 3}`,
		`{"args": ["status", "--short"]}`,
		`{"path": "a", "edits": [{"old_string": "x", "new_string": "y", "replace_all": true}]}`,
		`{"steps": [{"step": "a", "status": "done"}], "extra": [{"n": 2, "tags": ["x"], "on": false}]}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for tool, params := range schemaCases {
			checkAgainstSchema(t, tool, params, raw)
		}
	})
}
