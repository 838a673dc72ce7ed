package sandbox

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

// Cmd is a command made by Sandbox.Command: an exec.Cmd to start and wait
// for as usual, and how the command itself ended.
type Cmd struct {
	*exec.Cmd
	// status is the read end of the pipe on which the helper, when it runs
	// the command as the init of a PID namespace, writes the command's
	// wait status; nil when the process waited for is the command.
	status, statusW *os.File
	// sess, when set, runs the command in a session helper (Sessions)
	// instead of starting the embedded exec.Cmd, which then only carries
	// Args, Dir, Env and the streams.
	sess *sessionCmd
	// release, when set, ends the command's use of the root's
	// placeholder .git once it has ended.
	release func()
}

// InSession says the command runs in a session helper: then Start,
// Exited, SignalGroup, Wait, WaitStatus and Rusage are its whole
// interface, and Process and ProcessState stay nil.
func (c *Cmd) InSession() bool { return c.sess != nil }

// Start starts the command.
func (c *Cmd) Start() error {
	if c.sess == nil {
		err := c.Cmd.Start()
		if err != nil && c.release != nil {
			c.release()
		}
		return err
	}
	return c.sess.start(c.Cmd)
}

// Wait waits for the command to end (in a session: until the helper said
// how it ended, or ended itself).
func (c *Cmd) Wait() error {
	if c.sess == nil {
		err := c.Cmd.Wait()
		if c.release != nil {
			c.release()
		}
		return err
	}
	<-c.sess.exited
	return nil
}

// Exited closes when a session command has ended; nil for others.
func (c *Cmd) Exited() <-chan struct{} {
	if c.sess == nil {
		return nil
	}
	return c.sess.exited
}

// SignalGroup sends sig to the command's process group, once started: a
// session command's through its helper, another's directly (it leads its
// group: Command's callers set Setsid). A group that is gone already is
// not an error: what the signal was for has happened.
func (c *Cmd) SignalGroup(sig syscall.Signal) error {
	if c.sess != nil {
		return c.sess.signal(sig)
	}
	if c.Process == nil {
		return errors.New("signal: the command has not started")
	}
	if err := syscall.Kill(-c.Process.Pid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}

// Layer returns the layer of a held command (Options.Hold) once Wait has
// returned: what it changed in its root, held. The caller owns it and
// must Close it. Nil for a command that was not held, or whose helper
// ended before it could hand the layer over.
func (c *Cmd) Layer() *Layer {
	if c.sess == nil {
		return nil
	}
	return c.sess.layer
}

// Rusage returns the CPU and memory the command used, once Wait has
// returned; nil when unknown.
func (c *Cmd) Rusage() *syscall.Rusage {
	if c.sess != nil {
		if c.sess.lost {
			return nil // the helper ended before it could say
		}
		ru := c.sess.final.Rusage
		return &ru
	}
	if c.ProcessState == nil {
		return nil
	}
	ru, _ := c.ProcessState.SysUsage().(*syscall.Rusage)
	return ru
}

// statusSize is the length of the wait status the helper writes: a
// little-endian uint32.
const statusSize = 4

// newCmd wraps cmd; with withStatus it gives the helper a pipe for the
// command's wait status as its file descriptor 3.
func newCmd(cmd *exec.Cmd, withStatus bool) (*Cmd, error) {
	c := &Cmd{Cmd: cmd}
	if !withStatus {
		return c, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.status, c.statusW = r, w
	cmd.ExtraFiles = []*os.File{w}
	// A Cmd that is never waited for must not keep the pipe open.
	runtime.AddCleanup(c, func(f [2]*os.File) { f[0].Close(); f[1].Close() }, [2]*os.File{r, w})
	return c, nil
}

// WaitStatus returns how the command ended, once Wait has returned: its
// own wait status, whether it ran as the helper's child or in place of the
// helper. When the helper could not report it (a setup failure, or a
// SIGKILL at a timeout, which ends the command with the helper) the
// helper's own status is the answer. ok is false when the process never
// ran. Call it once; it releases the status pipe. A session command's is
// what its helper said, or SIGKILL when the helper ended first (its end
// kills the command).
func (c *Cmd) WaitStatus() (ws syscall.WaitStatus, ok bool) {
	if c.sess != nil {
		if c.sess.lost {
			// The helper ended (killed, or the session closed) and
			// its end killed the command.
			return syscall.WaitStatus(syscall.SIGKILL), true
		}
		return syscall.WaitStatus(c.sess.final.Status), true
	}
	if c.status != nil {
		defer c.status.Close()
		c.statusW.Close()
		// The helper wrote the status before it exited, so it is in the
		// pipe already, or never will be: read without waiting.
		var buf [statusSize]byte
		n := 0
		if raw, err := c.status.SyscallConn(); err == nil {
			_ = raw.Read(func(fd uintptr) bool {
				n, _ = syscall.Read(int(fd), buf[:])
				return true
			})
		}
		if n == statusSize {
			return syscall.WaitStatus(binary.LittleEndian.Uint32(buf[:])), true
		}
	}
	// Otherwise the helper's own status is the command's: the command ran
	// in its place, or the helper stopped before the command could end
	// (a setup failure, or SIGKILL at a timeout, which ends the command
	// with it).
	if c.ProcessState == nil {
		return 0, false
	}
	ws, ok = c.ProcessState.Sys().(syscall.WaitStatus)
	return ws, ok
}
