//go:build !linux

package checkpoint

import "syscall"

// stopWithAgent returns plain attributes: outside Linux there is no
// parent-death signal, so a git the agent started runs to its end (it is
// short-lived) if the agent dies.
func stopWithAgent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{}
}
