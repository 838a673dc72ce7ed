package printer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func shellRequest(command string) agent.ApprovalRequest {
	return agent.ApprovalRequest{
		Provider: "openai",
		Call:     agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command":` + quote(command) + `,"timeout_seconds":5}`, Summary: command},
		Verdict:  classify.Verdict{Level: classify.Dangerous, Reasons: []string{"rm -rf build: recursive forced delete"}},
	}
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

func TestAsker(t *testing.T) {
	write := agent.ApprovalRequest{
		Provider: "openai",
		Call:     agent.CallInfo{ID: "c2", Tool: "write_file", Args: `{"path":"a.txt","content":"new"}`, Summary: "write a.txt"},
		Verdict:  classify.Verdict{Level: classify.Warning, Reasons: []string{"write a.txt"}},
		Preview:  "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n",
	}
	tests := []struct {
		name    string
		req     agent.ApprovalRequest
		input   string
		want    agent.Answer
		wantOut []string // each must appear in what was printed
	}{
		{
			name:    "a approves and the question shows the command, level and reasons",
			req:     shellRequest("rm -rf build"),
			input:   "a\n",
			want:    agent.Answer{Choice: agent.Approve, By: agent.ByPerson},
			wantOut: []string{"openai wants to run shell (dangerous):", "    rm -rf build\n", "  - rm -rf build: recursive forced delete", question},
		},
		{
			name:  "d with words denies and sends them as the reason",
			req:   shellRequest("rm -rf build"),
			input: "d  keep the build dir \n",
			want:  agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: "keep the build dir"},
		},
		{
			name:    "an unknown answer asks again",
			req:     shellRequest("rm -rf build"),
			input:   "sure\n\nDENY\n",
			want:    agent.Answer{Choice: agent.Deny, By: agent.ByPerson},
			wantOut: []string{`"sure" is not an answer`},
		},
		{
			name:    "v prints the preview diff and asks again",
			req:     write,
			input:   "v\na\n",
			want:    agent.Answer{Choice: agent.Approve, By: agent.ByPerson},
			wantOut: []string{"-old\n+new\n" + question},
		},
		{
			name:    "v on a command with no diff prints the whole command",
			req:     shellRequest("make clean &&\nrm -rf build"),
			input:   "v\nn\n",
			want:    agent.Answer{Choice: agent.Deny, By: agent.ByPerson},
			wantOut: []string{"No diff", "    make clean &&\n    rm -rf build\n"},
		},
		{
			name:  "m reads a new command and keeps the other arguments",
			req:   shellRequest("rm -rf build"),
			input: "m\nrm -r build/tmp\n",
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"command":"rm -r build/tmp","timeout_seconds":5}`},
		},
		{
			name:  "m with JSON on the same line takes the arguments as they are",
			req:   shellRequest("rm -rf build"),
			input: "m {\"command\":\"ls\"}\n",
			want:  agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"command":"ls"}`},
		},
		{
			name:  "m followed by an empty line asks the question again",
			req:   shellRequest("rm -rf build"),
			input: "m\n\na\n",
			want:  agent.Answer{Choice: agent.Approve, By: agent.ByPerson},
		},
		{
			name:    "m with a bare command for a file tool is refused and asked again",
			req:     write,
			input:   "m\nhello\nm\n{\"path\":\"b.txt\",\"content\":\"x\"}\n",
			want:    agent.Answer{Choice: agent.Modify, By: agent.ByPerson, Args: `{"path":"b.txt","content":"x"}`},
			wantOut: []string{"not changed: write_file takes a JSON object of arguments"},
		},
		{
			name:    "m with broken JSON is refused and asked again",
			req:     write,
			input:   "m {\"path\":\nd\n",
			want:    agent.Answer{Choice: agent.Deny, By: agent.ByPerson},
			wantOut: []string{"not changed: arguments are not a JSON object"},
		},
		{
			name:    "no input at all denies by policy",
			req:     shellRequest("rm -rf build"),
			input:   "",
			want:    agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: "no person to approve it: the input ended"},
			wantOut: []string{"(no more input: denied)"},
		},
		{
			name:  "an answer without Enter before the input ends denies",
			req:   shellRequest("rm -rf build"),
			input: "a",
			want:  agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: "no person to approve it: the input ended"},
		},
		{
			name:  "input ending while a modification is typed denies",
			req:   shellRequest("rm -rf build"),
			input: "m\n",
			want:  agent.Answer{Choice: agent.Deny, By: agent.ByPolicy, Reason: "no person to approve it: the input ended"},
		},
		{
			name:    "escape sequences in the command are not printed",
			req:     shellRequest("echo \x1b[2Jhi"),
			input:   "d\n",
			want:    agent.Answer{Choice: agent.Deny, By: agent.ByPerson},
			wantOut: []string{"    echo hi\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			got, err := NewAsker(strings.NewReader(tt.input), &out).Ask(t.Context(), tt.req)
			if err != nil {
				t.Fatalf("Approve() error = %v", err)
			}
			if got != tt.want {
				t.Errorf("Approve() after %q = %+v, want %+v", tt.input, got, tt.want)
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output %q does not contain %q", out.String(), w)
				}
			}
			if strings.Contains(out.String(), "\x1b") {
				t.Errorf("output %q contains an escape", out.String())
			}
		})
	}
}

