package classify

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// field is one argument after the shell's expansions, as far as they can be
// known without running anything.
type field struct {
	// s is the value, or for a dynamic field the word's source text.
	s string
	// dyn reports that the value depends on a variable, a substitution or
	// arithmetic, so it is not known.
	dyn bool
	// glob reports unquoted pattern characters (* ? [ or an extended glob).
	glob bool
	// proc reports a process substitution, which expands to a /dev/fd path.
	proc bool
	// input reports text a wrapper takes from its input (find's {}), which
	// may be anything an attacker could name a file.
	input bool
	// deep reports a placeholder for any path below a directory.
	deep bool
	// variant reports one of the values a loop variable takes: each is a
	// separate way the command runs, not a separate argument.
	variant bool
	// w is the word the field came from; nil for fields a wrapper made.
	w *syntax.Word
}

// maxBraceFields bounds brace expansion; beyond it the word is dynamic.
const maxBraceFields = 64

// lit returns a literal field.
func lit(s string) field { return field{s: s} }

// expand appends the fields word w expands to: quotes removed, escapes
// decoded, braces expanded, "~" and $HOME replaced by the home directory.
// A word whose value cannot be known becomes one dynamic field.
func (wk *walker) expand(dst []field, w *syntax.Word) []field {
	if args, ok := wk.allArgs(w); ok {
		return append(dst, args...)
	}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "\\*?[{~") {
			return append(dst, field{s: l.Value, w: w})
		}
	}
	parts := w.Parts
	for _, p := range parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			// SplitBraces rewrites the word it is given: give it a copy,
			// so the tree keeps its positions for reasons.
			cp := *w
			syntax.SplitBraces(&cp)
			parts = cp.Parts
			break
		}
	}
	alts := []string{""}
	var glob, proc bool
	variant := false
	wk.variant = &variant
	ok := wk.expandParts(&alts, &glob, &proc, parts, true)
	wk.variant = nil
	if !ok || len(alts) > maxBraceFields {
		return append(dst, field{s: wk.text(w), dyn: true, w: w})
	}
	for _, s := range alts {
		dst = append(dst, field{s: s, glob: glob, proc: proc, w: w, variant: variant})
	}
	return dst
}

// allArgs expands a word that is only "$@" (or $@, $*) when the positional
// parameters are bound: each becomes a field of its own.
func (wk *walker) allArgs(w *syntax.Word) ([]field, bool) {
	if wk.vars == nil || len(w.Parts) != 1 {
		return nil, false
	}
	p, ok := w.Parts[0].(*syntax.ParamExp)
	if dq, isDq := w.Parts[0].(*syntax.DblQuoted); isDq && len(dq.Parts) == 1 {
		p, ok = dq.Parts[0].(*syntax.ParamExp)
	}
	if !ok || p.Param == nil || (p.Param.Value != "@" && p.Param.Value != "*") || !isPlainParam(p, p.Param.Value) {
		return nil, false
	}
	args, bound := wk.vars["@"]
	return args, bound
}

// loopVar multiplies the alternatives by the values a bound loop variable
// takes. It reports false when the variable is not bound.
func (wk *walker) loopVar(alts *[]string, glob *bool, p *syntax.ParamExp) bool {
	if p.Param == nil || !isPlainParam(p, p.Param.Value) {
		return false
	}
	items, ok := wk.vars[p.Param.Value]
	if !ok || len(*alts)*len(items) > maxBraceFields {
		return false
	}
	out := make([]string, 0, len(*alts)*len(items))
	for _, a := range *alts {
		for _, it := range items {
			out = append(out, a+it.s)
			*glob = *glob || it.glob
		}
	}
	*alts = out
	if wk.variant != nil {
		*wk.variant = true
	}
	return true
}

// assignedVar multiplies the alternatives by the values the command
// assigned the variable earlier (f=~/.ssh/id_rsa; cat $f). It reports
// false when the variable was not assigned, may hold a value that is not
// known, or, unquoted, one that word splitting or globbing would change.
func (wk *walker) assignedVar(alts *[]string, p *syntax.ParamExp, quoted bool) bool {
	if p.Param == nil || !isPlainParam(p, p.Param.Value) || wk.j.vars == nil {
		return false
	}
	v := wk.j.vars[p.Param.Value]
	if v == nil || v.dyn || len(v.vals) == 0 || len(*alts)*len(v.vals) > maxBraceFields {
		return false
	}
	for _, val := range v.vals {
		if !quoted && (val == "" || strings.ContainsAny(val, " \t\n*?[")) {
			return false
		}
	}
	out := make([]string, 0, len(*alts)*len(v.vals))
	for _, a := range *alts {
		for _, val := range v.vals {
			out = append(out, a+val)
		}
	}
	*alts = out
	if len(v.vals) > 1 && wk.variant != nil {
		*wk.variant = true
	}
	return true
}

