package agent_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
)

// holdingCheckpointer blocks the first checkpoint of the provider named
// hold until release is closed, so that its call keeps its locks while the
// test makes another provider's call meet them. Checkpoints run after the
// locks are taken and before the call runs.
type holdingCheckpointer struct {
	hold    string
	held    chan struct{} // closed when the held call is waiting
	release chan struct{}
	once    sync.Once
}

func newHolder(provider string) *holdingCheckpointer {
	return &holdingCheckpointer{hold: provider, held: make(chan struct{}), release: make(chan struct{})}
}

func (h *holdingCheckpointer) Checkpoint(ctx context.Context, label string) (string, error) {
	if !strings.HasSuffix(label, "("+h.hold+")") {
		return "", nil
	}
	first := false
	h.once.Do(func() { first = true })
	if !first {
		return "", nil
	}
	close(h.held)
	select {
	case <-h.release:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return "", nil
}

// team is a coordinator of scripted providers sharing one temp root.
type team struct {
	root  string
	c     *agent.Coordinator
	sinks map[string]*recorder
	provs map[string]*llmtest.Provider
}

func newTeam(t *testing.T, cp agent.Checkpointer, scripts map[string]llmtest.Script, names ...string) *team {
	t.Helper()
	root := t.TempDir()
	reg := newRegistry(t, root)
	tm := &team{root: reg.Root(), c: agent.NewCoordinator(reg.Root()), sinks: map[string]*recorder{}, provs: map[string]*llmtest.Provider{}}
	for _, n := range names {
		cfg := agent.DefaultConfig()
		cfg.AutoApprove = classify.Warning
		cfg.Retries = 0
		tm.sinks[n] = &recorder{}
		tm.provs[n] = llmtest.NewProvider(n, scripts[n])
		if _, err := tm.c.Join(agent.Options{Provider: tm.provs[n], Tools: reg, Approver: agent.DenyAll{},
			Sink: tm.sinks[n], Config: cfg, Checkpointer: cp}); err != nil {
			t.Fatal(err)
		}
	}
	return tm
}

// waitFor polls until cond holds, for events published by another
// goroutine; it fails the test after 10s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func (tm *team) start(t *testing.T, ctx context.Context, name, task string) <-chan agent.ProviderRun {
	done := make(chan agent.ProviderRun, 1)
	go func() {
		o, err := tm.c.Run(ctx, name, task)
		done <- agent.ProviderRun{Provider: name, Outcome: o, Err: err}
	}()
	return done
}

func finished(t *testing.T, r agent.ProviderRun) {
	t.Helper()
	if r.Err != nil || r.Outcome.Status != agent.StatusFinished {
		t.Errorf("%s: Run() = %s, %v; want finished", r.Provider, r.Outcome.Status, r.Err)
	}
}

func TestCoordinatorWritesToTheSameFileQueueAndNoneIsLost(t *testing.T) {
	write := func(s string) llmtest.Turn {
		return llmtest.Use(llmtest.UseTool("write_file", `{"path": "shared.txt", "content": "`+s+`"}`))
	}
	scripts := map[string]llmtest.Script{
		"a": {write(`from a\n`), llmtest.Say("wrote it")},
		// b's first write was planned before a's ran: it must fail and
		// say so; the model reads again and writes over a's version.
		"b": {write(`from b\n`), llmtest.Use(llmtest.UseTool("read_file", `{"path": "shared.txt"}`)),
			write(`from a\nand from b\n`), llmtest.Say("merged")},
	}
	hold := newHolder("a")
	tm := newTeam(t, hold, scripts, "a", "b")
	os.WriteFile(filepath.Join(tm.root, "shared.txt"), []byte("at first\n"), 0o644)

	aDone := tm.start(t, t.Context(), "a", "write it")
	<-hold.held // a holds shared.txt
	bDone := tm.start(t, t.Context(), "b", "write it too")
	waitFor(t, "b's write to queue", func() bool { return len(tm.sinks["b"].ofType(agent.EventQueued)) == 1 })
	close(hold.release)
	finished(t, <-aDone)
	finished(t, <-bDone)

	q := tm.sinks["b"].ofType(agent.EventQueued)[0]
	if q.Text != "write shared.txt" || len(q.WaitsFor) != 1 || !strings.HasPrefix(q.WaitsFor[0], "a: ") || q.Provider != "b" {
		t.Errorf("queued event = %q waiting for %q (provider %q), want b's write shared.txt waiting for a", q.Text, q.WaitsFor, q.Provider)
	}
	if got, _ := os.ReadFile(filepath.Join(tm.root, "shared.txt")); string(got) != "from a\nand from b\n" {
		t.Errorf("shared.txt = %q, want b's later write over a's", got)
	}
	results := tm.sinks["b"].ofType(agent.EventToolResult)
	if len(results) != 3 {
		t.Fatalf("b got %d tool results, want 3", len(results))
	}
	first := results[0].Result
	if !first.IsError || !strings.Contains(first.Output, "file changed since preview") || !strings.Contains(first.Output, "read_file") {
		t.Errorf("b's first write = %q (error %v), want it refused as changed since preview, telling the model to read it again", first.Output, first.IsError)
	}
	if read := results[1].Result.Output; !strings.Contains(read, "from a") {
		t.Errorf("b's read = %q, want a's write", read)
	}
	// The model was told, in the conversation itself.
	reqs := tm.provs["b"].Requests()
	if tr := reqs[1].ToolResults(); len(tr) != 1 || !strings.Contains(tr[0].Content, "Read the file again") {
		t.Errorf("b's model was sent %+v after its first write, want the re-read hint", tr)
	}
	st := tm.c.Stats()
	if st[0].Completed != 1 || st[1].Completed != 2 || st[1].Failed != 1 || st[1].Queued != 1 || st[1].Turns != 4 {
		t.Errorf("Stats() = %+v, want a 1 completed; b 2 completed, 1 failed, 1 queued, 4 turns", st)
	}
}

