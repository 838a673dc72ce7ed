package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// The session helper's side of session_linux.go: it makes the session's
// mounts once, then serves the commands the agent sends over the control
// socket. Each command is confined on an OS thread of its own (Landlock,
// the socket filter, no_new_privs, the securebits and the capabilities
// all belong to a thread) and forked from that thread into a new PID
// namespace, whose first process is an idle init: killing that init ends
// whatever the command left, while the session helper lives on.

// sessionControlFD is the control socket's file descriptor in the
// session helper: the first of ExtraFiles.
const sessionControlFD = 3

// sessionHelper is the state of a running session helper.
type sessionHelper struct {
	spec helperSpec
	// idle are the slots waiting for a command.
	idleMu sync.Mutex
	idle   []*slot
	// ownProc gives each command a /proc of its own PID namespace, in a
	// mount namespace of its own, where the kernel can.
	ownProc bool
	// hold says commands may be held (run over an overlay of the root,
	// see overlay_linux.go); holdWhy says why not.
	hold    bool
	holdWhy string
	// idleInit is the program that is the init of each command's PID
	// namespace (cat).
	idleInit string
	tempDir  string
	// goCacheProg is the commands' GOCACHEPROG setting
	// (gocacheprog_linux.go).
	goCacheProg string
	writable    []string
	policy      *connectPolicy
}

// runSession sets the session up and serves commands until the agent
// closes the control socket or dies; it returns only on a setup failure.
// On a clean end it exits, which as the init of the session's PID
// namespace ends every command still running.
func runSession(spec helperSpec) error {
	// No command may inherit the control socket, nor a file the agent
	// inherited from whoever started it and passed on unknowingly.
	if err := closeOnExecFrom(sessionControlFD); err != nil {
		return err
	}
	if os.Getpid() != 1 {
		return errors.New("not the first process of a private PID namespace (was the command's SysProcAttr replaced?); refusing to run unconfined")
	}
	if err := checkPrivateNamespaces(spec); err != nil {
		return err
	}
	h := &sessionHelper{spec: spec, tempDir: privateTempDir()}
	var shared []sharedFile
	if spec.CacheDir != "" {
		// The person's own values, before the caches replace them.
		shared = sharedConfigFiles(spec.CacheDir, os.Getenv, HiddenPaths(homeDirs(os.Getenv("HOME"), spec.AccountHome), spec.Hide, nil))
	}
	first, _ := lookPath(spec.Argv[0])
	goCache := personGoCache(os.Getenv)
	plan := planMounts(spec, os.Getenv, first, goCache)
	plan.shared = shared
	if err := applyMounts(plan); err != nil {
		return err
	}
	if spec.CacheDir != "" {
		// The session's commands have its environment (a new one is a
		// new session), and the mounts are made.
		exe, _ := os.Executable()
		h.goCacheProg = goCacheProgEnv(exe, spec.Root, spec.CacheDir, goCache)
	}
	h.writable = append([]string{spec.Root, spec.CacheDir}, writableAfterMounts(spec)...)
	h.ownProc = canMountOwnProc()
	if h.ownProc {
		h.hold, h.holdWhy = canHold(spec.Root)
	} else {
		h.holdWhy = "the kernel cannot give a command a /proc and mount namespace of its own"
	}
	var err error
	if h.idleInit, err = idleInitPath(h.writable); err != nil {
		return err
	}
	if spec.UnixWall {
		p := newConnectPolicy(h.writable, spec.OuterNetNS != 0, spec.Landlock && spec.OuterNetNS == 0)
		h.policy = &p
	}
	// Commands cannot name this process (it is outside their PID
	// namespaces) and Landlock keeps them from tracing it; not dumpable,
	// its /proc files are not even the user's.
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("make the session helper not dumpable: %w", err)
	}
	// rlimits are per process and every fork inherits them, so set on the
	// session helper they bind every command from its first instruction.
	// The helper writes no file from now on; its few threads count
	// towards the process limit with the commands'.
	if err := limit(unix.RLIMIT_FSIZE, "RLIMIT_FSIZE", spec.MaxFileSize); err != nil {
		return err
	}
	if err := limit(unix.RLIMIT_NPROC, "RLIMIT_NPROC", spec.MaxProcesses); err != nil {
		return err
	}
	ready, _ := json.Marshal(sessionReply{Ready: true, Hold: h.hold, HoldWhy: h.holdWhy})
	if _, err := unix.Write(sessionControlFD, ready); err != nil {
		return fmt.Errorf("session: say ready: %w", err)
	}
	h.serve()
	os.Exit(0)
	return nil
}