// expandParts appends the expansion of parts to every alternative in alts.
// It reports false when the value is not known statically.
func (wk *walker) expandParts(alts *[]string, glob, proc *bool, parts []syntax.WordPart, first bool) bool {
	// Literal text is gathered in pend and added to every alternative
	// only when they multiply or at the end: adding it part by part
	// would copy the whole value once per part, which a word of many
	// quoted pieces turns quadratic.
	var pend strings.Builder
	flush := func() {
		if pend.Len() > 0 {
			appendAll(*alts, pend.String())
			pend.Reset()
		}
	}
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			if name, val, eq := strings.Cut(v, "="); first && i == 0 && eq && isIdent(name) && strings.HasPrefix(val, "~") {
				// Bash expands a tilde after the first "=" of an argument
				// that looks like an assignment: dd of=~/.bashrc.
				if prefix, rest, slash := strings.Cut(val, "/"); (slash || len(parts) == 1) && !strings.Contains(prefix, ":") {
					home, known := wk.tilde(prefix)
					if !known {
						return false
					}
					if slash {
						home += "/"
					}
					pend.WriteString(name + "=" + home)
					v = rest
				}
			} else if first && i == 0 && strings.HasPrefix(v, "~") {
				prefix, rest, slash := strings.Cut(v, "/")
				if !slash && len(parts) > 1 {
					// A tilde-prefix with quoted characters is not expanded.
					break
				}
				home, known := wk.tilde(prefix)
				if !known {
					return false
				}
				if slash {
					home += "/"
				}
				pend.WriteString(home)
				v = rest
			}
			s, g := unescapeLit(v)
			*glob = *glob || g
			pend.WriteString(s)
		case *syntax.SglQuoted:
			pend.WriteString(sglQuoted(p))
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					pend.WriteString(unescapeDquote(q.Value))
				case *syntax.ParamExp:
					if flush(); wk.loopVar(alts, glob, q) || wk.assignedVar(alts, q, true) {
						continue
					}
					if isPlainParam(q, "PWD") && first && i == 0 && len(*alts) == 1 && (*alts)[0] == "" && pend.Len() == 0 {
						pend.WriteString(".")
						continue
					}
					if !isPlainParam(q, "HOME") {
						return false
					}
					pend.WriteString(wk.pl.home)
				case *syntax.CmdSubst:
					if out, ok := echoOutput(q, wk.pl.home); ok {
						pend.WriteString(out)
						continue
					}
					if !(first && i == 0 && len(*alts) == 1 && (*alts)[0] == "" && pend.Len() == 0 && isPwd(q)) {
						return false
					}
					pend.WriteString(".")
				default:
					return false
				}
			}
		case *syntax.ParamExp:
			if flush(); wk.loopVar(alts, glob, p) || wk.assignedVar(alts, p, false) {
				continue
			}
			if isPlainParam(p, "PWD") && first && i == 0 {
				// The current directory: a relative path resolves there.
				pend.WriteString(".")
				continue
			}
			if !isPlainParam(p, "HOME") {
				return false
			}
			pend.WriteString(wk.pl.home)
		case *syntax.CmdSubst:
			if out, ok := echoOutput(p, wk.pl.home); ok && !strings.ContainsAny(out, " \t\n*?[") {
				// $(echo rm) is rm. Unquoted output with spaces would be
				// split into words, which a field cannot hold.
				pend.WriteString(out)
				continue
			}
			if !(first && i == 0 && isPwd(p)) {
				return false
			}
			pend.WriteString(".")
		case *syntax.ProcSubst:
			*proc = true
			pend.WriteString("/dev/fd/63")
		case *syntax.ExtGlob:
			*glob = true
			pend.WriteString(p.Op.String() + p.Pattern.Value + ")")
		case *syntax.BraceExp:
			if flush(); !wk.expandBrace(alts, glob, proc, p, first && i == 0) {
				return false
			}
		default:
			// Command and arithmetic substitutions.
			return false
		}
	}
	flush()
	return true
}

// expandBrace multiplies the alternatives by the elements of a brace
// expansion, or by its sequence.
// atStart says the braces begin a word, so that an element starting with
// "~" gets tilde expansion, which bash does after brace expansion.
func (wk *walker) expandBrace(alts *[]string, glob, proc *bool, b *syntax.BraceExp, atStart bool) bool {
	var elems []string
	if b.Sequence {
		var ok bool
		if elems, ok = braceSequence(b.Elems); !ok {
			return false
		}
	} else {
		for _, e := range b.Elems {
			sub := []string{""}
			if !wk.expandParts(&sub, glob, proc, e.Parts, atStart && len(*alts) == 1 && (*alts)[0] == "") {
				return false
			}
			elems = append(elems, sub...)
		}
	}
	if len(*alts)*len(elems) > maxBraceFields {
		return false
	}
	out := make([]string, 0, len(*alts)*len(elems))
	for _, a := range *alts {
		for _, e := range elems {
			out = append(out, a+e)
		}
	}
	*alts = out
	return true
}

