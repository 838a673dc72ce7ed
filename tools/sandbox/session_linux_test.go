package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestSandboxTestsThroughSessions runs this package's tests again with
// -sessions: every escape they try with a command of its own helper must
// fail as well for a command of a session helper.
func TestSandboxTestsThroughSessions(t *testing.T) {
	t.Parallel()
	if *viaSessions {
		t.Skip("already running through sessions")
	}
	if testing.Short() {
		t.Skip("runs the package's tests a second time")
	}
	isolatedSandbox(t, DefaultConfig())
	args := []string{"-test.count=1", "-test.skip=^(TestSandboxTestsThroughSessions|Fuzz.*)$", "-sessions"}
	if testing.Verbose() {
		args = append(args, "-test.v")
	}
	cmd := exec.Command(testExe(t), args...)
	cmd.Env = append(os.Environ(), quickRaceExit)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the sandbox tests through sessions failed: %v\n%s", err, out)
	}
}

// sessionFixture is a fixture and the Sessions of a confined sandbox.
func sessionFixture(t *testing.T) (fixture, *Sessions) {
	t.Helper()
	sb := isolatedSandbox(t, DefaultConfig())
	ss := NewSessions(sb)
	if ss == nil {
		t.Skip("this sandbox cannot run commands in sessions")
	}
	t.Cleanup(func() { ss.Close() })
	return newFixture(t), ss
}

// started is a session command that was started, with its output.
type started struct {
	cmd            *Cmd
	stdout, stderr pipedOutput
}

// startIn starts bash -c script in the session of ss for the fixture.
func startIn(t *testing.T, ss *Sessions, f fixture, opts Options, script string, env ...string) *started {
	t.Helper()
	return startArgv(t, ss, f, opts, []string{"bash", "-c", script}, env...)
}

// startArgv starts argv in the session of ss for the fixture.
func startArgv(t *testing.T, ss *Sessions, f fixture, opts Options, argv []string, env ...string) *started {
	t.Helper()
	cmd, err := ss.Command(opts, argv)
	if err != nil {
		t.Fatal(err)
	}
	s := &started{cmd: cmd, stdout: pipeOutput(t), stderr: pipeOutput(t)}
	cmd.Dir, cmd.Env = f.root, f.env(env...)
	cmd.Stdout, cmd.Stderr = s.stdout.w, s.stderr.w
	err = cmd.Start()
	s.stdout.w.Close()
	s.stderr.w.Close()
	if err != nil {
		t.Fatalf("start %q: %v", argv, err)
	}
	return s
}

// wait waits for the command and returns its outcome.
func (s *started) wait() outcome {
	o := outcome{stdout: s.stdout.read(), stderr: s.stderr.read()}
	s.cmd.Wait()
	ws, _ := s.cmd.WaitStatus()
	o.code = ws.ExitStatus()
	if ws.Signaled() {
		o.signal = ws.Signal()
	}
	return o
}

// helperPid returns the pid of the live session helper of ss; it fails
// the test unless there is exactly one.
func helperPid(t *testing.T, ss *Sessions) int {
	t.Helper()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.live) != 1 {
		t.Fatalf("%d live sessions, want 1", len(ss.live))
	}
	for _, s := range ss.live {
		return s.helper.Process.Pid
	}
	return 0
}

func alive(pid int) bool {
	// A zombie is not alive: it has ended, and only waits to be reaped.
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(data), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// waitEnded waits until process pid has ended (a zombie has), as its
// pidfd says, and reports whether it did; it gives up after a minute, so
// that a process that never ends fails the test instead of hanging it.
func waitEnded(t *testing.T, pid int) bool {
	t.Helper()
	fd, err := unix.PidfdOpen(pid, 0)
	if errors.Is(err, unix.ESRCH) {
		return true // gone already, reaped too
	}
	if err != nil {
		t.Fatalf("pidfd_open(%d): %v", pid, err)
	}
	defer unix.Close(fd)
	for {
		n, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 60_000)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			t.Fatalf("poll the pidfd of %d: %v", pid, err)
		}
		return n == 1
	}
}

