package tui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/internal/termsafe"
)

// checkpointsMsg carries the list /checkpoints asked for.
type checkpointsMsg struct {
	list []agent.Checkpoint
	err  error
}

// undoPreviewMsg carries what /undo would restore.
type undoPreviewMsg struct {
	undo *agent.Undo
	err  error
}

// undoneMsg says how /undo yes went.
type undoneMsg struct {
	target  agent.Checkpoint
	changes int
	err     error
}

// undoSlash runs /checkpoints and /undo [N|yes]. /undo shows the diff and
// keeps it pending; only "/undo yes" applies it, so nothing changes
// without a second, explicit word from the person.
func (m *model) undoSlash(name, arg string) {
	p := m.focused()
	u := m.opts.Undo
	if u == nil {
		m.flash = "undo is not available: no session is being recorded (is git installed?)"
		return
	}
	ctx := m.ctx
	if name == "/checkpoints" {
		p.addCommand(name)
		p.scrollBottom()
		m.goTracked(func() tea.Msg {
			list, err := u.List(ctx)
			return checkpointsMsg{list: list, err: err}
		})
		return
	}
	if m.busy() {
		m.flash = "wait for every turn to end (or Ctrl+C them) before undoing"
		return
	}
	if arg == "yes" {
		pending := m.undo
		if pending == nil {
			m.flash = "nothing to confirm: /undo first shows what it would restore"
			return
		}
		m.undo = nil
		p.addCommand(name + " " + arg)
		p.scrollBottom()
		m.goTracked(func() tea.Msg {
			_, err := u.Apply(ctx, pending)
			return undoneMsg{target: pending.Target, changes: len(pending.Changes), err: err}
		})
		return
	}
	n := 0
	if arg != "" {
		if _, err := fmt.Sscanf(arg, "%d", &n); err != nil || n < 1 {
			m.flash = "/undo " + termsafe.Line(arg) + ": want a checkpoint number (see /checkpoints), or yes"
			return
		}
	}
	p.addCommand(strings.TrimSpace(name + " " + arg))
	p.scrollBottom()
	m.goTracked(func() tea.Msg {
		undo, err := u.Preview(ctx, n)
		return undoPreviewMsg{undo: undo, err: err}
	})
}

// undoResult shows the outcome of a checkpoint command in the focused panel.
func (m *model) undoResult(msg tea.Msg) {
	p := m.focused()
	defer p.scrollBottom()
	switch msg := msg.(type) {
	case checkpointsMsg:
		if msg.err != nil {
			p.addError("checkpoints: " + msg.err.Error())
			return
		}
		if len(msg.list) == 0 {
			p.addNotice("No checkpoints yet: one is recorded before every action that can change files.")
			return
		}
		var b strings.Builder
		b.WriteString("Checkpoints of this session (each with the action that followed it):")
		for _, c := range msg.list {
			label := c.Label
			if c.UndoOf > 0 {
				label = fmt.Sprintf("(before an undo to %d)", c.UndoOf)
			}
			fmt.Fprintf(&b, "\n  %3d  %s  %s", c.N, c.Time.Local().Format("15:04:05"), label)
		}
		b.WriteString("\n/undo N restores checkpoint N; /undo takes back the last change.")
		p.addNotice(termsafe.Text(b.String()))
	case undoPreviewMsg:
		if errors.Is(msg.err, agent.ErrNothingToUndo) {
			p.addNotice("Nothing to undo: the files match the last checkpoint.")
			return
		}
		if msg.err != nil {
			p.addError("undo: " + msg.err.Error())
			return
		}
		m.undo = msg.undo
		var b strings.Builder
		fmt.Fprintf(&b, "Undo would restore checkpoint %d (before: %s), changing %s:", msg.undo.Target.N, msg.undo.Target.Label, files(len(msg.undo.Changes)))
		for _, c := range msg.undo.Changes {
			fmt.Fprintf(&b, "\n  %s %s", c.Status, c.Path)
		}
		if msg.undo.Diff != "" {
			b.WriteString("\n\n" + strings.TrimRight(msg.undo.Diff, "\n"))
		}
		b.WriteString("\n\nType /undo yes to restore these files; anything else leaves them as they are.")
		p.addNotice(termsafe.Text(b.String()))
	case undoneMsg:
		if msg.err != nil {
			p.addError("undo: nothing was restored: " + msg.err.Error() + " (run /undo again to see the new diff)")
			return
		}
		p.addNotice(fmt.Sprintf("Restored %s to checkpoint %d. /undo again goes one action further back; the files as they were are a checkpoint too.", files(msg.changes), msg.target.N))
	}
}

// files counts files in words: "1 file", "3 files".
func files(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}