// braceSequence expands {x..y[..incr]} over integers or single letters.
func braceSequence(elems []*syntax.Word) ([]string, bool) {
	if len(elems) < 2 {
		return nil, false
	}
	var vals [3]string
	for i, e := range elems[:min(len(elems), 3)] {
		v, ok := litWord(e)
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	step := 1
	if len(elems) == 3 {
		n, err := strconv.Atoi(vals[2])
		if err != nil {
			return nil, false
		}
		step = max(n, -n, 1)
	}
	from, err1 := strconv.Atoi(vals[0])
	to, err2 := strconv.Atoi(vals[1])
	isChar := false
	if err1 != nil || err2 != nil {
		if len(vals[0]) != 1 || len(vals[1]) != 1 {
			return nil, false
		}
		from, to, isChar = int(vals[0][0]), int(vals[1][0]), true
	}
	if (to-from)/step >= maxBraceFields || (from-to)/step >= maxBraceFields {
		return nil, false
	}
	var out []string
	for v := from; ; {
		if isChar {
			out = append(out, string(rune(v)))
		} else {
			out = append(out, strconv.Itoa(v))
		}
		if v == to || (from < to && v+step > to) || (from > to && v-step < to) {
			return out, true
		}
		if from < to {
			v += step
		} else {
			v -= step
		}
	}
}

// isPwd reports a command substitution that only prints the current
// directory: $(pwd).
func isPwd(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) != 0 {
		return false
	}
	ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) != 0 || len(ce.Args) == 0 || len(ce.Args) > 2 {
		return false
	}
	if v, ok := litWord(ce.Args[0]); !ok || v != "pwd" {
		return false
	}
	if len(ce.Args) == 2 {
		v, ok := litWord(ce.Args[1])
		return ok && (v == "-P" || v == "-L")
	}
	return true
}

// litWord returns the value of a word made of plain literals only.
func litWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}

// tilde expands a tilde-prefix: "~" is the home directory, "~name" that
// user's; "~+" and "~-" depend on the shell's state and are not known.
func (wk *walker) tilde(prefix string) (string, bool) {
	switch prefix {
	case "~":
		return wk.pl.home, true
	case "~+", "~-":
		return "", false
	}
	return "/home/" + prefix[1:], true
}

// isPlainParam reports whether p is $name or ${name} with no operator.
func isPlainParam(p *syntax.ParamExp, name string) bool {
	return p.Param != nil && p.Param.Value == name && !p.Excl && !p.Length &&
		!p.Width && p.Index == nil && p.Slice == nil && p.Repl == nil &&
		p.Names == 0 && p.Exp == nil && p.NestedParam == nil
}

func appendAll(alts []string, s string) {
	if s == "" {
		return
	}
	for i := range alts {
		alts[i] += s
	}
}

// unescapeLit removes the backslashes of an unquoted literal and reports
// whether it holds unescaped pattern characters.
func unescapeLit(v string) (string, bool) {
	if !strings.ContainsAny(v, "\\*?[(") {
		return v, false
	}
	var b strings.Builder
	glob := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v):
			i++
			if v[i] != '\n' {
				b.WriteByte(v[i])
			}
			continue
		case c == '*' || c == '?' || c == '[':
			glob = true
		case (c == '@' || c == '!' || c == '+') && i+1 < len(v) && v[i+1] == '(':
			// An extended glob, when extglob is on.
			glob = true
		}
		b.WriteByte(c)
	}
	return b.String(), glob
}

// unescapeDquote removes the backslashes that escape inside double quotes.
func unescapeDquote(v string) string {
	if !strings.Contains(v, "\\") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("$`\"\\\n", v[i+1]) >= 0 {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// sglQuoted is the value of a '...' or $'...' string.
func sglQuoted(q *syntax.SglQuoted) string {
	if q.Dollar {
		return decodeANSIC(q.Value)
	}
	return q.Value
}

// decodeANSIC decodes the escapes of a $'...' string as bash does.
func decodeANSIC(v string) string {
	if !strings.Contains(v, "\\") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' || i+1 == len(v) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = v[i]; c {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'c':
			if i+1 < len(v) {
				i++
				b.WriteByte(v[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			limit := 2
			if c == 'u' {
				limit = 4
			} else if c == 'U' {
				limit = 8
			}
			j := i + 1
			for j < len(v) && j-i-1 < limit && isHex(v[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			n, _ := strconv.ParseUint(v[i+1:j], 16, 32)
			if c == 'x' {
				b.WriteByte(byte(n))
			} else {
				b.WriteRune(runeOr(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(v) && j-i < 3 && v[j] >= '0' && v[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(v[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			// \\ \' \" \? and unknown escapes keep the character.
			if strings.IndexByte("\\'\"?", c) < 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func runeOr(n uint64) rune {
	if n > utf8.MaxRune {
		return utf8.RuneError
	}
	return rune(n)
}
