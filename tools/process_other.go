//go:build !linux && !darwin

package tools

import (
	"os/exec"
	"syscall"
)

// watchExit reaps the process as soon as it exits: without a portable way
// to wait without reaping, the group id could in principle be reused
// before what is left of the group is killed. Only Linux and macOS are
// supported platforms; this keeps the code building elsewhere.
func watchExit(cmd *exec.Cmd) (exited <-chan struct{}, wait func() error) {
	ch := make(chan struct{})
	var err error
	go func() {
		defer close(ch)
		err = cmd.Wait()
	}()
	return ch, func() error { <-ch; return err }
}

// dieWithAgent does nothing: there is no portable parent-death signal.
func dieWithAgent(attr *syscall.SysProcAttr) {}

// maxRSSBytes assumes KiB, as the BSDs report it.
func maxRSSBytes(ru *syscall.Rusage) int64 { return ru.Maxrss * 1024 }
