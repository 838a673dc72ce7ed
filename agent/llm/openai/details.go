package openai

import (
	"bytes"
	"encoding/json"
	"strings"
)

// detail is one entry of OpenRouter's reasoning_details as its fragments
// arrive. Each fragment is a JSON object with the entry's index; the
// strings that stream (text, summary, encrypted data, signature) are
// joined, every other field keeps its first value that is not null, and
// the fields keep the order they came in, so an entry sent whole comes
// back as it was.
type detail struct {
	keys    []string
	values  map[string]json.RawMessage
	strings map[string]*strings.Builder
}

// streamed are the fields of a detail whose fragments are joined.
var streamed = map[string]bool{"text": true, "summary": true, "data": true, "signature": true}

// detailKey identifies an entry of reasoning_details: its index and its
// type.
type detailKey struct {
	index int
	typ   string
}

// detailKeyOf returns the index a fragment names, or -1, and its type, or
// "".
func detailKeyOf(raw json.RawMessage) (int, string) {
	var f struct {
		Index *int   `json:"index"`
		Type  string `json:"type"`
	}
	if json.Unmarshal(raw, &f) != nil || f.Index == nil {
		return -1, ""
	}
	return *f.Index, f.Type
}

// add folds one fragment in. A fragment that is not an object is
// ignored.
func (d *detail) add(raw json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return
	}
	if d.values == nil {
		d.values, d.strings = map[string]json.RawMessage{}, map[string]*strings.Builder{}
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return
		}
		key, _ := t.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return
		}
		_, seen := d.values[key]
		if !seen {
			d.keys = append(d.keys, key)
		}
		var s string
		switch {
		case streamed[key] && json.Unmarshal(v, &s) == nil:
			b := d.strings[key]
			if b == nil {
				b = new(strings.Builder)
				d.strings[key] = b
			}
			b.WriteString(s)
			d.values[key] = nil
		case !seen || string(d.values[key]) == "null":
			d.values[key] = v
		}
	}
}

// text is the entry's readable thinking: its text, or its summary.
func (d *detail) text() string {
	for _, k := range []string{"text", "summary"} {
		if b := d.strings[k]; b != nil {
			return b.String()
		}
	}
	return ""
}

// json returns the whole entry as one object.
func (d *detail) json() string {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range d.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		if s := d.strings[k]; s != nil {
			v, _ := json.Marshal(s.String())
			b.Write(v)
		} else {
			b.Write(d.values[k])
		}
	}
	b.WriteByte('}')
	return b.String()
}