func TestSessionLeftoversDieWithTheirCommandWhileTheHelperLivesOn(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	mark := "agent-test-session-escapee-" + strconv.Itoa(os.Getpid())
	got := startIn(t, ss, f, f.opts(), escapees, "MARK="+mark).wait()
	if got.code != 0 || !strings.Contains(got.stdout, "started") {
		t.Fatalf("escapees: exit %d, %q; %s", got.code, got.stdout, got.stderr)
	}
	// The agent hears that the command ended only once its namespace is
	// gone: nothing marked may be left, without waiting.
	if left := markedProcesses(mark); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("processes %v outlived their command", left)
	}
	helper := helperPid(t, ss)
	if !alive(helper) {
		t.Fatalf("the session helper %d ended with the command", helper)
	}
	// The same environment, or the session would be restarted for it.
	if got := startIn(t, ss, f, f.opts(), `echo again`, "MARK="+mark).wait(); got.stdout != "again\n" {
		t.Errorf("the next command: %+v", got)
	}
	if again := helperPid(t, ss); again != helper {
		t.Errorf("the next command ran in helper %d, want the session's %d", again, helper)
	}
}

func TestSessionCommandsRunConcurrentlyAndIndependently(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	// a waits for b, so both must run at once.
	a := startIn(t, ss, f, f.opts(), `until [ -e "$ROOT/from-b" ]; do sleep 0.01; done; echo a`)
	b := startIn(t, ss, f, f.opts(), `touch "$ROOT/from-b"; echo b`)
	// c is stopped while d goes on.
	c := startIn(t, ss, f, f.opts(), `echo ready; exec sleep 300`)
	d := startIn(t, ss, f, f.opts(), `sleep 0.5; echo d`)
	helper := helperPid(t, ss)
	c.stdout.waitLine(t, "ready")
	if err := c.cmd.SignalGroup(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if got := a.wait(); got.code != 0 || got.stdout != "a\n" {
			t.Errorf("a: %+v", got)
		}
		if got := b.wait(); got.code != 0 || got.stdout != "b\n" {
			t.Errorf("b: %+v", got)
		}
		if got := c.wait(); got.signal != syscall.SIGTERM {
			t.Errorf("c after SIGTERM: %+v, want killed by SIGTERM", got)
		}
		if got := d.wait(); got.code != 0 || got.stdout != "d\n" {
			t.Errorf("d, beside c that was stopped: %+v", got)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the concurrent commands did not end")
	}
	if again := helperPid(t, ss); again != helper {
		t.Errorf("the commands ran in helpers %d and %d, want one session", helper, again)
	}
}

func TestSessionSignalsAndStatus(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	// A command is not its PID namespace's init: what it does to itself
	// works as anywhere.
	for _, tt := range []struct {
		script string
		signal syscall.Signal
	}{
		{`kill -TERM $$`, syscall.SIGTERM},
		{`kill -KILL $$`, syscall.SIGKILL},
		{`kill -INT 0`, syscall.SIGINT},
	} {
		if got := startIn(t, ss, f, f.opts(), tt.script).wait(); got.signal != tt.signal {
			t.Errorf("%s: %+v, want killed by %v", tt.script, got, tt.signal)
		}
	}
	// A command that does not end at SIGTERM is stopped by SIGKILL, and
	// its children with it. It says when it got the SIGTERM, and lives on.
	s := startIn(t, ss, f, f.opts(), `trap "echo term" TERM; sleep 300 & echo ready; while :; do wait; done`)
	s.stdout.waitLine(t, "ready")
	s.cmd.SignalGroup(syscall.SIGTERM)
	s.stdout.waitLine(t, "term")
	select {
	case <-s.cmd.Exited():
		t.Fatal("a command that lives on after SIGTERM ended")
	default:
	}
	s.cmd.SignalGroup(syscall.SIGKILL)
	if got := s.wait(); got.signal != syscall.SIGKILL {
		t.Errorf("after SIGKILL: %+v", got)
	}
	// A command that is not found says so, like the shell.
	cmd, err := ss.Command(f.opts(), []string{"agent-no-such-command"})
	if err != nil {
		t.Fatal(err)
	}
	stderr := pipeOutput(t)
	cmd.Dir, cmd.Env, cmd.Stderr = f.root, f.env(), stderr.w
	err = cmd.Start()
	stderr.w.Close()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if ws, _ := cmd.WaitStatus(); ws.ExitStatus() != ExitNotFound || !strings.Contains(stderr.read(), "command not found") {
		t.Errorf("a missing command: status %d, want %d and a message", ws.ExitStatus(), ExitNotFound)
	}
}

func TestSessionHelperIsOutOfReach(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	// The first command of the session: the directory of its program
	// stays visible, although it is in the shared /tmp.
	got := startArgv(t, ss, f, f.opts(), []string{testExe(t)}, testToolEnv+"=reach-session-helper").wait()
	if got.code != 1 {
		t.Errorf("a command reached its session helper: exit %d; %s%s", got.code, got.stdout, got.stderr)
	}
	t.Logf("%s", got.stderr)
	// Nor does it inherit a file of the helper's (the control socket,
	// another command's socket, what the agent inherited): ls holds its
	// three streams and the directory it lists.
	if got := startIn(t, ss, f, f.opts(), `ls /proc/self/fd | tr '\n' ' '`).wait(); got.stdout != "0 1 2 3 " {
		t.Errorf("a command's files: %q, want 0 1 2 3", got.stdout)
	}
}

func init() { extraTestTools["reach-session-helper"] = reachSessionHelper }

// reachSessionHelper tries what a command could do to pid 1 of its /proc
// (the idle init of its PID namespace; the session helper where the
// kernel cannot give the command a /proc of its own) and to the idle init
// by its pid: read their memory and environment, take
// their files, trace them, signal them. Exit 0 when something got
// through, 1 when nothing did.
func reachSessionHelper() int {
	got := 0
	report := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
		got++
	}
	for _, p := range []string{"mem", "environ", "maps", "fd/0", "fd/1", "fd/2", "fd/3", "fd/4", "fd/5", "root/etc/hostname", "cwd"} {
		if fd, err := unix.Open("/proc/1/"+p, unix.O_RDONLY, 0); err == nil {
			unix.Close(fd)
			report("opened the session helper's /proc/1/%s", p)
		}
	}
	// Their numbers may be listed, where the agent runs as root; what
	// they are may not be learnt.
	for fd := range 32 {
		if target, err := os.Readlink("/proc/1/fd/" + strconv.Itoa(fd)); err == nil {
			report("read where the session helper's file descriptor %d leads: %s", fd, target)
		}
	}
	if pidfd, err := unix.PidfdOpen(1, 0); err == nil {
		for fd := range 8 {
			if got, err := unix.PidfdGetfd(pidfd, fd, 0); err == nil {
				unix.Close(got)
				report("took file descriptor %d of its namespace's init", fd)
			}
		}
	}
	if err := unix.PtraceAttach(1); err == nil {
		report("attached to its namespace's init")
	}
	if err := unix.Kill(1, unix.SIGKILL); err == nil {
		// Allowed, and ignored by an init: but it must not be alive to
		// say so if it were not ignored.
		time.Sleep(50 * time.Millisecond)
	}
	if got > 0 {
		return 0
	}
	return 1
}

