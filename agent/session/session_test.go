package session_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/session"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools"
	"github.com/agentcli/agent/tools/redact"
)

// scripted is a fake provider: a request holding n assistant messages gets
// script[n], as the fake servers choose.
type scripted struct {
	name   string
	script []llm.Message
	mu     sync.Mutex
	reqs   []llm.Request
}

func (s *scripted) Name() string  { return s.name }
func (s *scripted) Model() string { return "fake-model" }

func (s *scripted) Stream(_ context.Context, req llm.Request, onDelta func(llm.Delta)) (llm.Response, error) {
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	n := 0
	for _, m := range req.Messages {
		if m.Role == llm.RoleAssistant {
			n++
		}
	}
	msg := s.script[min(n, len(s.script)-1)]
	// Stream the text in small pieces, as providers do.
	for t := msg.Content; t != ""; {
		k := min(3, len(t))
		onDelta(llm.Delta{Text: t[:k]})
		t = t[k:]
	}
	return llm.Response{Message: msg, Usage: llm.Usage{InputTokens: 10, OutputTokens: 5}}, nil
}

func toolCall(id, name string, args any) llm.ToolCall {
	b, _ := json.Marshal(args)
	return llm.ToolCall{ID: id, Name: name, Args: string(b)}
}

func say(s string) llm.Message { return llm.Message{Role: llm.RoleAssistant, Content: s} }

func use(cs ...llm.ToolCall) llm.Message { return llm.Message{Role: llm.RoleAssistant, ToolCalls: cs} }

// approveAll approves every call a person is asked about, and rewrites
// the arguments of calls whose command is "modify me".
type approveAll struct{}

func (approveAll) Ask(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
	if strings.Contains(r.Call.Args, "modify me") {
		return agent.Answer{Choice: agent.Modify, Args: `{"command": "touch modified"}`, By: agent.ByPerson}, nil
	}
	if strings.Contains(r.Call.Args, "deny me") {
		return agent.Answer{Choice: agent.Deny, Reason: "not today", By: agent.ByPerson}, nil
	}
	return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
}

// recordRun runs tasks with a fresh agent whose events go to a new session
// file, and returns the agent and the file's entry.
func recordRun(t *testing.T, dir string, prov *scripted, tasks ...string) (*agent.Agent, session.Entry) {
	t.Helper()
	return recordRunAt(t, dir, time.Now(), prov, tasks...)
}

