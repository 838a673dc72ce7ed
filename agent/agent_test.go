package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// scripted is a fake provider: turn i of a run answers with script[i],
// where i is the number of assistant messages the request already holds,
// the way the fake servers choose.
type scripted struct {
	script []llm.Message
	err    error
	mu     sync.Mutex
	reqs   []llm.Request
	// block, when set, makes Stream wait for ctx to end.
	block bool
}

func (s *scripted) Name() string  { return "fake" }
func (s *scripted) Model() string { return "fake-model" }

func (s *scripted) Stream(ctx context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	if s.block {
		<-ctx.Done()
		return llm.Response{}, ctx.Err()
	}
	if s.err != nil {
		return llm.Response{}, s.err
	}
	n := 0
	for _, m := range req.Messages {
		if m.Role == llm.RoleAssistant {
			n++
		}
	}
	msg := s.script[min(n, len(s.script)-1)]
	if msg.Content != "" {
		onDelta(llm.Delta{Text: msg.Content})
	}
	return llm.Response{Message: msg, Usage: llm.Usage{InputTokens: 10, OutputTokens: 5}}, nil
}

func (s *scripted) last() llm.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reqs[len(s.reqs)-1]
}

func call(id, name string, args any) llm.ToolCall {
	b, _ := json.Marshal(args)
	return llm.ToolCall{ID: id, Name: name, Args: string(b)}
}

func calls(cs ...llm.ToolCall) llm.Message {
	return llm.Message{Role: llm.RoleAssistant, ToolCalls: cs}
}

func text(s string) llm.Message { return llm.Message{Role: llm.RoleAssistant, Content: s} }

// recorder is a Sink that keeps every event.
type recorder struct {
	mu     sync.Mutex
	events []agent.Event
}

func (r *recorder) Publish(e agent.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) ofType(t agent.EventType) []agent.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []agent.Event
	for _, e := range r.events {
		if e.Type == t {
			out = append(out, e)
		}
	}
	return out
}

// approverFunc adapts a function to agent.Approver.
type approverFunc func(context.Context, agent.ApprovalRequest) (agent.Answer, error)

func (f approverFunc) Ask(ctx context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
	return f(ctx, r)
}

type fixture struct {
	root string
	prov *scripted
	sink *recorder
	ag   *agent.Agent
}

func newFixture(t *testing.T, script []llm.Message, ap agent.Approver, cfg agent.Config) *fixture {
	t.Helper()
	root := t.TempDir()
	reg := newRegistry(t, root)
	f := &fixture{root: root, prov: &scripted{script: script}, sink: &recorder{}}
	if ap == nil {
		ap = agent.DenyAll{}
	}
	f.ag = agent.New(agent.Options{Provider: f.prov, Tools: reg, Approver: ap, Sink: f.sink, Config: cfg})
	return f
}

// toolResults returns the tool messages of the last request, by call id.
func (f *fixture) toolResults() map[string]llm.Message {
	out := map[string]llm.Message{}
	for _, m := range f.prov.last().Messages {
		if m.Role == llm.RoleTool {
			out[m.ToolCallID] = m
		}
	}
	return out
}

func TestRunListsReadsIsDeniedAndFinishes(t *testing.T) {
	f := newFixture(t, []llm.Message{
		calls(call("c1", "list_dir", map[string]any{"path": "."})),
		calls(call("c2", "read_file", map[string]any{"path": "README.md"})),
		calls(call("c3", "shell", map[string]any{"command": "rm -rf build"})),
		text("All done."),
	}, nil, agent.DefaultConfig())
	os.WriteFile(filepath.Join(f.root, "README.md"), []byte("hello readme\n"), 0o644)
	os.Mkdir(filepath.Join(f.root, "build"), 0o755)

	out, err := f.ag.Run(t.Context(), "list the files and read README.md")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if out.Status != agent.StatusFinished || out.Turns != 4 || out.Denied != 1 || out.Blocked != 0 {
		t.Errorf("outcome = %+v, want finished after 4 turns with 1 denial", out)
	}
	res := f.toolResults()
	if m := res["c1"]; m.IsError || !strings.Contains(m.Content, "README.md") {
		t.Errorf("list_dir result = %+v, want a listing naming README.md", m)
	}
	if m := res["c2"]; m.IsError || !strings.Contains(m.Content, "hello readme") {
		t.Errorf("read_file result = %+v, want the file's text", m)
	}
	if m := res["c3"]; !m.IsError || !strings.Contains(m.Content, "denied by policy") {
		t.Errorf("shell result = %+v, want an error saying it was denied by policy", m)
	}
	if _, err := os.Stat(filepath.Join(f.root, "build")); err != nil {
		t.Errorf("build/ is gone after a denied rm -rf: %v", err)
	}
	fin := f.sink.ofType(agent.EventRunFinished)
	if len(fin) != 1 || fin[0].Status != agent.StatusFinished || fin[0].Total.InputTokens != 40 {
		t.Errorf("run_finished events = %+v, want one, finished, with 40 input tokens in total", fin)
	}
	decisions := []string{}
	for _, e := range f.sink.ofType(agent.EventApproval) {
		decisions = append(decisions, string(e.Decision)+"/"+e.By)
	}
	if got, want := strings.Join(decisions, " "), "auto/policy auto/policy denied/policy"; got != want {
		t.Errorf("approval decisions = %q, want %q", got, want)
	}
}

