//go:build unix

package cmd

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// inputArrives reports whether reading f would not block for longer than
// grace: a byte is there, or the writer closed its end, within grace. It
// reads nothing.
func inputArrives(f *os.File, grace time.Duration) bool {
	fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLIN}}
	deadline := time.Now().Add(grace)
	for {
		n, err := unix.Poll(fds, int(max(0, time.Until(deadline).Milliseconds())))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		// An error of poll itself (not a descriptor it can wait on):
		// read, as before there was a grace.
		return err != nil || n > 0
	}
}