func TestSessionHelperRestarts(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	if got := startIn(t, ss, f, f.opts(), `true`).wait(); got.code != 0 {
		t.Fatalf("first command: %+v", got)
	}
	first := helperPid(t, ss)
	syscall.Kill(first, syscall.SIGKILL)
	waitEnded(t, first)
	if got := startIn(t, ss, f, f.opts(), `echo after`).wait(); got.stdout != "after\n" {
		t.Fatalf("the command after the helper was killed: %+v", got)
	}
	second := helperPid(t, ss)
	if second == first {
		t.Fatalf("the killed helper %d is still the session's", first)
	}
	// A submodule's git directory that appears after the session
	// started must be read-only for the next command.
	gitDir := filepath.Join(f.root, "sub-gitdir")
	makeGitDir(t, gitDir)
	writeFile(t, filepath.Join(f.root, "sub", ".git"), "gitdir: "+gitDir+"\n")
	writeFile(t, filepath.Join(f.root, ".gitmodules"), "[submodule \"sub\"]\n\tpath = sub\n")
	before := treeDigest(t, gitDir)
	got := startIn(t, ss, f, f.opts(), `echo x >> "$G/config"; echo y > "$G/hooks/post-checkout"; echo tried`, "G="+gitDir).wait()
	if got.stdout != "tried\n" {
		t.Fatalf("the command after the new git dir: %+v", got)
	}
	if treeDigest(t, gitDir) != before {
		t.Errorf("a command changed the git directory that appeared after its session started")
	}
	if third := helperPid(t, ss); third == second {
		t.Errorf("the session was not restarted for the new git directory")
	}
}

