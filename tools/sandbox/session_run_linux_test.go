package sandbox

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"sync"
	"testing"
)

// viaSessions makes run use Sessions (see run).
var viaSessions = flag.Bool("sessions", false, "run the shell commands of the sandbox tests in session helpers")

// testSessions are the Sessions of each test that uses them, by sandbox.
var testSessions sync.Map

// sessionsFor returns the Sessions of sb for this test, closed at its end.
func sessionsFor(t *testing.T, sb Sandbox) *Sessions {
	t.Helper()
	type key struct {
		t  *testing.T
		sb Sandbox
	}
	if ss, ok := testSessions.Load(key{t, sb}); ok {
		return ss.(*Sessions)
	}
	ss := NewSessions(sb)
	if ss == nil {
		t.Skip("this sandbox cannot run commands in sessions")
	}
	testSessions.Store(key{t, sb}, ss)
	t.Cleanup(func() {
		ss.Close()
		testSessions.Delete(key{t, sb})
	})
	return ss
}

// runInSession is run through the Sessions of sb.
func runInSession(t *testing.T, sb Sandbox, opts Options, env []string, argv ...string) outcome {
	t.Helper()
	cmd, err := sessionsFor(t, sb).Command(opts, argv)
	if err != nil {
		t.Fatalf("Sessions.Command(%q) = %v", argv, err)
	}
	stdout, stderr := pipeOutput(t), pipeOutput(t)
	cmd.Dir, cmd.Env = opts.Root, env
	cmd.Stdout, cmd.Stderr = stdout.w, stderr.w
	err = cmd.Start()
	stdout.w.Close()
	stderr.w.Close()
	if err != nil {
		t.Fatalf("start %q in a session: %v", argv, err)
	}
	o := outcome{stdout: stdout.read(), stderr: stderr.read()}
	cmd.Wait()
	ws, _ := cmd.WaitStatus()
	o.code = ws.ExitStatus()
	if ws.Signaled() {
		o.signal = ws.Signal()
	}
	return o
}

// pipedOutput is a pipe whose read end is read to the end in the
// background. Its first lines are also handed, as they come, to
// waitLine, so a test can wait for a command to say it is ready.
type pipedOutput struct {
	w     *os.File
	done  chan string
	lines chan string // the first cap(lines) lines, without their newline; closed at the end
}

func pipeOutput(t *testing.T) pipedOutput {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p := pipedOutput{w: w, done: make(chan string, 1), lines: make(chan string, 64)}
	go func() {
		var all strings.Builder
		br := bufio.NewReader(r)
		for {
			line, err := br.ReadString('\n')
			all.WriteString(line)
			if strings.HasSuffix(line, "\n") {
				select {
				case p.lines <- strings.TrimSuffix(line, "\n"):
				default: // nobody waits for lines that late
				}
			}
			if err != nil {
				break
			}
		}
		r.Close()
		close(p.lines)
		p.done <- all.String()
	}()
	return p
}

func (p pipedOutput) read() string { return <-p.done }

// waitLine waits until the command writes the line want, among its first
// lines; it fails the test when the output ends without it.
func (p pipedOutput) waitLine(t *testing.T, want string) {
	t.Helper()
	var got []string
	for line := range p.lines {
		if line == want {
			return
		}
		got = append(got, line)
	}
	t.Fatalf("the command ended its output without the line %q: %q", want, got)
}

// sessionTempDir returns the temp directory of the session this test's
// commands in sb ran in.
func sessionTempDir(t *testing.T, sb Sandbox) string {
	t.Helper()
	ss := sessionsFor(t, sb)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, s := range ss.live {
		return s.tmp
	}
	t.Fatal("no session")
	return ""
}
