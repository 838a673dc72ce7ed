package tools

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// An edit's old text is found in a file in steps, loosest last: exactly;
// then ignoring line endings; then trailing whitespace too; then
// typographic quotes, dashes and ellipses too; then, line by line, a
// consistent shift of indentation too. The first step that finds the
// text decides: one match is applied, several are refused as ambiguous,
// and a looser step is tried only when a stricter one found nothing. So a
// forgiving match is never chosen over an exact one elsewhere, and never
// among several candidates.

// fold is one of the character-level normalisations.
type fold int

const (
	foldCRLF fold = 1 << iota
	foldTrailing
	foldTypography
)

// foldSteps are the character-level steps after the exact one, with what
// each step ignores, for the result.
var foldSteps = []struct {
	folds fold
	what  string
}{
	{foldCRLF, "line endings"},
	{foldCRLF | foldTrailing, "line endings and trailing whitespace"},
	{foldCRLF | foldTrailing | foldTypography, "line endings, trailing whitespace and typographic quotes and dashes"},
}

// replacement is one span of the file to replace, in byte offsets.
type replacement struct {
	start, end int
	text       string
}

// editMatch is where an edit applies and how it was found.
type editMatch struct {
	spans []replacement
	// how says which normalisation found it; empty for an exact match.
	how string
}

// editMiss is a failed match, written for the model: what went wrong and
// how to correct it in one more call.
type editMiss struct{ msg string }

func (e *editMiss) Error() string { return e.msg }

// locateEdit finds old in content and returns what replacing it with
// repl changes. all replaces every match of the step that found one; else
// the match must be unique. name is the file's name for messages.
func locateEdit(content, old, repl string, all bool, name string) (editMatch, error) {
	if n := strings.Count(content, old); n > 0 {
		if n > 1 && !all {
			return editMatch{}, &editMiss{fmt.Sprintf("old_string occurs %d times in %s, at lines %s; include more surrounding "+
				"text to pick one, or set replace_all to true", n, name, matchLines(content, old))}
		}
		var spans []replacement
		for pos := 0; ; {
			i := strings.Index(content[pos:], old)
			if i < 0 {
				break
			}
			spans = append(spans, replacement{pos + i, pos + i + len(old), repl})
			pos += i + len(old)
		}
		return editMatch{spans: spans}, nil
	}
	for _, step := range foldSteps {
		fc := foldText(content, step.folds)
		fo := foldText(old, step.folds).text
		if fo == "" {
			continue
		}
		// Blanks dropped from old's very end were meant to be followed by
		// more of the line: only a match that ends its line stands in.
		atEOL := step.folds&foldTrailing != 0 && strings.TrimRight(old, " \t") != old
		endsLine := func(e int) bool { return e == len(fc.text) || fc.text[e] == '\n' }
		var starts []int
		for pos := 0; pos <= len(fc.text); {
			i := strings.Index(fc.text[pos:], fo)
			if i < 0 {
				break
			}
			s, e := pos+i, pos+i+len(fo)
			if fc.boundary(s) && fc.boundary(e) && (!atEOL || endsLine(e)) {
				starts = append(starts, s)
				pos = e
			} else {
				pos = s + 1
			}
		}
		if len(starts) == 0 {
			continue
		}
		if len(starts) > 1 && !all {
			lines := make([]string, 0, min(len(starts), maxListedMatches))
			for _, s := range starts[:min(len(starts), maxListedMatches)] {
				lines = append(lines, fmt.Sprint(lineOf(content, fc.orig(s))))
			}
			return editMatch{}, &editMiss{fmt.Sprintf("old_string is not in %s exactly; ignoring %s it occurs %d times, at lines %s: "+
				"copy the exact text from read_file, with enough surrounding lines to be unique", name, step.what, len(starts), strings.Join(lines, ", "))}
		}
		var spans []replacement
		for _, s := range starts {
			a, b := fc.orig(s), fc.origEnd(s+len(fo))
			spans = append(spans, replacement{a, b, withLineEndings(repl, content[a:b], step.folds)})
		}
		return editMatch{spans: spans, how: "ignoring " + step.what}, nil
	}
	if !all {
		m, err := locateIndented(content, old, repl, name)
		if m != nil || err != nil {
			if m == nil {
				return editMatch{}, err
			}
			return *m, nil
		}
	}
	return editMatch{}, &editMiss{notFound(content, old, name)}
}