func TestCoordinatorUnsafeCommandWaitsForAWrite(t *testing.T) {
	scripts := map[string]llmtest.Script{
		"a": {llmtest.Use(llmtest.UseTool("write_file", `{"path": "notes.txt", "content": "written by a\n"}`)), llmtest.Say("ok")},
		"b": {llmtest.Use(llmtest.UseTool("shell", `{"command": "cat notes.txt > copy.txt"}`)), llmtest.Say("ok")},
	}
	hold := newHolder("a")
	tm := newTeam(t, hold, scripts, "a", "b")
	aDone := tm.start(t, t.Context(), "a", "write")
	<-hold.held
	bDone := tm.start(t, t.Context(), "b", "copy")
	waitFor(t, "b's command to queue", func() bool { return len(tm.sinks["b"].ofType(agent.EventQueued)) == 1 })
	if _, err := os.Stat(filepath.Join(tm.root, "copy.txt")); err == nil {
		t.Fatal("b's command ran while a held notes.txt")
	}
	close(hold.release)
	finished(t, <-aDone)
	finished(t, <-bDone)
	q := tm.sinks["b"].ofType(agent.EventQueued)[0]
	if q.Text != "the whole root" || len(q.WaitsFor) != 1 || !strings.Contains(q.WaitsFor[0], "write notes.txt") {
		t.Errorf("queued event = %q waiting for %q, want the whole root waiting for a's write notes.txt", q.Text, q.WaitsFor)
	}
	if got, _ := os.ReadFile(filepath.Join(tm.root, "copy.txt")); string(got) != "written by a\n" {
		t.Errorf("copy.txt = %q, want what a wrote: the command ran after the write", got)
	}
}

func TestCoordinatorCancelOfOneProviderLeavesTheOther(t *testing.T) {
	scripts := map[string]llmtest.Script{
		// a's command holds the whole root until it is cancelled.
		"a": {llmtest.Use(llmtest.UseTool("shell", `{"command": "sleep 30 && touch late"}`)), llmtest.Say("never")},
		"b": {llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
			llmtest.Use(llmtest.UseTool("write_file", `{"path": "b.txt", "content": "b\n"}`)), llmtest.Say("done")},
	}
	tm := newTeam(t, nil, scripts, "a", "b")
	aDone := tm.start(t, t.Context(), "a", "wait")
	waitFor(t, "a's command to start", func() bool { return len(tm.sinks["a"].ofType(agent.EventApproval)) == 1 })
	bDone := tm.start(t, t.Context(), "b", "work")
	waitFor(t, "b's write to queue behind a", func() bool { return len(tm.sinks["b"].ofType(agent.EventQueued)) == 1 })
	if !tm.c.Cancel("a") {
		t.Fatal(`Cancel("a") = false, want true while a runs`)
	}
	ra := <-aDone
	if ra.Outcome.Status != agent.StatusCancelled {
		t.Errorf("a: Run() = %s, want cancelled", ra.Outcome.Status)
	}
	finished(t, <-bDone)
	if got, err := os.ReadFile(filepath.Join(tm.root, "b.txt")); err != nil || string(got) != "b\n" {
		t.Errorf("b.txt = %q, %v; want b's write done after a was cancelled", got, err)
	}
	for _, e := range tm.sinks["b"].ofType(agent.EventToolResult) {
		if e.Result.IsError {
			t.Errorf("b's %s = %q, want success", e.Call.Tool, e.Result.Output)
		}
	}
	if tm.c.Running("a") || tm.c.Running("b") {
		t.Error("a provider still reports running after its run ended")
	}
	if _, err := tm.c.Run(t.Context(), "c", "x"); !errors.Is(err, agent.ErrUnknownProvider) {
		t.Errorf(`Run("c") error = %v, want ErrUnknownProvider`, err)
	}
}

