package agent_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

// Three safe commands of one reply run together: each reads a named pipe
// that the test feeds only once all of them wait on theirs, last first. Run
// one at a time, the first would wait forever; together, they finish in
// the reverse of the model's order, while the results still go back in
// the model's order.
func TestReadsOfOneReplyRunTogether(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for i := 1; i <= 3; i++ {
		if err := syscall.Mkfifo(filepath.Join(root, fmt.Sprintf("p%d", i)), 0o600); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}
	prov := &scripted{script: []llm.Message{
		calls(
			call("c1", "shell", map[string]any{"command": "cat p1"}),
			call("c2", "shell", map[string]any{"command": "cat p2"}),
			call("c3", "shell", map[string]any{"command": "cat p3"}),
		),
		text("done"),
	}}
	finished := make(chan string, 3)
	rec := &recorder{}
	sink := agent.SinkFunc(func(e agent.Event) {
		rec.Publish(e)
		if e.Type == agent.EventToolResult {
			finished <- e.Call.ID
		}
	})
	ag := agent.New(agent.Options{Provider: prov, Tools: newRegistry(t, root), Approver: agent.DenyAll{}, Sink: sink, Config: agent.DefaultConfig()})

	// A guard against hanging until the test binary's timeout when the
	// calls run one at a time; it is no part of what is measured.
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		defer cancel()
	}
	done := make(chan error, 1)
	go func() {
		_, err := ag.Run(ctx, "read the pipes")
		done <- err
	}()
	for i := 3; i >= 1; i-- {
		opened := make(chan *os.File, 1)
		go func() {
			// Blocks until cat opens the pipe to read it.
			f, err := os.OpenFile(filepath.Join(root, fmt.Sprintf("p%d", i)), os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
			}
			opened <- f
		}()
		select {
		case f := <-opened:
			fmt.Fprintf(f, "%d\n", i)
			f.Close()
		case <-ctx.Done():
			t.Fatalf("cat p%d never started while the calls before it waited: the calls of one reply ran one at a time", i)
		}
		select {
		case id := <-finished:
			if id != fmt.Sprintf("c%d", i) {
				t.Fatalf("call %s finished when only c%d's pipe was fed", id, i)
			}
		case <-ctx.Done():
			t.Fatalf("c%d never finished", i)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var ids, contents []string
	for _, m := range prov.last().Messages {
		if m.Role == llm.RoleTool {
			ids, contents = append(ids, m.ToolCallID), append(contents, m.Content)
		}
	}
	if !slices.Equal(ids, []string{"c1", "c2", "c3"}) || !slices.Equal(contents, []string{"1\n", "2\n", "3\n"}) {
		t.Errorf("tool results %v %q, want c1..c3 in the model's order with their pipes' lines", ids, contents)
	}
	// The events show the overlap: every call was approved to run before
	// the first result.
	var order []string
	for _, e := range rec.events {
		if e.Type == agent.EventApproval || e.Type == agent.EventToolResult {
			order = append(order, string(e.Type)+" "+e.Call.ID)
		}
	}
	want := []string{"approval c1", "approval c2", "approval c3", "tool_result c3", "tool_result c2", "tool_result c1"}
	if !slices.Equal(order, want) {
		t.Errorf("events = %v, want %v", order, want)
	}
}

// A write among reads of one reply runs alone, in its place: the read
// before it sees the old text, the read after it the new.
func TestAWriteAmongReadsKeepsItsPlace(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("old\n"), 0o644)
	prov := &scripted{script: []llm.Message{
		calls(
			call("r1", "read_file", map[string]any{"path": "a.txt"}),
			call("r2", "grep", map[string]any{"pattern": "old"}),
			call("w", "write_file", map[string]any{"path": "a.txt", "content": "new\n"}),
			call("r3", "read_file", map[string]any{"path": "a.txt"}),
			call("r4", "list_dir", map[string]any{"path": "."}),
		),
		text("done"),
	}}
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Warning
	ag := agent.New(agent.Options{Provider: prov, Tools: newRegistry(t, root), Approver: agent.DenyAll{}, Sink: &recorder{}, Config: cfg})
	if out, err := ag.Run(t.Context(), "go"); err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %+v, %v", out, err)
	}
	got := map[string]string{}
	var ids []string
	for _, m := range prov.last().Messages {
		if m.Role == llm.RoleTool {
			got[m.ToolCallID] = m.Content
			ids = append(ids, m.ToolCallID)
		}
	}
	if !slices.Equal(ids, []string{"r1", "r2", "w", "r3", "r4"}) {
		t.Errorf("results in order %v, want the model's", ids)
	}
	if got["r1"] != "     1\told\n" || got["r3"] != "     1\tnew\n" {
		t.Errorf("read before the write = %q, after = %q; want old then new", got["r1"], got["r3"])
	}
}
