package tui

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

// armedRequest puts req in the queue and lets its key guard pass.
func armedRequest(t *testing.T, m *model, c *clock, id uint64, req agent.ApprovalRequest) chan agent.Answer {
	t.Helper()
	reply := ask(m, id, req)
	c.advance(keyGuard)
	return reply
}

func decided(t *testing.T, reply chan agent.Answer) agent.Answer {
	t.Helper()
	select {
	case d := <-reply:
		return d
	default:
		t.Fatal("no answer")
		return agent.Answer{}
	}
}

func argsOf(t *testing.T, js string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatalf("args %q are not a JSON object: %v", js, err)
	}
	return v
}

func backspaces(m *model, n int) {
	for range n {
		press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
}

func TestModifyACommand(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	req := shellRequest("openai", "c1", "rm -rf build", classify.Dangerous, "rm -rf build: recursive forced delete")
	req.Call.Args = `{"command":"rm -rf build","timeout_seconds":30}`
	reply := armedRequest(t, m, c, 1, req)
	press(m, char('m'))
	quietly(m, c)
	if v := m.modal.editor.Value(); v != "rm -rf build" {
		t.Fatalf("the editor opens with %q, want the command", v)
	}
	// Enter with nothing changed submits nothing.
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "nothing changed") || len(reply) != 0 {
		t.Fatalf("an unchanged command was submitted:\n%s", out)
	}
	backspaces(m, len("build"))
	typeText(m, "build/cache")
	press(m, tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt})
	typeText(m, "ls")
	press(m, keyEnter)

	d := decided(t, reply)
	args := argsOf(t, d.Args)
	if d.Choice != agent.Modify || d.By != agent.ByPerson || args["command"] != "rm -rf build/cache\nls" || args["timeout_seconds"] != float64(30) {
		t.Fatalf("decision = %+v, want Modify with the new command and the other arguments kept", d)
	}

	// Another panel's request waits; the changed call's new request comes
	// first, says it is the changed one, and has a key guard of its own.
	other := ask(m, 2, shellRequest("openai", "c2", "make", classify.Warning))
	again := ask(m, 3, shellRequest("openai", "c1", "rm -rf build/cache\nls", classify.Warning, "rm -rf build/cache: deletes inside the project"))
	out := screen(m)
	for _, want := range []string{"as you changed it", "rm -rf build/cache", "[warning]", "1 of 2", "keys go live"} {
		if !strings.Contains(out, want) {
			t.Errorf("the re-asked request does not show %q:\n%s", want, out)
		}
	}
	press(m, char('a'))
	if len(again) != 0 {
		t.Fatal("the re-asked request was approved inside its key guard")
	}
	c.advance(keyGuard)
	press(m, char('a'))
	quietly(m, c)
	if d := decided(t, again); d.Choice != agent.Approve {
		t.Errorf("the changed call's answer = %+v, want approve", d)
	}
	if len(other) != 0 || len(m.modal.queue) != 1 || m.modal.queue[0].id != 2 {
		t.Errorf("the other request was answered or lost: queue %d", len(m.modal.queue))
	}
}

func TestModifyFileContentSubmitsWithCtrlS(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, writeRequest())
	press(m, char('m'))
	quietly(m, c)
	if !m.modal.field.multiline || !strings.HasPrefix(m.modal.editor.Value(), "# Notes") {
		t.Fatalf("the editor holds %q, want the file's content", m.modal.editor.Value())
	}
	press(m, keyEnter) // a new line, not a submit
	typeText(m, "Thanks.")
	if len(reply) != 0 {
		t.Fatal("Enter submitted file content")
	}
	press(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	d := decided(t, reply)
	if content := argsOf(t, d.Args)["content"]; d.Choice != agent.Modify || !strings.HasSuffix(content.(string), "Tag and push.\n\nThanks.") || argsOf(t, d.Args)["path"] != "notes.md" {
		t.Errorf("decision = %+v, want Modify of the content with the path kept", d)
	}
}

