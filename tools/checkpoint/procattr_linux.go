package checkpoint

import "syscall"

// stopWithAgent returns the attributes of a git process: if the agent dies,
// git gets SIGTERM (and removes its lock files) rather than writing on into
// the state directory.
func stopWithAgent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
