package sandbox

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// runFilter runs the seccomp filter, as assembled for the kernel, on
// x/net/bpf's VM with a struct seccomp_data of the given architecture,
// system call number and arguments. The kernel loads seccomp_data's words
// in the machine's byte order, the VM in network order: each word is
// written in the VM's order at its offset (an argument's low half where a
// little-endian machine has it, which is where the filter loads it).
func runFilter(t *testing.T, vm *bpf.VM, arch uint32, nr int, args ...uint64) uint32 {
	t.Helper()
	data := make([]byte, 64) // sizeof(struct seccomp_data)
	binary.BigEndian.PutUint32(data[offNR:], uint32(nr))
	binary.BigEndian.PutUint32(data[offArch:], arch)
	for i, a := range args {
		binary.BigEndian.PutUint32(data[offArg0+8*i:], uint32(a))
		binary.BigEndian.PutUint32(data[offArg0+8*i+4:], uint32(a>>32))
	}
	got, err := vm.Run(data)
	if err != nil {
		t.Fatalf("filter(nr %d, args %v): %v", nr, args, err)
	}
	return uint32(got)
}

// filterVM loads the filter the helper installs into the VM, which
// refuses a jump past the end and a program that does not end in a
// return.
func filterVM(t *testing.T) *bpf.VM {
	t.Helper()
	filter, err := socketFilter()
	if err != nil {
		t.Fatal(err)
	}
	raw := make([]bpf.RawInstruction, len(filter))
	for i, f := range filter {
		raw[i] = bpf.RawInstruction{Op: f.Code, Jt: f.Jt, Jf: f.Jf, K: f.K}
	}
	prog, ok := bpf.Disassemble(raw)
	if !ok {
		t.Fatalf("the filter holds instructions the VM does not know: %v", prog)
	}
	vm, err := bpf.NewVM(prog)
	if err != nil {
		t.Fatalf("the filter is not a valid program: %v", err)
	}
	return vm
}

func TestSocketFilter(t *testing.T) {
	t.Parallel()
	if !socketWallSupported() {
		t.Skip("no socket wall on this architecture")
	}
	const (
		allow  = unix.SECCOMP_RET_ALLOW
		notify = unix.SECCOMP_RET_USER_NOTIF
		kill   = unix.SECCOMP_RET_KILL_PROCESS
		eperm  = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
		enosys = unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	)
	other := uint32(unix.AUDIT_ARCH_I386)
	if seccompArch == unix.AUDIT_ARCH_AARCH64 {
		other = unix.AUDIT_ARCH_ARM
	}
	cases := []struct {
		name string
		arch uint32
		nr   int
		args []uint64
		want uint32
	}{
		{"connect goes to the helper", seccompArch, unix.SYS_CONNECT, []uint64{3, 0, 110}, notify},
		{"a unix stream socket is made", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_STREAM}, allow},
		{"a unix stream socket with flags is made", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_STREAM | unix.SOCK_CLOEXEC | unix.SOCK_NONBLOCK}, allow},
		{"a unix seqpacket socket is made", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_SEQPACKET}, allow},
		{"a unix datagram socket is refused", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_DGRAM}, eperm},
		{"a unix datagram socket with flags is refused", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_DGRAM | unix.SOCK_CLOEXEC}, eperm},
		{"a unix raw socket (a datagram one) is refused", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_RAW}, eperm},
		{"a unix socket of an unknown type is refused", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_UNIX, 0xf}, eperm},
		{"AF_LOCAL in the high bits does not hide", seccompArch, unix.SYS_SOCKET, []uint64{1<<32 | unix.AF_UNIX, unix.SOCK_DGRAM}, eperm},
		{"a datagram socket pair is refused", seccompArch, unix.SYS_SOCKETPAIR, []uint64{unix.AF_UNIX, unix.SOCK_DGRAM}, eperm},
		{"a stream socket pair is made", seccompArch, unix.SYS_SOCKETPAIR, []uint64{unix.AF_UNIX, unix.SOCK_STREAM}, allow},
		{"a UDP socket is made (the namespace has only a loopback)", seccompArch, unix.SYS_SOCKET, []uint64{unix.AF_INET, unix.SOCK_DGRAM}, allow},
		{"sendto goes to the kernel, which ignores or refuses an address on stream and seqpacket sockets", seccompArch, unix.SYS_SENDTO, nil, allow},
		{"sendmsg likewise", seccompArch, unix.SYS_SENDMSG, nil, allow},
		{"io_uring_setup is refused", seccompArch, unix.SYS_IO_URING_SETUP, nil, enosys},
		{"io_uring_enter on an inherited ring is refused", seccompArch, unix.SYS_IO_URING_ENTER, nil, enosys},
		{"io_uring_register is refused", seccompArch, unix.SYS_IO_URING_REGISTER, nil, enosys},
		{"an x32 connect is refused", seccompArch, x32Bit | unix.SYS_CONNECT, nil, enosys},
		{"an x32 socket is refused", seccompArch, x32Bit | unix.SYS_SOCKET, []uint64{unix.AF_UNIX, unix.SOCK_DGRAM}, enosys},
		{"another architecture's system call kills", other, 102, nil, kill},
		{"an ordinary system call passes", seccompArch, unix.SYS_GETPID, nil, allow},
	}
	vm := filterVM(t)
	for _, c := range cases {
		if got := runFilter(t, vm, c.arch, c.nr, c.args...); got != c.want {
			t.Errorf("%s: filter(nr %d, args %v) = %#x, want %#x", c.name, c.nr, c.args, got, c.want)
		}
	}
}

