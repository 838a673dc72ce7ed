package printer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func level(l classify.Level) *classify.Level { return &l }

func call(id, tool, summary string, l *classify.Level) *agent.CallInfo {
	return &agent.CallInfo{ID: id, Tool: tool, Summary: summary, Args: `{"x":1}`, Level: l}
}

func result(isErr bool, exit int, ms float64, out string) agent.Event {
	return agent.Event{Type: agent.EventToolResult, Result: &agent.CallResult{IsError: isErr, ExitCode: exit, DurationMS: ms, Output: out}}
}

// withCall sets e's call, so a table row reads as the event it is.
func withCall(e agent.Event, c *agent.CallInfo) agent.Event {
	e.Call = c
	return e
}

func TestText(t *testing.T) {
	shell := call("c1", "shell", "go test ./...", level(classify.Safe))
	rm := call("c2", "shell", "rm -rf build", level(classify.Dangerous))
	tests := []struct {
		name       string
		events     []agent.Event
		wantStdout string
		wantStderr string
	}{
		{
			name: "streamed text goes to stdout and the run's end closes the line",
			events: []agent.Event{
				{Type: agent.EventText, Text: "Hello, "},
				{Type: agent.EventText, Text: "world."},
				{Type: agent.EventRunFinished, Status: agent.StatusFinished},
			},
			wantStdout: "Hello, world.\n",
		},
		{
			name: "an escape split between two deltas leaves no debris",
			events: []agent.Event{
				{Type: agent.EventText, Text: "plain \x1b[4"},
				{Type: agent.EventText, Text: "1;1mRED-BG\x1b"},
				{Type: agent.EventText, Text: "[0m and \x1b]0;ti"},
				{Type: agent.EventText, Text: "tle\x07done"},
				{Type: agent.EventRunFinished, Status: agent.StatusFinished},
			},
			wantStdout: "plain RED-BG and done\n",
		},
		{
			name: "a sequence left open by one reply does not reach into the next",
			events: []agent.Event{
				{Type: agent.EventText, Text: "one\x1b[4"},
				{Type: agent.EventRunFinished, Status: agent.StatusFinished},
				{Type: agent.EventText, Text: "1 two"},
				{Type: agent.EventRunFinished, Status: agent.StatusFinished},
			},
			wantStdout: "one\n1 two\n",
		},
		{
			name: "a compaction is one line on stderr that ends the text before it",
			events: []agent.Event{
				{Type: agent.EventText, Text: "Reading on"},
				{Type: agent.EventCompaction, Text: "Summary: done so far.",
					Compaction: &agent.CompactionInfo{Kind: agent.CompactSummary, Reason: agent.ReasonOverflow, Summarized: 23, Kept: 6},
					Context:    &agent.ContextInfo{Before: 9640, Used: 3391, Window: 12000}},
				{Type: agent.EventCompaction,
					Compaction: &agent.CompactionInfo{Kind: agent.CompactShorten, Reason: agent.ReasonThreshold, Shortened: 2},
					Context:    &agent.ContextInfo{Before: 9800, Used: 8000, Window: 12000}},
			},
			wantStdout: "Reading on\n",
			wantStderr: "context compacted: 23 earlier messages summarised, 6 kept; 9640 → 3391 of 12000 tokens, after the server refused the request as too long\n" +
				"context: 2 old tool outputs shortened to their head and tail (each whole output is saved in a file the note names); 9800 → 8000 of 12000 tokens\n",
		},
		{
			name: "a safe command that succeeds is one line with its exit code and duration",
			events: []agent.Event{
				{Type: agent.EventToolCall, Call: shell},
				{Type: agent.EventApproval, Call: shell, Decision: agent.DecisionAuto, By: agent.ByPolicy},
				{Type: agent.EventToolOutput, Call: shell, Text: "ok\n"},
				withCall(result(false, 0, 1234, "ok\n"), shell),
			},
			wantStderr: "[safe] shell: go test ./...  ✓ exit 0, 1.2s\n",
		},
		{
			name: "a denied command says who denied it and why",
			events: []agent.Event{
				{Type: agent.EventToolCall, Call: rm},
				{Type: agent.EventApproval, Call: rm, Decision: agent.DecisionDenied, By: agent.ByPolicy, Reason: "not auto-approved"},
				withCall(result(true, -1, 0, "denied by policy: not auto-approved"), rm),
			},
			wantStderr: "[dangerous] shell: rm -rf build  ✗ denied by policy: not auto-approved\n",
		},
		{
			name: "a command a person denied without a reason says so",
			events: []agent.Event{
				{Type: agent.EventApproval, Call: rm, Decision: agent.DecisionDenied, By: agent.ByPerson},
				withCall(result(true, -1, 0, "denied"), rm),
			},
			wantStderr: "[dangerous] shell: rm -rf build  ✗ denied: no reason given\n",
		},
		{
			name: "a blocked command shows the classifier's reason",
			events: []agent.Event{
				{Type: agent.EventApproval, Call: call("c3", "shell", "sudo rm -rf /", level(classify.Blocked)), Decision: agent.DecisionBlocked, By: agent.ByPolicy, Reason: "sudo: runs as root"},
				withCall(result(true, -1, 0, "blocked"), call("c3", "shell", "sudo rm -rf /", level(classify.Blocked))),
			},
			wantStderr: "[blocked] shell: sudo rm -rf /  ✗ blocked: sudo: runs as root\n",
		},
		{
			name: "a command that exits non-zero shows the exit code",
			events: []agent.Event{
				withCall(result(true, 2, 310, "FAIL"), call("c4", "shell", "go vet ./...", level(classify.Safe))),
			},
			wantStderr: "[safe] shell: go vet ./...  ✗ exit 2, 310ms\n",
		},
		{
			name: "a file tool that succeeds shows only its duration",
			events: []agent.Event{
				withCall(result(false, -1, 12, "contents"), call("c5", "read_file", "README.md", level(classify.Safe))),
			},
			wantStderr: "[safe] read_file: README.md  ✓ 12ms\n",
		},
		{
			name: "a call that could not be planned shows the first line of its error",
			events: []agent.Event{
				withCall(result(true, -1, 0, "\nunknown tool \"nope\"\nknown tools: shell"), &agent.CallInfo{ID: "c6", Tool: "nope", Args: "{}"}),
			},
			wantStderr: "[invalid] nope: {}  ✗ error: unknown tool \"nope\"\n",
		},
		{
			name: "an edit that no longer applies once its file changed says it was not shown, and why",
			events: []agent.Event{
				withCall(result(true, -1, 0, "not shown: the file changed and the edit no longer applies.\nedit_file: old_string was not found"),
					&agent.CallInfo{ID: "c6", Tool: "edit_file", Args: `{"path":"a"}`, Skipped: "file changed"}),
			},
			wantStderr: "[skipped: file changed] edit_file: {\"path\":\"a\"}  ✗ error: not shown: the file changed and the edit no longer applies.\n",
		},
		{
			name: "a call a person approved is marked so",
			events: []agent.Event{
				{Type: agent.EventApproval, Call: rm, Decision: agent.DecisionApproved, By: agent.ByPerson},
				withCall(result(false, 0, 2500, ""), rm),
			},
			wantStderr: "[dangerous] shell: rm -rf build  ✓ exit 0, 2.5s (approved)\n",
		},
		{
			name: "a call a person changed is marked so",
			events: []agent.Event{
				{Type: agent.EventApproval, Call: rm, Decision: agent.DecisionModified, By: agent.ByPerson},
				withCall(result(false, 0, 61000, ""), rm),
			},
			wantStderr: "[dangerous] shell: rm -rf build  ✓ exit 0, 1m01s (modified, then approved)\n",
		},
		{
			name: "text left mid-line is ended before a tool line so the streams do not run together",
			events: []agent.Event{
				{Type: agent.EventText, Text: "Let me run the tests."},
				withCall(result(false, 0, 100, ""), shell),
				{Type: agent.EventText, Text: "All pass.\n"},
				{Type: agent.EventRunFinished, Status: agent.StatusFinished},
			},
			wantStdout: "Let me run the tests.\nAll pass.\n",
			wantStderr: "[safe] shell: go test ./...  ✓ exit 0, 100ms\n",
		},
		{
			name: "errors go to stderr on one line",
			events: []agent.Event{
				{Type: agent.EventError, Error: "openai: 401 Unauthorized\ncheck OPENAI_API_KEY"},
				{Type: agent.EventRunFinished, Status: agent.StatusFailed, Error: "openai: 401"},
			},
			wantStderr: "error: openai: 401 Unauthorized check OPENAI_API_KEY\n",
		},
		{
			name: "a failed run's error is printed once, even if only its end carries it",
			events: []agent.Event{
				{Type: agent.EventRunStarted},
				{Type: agent.EventRunFinished, Status: agent.StatusFailed, Error: "connection refused"},
				{Type: agent.EventRunStarted},
				{Type: agent.EventError, Error: "bad key"},
				{Type: agent.EventRunFinished, Status: agent.StatusFailed, Error: "bad key"},
			},
			wantStderr: "error: connection refused\nerror: bad key\n",
		},
		{
			name: "a cancelled run says so",
			events: []agent.Event{
				{Type: agent.EventText, Text: "Working"},
				{Type: agent.EventRunFinished, Status: agent.StatusCancelled},
			},
			wantStdout: "Working\n",
			wantStderr: "cancelled\n",
		},
		{
			name: "escape sequences from the model never reach the terminal",
			events: []agent.Event{
				{Type: agent.EventText, Text: "safe\x1b]52;c;cm0gLXJmIH4=\x07 text\x1b[2J\n"},
				withCall(result(false, 0, 5, ""), call("c7", "shell", "echo \x1b[31mred", level(classify.Safe))),
			},
			wantStdout: "safe text\n",
			wantStderr: "[safe] shell: echo red  ✓ exit 0, 5ms\n",
		},
		{
			name: "a reply's thinking is shown on stderr as a glimpse on one line",
			events: []agent.Event{
				{Type: agent.EventReasoningDelta, Text: "The user wants"},
				{Type: agent.EventText, Text: "Done."},
				{Type: agent.EventReasoning, Text: "The user wants\nthe tests run.\x1b[2J First, go test."},
				{Type: agent.EventReasoning, Text: " \n "},
			},
			wantStdout: "Done.\n",
			wantStderr: "thinking (9 words; --json has all of it): The user wants the tests run. First, go test.\n",
		},
		{
			name: "usage and live output print nothing",
			events: []agent.Event{
				{Type: agent.EventRunStarted, Text: "task"},
				{Type: agent.EventUsage},
				{Type: agent.EventToolOutput, Call: shell, Text: "line\n"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			s := NewText(&stdout, &stderr, false)
			for _, e := range tt.events {
				s.Publish(e)
			}
			if got := stdout.String(); got != tt.wantStdout {
				t.Errorf("stdout = %q, want %q", got, tt.wantStdout)
			}
			if got := stderr.String(); got != tt.wantStderr {
				t.Errorf("stderr = %q, want %q", got, tt.wantStderr)
			}
		})
	}
}

func TestTextColor(t *testing.T) {
	events := []agent.Event{
		withCall(result(false, 0, 5, ""), call("c1", "shell", "ls", level(classify.Safe))),
		{Type: agent.EventError, Error: "boom"},
	}
	tests := []struct {
		name   string
		color  bool
		wantSG bool
	}{
		{name: "colour on writes SGR sequences", color: true, wantSG: true},
		{name: "colour off writes plain text", color: false, wantSG: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			s := NewText(&stdout, &stderr, tt.color)
			for _, e := range events {
				s.Publish(e)
			}
			if got := strings.Contains(stderr.String(), "\x1b["); got != tt.wantSG {
				t.Errorf("NewText(color=%v) stderr %q has escapes = %v, want %v", tt.color, stderr.String(), got, tt.wantSG)
			}
		})
	}
}
