//go:build !linux

package sandbox

import (
	"errors"
	"syscall"
)

// helperSupported says the helper can confine commands on this OS: Linux
// only. macOS confines with sandbox-exec instead (seatbelt.go).
const helperSupported = false

// namespaceAttr has no namespaces to ask for outside Linux.
func namespaceAttr(ns nsFlags) *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

// nsInode has no namespaces to identify outside Linux.
func nsInode(kind string) (uint64, error) {
	return 0, errors.New("namespaces are Linux only")
}

// runHelper cannot confine anything outside Linux.
func runHelper(spec helperSpec) error {
	return errors.New("the sandbox helper runs only on Linux")
}

// socketWallSupported: the socket wall is Linux only.
func socketWallSupported() bool { return false }