// serve receives the agent's requests until the control socket ends.
func (h *sessionHelper) serve() {
	buf := make([]byte, maxInlineRequest+1)
	oob := make([]byte, unix.CmsgSpace(4*(sessionRequestFDs+1)))
	for {
		n, oobn, _, _, err := unix.Recvmsg(sessionControlFD, buf, oob, unix.MSG_CMSG_CLOEXEC)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 {
			return // the agent closed the session, or died
		}
		fds := receivedFDs(oob[:oobn])
		body := buf[:n]
		if len(fds) == sessionRequestFDs+1 {
			// A large request, in the memory file that came with it.
			body = readRequestFile(fds[sessionRequestFDs])
			fds = fds[:sessionRequestFDs]
		}
		var req sessionRequest
		if len(fds) != sessionRequestFDs || json.Unmarshal(body, &req) != nil || !req.fromExact() || len(req.Argv) == 0 {
			for _, fd := range fds {
				unix.Close(fd)
			}
			continue
		}
		go h.run(req, fds)
	}
}

// readRequestFile reads and closes the memory file of a large request.
func readRequestFile(fd int) []byte {
	f := os.NewFile(uintptr(fd), "request")
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, maxSessionRequest))
	return b
}

// receivedFDs returns the file descriptors passed in oob.
func receivedFDs(oob []byte) []int {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return nil
	}
	var fds []int
	for _, m := range msgs {
		if got, err := unix.ParseUnixRights(&m); err == nil {
			fds = append(fds, got...)
		}
	}
	return fds
}

// sessionRun is one command of the session, as the helper sees it.
type sessionRun struct {
	reply *os.File
	mu    sync.Mutex
	// pid is the command's and init the idle init's of its PID namespace,
	// in the session's; 0 before they start. exited is set once the
	// command has ended (still unreaped, so that neither its pid nor its
	// group id can be someone else's yet).
	pid, init int
	exited    bool
	// hold is the write end of the idle init's pipe.
	hold int
	// killed records a stop asked for before the command started.
	killed bool
	// replied closes once the agent has the command's status.
	replied chan struct{}
}

// run runs one command: stdin, stdout, stderr and the reply socket are
// fds, in that order.
func (h *sessionHelper) run(req sessionRequest, fds []int) {
	r := &sessionRun{reply: os.NewFile(uintptr(fds[3]), "reply"), replied: make(chan struct{})}
	defer r.reply.Close()
	r.send(sessionReply{Accepted: true})
	// Last but for that: the slot that ran the command waits for it.
	defer close(r.replied)
	stdio := fds[:3]
	closeStdio := func() {
		for _, fd := range stdio {
			unix.Close(fd)
		}
	}
	env := h.commandEnv(req.Env)
	path, err := lookPathIn(req.Argv[0], envValue(env, "PATH"), req.Dir)
	if err == nil && req.Hold != nil && !h.hold {
		err = fmt.Errorf("cannot hold the command's changes: %s", h.holdWhy)
	}
	if err != nil {
		code := ExitSetup
		if errors.Is(err, errNotFound) {
			code = ExitNotFound
		}
		writeMessage(stdio[2], err)
		closeStdio()
		r.send(sessionReply{Exited: true, Status: uint32(code) << 8})
		return
	}
	go r.listen()
	started := make(chan error, 1)
	done := make(chan sessionReply, 1)
	job := &slotJob{r: r, path: path, req: req, env: env, stdio: stdio, started: started, done: done, layer: -1}
	h.runInSlot(job)
	// Whatever the command left (setsid, nohup, double forks) dies with
	// the namespace's init, before the agent hears that the command
	// ended. The confined thread could not do it: Landlock keeps it from
	// signalling the init, which is outside its domain.
	defer r.endNamespace()
	if err := <-started; err != nil {
		if job.layer >= 0 {
			unix.Close(job.layer)
		}
		writeMessage(stdio[2], err)
		closeStdio()
		r.send(sessionReply{Exited: true, Status: uint32(ExitSetup) << 8})
		return
	}
	closeStdio()
	reply := <-done
	r.endNamespace()
	if job.layer >= 0 {
		// The held command's layer goes to the agent with its status;
		// the mount lives on as long as a descriptor of it does.
		reply.Layer = true
		r.sendWithFD(reply, job.layer)
		unix.Close(job.layer)
		return
	}
	r.send(reply)
}

