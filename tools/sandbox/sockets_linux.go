package sandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The socket wall: a command may connect to unix sockets only in its own
// writable trees (the root, the private temp directories, the cache
// directory), wherever other sockets are (docker.sock, the session bus, a
// tmux server, ssh-agent), because Landlock before ABI 9 does not handle
// connect(2) on unix sockets.
//
// A seccomp filter on the command hands every connect(2) to the helper
// (SECCOMP_RET_USER_NOTIF), which connects in the command's place and
// returns the result: it takes its own copy of the socket (pidfd_getfd)
// and of the address (process_vm_readv), so nothing the command changes
// after the check can change what is connected, and it resolves a unix
// socket's path beneath one of the allowed directories without crossing a
// mount (openat2 RESOLVE_BENEATH|RESOLVE_NO_XDEV), so symbolic links and
// the read-only mounts put back under /tmp lead nowhere else. The same
// filter refuses unix datagram sockets (socket and socketpair), which can
// send to any path without connecting, and io_uring (setting a ring up,
// and entering or registering with one inherited), whose operations
// bypass seccomp.
//
// Every other way to a unix socket is covered: sendto(2) and sendmsg(2)
// with an address are refused by the kernel on a stream socket and ignore
// the address on a seqpacket one, the only kinds a command can make;
// socketcall(2) and 32-bit or x32 system calls, which would take other
// numbers, are killed or refused by the architecture checks; abstract
// sockets belong to the command's own network namespace; and the
// helper, which holds the listener, has capabilities the command lacks,
// so the command cannot ptrace it or take its file descriptors
// (pidfd_getfd).

// seccompArch is the audit architecture of this build; 0 where the wall
// is not implemented.
var seccompArch = map[string]uint32{"amd64": unix.AUDIT_ARCH_X86_64, "arm64": unix.AUDIT_ARCH_AARCH64}[runtime.GOARCH]

// socketWallSupported says whether this build can raise the socket wall.
func socketWallSupported() bool { return seccompArch != 0 }

// seccompData offsets (struct seccomp_data): nr, arch, args. The filter
// loads 32-bit words in the machine's byte order.
const (
	offNR   = 0
	offArch = 4
	offArg0 = 16 // low 32 bits on little-endian
	offArg1 = 24
)

// x32Bit marks x32 system calls on amd64, which would dodge the numbers
// below.
const x32Bit = 0x40000000

// socketProgram is the seccomp program of the socket wall. Each test is
// followed by what it returns, so every jump skips only the next one or
// two instructions; the tests run it on x/net/bpf's VM.
func socketProgram() []bpf.Instruction {
	const errno = unix.SECCOMP_RET_ERRNO
	var (
		kill   = bpf.RetConstant{Val: unix.SECCOMP_RET_KILL_PROCESS}
		notify = bpf.RetConstant{Val: unix.SECCOMP_RET_USER_NOTIF}
		allow  = bpf.RetConstant{Val: unix.SECCOMP_RET_ALLOW}
		eperm  = bpf.RetConstant{Val: errno | uint32(unix.EPERM)}
		enosys = bpf.RetConstant{Val: errno | uint32(unix.ENOSYS)}
	)
	load := func(off uint32) bpf.Instruction { return bpf.LoadAbsolute{Off: off, Size: 4} }
	// unless returns ret when A is not v (skipping it when A is v).
	unless := func(v uint32, ret bpf.Instruction) []bpf.Instruction {
		return []bpf.Instruction{bpf.JumpIf{Cond: bpf.JumpEqual, Val: v, SkipTrue: 1}, ret}
	}
	// when returns ret when A is v (skipping it when A is not).
	when := func(v uint32, ret bpf.Instruction) []bpf.Instruction {
		return []bpf.Instruction{bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: v, SkipTrue: 1}, ret}
	}
	var p []bpf.Instruction
	add := func(ins ...bpf.Instruction) { p = append(p, ins...) }

	// Another architecture's numbers mean other calls: kill.
	add(load(offArch))
	add(unless(seccompArch, kill)...)
	// x32 calls on amd64 would take other numbers.
	add(load(offNR))
	add(bpf.JumpIf{Cond: bpf.JumpLessThan, Val: x32Bit, SkipTrue: 1}, enosys)
	// connect(2) goes to the helper.
	add(when(unix.SYS_CONNECT, notify)...)
	// io_uring's operations bypass seccomp: no ring, made or inherited.
	add(when(unix.SYS_IO_URING_SETUP, enosys)...)
	add(when(unix.SYS_IO_URING_ENTER, enosys)...)
	add(when(unix.SYS_IO_URING_REGISTER, enosys)...)
	// socket(2) and socketpair(2) go on to the checks of their
	// arguments; every other call is allowed.
	add(bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_SOCKET, SkipTrue: 2})
	add(bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_SOCKETPAIR, SkipTrue: 1})
	add(allow)
	// A unix socket may be a stream or a seqpacket one, never a datagram
	// one, which can send to any path without connecting.
	add(load(offArg0))
	add(unless(unix.AF_UNIX, allow)...)
	add(load(offArg1), bpf.ALUOpConstant{Op: bpf.ALUOpAnd, Val: 0xf}) // the type without its flags
	add(when(unix.SOCK_STREAM, allow)...)
	add(when(unix.SOCK_SEQPACKET, allow)...)
	add(eperm)
	return p
}

