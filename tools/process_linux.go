package tools

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// waitExited blocks until process pid has exited, without reaping it:
// waitid(WNOWAIT) leaves the leader a zombie until wait.
func waitExited(pid int) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			return
		}
	}
}

// dieWithAgent sets the parent-death signal: if the agent dies, the kernel
// kills the command's first process (the sandbox helper, or the command).
func dieWithAgent(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}

// maxRSSBytes converts Linux's ru_maxrss, which is in KiB.
func maxRSSBytes(ru *syscall.Rusage) int64 { return ru.Maxrss * 1024 }