func TestModifyAPatchEditsThePatchText(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	patch := "*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch"
	reply := armedRequest(t, m, c, 1, toolReq("apply_patch", `{"input": "*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch"}`, classify.Warning))
	press(m, char('m'))
	quietly(m, c)
	if !m.modal.field.multiline || m.modal.editor.Value() != patch {
		t.Fatalf("the editor holds %q, want the patch text", m.modal.editor.Value())
	}
	m.modal.editor.SetValue(strings.Replace(patch, "+a", "+b", 1))
	press(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if d := decided(t, reply); d.Choice != agent.Modify || argsOf(t, d.Args)["input"] != strings.Replace(patch, "+a", "+b", 1) {
		t.Errorf("decision = %+v, want Modify of the patch", d)
	}
}

func TestModifyOtherToolsEditsTheJSON(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, toolReq("git", `{"args":["push","--force"]}`, classify.Dangerous))
	press(m, char('m'))
	quietly(m, c)
	m.modal.editor.SetValue(`{"args": ["push"`)
	press(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if out := screen(m); !strings.Contains(out, "not a JSON object") || len(reply) != 0 {
		t.Fatalf("broken JSON was submitted:\n%s", out)
	}
	m.modal.editor.SetValue(`{"args": ["push"]}`)
	press(m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if d := decided(t, reply); d.Args != `{"args":["push"]}` {
		t.Errorf("decision args = %q, want the edited JSON", d.Args)
	}
}

func TestEscLeavesTheEditorUnchanged(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, shellRequest("openai", "c1", "make", classify.Warning))
	press(m, char('m'))
	quietly(m, c)
	typeText(m, " install")
	press(m, keyEsc)
	if len(reply) != 0 || m.modal.mode != modeAsk {
		t.Fatalf("Esc in the editor answered or stayed: mode %v", m.modal.mode)
	}
	c.advance(keyGuard)
	press(m, keyEsc) // in the request itself, Esc denies
	quietly(m, c)
	if d := decided(t, reply); d.Choice != agent.Deny {
		t.Errorf("Esc = %+v, want deny", d)
	}
}

func TestDenyWithAReason(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, shellRequest("openai", "c1", "rm -rf build", classify.Dangerous))
	press(m, char('d'))
	quietly(m, c)
	typeText(m, "keep it; approve a") // typed letters are the reason, not answers
	if len(reply) != 0 {
		t.Fatal("typing the reason answered the request")
	}
	press(m, keyEnter)
	if d := decided(t, reply); d.Choice != agent.Deny || d.Reason != "keep it; approve a" {
		t.Errorf("decision = %+v, want deny with the reason", d)
	}
}

func TestSessionRuleFromTheModal(t *testing.T) {
	m, b, c := newTestModel(t, nil, twoPanels)
	first := armedRequest(t, m, c, 1, shellRequest("openai", "c1", "touch a.txt", classify.Warning))
	covered := ask(m, 2, shellRequest("ollama", "o1", "touch b.txt", classify.Warning))
	higher := ask(m, 3, shellRequest("ollama", "o2", "touch /etc/x", classify.Dangerous))
	press(m, char('s'))
	quietly(m, c)
	out := screen(m)
	if !strings.Contains(out, "shell commands starting with `touch`, up to warning") || len(first) != 0 {
		t.Fatalf("s did not show the rule before saving it:\n%s", out)
	}
	c.advance(keyGuard)
	press(m, keyEnter)
	quietly(m, c)
	if d := decided(t, first); d.Choice != agent.Approve || d.By != agent.ByPerson {
		t.Errorf("the call the rule was made on: %+v, want approved by the person", d)
	}
	if d := decided(t, covered); d.Choice != agent.Approve || !strings.HasPrefix(d.Reason, "session rule: ") {
		t.Errorf("a queued call the rule covers: %+v, want approved by the rule", d)
	}
	if len(higher) != 0 || len(m.modal.queue) != 1 || m.modal.queue[0].id != 3 {
		t.Errorf("a dangerous call was approved by a warning rule, or lost")
	}
	if rules := b.sessionRules(); len(rules) != 1 {
		t.Errorf("the Bridge holds %d rules, want 1", len(rules))
	}
	// The new head has its own key guard.
	if m.modal.queue[0].armed(c.now()) {
		t.Error("the next request is armed at once")
	}
}

func TestViewShowsTheDiffAndEscReturns(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	reply := armedRequest(t, m, c, 1, writeRequest())
	press(m, char('v'))
	quietly(m, c)
	out := screen(m)
	for _, want := range []string{"--- a/notes.md", "3   │ -Build with make.", "  3 │ +Build with make, or with go build", "esc back"} {
		if !strings.Contains(out, want) {
			t.Errorf("the diff view does not show %q:\n%s", want, out)
		}
	}
	press(m, char('a')) // not an answer here
	if len(reply) != 0 {
		t.Fatal("a in the diff view approved")
	}
	press(m, keyEsc)
	if m.modal.mode != modeAsk || !strings.Contains(screen(m), "Approve this action?") {
		t.Fatalf("Esc did not return to the modal:\n%s", screen(m))
	}
	c.advance(keyGuard)
	press(m, char('a'))
	quietly(m, c)
	if d := decided(t, reply); d.Choice != agent.Approve {
		t.Errorf("decision = %+v, want approve", d)
	}
}

