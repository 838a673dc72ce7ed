package tools

// What the executor needs from the OS to run one command, implemented once
// per OS in process_linux.go, process_darwin.go and process_other.go (every
// other OS: it builds there, with the weaker guarantees its comments say).
// Linux and macOS share one watchExit (process_unix.go) over a waitExited
// of their own, which blocks until a process has exited without reaping
// it:
//
//	// watchExit returns a channel that closes when the started cmd's
//	// process has exited, and the function that then collects its status
//	// (cmd.Wait or its equivalent; called once, after the channel closed).
//	func watchExit(cmd *exec.Cmd) (exited <-chan struct{}, wait func() error)
//
//	// dieWithAgent asks the OS to kill the command if the agent dies
//	// without stopping it, where the OS can.
//	func dieWithAgent(attr *syscall.SysProcAttr)
//
//	// maxRSSBytes is the peak resident set size in ru, in bytes.
//	func maxRSSBytes(ru *syscall.Rusage) int64
//
// Stopping the process group (sandbox.Cmd.SignalGroup) is the same on every Unix.
