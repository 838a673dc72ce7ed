package sandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// forwardedSignals are the signals the helper, as init, passes on to the
// command. SIGKILL needs no passing on: it ends the helper, and with it
// every process of the namespace.
var forwardedSignals = []os.Signal{
	unix.SIGTERM, unix.SIGINT, unix.SIGHUP, unix.SIGQUIT, unix.SIGUSR1, unix.SIGUSR2,
	unix.SIGCONT, unix.SIGWINCH,
}

// runInit starts the command as the helper's child and is the init of
// the PID namespace until the command ends: it passes signals on, reaps
// every process that ends (orphans come to init), and, once the command
// has ended, writes its wait status on the status pipe and exits, which
// makes the kernel kill whatever the command left behind (nohup, setsid,
// double forks). The helper itself dies with the agent (the parent-death
// signal the agent set), and so does everything in the namespace.
func runInit(spec helperSpec, path string, sigs chan os.Signal) error {
	proc, err := os.StartProcess(path, spec.Argv, &os.ProcAttr{
		Env:   os.Environ(),
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
	})
	if err != nil {
		return fmt.Errorf("start %s: %w", path, err)
	}
	go func() {
		for sig := range sigs {
			_ = proc.Signal(sig)
		}
	}()
	for {
		var ws unix.WaitStatus
		pid, err := unix.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("wait for %s: %w", path, err)
		}
		if pid != proc.Pid {
			continue
		}
		if spec.StatusFD != 0 {
			var buf [statusSize]byte
			binary.LittleEndian.PutUint32(buf[:], uint32(ws))
			_, _ = unix.Write(int(spec.StatusFD), buf[:])
		}
		code := ws.ExitStatus()
		if ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
		os.Exit(code)
	}
}
