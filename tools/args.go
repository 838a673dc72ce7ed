package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ParamType is the JSON type of a tool argument.
type ParamType int

// The types of a tool argument.
const (
	ParamString ParamType = iota
	ParamInteger
	ParamBoolean
	ParamStringList
	// ParamObjectList is a list of objects whose fields are the Param's
	// Fields (edit_file's edits, update_plan's steps).
	ParamObjectList
)

// Param describes one argument of a tool (or one field of the objects of
// a ParamObjectList): the single source of both the JSON Schema the model
// sees (Schema) and the checks its arguments pass (DecodeArgs). The
// registry's tools are described by Params, and so are tools outside it,
// like the agent's update_plan.
type Param struct {
	Name     string
	Type     ParamType
	Required bool
	// Desc is the description the model reads; "" gives none.
	Desc string
	// Enum, for a ParamString, lists the only values it may take; nil
	// allows any.
	Enum []string
	// Fields, for a ParamObjectList, are each object's fields; no other
	// field is allowed.
	Fields []Param
	// NotEmpty, for a ParamObjectList, refuses an empty list. It is
	// checked only, not said in the schema.
	NotEmpty bool
}

// Schema returns the JSON Schema of an argument object with these params.
func Schema(params []Param) json.RawMessage {
	b, err := json.Marshal(objectSchema(params))
	if err != nil {
		panic(err) // only maps and slices of strings and bools: cannot fail
	}
	return b
}

// objectSchema is the schema of an object with these fields, none other.
func objectSchema(params []Param) map[string]any {
	props := make(map[string]any, len(params))
	required := []string{}
	for _, p := range params {
		props[p.Name] = p.schema()
		if p.Required {
			required = append(required, p.Name)
		}
	}
	return map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
}

// schema is the JSON Schema of p's values.
func (p Param) schema() map[string]any {
	prop := map[string]any{}
	if p.Desc != "" {
		prop["description"] = p.Desc
	}
	switch p.Type {
	case ParamString:
		prop["type"] = "string"
		if p.Enum != nil {
			prop["enum"] = p.Enum
		}
	case ParamInteger:
		prop["type"] = "integer"
	case ParamBoolean:
		prop["type"] = "boolean"
	case ParamStringList:
		prop["type"] = "array"
		prop["items"] = map[string]any{"type": "string"}
	case ParamObjectList:
		prop["type"] = "array"
		prop["items"] = objectSchema(p.Fields)
	}
	return prop
}

// DecodeArgs checks the raw arguments the model wrote for tool against
// params and decodes them into dst, a pointer to a struct whose json tags
// name the params (optional ones as pointers, or fields whose zero value
// means absent). Any mismatch is an *ArgError naming the argument and
// saying what is wrong, for the model to correct. Empty text is taken as
// {} because some models send nothing for no arguments.
func DecodeArgs(tool, raw string, params []Param, dst any) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		raw = "{}"
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &fields); err != nil || fields == nil {
		return &ArgError{Tool: tool, Problem: fmt.Sprintf("arguments must be a JSON object, got %s", clip(raw, 80))}
	}
	if k, ok := unknownField(fields, params); ok {
		return &ArgError{Tool: tool, Field: k, Problem: "unknown argument; the arguments are " + strings.Join(paramNames(params), ", ")}
	}
	for _, p := range params {
		v, ok := fields[p.Name]
		if !ok || bytes.Equal(v, []byte("null")) {
			if p.Required {
				return &ArgError{Tool: tool, Field: p.Name, Problem: "missing (required)"}
			}
			continue
		}
		if problem := p.check(v); problem != "" {
			return &ArgError{Tool: tool, Field: p.Name, Problem: problem}
		}
	}
	if err := json.Unmarshal([]byte(raw), dst); err != nil {
		// The checks above should make this unreachable; say what we know.
		return &ArgError{Tool: tool, Problem: err.Error()}
	}
	return nil
}

// unknownField returns the first (by name) of fields that params do not
// name; ok is false when there is none. (The name may be "".)
func unknownField(fields map[string]json.RawMessage, params []Param) (name string, ok bool) {
	names := paramNames(params)
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(names, k) {
			return k, true
		}
	}
	return "", false
}

// paramNames are the names of params, in order.
func paramNames(params []Param) []string {
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	return names
}

// check returns what is wrong with v as a value of p, or "".
func (p Param) check(v json.RawMessage) string {
	var ok bool
	var want string
	switch p.Type {
	case ParamString:
		var s string
		ok, want = json.Unmarshal(v, &s) == nil, "a string"
		if ok && p.Enum != nil && !slices.Contains(p.Enum, s) {
			ok, want = false, orList(p.Enum)
		}
	case ParamInteger:
		var n json.Number
		if json.Unmarshal(v, &n) == nil && v[0] != '"' {
			_, err := n.Int64()
			ok = err == nil
		}
		want = "an integer"
	case ParamBoolean:
		var b bool
		ok, want = json.Unmarshal(v, &b) == nil, "true or false"
	case ParamStringList:
		// Each element on its own: into a []string, a null would pass
		// as "".
		var l []json.RawMessage
		ok, want = json.Unmarshal(v, &l) == nil && v[0] == '[', "an array of strings"
		for _, e := range l {
			var s string
			ok = ok && e[0] == '"' && json.Unmarshal(e, &s) == nil
		}
	case ParamObjectList:
		return p.checkObjectList(v)
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("want %s, got %s", want, clip(string(v), 60))
}

// checkObjectList returns what is wrong with v as p's list of objects,
// naming the item and field ("edits[1].old_string: ..."), or "".
func (p Param) checkObjectList(v json.RawMessage) string {
	var items []map[string]json.RawMessage
	if json.Unmarshal(v, &items) != nil || v[0] != '[' {
		return fmt.Sprintf("want an array of %s objects, got %s", objectShape(p.Fields, false), clip(string(v), 60))
	}
	if len(items) == 0 && p.NotEmpty {
		return "empty: give at least one " + objectShape(p.Fields, true)
	}
	for i, item := range items {
		if item == nil {
			return fmt.Sprintf("%s[%d]: want an object %s, got null", p.Name, i, objectShape(p.Fields, false))
		}
		if k, ok := unknownField(item, p.Fields); ok {
			return fmt.Sprintf("%s[%d].%s: unknown field; the fields are %s", p.Name, i, k, strings.Join(paramNames(p.Fields), ", "))
		}
		for _, f := range p.Fields {
			val, ok := item[f.Name]
			problem := ""
			switch {
			case !ok && f.Required:
				problem = "missing (required)"
			case !ok:
			case bytes.Equal(val, []byte("null")):
				problem = "null; want a value"
			default:
				problem = f.check(val)
			}
			if problem != "" {
				return fmt.Sprintf("%s[%d].%s: %s", p.Name, i, f.Name, problem)
			}
		}
	}
	return ""
}

// objectShape is how an error message shows an object of fields:
// "{old_string, new_string, replace_all?}", the optional ones marked with
// ?, or only the required ones.
func objectShape(fields []Param, required bool) string {
	var names []string
	for _, f := range fields {
		switch {
		case f.Required:
			names = append(names, f.Name)
		case !required:
			names = append(names, f.Name+"?")
		}
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// orList is "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
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