func TestSessionHelperDiesWithTheAgent(t *testing.T) {
	t.Parallel()
	_, _ = sessionFixture(t)
	f := newFixture(t)
	mark := "agent-test-session-orphan-" + strconv.Itoa(os.Getpid())
	agent := exec.Command(testExe(t))
	agent.Env = f.env(testToolEnv+"=session-agent", "MARK="+mark, "SANDBOX_TEST_ROOT="+f.root)
	var out bytes.Buffer
	agent.Stdout, agent.Stderr = &out, &out
	if err := agent.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(markedProcesses(mark)) < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	helpers := sessionHelpersOf(agent.Process.Pid)
	if n := len(markedProcesses(mark)); n < 5 || len(helpers) != 1 {
		agent.Process.Kill()
		agent.Wait()
		t.Fatalf("the stand-in agent started %d marked processes and %d session helpers, want 5 and 1; output: %s", n, len(helpers), out.String())
	}
	agent.Process.Kill()
	agent.Wait()
	if left := waitNoMarked(mark); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("processes %v outlived the agent's SIGKILL", left)
	}
	if !waitEnded(t, helpers[0]) {
		syscall.Kill(helpers[0], syscall.SIGKILL)
		t.Errorf("the session helper %d outlived the agent's SIGKILL", helpers[0])
	}
}

// sessionHelpersOf returns the session helpers whose parent is pid.
func sessionHelpersOf(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		_, rest, _ := strings.Cut(string(stat), ") ")
		fields := strings.Fields(rest)
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) && isSessionHelper(cmdline) {
			out = append(out, child)
		}
	}
	return out
}

// isSessionHelper reports whether cmdline (a process's, NUL-separated)
// is a session helper's.
func isSessionHelper(cmdline []byte) bool {
	args := strings.Split(strings.TrimSuffix(string(cmdline), "\x00"), "\x00")
	if len(args) < 3 || args[1] != HelperArg {
		return false
	}
	spec, err := decodeHelperArgs(args[2:])
	return err == nil && spec.Session
}

func init() { extraTestTools["session-agent"] = runSessionAgentStandIn }

// runSessionAgentStandIn runs escapees and the marked command in a
// session, as the executor does, and waits for it.
func runSessionAgentStandIn() int {
	ss := NewSessions(New(DefaultConfig(), os.Args[0]))
	if ss == nil {
		return 2
	}
	root := os.Getenv("SANDBOX_TEST_ROOT")
	cmd, err := ss.Command(Options{Root: root}, []string{"bash", "-c", escapees + `; exec -a "$MARK" sleep 300`})
	if err != nil {
		return 2
	}
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cmd.Wait()
	return 0
}

func TestSessionCommandsHaveTheirOwnProc(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	// The sleeper carries a variable of its own in its environment,
	// whether its shell has become sleep yet or not.
	sleeper := startIn(t, ss, f, f.opts(), `echo ready; exec sleep 300`, "AGENT_TEST_SLEEPER=1")
	defer sleeper.cmd.SignalGroup(syscall.SIGKILL)
	sleeper.stdout.waitLine(t, "ready")
	// $$ names the shell in /proc, and no other command of the session
	// (the sleeper) is in sight: only the idle init, the shell, and what
	// it runs.
	got := startIn(t, ss, f, f.opts(), `[ "$(cat /proc/$$/comm)" = bash ] && echo own; [ "$(cat /proc/1/comm)" = cat ] && echo init; grep -lx -e sleep -e sandbox.test /proc/[0-9]*/comm || grep -l AGENT_TEST_SLEEPER= /proc/[0-9]*/environ || echo alone`).wait()
	if got.stdout != "own\ninit\nalone\n" {
		t.Errorf("the processes a session command sees: %q, want only its own and the idle init", got.stdout)
	}
}

