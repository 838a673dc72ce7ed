package mcp_test

import (
	"net/http/httptest"
	"testing"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// BenchmarkPlanAndClassify is what an MCP call costs before it reaches the
// server: finding the tool, checking the arguments against its schema,
// rendering the details for a person, and classifying it.
func BenchmarkPlanAndClassify(b *testing.B) {
	hs := httptest.NewServer(mcptest.New(nil).Handler())
	defer hs.Close()
	m := mcp.Start(b.Context(), mcp.Config{"notes": {URL: hs.URL}}, mcp.Options{Root: b.TempDir()})
	defer m.Close()
	pol := classify.Policy{Rules: []classify.Rule{{Tool: "mcp__notes__read_*", Level: classify.Safe}}}
	b.ReportAllocs()
	for b.Loop() {
		p, ok, err := m.Plan("mcp__notes__write_note", `{"text":"a note of a few words"}`)
		if !ok || err != nil {
			b.Fatal(ok, err)
		}
		if v := classify.Classify(p.Action, pol); v.Level != classify.Warning {
			b.Fatal(v)
		}
	}
}