// writeMessage tells the command's stderr, fd, why it did not run. It
// writes to the descriptor itself: an *os.File for it would close it
// again when collected, whatever the number then stands for.
func writeMessage(fd int, err error) {
	_, _ = unix.Write(fd, []byte("agent sandbox: "+err.Error()+"\n"))
}

// A slot is a confined thread with its PID namespace, the idle init of
// that namespace and, where the kernel can, its mount namespace and
// /proc: what confineThread makes. A command runs in a slot; when it has
// left nothing behind in the namespace (only the idle init is there), the
// slot is kept for the next command, which then pays none of that.
// Commands of one slot never run at the same time, and the slot holds no
// state a command could leave there: no process, and no capability to
// change a mount.
type slot struct {
	jobs       chan *slotJob
	init, hold int
}

// slotJob is one command for a slot.
type slotJob struct {
	r       *sessionRun
	path    string
	req     sessionRequest
	env     []string
	stdio   []int
	started chan error
	done    chan sessionReply
	// layer is the held command's layer (see mountHeldRoot), set by
	// the slot before the command starts; -1 for others.
	layer int
}

// maxIdleSlots is how many slots wait for a command at most.
const maxIdleSlots = 2

// runInSlot runs job in an idle slot, or in a new one.
func (h *sessionHelper) runInSlot(job *slotJob) {
	if job.req.Hold != nil {
		// A held command's root is mounted in its slot's namespace
		// before Landlock, so it needs a new slot, which is not kept.
		go h.newSlot(job)
		return
	}
	h.idleMu.Lock()
	var s *slot
	if n := len(h.idle); n > 0 {
		s, h.idle = h.idle[n-1], h.idle[:n-1]
	}
	h.idleMu.Unlock()
	if s != nil {
		s.jobs <- job
		return
	}
	go h.newSlot(job)
}

// newSlot makes a slot on the calling goroutine's thread and runs its
// commands, first job's first. The thread stays locked and ends with the
// goroutine: confined, it must never run anything else; and the idle
// init's parent-death signal fires when this thread ends.
//
// The command is not the namespace's init, whose signals are special (it
// gets none it does not handle, even from itself): so signals, kill $$
// and orphans behave as anywhere else.
func (h *sessionHelper) newSlot(job *slotJob) {
	runtime.LockOSThread()
	init, hold, err := h.confineThread(job)
	if err != nil {
		if init != 0 {
			job.r.endWith(init, hold)
		}
		job.started <- err
		return
	}
	s := &slot{jobs: make(chan *slotJob), init: init, hold: hold}
	for {
		if !h.runJob(s, job) {
			// The run ends the namespace, and this thread with it.
			<-job.r.replied
			return
		}
		h.idleMu.Lock()
		keep := len(h.idle) < maxIdleSlots
		if keep {
			h.idle = append(h.idle, s)
		}
		h.idleMu.Unlock()
		if !keep {
			// Ended on an unconfined thread: Landlock keeps this one
			// from signalling the init.
			go (&sessionRun{init: init, hold: hold}).endNamespace()
			return
		}
		job = <-s.jobs
	}
}

