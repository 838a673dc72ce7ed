//go:build unix

package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary plays two parts besides running tests: the sandbox
// helper (as the agent's binary would), and small tools that run as
// commands inside the sandbox, chosen by testToolEnv.
const testToolEnv = "SANDBOX_TEST_TOOL"

// quickRaceExit is in the environment of every process the tests start.
// Under -race this binary is the helper of every sandboxed command (and
// the test tools some run), and the race detector's runtime sleeps a
// second when a process exits with goroutines still running (GORACE's
// atexit_sleep_ms, 1000 by default): a second more for every command.
const quickRaceExit = "GORACE=atexit_sleep_ms=0"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == HelperArg {
		os.Exit(HelperMain(os.Args))
	}
	if tool := os.Getenv(testToolEnv); tool != "" {
		os.Exit(runTestTool(tool))
	}
	// For the commands that inherit the test's environment.
	name, value, _ := strings.Cut(quickRaceExit, "=")
	os.Setenv(name, value)
	os.Exit(m.Run())
}

// extraTestTools are test tools only some systems' tests have.
var extraTestTools = map[string]func() int{}

// runTestTool runs one tool and returns its exit status: 0 for success, 1
// for the failure it looks for, 2 for a broken test setup.
func runTestTool(tool string) int {
	var err error
	switch tool {
	case "dial":
		// Dial the address in SANDBOX_TEST_ADDR.
		var c net.Conn
		if c, err = net.DialTimeout("tcp", os.Getenv("SANDBOX_TEST_ADDR"), 2*time.Second); err == nil {
			c.Close()
		}
	case "loopback":
		err = loopbackRoundTrip()
	case "only-loopback":
		err = onlyLoopback()
	case "spawn":
		return spawn()
	default:
		if run, ok := extraTestTools[tool]; ok {
			return run()
		}
		fmt.Fprintf(os.Stderr, "unknown test tool %q\n", tool)
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// loopbackRoundTrip listens on 127.0.0.1 and connects to itself.
func loopbackRoundTrip() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	c, err := net.DialTimeout("tcp", ln.Addr().String(), 2*time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

// onlyLoopback fails when a network interface other than the loopback is
// there.
func onlyLoopback() error {
	ifs, err := net.Interfaces()
	if err != nil {
		return err
	}
	for _, i := range ifs {
		if i.Flags&net.FlagLoopback == 0 {
			return fmt.Errorf("interface %s is not a loopback", i.Name)
		}
	}
	return nil
}

// spawn starts SANDBOX_TEST_SPAWN processes that sleep, counts how many
// the kernel refused, kills them all and prints "started=N failed=M". It
// forks with syscall.ForkExec and starts no goroutines, so that the Go
// runtime does not need a new thread while the process limit is reached.
func spawn() int {
	n, err := strconv.Atoi(os.Getenv("SANDBOX_TEST_SPAWN"))
	sleep, lerr := exec.LookPath("sleep")
	if err != nil || lerr != nil {
		fmt.Fprintln(os.Stderr, "spawn: bad setup:", err, lerr)
		return 2
	}
	var pids []int
	failed := 0
	var other error
	for range n {
		pid, err := syscall.ForkExec(sleep, []string{"sleep", "60"}, &syscall.ProcAttr{})
		if err != nil {
			failed++
			if !errors.Is(err, syscall.EAGAIN) {
				other = err
			}
			continue
		}
		pids = append(pids, pid)
	}
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
	}
	fmt.Printf("started=%d failed=%d\n", len(pids), failed)
	if other != nil {
		fmt.Fprintln(os.Stderr, "spawn: unexpected error:", other)
		return 2
	}
	return 0
}