func TestBlockedNeverRunsEvenWhenDangerousIsAutoApproved(t *testing.T) {
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Dangerous
	asked := false
	ap := approverFunc(func(context.Context, agent.ApprovalRequest) (agent.Answer, error) {
		asked = true
		return agent.Answer{Choice: agent.Approve}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "sudo touch pwned"})),
		text("ok"),
	}, ap, cfg)
	out, err := f.ag.Run(t.Context(), "do it")
	if err != nil {
		t.Fatal(err)
	}
	if out.Blocked != 1 || asked {
		t.Errorf("outcome = %+v, asked = %v; want 1 blocked and nobody asked", out, asked)
	}
	if m := f.toolResults()["c1"]; !m.IsError || !strings.Contains(m.Content, "blocked") {
		t.Errorf("result = %+v, want a blocked error", m)
	}
	if _, err := os.Stat(filepath.Join(f.root, "pwned")); err == nil {
		t.Error("a blocked command ran")
	}
}

func TestBadCallsBecomeToolErrors(t *testing.T) {
	f := newFixture(t, []llm.Message{
		calls(
			llm.ToolCall{ID: "c1", Name: "shell", Args: `{"command": "ls"`},
			llm.ToolCall{ID: "c2", Name: "launch_missiles", Args: `{}`},
			llm.ToolCall{ID: "c3", Name: "read_file", Args: `{"path": 7}`},
			call("c4", "read_file", map[string]any{"path": "../../etc/passwd"}),
		),
		text("sorry"),
	}, nil, agent.DefaultConfig())
	out, err := f.ag.Run(t.Context(), "go")
	if err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %+v, %v; want finished", out, err)
	}
	res := f.toolResults()
	for _, id := range []string{"c1", "c2", "c3", "c4"} {
		if m, ok := res[id]; !ok || !m.IsError || m.Content == "" {
			t.Errorf("result for %s = %+v, want an error result with a message", id, m)
		}
	}
	if !strings.Contains(res["c2"].Content, "launch_missiles") {
		t.Errorf("unknown tool result = %q, want it to name the tool", res["c2"].Content)
	}
}

func TestTurnLimitStopsAModelThatNeverStops(t *testing.T) {
	cfg := agent.DefaultConfig()
	cfg.MaxTurns = 3
	f := newFixture(t, []llm.Message{
		calls(call("again", "list_dir", map[string]any{"path": "."})),
	}, nil, cfg)
	out, err := f.ag.Run(t.Context(), "loop")
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != agent.StatusTurnLimit || out.Turns != 3 {
		t.Errorf("outcome = %+v, want the turn limit after 3 turns", out)
	}
	assertEveryCallAnswered(t, f.ag.History())
}

func TestModifiedCommandIsClassifiedAgainAndRun(t *testing.T) {
	var reqs []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		reqs = append(reqs, r)
		if len(reqs) == 1 {
			return agent.Answer{Choice: agent.Modify, Args: `{"command": "touch made-by-person"}`}, nil
		}
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "touch made-by-model"})),
		text("ok"),
	}, ap, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "touch"); err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 || !strings.Contains(reqs[1].Call.Args, "made-by-person") {
		t.Fatalf("approval requests = %+v, want the modified command asked again", reqs)
	}
	if _, err := os.Stat(filepath.Join(f.root, "made-by-person")); err != nil {
		t.Errorf("the modified command did not run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(f.root, "made-by-model")); err == nil {
		t.Error("the original command ran instead of the modified one")
	}
	if m := f.toolResults()["c1"]; !strings.Contains(m.Content, "person changed") {
		t.Errorf("result = %q, want the model told the person changed the call", m.Content)
	}
	last := f.sink.ofType(agent.EventApproval)
	if d := last[len(last)-1].Decision; d != agent.DecisionModified {
		t.Errorf("last decision = %q, want %q", d, agent.DecisionModified)
	}
}

