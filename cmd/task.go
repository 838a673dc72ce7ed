package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/agentcli/agent/agent/session"
)

// maxPipedInput bounds what agent run reads from stdin: a whole log piped
// in by mistake must not fill the model's context or cost a fortune.
const maxPipedInput = 256 << 10

// taskFromStdin is the task argument that says: read the task from stdin.
// After a task, it says: wait for stdin and add it below the task.
const taskFromStdin = "-"

// pipedInputGrace is how long agent run waits for the first byte (or the
// end) of a pipe on stdin when the task is given as arguments: a pipe
// that is only inherited (a CI step, a process supervisor) never closes,
// and the run must not wait for it forever.
const pipedInputGrace = 200 * time.Millisecond

// notWaitingNotice is said on stderr when a pipe on stdin held nothing
// within pipedInputGrace and the run goes on without it.
var notWaitingNotice = "agent: stdin: nothing arrived in " + pipedInputGrace.String() + "; not waiting for it (to wait, pass - after the task: agent run \"task\" -)"

// runTask is the task agent run works on, from its arguments and stdin:
//
//   - "agent run -", or no task while stdin is not a terminal: stdin is
//     the task;
//   - a task while stdin is a file, or a pipe that holds input or has
//     ended within pipedInputGrace: what it holds is added below the task
//     ("cat f | agent run explain"); a pipe where nothing arrived is left
//     unread, and said on stderr;
//   - a task followed by "-": stdin is read to its end and added below
//     the task, however long it takes to come;
//   - after a bare --resume, a first argument that names a session is its
//     id, as in "agent run --resume ID more"; any other is the task, and
//     the latest session of the project goes on.
//
// Piped input past maxPipedInput is cut, said on stderr and to the model.
func (a *app) runTask(c *cobra.Command, args []string) (string, error) {
	if c.Flags().Changed("resume") && a.resume == resumeLatest && len(args) > 0 {
		if len(args) > 1 || a.namesSession(args[0]) {
			a.resume, args = args[0], args[1:]
		}
	}
	waitForStdin := len(args) > 1 && args[len(args)-1] == taskFromStdin
	if waitForStdin {
		args = args[:len(args)-1]
	}
	task := strings.TrimSpace(strings.Join(args, " "))
	fromStdin := task == taskFromStdin || task == "" && !a.stdinIsTerminal()
	if fromStdin {
		in, err := a.readPiped()
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(in) == "" {
			return "", usageError("agent run: stdin held no task; give one as an argument, for example: agent run --yes-safe \"run the tests\"")
		}
		return in, nil
	}
	if task == "" {
		return "", usageError("agent run needs a task, as an argument or piped on stdin, for example: agent run --yes-safe \"run the tests\"")
	}
	if waitForStdin || a.stdinIsPiped() {
		if !waitForStdin && !a.pipedInputArrives() {
			fmt.Fprintln(a.stderr, notWaitingNotice)
			return task, nil
		}
		in, err := a.readPiped()
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(in) != "" {
			task += "\n\nInput piped to agent run on stdin:\n\n" + in
		}
	}
	return task, nil
}

// namesSession reports whether id names exactly one recorded session.
func (a *app) namesSession(id string) bool {
	_, err := session.Find(sessionsDir(a.getenv), id)
	return err == nil
}

// stdinIsTerminal reports whether a person types at stdin.
func (a *app) stdinIsTerminal() bool {
	f, ok := a.stdin.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// stdinIsPiped reports whether stdin is a pipe or a regular file: input
// given on purpose. A terminal, /dev/null or a closed descriptor is not.
// Anything other than an *os.File (a test's reader) counts as piped.
func (a *app) stdinIsPiped() bool {
	f, ok := a.stdin.(*os.File)
	if !ok {
		return a.stdin != nil
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	m := fi.Mode()
	return m&os.ModeNamedPipe != 0 || m.IsRegular()
}

// pipedInputArrives reports whether stdin, piped, holds input or has
// ended within pipedInputGrace. A regular file (or a test's reader) is
// always read.
func (a *app) pipedInputArrives() bool {
	f, ok := a.stdin.(*os.File)
	if !ok {
		return true
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return true
	}
	return inputArrives(f, pipedInputGrace)
}

// readPiped reads stdin up to maxPipedInput. Past the bound the rest is
// left unread, and both the person (on stderr) and the model are told.
func (a *app) readPiped() (string, error) {
	data, err := io.ReadAll(io.LimitReader(a.stdin, maxPipedInput+1))
	if err != nil {
		return "", failure(fmt.Errorf("reading stdin: %w", err))
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", usageError("agent run: stdin is binary data, not text")
	}
	if len(data) <= maxPipedInput {
		return strings.ToValidUTF8(string(data), "\uFFFD"), nil
	}
	data = data[:maxPipedInput] // a rune cut in two becomes U+FFFD
	fmt.Fprintf(a.stderr, "agent: stdin holds more than %d KiB: only its first %d KiB are sent with the task\n", maxPipedInput>>10, maxPipedInput>>10)
	return strings.ToValidUTF8(string(data), "\uFFFD") + fmt.Sprintf("\n[... stdin cut here: only its first %d KiB were given ...]\n", maxPipedInput>>10), nil
}
