package tools

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// waitExited blocks until process pid has exited, without reaping it: a
// kqueue EVFILT_PROC/NOTE_EXIT event fires when the leader exits and
// leaves it a zombie until wait. If kqueue cannot watch it, it returns at
// once: the process has already exited (ESRCH), or the caller learns it
// from wait instead.
func waitExited(pid int) {
	kq, err := unix.Kqueue()
	if err != nil {
		return
	}
	defer unix.Close(kq)
	var ev unix.Kevent_t
	unix.SetKevent(&ev, pid, unix.EVFILT_PROC, unix.EV_ADD|unix.EV_ONESHOT)
	ev.Fflags = unix.NOTE_EXIT
	if _, err := unix.Kevent(kq, []unix.Kevent_t{ev}, nil, nil); err != nil {
		return
	}
	out := make([]unix.Kevent_t, 1)
	for {
		n, err := unix.Kevent(kq, nil, out, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n > 0 {
			return
		}
	}
}

// dieWithAgent does nothing: macOS has no parent-death signal. The agent
// stops every command's process group when it exits normally or is
// cancelled; a command outlives an agent killed with SIGKILL (see
// docs/sandbox.md).
func dieWithAgent(attr *syscall.SysProcAttr) {}

// maxRSSBytes returns macOS's ru_maxrss, which is already in bytes.
func maxRSSBytes(ru *syscall.Rusage) int64 { return ru.Maxrss }
