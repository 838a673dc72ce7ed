package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Sessions run shell commands through one long-lived helper per session
// (a root, its cache directory and whether the network is allowed)
// instead of one helper per command: starting a helper (a Go process in
// new user, mount and network namespaces, with its mounts) costs several
// milliseconds, forking a command from a helper that is already set up a
// fraction of one. The helper makes the session's mounts once; for each
// command it confines one thread of its own (Landlock, the socket
// filter, no capabilities) and forks the command from it into a new PID
// namespace with a /proc of its own, whose init is an idle process the
// helper kills when the command ends if anything was left: the kernel
// then ends all of it. See docs/sandbox.md for what the commands of one
// session share.
//
// A session helper is started at the first command of its session and
// restarted when it died, or when what its mounts were made for changed:
// the root's git directories (a new submodule or worktree needs its
// read-only mount), the credential stores that exist (a new one must be
// hidden), the paths put back under hidden ones that exist, the
// environment. It dies with the agent, and every command with
// it. Close ends them all.
type Sessions struct {
	sb *sandbox
	mu sync.Mutex
	// live is the current session of each key; retired ones end when
	// their last command has.
	live map[sessionKey]*session
	// all are the live ones and the retired ones not ended yet.
	all    map[*session]struct{}
	closed bool
}

// sessionKey names a session: commands with the same key share a helper.
type sessionKey struct {
	root, cacheDir string
	network        bool
}

// NewSessions returns the sessions of sb, or nil when sb cannot run
// commands in sessions (not the Linux helper, or a kernel without the
// namespaces and Landlock a session needs, or before Linux 6.17): then
// commands go through sb.Command, one helper each.
//
// Before 6.17, procfs has no pidns option, so a session command would see
// the session's /proc, which numbers processes otherwise than the
// command's own PID namespace does: pkill, pgrep or kill $(pidof ...)
// would signal the wrong process. Correct process IDs are worth the
// milliseconds a helper per command costs.
func NewSessions(sb Sandbox) *Sessions {
	s, ok := sb.(*sandbox)
	if !ok || !s.confined || s.cfg.Mode == ModeOff || !s.userns || !s.mountns || !s.pidns || s.exe == "" {
		return nil
	}
	if !kernelAtLeast(6, 17) {
		return nil
	}
	return &Sessions{sb: s, live: make(map[sessionKey]*session), all: make(map[*session]struct{})}
}

// Command returns a command that runs argv confined by opts in the
// helper of opts' session, with the git directories read-only (shell
// commands' GitReadOnly; opts.Git is ignored). opts.TempDir is ignored
// too: each session has a private temp directory of its own, removed when
// the session ends. The caller sets Dir, Env, Stdin, Stdout and Stderr
// (each nil or an *os.File) and then uses Start, Exited, Signal, Wait and
// WaitStatus; SysProcAttr is ignored (the command always gets a session
// and a process group of its own, and dies with the agent).
func (ss *Sessions) Command(opts Options, argv []string) (*Cmd, error) {
	opts.TempDir = ""
	spec, err := checkOptions(opts, argv)
	if err != nil {
		return nil, err
	}
	spec.Network = opts.Network || ss.sb.cfg.Network
	hold, err := holdRequest(spec.Root, opts.Hold)
	if err != nil {
		return nil, err
	}
	cmd := &exec.Cmd{Path: argv[0], Args: argv, SysProcAttr: &syscall.SysProcAttr{}}
	return &Cmd{Cmd: cmd, sess: &sessionCmd{ss: ss, spec: spec, hold: hold, exited: make(chan struct{})}}, nil
}

// holdRequest checks what a held command asks for: the paths it hides
// must be inside the root.
func holdRequest(root string, h *Hold) (*holdSpec, error) {
	if h == nil {
		return nil, nil
	}
	spec := &holdSpec{MaxBytes: h.MaxBytes}
	if spec.MaxBytes <= 0 {
		spec.MaxBytes = DefaultHoldBytes
	}
	for _, p := range h.Hide {
		p = filepath.Clean(p)
		if !filepath.IsAbs(p) || p == root || !within(p, root) {
			return nil, fmt.Errorf("%w: hidden path %q is not inside the root", ErrInvalidOptions, p)
		}
		spec.Hide = append(spec.Hide, p)
	}
	return spec, nil
}

