package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

func TestMCPSlashShowsTheServers(t *testing.T) {
	opts := testOptions
	opts.MCP = func() string { return "notes (stdio: notes-server): ready\n  mcp__notes__read_note  safe\n" }
	m, _, _ := newTestModel(t, nil, opts)
	typeText(m, "/mcp")
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "mcp__notes__read_note  safe") {
		t.Errorf("/mcp does not show the servers:\n%s", out)
	}
}

func TestMCPSlashWithoutServersSaysSo(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	typeText(m, "/mcp")
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "no MCP servers are configured") {
		t.Errorf("/mcp without servers:\n%s", out)
	}
}

func TestStatsSlashWithoutFiguresSaysSo(t *testing.T) {
	m, _, _ := newTestModel(t, nil, testOptions)
	typeText(m, "/stats")
	press(m, keyEnter)
	if out := screen(m); !strings.Contains(out, "no figures in this screen") {
		t.Errorf("/stats without figures:\n%s", out)
	}
}

func TestNoticesShowInThePanels(t *testing.T) {
	opts := testOptions
	opts.Notices = []string{"MCP server docs failed: bearer_token_env: DOCS_TOKEN is not set"}
	m, _, _ := newTestModel(t, nil, opts)
	if out := screen(m); !strings.Contains(out, "MCP server docs failed") {
		t.Errorf("the panel does not say which server failed:\n%s", out)
	}
}

func TestTheModalShowsAnMCPCallsDetails(t *testing.T) {
	m, _, c := newTestModel(t, nil, testOptions)
	v := classify.Warning
	req := agent.ApprovalRequest{
		Provider: "openai",
		Call: agent.CallInfo{ID: "c1", Tool: "mcp__github__create_issue", Summary: `github/create_issue {"title":"x"}`,
			Args: `{"title":"x"}`, Level: &v},
		Verdict: classify.Verdict{Level: v, Reasons: []string{"mcp github/create_issue: the server does not mark it read-only: it may change things"}, Rule: "builtin:mcp-unannotated"},
		Preview: "MCP server: github (stdio: github-mcp-server)\ntool: create_issue\nannotations: none\narguments:\n  {\n    \"title\": \"x\"\n  }\n",
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 40})
	armedRequest(t, m, c, 1, req)
	out := screen(m)
	for _, want := range []string{"Details (v shows them whole):", "MCP server: github", "annotations: none", `"title": "x"`, "does not mark it read-only"} {
		if !strings.Contains(out, want) {
			t.Errorf("the modal lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Changes (v") || strings.Contains(out, "network: off") {
		t.Errorf("the modal calls an MCP call's details changes:\n%s", out)
	}
}

// Notices that come later (MCP servers that failed to start, once they
// all have tried) show in every panel when they come, not before.
func TestLateNoticesShowInEveryPanelWhenTheyCome(t *testing.T) {
	opts := twoPanels
	release := make(chan struct{})
	opts.NoticesLater = func(ctx context.Context) []string {
		select {
		case <-release:
		case <-ctx.Done():
			return nil
		}
		return []string{"MCP server docs failed: did not start within 1s"}
	}
	m, b, _ := newTestModel(t, nil, opts)
	if out := screen(m); strings.Contains(out, "MCP server docs failed") {
		t.Fatalf("the notice shows before it came:\n%s", out)
	}
	close(release)
	settle(m, b)
	for i := range m.panels {
		if i > 0 {
			press(m, keyTab)
		}
		if out := screen(m); !strings.Contains(out, "MCP server docs failed") {
			t.Errorf("panel %d does not say which server failed:\n%s", i, out)
		}
	}
}
