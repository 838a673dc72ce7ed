package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/tools/isolate"
	"github.com/agentcli/agent/tui/printer"
)

// runMulti is `agent run --provider a,b "task"`: one agent per provider,
// run concurrently by a coordinator against the same root (or, with
// --isolate, each in its own worktree), text lines prefixed with the
// provider's name (JSON events carry it already), the providers' figures
// on stderr at the end, and the worst exit code of them all.
func (a *app) runMulti(c *cobra.Command, f runFlags, names []string, task string) error {
	ctx := c.Context()
	cfg, files, root, err := a.loadEffective(f)
	if err != nil {
		return err
	}
	for _, n := range files.ignoredNotes() {
		fmt.Fprintf(a.stderr, "agent: %s\n", n)
	}
	for _, n := range names {
		if _, ok := cfg.Providers[n]; !ok {
			return unknownProvider(n, cfg, files)
		}
	}
	var iso *isolate.Set
	started := false
	if f.isolate {
		set, err := a.isolate(ctx, root, names)
		if err != nil {
			return err
		}
		iso = &set
		defer func() {
			if !started {
				// Nothing ran: leave no worktree to block the next run.
				iso.Remove(names)
			}
		}()
	}
	if err := a.openSession(&cfg, root, "run"); err != nil {
		return err
	}
	defer a.closeSession()

	var approver agent.Approver = agent.DenyAll{}
	if a.hasTerminal() {
		// One question on the terminal at a time, whoever asks.
		a.rules = new(agent.SessionRules)
		approver = &oneAtATime{next: printer.NewSessionAsker(a.stdin, a.stderr, a.rules)}
	}
	var outMu sync.Mutex // one line at a time on stdout and stderr
	var flush []*prefixWriter
	var jsonSink agent.Sink
	if f.json {
		jsonSink = printer.NewJSON(a.stdout)
	}
	coordRoot := root
	if r, err := filepath.EvalSymlinks(root); err == nil {
		coordRoot = r
	}
	coord := agent.NewCoordinator(coordRoot)
	for _, n := range names {
		pc := cfg
		pc.Provider = n
		sink := jsonSink
		if sink == nil {
			out, errw := newPrefixWriter(a.stdout, &outMu, n), newPrefixWriter(a.stderr, &outMu, n)
			flush = append(flush, out, errw)
			sink = printer.NewText(out, errw, a.colorful(a.stderr))
		}
		wroot := root
		if iso != nil {
			wroot = iso.Dir(n)
			fmt.Fprintf(a.stderr, "agent: %s works in %s\n", n, wroot)
		}
		join := coord.Join
		if iso != nil {
			join = func(o agent.Options) (*agent.Agent, error) {
				// Its own root: nothing to share, and the real root's
				// checkpoints would record the wrong files.
				o.Locks, o.Checkpointer = agent.NewLocks(wroot), nil
				return coord.Join(o)
			}
		}
		w, err := a.wireWith(pc, wroot, approver, exitCodeSink{sink}, join)
		if err != nil {
			return err
		}
		defer w.Close()
		for _, note := range w.notes {
			fmt.Fprintf(a.stderr, "agent: %s: %s\n", n, note)
		}
	}

	started = true
	guarded, stop := a.session.guard(ctx)
	defer stop()
	results := coord.Broadcast(guarded, task)
	for _, p := range flush {
		p.Flush()
	}
	writeStats(a.stderr, coord.Stats())
	if iso != nil {
		iso.Report(context.Background(), a.stderr, names)
	}

	if lost := a.session.lost(); lost != nil {
		return lost
	}
	worst := exitOK
	var firstErr error
	for _, r := range results {
		code := runExitCode(r.Outcome.Status, r.Outcome.Denied+r.Outcome.Blocked)
		if r.Err != nil && r.Outcome.Status == "" {
			code = exitFailed // never ran: ErrBusy cannot happen here, but say so
		}
		if severity(code) > severity(worst) {
			worst = code
		}
		if r.Err != nil && firstErr == nil {
			firstErr = fmt.Errorf("%s: %w", r.Provider, r.Err)
		}
	}
	return runEnd(worst, firstErr, f.json)
}

// severity orders exit codes from best to worst, for the worst of several
// providers: interrupted, then failed, then a limit, then refused actions.
func severity(code int) int {
	switch code {
	case exitOK:
		return 0
	case exitRefused:
		return 1
	case exitLimit:
		return 2
	case exitFailed:
		return 3
	default: // exitInterrupted
		return 4
	}
}

// writeStats prints each provider's figures as a table.
func writeStats(w io.Writer, stats []agent.Stats) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "provider\tturns\tcalls\tcompleted\tfailed\tdenied\tblocked\tavg tool\tqueued\tlock wait\ttokens\tcontext\tcompactions\tcost\twall\tstatus")
	for _, s := range stats {
		cost := "-"
		if s.Cost > 0 {
			cost = fmt.Sprintf("$%.4f", s.Cost)
		}
		// The context the conversation fills now, of the model's window.
		fill := "-"
		if s.Context.Window > 0 {
			fill = fmt.Sprintf("%d/%d", s.Context.Used, s.Context.Window)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%d\t%s\t%d\t%s\t%d\t%s\t%s\t%s\n", s.Provider, s.Turns, s.Calls(),
			s.Completed, s.Failed, s.Denied, s.Blocked, roundDur(s.AvgToolTime()), s.Queued, roundDur(s.LockWait),
			s.Usage.Total(), fill, s.Compactions, cost, roundDur(s.Wall), s.Status)
	}
	tw.Flush()
}

func roundDur(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// prefixWriter writes whole lines to w, each prefixed with "name: ", so
// that several providers' output interleaves by line, never mid-line. Text
// without its newline yet waits in the buffer until the line ends or Flush.
type prefixWriter struct {
	w      io.Writer
	mu     *sync.Mutex // shared by every writer of the same output
	prefix string
	buf    []byte
}

func newPrefixWriter(w io.Writer, mu *sync.Mutex, name string) *prefixWriter {
	return &prefixWriter{w: w, mu: mu, prefix: name + ": "}
}

// Write buffers p and writes out its complete lines.
func (p *prefixWriter) Write(b []byte) (int, error) {
	p.buf = append(p.buf, b...)
	i := bytes.LastIndexByte(p.buf, '\n')
	if i < 0 {
		return len(b), nil
	}
	var out bytes.Buffer
	for line := range bytes.Lines(p.buf[:i+1]) {
		out.WriteString(p.prefix)
		out.Write(line)
	}
	p.buf = append(p.buf[:0], p.buf[i+1:]...)
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := p.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Flush writes what is left of an unfinished line, with a newline.
func (p *prefixWriter) Flush() {
	if len(p.buf) > 0 {
		p.Write([]byte("\n"))
	}
}

// oneAtATime passes one approval request at a time to next, so that two
// providers never ask on the terminal at once.
type oneAtATime struct {
	mu   sync.Mutex
	next agent.Approver
}

// Ask waits for the requests before it, then asks next; a request whose
// file changed while it waited (the other provider's approved edit) is
// sent back to be planned again rather than shown with an old diff.
func (o *oneAtATime) Ask(ctx context.Context, req agent.ApprovalRequest) (agent.Answer, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if ctx.Err() != nil {
		return agent.Answer{}, ctx.Err()
	}
	if req.Stale != nil && req.Stale() {
		return agent.Answer{Choice: agent.Replan}, nil
	}
	return o.next.Ask(ctx, req)
}
