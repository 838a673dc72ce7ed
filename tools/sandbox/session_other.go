//go:build !linux

package sandbox

import (
	"errors"
	"os/exec"
	"syscall"
)

// Sessions run commands in long-lived helpers: Linux only (see
// session_linux.go). Elsewhere NewSessions returns nil.
type Sessions struct{}

// NewSessions returns nil: no sessions outside Linux.
func NewSessions(sb Sandbox) *Sessions { return nil }

// Command is never called on a nil Sessions.
func (ss *Sessions) Command(opts Options, argv []string) (*Cmd, error) {
	return nil, errors.New("sandbox sessions are Linux only")
}

// CanHold is never true outside Linux.
func (ss *Sessions) CanHold(opts Options, env []string) (bool, string, error) {
	return false, "held commands need Linux", nil
}

// Close has nothing to end.
func (ss *Sessions) Close() error { return nil }

// sessionCmd is never set outside Linux.
type sessionCmd struct {
	exited chan struct{}
	final  struct {
		Status uint32
		Rusage syscall.Rusage
	}
	lost  bool
	layer *Layer
}

func (c *sessionCmd) start(cmd *exec.Cmd) error { return errors.New("sandbox sessions are Linux only") }
func (c *sessionCmd) signal(sig syscall.Signal) error {
	return errors.New("sandbox sessions are Linux only")
}
