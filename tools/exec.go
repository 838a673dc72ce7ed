package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/agentcli/agent/tools/sandbox"
)

// errTimeout is the cause of a command's context when its timeout passed.
var errTimeout = errors.New("timed out")

// coalesce is how often live output is passed on at most, so a flood of
// tiny writes does not flood the screen.
const coalesce = 50 * time.Millisecond

// drainLimit is how long output is still read after the command and its
// process group are gone: only a descendant that left the group (setsid)
// can hold the pipe open that long, and it is not waited for.
const drainLimit = time.Second

// command is one process to run: a shell command or git.
type command struct {
	tool    string
	argv    []string
	timeout time.Duration
	network bool
	// env, when set, is the whole environment of the process instead of
	// the registry's (TMPDIR is still added): the git tool's hardened one.
	env []string
	// hold, when set, runs the command held in a sandbox session, and
	// its layer is stored in *layer once it has ended (see held.go).
	hold  *sandbox.Hold
	layer **sandbox.Layer
}

// exec runs c in the root and reports its outcome. It streams output to out
// (coalesced, on the calling goroutine), stops the whole process group at
// the timeout or when ctx is cancelled (SIGTERM, then SIGKILL after the
// grace period), and kills what is left of the group when the command
// exits. It blocks until the command is gone.
func (r *Registry) exec(ctx context.Context, c command, out func(string)) Result {
	p, err := r.newProc(ctx, c)
	if err != nil {
		return failuref("%s: cannot set up the command: %v", c.tool, err)
	}
	defer p.cleanup()
	pr, pw, err := os.Pipe()
	if err != nil {
		return internal(fmt.Errorf("output pipe: %w", err))
	}
	defer pr.Close()
	// One pipe for both streams keeps their interleaving, and an *os.File
	// lets the child write to it directly, with no copying goroutine.
	cmd := p.cmd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, pw, pw
	exited, err := p.start()
	pw.Close()
	if err != nil {
		return failuref("%s: cannot start %s: %v", c.tool, c.argv[0], err)
	}

	capt := r.newCapture(spillPrefix(c.tool))
	lv := newLive()
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		readOutput(pr, capt, lv)
	}()

	ctx, cancel := context.WithTimeoutCause(ctx, c.timeout, errTimeout)
	defer cancel()
	grace := time.Duration(r.cfg.KillGraceSeconds) * time.Second
	var (
		stopCause error
		killC     <-chan time.Time
		flushC    <-chan time.Time
		lastFlush time.Time
		done      = ctx.Done()
		drainC    <-chan time.Time
	)
	flush := func(final bool) {
		if s := lv.take(final); s != "" {
			out(s)
		}
		lastFlush, flushC = time.Now(), nil
	}
	for exited != nil || readDone != nil {
		select {
		case <-done:
			// Stop the whole group politely, then surely.
			stopCause = context.Cause(ctx)
			done = nil
			_ = cmd.SignalGroup(syscall.SIGTERM)
			killC = time.After(grace)
		case <-killC:
			killC = nil
			_ = cmd.SignalGroup(syscall.SIGKILL)
		case <-exited:
			// Kill what is left of the group. A session command's PID
			// namespace ended with it, and everything in it. Otherwise,
			// where the OS can wait without reaping (Linux, macOS), the
			// leader is a zombie until wait(), so its group id cannot be
			// reused: what is left of the group, which nothing waits for,
			// is killed, so nothing is left running.
			exited, killC = nil, nil
			_ = cmd.SignalGroup(syscall.SIGKILL)
			drainC = time.After(drainLimit)
		case <-drainC:
			pr.SetReadDeadline(time.Now())
			drainC = nil
		case <-readDone:
			readDone = nil
		case <-lv.ready:
			if wait := coalesce - time.Since(lastFlush); wait > 0 {
				if flushC == nil {
					flushC = time.After(wait)
				}
				continue
			}
			flush(false)
		case <-flushC:
			flush(false)
		}
	}
	flush(true)
	waitErr := p.wait()
	if c.layer != nil {
		*c.layer = cmd.Layer()
	}
	text, file := capt.finish()
	return r.commandResult(c, cmd, waitErr, stopCause, text, file, capt.total)
}

// proc is one command being run: the agent's own child (plain, or the
// sandbox helper of that one command), or a command of a sandbox session,
// whose helper starts, signals and waits for it.
type proc struct {
	cmd *sandbox.Cmd
	// tmp is the command's own temp directory, removed by cleanup; the
	// commands of a session have their session's.
	tmp  string
	wait func() error
}

// newProc makes the process for c.
func (r *Registry) newProc(ctx context.Context, c command) (*proc, error) {
	if c.hold != nil && (r.sessions == nil || c.tool == "git" || c.env != nil) {
		return nil, ErrCannotHold
	}
	if r.sessions != nil && c.tool != "git" && c.env == nil {
		cmd, err := r.sessions.Command(sandbox.Options{
			Root: r.root, Network: c.network || r.network, CacheDir: r.cacheDir(), Hold: c.hold,
		}, c.argv)
		if err != nil {
			return nil, err
		}
		cmd.Dir, cmd.Env = r.root, r.env
		return &proc{cmd: cmd, wait: cmd.Wait}, nil
	}
	tmp, err := os.MkdirTemp("", "agent-cmd-")
	if err != nil {
		return nil, fmt.Errorf("command temp dir: %w", err)
	}
	cmd, err := r.buildCmd(ctx, c, tmp)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &proc{cmd: cmd, tmp: tmp}, nil
}