// CanHold says whether commands with opts run held (Options.Hold) in
// their session, starting the session's helper if needed; why says why
// not. env is the commands' environment, as for Command. It blocks while
// a helper starts.
func (ss *Sessions) CanHold(opts Options, env []string) (ok bool, why string, err error) {
	opts.TempDir = ""
	spec, err := checkOptions(opts, []string{"true"})
	if err != nil {
		return false, "", err
	}
	spec.Network = opts.Network || ss.sb.cfg.Network
	if env == nil {
		env = os.Environ()
	}
	s, err := ss.acquire(spec, env, true)
	if err != nil {
		return false, "", err
	}
	defer ss.release(s)
	return s.hold, s.holdWhy, nil
}

// Close ends every session: their helpers and whatever commands still
// run in them. Commands cannot be started afterwards.
func (ss *Sessions) Close() error {
	if ss == nil {
		return nil
	}
	ss.mu.Lock()
	ss.closed = true
	all := ss.all
	ss.live, ss.all = nil, nil
	ss.mu.Unlock()
	for s := range all {
		s.end()
	}
	return nil
}

// session is one session helper, as the agent sees it.
type session struct {
	// What its mounts were made for.
	env, readOnly, hidden, visible []string
	helper                         *exec.Cmd
	stderr                         *bytes.Buffer
	// ctl is the control socket; ctlMu orders the requests.
	ctlMu sync.Mutex
	ctl   int
	dead  chan struct{}
	tmp   string
	// hold says the helper can hold commands; holdWhy says why not.
	hold    bool
	holdWhy string
	// users counts the commands running; a retired session ends with the
	// last of them.
	users     int
	retired   bool
	endOnce   sync.Once
	endedDone chan struct{}
}

// sessionStartLimit bounds the session helper's setting up.
const sessionStartLimit = 30 * time.Second

// errSessionsClosed is Start's error after Close.
var errSessionsClosed = errors.New("sandbox sessions are closed")

// acquire returns the session for a command with spec and env, starting
// one when there is none that fits, and counts the command as its user.
// A held command needs no placeholder for a missing .git of the root: a
// .git it makes stays in its layer, and is never applied.
func (ss *Sessions) acquire(spec helperSpec, env []string, held bool) (*session, error) {
	// One walk of the root's git directories serves the whole command.
	git := walkGitDirs(spec.Root)
	if err := refuseMissingGitDirs(git); err != nil {
		return nil, err
	}
	if held {
		git = removeRootPlaceholder(spec.Root, git)
	} else {
		git = makeGitPlaceholders(spec.Root, GitReadOnly, git)
	}
	readOnly := git.readOnlyPaths(spec.Root, GitReadOnly, false)
	hidden := existingPaths(HiddenPaths(homeDirs(envValue(env, "HOME"), accountHome()), resolvedPaths(ss.sb.cfg.Hide), []string{spec.Root, spec.CacheDir}))
	// What is put back under a hidden directory must exist to be put back.
	visible := existing(resolvedPaths(ss.sb.cfg.Visible))
	key := sessionKey{root: spec.Root, cacheDir: spec.CacheDir, network: spec.Network}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return nil, errSessionsClosed
	}
	if s := ss.live[key]; s != nil {
		if !s.isDead() && slices.Equal(s.readOnly, readOnly) && slices.Equal(s.hidden, hidden) && slices.Equal(s.visible, visible) && slices.Equal(s.env, env) {
			s.users++
			return s, nil
		}
		delete(ss.live, key)
		ss.retire(s)
	}
	s, err := ss.start(spec, env, readOnly, hidden, visible)
	if err != nil {
		return nil, err
	}
	ss.live[key] = s
	ss.all[s] = struct{}{}
	s.users++
	return s, nil
}

// release ends a command's use of s.
func (ss *Sessions) release(s *session) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s.users--
	ss.endIfDone(s)
}

// retire marks s to end once its commands have; ss.mu is held.
func (ss *Sessions) retire(s *session) {
	s.retired = true
	ss.endIfDone(s)
}

// endIfDone ends s, in the background, when it is retired and no command
// uses it; ss.mu is held.
func (ss *Sessions) endIfDone(s *session) {
	if s.retired && s.users == 0 {
		delete(ss.all, s)
		go s.end()
	}
}