// The tools that find processes by reading /proc find the command's own,
// by the numbers its kill uses.
func TestSessionCommandsFindTheirProcessesByName(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	got := startIn(t, ss, f, f.opts(), `sleep 5 & p=$!
for i in $(seq 100); do [ "$(cat /proc/$p/comm 2>/dev/null)" = sleep ] && break; done
[ "$(pgrep -x sleep)" = "$p" ] && echo found
pkill -x sleep; wait $p; echo "status $?"`).wait()
	if got.stdout != "found\nstatus 143\n" {
		t.Errorf("pgrep and pkill in a session command: %+v, want the sleep found and ended by SIGTERM", got)
	}
}

func TestReleaseAtLeast(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		release string
		want    bool
	}{
		{"6.17.0", true}, {"6.18.44-fc-v657", true}, {"7.0.1", true}, {"10.1", true},
		{"6.16.9", false}, {"6.8.0-45-generic", false}, {"5.19", false},
		{"", false}, {"6", false}, {"six.seventeen", false},
	} {
		if got := releaseAtLeast(c.release, 6, 17); got != c.want {
			t.Errorf("releaseAtLeast(%q, 6, 17) = %v, want %v", c.release, got, c.want)
		}
	}
}

func TestSessionCommandWithALargeEnvironment(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	// Larger than a socket packet may be; execve takes 128 KiB a string.
	big := strings.Repeat("x", 100<<10)
	env := []string{"BIG1=" + big, "BIG2=" + big, "BIG3=" + big}
	got := startIn(t, ss, f, f.opts(), `echo ${#BIG1} ${#BIG2} ${#BIG3}`, env...).wait()
	if want := fmt.Sprintf("%d %d %d\n", len(big), len(big), len(big)); got.code != 0 || got.stdout != want {
		t.Errorf("a 300 KiB environment: %+v, want %q", got, want)
	}
}

func TestSessionRestartsForAVisiblePathThatAppears(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	hidden := filepath.Join(f.home, "state")
	if err := os.Mkdir(hidden, 0o755); err != nil {
		t.Fatal(err)
	}
	visible := filepath.Join(hidden, "this-session")
	cfg := DefaultConfig()
	cfg.Hide, cfg.Visible = []string{hidden}, []string{visible}
	ss := NewSessions(isolatedSandbox(t, cfg))
	if ss == nil {
		t.Skip("this sandbox cannot run commands in sessions")
	}
	defer ss.Close()
	if got := startIn(t, ss, f, f.opts(), `ls -A "$H"`, "H="+hidden).wait(); got.stdout != "" {
		t.Fatalf("the hidden directory shows %q", got.stdout)
	}
	// Made after the session started, as a session's saved output is.
	writeFile(t, filepath.Join(visible, "out"), "saved\n")
	writeFile(t, filepath.Join(hidden, "other"), "secret\n")
	got := startIn(t, ss, f, f.opts(), `cat "$H/this-session/out"; cat "$H/other"`, "H="+hidden).wait()
	if got.stdout != "saved\n" {
		t.Errorf("after the visible path appeared: %q (%s), want only its file", got.stdout, got.stderr)
	}
}

func TestSessionSlotsAreKeptOnlyWhenNothingIsLeft(t *testing.T) {
	t.Parallel()
	f, ss := sessionFixture(t)
	mark := "agent-test-slot-escapee-" + strconv.Itoa(os.Getpid())
	pids := func() string {
		return startIn(t, ss, f, f.opts(), `echo $$`, "MARK="+mark).wait().stdout
	}
	// A command that leaves nothing: the next runs in the same PID
	// namespace, so its pid follows.
	first, second := pids(), pids()
	if first == second {
		t.Errorf("two clean commands got pid %s each: the slot was not kept", first)
	}
	// In that kept slot, what a command leaves dies with it all the same,
	// and the slot is not kept.
	if got := startIn(t, ss, f, f.opts(), escapees, "MARK="+mark).wait(); got.code != 0 {
		t.Fatalf("escapees: %+v", got)
	}
	if left := markedProcesses(mark); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Errorf("processes %v outlived their command in a kept slot", left)
	}
	if third := pids(); third != "2\n" {
		t.Errorf("after a command that left processes, the next has pid %q, want 2 in a new namespace", third)
	}
}
