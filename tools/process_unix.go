//go:build linux || darwin

package tools

import "os/exec"

// watchExit waits with waitExited (process_linux.go, process_darwin.go),
// which blocks until the process has exited without reaping it: the
// returned channel closes then, and wait reaps it. Until wait the leader
// stays a zombie, so its process group id cannot be reused meanwhile.
func watchExit(cmd *exec.Cmd) (exited <-chan struct{}, wait func() error) {
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		waitExited(cmd.Process.Pid)
	}()
	return ch, cmd.Wait
}