// retireDead replaces s if it is still the live session of its key.
func (ss *Sessions) retireDead(s *session) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for k, live := range ss.live {
		if live == s {
			delete(ss.live, k)
			ss.retire(s)
		}
	}
}

func (s *session) isDead() bool {
	select {
	case <-s.dead:
		return true
	default:
		return false
	}
}

// start starts a session helper for spec and waits until its mounts are
// made.
func (ss *Sessions) start(spec helperSpec, env, readOnly, hidden, visible []string) (*session, error) {
	sb := ss.sb
	tmp, err := os.MkdirTemp("", "agent-session-")
	if err != nil {
		return nil, fmt.Errorf("session temp dir: %w", err)
	}
	spec.TempDir = tmp
	spec.Session, spec.MountNS, spec.PIDNS = true, true, true
	spec.Landlock = sb.landlock
	spec.OuterUserNS = sb.outerUserNS
	useNetNS := sb.netns && !spec.Network
	if useNetNS {
		spec.OuterNetNS = sb.outerNetNS
	}
	if sb.procLimit {
		spec.MaxProcesses = uint64(sb.cfg.MaxProcesses)
	}
	spec.MaxFileSize = uint64(sb.cfg.MaxFileMiB) << 20
	spec.ReadOnly = readOnly
	spec.Hide = resolvedPaths(sb.cfg.Hide)
	spec.Visible = visible
	spec.AccountHome = accountHome()
	spec.UnixWall = !spec.Network && socketWallSupported()
	args, err := spec.encode()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("session control socket: %w", err)
	}
	theirs := os.NewFile(uintptr(fds[1]), "session control")
	defer theirs.Close()
	s := &session{env: env, readOnly: readOnly, hidden: hidden, visible: visible, ctl: fds[0], tmp: tmp,
		dead: make(chan struct{}), endedDone: make(chan struct{}), stderr: &bytes.Buffer{}}
	cmd := exec.Command(sb.exe, append([]string{HelperArg}, args...)...)
	cmd.Dir, cmd.Env, cmd.ExtraFiles, cmd.Stderr = spec.Root, env, []*os.File{theirs}, &limitedWriter{w: s.stderr, n: 4096}
	cmd.SysProcAttr = namespaceAttr(nsFlags{user: true, net: useNetNS, mount: true, pid: true})
	// Out of the agent's terminal session, so that a Ctrl-C meant for the
	// agent does not end the helper; dead with the agent.
	cmd.SysProcAttr.Setsid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	s.helper = cmd
	if err := onSpawnerThread(cmd.Start); err != nil {
		unix.Close(s.ctl)
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("start the session helper: %w", err)
	}
	go func() {
		_ = cmd.Wait()
		close(s.dead)
	}()
	theirs.Close()
	// A helper that cannot make its mounts in that time is stuck (a hung
	// file system under a path it binds): it is killed, and the command
	// fails, rather than the agent waiting for ever.
	stuck := time.AfterFunc(sessionStartLimit, func() { _ = cmd.Process.Kill() })
	reply, err := readReply(s.ctl)
	stuck.Stop()
	if err != nil || !reply.Ready {
		s.end()
		msg := bytes.TrimSpace(s.stderr.Bytes())
		if len(msg) == 0 {
			msg = []byte(fmt.Sprint(err))
		}
		return nil, fmt.Errorf("start the session helper: %s", msg)
	}
	s.hold, s.holdWhy = reply.Hold, reply.HoldWhy
	return s, nil
}

// end closes the control socket, which ends the helper and every command
// still running in it, and removes the session's temp directory.
func (s *session) end() {
	s.endOnce.Do(func() {
		s.ctlMu.Lock()
		unix.Close(s.ctl)
		s.ctl = -1
		s.ctlMu.Unlock()
		<-s.dead
		os.RemoveAll(s.tmp)
		close(s.endedDone)
	})
	<-s.endedDone
}

