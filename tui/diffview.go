package tui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
	"github.com/agentcli/agent/tui/callfmt"
)

// sideBySideMin is the narrowest screen that shows a diff side by side:
// two halves of about 60 cells.
const sideBySideMin = 120

// diffView is the modal's full-screen view of what a call will do: for a
// write, edit or delete the coloured unified diff of its preview, with line
// numbers, hunks and the file header, and a side-by-side mode on wide
// screens; for a shell command the command and the parts the classifier
// judged; for anything else its arguments. It scrolls.
type diffView struct {
	title string
	diff  []dline  // the parsed preview; nil when there is none
	text  []string // what is shown instead of a diff, clean
	side  bool     // side by side, when wide enough
	// offset is the first row shown.
	offset int

	// The rows are cached for one width and mode.
	width      int
	cachedSide bool
	rows       []string

	// keys are the view's own keys; w and h its size (SetSize), st the
	// styles it draws with.
	keys diffKeys
	w, h int
	st   *styles
}

// diffKeys are the keys of a diff view, which it owns: scrolling, the
// side-by-side switch, and the keys that close it.
type diffKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	SideBySide                              key.Binding
	Back                                    key.Binding
	// scroll stands for the six scrolling bindings in the short help, and
	// backTo says where Back goes there: the help lists one Back for
	// every diff view.
	scroll key.Binding
	backTo string
}

// newDiffKeys returns a diff view's keys; back are the keys that close
// it, and backHelp says where they go.
func newDiffKeys(backHelp string, back ...string) diffKeys {
	return diffKeys{
		Up:         key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:       key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:     key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown", "ctrl+d", "space"), key.WithHelp("pgdn", "page down")),
		Top:        key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", "top")),
		Bottom:     key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", "bottom")),
		SideBySide: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "side by side")),
		Back:       key.NewBinding(key.WithKeys(back...), key.WithHelp("esc", "back")),
		scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown", "home", "end"),
			key.WithHelp("↑/↓ pgup/pgdn home/end", "scroll")),
		backTo: backHelp,
	}
}

// ShortHelp is the view's row of keys, which says where Back goes.
func (k diffKeys) ShortHelp() []key.Binding {
	back := k.Back
	back.SetHelp(back.Help().Key, k.backTo)
	return []key.Binding{k.SideBySide, k.scroll, back}
}

// FullHelp lists every key of the view, in one group: a group of its own
// would stand without a title where the help wraps.
func (k diffKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.SideBySide, k.Back}}
}

// GroupTitles names the group of FullHelp.
func (k diffKeys) GroupTitles() []string { return []string{"a full diff (v, /compare)"} }

// dline is one line of a unified diff.
type dline struct {
	kind     byte // 'f' file header, '@' hunk, ' ', '+', '-', '\\' and 'n' any other text
	old, new int  // line numbers; 0 when the side has none
	text     string
}

// newDiffView builds the view of req.
func newDiffView(req agent.ApprovalRequest, root string, network bool, st *styles) *diffView {
	v := &diffView{title: termsafe.Line(req.Call.Tool), keys: newDiffKeys("back to the approval", "esc", "v", "q"), st: st}
	if s := callfmt.Line(req.Call, 0); s != "" {
		v.title += ": " + s
	}
	switch {
	case req.Preview != "":
		v.diff = parseDiff(termsafe.Text(req.Preview))
	case req.Call.Tool == "shell":
		v.text = shellBreakdown(req, root, network)
	default:
		v.text = argumentLines(req.Call.Args)
	}
	return v
}