func TestCancelDuringApprovalAnswersEveryCall(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	ap := approverFunc(func(ctx context.Context, _ agent.ApprovalRequest) (agent.Answer, error) {
		cancel()
		<-ctx.Done()
		return agent.Answer{}, ctx.Err()
	})
	f := newFixture(t, []llm.Message{
		calls(
			call("c1", "shell", map[string]any{"command": "touch a"}),
			call("c2", "shell", map[string]any{"command": "touch b"}),
		),
		text("never"),
	}, ap, agent.DefaultConfig())
	out, err := f.ag.Run(ctx, "go")
	if err != nil || out.Status != agent.StatusCancelled {
		t.Fatalf("Run = %+v, %v; want cancelled without error", out, err)
	}
	h := f.ag.History()
	assertEveryCallAnswered(t, h)
	for _, m := range h {
		if m.Role == llm.RoleTool && !strings.Contains(m.Content, "cancelled by the user") {
			t.Errorf("result for %s = %q, want cancelled by the user", m.ToolCallID, m.Content)
		}
	}
}

func TestProviderErrorFailsTheRun(t *testing.T) {
	f := newFixture(t, []llm.Message{text("unused")}, nil, agent.DefaultConfig())
	f.prov.err = errors.New("cannot reach http://127.0.0.1:1: is the server running?")
	out, err := f.ag.Run(t.Context(), "go")
	if err == nil || out.Status != agent.StatusFailed {
		t.Fatalf("Run = %+v, %v; want failed with the error", out, err)
	}
	if ev := f.sink.ofType(agent.EventError); len(ev) != 1 || !strings.Contains(ev[0].Error, "cannot reach") {
		t.Errorf("error events = %+v, want the provider's message", ev)
	}
}

func TestConversationContinuesAcrossRuns(t *testing.T) {
	f := newFixture(t, []llm.Message{text("first answer"), text("second answer")}, nil, agent.DefaultConfig())
	for _, task := range []string{"one", "two"} {
		if _, err := f.ag.Run(t.Context(), task); err != nil {
			t.Fatal(err)
		}
	}
	var roles []string
	for _, m := range f.prov.last().Messages {
		roles = append(roles, string(m.Role)+":"+m.Content)
	}
	if got, want := strings.Join(roles, "|"), "user:one|assistant:first answer|user:two"; got != want {
		t.Errorf("second request's messages = %q, want %q", got, want)
	}
	if !strings.Contains(f.prov.last().System, f.root) {
		t.Errorf("system prompt does not name the root %s", f.root)
	}
}

// assertEveryCallAnswered checks the conversation is valid for the next
// request: each assistant tool call has exactly one tool result.
func assertEveryCallAnswered(t *testing.T, h []llm.Message) {
	t.Helper()
	pending := map[string]int{}
	for _, m := range h {
		for _, c := range m.ToolCalls {
			pending[c.ID]++
		}
		if m.Role == llm.RoleTool {
			pending[m.ToolCallID]--
		}
	}
	for id, n := range pending {
		if n != 0 {
			t.Errorf("call %s has %d results missing", id, n)
		}
	}
}

func TestNetworkCallsAlwaysNeedAPerson(t *testing.T) {
	cfg := agent.DefaultConfig()
	cfg.AutoApprove = classify.Dangerous
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		return agent.Answer{Choice: agent.Deny, Reason: "no network today"}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "ls", "network": true})),
		text("ok"),
	}, ap, cfg)
	out, err := f.ag.Run(t.Context(), "fetch")
	if err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || out.Denied != 1 {
		t.Fatalf("asked %d times, outcome %+v; want the person asked once even with dangerous auto-approved", len(asked), out)
	}
	if !strings.Contains(strings.Join(asked[0].Verdict.Reasons, " "), "network") {
		t.Errorf("reasons = %q, want network access named", asked[0].Verdict.Reasons)
	}
}

// newRegistry is the real tool catalog confined to root, with only PATH in
// its commands' environment, closed when the test ends.
func newRegistry(t testing.TB, root string) *tools.Registry {
	t.Helper()
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reg.Close() })
	return reg
}

// A call the person changed into one that needs no approval still records
// that they changed it, with the new arguments, rather than auto/policy.
func TestModifiedIntoAnAutoApprovedCallIsRecordedAsModified(t *testing.T) {
	var reqs []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		reqs = append(reqs, r)
		return agent.Answer{Choice: agent.Modify, Args: `{"command": "ls"}`}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "shell", map[string]any{"command": "touch made-by-model"})),
		text("ok"),
	}, ap, agent.DefaultConfig())
	if _, err := f.ag.Run(t.Context(), "touch"); err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 1 {
		t.Fatalf("asked %d times, want once: ls is safe", len(reqs))
	}
	approvals := f.sink.ofType(agent.EventApproval)
	last := approvals[len(approvals)-1]
	if last.Decision != agent.DecisionModified || last.By != agent.ByPerson || !strings.Contains(last.Call.Args, `"ls"`) {
		t.Errorf("last approval = %s by %s for %s; want modified by person with the new arguments", last.Decision, last.By, last.Call.Args)
	}
}
