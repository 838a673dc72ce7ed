package sandbox

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func init() {
	extraTestTools["unix-dial"] = unixDial
	extraTestTools["unix-self"] = unixSelf
	extraTestTools["unixgram"] = unixgram
}

// unixDial connects to SANDBOX_TEST_SOCK (a path, or @name for an
// abstract socket) and writes "hello": exit 0 when it got through.
func unixDial() int {
	c, err := net.DialTimeout("unix", os.Getenv("SANDBOX_TEST_SOCK"), 2*time.Second)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	// The listener may close first: connecting is what counts.
	c.Write([]byte("hello"))
	c.Close()
	return 0
}

// unixSelf listens on a unix socket in SANDBOX_TEST_DIR and connects to
// it: what a test suite in the project does.
func unixSelf() int { return unixSelfAt("self-" + strconv.Itoa(os.Getpid()) + ".sock") }

func unixSelfAt(name string) int {
	p := filepath.Join(os.Getenv("SANDBOX_TEST_DIR"), name)
	ln, err := net.Listen("unix", p)
	if err != nil {
		os.Stderr.WriteString("listen: " + err.Error() + "\n")
		return 1
	}
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Write([]byte("pong"))
			c.Close()
		}
	}()
	c, err := net.DialTimeout("unix", p, 2*time.Second)
	if err != nil {
		os.Stderr.WriteString("dial: " + err.Error() + "\n")
		return 1
	}
	defer c.Close()
	buf := make([]byte, 4)
	if _, err := c.Read(buf); err != nil || string(buf) != "pong" {
		os.Stderr.WriteString("read: " + string(buf) + "\n")
		return 1
	}
	return 0
}

// unixgram makes a unix datagram socket and sends to SANDBOX_TEST_SOCK.
func unixgram() int {
	c, err := net.Dial("unixgram", os.Getenv("SANDBOX_TEST_SOCK"))
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	c.Write([]byte("hello"))
	c.Close()
	return 0
}

// listenUnix listens on addr and counts what arrives.
func listenUnix(t *testing.T, network, addr string) (received func() int) {
	t.Helper()
	var n int
	done := make(chan struct{})
	switch network {
	case "unixgram":
		pc, err := net.ListenPacket(network, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { pc.Close() })
		// A datagram sent is queued before sendto returns: once the
		// senders have ended, counting what is queued, without waiting,
		// is the whole answer.
		return func() int {
			raw, err := pc.(*net.UnixConn).SyscallConn()
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 64)
			if err := raw.Control(func(fd uintptr) {
				for {
					if _, _, err := unix.Recvfrom(int(fd), buf, unix.MSG_DONTWAIT); err != nil {
						return
					}
					n++
				}
			}); err != nil {
				t.Fatal(err)
			}
			pc.Close()
			return n
		}
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	close(done)
	// A connection whose connect(2) returned waits in the backlog: once
	// the dialers have ended, accepting what is there, without waiting,
	// is the whole answer.
	return func() int {
		raw, err := ln.(*net.UnixListener).SyscallConn()
		if err != nil {
			t.Fatal(err)
		}
		// (A listener's RawConn has no Read: Control hands over its
		// descriptor, which is non-blocking.)
		if err := raw.Control(func(fd uintptr) {
			for {
				c, _, err := unix.Accept4(int(fd), unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK)
				if err != nil {
					return
				}
				unix.Close(c)
				n++
			}
		}); err != nil {
			t.Fatal(err)
		}
		ln.Close()
		<-done
		return n
	}
}