// parseDiff reads a unified diff; lines it does not know are kept as text.
func parseDiff(s string) []dline {
	var out []dline
	oldNo, newNo := 0, 0
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ "):
			out = append(out, dline{kind: 'f', text: l})
		case strings.HasPrefix(l, "@@"):
			oldNo, newNo = hunkStart(l)
			out = append(out, dline{kind: '@', text: l})
		case strings.HasPrefix(l, " ") && oldNo > 0:
			out = append(out, dline{kind: ' ', old: oldNo, new: newNo, text: l[1:]})
			oldNo++
			newNo++
		case strings.HasPrefix(l, "-") && oldNo > 0:
			out = append(out, dline{kind: '-', old: oldNo, text: l[1:]})
			oldNo++
		case strings.HasPrefix(l, "+") && newNo > 0:
			out = append(out, dline{kind: '+', new: newNo, text: l[1:]})
			newNo++
		case strings.HasPrefix(l, `\`):
			out = append(out, dline{kind: '\\', text: l})
		default:
			out = append(out, dline{kind: 'n', text: l})
		}
	}
	return out
}

// hunkStart reads the first old and new line numbers of "@@ -a,b +c,d @@".
// A side that starts at 0 (an empty file) counts from 1.
func hunkStart(h string) (oldNo, newNo int) {
	f := strings.Fields(h)
	num := func(s, sign string) int {
		s = strings.TrimPrefix(s, sign)
		s, _, _ = strings.Cut(s, ",")
		n, _ := strconv.Atoi(s)
		return max(n, 1)
	}
	if len(f) >= 3 {
		return num(f[1], "-"), num(f[2], "+")
	}
	return 1, 1
}

// shellBreakdown is what the view shows for a shell command: the command
// as it will run, where, and each part the classifier judged.
func shellBreakdown(req agent.ApprovalRequest, root string, network bool) []string {
	out := []string{"What will run, with bash -c in " + termsafe.Line(root) + ":", ""}
	cmd, _ := agent.ShellCommand(req.Call.Args)
	for _, l := range strings.Split(termsafe.Text(cmd), "\n") {
		out = append(out, "  "+l)
	}
	if parts := req.Verdict.Parts; len(parts) > 0 {
		out = append(out, "", "Each part as the classifier judged it, in order (the call is "+req.Verdict.Level.String()+"):", "")
		var writes []string
		for _, p := range parts {
			out = append(out, fmt.Sprintf("  %-11s %s", "["+p.Level.String()+"]", termsafe.Line(p.Reason)))
			if strings.Contains(p.Rule, "write") || strings.Contains(p.Reason, ": writes") {
				writes = append(writes, "  • "+termsafe.Line(p.Reason))
			}
		}
		if len(writes) > 0 {
			out = append(out, "", "Files it writes, as far as the classifier can see:", "")
			out = append(out, writes...)
		}
	} else {
		out = append(out, "", "The parts the classifier judged, worst first (the call is "+req.Verdict.Level.String()+"):", "")
		for _, r := range req.Verdict.Reasons {
			out = append(out, "  • "+termsafe.Line(r))
		}
	}
	if req.Verdict.Rule != "" {
		out = append(out, "", "Deciding rule: "+termsafe.Line(req.Verdict.Rule))
	}
	out = append(out, "", "Network: "+networkWord(req.Network, network))
	return out
}

// argumentLines shows a call's arguments, indented when they are JSON.
func argumentLines(args string) []string {
	var v any
	text := args
	if json.Unmarshal([]byte(args), &v) == nil {
		if b, err := json.MarshalIndent(v, "", "  "); err == nil {
			text = string(b)
		}
	}
	return append([]string{"Arguments:", ""}, strings.Split(termsafe.Text(text), "\n")...)
}

// canSide reports whether a width allows the side-by-side mode.
func (v *diffView) canSide(w int) bool { return v.diff != nil && w >= sideBySideMin }

// body returns every row of the view at width w, cached until the width
// or the mode changes.
func (v *diffView) body(w int, st *styles) []string {
	side := v.side && v.canSide(w)
	if v.rows != nil && v.width == w && v.cachedSide == side {
		return v.rows
	}
	v.width, v.cachedSide = w, side
	switch {
	case v.diff == nil:
		v.rows = v.rows[:0]
		for _, l := range v.text {
			v.rows = append(v.rows, wrap(l, w)...)
		}
	case side:
		v.rows = sideBySide(v.diff, w, st)
	default:
		v.rows = unified(v.diff, w, st)
	}
	return v.rows
}

// numWidth is the cells the widest line number needs.
func numWidth(lines []dline) int {
	n := 1
	for _, l := range lines {
		n = max(n, l.old, l.new)
	}
	return len(strconv.Itoa(n))
}

func lineStyle(st *styles, kind byte) lipgloss.Style {
	switch kind {
	case '+':
		return st.DiffAdd
	case '-':
		return st.DiffDel
	case '@':
		return st.DiffHunk
	case 'f':
		return st.ModalTitle
	}
	return lipgloss.NewStyle()
}

func num(n, w int) string {
	if n == 0 {
		return strings.Repeat(" ", w)
	}
	return fmt.Sprintf("%*d", w, n)
}

// unified draws the diff one line under the other: old and new line
// numbers, then the line with its sign, wrapped, never cut.
func unified(lines []dline, w int, st *styles) []string {
	nw := numWidth(lines)
	gutter := 2*nw + 3 // "old new │"
	textW := max(w-gutter-1, 8)
	var rows []string
	for _, l := range lines {
		style := lineStyle(st, l.kind)
		if l.kind == 'f' || l.kind == '@' || l.kind == 'n' || l.kind == '\\' {
			for _, r := range wrap(l.text, w) {
				rows = append(rows, style.Render(r))
			}
			continue
		}
		for i, r := range wrap(string(l.kind)+l.text, textW) {
			nums := num(l.old, nw) + " " + num(l.new, nw)
			if i > 0 {
				nums = strings.Repeat(" ", 2*nw+1)
			}
			rows = append(rows, st.LineNo.Render(nums+" │")+" "+style.Render(r))
		}
	}
	return rows
}

// sideBySide draws the old text on the left and the new on the right; the
// removed and added lines of one change face each other.
func sideBySide(lines []dline, w int, st *styles) []string {
	nw := numWidth(lines)
	half := (w - 1) / 2
	textW := max(half-nw-3, 8)
	var rows []string
	side := func(l *dline, n int) []string {
		if l == nil {
			return nil
		}
		style := lineStyle(st, l.kind)
		// The sign says it without colour too.
		sign := string(l.kind)
		var out []string
		for i, r := range wrap(l.text, textW) {
			no := num(n, nw)
			if i > 0 {
				no, sign = strings.Repeat(" ", nw), " "
			}
			out = append(out, st.LineNo.Render(no+" │")+style.Render(sign+r))
		}
		return out
	}
	pad := func(s string, n int) string {
		return s + strings.Repeat(" ", max(n-ansi.StringWidth(s), 0))
	}
	emit := func(left, right []string) {
		for i := range max(len(left), len(right)) {
			var l, r string
			if i < len(left) {
				l = left[i]
			}
			if i < len(right) {
				r = right[i]
			}
			rows = append(rows, pad(l, half)+st.Divider.Render("┃")+r)
		}
	}
	for i := 0; i < len(lines); {
		l := lines[i]
		switch l.kind {
		case ' ':
			emit(side(&l, l.old), side(&l, l.new))
			i++
		case '-', '+':
			var dels, adds []dline
			for i < len(lines) && lines[i].kind == '-' {
				dels = append(dels, lines[i])
				i++
			}
			for i < len(lines) && lines[i].kind == '+' {
				adds = append(adds, lines[i])
				i++
			}
			for j := range max(len(dels), len(adds)) {
				var left, right []string
				if j < len(dels) {
					left = side(&dels[j], dels[j].old)
				}
				if j < len(adds) {
					right = side(&adds[j], adds[j].new)
				}
				emit(left, right)
			}
		default:
			style := lineStyle(st, l.kind)
			for _, r := range wrap(l.text, w) {
				rows = append(rows, style.Render(r))
			}
			i++
		}
	}
	return rows
}

// SetSize sets the size the view draws in: the whole screen.
func (v *diffView) SetSize(w, h int) { v.w, v.h = w, h }

// KeyMap returns the view's keys.
func (v *diffView) KeyMap() help.KeyMap { return v.keys }

// Update takes a key: it scrolls the view or switches its mode, and
// reports done for a key that closes it. It takes every key.
func (v *diffView) Update(msg tea.Msg) (done bool) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return false
	}
	page := max(v.h-3, 1)
	switch {
	case key.Matches(k, v.keys.Back):
		return true
	case key.Matches(k, v.keys.Up):
		v.scroll(-1)
	case key.Matches(k, v.keys.Down):
		v.scroll(1)
	case key.Matches(k, v.keys.PageUp):
		v.scroll(-page)
	case key.Matches(k, v.keys.PageDown):
		v.scroll(page)
	case key.Matches(k, v.keys.Top):
		v.offset = 0
	case key.Matches(k, v.keys.Bottom):
		v.offset = 1 << 30
	case key.Matches(k, v.keys.SideBySide):
		v.side = !v.side
		v.offset = 0
	}
	return false
}

// View draws the view at its size.
func (v *diffView) View() string { return v.render(v.w, v.h, v.st) }

// keyRow is the row of keys under the view, from its key map: the
// side-by-side switch only where the screen is wide enough for it.
func (v *diffView) keyRow(w int) string {
	k := v.keys
	k.SideBySide.SetEnabled(v.canSide(w))
	if v.side {
		k.SideBySide.SetHelp("t", "unified")
	}
	var parts []string
	for _, b := range k.ShortHelp() {
		if b.Enabled() {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// scroll moves the view n rows down (negative: up); clamped when drawn.
func (v *diffView) scroll(n int) { v.offset = max(v.offset+n, 0) }

// render draws the view in exactly h rows of w cells: a title row, the
// body, and a row of keys.
func (v *diffView) render(w, h int, st *styles) string {
	body := v.body(w, st)
	room := max(h-2, 1)
	v.offset = min(v.offset, max(len(body)-room, 0))
	mode := "unified"
	switch {
	case v.diff == nil:
		mode = ""
	case v.side && v.canSide(w):
		mode = "side by side"
	}
	title := " " + v.title
	var info []string
	if mode != "" {
		info = append(info, mode)
	}
	if len(body) > room {
		info = append(info, fmt.Sprintf("rows %d-%d of %d", v.offset+1, min(v.offset+room, len(body)), len(body)))
	}
	right := strings.Join(info, " · ")
	if right != "" {
		right += " "
	}
	rows := make([]string, 0, h)
	rows = append(rows, st.HeaderAsking.Width(w).MaxWidth(w).Render(spread(fit(title, max(w-ansi.StringWidth(right)-1, 1)), right, w)))
	end := min(v.offset+room, len(body))
	rows = append(rows, body[v.offset:end]...)
	for len(rows) < h-1 {
		rows = append(rows, "")
	}
	rows = append(rows, st.Muted.Render(fit(v.keyRow(w), w)))
	return strings.Join(rows, "\n")
}
