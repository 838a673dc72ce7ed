package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/internal/termsafe"
)

// Worktrees are the isolated copies of the project an --isolate screen
// gives its providers, one each, for /compare and /apply. Its methods do
// I/O (git) and may take a while: the screen calls them only from
// goroutines of its own, never from Update, and they must honour ctx.
type Worktrees interface {
	// Changes returns each provider's work so far in its copy, in the
	// order of the panels. A copy that cannot be read has Err set; the
	// others are still returned.
	Changes(ctx context.Context) ([]Changes, error)
	// Apply takes provider's changes into the project root, as
	// 'agent apply' does: it checks first and changes nothing when they
	// conflict with the root as it is now (the error then says so and
	// the copy is kept). On success the copy is removed and the changes
	// applied are returned.
	Apply(ctx context.Context, provider string) (Changes, error)
}

// Changes is one provider's work in its isolated copy.
type Changes struct {
	// Provider is whose copy it is; Dir is where the copy is.
	Provider, Dir string
	// Files are the paths changed, relative to the root.
	Files []string
	// Stat is git's diffstat of the changes and Diff the full diff; both
	// are empty when nothing changed.
	Stat, Diff string
	// Err is set when the copy could not be read.
	Err error
}

// comparedMsg carries what /compare asked for; show names the provider
// whose full diff to open, "" for the summary.
type comparedMsg struct {
	changes []Changes
	show    string
	err     error
}

// appliedMsg says how /apply went.
type appliedMsg struct {
	provider string
	changes  Changes
	err      error
}

// compareSlash runs /compare [NAME] and /apply NAME.
func (m *model) compareSlash(name, arg string) {
	w := m.opts.Worktrees
	if w == nil {
		m.flash = name + " needs isolated copies: start with agent --isolate --provider a,b"
		return
	}
	ctx := m.ctx
	if arg != "" && m.isolatedPanel(arg) == nil {
		m.flash = name + " " + termsafe.Line(arg) + ": no such panel (" + strings.Join(m.isolatedNames(), ", ") + ")"
		return
	}
	if name == "/compare" {
		if arg == "" { // with a NAME, the diff opens over the panels instead
			m.focused().addCommand(name)
		}
		m.goTracked(func() tea.Msg {
			changes, err := w.Changes(ctx)
			return comparedMsg{changes: changes, show: arg, err: err}
		})
		return
	}
	p := m.isolatedPanel(arg)
	switch {
	case arg == "":
		m.flash = "/apply NAME: which provider's changes to take (" + strings.Join(m.isolatedNames(), ", ") + "); /compare shows them"
		return
	case p.applied:
		m.flash = termsafe.Line(arg) + "'s changes are applied already"
		return
	case p.running() || p.renewing:
		m.flash = "wait for " + termsafe.Line(arg) + "'s turn to end (or Ctrl+C it) before applying its changes"
		return
	}
	m.focused().addCommand(name + " " + arg)
	m.goTracked(func() tea.Msg {
		c, err := w.Apply(ctx, arg)
		return appliedMsg{provider: arg, changes: c, err: err}
	})
}

// rootOf is where panel i's calls run: its own copy with --isolate, else
// the project root.
func (m *model) rootOf(i int) string {
	if i >= 0 && i < len(m.panels) && m.panels[i].worktree != "" {
		return m.panels[i].worktree
	}
	return m.opts.Root
}

// isolatedPanel is the panel of provider, or nil.
func (m *model) isolatedPanel(provider string) *panel {
	for _, p := range m.panels {
		if p.provider == provider {
			return p
		}
	}
	return nil
}

func (m *model) isolatedNames() []string {
	var names []string
	for _, p := range m.panels {
		names = append(names, termsafe.Line(p.name()))
	}
	return names
}

// compareResult shows the outcome of /compare or /apply in the focused
// panel, or opens a provider's full diff.
func (m *model) compareResult(msg tea.Msg) {
	p := m.focused()
	defer p.scrollBottom()
	switch msg := msg.(type) {
	case comparedMsg:
		if msg.err != nil {
			p.addError("compare: " + msg.err.Error())
			return
		}
		if msg.show != "" {
			m.showChanges(msg.changes, msg.show)
			return
		}
		p.addNotice(termsafe.Text(compareSummary(msg.changes, m.opts.Root)))
	case appliedMsg:
		if msg.err != nil {
			p.addError("apply: " + msg.err.Error())
			return
		}
		if q := m.isolatedPanel(msg.provider); q != nil {
			q.applied = true
			q.worktree = ""
		}
		m.updatePlaceholder()
		if msg.changes.Stat == "" {
			p.addNotice(termsafe.Text(msg.provider + " made no changes; its copy is removed."))
			return
		}
		p.addNotice(termsafe.Text(fmt.Sprintf("Applied %s's changes to %s; its copy is removed:\n%s",
			msg.provider, m.opts.Root, indentLines(msg.changes.Stat))))
	}
}

// showChanges opens provider's full diff in the diff view, or says why it
// cannot.
func (m *model) showChanges(changes []Changes, provider string) {
	p := m.focused()
	for _, c := range changes {
		if c.Provider != provider {
			continue
		}
		switch {
		case c.Err != nil:
			p.addError("compare: " + termsafe.Line(provider) + "'s copy: " + c.Err.Error())
		case c.Diff == "":
			p.addNotice(termsafe.Text(provider + " has made no changes."))
		default:
			v := &diffView{title: termsafe.Line(provider) + "'s changes", diff: parseDiff(termsafe.Text(c.Diff)),
				keys: newDiffKeys("back to the panels", "esc", "q"), st: m.st}
			v.side = m.width >= sideBySideMin
			v.SetSize(m.width, m.height)
			m.diff = v
		}
		return
	}
	p.addError("compare: " + termsafe.Line(provider) + " has no copy any more (applied, or cleaned)")
}

// compareSummary lists, per provider, where its copy is, the files it
// changed and the diffstat, then what the person can do next.
func compareSummary(changes []Changes, root string) string {
	var b strings.Builder
	b.WriteString("Changes of each provider, against what you had when the screen opened:")
	for _, c := range changes {
		switch {
		case c.Err != nil:
			fmt.Fprintf(&b, "\n\n%s: cannot read its copy: %v", c.Provider, c.Err)
		case c.Stat == "":
			fmt.Fprintf(&b, "\n\n%s: no changes (in %s)", c.Provider, c.Dir)
		default:
			fmt.Fprintf(&b, "\n\n%s: %s in %s\n%s", c.Provider, files(len(c.Files)), c.Dir, indentLines(c.Stat))
		}
	}
	b.WriteString("\n\n/compare NAME opens NAME's full diff; /apply NAME takes its changes into " + root + ".")
	return b.String()
}

func indentLines(s string) string {
	var b strings.Builder
	for l := range strings.Lines(strings.TrimRight(s, "\n")) {
		b.WriteString("  " + l)
	}
	return b.String()
}

// diffKey gives a key to the compare view's diff, which owns its keys:
// it takes every key but Ctrl+C, which the caller handles first.
func (m *model) diffKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.diff.Update(msg) {
		m.diff = nil
	}
	return nil
}
