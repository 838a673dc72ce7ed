package agent_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

// fakeCheckpointer records each checkpoint's label and whether the file
// the test watches existed at that moment.
type fakeCheckpointer struct {
	watch string
	err   error

	mu     sync.Mutex
	labels []string
	seen   []bool
}

func (c *fakeCheckpointer) Checkpoint(_ context.Context, label string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return "", c.err
	}
	_, err := os.Stat(c.watch)
	c.labels = append(c.labels, label)
	c.seen = append(c.seen, err == nil)
	return "cp" + string(rune('0'+len(c.labels))), nil
}

func newCheckpointAgent(t *testing.T, script []llm.Message, cp agent.Checkpointer, auto classify.Level) (*agent.Agent, *recorder, string) {
	t.Helper()
	root := t.TempDir()
	reg := newRegistry(t, root)
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = auto
	sink := &recorder{}
	a := agent.New(agent.Options{
		Provider: &scripted{script: script}, Tools: reg, Approver: agent.DenyAll{}, Sink: sink,
		Config: cfg, Checkpointer: cp,
	})
	return a, sink, root
}

func TestCheckpointIsTakenBeforeCallsThatChangeFiles(t *testing.T) {
	tests := []struct {
		name   string
		call   llm.ToolCall
		auto   classify.Level
		labels []string
	}{
		{"a write gets one before the file exists", call("c1", "write_file", map[string]any{"path": "new.txt", "content": "x\n"}), classify.Warning,
			[]string{"write_file: create new.txt (fake)"}},
		{"a shell command above safe gets one", call("c1", "shell", map[string]any{"command": "echo x > new.txt"}), classify.Dangerous,
			[]string{"shell: echo x > new.txt (fake)"}},
		{"a safe command gets none", call("c1", "shell", map[string]any{"command": "ls"}), classify.Dangerous, nil},
		{"a read gets none", call("c1", "read_file", map[string]any{"path": "absent.txt"}), classify.Dangerous, nil},
		{"a denied write gets none", call("c1", "write_file", map[string]any{"path": "new.txt", "content": "x\n"}), classify.Safe, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cp := &fakeCheckpointer{}
			a, sink, root := newCheckpointAgent(t, []llm.Message{calls(tt.call), text("done")}, cp, tt.auto)
			cp.watch = filepath.Join(root, "new.txt")
			if _, err := a.Run(t.Context(), "task"); err != nil {
				t.Fatal(err)
			}
			if strings.Join(cp.labels, "|") != strings.Join(tt.labels, "|") {
				t.Errorf("checkpoint labels = %q, want %q", cp.labels, tt.labels)
			}
			for i, seen := range cp.seen {
				if seen {
					t.Errorf("checkpoint %d was taken after the file was written", i+1)
				}
			}
			evs := sink.ofType(agent.EventCheckpoint)
			if len(evs) != len(tt.labels) {
				t.Fatalf("%d checkpoint events, want %d", len(evs), len(tt.labels))
			}
			for _, e := range evs {
				if e.Checkpoint == "" || e.Call == nil || e.Call.ID != "c1" || e.Error != "" {
					t.Errorf("checkpoint event = %+v, want the id and the call", e)
				}
			}
		})
	}
}

