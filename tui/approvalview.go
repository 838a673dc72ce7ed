package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/internal/termsafe"
	"github.com/agentcli/agent/tui/callfmt"
)

// modalMaxWidth keeps the modal readable on wide screens.
const modalMaxWidth = 78

// width and inner are the box's width and what is inside its border and
// padding.
func (a *approvalModal) width() int { return min(a.w, modalMaxWidth) }
func (a *approvalModal) inner() int {
	return max(a.width()-a.st.Modal.GetHorizontalFrameSize(), 10)
}

// View draws the modal: the full-screen view when it is open, else the
// box that goes over the screen (see render).
func (a *approvalModal) View() string {
	if a.fullScreen() {
		return a.view.View()
	}
	return a.render()
}

// render draws the shown request as a box: title and queue position,
// then who asks for which tool, the full command or path (wrapped, never
// cut), the level in its colour, the reasons, where it runs and whether
// the network is on, any preview diff; then what the mode needs and the
// keys. When the body is taller than the screen it scrolls, and says so.
func (a *approvalModal) render() string {
	r := a.queue[0]
	st := a.st
	inner := a.inner()
	if r.w != inner || r.body == nil {
		r.w, r.body = inner, a.body(r, inner)
	}

	titleText := "Approve this action?"
	switch {
	case r.changed:
		titleText = "Approve the action as you changed it?"
	case r.req.Replanned:
		titleText = "The file changed meanwhile: approve this diff against it as it is now?"
	}
	var extra []string // rows below the body, for the mode
	armed := r.armed(a.now())
	footer := st.Muted.Render("keys go live when the keyboard has been quiet for a moment…")
	switch a.mode {
	case modeReason:
		titleText = "Deny this action"
		extra = []string{"", "Reason, sent to the model (optional):", a.reason.View()}
		footer = bindingHints(st, a.keys.modeHelp(a.mode, false))
	case modeEdit:
		titleText = "Modify " + a.field.label
		extra = append([]string{""}, strings.Split(a.editor.View(), "\n")...)
		footer = bindingHints(st, a.keys.modeHelp(a.mode, a.field.multiline))
	case modeRule:
		titleText = "Allow for the rest of this session?"
		extra = []string{""}
		for _, l := range wrap(termsafe.Line(a.rule.String()), inner-2) {
			extra = append(extra, "  "+st.Command.Render(l))
		}
		extra = append(extra, "")
		extra = append(extra, wrap("Matching calls from every panel then run without asking, until agent quits. Nothing is saved to disk.", inner)...)
		if armed && a.pending == nil {
			footer = bindingHints(st, a.keys.modeHelp(a.mode, false))
		}
	default:
		if armed && a.pending == nil {
			footer = bindingHints(st, a.keys.ShortHelp())
		}
	}
	if k := a.pending; k != nil {
		footer = st.Muted.Render(k.String() + " counts once no other key follows…")
	}
	if a.note != "" {
		extra = append(extra, "")
		for _, l := range wrap(a.note, inner) {
			extra = append(extra, st.Flash.Render(l))
		}
	}
	title := st.ModalTitle.Render(titleText)
	if n := len(a.queue); n > 1 {
		title = spread(title, st.Muted.Render(fmt.Sprintf("1 of %d", n)), inner)
	}

	body := r.body
	if a.mode != modeAsk {
		// The editor, the reason or the rule is what matters now: of the
		// request, who asks for what is enough.
		body = compactBody(body)
	}
	// Border (2), title, blank, the extra rows, blank, footer.
	room := max(a.h-st.Modal.GetVerticalFrameSize()-4-len(extra), 3)
	if len(body) > room {
		room-- // for the scroll hint
		r.scroll = min(r.scroll, len(body)-room)
		hint := fmt.Sprintf("↑/↓ scroll · rows %d-%d of %d", r.scroll+1, r.scroll+room, len(body))
		body = append(append([]string(nil), body[r.scroll:r.scroll+room]...), st.Muted.Render(hint))
	}
	rows := make([]string, 0, len(body)+len(extra)+4)
	rows = append(rows, title, "")
	rows = append(rows, body...)
	rows = append(rows, extra...)
	rows = append(rows, "", fit(footer, inner))
	return st.Modal.Width(a.width()).Render(strings.Join(rows, "\n"))
}

// compactBody is the top of a request's body: who asks, the level, and
// the command or path, up to its first blank row, at most six rows.
func compactBody(body []string) []string {
	n := 0
	blanks := 0
	for n < len(body) && n < 6 {
		if strings.TrimSpace(ansi.Strip(body[n])) == "" {
			if blanks++; blanks == 2 {
				break
			}
		}
		n++
	}
	return body[:n]
}