func TestViewSideBySideOnlyWhenWide(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	armedRequest(t, m, c, 1, writeRequest())
	press(m, char('v'))
	quietly(m, c)
	if strings.Contains(screen(m), "┃") {
		t.Fatal("side by side at 80 columns")
	}
	m.Update(tea.WindowSizeMsg{Width: 140, Height: 30})
	press(m, char('t'))
	out := screen(m)
	if !strings.Contains(out, "┃") || !strings.Contains(out, "side by side") {
		t.Errorf("no side-by-side view at 140 columns:\n%s", out)
	}
}

func TestCtrlEOpensTheEditorAndTakesItsText(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	armedRequest(t, m, c, 1, shellRequest("openai", "c1", "make", classify.Warning))
	press(m, char('m'))
	quietly(m, c)
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("Ctrl+E did nothing")
	}
	msg, ok := cmd().(editorFileMsg)
	if !ok || msg.err != nil {
		t.Fatalf("Ctrl+E gave %#v, want the file for the editor", msg)
	}
	t.Cleanup(func() { os.Remove(msg.path) })
	if b, _ := os.ReadFile(msg.path); string(b) != "make" {
		t.Errorf("the editor's file holds %q, want the command", b)
	}
	m.modal.getenv = func(k string) string {
		if k == "EDITOR" {
			return "nano -w"
		}
		return ""
	}
	if c := m.modal.editorCommand(msg.path); strings.Join(c.Args, " ") != "nano -w "+msg.path {
		t.Errorf("editor command = %q, want $EDITOR with the file", c.Args)
	}
	// The editor wrote the file; reading it back fills the modal's editor.
	if err := os.WriteFile(msg.path, []byte("make install\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, cmd = m.Update(editorDoneMsg{id: msg.id, path: msg.path})
	m.Update(cmd())
	if v := m.modal.editor.Value(); v != "make install" {
		t.Errorf("after the editor the command is %q, want %q", v, "make install")
	}
	if _, err := os.Stat(msg.path); err == nil {
		t.Error("the editor's file was left behind")
	}
}

func TestCtrlCOverTheModalCancelsTheAskingPanel(t *testing.T) {
	m, _, c := newTestModel(t, nil, twoPanels)
	cancelled := make(chan struct{})
	m.panels[1].runner = runnerFunc(func(ctx context.Context, _ string) (agent.Outcome, error) {
		<-ctx.Done()
		close(cancelled)
		return agent.Outcome{Status: agent.StatusCancelled}, nil
	})
	m.focus = 1
	typeText(m, "work")
	press(m, keyEnter)
	m.focus = 0
	armedRequest(t, m, c, 1, shellRequest("ollama", "o1", "make", classify.Warning))
	if _, cmd := m.Update(keyCtrlC); isQuit(cmd) {
		t.Fatal("Ctrl+C over the modal quit")
	}
	select {
	case <-cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("Ctrl+C over the modal did not cancel the panel that asked")
	}
}

// A request asked again because its file changed under the person's
// approval goes to the front of the queue, ahead of another panel's, and
// says why it is back.
func TestAReplannedRequestJumpsTheQueueAndSaysWhy(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, twoPanels)
	ask(m, 1, shellRequest("ollama", "o1", "make lint", classify.Warning))
	again := writeRequest()
	again.Replanned = true
	ask(m, 2, again)
	s := screen(m)
	if !strings.Contains(s, "The file changed meanwhile: approve this diff against it as it is now?") || !strings.Contains(s, "notes.md") {
		t.Errorf("the modal does not show the replanned request first, saying why:\n%s", s)
	}
}

// A request whose file changed while it waited in the queue is not shown
// with its old diff: once it reaches the front, the modal answers Replan,
// before its key guard lets anyone approve it.
func TestAStaleRequestIsSentBackToBePlannedAgain(t *testing.T) {
	m, _, _ := newTestModel(t, idleRunner, twoPanels)
	fresh := writeRequest()
	fresh.Stale = func() bool { return false }
	stale := writeRequest()
	stale.Call.ID = "w2"
	stale.Stale = func() bool { return true }
	first := ask(m, 1, fresh)
	second := ask(m, 2, stale)

	// The fresh one is shown: its check finds nothing.
	if msg := checkStale(m.modal.queue[0])(); msg != nil {
		t.Fatalf("the check of a fresh request said %v", msg)
	}
	m.modal.answer(agent.Answer{Choice: agent.Deny})
	if d := decided(t, first); d.Choice != agent.Deny {
		t.Fatalf("first answered %v", d.Choice)
	}
	// The stale one reaches the front: its check sends it back.
	m.Update(checkStale(m.modal.queue[0])())
	if d := decided(t, second); d.Choice != agent.Replan {
		t.Errorf("the stale request was answered %v, want Replan", d.Choice)
	}
	if m.modal.open() {
		t.Errorf("the modal still shows the stale request:\n%s", screen(m))
	}
}