func TestCoordinatorRefusesASecondTaskWhileBusy(t *testing.T) {
	scripts := map[string]llmtest.Script{"a": {llmtest.Use(llmtest.UseTool("shell", `{"command": "sleep 30"}`)), llmtest.Say("done")}}
	tm := newTeam(t, nil, scripts, "a")
	ctx, cancel := context.WithCancel(t.Context())
	done := tm.start(t, ctx, "a", "wait")
	waitFor(t, "a's command to start", func() bool { return len(tm.sinks["a"].ofType(agent.EventApproval)) == 1 })
	if _, err := tm.c.Run(t.Context(), "a", "again"); !errors.Is(err, agent.ErrBusy) {
		t.Errorf("second Run() error = %v, want ErrBusy", err)
	}
	cancel()
	<-done
}

func TestCoordinatorBroadcastRunsEveryProvider(t *testing.T) {
	scripts := map[string]llmtest.Script{}
	names := []string{"p1", "p2", "p3"}
	for _, n := range names {
		scripts[n] = llmtest.Script{llmtest.Use(llmtest.UseTool("write_file", `{"path": "`+n+`.txt", "content": "`+n+`"}`)), llmtest.Say("done")}
	}
	tm := newTeam(t, nil, scripts, names...)
	res := tm.c.Broadcast(t.Context(), "write your file")
	for i, r := range res {
		if r.Provider != names[i] {
			t.Errorf("result %d is %s, want %s", i, r.Provider, names[i])
		}
		finished(t, r)
		if got, _ := os.ReadFile(filepath.Join(tm.root, r.Provider+".txt")); string(got) != r.Provider {
			t.Errorf("%s.txt = %q, want %q", r.Provider, got, r.Provider)
		}
	}
	for _, s := range tm.c.Stats() {
		if s.Runs != 1 || s.Turns != 2 || s.Completed != 1 || s.Queued != 0 || s.Wall <= 0 || s.Usage.Total() == 0 {
			t.Errorf("Stats(%s) = %+v, want 1 run, 2 turns, 1 completed call, none queued, wall time and tokens", s.Provider, s)
		}
	}
}

func TestCoordinatorJoinAgainReplacesTheAgentAndKeepsTheFigures(t *testing.T) {
	scripts := map[string]llmtest.Script{"a": {llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)), llmtest.Say("done")}}
	tm := newTeam(t, nil, scripts, "a")
	finished(t, agent.ProviderRun{Provider: "a", Outcome: mustRun(tm.c.Run(t.Context(), "a", "look"))})
	old := tm.c.Agent("a")
	cfg := agent.DefaultConfig()
	cfg.Retries = 0
	reg, _ := tools.New(tools.DefaultConfig(), tools.Options{Root: tm.root, Env: []string{"PATH=" + os.Getenv("PATH")}})
	t.Cleanup(func() { reg.Close() })
	again, err := tm.c.Join(agent.Options{Provider: llmtest.NewProvider("a", scripts["a"]), Tools: reg, Approver: agent.DenyAll{}, Sink: &recorder{}, Config: cfg})
	if err != nil || again == old || tm.c.Agent("a") != again {
		t.Fatalf("Join again = %p, %v; want a new agent in place of %p", again, err, old)
	}
	finished(t, agent.ProviderRun{Provider: "a", Outcome: mustRun(tm.c.Run(t.Context(), "a", "look again"))})
	if st := tm.c.Stats(); len(st) != 1 || st[0].Runs != 2 || st[0].Completed != 2 {
		t.Errorf("Stats() = %+v, want one provider with 2 runs and 2 completed calls", st)
	}
}

func mustRun(o agent.Outcome, err error) agent.Outcome {
	if err != nil {
		panic(err)
	}
	return o
}