// send passes one request, with its files, to the helper.
func (s *session) send(req sessionRequest, fds []int) error {
	b, err := json.Marshal(req.exact())
	if err != nil {
		return err
	}
	if len(b) > maxSessionRequest {
		return fmt.Errorf("command and environment too large for the sandbox session (%d bytes)", len(b))
	}
	if len(b) > maxInlineRequest {
		// A packet is at most the socket's send buffer: a large
		// environment goes in a memory file that comes with it.
		f, err := memFile(b)
		if err != nil {
			return err
		}
		defer f.Close()
		fds = append(fds, int(f.Fd()))
		b = []byte("{}")
		defer runtime.KeepAlive(f)
	}
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	if s.ctl < 0 {
		return errors.New("sandbox session ended")
	}
	return unix.Sendmsg(s.ctl, b, unix.UnixRights(fds...), nil, unix.MSG_NOSIGNAL)
}

// memFile returns a memory file holding b, at its start.
func memFile(b []byte) (*os.File, error) {
	fd, err := unix.MemfdCreate("agent-sandbox-request", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("sandbox session request: %w", err)
	}
	f := os.NewFile(uintptr(fd), "request")
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, fmt.Errorf("sandbox session request: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("sandbox session request: %w", err)
	}
	return f, nil
}

// readReply reads one message from the blocking socket fd.
func readReply(fd int) (sessionReply, error) {
	return decodeReply(func(b []byte) (int, error) {
		for {
			n, err := unix.Read(fd, b)
			if !errors.Is(err, unix.EINTR) {
				return n, err
			}
		}
	})
}

// readMessage reads one reply from the command's socket.
func readMessage(f *os.File) (sessionReply, error) { return decodeReply(f.Read) }

// readMessageFDs reads one reply from the command's socket, with the
// file descriptors that came with it.
func readMessageFDs(f *os.File) (sessionReply, []int, error) {
	raw, err := f.SyscallConn()
	if err != nil {
		return sessionReply{}, nil, err
	}
	buf := make([]byte, 4096)
	oob := make([]byte, unix.CmsgSpace(4))
	var n, oobn int
	var rerr error
	err = raw.Read(func(fd uintptr) bool {
		n, oobn, _, _, rerr = unix.Recvmsg(int(fd), buf, oob, unix.MSG_CMSG_CLOEXEC)
		return !errors.Is(rerr, unix.EAGAIN)
	})
	if err == nil {
		err = rerr
	}
	if err != nil {
		return sessionReply{}, nil, err
	}
	fds := receivedFDs(oob[:oobn])
	var msg sessionReply
	if n == 0 {
		return msg, fds, io.EOF
	}
	return msg, fds, json.Unmarshal(buf[:n], &msg)
}

// decodeReply reads one packet with read and decodes the reply in it.
func decodeReply(read func([]byte) (int, error)) (sessionReply, error) {
	var msg sessionReply
	buf := make([]byte, 4096)
	n, err := read(buf)
	if err != nil {
		return msg, err
	}
	if n == 0 {
		return msg, io.EOF
	}
	return msg, json.Unmarshal(buf[:n], &msg)
}

// sessionCmd is the session side of a Cmd.
type sessionCmd struct {
	ss   *Sessions
	spec helperSpec
	// hold, when set, runs the command held; layer is then its layer,
	// once it has ended.
	hold  *holdSpec
	layer *Layer
	s     *session
	// reply is the command's own socket to the helper.
	reply  *os.File
	exited chan struct{}
	// final is the helper's last word, set before exited closes; lost
	// says the helper ended before it could say it.
	final sessionReply
	lost  bool
}

