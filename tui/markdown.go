package tui

import (
	"strings"
	"sync"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/internal/lazyre"
)

// mdItem is the assistant's reply, drawn as Markdown while it streams:
// headings, lists, quotes, rules, **bold**, *italic*, `code`, links, and
// fenced code blocks with their tokens highlighted.
//
// Markdown is read one line at a time. A finished line is drawn once, and
// the block state it leaves (inside a code block or not) carries to the
// next; only the unfinished last line is drawn again when a delta arrives.
// So a stream of n deltas costs O(n), and nothing is re-wrapped until the
// width changes.
type mdItem struct {
	st *styles

	lineBuffer

	w     int      // the width the cache below was made for
	state mdState  // the block state after lines[:nDone]
	done  []string // rows of lines[:nDone]
	nDone int
	out   []string // done followed by the rows of open
	stale bool
}

// mdState is what one line of Markdown leaves for the next.
type mdState struct {
	fence string // the fence that opened the code block we are in; "" outside
	lang  string // the code block's language, for highlighting
}

func newMdItem(st *styles) *mdItem { return &mdItem{st: st, stale: true} }

// add appends clean text, which may hold newlines.
func (t *mdItem) add(s string) {
	t.write(s)
	t.stale = true
}

func (t *mdItem) rows(w int, _ *frame) []string {
	if w != t.w {
		t.w, t.done, t.nDone, t.state, t.stale = w, t.done[:0], 0, mdState{}, true
	}
	if !t.stale {
		return t.out
	}
	for ; t.nDone < len(t.lines); t.nDone++ {
		t.done = renderMarkdownLine(t.done, t.lines[t.nDone], &t.state, w, t.st)
	}
	t.out = t.done
	if open := t.open.String(); open != "" || len(t.done) == 0 {
		// The open line is drawn with a copy of the state: it may still
		// become a fence or a heading.
		s := t.state
		t.out = renderMarkdownLine(t.done[:len(t.done):cap(t.done)], open, &s, w, t.st)
	}
	t.stale = false
	return t.out
}