// keyHints draws "key what" pairs.
func keyHints(st *styles, pairs ...string) string {
	var parts []string
	for i := 0; i+1 < len(pairs); i += 2 {
		parts = append(parts, st.Key.Render(pairs[i])+" "+pairs[i+1])
	}
	return strings.Join(parts, "  ")
}

// bindingHints draws the enabled bindings as "key what" pairs.
func bindingHints(st *styles, bindings []key.Binding) string {
	var pairs []string
	for _, b := range bindings {
		if b.Enabled() {
			pairs = append(pairs, b.Help().Key, b.Help().Desc)
		}
	}
	return keyHints(st, pairs...)
}

// body is everything a person needs to decide, at the given width.
func (a *approvalModal) body(r *request, w int) []string {
	st, req := a.st, r.req
	lvl := req.Verdict.Level
	who := termsafe.Line(req.Provider) + " wants to run " + termsafe.Line(req.Call.Tool)
	badge := "[" + lvl.String() + "]"
	var rows []string
	if r.changed {
		rows = append(rows, wrap("You changed this call; it was classified again:", w)...)
	}
	if ansi.StringWidth(who)+1+len(badge) <= w {
		rows = append(rows, spread(who, st.Risk(lvl).Render(badge), w))
	} else {
		// Never cut the level off: give it a row of its own.
		rows = append(append(rows, wrap(who, w)...), st.Risk(lvl).Render(badge))
	}
	rows = append(rows, "")
	for _, l := range strings.Split(callfmt.Text(req.Call), "\n") {
		for _, r := range wrap(l, w-2) {
			rows = append(rows, "  "+st.Command.Render(r))
		}
	}
	rows = append(rows, "")
	if req.Held != "" {
		rows = append(rows, wrap("It ran confined, and its changes are held: "+termsafe.Line(req.Held)+". Approve applies exactly them; deny discards them.", w)...)
	}
	if r.root != "" {
		rows = append(rows, wrap("in "+termsafe.Line(r.root), w)...)
	}
	if !strings.HasPrefix(req.Call.Tool, classify.MCPPrefix) {
		// An MCP server is not a sandboxed command: its details say how it runs.
		rows = append(rows, wrap("network: "+networkWord(req.Network, a.network), w)...)
	}
	if req.Undo != "" {
		rows = append(rows, wrap("undo: "+termsafe.Line(req.Undo), w)...)
	}
	if len(req.Verdict.Reasons) > 0 {
		rows = append(rows, "", "Why it is "+lvl.String()+":")
		for _, reason := range req.Verdict.Reasons {
			for i, r := range wrap(termsafe.Line(reason), w-4) {
				p := "    "
				if i == 0 {
					p = "  • "
				}
				rows = append(rows, p+r)
			}
		}
	}
	if req.Verdict.Rule != "" {
		rows = append(rows, st.Muted.Render(fit("rule: "+termsafe.Line(req.Verdict.Rule), w)))
	}
	if req.Preview != "" {
		rows = append(rows, "", previewTitle(req.Call.Tool))
		for _, l := range strings.Split(strings.TrimRight(termsafe.Text(req.Preview), "\n"), "\n") {
			style := lipgloss.NewStyle()
			switch {
			case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
				style = st.Muted
			case strings.HasPrefix(l, "+"):
				style = st.DiffAdd
			case strings.HasPrefix(l, "-"):
				style = st.DiffDel
			case strings.HasPrefix(l, "@@"):
				style = st.DiffHunk
			}
			for _, r := range wrap(l, w) {
				rows = append(rows, style.Render(r))
			}
		}
	}
	return rows
}

// networkWord says whether a call would have the network.
func networkWord(asked, always bool) string {
	switch {
	case asked:
		return "on: the call asks for it"
	case always:
		return "on: [sandbox] network = true"
	}
	return "off"
}

// spread puts left and right on one row of w cells, with the gap between;
// when they do not fit, right goes after a single space and the row is cut.
func spread(left, right string, w int) string {
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return fit(left+" "+right, w)
	}
	return left + strings.Repeat(" ", gap) + right
}

// previewTitle heads the preview in the modal: a diff for the file tools,
// the server, annotations and arguments for an MCP tool.
func previewTitle(tool string) string {
	if strings.HasPrefix(tool, classify.MCPPrefix) {
		return "Details (v shows them whole):"
	}
	return "Changes (v shows them whole):"
}