func init() {
	extraTestTools["unix-sendto"] = unixSendto
	extraTestTools["io-uring"] = ioUring
	extraTestTools["steal-listener"] = stealListener
}

// unixSendto sends to the pathname or abstract address SANDBOX_TEST_SOCK
// with every kind of socket and call a command can try without
// connecting; exit 0 when one of them was accepted.
func unixSendto() int {
	name := os.Getenv("SANDBOX_TEST_SOCK")
	if name[0] == '@' {
		name = "\x00" + name[1:]
	}
	addr := &unix.SockaddrUnix{Name: name}
	got := 0
	for _, typ := range []int{unix.SOCK_DGRAM, unix.SOCK_RAW, unix.SOCK_STREAM, unix.SOCK_SEQPACKET} {
		fd, err := unix.Socket(unix.AF_UNIX, typ|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			fmt.Fprintf(os.Stderr, "socket type %d: %v\n", typ, err)
			continue
		}
		if err := unix.Sendto(fd, []byte("hello"), 0, addr); err == nil {
			fmt.Fprintf(os.Stderr, "sendto with socket type %d got through\n", typ)
			got++
		}
		if err := unix.Sendmsg(fd, []byte("hello"), nil, addr, 0); err == nil {
			fmt.Fprintf(os.Stderr, "sendmsg with socket type %d got through\n", typ)
			got++
		}
		unix.Close(fd)
	}
	// A pair of datagram sockets would be a datagram socket too.
	if _, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_DGRAM, 0); err == nil {
		fmt.Fprintln(os.Stderr, "a datagram socket pair was made")
		got++
	}
	if got > 0 {
		return 0
	}
	return 1
}

// ioUring tries to set up an io_uring, whose operations (connect, sendmsg)
// would not pass the seccomp filter; exit 0 when it could.
func ioUring() int {
	var params [120]byte // struct io_uring_params
	fd, _, errno := syscall.Syscall(unix.SYS_IO_URING_SETUP, 4, uintptr(unsafe.Pointer(&params)), 0)
	if errno != 0 {
		fmt.Fprintln(os.Stderr, "io_uring_setup:", errno)
		// Nor may a ring from elsewhere be entered.
		if _, _, errno := syscall.Syscall6(unix.SYS_IO_URING_ENTER, 0, 1, 0, 0, 0, 0); errno != unix.ENOSYS {
			fmt.Fprintln(os.Stderr, "io_uring_enter: want ENOSYS, got", errno)
			return 0
		}
		return 1
	}
	unix.Close(int(fd))
	return 0
}