// withLineEndings gives repl the CRLF line endings of the text it
// replaces, when the match ignored line endings and that text has them.
func withLineEndings(repl, replaced string, folds fold) string {
	if folds&foldCRLF == 0 || !strings.Contains(replaced, "\r\n") {
		return repl
	}
	return strings.ReplaceAll(strings.ReplaceAll(repl, "\r\n", "\n"), "\n", "\r\n")
}

// folded is text after normalisation, with the way back to the original.
type folded struct {
	text string
	// idx[i] is the original offset of text[i]; idx[len(text)] is the
	// original's length.
	idx []int
	// first[i] reports that text[i] is the first byte of what one
	// original character became (a typographic dash becomes one byte,
	// an ellipsis three): a match may start or end only there.
	first []bool
	// after[i] is the original offset just after the character text[i]
	// came from.
	after []int
}

// orig maps an offset in the folded text to the original, for the start
// of a match.
func (f folded) orig(i int) int { return f.idx[i] }

// origEnd maps the end of a match in the folded text to the original:
// just after the last character matched, so that what was dropped after
// it (a line ending's CR, blanks) stays out of the match.
func (f folded) origEnd(i int) int {
	if i == 0 {
		return f.idx[0]
	}
	return f.after[i-1]
}

// boundary reports whether a match may start or end at folded offset i.
func (f folded) boundary(i int) bool { return i == len(f.text) || f.first[i] }

// typography maps the characters word processors and models substitute
// for ASCII ones.
var typography = map[rune]string{
	'\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
	'\u201C': `"`, '\u201D': `"`, '\u201E': `"`, '\u201F': `"`, '\u2033': `"`,
	'\u2010': "-", '\u2011': "-", '\u2012': "-", '\u2013': "-", '\u2014': "-", '\u2015': "-", '\u2212': "-",
	'\u2026': "...", '\u00A0': " ", '\u202F': " ",
}

// foldText normalises s as folds say, keeping the way back.
func foldText(s string, folds fold) folded {
	var b strings.Builder
	f := folded{idx: make([]int, 0, len(s)+1), first: make([]bool, 0, len(s)+1), after: make([]int, 0, len(s))}
	emit := func(text string, at, next int) {
		for i := 0; i < len(text); i++ {
			b.WriteByte(text[i])
			f.idx = append(f.idx, at)
			f.first = append(f.first, i == 0)
			f.after = append(f.after, next)
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case folds&foldCRLF != 0 && c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			i++
			continue
		case folds&foldTrailing != 0 && (c == ' ' || c == '\t'):
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j == len(s) || s[j] == '\n' || (s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n') {
				i = j // trailing: dropped
				continue
			}
			for ; i < j; i++ {
				emit(s[i:i+1], i, i+1)
			}
			continue
		case folds&foldTypography != 0 && c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if t, ok := typography[r]; ok {
				emit(t, i, i+n)
				i += n
				continue
			}
			emit(s[i:i+n], i, i+n)
			i += n
			continue
		}
		emit(s[i:i+1], i, i+1)
		i++
	}
	f.text = b.String()
	f.idx = append(f.idx, len(s))
	return f
}

// line is one line of a file: its offsets without the line ending.
type line struct{ start, end int }

// splitLines returns the lines of s; a final line ending starts no line.
func splitLines(s string) []line {
	var out []line
	for start := 0; start < len(s); {
		i := strings.IndexByte(s[start:], '\n')
		if i < 0 {
			out = append(out, line{start, len(s)})
			break
		}
		end := start + i
		if end > start && s[end-1] == '\r' {
			end--
		}
		out = append(out, line{start, end})
		start += i + 1
	}
	return out
}

// lineKey is a line as the indentation step compares it: without its
// indentation, trailing whitespace and line ending, typography folded.
func lineKey(s string) string {
	return foldText(strings.TrimRight(strings.TrimLeft(s, " \t"), " \t\r"), foldTypography).text
}