// start starts the process; exited closes when it has ended.
func (p *proc) start() (exited <-chan struct{}, err error) {
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	if p.cmd.InSession() {
		return p.cmd.Exited(), nil
	}
	exited, p.wait = watchExit(p.cmd.Cmd)
	return exited, nil
}

// cleanup removes the command's temp directory, once the agent has its
// result.
func (p *proc) cleanup() {
	if p.tmp != "" {
		os.RemoveAll(p.tmp)
	}
}

// buildCmd makes the process for c: inside the sandbox when there is one,
// in its own session (so it has no terminal to prompt on and its process
// group can be signalled as a whole), with the scrubbed environment.
func (r *Registry) buildCmd(ctx context.Context, c command, tmp string) (*sandbox.Cmd, error) {
	var cmd *sandbox.Cmd
	if r.sandbox != nil {
		// The sandbox must not kill the command when ctx ends: stopping the
		// whole group, gracefully, is done here.
		access := sandbox.GitReadOnly
		if c.tool == "git" {
			access = sandbox.GitObjectsAndRefs
		}
		var err error
		cmd, err = r.sandbox.Command(context.WithoutCancel(ctx), sandbox.Options{
			Root: r.root, TempDir: tmp, Network: c.network || r.network,
			CacheDir: r.cacheDir(), Git: access,
		}, c.argv)
		if err != nil {
			return nil, err
		}
	} else {
		cmd = &sandbox.Cmd{Cmd: &exec.Cmd{Path: c.argv[0], Args: c.argv}}
	}
	cmd.Dir = r.root
	env := r.env
	if c.env != nil {
		env = c.env
	}
	cmd.Env = withTempDir(env, tmp)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	// Setsid makes a new process group too; Setpgid on top would fail.
	cmd.SysProcAttr.Setsid = true
	cmd.SysProcAttr.Setpgid = false
	dieWithAgent(cmd.SysProcAttr)
	return cmd, nil
}

// cacheDir returns the project's private cache directory, creating it, or
// "" when there is none: the command then runs without private caches
// rather than not at all.
func (r *Registry) cacheDir() string {
	if r.caches == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(r.cacheOf))
	dir := filepath.Join(r.caches, filepath.Base(r.cacheOf)+"-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	return dir
}

// readOutput copies the pipe into the capture and the live buffer until
// EOF or until the read deadline set after the command is gone.
func readOutput(pr *os.File, capt *capture, lv *live) {
	buf := make([]byte, 64<<10)
	for {
		n, err := pr.Read(buf)
		if n > 0 {
			capt.Write(buf[:n])
			lv.add(buf[:n])
		}
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrDeadlineExceeded) {
				capt.Write([]byte("\n[reading output: " + err.Error() + "]\n"))
			}
			return
		}
	}
}

// commandResult describes how the command ended, for the model and the
// screen.
func (r *Registry) commandResult(c command, cmd *sandbox.Cmd, waitErr, stopCause error, text, file string, total int64) Result {
	res := Result{ExitCode: -1, OutputBytes: total, OutputFile: file}
	ws, ok := cmd.WaitStatus()
	ru := cmd.Rusage()
	if !ok && ru == nil {
		return internal(fmt.Errorf("%s: wait: %w", c.tool, waitErr))
	}
	if ok {
		switch {
		case ws.Exited():
			res.ExitCode = ws.ExitStatus()
		case ws.Signaled():
			res.Signal = unix.SignalName(ws.Signal())
			if res.Signal == "" {
				res.Signal = ws.Signal().String()
			}
		}
	}
	if ru != nil {
		res.CPUTime = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		res.MaxRSS = maxRSSBytes(ru)
	}
	var notes []string
	switch {
	case errors.Is(stopCause, errTimeout):
		res.TimedOut = true
		notes = append(notes, fmt.Sprintf("timed out after %s and was stopped", c.timeout))
	case errors.Is(stopCause, ErrClosed):
		notes = append(notes, "stopped because the agent is exiting")
	case stopCause != nil:
		notes = append(notes, "cancelled")
	}
	switch {
	case res.Signal != "":
		notes = append(notes, "killed by "+res.Signal)
	case res.ExitCode != 0:
		notes = append(notes, fmt.Sprintf("exit code %d", res.ExitCode))
	}
	res.IsError = stopCause != nil || res.Signal != "" || res.ExitCode != 0
	if text == "" {
		text = "(no output)"
	}
	if len(notes) > 0 {
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		text += "[" + strings.Join(notes, "; ") + "]"
	}
	res.Output = text
	return res
}
