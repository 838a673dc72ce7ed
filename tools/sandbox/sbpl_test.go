package sandbox

import (
	"errors"
	"fmt"
	"strings"
)

// sexpr is a parsed form of a Seatbelt profile: an atom, a string or a
// list. The tests read generated profiles back with it, the way
// sandbox-exec's reader would, to check what they allow.
type sexpr struct {
	atom   string
	str    *string
	list   []sexpr
	isList bool
}

func (e sexpr) String() string {
	switch {
	case e.str != nil:
		return fmt.Sprintf("%q", *e.str)
	case e.isList:
		parts := make([]string, len(e.list))
		for i, c := range e.list {
			parts[i] = c.String()
		}
		return "(" + strings.Join(parts, " ") + ")"
	}
	return e.atom
}

// head is the first atom of a list.
func (e sexpr) head() string {
	if e.isList && len(e.list) > 0 {
		return e.list[0].atom
	}
	return ""
}

// ops are the operation names of a rule: the atoms after allow or deny.
func (e sexpr) ops() []string {
	var ops []string
	for _, c := range e.list[1:] {
		if c.isList || c.str != nil {
			break
		}
		ops = append(ops, c.atom)
	}
	return ops
}

// allowsPath reports whether an (allow ...) rule on files matches path:
// its filters are alternatives, no filter matches everything.
func (e sexpr) allowsPath(path string) bool {
	ops := e.ops()
	file := false
	for _, op := range ops {
		file = file || strings.HasPrefix(op, "file-")
	}
	if !file {
		return false
	}
	filters := e.list[1+len(ops):]
	if len(filters) == 0 {
		return true
	}
	for _, f := range filters {
		if matchFilter(f, path) {
			return true
		}
	}
	return false
}

// matchFilter evaluates a path filter for path; filters on anything else
// (sockets, services) do not match a file path.
func matchFilter(f sexpr, path string) bool {
	args := f.list[1:]
	switch f.head() {
	case "subpath":
		s := *args[0].str
		return path == s || strings.HasPrefix(path, strings.TrimSuffix(s, "/")+"/")
	case "literal":
		return path == *args[0].str
	case "require-not":
		return !matchFilter(args[0], path)
	case "require-all":
		for _, a := range args {
			if !matchFilter(a, path) {
				return false
			}
		}
		return true
	case "require-any":
		for _, a := range args {
			if matchFilter(a, path) {
				return true
			}
		}
		return false
	}
	return false
}

// stringsIn returns every string literal in forms.
func stringsIn(forms []sexpr) []string {
	var out []string
	for _, f := range forms {
		if f.str != nil {
			out = append(out, *f.str)
		}
		out = append(out, stringsIn(f.list)...)
	}
	return out
}

// parseSBPL reads a profile: lists, atoms, strings with \\ and \"
// escapes, ; comments.
func parseSBPL(src string) ([]sexpr, error) {
	var stack [][]sexpr
	var top []sexpr
	push := func(e sexpr) {
		if len(stack) == 0 {
			top = append(top, e)
		} else {
			stack[len(stack)-1] = append(stack[len(stack)-1], e)
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t':
			i++
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '(':
			stack = append(stack, []sexpr{})
			i++
		case c == ')':
			if len(stack) == 0 {
				return nil, errors.New("unbalanced )")
			}
			list := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			push(sexpr{list: list, isList: true})
			i++
		case c == '"':
			var b strings.Builder
			i++
			for {
				if i >= len(src) {
					return nil, errors.New("unterminated string")
				}
				if src[i] == '"' {
					i++
					break
				}
				if src[i] < 0x20 {
					return nil, fmt.Errorf("control character in string at %d", i)
				}
				if src[i] == '\\' {
					if i+1 >= len(src) || (src[i+1] != '\\' && src[i+1] != '"') {
						return nil, fmt.Errorf("unknown escape at %d", i)
					}
					i++
				}
				b.WriteByte(src[i])
				i++
			}
			s := b.String()
			push(sexpr{str: &s})
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \n\t();\"", rune(src[j])) {
				j++
			}
			push(sexpr{atom: src[i:j]})
			i = j
		}
	}
	if len(stack) != 0 {
		return nil, errors.New("unbalanced (")
	}
	if len(top) == 0 {
		return nil, errors.New("empty profile")
	}
	return top, nil
}