// indentOf returns the leading blanks of s.
func indentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// locateIndented is the last step: old's lines match whole lines of the
// file (its first line may start after the file line's indentation) that
// differ from them by one consistent indentation shift, besides what the
// character steps ignore. repl is shifted the same way. It returns nil,
// nil when no lines match.
func locateIndented(content, old, repl, name string) (*editMatch, error) {
	oldBody := strings.TrimSuffix(old, "\n")
	oldBody = strings.TrimSuffix(oldBody, "\r")
	endsNL := oldBody != old
	ols := splitLines(oldBody)
	if len(ols) == 0 {
		return nil, nil
	}
	olText := make([]string, len(ols))
	keys := make([]string, len(ols))
	for i, l := range ols {
		olText[i] = oldBody[l.start:l.end]
		keys[i] = lineKey(olText[i])
	}
	fls := splitLines(content)
	fileKeys := make([]string, len(fls))
	for i, l := range fls {
		fileKeys[i] = lineKey(content[l.start:l.end])
	}
	type found struct {
		at    int
		shift indentShift
	}
	var fits []found
	var inconsistent []int
	for at := 0; at+len(ols) <= len(fls); at++ {
		ok := true
		for k := range ols {
			if fileKeys[at+k] != keys[k] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		sh, ok := shiftOf(content, fls[at:at+len(ols)], olText)
		if !ok {
			inconsistent = append(inconsistent, at)
			continue
		}
		fits = append(fits, found{at, sh})
	}
	switch {
	case len(fits) > 1:
		var at []string
		for _, f := range fits[:min(len(fits), maxListedMatches)] {
			at = append(at, fmt.Sprint(f.at+1))
		}
		return nil, &editMiss{fmt.Sprintf("old_string is not in %s exactly; ignoring indentation it occurs %d times, at lines %s: "+
			"copy the exact text from read_file, with enough surrounding lines to be unique", name, len(fits), strings.Join(at, ", "))}
	case len(fits) == 0 && len(inconsistent) > 0:
		var at []string
		for _, i := range inconsistent[:min(len(inconsistent), maxListedMatches)] {
			at = append(at, fmt.Sprintf("%d-%d", i+1, i+len(ols)))
		}
		first := inconsistent[0]
		return nil, &editMiss{fmt.Sprintf("old_string is not in %s exactly: lines %s have the same text but their indentation "+
			"differs from old_string's by more than one consistent shift (tabs against spaces?):\n%s\ncopy the exact text, indentation included",
			name, strings.Join(at, ", "), numbered(content, fls, first, min(first+len(ols), first+maxHintLines)))}
	case len(fits) == 0:
		return nil, nil
	}
	f := fits[0]
	first, last := fls[f.at], fls[f.at+len(ols)-1]
	start := first.start
	if f.shift.firstFree {
		start += len(indentOf(content[first.start:first.end]))
	}
	end := last.end
	if endsNL {
		switch {
		case end < len(content) && content[end] == '\r':
			end += 2
		case end < len(content):
			end++
		default:
			// The file's last line has no line ending: neither will
			// the replacement's.
			repl = strings.TrimSuffix(strings.TrimSuffix(repl, "\n"), "\r")
		}
	}
	shifted, err := f.shift.apply(repl)
	if err != nil {
		return nil, &editMiss{fmt.Sprintf("old_string matches %s at lines %d-%d with its indentation shifted (%s), but new_string "+
			"cannot be shifted the same way: %v; copy old_string with the file's exact indentation", name, f.at+1, f.at+len(ols), f.shift, err)}
	}
	shifted = withLineEndings(shifted, content[start:end], foldCRLF)
	return &editMatch{spans: []replacement{{start, end, shifted}},
		how: "ignoring line endings, trailing whitespace, typography and indentation (" + f.shift.String() + ")"}, nil
}

// indentShift is how the file's indentation differs from old_string's:
// prefix added to (or, when remove, removed from) each line's.
type indentShift struct {
	prefix    string
	remove    bool
	firstFree bool // old's first line starts after the file line's indentation
}

func (s indentShift) String() string {
	what := fmt.Sprintf("%q", s.prefix)
	switch {
	case s.prefix == "":
		return "the first line starts after its indentation"
	case s.remove:
		return "each line has " + what + " less indentation in the file"
	}
	return "each line has " + what + " more indentation in the file"
}

// shiftOf works out the one shift that turns old's indentation into the
// file's on every line that is not blank, and reports whether there is
// one.
func shiftOf(content string, fls []line, old []string) (indentShift, bool) {
	var sh indentShift
	known := false
	for k, o := range old {
		f := content[fls[k].start:fls[k].end]
		if strings.TrimSpace(o) == "" {
			continue
		}
		fi, oi := indentOf(f), indentOf(o)
		if k == 0 && oi == "" && fi != "" {
			sh.firstFree = true
			continue
		}
		var this indentShift
		switch {
		case strings.HasSuffix(fi, oi):
			this.prefix = fi[:len(fi)-len(oi)]
		case strings.HasSuffix(oi, fi):
			this.prefix, this.remove = oi[:len(oi)-len(fi)], true
		default:
			return sh, false
		}
		if this.prefix == "" {
			this.remove = false
		}
		if !known {
			sh.prefix, sh.remove, known = this.prefix, this.remove, true
		} else if this.prefix != sh.prefix || this.remove != sh.remove {
			return sh, false
		}
	}
	return sh, true
}

// apply shifts the lines of new text as the file is shifted from old.
func (s indentShift) apply(text string) (string, error) {
	if s.prefix == "" {
		return text, nil
	}
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if i == 0 && s.firstFree {
			continue
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !s.remove {
			lines[i] = s.prefix + l
			continue
		}
		if !strings.HasPrefix(l, s.prefix) {
			return "", fmt.Errorf("its line %d has less indentation than %q", i+1, s.prefix)
		}
		lines[i] = l[len(s.prefix):]
	}
	return strings.Join(lines, ""), nil
}

// lineOf returns the 1-based line number of offset off in s.
func lineOf(s string, off int) int { return strings.Count(s[:off], "\n") + 1 }

// numbered shows lines [from, to) of content with their numbers, as
// read_file does.
func numbered(content string, fls []line, from, to int) string {
	var b strings.Builder
	for i := from; i < to && i < len(fls); i++ {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, clip(content[fls[i].start:fls[i].end], 200))
	}
	return strings.TrimRight(b.String(), "\n")
}