var (
	mdFence   = lazyre.New("^ {0,3}(```+|~~~+)\\s*([^`\\s]*)")
	mdHeading = lazyre.New(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	mdRule    = lazyre.New(`^ {0,3}([-*_])(\s*([-*_]))*\s*$`)
	mdBullet  = lazyre.New(`^(\s*)[-*+]\s+(.*)$`)
	mdOrdered = lazyre.New(`^(\s*)(\d{1,9}[.)])\s+(.*)$`)
	mdQuote   = lazyre.New(`^ {0,3}>\s?(.*)$`)
)

// renderMarkdownLine appends the rows of one line of Markdown, w cells
// wide, and updates the block state.
func renderMarkdownLine(dst []string, line string, s *mdState, w int, st *styles) []string {
	line = expandTabs(line)
	if s.fence != "" {
		if m := mdFence().FindStringSubmatch(line); m != nil && strings.HasPrefix(m[1], s.fence) && strings.TrimSpace(line[len(m[0]):]) == "" && m[2] == "" {
			s.fence, s.lang = "", ""
			return append(dst, st.MdFence.Render("╰─"))
		}
		gutter := st.MdFence.Render("│ ")
		return appendSpans(dst, highlightCode(line, s.lang, st), w, gutter, gutter)
	}
	if m := mdFence().FindStringSubmatch(line); m != nil {
		s.fence, s.lang = m[1][:3], strings.ToLower(m[2])
		head := "╭─"
		if m[2] != "" {
			head += " " + m[2]
		}
		return append(dst, st.MdFence.Render(fit(head, w)))
	}
	if m := mdHeading().FindStringSubmatch(line); m != nil {
		spans := inlineSpans(m[2], st)
		for i := range spans {
			spans[i].style = &st.MdHeading
		}
		return appendSpans(dst, spans, w, "", "")
	}
	if mdRule().MatchString(line) && strings.Count(strings.TrimSpace(line), strings.TrimSpace(line)[:1]) >= 3 {
		return append(dst, st.MdFence.Render(strings.Repeat("─", min(w, 40))))
	}
	if m := mdBullet().FindStringSubmatch(line); m != nil {
		indent := strings.Repeat(" ", min(len(m[1]), 8))
		return appendSpans(dst, inlineSpans(m[2], st), w, indent+"• ", indent+"  ")
	}
	if m := mdOrdered().FindStringSubmatch(line); m != nil {
		indent := strings.Repeat(" ", min(len(m[1]), 8))
		return appendSpans(dst, inlineSpans(m[3], st), w, indent+m[2]+" ", indent+strings.Repeat(" ", len(m[2])+1))
	}
	if m := mdQuote().FindStringSubmatch(line); m != nil {
		spans := inlineSpans(m[1], st)
		for i := range spans {
			if spans[i].style == nil {
				spans[i].style = &st.MdQuote
			}
		}
		bar := st.MdQuote.Render("│ ")
		return appendSpans(dst, spans, w, bar, bar)
	}
	return appendSpans(dst, inlineSpans(line, st), w, "", "")
}

// span is a piece of text drawn in one style; nil is plain.
type span struct {
	text  string
	style *lipgloss.Style
}

// inlineSpans splits one line of Markdown into styled pieces: `code`,
// **bold**, *italic*, [links](url), with the markers removed. What does not
// close on the line is shown as written.
func inlineSpans(line string, st *styles) []span {
	var out []span
	var plain strings.Builder
	flush := func() {
		if plain.Len() > 0 {
			out = append(out, span{text: plain.String()})
			plain.Reset()
		}
	}
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line) && strings.IndexByte("\\`*_[]()#+-.!>", line[i+1]) >= 0:
			plain.WriteByte(line[i+1])
			i += 2
			continue
		case c == '`':
			n := runOf(line[i:], '`')
			if j := strings.Index(line[i+n:], line[i:i+n]); j >= 0 {
				flush()
				code := line[i+n : i+n+j]
				if t := strings.TrimSpace(code); t != "" {
					code = t
				}
				out = append(out, span{text: code, style: &st.MdCode})
				i += n + j + n
				continue
			}
			plain.WriteString(line[i : i+n])
			i += n
			continue
		case c == '*' || c == '_':
			n := min(runOf(line[i:], c), 2)
			marker := line[i : i+n]
			// An emphasis opens before a non-space and, for "_", not
			// inside a word (snake_case stays as it is).
			opens := i+n < len(line) && line[i+n] != ' ' && (c == '*' || i == 0 || !isWordByte(line[i-1]))
			if opens {
				if j := closeEmphasis(line[i+n:], marker); j > 0 {
					flush()
					style := &st.MdItalic
					if n == 2 {
						style = &st.MdBold
					}
					for _, s := range inlineSpans(line[i+n:i+n+j], st) {
						if s.style == nil {
							s.style = style
						}
						out = append(out, s)
					}
					i += n + j + n
					continue
				}
			}
			plain.WriteString(marker)
			i += n
			continue
		case c == '[':
			if text, url, n, ok := link(line[i:]); ok {
				flush()
				out = append(out, span{text: text, style: &st.MdLink})
				if url != text {
					out = append(out, span{text: " (" + url + ")", style: &st.Muted})
				}
				i += n
				continue
			}
		}
		_, size := utf8.DecodeRuneInString(line[i:])
		plain.WriteString(line[i : i+size])
		i += size
	}
	flush()
	return out
}