// start sends the command to its session's helper, starting or
// restarting the helper when needed.
func (c *sessionCmd) start(cmd *exec.Cmd) error {
	files, closeAfter, err := stdioFiles(cmd)
	defer closeAfter()
	if err != nil {
		return err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	for attempt := 0; ; attempt++ {
		s, err := c.ss.acquire(c.spec, env, c.hold != nil)
		if err != nil {
			return err
		}
		err = c.startIn(s, cmd, env, files)
		if err == nil {
			return nil
		}
		c.ss.release(s)
		if attempt > 0 || !errors.Is(err, errSessionLost) {
			return err
		}
		// The helper died since the last command: a new one.
		c.ss.retireDead(s)
	}
}

// errSessionLost means the session helper was gone when a command came.
var errSessionLost = errors.New("the sandbox session helper ended")

// startIn starts the command in session s.
func (c *sessionCmd) startIn(s *session, cmd *exec.Cmd, env []string, files []*os.File) error {
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, 0)
	if err != nil {
		return fmt.Errorf("command socket: %w", err)
	}
	theirs := pair[1]
	reply := os.NewFile(uintptr(pair[0]), "sandbox command")
	fds := []int{int(files[0].Fd()), int(files[1].Fd()), int(files[2].Fd()), theirs}
	err = s.send(sessionRequest{Argv: cmd.Args, Env: env, Dir: cmd.Dir, Hold: c.hold}, fds)
	runtime.KeepAlive(files)
	// The helper has its own copy now.
	unix.Close(theirs)
	if err != nil {
		reply.Close()
		if errors.Is(err, unix.EPIPE) || errors.Is(err, unix.ECONNREFUSED) || s.isDead() {
			return errSessionLost
		}
		return fmt.Errorf("send the command to the sandbox session: %w", err)
	}
	// Start waits for the helper to take the command, which it says at
	// once, not for the command to start: one that cannot ends at once,
	// its status and stderr saying why, and one that takes long to start
	// is the caller's to stop. A helper that ended before it took the
	// command is replaced.
	first, err := readMessage(reply)
	if err != nil || !first.Accepted {
		reply.Close()
		return errSessionLost
	}
	c.s, c.reply = s, reply
	go c.await()
	return nil
}

// await reads the command's reply: how it ended.
func (c *sessionCmd) await() {
	msg, fds, err := readMessageFDs(c.reply)
	if msg.Layer && len(fds) == 1 && c.hold != nil {
		c.layer = &Layer{f: os.NewFile(uintptr(fds[0]), "held layer")}
		fds = nil
	}
	for _, fd := range fds {
		unix.Close(fd)
	}
	c.finish(msg, err != nil || !msg.Exited)
}

// finish records how the command ended and lets its session go.
func (c *sessionCmd) finish(msg sessionReply, lost bool) {
	c.final, c.lost = msg, lost
	c.reply.Close()
	close(c.exited)
	c.ss.release(c.s)
}

// signal asks the helper to send sig to the command's process group.
func (c *sessionCmd) signal(sig syscall.Signal) error {
	select {
	case <-c.exited:
		return nil
	default:
	}
	b, _ := json.Marshal(sessionSignal{Signal: int(sig)})
	_, err := c.reply.Write(b)
	if err != nil && !errors.Is(err, os.ErrClosed) {
		return err
	}
	return nil
}

// stdioFiles returns the command's stdin, stdout and stderr, /dev/null
// for those not set; closeAfter releases what it opened.
func stdioFiles(cmd *exec.Cmd) (files []*os.File, closeAfter func(), err error) {
	var opened []*os.File
	closeAfter = func() {
		for _, f := range opened {
			f.Close()
		}
	}
	for i, stream := range []any{cmd.Stdin, cmd.Stdout, cmd.Stderr} {
		if f, ok := stream.(*os.File); ok && f != nil {
			files = append(files, f)
			continue
		}
		if !isNil(stream) {
			return nil, closeAfter, fmt.Errorf("%w: a session command's stream %d must be an *os.File or nil", ErrInvalidOptions, i)
		}
		f, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		if err != nil {
			return nil, closeAfter, err
		}
		opened = append(opened, f)
		files = append(files, f)
	}
	return files, closeAfter, nil
}

// isNil says whether stream is nil, typed or not.
func isNil(stream any) bool {
	switch v := stream.(type) {
	case nil:
		return true
	case *os.File:
		return v == nil
	}
	return false
}