// maxHintLines bounds how many lines of the closest region a miss shows.
const maxHintLines = 30

// notFound says that old is nowhere in content, shows the region most
// like it, with line numbers, and what differs.
func notFound(content, old, name string) string {
	msg := fmt.Sprintf("old_string was not found in %s, not even ignoring line endings, trailing whitespace, indentation and "+
		"typographic quotes", name)
	fls := splitLines(content)
	body := strings.TrimSuffix(old, "\n")
	ols := splitLines(body)
	if len(fls) == 0 || len(ols) == 0 {
		return msg + "; read the file again and retry"
	}
	at, score := closest(content, fls, body, ols)
	if score < 0.5 {
		return msg + ". Nothing in the file is close to it: read the file again (it may have changed) and retry"
	}
	n := min(len(ols), len(fls)-at)
	var b strings.Builder
	fmt.Fprintf(&b, "%s. The closest text is at lines %d-%d:\n%s\n", msg, at+1, at+n, numbered(content, fls, at, min(at+n, at+maxHintLines)))
	shown := 0
	for k := 0; k < n && shown < 3; k++ {
		f := content[fls[at+k].start:fls[at+k].end]
		o := body[ols[k].start:ols[k].end]
		if lineKey(f) == lineKey(o) {
			continue
		}
		fmt.Fprintf(&b, "line %d differs: the file has %q, old_string has %q\n", at+k+1, clip(f, 160), clip(o, 160))
		shown++
	}
	b.WriteString("Copy old_string from these lines exactly and retry.")
	return b.String()
}

// closest returns the first line of the window of len(ols) file lines
// most like old's lines, and how alike (0 to 1).
func closest(content string, fls []line, body string, ols []line) (int, float64) {
	const most = 60 // old lines compared: enough to place it
	// Bound the work on a large file: compare fewer of old's lines.
	const budget = 2_000_000
	n := max(1, min(len(ols), most, len(fls), budget/len(fls)))
	oldGrams := make([]map[string]int, n)
	for k := range n {
		oldGrams[k] = bigrams(lineKey(body[ols[k].start:ols[k].end]))
	}
	fileGrams := make([]map[string]int, len(fls))
	gram := func(i int) map[string]int {
		if fileGrams[i] == nil {
			fileGrams[i] = bigrams(lineKey(content[fls[i].start:fls[i].end]))
		}
		return fileGrams[i]
	}
	best, bestScore := 0, -1.0
	for at := 0; at+n <= len(fls); at++ {
		sum := 0.0
		for k := range n {
			sum += dice(oldGrams[k], gram(at+k))
		}
		if s := sum / float64(n); s > bestScore {
			best, bestScore = at, s
		}
	}
	return best, bestScore
}

// bigrams counts the pairs of adjacent bytes of s; a string shorter than
// two bytes is its own gram.
func bigrams(s string) map[string]int {
	m := make(map[string]int, len(s))
	if len(s) < 2 {
		m[s]++
		return m
	}
	for i := 0; i+2 <= len(s); i++ {
		m[s[i:i+2]]++
	}
	return m
}

// dice is the Sørensen–Dice similarity of two bigram multisets.
func dice(a, b map[string]int) float64 {
	na, nb, common := 0, 0, 0
	for g, c := range a {
		na += c
		common += min(c, b[g])
	}
	for _, c := range b {
		nb += c
	}
	if na+nb == 0 {
		return 1
	}
	return 2 * float64(common) / float64(na+nb)
}