// socketFilter returns socketProgram assembled for seccomp(2).
func socketFilter() ([]unix.SockFilter, error) {
	raw, err := bpf.Assemble(socketProgram())
	if err != nil {
		return nil, fmt.Errorf("seccomp: assemble the socket filter: %w", err)
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return filter, nil
}

// installSocketFilter applies the filter to the calling thread (and what
// it starts) and returns the listener on which connect(2) calls arrive.
// The thread must have no_new_privs.
func installSocketFilter() (int, error) {
	filter, err := socketFilter()
	if err != nil {
		return -1, err
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	fd, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER,
		unix.SECCOMP_FILTER_FLAG_NEW_LISTENER, uintptr(unsafe.Pointer(&prog)))
	runtime.KeepAlive(filter)
	if errno != 0 {
		return -1, fmt.Errorf("seccomp: install the socket filter: %w", errno)
	}
	return int(fd), nil
}

// seccompNotif is struct seccomp_notif.
type seccompNotif struct {
	id    uint64
	pid   uint32
	flags uint32
	nr    int32
	arch  uint32
	ip    uint64
	args  [6]uint64
}

// seccompNotifResp is struct seccomp_notif_resp.
type seccompNotifResp struct {
	id    uint64
	val   int64
	error int32
	flags uint32
}

// connectPolicy is what the supervisor lets a command connect to.
type connectPolicy struct {
	// dirs are the directories whose unix sockets may be connected to,
	// with a handle on each, opened after the mounts.
	dirs []allowedDir
	// abstract allows abstract unix sockets: only in a private network
	// namespace, where the only ones are the command's own.
	abstract bool
	// noTCP refuses TCP connections, as Landlock would (the supervisor's
	// threads are not confined by it): a command without the network and
	// without a network namespace.
	noTCP bool
}

type allowedDir struct {
	path string
	fd   int
}

// newConnectPolicy opens the allowed directories.
func newConnectPolicy(dirs []string, abstract, noTCP bool) connectPolicy {
	p := connectPolicy{abstract: abstract, noTCP: noTCP}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		fd, err := unix.Open(d, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err == nil {
			p.dirs = append(p.dirs, allowedDir{filepath.Clean(d), fd})
		}
	}
	return p
}

// superviseConnects answers the connect(2) calls that arrive on listener
// until it is closed (when the helper exits).
func superviseConnects(listener int, policy connectPolicy) {
	for answerConnect(listener, policy, nil) {
	}
}

// answerConnect receives one connect(2) call on listener and answers it
// on a goroutine of its own, since a connection may take long. It says
// false when the listener is gone. With inFlight, it counts the answers
// under way, so that the listener is closed only after them.
func answerConnect(listener int, policy connectPolicy, inFlight *sync.WaitGroup) bool {
	var req seccompNotif
	if err := ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_RECV, unsafe.Pointer(&req)); err != nil {
		return errors.Is(err, unix.EINTR) || errors.Is(err, unix.ENOENT)
	}
	if inFlight != nil {
		inFlight.Add(1)
	}
	go func(req seccompNotif) {
		if inFlight != nil {
			defer inFlight.Done()
		}
		resp := seccompNotifResp{id: req.id}
		if err := policy.connect(listener, req); err != nil {
			var errno unix.Errno
			if !errors.As(err, &errno) {
				errno = unix.EPERM
			}
			resp.error = -int32(errno)
		}
		_ = ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_SEND, unsafe.Pointer(&resp))
	}(req)
	return true
}