// runOf counts the leading bytes of s equal to c.
func runOf(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// closeEmphasis finds the marker that closes an emphasis in s: after a
// non-space, and for "_" not followed by a word character. It returns the
// index of the closing marker, or -1.
func closeEmphasis(s, marker string) int {
	for j := 1; j+len(marker) <= len(s); j++ {
		if s[j:j+len(marker)] != marker || s[j-1] == ' ' {
			continue
		}
		after := j + len(marker)
		if after < len(s) && s[after] == marker[0] {
			continue // part of a longer run
		}
		if marker[0] == '_' && after < len(s) && isWordByte(s[after]) {
			continue
		}
		return j
	}
	return -1
}

// link parses "[text](url)" at the start of s.
func link(s string) (text, url string, n int, ok bool) {
	end := strings.Index(s, "](")
	if end < 1 || strings.ContainsAny(s[1:end], "[]") {
		return "", "", 0, false
	}
	close := strings.IndexByte(s[end+2:], ')')
	if close < 0 {
		return "", "", 0, false
	}
	url = s[end+2 : end+2+close]
	if url == "" || strings.ContainsAny(url, " \t") {
		return "", "", 0, false
	}
	return s[1:end], url, end + 2 + close + 1, true
}

// cell is one grapheme-sized piece of a span, for wrapping.
type cell struct {
	s     string
	w     int
	style *lipgloss.Style
}

// appendSpans wraps spans to w cells (first and rest prefix the first and
// the other rows, and have the same width) and appends the styled rows:
// breaking at spaces where it can, inside a word where it must, never
// cutting anything off.
func appendSpans(dst []string, spans []span, w int, first, rest string) []string {
	inner := max(w-ansi.StringWidth(first), 1)
	var cells []cell
	for _, s := range spans {
		for _, r := range s.text {
			cw := ansi.StringWidth(string(r))
			if cw == 0 && len(cells) > 0 {
				// A combining mark joins the cell before it.
				cells[len(cells)-1].s += string(r)
				continue
			}
			cells = append(cells, cell{s: string(r), w: cw, style: s.style})
		}
	}
	rows := wrapCells(cells, inner)
	for i, row := range rows {
		p := rest
		if i == 0 {
			p = first
		}
		dst = append(dst, p+drawCells(row))
	}
	return dst
}

// wrapCells breaks cells into rows at most w cells wide.
func wrapCells(cells []cell, w int) [][]cell {
	if len(cells) == 0 {
		return [][]cell{nil}
	}
	var rows [][]cell
	var row []cell
	rowW := 0
	for i := 0; i < len(cells); {
		if cells[i].s == " " {
			// Spaces at the end of a row are dropped with the break, and
			// none start a row after one.
			j := i
			for j < len(cells) && cells[j].s == " " {
				j++
			}
			if len(row) == 0 && len(rows) > 0 {
				i = j
				continue
			}
			if rowW+(j-i) > w {
				rows, row, rowW = append(rows, row), nil, 0
				i = j
				continue
			}
			row = append(row, cells[i:j]...)
			rowW += j - i
			i = j
			continue
		}
		j, ww := i, 0
		for j < len(cells) && cells[j].s != " " {
			ww += cells[j].w
			j++
		}
		if rowW+ww > w && ww <= w && len(row) > 0 {
			rows, row, rowW = append(rows, trimRight(row)), nil, 0
		}
		for ; i < j; i++ {
			if rowW+cells[i].w > w && len(row) > 0 {
				rows, row, rowW = append(rows, row), nil, 0
			}
			row = append(row, cells[i])
			rowW += cells[i].w
		}
	}
	return append(rows, row)
}

func trimRight(row []cell) []cell {
	for len(row) > 0 && row[len(row)-1].s == " " {
		row = row[:len(row)-1]
	}
	return row
}

// drawCells renders a row, one Render per run of cells in the same style,
// so every row opens and closes its own styles.
func drawCells(row []cell) string {
	var b strings.Builder
	for i := 0; i < len(row); {
		j := i
		var run strings.Builder
		for j < len(row) && row[j].style == row[i].style {
			run.WriteString(row[j].s)
			j++
		}
		if row[i].style == nil {
			b.WriteString(run.String())
		} else {
			b.WriteString(row[i].style.Render(run.String()))
		}
		i = j
	}
	return b.String()
}

// Code highlighting: a small tokenizer that knows comments, strings,
// numbers and keywords of common languages. It reads one line at a time and
// never fails: what it does not know stays plain.

// keywords are the words highlighted, by language; made on first use, not
// at start.
var keywords = sync.OnceValue(func() map[string]map[string]bool {
	keywords := map[string]map[string]bool{}
	add := func(words string, langs ...string) {
		for _, l := range langs {
			if keywords[l] == nil {
				keywords[l] = map[string]bool{}
			}
			for _, w := range strings.Fields(words) {
				keywords[l][w] = true
			}
		}
	}
	add("break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false", "go", "golang")
	add("and as assert async await break class continue def del elif else except finally for from global if import in is lambda None nonlocal not or pass raise return True False try while with yield", "python", "py")
	add("async await break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof let new null return super switch this throw true try typeof undefined var void while yield interface type enum implements", "js", "javascript", "ts", "typescript", "jsx", "tsx")
	add("if then else elif fi for while until do done case esac in function return local export set unset echo exit", "sh", "bash", "shell", "zsh", "console")
	add("as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while", "rust", "rs")
	add("auto break case char const continue default do double else enum extern float for goto if int long register return short signed sizeof static struct switch typedef union unsigned void volatile while class public private protected new delete template namespace using bool true false nullptr", "c", "cpp", "c++", "h", "java", "cs", "kotlin")
	add("select from where insert into update delete create table drop alter join left right inner outer on group by order having limit and or not null as values set", "sql")
	return keywords
})

// commentStart is what opens a line comment in lang.
func commentStart(lang string) []string {
	switch lang {
	case "sh", "bash", "shell", "zsh", "console", "python", "py", "ruby", "rb", "yaml", "yml", "toml", "perl", "make", "makefile", "dockerfile", "r":
		return []string{"#"}
	case "sql", "lua", "haskell", "hs":
		return []string{"--"}
	case "", "text", "txt", "plain", "diff", "markdown", "md", "json":
		return nil
	}
	return []string{"//"}
}

// highlightCode splits one line of code into styled tokens.
func highlightCode(line, lang string, st *styles) []span {
	if lang == "diff" {
		switch {
		case strings.HasPrefix(line, "+"):
			return []span{{text: line, style: &st.DiffAdd}}
		case strings.HasPrefix(line, "-"):
			return []span{{text: line, style: &st.DiffDel}}
		case strings.HasPrefix(line, "@@"):
			return []span{{text: line, style: &st.DiffHunk}}
		}
		return []span{{text: line}}
	}
	kw := keywords()[lang]
	comments := commentStart(lang)
	var out []span
	plainFrom := 0
	emit := func(from, to int, style *lipgloss.Style) {
		if plainFrom < from {
			out = append(out, span{text: line[plainFrom:from]})
		}
		out = append(out, span{text: line[from:to], style: style})
		plainFrom = to
	}
	for i := 0; i < len(line); {
		c := line[i]
		if comment := startsAny(line[i:], comments); comment && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t' || c != '#') {
			emit(i, len(line), &st.CodeComment)
			break
		}
		switch {
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(line) && line[j] != c {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(line))
			emit(i, j, &st.CodeString)
			i = j
			continue
		case c >= '0' && c <= '9' && (i == 0 || !isWordByte(line[i-1])):
			j := i
			for j < len(line) && (isWordByte(line[j]) || line[j] == '.') {
				j++
			}
			emit(i, j, &st.CodeNumber)
			i = j
			continue
		case isWordByte(c) && (i == 0 || !isWordByte(line[i-1])):
			j := i
			for j < len(line) && isWordByte(line[j]) {
				j++
			}
			if kw[line[i:j]] {
				emit(i, j, &st.CodeKeyword)
			}
			i = j
			continue
		}
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	if plainFrom < len(line) {
		out = append(out, span{text: line[plainFrom:]})
	}
	return out
}

func startsAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
