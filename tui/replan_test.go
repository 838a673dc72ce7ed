package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools"
)

// pumpUntil hands the model what the Bridge delivers, as the program
// would, until cond holds. It waits for the agents' events, never for
// time.
func pumpUntil(t *testing.T, m *model, b *Bridge, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		msg := b.wait()()
		if msg == nil {
			t.Fatalf("the screen closed before %s", what)
		}
		m.Update(msg)
	}
}

// Two providers on one project both edit the same line. The person
// approves the first edit; the second one's request, planned against the
// file as it was, is planned again before it is shown, and its edit no
// longer applies: the modal never shows it, its panel says why, and its
// model is told to read the file again.
func TestAnEditThatNoLongerAppliesAfterTheOtherPanelsEditIsNotShownAndThePanelSaysWhy(t *testing.T) {
	root := t.TempDir()
	notes := filepath.Join(root, "notes.txt")
	if err := os.WriteFile(notes, []byte("title\nold line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit := func(newLine string) llmtest.Script {
		args, _ := json.Marshal(map[string]string{"path": "notes.txt", "old_string": "old line", "new_string": newLine})
		return llmtest.Script{
			{Calls: []llmtest.Call{{ID: "e1", Name: "edit_file", Args: string(args)}}},
			llmtest.Say("done"),
		}
	}
	openaiSrv := openaitest.NewServer(t, edit("line by openai"))
	ollamaSrv := ollamatest.NewServer(t, edit("line by ollama"))
	openaiProv, err := openai.New(openai.Options{Name: "openai", BaseURL: openaiSrv.URL(), APIKey: llmtest.APIKey, Model: llmtest.Model})
	if err != nil {
		t.Fatal(err)
	}
	ollamaProv, err := ollama.New(ollama.Options{Name: "ollama", BaseURL: ollamaSrv.URL(), Model: llmtest.Model + ":latest"})
	if err != nil {
		t.Fatal(err)
	}
	requests := map[string]func() []llmtest.Request{"openai": openaiSrv.Requests, "ollama": ollamaSrv.Requests}

	m, b, c := newTestModel(t, nil, twoPanels)
	m.Update(tea.WindowSizeMsg{Width: 170, Height: 40})
	coord := agent.NewCoordinator(root)
	for i, prov := range []llm.Provider{openaiProv, ollamaProv} {
		reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { reg.Close() })
		ag, err := coord.Join(agent.Options{Provider: prov, Tools: reg, Approver: b, Sink: b, Rules: b.Rules(), Config: agent.DefaultConfig()})
		if err != nil {
			t.Fatal(err)
		}
		m.panels[i].runner = ag
	}

	press(m, keyCtrlB) // broadcast: both panels get the task
	typeText(m, "change the old line")
	press(m, keyEnter)
	pumpUntil(t, m, b, "both edits asked", func() bool { return len(m.modal.queue) == 2 })

	// The person approves the edit shown first; it lands.
	first, second := m.modal.queue[0].req.Provider, m.modal.queue[1].req.Provider
	winner, loser := m.panelOf(first), m.panelOf(second)
	decide(m, c, char('a'))
	pumpUntil(t, m, b, "the approved edit applied", func() bool {
		return strings.Contains(strings.Join(transcriptRowsOf(m, winner), "\n"), "approved by you")
	})
	if got, _ := os.ReadFile(notes); string(got) != "title\nline by "+first+"\n" {
		t.Fatalf("notes.txt = %q after the first approval", got)
	}

	// The other request reaches the front; its check finds its file
	// changed, and it goes back to be planned again.
	if !m.modal.open() || m.modal.queue[0].req.Provider != second {
		t.Fatalf("the modal does not show %s's request next:\n%s", second, screen(m))
	}
	m.Update(checkStale(m.modal.queue[0])())
	pumpUntil(t, m, b, "both turns ended", func() bool { return !m.busy() })

	if m.modal.open() {
		t.Errorf("the modal shows an edit that no longer applies:\n%s", screen(m))
	}
	rows := strings.Join(transcriptRowsOf(m, loser), "\n")
	if !strings.Contains(rows, "[skipped: file changed] edit_file") ||
		!strings.Contains(rows, "not shown: the file changed and the edit no longer applies") {
		t.Errorf("%s's panel does not say why its edit was not shown:\n%s", second, rows)
	}
	reqs := requests[second]()
	var result string
	for _, msg := range reqs[len(reqs)-1].Messages {
		if msg.Role == llm.RoleTool && msg.ToolCallID == "e1" {
			result = msg.Content
		}
	}
	if !strings.Contains(result, "the file changed and the edit no longer applies") || !strings.Contains(result, "Read the file again") {
		t.Errorf("%s's model was told %q, want that the file changed and to read it again", second, result)
	}
	if got, _ := os.ReadFile(notes); string(got) != "title\nline by "+first+"\n" {
		t.Errorf("notes.txt = %q, want only the approved edit", got)
	}
}
