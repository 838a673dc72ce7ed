package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Word tricks hide a command from a reader, not from bash: rm${IFS}-rf${IFS}~
// is three words, `echo rm` is the word rm. These helpers undo them.

// splitIFS splits a word at its unquoted $IFS expansions, which bash
// splits into separate words while IFS has its default value (the command
// did not assign it).
func (wk *walker) splitIFS(w *syntax.Word) []*syntax.Word {
	if wk.j.vars["IFS"] != nil || !hasUnquotedIFS(w) {
		return nil
	}
	var out []*syntax.Word
	start := 0
	for i, p := range w.Parts {
		if isIFS(p) {
			if i > start {
				out = append(out, &syntax.Word{Parts: w.Parts[start:i]})
			}
			start = i + 1
		}
	}
	if start < len(w.Parts) {
		out = append(out, &syntax.Word{Parts: w.Parts[start:]})
	}
	return out
}

func hasUnquotedIFS(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if isIFS(p) {
			return true
		}
	}
	return false
}

// isIFS reports $IFS, ${IFS} or a slice of it such as ${IFS:0:1}.
func isIFS(p syntax.WordPart) bool {
	pe, ok := p.(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == "IFS" && !pe.Excl && !pe.Length &&
		pe.Index == nil && pe.Repl == nil && pe.Exp == nil && pe.Names == 0
}

// echoOutput returns what a command substitution prints when it is only
// echo or printf of literal words: $(echo rm) is rm.
// A leading ~ in a word is replaced by tilde.
func echoOutput(cs *syntax.CmdSubst, tilde string) (string, bool) {
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) != 0 || cs.Stmts[0].Background {
		return "", false
	}
	ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) != 0 || len(ce.Args) == 0 {
		return "", false
	}
	words := make([]string, 0, len(ce.Args))
	for _, a := range ce.Args {
		v, ok := staticWord(a, tilde)
		if !ok {
			return "", false
		}
		words = append(words, v)
	}
	switch words[0] {
	case "echo":
		args := words[1:]
		if len(args) > 0 && args[0] == "-n" {
			args = args[1:]
		}
		if len(args) > 0 && strings.HasPrefix(args[0], "-") {
			return "", false
		}
		return strings.Join(args, " "), true
	case "printf":
		if len(words) != 2 || strings.ContainsAny(words[1], "%\\") {
			return "", false
		}
		return strings.TrimRight(words[1], "\n"), true
	}
	return "", false
}

// staticWord returns the value of a word of literals and quotes only,
// with a leading "~" or "~/" replaced by tilde.
func staticWord(w *syntax.Word, tilde string) (string, bool) {
	var b strings.Builder
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && (v == "~" || strings.HasPrefix(v, "~/")) {
				b.WriteString(tilde)
				v = v[1:]
			}
			s, glob := unescapeLit(v)
			if glob || strings.ContainsAny(v, "{~") {
				return "", false
			}
			b.WriteString(s)
		case *syntax.SglQuoted:
			b.WriteString(sglQuoted(p))
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(unescapeDquote(l.Value))
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// renderLine writes a command line the way bash would see it after the
// word tricks above: $IFS as a space, echo substitutions as their output.
// It reports false when some part is not known.
func renderLine(words []*syntax.Word) (string, bool) {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if !renderParts(&b, w.Parts) {
			return "", false
		}
	}
	return b.String(), true
}

func renderParts(b *strings.Builder, parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(quoteWord(sglQuoted(p)))
		case *syntax.DblQuoted:
			if !renderParts(b, p.Parts) {
				return false
			}
		case *syntax.ParamExp:
			if p.Param == nil || p.Param.Value != "IFS" {
				return false
			}
			b.WriteByte(' ')
		case *syntax.CmdSubst:
			out, ok := echoOutput(p, "~")
			if !ok {
				return false
			}
			b.WriteString(out)
		default:
			return false
		}
	}
	return true
}
