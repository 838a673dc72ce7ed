package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// quoted reports whether a here-document delimiter is quoted, which turns
// off expansions in the body.
func quoted(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(p.Value, "\\") {
				return true
			}
		}
	}
	return false
}

// heredocText returns the body of a here-document and whether it is known
// without running anything.
func heredocText(w *syntax.Word, quotedDelim bool) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		if quotedDelim {
			b.WriteString(l.Value)
		} else {
			b.WriteString(unescapeHeredoc(l.Value))
		}
	}
	return b.String(), true
}

// unescapeHeredoc removes the backslashes an unquoted here-document honours.
func unescapeHeredoc(v string) string {
	if !strings.Contains(v, "\\") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("$`\\\n", v[i+1]) >= 0 {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
