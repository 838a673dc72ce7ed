package cmd_test

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// pipeOf is a pipe that holds s, or its first 16 KiB (the least a pipe
// holds, on macOS), before the binary starts, so that whether input is
// there when agent run looks does not depend on how soon a goroutine
// writes it (agent run waits only briefly for a pipe below a task). The
// rest is written as it is read, then the pipe ends.
func pipeOf(t *testing.T, s string) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	head := s[:min(len(s), 16<<10)]
	if _, err := io.WriteString(w, head); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer w.Close()
		io.WriteString(w, s[len(head):]) // fails only when the binary stopped reading
	}()
	return r
}

// lastUserMessage is what the model was last asked by srv's last request.
func lastUserMessage(t *testing.T, srv *openaitest.Server) string {
	t.Helper()
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the provider got no request")
	}
	msgs := reqs[len(reqs)-1].Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return msgs[i].Content
		}
	}
	t.Fatal("the last request holds no user message")
	return ""
}

// A task piped in, as "echo task | agent run" or "agent run -", is the
// task; input piped to a task given as arguments goes with it.
func TestRunReadsTheTaskFromStdin(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"a pipe and no argument", nil, "list the files\n", "list the files"},
		{"a dash", []string{"-"}, "list the files\n", "list the files"},
		{"a pipe below a task", []string{"explain"}, "panic: nil map\n", "explain\n\nInput piped to agent run on stdin:\n\npanic: nil map\n"},
		{"an empty pipe and a task", []string{"explain"}, "", "explain"},
		{"a task and a dash", []string{"explain", "this", "-"}, "panic: nil map\n", "explain this\n\nInput piped to agent run on stdin:\n\npanic: nil map\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("done")})
			r := runAgent(t, openaiEnv(srv), tt.stdin, append([]string{"run", "--root", t.TempDir()}, tt.args...)...)
			if r.code != 0 {
				t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
			}
			if got := lastUserMessage(t, srv); strings.TrimSpace(got) != strings.TrimSpace(tt.want) {
				t.Errorf("the model was asked %q, want %q", got, tt.want)
			}
		})
	}
}

// A pipe on stdin that nobody writes to and that never closes (one a CI
// runner or a supervisor hands down) does not hold up a task given as
// arguments: the run goes on without it, and says so.
func TestRunDoesNotWaitForAPipeThatNeverCloses(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("done")})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close() // open until the run has ended: the pipe never closes
	c := agentCmd(t, t.TempDir(), openaiEnv(srv), "run", "--root", t.TempDir(), "explain")
	c.Stdin = r
	res := run(t, c)
	if res.code != 0 {
		t.Fatalf("exit %d, stderr %s", res.code, res.stderr)
	}
	if !strings.Contains(res.stderr, "agent: stdin: nothing arrived in 200ms; not waiting for it (to wait, pass - after the task: agent run \"task\" -)") {
		t.Errorf("stderr does not say stdin was not waited for:\n%s", res.stderr)
	}
	if got := lastUserMessage(t, srv); got != "explain" {
		t.Errorf("the model was asked %q, want only the task", got)
	}
}

func TestRunCutsLongPipedInputAndSaysSo(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("done")})
	line := strings.Repeat("x", 99) + "\n"
	r := runAgent(t, openaiEnv(srv), strings.Repeat(line, 3000), "run", "--root", t.TempDir(), "summarise")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "agent: stdin holds more than 256 KiB: only its first 256 KiB are sent with the task") {
		t.Errorf("stderr does not say the input was cut:\n%s", r.stderr)
	}
	got := lastUserMessage(t, srv)
	if !strings.HasPrefix(got, "summarise\n") || !strings.Contains(got, "[... stdin cut here: only its first 256 KiB were given ...]") || len(got) > 257<<10 {
		t.Errorf("the model was asked %d bytes starting %.40q, want the task, 256 KiB of input and a note", len(got), got)
	}
}

func TestRunWithoutATaskSaysStdinToo(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"run"}, {"run", "-"}} {
		r := runAgent(t, nil, " \n", append(args, "--root", t.TempDir())...)
		if r.code != 2 || !strings.Contains(r.stderr, "stdin") {
			t.Errorf("agent %v with an empty stdin: exit %d, stderr %q; want exit 2 and a word about stdin", args, r.code, r.stderr)
		}
	}
}

// "agent run --resume" goes on with the latest session, as "agent --resume"
// does; "--resume TASK" does not take the task for a session id, and
// "--resume ID TASK" still names the session.
func TestRunBareResumeContinuesTheLatestSession(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Say("first answer"),
		llmtest.Say("second answer"),
		llmtest.Say("third answer"),
		llmtest.Say("fourth answer"),
	})
	h := newStateHome(t, openaiEnv(srv))
	h.mustRun(0, "run", "--root", root, "first question")
	id := h.sessionIDs()[0]

	r := h.mustRun(0, "run", "--root", root, "--resume", "second question")
	if !strings.Contains(r.stdout, "second answer") {
		t.Errorf("agent run --resume TASK printed %q, want the second turn's answer", r.stdout)
	}
	h.mustRun(0, "run", "--root", root, "--resume", id[:6], "third question")
	c := h.cmd("run", "--root", root, "--resume", id)
	c.Stdin = strings.NewReader("fourth question\n")
	if r := run(t, c); r.code != 0 || !strings.Contains(r.stdout, "fourth answer") {
		t.Errorf("agent run --resume ID with the task on stdin: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if ids := h.sessionIDs(); len(ids) != 1 {
		t.Fatalf("sessions = %v, want the one session continued", ids)
	}
	var asked []string
	for _, m := range srv.Requests()[3].Messages {
		if m.Role == "user" {
			asked = append(asked, strings.TrimSpace(m.Content))
		}
	}
	if want := "first question|second question|third question|fourth question"; strings.Join(asked, "|") != want {
		t.Errorf("the last request asked %q, want %q", asked, want)
	}
}

// A run stopped by a set-up error before its task (no key) records no
// session: "agent sessions" would list it as "no task".
func TestARunThatCannotStartLeavesNoSession(t *testing.T) {
	t.Parallel()
	h := newStateHome(t, map[string]string{"AGENT_PROVIDER": "openai"})
	h.mustRun(1, "run", "--root", t.TempDir(), "a task")
	if ids := h.sessionIDs(); len(ids) != 0 {
		t.Errorf("sessions after a run without a key = %v, want none", ids)
	}
}