// runJob starts job's command in slot s, from the slot's thread, and
// waits there for it; it reports whether the slot may be kept: whether
// the command left nothing in the namespace. Otherwise the namespace
// must end, which job's run does before it tells the agent.
func (h *sessionHelper) runJob(s *slot, job *slotJob) (keep bool) {
	r := job.r
	pid, err := syscall.ForkExec(job.path, job.req.Argv, &syscall.ProcAttr{
		Dir:   job.req.Dir,
		Env:   job.env,
		Files: []uintptr{uintptr(job.stdio[0]), uintptr(job.stdio[1]), uintptr(job.stdio[2])},
		// A session and a process group of its own, which the agent's
		// signals go to.
		Sys: &syscall.SysProcAttr{Setsid: true},
	})
	if err != nil {
		r.endWith(s.init, s.hold)
		job.started <- fmt.Errorf("start %s: %w", job.path, err)
		return false
	}
	r.mu.Lock()
	r.pid = pid
	killed := r.killed
	r.mu.Unlock()
	if killed {
		_ = unix.Kill(pid, unix.SIGKILL)
	}
	job.started <- nil
	// Wait without reaping first: until the zombie is reaped, a signal
	// to the command's group cannot reach anyone else.
	var info unix.Siginfo
	for {
		if err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil); !errors.Is(err, unix.EINTR) {
			break
		}
	}
	r.mu.Lock()
	r.exited = true
	r.mu.Unlock()
	var ws unix.WaitStatus
	var ru unix.Rusage
	for {
		if _, err := unix.Wait4(pid, &ws, 0, &ru); !errors.Is(err, unix.EINTR) {
			break
		}
	}
	// Only processes in the namespace can add one to it, so with the
	// idle init alone there nothing more can come.
	keep = h.ownProc && job.req.Hold == nil && onlyTheInit()
	if !keep {
		r.endWith(s.init, s.hold)
	}
	job.done <- sessionReply{Exited: true, Status: uint32(ws), Rusage: rusage(ru)}
	return keep
}

// onlyTheInit says whether the calling thread's /proc, that of its PID
// namespace, lists the idle init and no other process (a zombie counts).
func onlyTheInit() bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() != "1" && e.Name()[0] >= '0' && e.Name()[0] <= '9' {
			return false
		}
	}
	return true
}

// confineThread confines the calling thread as runHelper confines its
// process, in the same order and for the same reasons, and gives it a
// new PID namespace whose first process, the idle init, it starts before
// Landlock and the socket filter: so the command, in a Landlock domain
// the init is not in, cannot trace it, take its files or change what it
// does. It returns the init's pid and what startIdleInit does.
func (h *sessionHelper) confineThread(job *slotJob) (init, hold int, err error) {
	spec := h.spec
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return 0, -1, fmt.Errorf("clear ambient capabilities: %w", err)
	}
	if err := dropRoot(); err != nil {
		return 0, -1, err
	}
	if err := newSessionKeyring(); err != nil {
		return 0, -1, err
	}
	// The thread keeps the capability (in the session's user namespace)
	// that a new PID namespace needs; the processes it starts lose it at
	// exec, and the securebits keep a root from getting it back.
	// With a mount namespace of its own too, where the kernel can mount
	// a /proc of another PID namespace (Linux 6.17's pidns option).
	flags := unix.CLONE_NEWPID
	if h.ownProc {
		flags |= unix.CLONE_NEWNS
	}
	if err := unix.Unshare(flags); err != nil {
		return 0, -1, fmt.Errorf("new PID namespace: %w", err)
	}
	if init, hold, err = h.startIdleInit(); err != nil {
		return 0, -1, err
	}
	fail := func(err error) (int, int, error) { return init, hold, err }
	if job.req.Hold != nil {
		// Before the command's /proc: the layer is named through
		// /proc/self, which that /proc has not (the thread is not in
		// the PID namespace it shows).
		if job.layer, err = mountHeldRoot(spec.Root, *job.req.Hold, spec.ReadOnly); err != nil {
			return fail(err)
		}
	}
	if h.ownProc {
		if err := mountOwnProc(); err != nil {
			return fail(err)
		}
	}
	if spec.Landlock {
		if err := restrictFS(spec, h.writable); err != nil {
			return fail(err)
		}
	}
	if h.policy != nil {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fail(fmt.Errorf("seccomp: set no_new_privs: %w", err))
		}
		listener, err := installSocketFilter()
		if err != nil {
			return fail(err)
		}
		go superviseUntilUnused(listener, *h.policy)
	}
	return init, hold, nil
}

