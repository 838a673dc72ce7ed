//go:build !linux

package sandbox

import (
	"errors"
	"runtime"
	"syscall"
)

// helperSupported says the helper can confine commands on this OS. Only
// Linux for now; macOS could come with sandbox-exec behind the same
// interface.
const helperSupported = false

// probe reports that this OS offers nothing the sandbox can use.
func probe() Report {
	why := "not supported on " + runtime.GOOS
	r := Report{LandlockReason: why, NamespaceReason: why, IsolationReason: why, ProcessLimitReason: why}
	r.Summary = r.summary()
	return r
}

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