// recordRunAt is recordRun for a session that started at start.
func recordRunAt(t *testing.T, dir string, start time.Time, prov *scripted, tasks ...string) (*agent.Agent, session.Entry) {
	t.Helper()
	root := t.TempDir()
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	rec, err := session.CreateAt(dir, start, session.Info{Root: root, Command: "run", PID: os.Getpid()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: approveAll{}, Sink: rec, Config: agent.DefaultConfig()})
	for _, task := range tasks {
		if _, err := a.Run(t.Context(), task); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	e, err := session.Find(dir, rec.ID())
	if err != nil {
		t.Fatal(err)
	}
	return a, e
}

func TestRebuildGivesTheAgentsOwnHistory(t *testing.T) {
	tests := []struct {
		name   string
		script []llm.Message
		tasks  []string
	}{
		{"text only", []llm.Message{say("Hello there, this is a longer answer\nwith two lines.")}, []string{"hi"}},
		{"tool calls, several per reply", []llm.Message{
			use(toolCall("c1", "list_dir", map[string]any{"path": "."}), toolCall("c2", "shell", map[string]any{"command": "echo one; echo two"})),
			use(toolCall("c3", "read_file", map[string]any{"path": "missing.txt"})),
			say("Done."),
		}, []string{"look around"}},
		{"a denial and a modification", []llm.Message{
			use(toolCall("c1", "shell", map[string]any{"command": "touch deny me"})),
			use(toolCall("c2", "shell", map[string]any{"command": "touch modify me"})),
			say("ok"),
		}, []string{"try"}},
		{"two tasks in one session", []llm.Message{
			use(toolCall("c1", "list_dir", map[string]any{"path": "."})),
			say("first"),
			say("second"),
		}, []string{"one", "two"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, e := recordRun(t, t.TempDir(), &scripted{name: "fake", script: tt.script}, tt.tasks...)
			c, err := session.Rebuild(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			got, want := c.For("fake"), a.History()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Rebuild = \n%s\nwant the agent's history\n%s", dump(got), dump(want))
			}
			if c.Last() != "fake" || !reflect.DeepEqual(c.Providers, []string{"fake"}) {
				t.Errorf("providers = %v, last %q; want [fake], fake", c.Providers, c.Last())
			}
		})
	}
}

func dump(msgs []llm.Message) string {
	b, _ := json.MarshalIndent(msgs, "", "  ")
	return string(b)
}

func TestRebuildAnswersCallsAKilledProcessLeftOpen(t *testing.T) {
	dir := t.TempDir()
	_, e := recordRun(t, dir, &scripted{name: "fake", script: []llm.Message{
		use(toolCall("c1", "list_dir", map[string]any{"path": "."}), toolCall("c2", "list_dir", map[string]any{"path": "."})),
		say("done"),
	}}, "task")
	// Cut the file in the middle of the second call's result line, as a
	// SIGKILL during a write would.
	data, _ := os.ReadFile(e.Path)
	lines := strings.SplitAfter(string(data), "\n")
	var cut strings.Builder
	results := 0
	// The two reads run together, so either may finish second.
	cutID := ""
	for _, l := range lines {
		if strings.Contains(l, `"type":"tool_result"`) {
			results++
			if results == 2 {
				for _, id := range []string{"c1", "c2"} {
					if strings.Contains(l, `"id":"`+id+`"`) {
						cutID = id
					}
				}
				cut.WriteString(l[:len(l)/2])
				break
			}
		}
		cut.WriteString(l)
	}
	if cutID == "" {
		t.Fatalf("no second tool result with a call id in the session file:\n%s", data)
	}
	os.WriteFile(e.Path, []byte(cut.String()), 0o600)

	c, err := session.Rebuild(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	msgs := c.For("fake")
	req := llmtest.Request{Messages: msgs}
	if err := req.Validate(); err != nil {
		t.Errorf("rebuilt conversation is not valid to send: %v\n%s", err, dump(msgs))
	}
	var answer *llm.Message
	for i := range msgs {
		if msgs[i].Role == llm.RoleTool && msgs[i].ToolCallID == cutID {
			answer = &msgs[i]
		}
	}
	if answer == nil || !answer.IsError || !strings.Contains(answer.Content, "interrupted") {
		t.Errorf("answer to %s = %+v, want it answered as interrupted", cutID, answer)
	}
	s, err := session.Summarize(e)
	if err != nil {
		t.Fatal(err)
	}
	if s.Skipped != 1 || s.Calls != 1 {
		t.Errorf("Summarize = %+v, want the torn line skipped and one finished call", s)
	}
}

func TestReaderToleratesOtherVersionsAndTornLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "20250101-120000-abcd1234.jsonl")
	content := `{"type":"session_started","provider":"","time":"2025-01-01T12:00:00Z","session":{"id":"abcd1234","root":"/p","format":0,"hostname":"old"}}
{"type":"run_started","provider":"openai","time":"2025-01-01T12:00:01Z","text":"old task","model":"m","future_field":{"x":1}}

{"type":"hologram","provider":"openai","time":"2025-01-01T12:00:02Z","beam":true}
{"type":"text","provider":"openai","time":"2025-01-01T12:00:03Z","text":"answer"}
not json at all
{"type":"run_finished","provider":"openai","time":"2025-01-01T12:00:04Z","status":"finished"}
{"type":"session_closed","provider":"","time":"2025-01-01T12:00:05Z"}
{"type":"text","provider":"openai","ti`
	os.WriteFile(path, []byte(content), 0o600)

	var types []string
	skipped, err := session.Each(path, func(r session.Record, _ int) error {
		types = append(types, string(r.Type))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "session_started run_started hologram text run_finished session_closed"
	if got := strings.Join(types, " "); got != want || skipped != 2 {
		t.Errorf("Each = %q, %d skipped; want %q and 2 skipped", got, skipped, want)
	}
	e, _ := session.Find(dir, "abcd")
	s, err := session.Summarize(e)
	if err != nil || s.Root != "/p" || s.Prompt != "old task" || s.Status != "finished" {
		t.Errorf("Summarize = %+v, %v; want root /p, the old task, finished", s, err)
	}
	c, err := session.Rebuild(path)
	if err != nil || len(c.For("openai")) != 2 {
		t.Errorf("Rebuild = %+v, %v; want the task and the answer", c, err)
	}
}

func TestAppendEndsATornLineFirst(t *testing.T) {
	dir := t.TempDir()
	rec, err := session.Create(dir, session.Info{Root: "/p"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec.Publish(agent.Event{Type: agent.EventRunStarted, Provider: "p", Text: "first"})
	path := rec.Path()
	// A killed process: no Close, and half a line at the end.
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"type":"text","provider":"p","te`)
	f.Close()

	rec2, err := session.Append(path, session.Info{Root: "/p", PID: os.Getpid()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec2.Publish(agent.Event{Type: agent.EventRunStarted, Provider: "p", Text: "second"})
	rec2.Close()

	var tasks []string
	skipped, _ := session.Each(path, func(r session.Record, _ int) error {
		if r.Type == agent.EventRunStarted {
			tasks = append(tasks, r.Text)
		}
		if r.Type == session.TypeResumed && (r.Session == nil || r.Session.ID != rec.ID()) {
			t.Errorf("resumed record = %+v, want the session's id", r.Session)
		}
		return nil
	})
	if strings.Join(tasks, ",") != "first,second" || skipped != 1 {
		t.Errorf("tasks = %q, skipped %d; want both tasks and the torn line skipped", tasks, skipped)
	}
}

func TestRecorderRedactsSecretsSplitAcrossPieces(t *testing.T) {
	const envSecret = "plain-looking-secret-value-42"
	dir := t.TempDir()
	rec, err := session.Create(dir, session.Info{Root: "/p"}, redact.New(envSecret))
	if err != nil {
		t.Fatal(err)
	}
	lvl := classify.Warning
	call := &agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command":"echo ` + envSecret + `"}`, Summary: "echo " + envSecret, Level: &lvl}
	events := []agent.Event{
		{Type: agent.EventRunStarted, Provider: "p", Text: "use key sk-abcdefghijklmnopqrstuv please"},
		{Type: agent.EventText, Provider: "p", Text: "the key is sk-abcdefgh"},
		{Type: agent.EventText, Provider: "p", Text: "ijklmnopqrstuv and"},
		{Type: agent.EventText, Provider: "p", Text: " more\nnext line"},
		{Type: agent.EventUsage, Provider: "p", Usage: &llm.Usage{}},
		{Type: agent.EventToolCall, Provider: "p", Call: call},
		{Type: agent.EventToolOutput, Provider: "p", Call: call, Text: "plain-looking-se"},
		{Type: agent.EventToolOutput, Provider: "p", Call: call, Text: "cret-value-42\n"},
		{Type: agent.EventToolResult, Provider: "p", Call: call, Result: &agent.CallResult{Output: envSecret + "\n"}},
	}
	for _, e := range events {
		rec.Publish(e)
	}
	rec.Close()
	data, _ := os.ReadFile(rec.Path())
	for _, secret := range []string{envSecret, "sk-abcdefghijklmnop"} {
		if bytes.Contains(data, []byte(secret)) {
			t.Errorf("the session file holds %q:\n%s", secret, data)
		}
	}
	if call.Args != `{"command":"echo `+envSecret+`"}` {
		t.Errorf("the recorder changed the event other sinks share: %q", call.Args)
	}
	var texts []string
	session.Each(rec.Path(), func(r session.Record, _ int) error {
		if r.Type == agent.EventText {
			texts = append(texts, r.Text)
		}
		return nil
	})
	if want := []string{"the key is sk-[REDACTED] and more\n", "next line"}; !reflect.DeepEqual(texts, want) {
		t.Errorf("text records = %q, want the pieces joined into lines %q", texts, want)
	}
}

func TestRecorderIsSafeForConcurrentProviders(t *testing.T) {
	dir := t.TempDir()
	rec, _ := session.Create(dir, session.Info{Root: "/p"}, nil)
	var wg sync.WaitGroup
	for _, p := range []string{"a", "b", "c"} {
		wg.Go(func() {
			for range 200 {
				rec.Publish(agent.Event{Type: agent.EventText, Provider: p, Text: p + p + "\n"})
				rec.Publish(agent.Event{Type: agent.EventUsage, Provider: p, Usage: &llm.Usage{}})
			}
		})
	}
	wg.Wait()
	rec.Close()
	counts := map[string]int{}
	skipped, _ := session.Each(rec.Path(), func(r session.Record, _ int) error {
		if r.Type == agent.EventText {
			if r.Text != r.Provider+r.Provider+"\n" {
				t.Errorf("text record %q of %s mixes providers", r.Text, r.Provider)
			}
			counts[r.Provider]++
		}
		return nil
	})
	if skipped != 0 || counts["a"] != 200 || counts["b"] != 200 || counts["c"] != 200 {
		t.Errorf("counts = %v, skipped %d; want 200 each, none skipped", counts, skipped)
	}
}

// makeSession writes a session file with a given start time and size.
func makeSession(t *testing.T, dir string, start time.Time, id string, size int) {
	t.Helper()
	head := `{"type":"session_started","provider":"","time":"` + start.Format(time.RFC3339) + `","session":{"id":"` + id + `","root":"/r/` + id + `","format":1}}` + "\n"
	pad := strings.Repeat(" ", max(0, size-len(head)))
	name := start.UTC().Format("20060102-150405") + "-" + id + ".jsonl"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(head+pad), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestPruneKeepsTheNewestAndTheCurrent(t *testing.T) {
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		cfg     session.Config
		current string
		keep    string
	}{
		{"keeps the last N", session.Config{Keep: 2, MaxMB: 100}, "s5", "s5 s4"},
		{"keeps at most M megabytes", session.Config{Keep: 100, MaxMB: 1}, "s5", "s5 s4"},
		{"never deletes the current session", session.Config{Keep: 1, MaxMB: 100}, "s1", "s5 s1"},
		{"keeps all within the limits", session.Config{Keep: 10, MaxMB: 100}, "s5", "s5 s4 s3 s2 s1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for i := 1; i <= 5; i++ {
				makeSession(t, dir, base.Add(time.Duration(i)*time.Minute), "s"+string(rune('0'+i)), 400<<10)
			}
			removed, err := session.Prune(dir, tt.cfg, tt.current, nil)
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := session.List(dir)
			var ids []string
			for _, e := range entries {
				ids = append(ids, e.ID)
			}
			if got := strings.Join(ids, " "); got != tt.keep {
				t.Errorf("Prune(%+v) kept %q, want %q", tt.cfg, got, tt.keep)
			}
			for _, r := range removed {
				if r.Root != "/r/"+r.ID {
					t.Errorf("removed %s with root %q, want its root for the checkpoints", r.ID, r.Root)
				}
			}
		})
	}
}

// What belongs to a session besides its file (its saved output) counts
// towards max_mb and is deleted with it.
func TestPruneCountsAndDeletesWhatASessionLeft(t *testing.T) {
	dir, outputs := t.TempDir(), t.TempDir()
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	for i := 1; i <= 3; i++ {
		makeSession(t, dir, base.Add(time.Duration(i)*time.Minute), "s"+string(rune('0'+i)), 10<<10)
	}
	// s2's files are small; its saved output is not.
	big := filepath.Join(outputs, "s2", "shell-1.log")
	os.MkdirAll(filepath.Dir(big), 0o700)
	if err := os.WriteFile(big, make([]byte, 1020<<10), 0o600); err != nil {
		t.Fatal(err)
	}
	attached := func(id string) []string { return []string{filepath.Join(outputs, id)} }
	removed, err := session.Prune(dir, session.Config{Keep: 100, MaxMB: 1}, "s3", attached)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range removed {
		ids = append(ids, r.ID)
	}
	if got := strings.Join(ids, " "); got != "s2 s1" {
		t.Errorf("Prune removed %q, want s2 (over max_mb with its output) and the older s1", got)
	}
	if _, err := os.Stat(filepath.Join(outputs, "s2")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("s2's saved output is still there (%v)", err)
	}
}

func TestFindMatchesIDPrefixes(t *testing.T) {
	dir := t.TempDir()
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	makeSession(t, dir, base, "abc12345", 0)
	makeSession(t, dir, base.Add(time.Minute), "abd99999", 0)
	tests := []struct {
		id      string
		want    string
		wantErr error
	}{
		{"abc12345", "abc12345", nil},
		{"abc", "abc12345", nil},
		{"20250301-100100-abd99999.jsonl", "abd99999", nil},
		{"ab", "", session.ErrAmbiguous},
		{"zzz", "", session.ErrNotFound},
		{"", "", session.ErrNotFound},
	}
	for _, tt := range tests {
		e, err := session.Find(dir, tt.id)
		if e.ID != tt.want || !errors.Is(err, tt.wantErr) {
			t.Errorf("Find(%q) = %q, %v; want %q, %v", tt.id, e.ID, err, tt.want, tt.wantErr)
		}
	}
	if e, err := session.Latest(dir, "/r/abc12345"); err != nil || e.ID != "abc12345" {
		t.Errorf("Latest(/r/abc12345) = %q, %v", e.ID, err)
	}
}

func TestSummarizeTellsRunningFromInterrupted(t *testing.T) {
	dir := t.TempDir()
	rec, _ := session.Create(dir, session.Info{Root: "/p", PID: os.Getpid()}, nil)
	rec.Publish(agent.Event{Type: agent.EventRunStarted, Provider: "openai", Text: "do it"})
	e, _ := session.Find(dir, rec.ID())
	if s, _ := session.Summarize(e); s.Status != session.StatusRunning || s.Prompt != "do it" || s.Providers[0] != "openai" {
		t.Errorf("Summarize while recording = %+v, want running", s)
	}
	// The same file, as if its process had died: rewrite the pid.
	data, _ := os.ReadFile(e.Path)
	dead := strings.Replace(string(data), `"pid":`, `"pid":99999999`+`,"was":`, 1)
	os.WriteFile(e.Path, []byte(dead), 0o600)
	if s, _ := session.Summarize(e); s.Status != session.StatusInterrupted {
		t.Errorf("Summarize of a dead process's session = %q, want interrupted", s.Status)
	}
	rec.Close()
}

func TestAuditFiltersAndOrdersNewestFirst(t *testing.T) {
	dir := t.TempDir()
	recordRunAt(t, dir, time.Now().Add(-time.Minute), &scripted{name: "alpha", script: []llm.Message{
		use(toolCall("c1", "list_dir", map[string]any{"path": "."})),
		use(toolCall("c2", "shell", map[string]any{"command": "touch modify me"})),
		say("ok"),
	}}, "first")
	recordRun(t, dir, &scripted{name: "beta", script: []llm.Message{
		use(toolCall("c1", "shell", map[string]any{"command": "rm -rf deny me"})),
		say("ok"),
	}}, "second")

	dangerous := classify.Dangerous
	tests := []struct {
		name string
		f    session.Filter
		want string
	}{
		{"all calls, newest first", session.Filter{}, "beta/shell alpha/shell alpha/list_dir"},
		{"by provider", session.Filter{Provider: "alpha"}, "alpha/shell alpha/list_dir"},
		{"by tool", session.Filter{Tool: "list_dir"}, "alpha/list_dir"},
		{"by level", session.Filter{MinLevel: &dangerous}, "beta/shell"},
		{"since the future", session.Filter{Since: time.Now().Add(time.Hour)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, err := session.Audit(dir, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range calls {
				got = append(got, c.Provider+"/"+c.Tool)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("Audit(%+v) = %q, want %q", tt.f, got, tt.want)
			}
		})
	}
	calls, _ := session.Audit(dir, session.Filter{Provider: "alpha", Tool: "shell"})
	c := calls[0]
	if c.Decision != agent.DecisionModified || c.By != agent.ByPerson || !strings.Contains(c.NewArgs, "touch modified") ||
		!strings.Contains(c.Args, "modify me") || !c.Finished || c.ExitCode != 0 || c.Line == 0 || c.Root == "" {
		t.Errorf("modified call = %+v, want the original and new arguments, who decided, and the result's place", c)
	}
	calls, _ = session.Audit(dir, session.Filter{Provider: "beta"})
	if c := calls[0]; c.Decision != agent.DecisionDenied || c.Reason != "not today" {
		t.Errorf("denied call = %+v, want denied by person with the reason", c)
	}
}

func TestExportsShowEveryCall(t *testing.T) {
	dir := t.TempDir()
	_, e := recordRun(t, dir, &scripted{name: "fake", script: []llm.Message{
		use(toolCall("c1", "shell", map[string]any{"command": "echo '```' hello"})),
		say("All done."),
	}}, "say hello")
	var text, md, js bytes.Buffer
	if err := session.WriteText(&text, e); err != nil {
		t.Fatal(err)
	}
	if err := session.WriteMarkdown(&md, e); err != nil {
		t.Fatal(err)
	}
	if err := session.WriteJSON(&js, e); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"> say hello", "[safe] shell: echo '```' hello", "auto by policy", "``` hello", "All done.", "── finished"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("WriteText lacks %q:\n%s", want, text.String())
		}
	}
	for _, want := range []string{"# Session " + e.ID, "> say hello", "### `shell` (safe)", "**Decision:** auto by policy", "````\n``` hello\n", "All done."} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("WriteMarkdown lacks %q:\n%s", want, md.String())
		}
	}
	var doc struct {
		Session session.Summary  `json:"session"`
		Records []session.Record `json:"records"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("WriteJSON is not one JSON document: %v\n%s", err, js.String())
	}
	if doc.Session.ID != e.ID || len(doc.Records) < 8 || doc.Records[0].Type != session.TypeStarted {
		t.Errorf("WriteJSON = session %+v with %d records, want the summary and every record", doc.Session, len(doc.Records))
	}
}

func TestConfigValidate(t *testing.T) {
	if err := session.DefaultConfig().Validate(); err != nil {
		t.Errorf("DefaultConfig().Validate() = %v", err)
	}
	err := session.Config{Keep: 0, MaxMB: -1}.Validate()
	if err == nil || !strings.Contains(err.Error(), "sessions.keep") || !strings.Contains(err.Error(), "sessions.max_mb") {
		t.Errorf("Validate of zero keep and negative max_mb = %v, want both named", err)
	}
}

// Each call's arguments are stored once, with its first event, not with
// every approval, output line and result about it; the conversation
// rebuilt from the file still has them.
func TestRecorderStoresArgumentsOnce(t *testing.T) {
	marker := strings.Repeat("m", 300)
	script := []llm.Message{
		use(toolCall("c1", "shell", map[string]any{"command": "echo one; echo two; echo three # " + marker})),
		say("Done."),
	}
	a, e := recordRun(t, t.TempDir(), &scripted{name: "fake", script: script}, "go")
	b, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, marker) {
			lines++
		}
	}
	if lines != 1 {
		t.Errorf("the arguments appear in %d records of the session file, want only the call's first", lines)
	}
	c, err := session.Rebuild(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.For("fake"), a.History(); !reflect.DeepEqual(got, want) {
		t.Errorf("Rebuild = \n%s\nwant the agent's history\n%s", dump(got), dump(want))
	}
}

// Only a command has an exit status: the Markdown export of another tool's
// result shows none, rather than "exit -1".
func TestMarkdownExportShowsNoExitForOtherTools(t *testing.T) {
	dir := t.TempDir()
	_, e := recordRun(t, dir, &scripted{name: "fake", script: []llm.Message{
		use(toolCall("c1", "list_dir", map[string]any{"path": "."})),
		use(toolCall("c2", "shell", map[string]any{"command": "true"})),
		say("All done."),
	}}, "look")
	var md bytes.Buffer
	if err := session.WriteMarkdown(&md, e); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "exit -1") {
		t.Errorf("WriteMarkdown shows exit -1:\n%s", md.String())
	}
	if !strings.Contains(md.String(), "**Result:** exit 0,") {
		t.Errorf("WriteMarkdown lacks the shell command's exit status:\n%s", md.String())
	}
}

func TestTranscriptHoldsWhatAPanelShowsAgain(t *testing.T) {
	_, e := recordRun(t, t.TempDir(), &scripted{name: "fake", script: []llm.Message{
		use(toolCall("c1", "shell", map[string]any{"command": "echo one"})),
		say("It printed one."),
		say("second answer"),
	}}, "first task", "second task")
	c, err := session.Rebuild(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	var text strings.Builder
	for _, ev := range c.Transcript("fake") {
		kinds = append(kinds, string(ev.Type))
		text.WriteString(ev.Text)
		if ev.Type == agent.EventToolOutput || ev.Type == agent.EventUsage {
			t.Errorf("the transcript holds a %s event: live output and usage are not shown again", ev.Type)
		}
	}
	want := []string{"run_started", "tool_call", "approval", "tool_result", "text", "run_finished", "run_started", "text", "run_finished"}
	if got := strings.Join(slices.Compact(kinds), " "); got != strings.Join(want, " ") {
		t.Errorf("transcript events = %s\nwant %s", got, strings.Join(want, " "))
	}
	for _, w := range []string{"first task", "It printed one.", "second task", "second answer"} {
		if !strings.Contains(text.String(), w) {
			t.Errorf("the transcript's text %q lacks %q", text.String(), w)
		}
	}
	if got := c.Transcript("another"); len(got) != len(c.Transcript("fake")) {
		t.Errorf("a provider that took no part gets %d events, want the last provider's %d, as For gives its conversation", len(got), len(c.Transcript("fake")))
	}
}

// The thinking is recorded once, whole, with what the provider needs
// back: the pieces that streamed before it are not.
func TestRecorderKeepsTheWholeThinkingOnly(t *testing.T) {
	rec, err := session.Create(t.TempDir(), session.Info{Root: "/p"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, piece := range []string{"first ", "then"} {
		rec.Publish(agent.Event{Type: agent.EventReasoningDelta, Provider: "p", Turn: 1, Text: piece})
	}
	rec.Publish(agent.Event{Type: agent.EventReasoning, Provider: "p", Turn: 1, Text: "first then",
		Reasoning: []llm.Reasoning{{Text: "first then", Signature: "sig"}}})
	rec.Close()
	var types []string
	var kept []llm.Reasoning
	session.Each(rec.Path(), func(r session.Record, _ int) error {
		types = append(types, string(r.Type))
		if r.Type == agent.EventReasoning {
			kept = r.Reasoning
		}
		return nil
	})
	if slices.Contains(types, string(agent.EventReasoningDelta)) {
		t.Errorf("records = %q, want no reasoning_delta", types)
	}
	if len(kept) != 1 || kept[0].Signature != "sig" {
		t.Errorf("recorded reasoning = %+v, want the whole thinking with its signature", kept)
	}
}

// A compacted conversation is rebuilt as the agent holds it (the task and
// the summary, then the kept turns), while the file keeps every event of
// the whole run; a resumed agent goes on from the compacted state.
func TestRebuildFollowsCompaction(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	var script llmtest.Script
	for i := range 30 {
		name := filepath.Join(root, "f"+string(rune('a'+i%26))+strings.Repeat("x", i/26)+".txt")
		if err := os.WriteFile(name, []byte(strings.Repeat("some content of the file\n", 40)), 0o644); err != nil {
			t.Fatal(err)
		}
		args, _ := json.Marshal(map[string]string{"path": filepath.Base(name)})
		script = append(script, llmtest.Use(llmtest.UseTool("read_file", string(args))))
	}
	script = append(script, llmtest.Say("All read."))
	prov := llmtest.NewProvider("fake", script)
	prov.SetContextWindow(6000)
	prov.SummarizeWith(llmtest.Say("Summary: files read, all fine."))
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	rec, err := session.Create(dir, session.Info{Root: root, Command: "run", PID: os.Getpid()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := agent.DefaultConfig()
	cfg.MaxTurns = 50
	a := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: approveAll{}, Sink: rec, Config: cfg, ContextWindow: 6000})
	if out, err := a.Run(t.Context(), "read them all"); err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("Run = %v, %v", out.Status, err)
	}
	rec.Close()
	var results, compactions int
	if _, err := session.Each(rec.Path(), func(r session.Record, _ int) error {
		switch r.Type {
		case agent.EventToolResult:
			results++
		case agent.EventCompaction:
			compactions++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if results != 30 || compactions == 0 {
		t.Fatalf("the session holds %d tool results and %d compactions, want 30 and at least one", results, compactions)
	}
	c, err := session.Rebuild(rec.Path())
	if err != nil {
		t.Fatal(err)
	}
	got, want := c.For("fake"), a.History()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Rebuild = \n%s\nwant the agent's compacted history\n%s", dump(got), dump(want))
	}
	// The resumed request holds a few assistant messages, whichever turn
	// the fake picks for it says the same.
	var again llmtest.Script
	for range 30 {
		again = append(again, llmtest.Say("Nothing more."))
	}
	next := llmtest.NewProvider("fake", again)
	// A new agent has not learnt the model's tokens per byte yet and
	// counts high (a fifth more than this fake): a slightly larger window
	// keeps it from compacting again at once, which is not what is tested.
	b := agent.New(agent.Options{Provider: next, Tools: reg, Approver: approveAll{}, Sink: agent.SinkFunc(func(agent.Event) {}), Config: cfg, History: got, ContextWindow: 8000})
	if out, err := b.Run(t.Context(), "anything else?"); err != nil || out.Status != agent.StatusFinished {
		t.Fatalf("resumed Run = %v, %v; want finished", out.Status, err)
	}
	first := next.Requests()[0].Messages[0].Content
	if !strings.HasPrefix(first, "read them all") || !strings.Contains(first, "Summary: files read") {
		t.Errorf("resumed request begins with %q, want the task and the summary", first)
	}
}

func TestASessionWithoutAnEventLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	rec, err := session.CreateOnFirstEvent(dir, session.Info{Root: "/p", Command: "interactive"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if list, _ := session.List(dir); len(list) != 0 {
		t.Errorf("a screen opened and closed without a prompt left %d sessions to list: %+v", len(list), list)
	}
	if _, err := os.Stat(rec.Path()); !os.IsNotExist(err) {
		t.Errorf("its file exists: %v", err)
	}
}

func TestASessionIsCreatedWithItsFirstEvent(t *testing.T) {
	dir := t.TempDir()
	rec, err := session.CreateOnFirstEvent(dir, session.Info{Root: "/p", Command: "interactive"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if list, _ := session.List(dir); len(list) != 0 {
		t.Fatalf("before any event there are %d sessions to list", len(list))
	}
	rec.Publish(agent.Event{Type: agent.EventRunStarted, Provider: "openai", Text: "the first prompt"})
	rec.Publish(agent.Event{Type: agent.EventRunFinished, Provider: "openai", Status: agent.StatusFinished})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	list, _ := session.List(dir)
	if len(list) != 1 || list[0].ID != rec.ID() {
		t.Fatalf("sessions = %+v, want the one with id %s", list, rec.ID())
	}
	s, err := session.Summarize(list[0])
	if err != nil {
		t.Fatal(err)
	}
	if s.Prompt != "the first prompt" || s.Command != "interactive" || s.Root != "/p" || s.Status != string(agent.StatusFinished) {
		t.Errorf("summary = %+v; want its prompt, command, root and status", s)
	}
}

// A session shown again has each reply's thinking, before the reply's
// text, as it streamed.
func TestTranscriptShowsTheThinkingBeforeTheReply(t *testing.T) {
	_, e := recordRun(t, t.TempDir(), &scripted{name: "fake", script: []llm.Message{
		{Role: llm.RoleAssistant, Content: "The answer.", Reasoning: []llm.Reasoning{{Text: "a long thought"}}},
	}}, "think")
	c, err := session.Rebuild(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, ev := range c.Transcript("fake") {
		kinds = append(kinds, string(ev.Type))
		if ev.Type == agent.EventReasoning && ev.Text != "a long thought" {
			t.Errorf("reasoning event text = %q, want the thought", ev.Text)
		}
	}
	want := "run_started reasoning text run_finished"
	if got := strings.Join(slices.Compact(kinds), " "); got != want {
		t.Errorf("transcript events = %s, want %s", got, want)
	}
}