func TestHostUnixSocketsAreUnreachable(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	// A listener outside the root, in a directory the command can see
	// (its home), one in the shared /tmp, and an abstract one.
	inHome := filepath.Join(f.home, "agent.sock")
	inShared := filepath.Join(filepath.Dir(f.shared), "agent-test-"+strconv.Itoa(os.Getpid())+".sock")
	abstract := "@agent-test-" + strconv.Itoa(os.Getpid())
	gram := filepath.Join(f.home, "log.sock")
	if err := os.Symlink(inHome, filepath.Join(f.root, "link.sock")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(f.home, filepath.Join(f.root, "homelink")); err != nil {
		t.Fatal(err)
	}
	listeners := map[string]func() int{
		inHome: listenUnix(t, "unix", inHome), inShared: listenUnix(t, "unix", inShared),
		abstract: listenUnix(t, "unix", abstract), gram: listenUnix(t, "unixgram", gram),
	}
	t.Cleanup(func() { os.Remove(inShared) })
	attempts := []struct{ tool, sock string }{
		{"unix-dial", inHome},
		{"unix-dial", inShared},
		{"unix-dial", abstract},
		{"unix-dial", filepath.Join(f.root, "link.sock")},
		{"unix-dial", filepath.Join(f.root, "homelink", "agent.sock")},
		{"unix-dial", "/proc/1/root" + inHome},
		{"unixgram", gram},
	}
	for _, a := range attempts {
		got := run(t, sb, f.opts(), f.env(testToolEnv+"="+a.tool, "SANDBOX_TEST_SOCK="+a.sock), testExe(t))
		if got.code == 0 {
			t.Errorf("%s %s inside the sandbox got through", a.tool, a.sock)
		}
	}
	// Relative to the working directory, too.
	got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-dial", "SANDBOX_TEST_SOCK=homelink/agent.sock"), testExe(t))
	if got.code == 0 {
		t.Errorf("dialing homelink/agent.sock from the root got through")
	}
	for addr, received := range listeners {
		if n := received(); n != 0 {
			t.Errorf("the listener on %s received %d connections from the sandbox", addr, n)
		}
	}
}

func TestTheCommandsOwnUnixSocketsWork(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	for _, dir := range []string{f.root, "/tmp", "/dev/shm"} {
		got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-self", "SANDBOX_TEST_DIR="+dir), testExe(t))
		if got.code != 0 {
			t.Errorf("a unix socket of the command's own in %s: exit %d; %s", dir, got.code, got.stderr)
		}
	}
	// A listener the person put in the root is the project's own.
	inRoot := filepath.Join(f.root, "dev.sock")
	received := listenUnix(t, "unix", inRoot)
	if got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-dial", "SANDBOX_TEST_SOCK="+inRoot), testExe(t)); got.code != 0 {
		t.Errorf("dialing a socket in the root: exit %d; %s", got.code, got.stderr)
	}
	if n := received(); n != 1 {
		t.Errorf("the listener in the root received %d connections, want 1", n)
	}
}

func TestTheNetworkAllowedReachesHostSockets(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	inHome := filepath.Join(f.home, "agent.sock")
	received := listenUnix(t, "unix", inHome)
	opts := f.opts()
	opts.Network = true
	got := run(t, sb, opts, f.env(testToolEnv+"=unix-dial", "SANDBOX_TEST_SOCK="+inHome), testExe(t))
	if got.code != 0 {
		t.Errorf("with the network allowed, dialing %s: exit %d; %s", inHome, got.code, got.stderr)
	}
	if n := received(); n != 1 {
		t.Errorf("received %d, want 1", n)
	}
}

func init() { extraTestTools["unix-threads"] = unixThreads }

// unixThreads runs unixSelf from many goroutines at once, so connect(2)
// comes from threads other than the first.
func unixThreads() int {
	results := make(chan int, 16)
	for i := range 16 {
		go func() { results <- unixSelfAt("thread-" + strconv.Itoa(i) + ".sock") }()
	}
	worst := 0
	for range 16 {
		worst = max(worst, <-results)
	}
	return worst
}

func TestUnixSocketsFromEveryThread(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-threads", "SANDBOX_TEST_DIR=/tmp"), testExe(t))
	if got.code != 0 {
		t.Errorf("sixteen goroutines connecting at once: exit %d; %s", got.code, got.stderr)
	}
}
