package agent_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// mcpAgent is an agent whose registry offers the test MCP server's tools
// (over streamable HTTP on loopback), with a fake checkpointer and locks.
func mcpAgent(t *testing.T, script []llm.Message, ap agent.Approver, auto classify.Level) (*agent.Agent, *scripted, *recorder, *fakeCheckpointer, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var lines []string
	srv := mcptest.New(func(line string) { mu.Lock(); lines = append(lines, line); mu.Unlock() })
	ran := func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), lines...) }
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	root := t.TempDir()
	m := mcp.Start(t.Context(), mcp.Config{"notes": {URL: hs.URL}}, mcp.Options{Root: root})
	t.Cleanup(func() { m.Close() })
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Sources: []tools.Source{m}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = auto
	prov, sink, cp := &scripted{script: script}, &recorder{}, &fakeCheckpointer{}
	a := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: ap, Sink: sink, Config: cfg,
		Checkpointer: cp, Locks: agent.NewLocks(root)})
	return a, prov, sink, cp, ran
}

func TestModifiedMCPArgumentsAreCheckedAndClassifiedAgain(t *testing.T) {
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		switch {
		case r.Call.ID == "c1" && len(asked) == 1:
			return agent.Answer{Choice: agent.Modify, Args: `{"text":"by the person"}`}, nil
		case r.Call.ID == "c2":
			return agent.Answer{Choice: agent.Modify, Args: `{"text":5}`}, nil
		}
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
	})
	a, prov, _, _, _ := mcpAgent(t, []llm.Message{
		calls(call("c1", "mcp__notes__write_note", map[string]any{"text": "by the model"}),
			call("c2", "mcp__notes__write_note", map[string]any{"text": "again"})),
		text("ok"),
	}, ap, classify.Safe)
	if _, err := a.Run(t.Context(), "write"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 3 || asked[1].Call.ID != "c1" || !strings.Contains(asked[1].Call.Args, "by the person") {
		t.Fatalf("approvals = %+v, want c1 asked again with the person's arguments", asked)
	}
	if v := asked[1].Verdict; v.Level != classify.Warning || v.Rule != "builtin:mcp-unannotated" {
		t.Errorf("the modified call's verdict = %+v, want it classified again", v)
	}
	if !strings.Contains(asked[0].Preview, `"text": "by the model"`) || !strings.Contains(asked[0].Preview, "annotations: none") {
		t.Errorf("the approval's details = %q, want the indented arguments and the annotations", asked[0].Preview)
	}
	res := map[string]string{}
	for _, m := range prov.last().Messages {
		if m.Role == llm.RoleTool {
			res[m.ToolCallID] = m.Content
		}
	}
	if !strings.Contains(res["c1"], "write_note: by the person") {
		t.Errorf("c1 result = %q, want the person's arguments run", res["c1"])
	}
	if !strings.Contains(res["c2"], "do not match the tool's input schema") {
		t.Errorf("c2 result = %q, want the bad modification refused by the schema", res["c2"])
	}
}

func TestMCPCallsTakeCheckpointsWhenNotSafe(t *testing.T) {
	a, _, _, cp, ran := mcpAgent(t, []llm.Message{
		calls(call("c1", "mcp__notes__read_note", map[string]any{"text": "a"}),
			call("c2", "mcp__notes__write_note", map[string]any{"text": "b"})),
		text("ok"),
	}, agent.DenyAll{}, classify.Warning)
	if _, err := a.Run(t.Context(), "notes"); err != nil {
		t.Fatal(err)
	}
	if got := ran(); len(got) != 2 {
		t.Errorf("the server ran %q, want both calls", got)
	}
	if len(cp.labels) != 1 || !strings.HasPrefix(cp.labels[0], "mcp__notes__write_note: notes/write_note") {
		t.Errorf("checkpoints = %q, want one, before the warning call only", cp.labels)
	}
}

func TestNotSafeMCPCallsHoldTheWholeRoot(t *testing.T) {
	for lvl, want := range map[classify.Level]bool{classify.Safe: false, classify.Warning: true, classify.Dangerous: true} {
		c := agent.ClaimFor("p", classify.Action{Kind: classify.MCP, Root: "/p"}, lvl)
		if c.RootExclusive != want {
			t.Errorf("ClaimFor(MCP, %v).RootExclusive = %v, want %v", lvl, c.RootExclusive, want)
		}
	}
}

// An MCP server runs as the person, outside the sandbox: the approval must
// not promise that undo takes its call back, only the project's files.
func TestMCPApprovalSaysWhatUndoCannotTakeBack(t *testing.T) {
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		return agent.Answer{Choice: agent.Deny, By: agent.ByPerson}, nil
	})
	a, _, _, _, _ := mcpAgent(t, []llm.Message{calls(call("c1", "mcp__notes__write_note", map[string]any{"text": "b"})), text("ok")}, ap, classify.Safe)
	if _, err := a.Run(t.Context(), "notes"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 {
		t.Fatalf("asked %d times, want once", len(asked))
	}
	got := asked[0].Undo
	if strings.Contains(got, "can take it back") || !strings.Contains(got, "what the MCP server changes elsewhere") {
		t.Errorf("Undo = %q; want it to say the server's changes outside the project cannot be taken back, and never promise undo", got)
	}
}