// existingPaths returns the paths of ps that exist.
func existingPaths(ps []string) []string {
	var out []string
	for _, p := range ps {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// limitedWriter keeps the first n bytes written to it.
type limitedWriter struct {
	mu sync.Mutex
	w  io.Writer
	n  int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if k := min(len(p), l.n); k > 0 {
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

// The spawner thread starts the session helpers. The kernel sends the
// parent-death signal when the thread that started a process ends, not
// the process: so they are all started from one thread locked for the
// agent's whole life, and a helper dies only with the agent.
var spawner struct {
	once sync.Once
	jobs chan func()
}

// onSpawnerThread runs f on the spawner thread and returns its error.
func onSpawnerThread(f func() error) error {
	spawner.once.Do(func() {
		spawner.jobs = make(chan func())
		go func() {
			runtime.LockOSThread()
			for job := range spawner.jobs {
				job()
			}
		}()
	})
	errc := make(chan error, 1)
	spawner.jobs <- func() { errc <- f() }
	return <-errc
}

// The messages between the agent and a session helper. Each is one
// packet of a SOCK_SEQPACKET socket, in JSON.
type (
	// sessionRequest asks for a command, on the control socket; its
	// stdin, stdout, stderr and its reply socket come with it.
	sessionRequest struct {
		Argv []string
		Env  []string
		Dir  string
		// Hold runs the command held (see overlay_linux.go).
		Hold *holdSpec `json:",omitempty"`
	}
	// sessionReply is the helper's: Ready on the control socket once
	// the mounts are made; Accepted, then Exited on a command's socket.
	sessionReply struct {
		Ready    bool           `json:",omitempty"`
		Accepted bool           `json:",omitempty"`
		Exited   bool           `json:",omitempty"`
		Status   uint32         `json:",omitempty"`
		Rusage   syscall.Rusage `json:",omitzero"`
		// Hold, with Ready, says the helper can hold commands; HoldWhy
		// says why not.
		Hold    bool   `json:",omitempty"`
		HoldWhy string `json:",omitempty"`
		// Layer, with Exited, says the held command's layer comes with
		// the message, as a file descriptor.
		Layer bool `json:",omitempty"`
	}
	// sessionSignal asks, on a command's socket, for a signal to its
	// process group.
	sessionSignal struct {
		Signal int
	}
)

// exact returns r as JSON carries it byte for byte (see exactString):
// a command, its environment, its directory and the secret files it
// must see empty may all name what is not UTF-8.
func (r sessionRequest) exact() sessionRequest {
	r.Argv, r.Env, r.Dir = exactStrings(r.Argv), exactStrings(r.Env), exactString(r.Dir)
	if r.Hold != nil {
		hold := *r.Hold
		hold.Hide = exactStrings(hold.Hide)
		r.Hold = &hold
	}
	return r
}

// fromExact undoes exact in place, reporting false for a request that
// exact never makes.
func (r *sessionRequest) fromExact() bool {
	var ok bool
	if r.Dir, ok = fromExactString(r.Dir); !ok {
		return false
	}
	return fromExactStrings(r.Argv) && fromExactStrings(r.Env) && (r.Hold == nil || fromExactStrings(r.Hold.Hide))
}

// sessionRequestFDs is the number of files a request carries, besides
// the memory file that holds a request larger than maxInlineRequest;
// maxSessionRequest bounds its size (execve takes less than that anyway).
const (
	sessionRequestFDs = 4
	maxInlineRequest  = 32 << 10
	maxSessionRequest = 16 << 20
)

// kernelAtLeast says whether the running kernel is major.minor or newer.
func kernelAtLeast(major, minor int) bool {
	var u unix.Utsname
	if unix.Uname(&u) != nil {
		return false
	}
	return releaseAtLeast(unix.ByteSliceToString(u.Release[:]), major, minor)
}

// releaseAtLeast says whether a kernel release such as "6.17.2-arch1" is
// major.minor or newer; one it cannot read is not.
func releaseAtLeast(release string, major, minor int) bool {
	var ma, mi int
	if n, _ := fmt.Sscanf(release, "%d.%d", &ma, &mi); n != 2 {
		return false
	}
	return ma > major || ma == major && mi >= minor
}

// removeRootPlaceholder removes the root's .git when it is an empty
// directory, as MakeGitPlaceholders makes for a root without one (and
// versions before held commands left behind): an empty .git is no
// repository, and it breaks the person's builds that ask git for the
// version (go build's "error obtaining VCS status"). It returns l
// without it.
func removeRootPlaceholder(root string, l gitLayout) gitLayout {
	dotgit := filepath.Join(root, ".git")
	rootPlaceholders.Lock()
	removed := rootPlaceholders.users[root] == 0 && removeEmptyDotGit(root)
	rootPlaceholders.Unlock()
	if !removed {
		return l
	}
	dirs := l.dirs[:0:0]
	for _, d := range l.dirs {
		if d != dotgit {
			dirs = append(dirs, d)
		}
	}
	l.dirs = dirs
	return l
}