// mountOwnProc mounts, on the calling thread's /proc, a /proc of the PID
// namespace of the processes it starts, in which the command's process
// IDs are those it knows itself by.
func mountOwnProc() error {
	err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "pidns=/proc/thread-self/ns/pid_for_children")
	if err != nil {
		return fmt.Errorf("mount: /proc of the command's PID namespace: %w", err)
	}
	return nil
}

// canMountOwnProc says whether the kernel takes the pidns option of
// procfs (Linux 6.17): it tries in a throwaway mount namespace, on a
// locked thread that then ends.
func canMountOwnProc() bool {
	ok := make(chan bool)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with its namespace
		ok <- unix.Unshare(unix.CLONE_NEWNS) == nil &&
			unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "pidns=/proc/self/ns/pid") == nil
	}()
	return <-ok
}

// startIdleInit starts the first process of the thread's new PID
// namespace: cat reading a pipe that nothing writes, which only waits.
// It returns the init's pid and the pipe's write end, to close once the
// init is gone.
func (h *sessionHelper) startIdleInit() (pid, hold int, err error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return 0, -1, fmt.Errorf("idle init: %w", err)
	}
	defer unix.Close(p[0])
	null, err := unix.Open(os.DevNull, unix.O_WRONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		unix.Close(p[1])
		return 0, -1, fmt.Errorf("idle init: %w", err)
	}
	defer unix.Close(null)
	pid, err = syscall.ForkExec(h.idleInit, []string{"cat"}, &syscall.ProcAttr{
		Dir:   "/",
		Files: []uintptr{uintptr(p[0]), uintptr(null), uintptr(null)},
		Sys:   &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		unix.Close(p[1])
		return 0, -1, fmt.Errorf("idle init %s: %w", h.idleInit, err)
	}
	return pid, p[1], nil
}

// endWith makes the run end the namespace of init when it ends.
func (r *sessionRun) endWith(init, hold int) {
	r.mu.Lock()
	r.init, r.hold = init, hold
	r.mu.Unlock()
}

// endNamespace kills the init of the command's PID namespace, which
// ends every process in it, and reaps it: the kernel lets it go only once
// they are all gone. It runs once, on a thread that is not confined.
func (r *sessionRun) endNamespace() {
	r.mu.Lock()
	init, hold := r.init, r.hold
	r.init = 0
	r.mu.Unlock()
	if init == 0 {
		return
	}
	_ = unix.Kill(init, unix.SIGKILL)
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(init, &ws, 0, nil); !errors.Is(err, unix.EINTR) {
			break
		}
	}
	unix.Close(hold)
}

// superviseUntilUnused answers a command's connect(2) calls until the
// filter has no task left (the command's and the thread that started it
// have ended), then releases the listener.
func superviseUntilUnused(listener int, policy connectPolicy) {
	var inFlight sync.WaitGroup
	defer func() {
		inFlight.Wait()
		unix.Close(listener)
	}()
	for {
		fds := []unix.PollFd{{Fd: int32(listener), Events: unix.POLLIN}}
		if _, err := unix.Poll(fds, -1); err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return
		}
		if fds[0].Revents&unix.POLLIN == 0 {
			return // POLLHUP: no task uses the filter any more
		}
		answerConnect(listener, policy, &inFlight)
	}
}

// listen passes the agent's signals on to the command; the agent closing
// the reply socket before the command ended means it gave up on it.
func (r *sessionRun) listen() {
	buf := make([]byte, 256)
	for {
		n, err := r.reply.Read(buf)
		if err != nil || n == 0 {
			r.signal(unix.SIGKILL)
			return
		}
		var msg sessionSignal
		if json.Unmarshal(buf[:n], &msg) == nil && msg.Signal > 0 && msg.Signal < 65 {
			r.signal(syscall.Signal(msg.Signal))
		}
	}
}

// signal sends sig to the command's process group.
func (r *sessionRun) signal(sig syscall.Signal) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pid == 0 {
		if sig == unix.SIGKILL {
			r.killed = true
		}
		return
	}
	if !r.exited {
		_ = unix.Kill(-r.pid, sig)
	}
}

