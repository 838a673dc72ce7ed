package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// paramType is the JSON type of a tool argument.
type paramType int

const (
	tString paramType = iota
	tInteger
	tBoolean
	tStringList
	// tEditList is edit_file's list of replacements: objects with
	// old_string, new_string and optionally replace_all.
	tEditList
)

// param describes one argument of a tool: the single source of both the
// JSON Schema the model sees and the validation Plan applies.
type param struct {
	name     string
	typ      paramType
	required bool
	desc     string
}

// schema returns the JSON Schema of an argument object with these params.
func schema(params []param) json.RawMessage {
	props := make(map[string]any, len(params))
	required := []string{}
	for _, p := range params {
		prop := map[string]any{"description": p.desc}
		switch p.typ {
		case tString:
			prop["type"] = "string"
		case tInteger:
			prop["type"] = "integer"
		case tBoolean:
			prop["type"] = "boolean"
		case tStringList:
			prop["type"] = "array"
			prop["items"] = map[string]any{"type": "string"}
		case tEditList:
			prop["type"] = "array"
			prop["items"] = map[string]any{
				"type": "object",
				"properties": map[string]any{
					"old_string":  map[string]any{"type": "string"},
					"new_string":  map[string]any{"type": "string"},
					"replace_all": map[string]any{"type": "boolean"},
				},
				"required":             []string{"old_string", "new_string"},
				"additionalProperties": false,
			}
		}
		props[p.name] = prop
		if p.required {
			required = append(required, p.name)
		}
	}
	b, err := json.Marshal(map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	})
	if err != nil {
		panic(err) // only maps of strings and bools: cannot fail
	}
	return b
}

// decodeArgs checks the raw arguments the model wrote against params and
// decodes them into dst, a pointer to a struct whose json tags name the
// params (optional ones as pointers). Any mismatch is an *ArgError. Empty
// text is taken as {} because some models send nothing for no arguments.
func decodeArgs(tool, raw string, params []param, dst any) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		raw = "{}"
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &fields); err != nil || fields == nil {
		return &ArgError{Tool: tool, Problem: fmt.Sprintf("arguments must be a JSON object, got %s", clip(raw, 80))}
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.name
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(names, k) {
			return &ArgError{Tool: tool, Field: k, Problem: "unknown argument; the arguments are " + strings.Join(names, ", ")}
		}
	}
	for _, p := range params {
		v, ok := fields[p.name]
		if !ok || bytes.Equal(v, []byte("null")) {
			if p.required {
				return &ArgError{Tool: tool, Field: p.name, Problem: "missing (required)"}
			}
			continue
		}
		if problem := checkType(p.typ, v); problem != "" {
			return &ArgError{Tool: tool, Field: p.name, Problem: problem}
		}
	}
	if err := json.Unmarshal([]byte(raw), dst); err != nil {
		// The checks above should make this unreachable; say what we know.
		return &ArgError{Tool: tool, Problem: err.Error()}
	}
	return nil
}

// checkType returns what is wrong with v as a value of type t, or "".
func checkType(t paramType, v json.RawMessage) string {
	var ok bool
	var want string
	switch t {
	case tString:
		var s string
		ok, want = json.Unmarshal(v, &s) == nil, "a string"
	case tInteger:
		var n json.Number
		if json.Unmarshal(v, &n) == nil && v[0] != '"' {
			_, err := n.Int64()
			ok = err == nil
		}
		want = "an integer"
	case tBoolean:
		var b bool
		ok, want = json.Unmarshal(v, &b) == nil, "true or false"
	case tStringList:
		var l []string
		ok, want = json.Unmarshal(v, &l) == nil && v[0] == '[', "an array of strings"
	case tEditList:
		return checkEditList(v)
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("want %s, got %s", want, clip(string(v), 60))
}

// clip shortens s to at most n bytes for an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// isRuneStart reports whether b can begin a UTF-8 sequence.
func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// encodeArgs re-encodes decoded arguments for Plan.Args.
func encodeArgs(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // structs of strings, ints and bools: cannot fail
	}
	return b
}

// checkEditList returns what is wrong with v as a list of replacements,
// or "".
func checkEditList(v json.RawMessage) string {
	var items []map[string]json.RawMessage
	if json.Unmarshal(v, &items) != nil || v[0] != '[' {
		return fmt.Sprintf("want an array of {old_string, new_string, replace_all?} objects, got %s", clip(string(v), 60))
	}
	if len(items) == 0 {
		return "empty: give at least one {old_string, new_string}"
	}
	for i, it := range items {
		for k, val := range it {
			var problem string
			switch {
			case bytes.Equal(val, []byte("null")):
				problem = "null; want a value"
			default:
				switch k {
				case "old_string", "new_string":
					problem = checkType(tString, val)
				case "replace_all":
					problem = checkType(tBoolean, val)
				default:
					problem = "unknown field; an edit has old_string, new_string and replace_all"
				}
			}
			if problem != "" {
				return fmt.Sprintf("edits[%d].%s: %s", i, k, problem)
			}
		}
		for _, k := range []string{"old_string", "new_string"} {
			if _, ok := it[k]; !ok {
				return fmt.Sprintf("edits[%d].%s: missing (required)", i, k)
			}
		}
	}
	return ""
}