// A change that no checkpoint could precede runs only when a person
// approves it knowing undo is unavailable, even at a level the
// auto-approve level covers; headless, it is denied and the model is told
// why.
func TestAFailedCheckpointHoldsTheChangeForAPerson(t *testing.T) {
	write := call("c1", "write_file", map[string]any{"path": "new.txt", "content": "x\n"})
	tests := []struct {
		name     string
		approver func(asked *[]agent.ApprovalRequest) agent.Approver
		ran      bool
	}{
		{"headless, it is denied", func(asked *[]agent.ApprovalRequest) agent.Approver {
			return approverFunc(func(ctx context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
				*asked = append(*asked, r)
				return agent.DenyAll{}.Ask(ctx, r)
			})
		}, false},
		{"a person who approves it gets it run", func(asked *[]agent.ApprovalRequest) agent.Approver {
			return approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
				*asked = append(*asked, r)
				return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
			})
		}, true},
		{"a person who denies it keeps the file as it is", func(asked *[]agent.ApprovalRequest) agent.Approver {
			return approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
				*asked = append(*asked, r)
				return agent.Answer{Choice: agent.Deny, By: agent.ByPerson, Reason: "not without undo"}, nil
			})
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			cfg := agent.DefaultConfig()
			cfg.AutoApprove = classify.Warning // the write is auto-approved while checkpoints work
			var asked []agent.ApprovalRequest
			sink := &recorder{}
			a := agent.New(agent.Options{
				Provider: &scripted{script: []llm.Message{calls(write), text("done")}}, Tools: newRegistry(t, root),
				Approver: tt.approver(&asked), Sink: sink, Config: cfg,
				Checkpointer: &fakeCheckpointer{err: errors.New("write checkpoint: no space left on device")},
			})
			out, err := a.Run(t.Context(), "task")
			if err != nil {
				t.Fatal(err)
			}
			if len(asked) != 1 || !asked[0].NoUndo || !strings.Contains(asked[0].Undo, "NOT covered by undo") || !strings.Contains(asked[0].Undo, "no space left on device") {
				t.Fatalf("asked %+v; want one request saying undo is unavailable, and why", asked)
			}
			_, statErr := os.Stat(filepath.Join(root, "new.txt"))
			if ran := statErr == nil; ran != tt.ran {
				t.Fatalf("the write ran = %v, want %v", ran, tt.ran)
			}
			evs := sink.ofType(agent.EventCheckpoint)
			if len(evs) == 0 || !strings.Contains(evs[0].Error, "no space left on device") {
				t.Errorf("checkpoint events = %+v, want the failure, and why", evs)
			}
			results := sink.ofType(agent.EventToolResult)
			if len(results) != 1 {
				t.Fatalf("%d results, want 1", len(results))
			}
			if res := results[0].Result; tt.ran == res.IsError {
				t.Errorf("result = %+v, want IsError %v", res, !tt.ran)
			}
			if !tt.ran && out.Denied != 1 {
				t.Errorf("outcome denied %d, want 1", out.Denied)
			}
			if tt.name == "headless, it is denied" && !strings.Contains(results[0].Result.Output, "no checkpoint could be taken") {
				t.Errorf("the model was told %q; want why it was denied", results[0].Result.Output)
			}
		})
	}
}

func TestHistoryIsContinued(t *testing.T) {
	prov := &scripted{script: []llm.Message{text("unused"), text("unused"), text("second answer")}}
	root := t.TempDir()
	reg := newRegistry(t, root)
	history := []llm.Message{
		{Role: llm.RoleUser, Content: "first task"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "list_dir", Args: `{"path":"."}`}}},
		{Role: llm.RoleTool, ToolCallID: "c1", ToolName: "list_dir", Content: "(empty)"},
		{Role: llm.RoleAssistant, Content: "first answer"},
	}
	a := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: agent.DenyAll{}, Sink: &recorder{}, History: history})
	history[0].Content = "changed by the caller afterwards"
	if _, err := a.Run(t.Context(), "more"); err != nil {
		t.Fatal(err)
	}
	msgs := prov.last().Messages
	if len(msgs) != 5 || msgs[0].Content != "first task" || msgs[3].Content != "first answer" || msgs[4].Content != "more" {
		t.Errorf("request messages = %+v, want the history then the new task", msgs)
	}
}

func TestTeePublishesToEverySinkInOrder(t *testing.T) {
	var a, b recorder
	s := agent.Tee(&a, nil, &b)
	s.Publish(agent.Event{Type: agent.EventText, Text: "1"})
	s.Publish(agent.Event{Type: agent.EventText, Text: "2"})
	for _, r := range []*recorder{&a, &b} {
		if len(r.events) != 2 || r.events[0].Text != "1" || r.events[1].Text != "2" {
			t.Errorf("sink got %+v, want both events in order", r.events)
		}
	}
	if one := agent.Tee(nil, &a); one != agent.Sink(&a) {
		t.Error("Tee of one sink is not that sink")
	}
}