// send writes one reply; a reply the agent no longer reads is dropped.
func (r *sessionRun) send(msg sessionReply) {
	b, _ := json.Marshal(msg)
	_, _ = r.reply.Write(b)
}

// sendWithFD writes one reply with a file descriptor.
func (r *sessionRun) sendWithFD(msg sessionReply, fd int) {
	b, _ := json.Marshal(msg)
	raw, err := r.reply.SyscallConn()
	if err != nil {
		return
	}
	_ = raw.Write(func(s uintptr) bool {
		err := unix.Sendmsg(int(s), b, unix.UnixRights(fd), nil, unix.MSG_NOSIGNAL)
		return !errors.Is(err, unix.EAGAIN)
	})
}

// commandEnv is the environment the command runs with: the agent's, with
// the private temp directory and the private caches.
func (h *sessionHelper) commandEnv(env []string) []string {
	env = append([]string{}, env...)
	if h.tempDir != "" {
		for _, name := range []string{"TMPDIR", "TMP", "TEMP"} {
			env = setEnv(env, name+"="+h.tempDir)
		}
	}
	if h.spec.CacheDir != "" {
		getenv := func(name string) string { return envValue(env, name) }
		for _, kv := range CacheEnv(h.spec.CacheDir, getenv) {
			env = setEnv(env, kv)
		}
		env = setEnv(env, h.goCacheProg)
	}
	return env
}

// envValue returns name's value in env, the last one like getenv.
func envValue(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if n, value, ok := strings.Cut(kv, "="); ok && n == name {
			v = value
		}
	}
	return v
}

// setEnv sets kv ("NAME=value") in env, in place of any value it had.
func setEnv(env []string, kv string) []string {
	name, _, _ := strings.Cut(kv, "=")
	out := env[:0]
	for _, e := range env {
		if n, _, _ := strings.Cut(e, "="); n != name {
			out = append(out, e)
		}
	}
	return append(out, kv)
}

// lookPathIn finds name like execvp would with PATH path, relative names
// taken from dir, and wraps errNotFound when it does not exist.
func lookPathIn(name, path, dir string) (string, error) {
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if err := executable(p); err != nil {
			return "", fmt.Errorf("%s: %w", name, errNotFound)
		}
		return p, nil
	}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if executable(p) == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: %w", name, errNotFound)
}

// executable says whether p is a file someone may execute.
func executable(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	if fi.IsDir() || fi.Mode()&0o111 == 0 {
		return os.ErrPermission
	}
	return nil
}

// closeOnExecFrom marks every file descriptor from fd up close-on-exec.
func closeOnExecFrom(fd int) error {
	if err := unix.CloseRange(uint(fd), ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err == nil {
		return nil
	}
	// Kernels before 5.11: one by one.
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return fmt.Errorf("mark inherited files close-on-exec: %w", err)
	}
	for _, e := range entries {
		if n, err := strconv.Atoi(e.Name()); err == nil && n >= fd {
			unix.CloseOnExec(n)
		}
	}
	return nil
}

// idleInitPath finds cat, which every Linux system has, where the
// system keeps it: never through PATH, and never in a tree commands may
// write, since the idle init runs outside Landlock.
func idleInitPath(writable []string) (string, error) {
	for _, p := range []string{"/usr/bin/cat", "/bin/cat"} {
		resolved, err := filepath.EvalSymlinks(p)
		if err != nil || executable(resolved) != nil {
			continue
		}
		inWritable := false
		for _, w := range writable {
			if w != "" && within(resolved, w) {
				inWritable = true
			}
		}
		if !inWritable {
			return resolved, nil
		}
	}
	return "", errors.New("no cat in /usr/bin or /bin, outside the writable trees, to be the init of each command's PID namespace")
}

// rusage converts the kernel's figures for the reply.
func rusage(ru unix.Rusage) syscall.Rusage {
	return syscall.Rusage{Utime: syscall.Timeval(ru.Utime), Stime: syscall.Timeval(ru.Stime), Maxrss: ru.Maxrss}
}