func TestAskerAfterEndDeniesEveryCall(t *testing.T) {
	a := NewAsker(strings.NewReader(""), io.Discard)
	for i := range 3 {
		got, err := a.Ask(t.Context(), shellRequest("ls"))
		if err != nil || got.Choice != agent.Deny || got.By != agent.ByPolicy {
			t.Errorf("call %d: Approve() = %+v, %v, want a denial by policy", i, got, err)
		}
	}
}

func TestAskerCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		a := NewAsker(pr, io.Discard)

		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() {
			_, err := a.Ask(ctx, shellRequest("rm -rf build"))
			done <- err
		}()
		synctest.Wait() // Approve is now waiting for a line
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("Approve() after cancel error = %v, want context.Canceled", err)
		}

		// The person was typing "a" for the cancelled question: it must not
		// approve the next one. (Under -race this also checks that only one
		// read of the input is ever in flight.)
		next := make(chan agent.Answer, 1)
		go func() {
			d, _ := a.Ask(t.Context(), shellRequest("rm -rf dist"))
			next <- d
		}()
		if _, err := io.WriteString(pw, "a\n"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		select {
		case d := <-next:
			t.Fatalf("the stale line answered the next question: %+v", d)
		default:
		}
		if _, err := io.WriteString(pw, "d\n"); err != nil {
			t.Fatal(err)
		}
		if d := <-next; d.Choice != agent.Deny || d.By != agent.ByPerson {
			t.Errorf("Approve() = %+v, want the person's denial", d)
		}
	})
}

func TestAskerAsksOneQuestionAtATime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		var out lockedBuffer
		a := NewAsker(pr, &out)
		answers := make(chan agent.Answer, 2)
		for _, c := range []string{"first", "second"} {
			go func() {
				d, _ := a.Ask(t.Context(), shellRequest(c))
				answers <- d
			}()
		}
		synctest.Wait()
		if n := strings.Count(out.String(), question); n != 1 {
			t.Fatalf("%d questions printed at once, want 1", n)
		}
		io.WriteString(pw, "a\n")
		synctest.Wait()
		if n := strings.Count(out.String(), question); n != 2 {
			t.Fatalf("after one answer %d questions printed, want 2", n)
		}
		io.WriteString(pw, "d\n")
		got := []agent.Choice{(<-answers).Choice, (<-answers).Choice}
		if got[0] != agent.Approve || got[1] != agent.Deny {
			t.Errorf("answers = %v, want [approve deny] in order", got)
		}
	})
}

// A headless run offers "for this session" too: s shows the rule, yes
// saves it in the session's rules and approves; no asks again.
func TestSessionAskerSavesARuleForTheSession(t *testing.T) {
	req := shellRequest("go test ./...")
	req.Verdict.Level = classify.Warning
	t.Run("yes saves the rule and approves", func(t *testing.T) {
		var rules agent.SessionRules
		var out bytes.Buffer
		d, err := NewSessionAsker(strings.NewReader("s\ny\n"), &out, &rules).Ask(t.Context(), req)
		if err != nil || d.Choice != agent.Approve || d.By != agent.ByPerson {
			t.Fatalf("Ask = %+v, %v; want approved by the person", d, err)
		}
		saved := rules.List()
		if len(saved) != 1 || d.Reason != "session rule: "+saved[0].String() {
			t.Fatalf("rules = %v, reason %q; want the one rule, named in the reason", saved, d.Reason)
		}
		other := shellRequest("go test -run X ./pkg")
		other.Verdict.Level = classify.Warning
		if !saved[0].Matches(other) {
			t.Errorf("the rule %q does not cover another go test", saved[0])
		}
		for _, want := range []string{sessionQuestion, "allow for the rest of this session: shell commands starting with `go test`, up to warning", "save it and approve? [y/N]: "} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		}
	})
	t.Run("anything but yes saves nothing and asks again", func(t *testing.T) {
		var rules agent.SessionRules
		var out bytes.Buffer
		d, err := NewSessionAsker(strings.NewReader("s\nn\nd not now\n"), &out, &rules).Ask(t.Context(), req)
		if err != nil || d.Choice != agent.Deny || d.Reason != "not now" {
			t.Fatalf("Ask = %+v, %v; want the later denial", d, err)
		}
		if n := len(rules.List()); n != 0 {
			t.Errorf("%d rules saved, want none", n)
		}
	})
	t.Run("a request a rule made while it waited is approved without a question", func(t *testing.T) {
		var rules agent.SessionRules
		r, _ := agent.ProposeRule(req)
		rules.Add(r)
		var out bytes.Buffer
		d, err := NewSessionAsker(strings.NewReader(""), &out, &rules).Ask(t.Context(), req)
		if err != nil || d != r.Approval() || out.Len() != 0 {
			t.Errorf("Ask = %+v, %v, printing %q; want the rule's approval and no question", d, err, out.String())
		}
	})
	t.Run("without session rules s is not an answer", func(t *testing.T) {
		var out bytes.Buffer
		d, err := NewAsker(strings.NewReader("s\nd\n"), &out).Ask(t.Context(), req)
		if err != nil || d.Choice != agent.Deny {
			t.Fatalf("Ask = %+v, %v; want the denial", d, err)
		}
		if !strings.Contains(out.String(), `"s" is not an answer: type a, d, m or v`) || strings.Contains(out.String(), "[s]ession") {
			t.Errorf("output offers or takes s without session rules:\n%s", out.String())
		}
	})
}