// stealListener tries to take the helper's file descriptors (the seccomp
// listener among them, with which it could answer its own connect calls)
// with pidfd_getfd, or to reach its memory; exit 0 when it could.
func stealListener() int {
	pidfd, err := unix.PidfdOpen(1, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pidfd_open(1):", err)
		return 1
	}
	for fd := range 64 {
		if got, err := unix.PidfdGetfd(pidfd, fd, 0); err == nil {
			fmt.Fprintf(os.Stderr, "took the helper's file descriptor %d\n", fd)
			unix.Close(got)
			return 0
		}
	}
	if f, err := os.Open("/proc/1/mem"); err == nil {
		f.Close()
		fmt.Fprintln(os.Stderr, "opened the helper's memory")
		return 0
	}
	if err := unix.PtraceAttach(1); err == nil {
		fmt.Fprintln(os.Stderr, "attached to the helper")
		return 0
	}
	return 1
}

func TestUnixSocketsUnreachableWithoutConnecting(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	abstract := "@agent-test-gram-" + strconv.Itoa(os.Getpid())
	paths := []string{
		filepath.Join(f.home, "log.sock"),
		abstract,
	}
	// Like /dev/log or a systemd notify socket: a datagram listener
	// outside the root.
	received := map[string]func() int{}
	for _, p := range paths {
		received[p] = listenUnix(t, "unixgram", p)
	}
	for _, p := range paths {
		got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-sendto", "SANDBOX_TEST_SOCK="+p), testExe(t))
		if got.code == 0 {
			t.Errorf("sending to %s from the sandbox got through: %s", p, got.stderr)
		}
	}
	for _, p := range paths {
		if n := received[p](); n != 0 {
			t.Errorf("the datagram listener on %s received %d messages from the sandbox", p, n)
		}
	}
	// The unconfined test tool does get through, so the tool is sound.
	host := filepath.Join(f.home, "host.sock")
	hostReceived := listenUnix(t, "unixgram", host)
	tool := exec.Command(testExe(t))
	tool.Env = append(os.Environ(), testToolEnv+"=unix-sendto", "SANDBOX_TEST_SOCK="+host)
	if err := tool.Run(); err != nil {
		t.Errorf("unconfined, unix-sendto failed: %v", err)
	}
	if n := hostReceived(); n == 0 {
		t.Errorf("unconfined, the listener received nothing")
	}
}

func TestIOUringAndTheHelperAreOutOfReach(t *testing.T) {
	t.Parallel()
	sb := isolatedSandbox(t, DefaultConfig())
	f := newFixture(t)
	for _, tool := range []string{"io-uring", "steal-listener"} {
		got := run(t, sb, f.opts(), f.env(testToolEnv+"="+tool), testExe(t))
		if got.code == 0 {
			t.Errorf("%s inside the sandbox got through: %s", tool, got.stderr)
		}
		t.Logf("%s: exit %d; %s", tool, got.code, got.stderr)
	}
	// The abstract sockets of the host stay out of reach too, in a
	// network namespace of the command's own.
	abstract := "@agent-test-stream-" + strconv.Itoa(os.Getpid())
	received := listenUnix(t, "unix", abstract)
	if got := run(t, sb, f.opts(), f.env(testToolEnv+"=unix-dial", "SANDBOX_TEST_SOCK="+abstract), testExe(t)); got.code == 0 {
		t.Errorf("dialing the host's abstract %s got through", abstract)
	}
	if n := received(); n != 0 {
		t.Errorf("the host's abstract listener received %d connections", n)
	}
}