// connect performs the command's connect(2) call req in its place, if the
// policy allows it.
func (p connectPolicy) connect(listener int, req seccompNotif) error {
	addrLen := req.args[2]
	if addrLen > unix.SizeofSockaddrAny {
		return unix.EINVAL
	}
	addr := make([]byte, addrLen)
	if addrLen > 0 {
		local := []unix.Iovec{{Base: &addr[0], Len: addrLen}}
		remote := []unix.RemoteIovec{{Base: uintptr(req.args[1]), Len: int(addrLen)}}
		if n, err := unix.ProcessVMReadv(int(req.pid), local, remote, 0); err != nil || uint64(n) != addrLen {
			return unix.EFAULT
		}
	}
	// Most unix connections a command makes are refused ones: the C
	// library tries nscd's socket in every program that looks up a user
	// (bash does, as it starts). Refusing those needs neither the
	// command's socket nor proof that the call is still pending.
	if p.refusedAtOnce(addr) {
		return unix.EACCES
	}
	// req.pid is the calling thread; the file table is its process's.
	pidfd, err := unix.PidfdOpen(threadGroup(int(req.pid)), 0)
	if err != nil {
		return unix.EPERM
	}
	defer unix.Close(pidfd)
	sock, err := unix.PidfdGetfd(pidfd, int(int32(req.args[0])), 0)
	if err != nil {
		return unix.EBADF
	}
	defer unix.Close(sock)
	// The pid could have been reused between the notification and the
	// reads: only a still pending call proves they were the caller's.
	id := req.id
	if err := ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_ID_VALID, unsafe.Pointer(&id)); err != nil {
		return unix.EPERM
	}
	domain, err := unix.GetsockoptInt(sock, unix.SOL_SOCKET, unix.SO_DOMAIN)
	if err != nil {
		return unix.ENOTSOCK
	}
	if len(addr) < 2 {
		return rawConnect(sock, addr)
	}
	family := binary.NativeEndian.Uint16(addr[:2])
	switch {
	case domain == unix.AF_UNIX && family == unix.AF_UNIX:
		return p.connectUnix(sock, addr, int(req.pid))
	case (domain == unix.AF_INET || domain == unix.AF_INET6) && p.noTCP:
		typ, err := unix.GetsockoptInt(sock, unix.SOL_SOCKET, unix.SO_TYPE)
		if err != nil || typ == unix.SOCK_STREAM {
			return unix.EACCES
		}
	}
	return rawConnect(sock, addr)
}

// refusedAtOnce says whether addr is a pathname unix socket given by an
// absolute path outside every allowed directory, which connectUnix would
// refuse whatever the socket.
func (p connectPolicy) refusedAtOnce(addr []byte) bool {
	if len(addr) < 3 || binary.NativeEndian.Uint16(addr[:2]) != unix.AF_UNIX || addr[2] != '/' {
		return false
	}
	path := addr[2:]
	if i := indexByte(path, 0); i >= 0 {
		path = path[:i]
	}
	_, ok := p.dirFor(filepath.Clean(string(path)))
	return !ok
}

// connectUnix connects sock to the unix socket addr names, if it is
// abstract and allowed, or a path beneath an allowed directory.
func (p connectPolicy) connectUnix(sock int, addr []byte, pid int) error {
	path := addr[2:]
	if len(path) == 0 {
		return unix.EINVAL
	}
	if path[0] == 0 {
		if !p.abstract {
			return unix.EPERM
		}
		return rawConnect(sock, addr)
	}
	if i := indexByte(path, 0); i >= 0 {
		path = path[:i]
	}
	name := string(path)
	if !filepath.IsAbs(name) {
		cwd, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd")
		if err != nil {
			return unix.EPERM
		}
		name = filepath.Join(cwd, name)
	}
	name = filepath.Clean(name)
	dir, ok := p.dirFor(name)
	if !ok {
		return unix.EACCES
	}
	rel := "."
	if name != dir.path {
		rel = name[len(dir.path)+1:]
	}
	how := unix.OpenHow{
		Flags:   unix.O_PATH | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_XDEV | unix.RESOLVE_NO_MAGICLINKS,
	}
	fd, err := unix.Openat2(dir.fd, rel, &how)
	if err != nil {
		if errors.Is(err, unix.ENOENT) {
			return unix.ENOENT
		}
		return unix.EACCES
	}
	defer unix.Close(fd)
	var via unix.SockaddrUnix
	via.Name = "/proc/self/fd/" + strconv.Itoa(fd)
	if err := unix.Connect(sock, &via); err != nil {
		return err
	}
	return nil
}

// threadGroup returns the process (thread group) that thread tid is part
// of, or tid when that cannot be read.
func threadGroup(tid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/status")
	if err != nil {
		return tid
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				return n
			}
		}
	}
	return tid
}

// dirFor returns the allowed directory that holds path, the innermost.
func (p connectPolicy) dirFor(path string) (allowedDir, bool) {
	var best allowedDir
	found := false
	for _, d := range p.dirs {
		if (path == d.path || within(path, d.path)) && (!found || len(d.path) > len(best.path)) {
			best, found = d, true
		}
	}
	return best, found
}

// rawConnect calls connect(2) with the address bytes as the command gave
// them.
func rawConnect(sock int, addr []byte) error {
	var p unsafe.Pointer
	if len(addr) > 0 {
		p = unsafe.Pointer(&addr[0])
	}
	_, _, errno := unix.Syscall(unix.SYS_CONNECT, uintptr(sock), uintptr(p), uintptr(len(addr)))
	runtime.KeepAlive(addr)
	if errno != 0 {
		return errno
	}
	return nil
}

func ioctlPtr(fd int, req uint, arg unsafe.Pointer) error {
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(arg))
	if errno != 0 {
		return errno
	}
	return nil
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
