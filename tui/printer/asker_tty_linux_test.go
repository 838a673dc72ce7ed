package printer

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/agentcli/agent/agent"
)

// openPTY opens a pseudo-terminal: the asker reads from term, the test
// types into keyboard as a person would.
func openPTY(t *testing.T) (keyboard, tty *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// waitOutput waits until the asker has printed want.
func waitOutput(t *testing.T, out *lockedBuffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if strings.Contains(out.String(), want) {
			return
		}
	}
	t.Fatalf("the asker never printed %q; it printed %q", want, out.String())
}

func TestAskerModifyOnATerminalStartsFromTheCall(t *testing.T) {
	tests := []struct {
		name   string
		req    agent.ApprovalRequest
		shown  string // the line the editor starts with
		keys   []string
		want   agent.Answer
		stayed bool // the question is asked again
	}{
		{
			name:  "the command is there to edit: five Backspaces and a new word",
			req:   shellRequest("rm -rf build"),
			shown: "new command (or JSON arguments): rm -rf build",
			keys:  []string{"\x7f\x7f\x7f\x7f\x7f", "dist\r"},
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"command":"rm -rf dist","timeout_seconds":5}`},
		},
		{
			name:  "Home and a word in front",
			req:   shellRequest("make test"),
			shown: "new command (or JSON arguments): make test",
			keys:  []string{"\x01", "time \r"},
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"command":"time make test","timeout_seconds":5}`},
		},
		{
			name: "a command on several lines is edited as its JSON arguments",
			req: agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c1", Tool: "shell",
				Args: `{"command": "make clean &&\nrm -rf build", "timeout_seconds": 5}`}},
			shown: `new command (or JSON arguments): {"command":"make clean &&\nrm -rf build",`,
			keys:  []string{"\r"},
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"command":"make clean &&\nrm -rf build","timeout_seconds":5}`},
		},
		{
			name: "a file tool's arguments are there to edit",
			req: agent.ApprovalRequest{Provider: "openai", Call: agent.CallInfo{ID: "c2", Tool: "write_file",
				Args: `{"path": "a.txt", "content": "old"}`}},
			shown: `new arguments as a JSON object: {"path":"a.txt","content":"old"}`,
			keys:  []string{"\x7f\x7f\x7f\x7f\x7f", `new"}`, "\r"},
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"path":"a.txt","content":"new"}`},
		},
		{
			name:   "Ctrl+C goes back to the question, changing nothing",
			req:    shellRequest("rm -rf build"),
			shown:  "new command (or JSON arguments): rm -rf build",
			keys:   []string{"\x03"},
			stayed: true,
			want:   agent.Answer{Choice: agent.Deny, By: agent.ByPerson},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keyboard, tty := openPTY(t)
			var out lockedBuffer
			a := NewAsker(tty, &out)
			got := make(chan agent.Answer, 1)
			go func() {
				ans, _ := a.Ask(t.Context(), tt.req) // an error leaves the zero Answer
				got <- ans
			}()
			waitOutput(t, &out, question)
			keyboard.WriteString("m\n")
			waitOutput(t, &out, tt.shown)
			for _, k := range tt.keys {
				keyboard.WriteString(k)
			}
			if tt.stayed {
				waitOutput(t, &out, "not changed\n"+question)
				keyboard.WriteString("n\n")
			}
			select {
			case ans := <-got:
				if ans != tt.want {
					t.Errorf("after m and %q: %+v, want %+v", tt.keys, ans, tt.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("no answer after the keys %q; printed %q", tt.keys, out.String())
			}
		})
	}
}
