package classify

import (
	"strings"
	"testing"
)

func hint(b bool) *bool { return &b }

// mcpAction is a call of server's tool with the given hints.
func mcpAction(server, tool string, readOnly, destructive, openWorld *bool) Action {
	return Action{Kind: MCP, Root: "/p", MCP: MCPTool{
		Name: MCPPrefix + server + "__" + tool, Server: server, Tool: tool,
		ReadOnly: readOnly, Destructive: destructive, OpenWorld: openWorld,
	}}
}

func TestClassifyMCPAnnotations(t *testing.T) {
	yes, no := hint(true), hint(false)
	tests := []struct {
		name                          string
		readOnly, destructive, opened *bool
		want                          Level
		rule                          string
	}{
		{"read-only and closed-world is safe", yes, nil, no, Safe, "builtin:mcp-read-only"},
		{"read-only, closed-world and not destructive is safe", yes, no, no, Safe, "builtin:mcp-read-only"},
		{"read-only without an open-world hint may reach outside", yes, nil, nil, Warning, "builtin:mcp-open-world"},
		{"read-only and open-world is a warning", yes, nil, yes, Warning, "builtin:mcp-open-world"},
		{"no annotation at all is a warning", nil, nil, nil, Warning, "builtin:mcp-unannotated"},
		{"read-only false is a warning", no, nil, no, Warning, "builtin:mcp-unannotated"},
		{"closed-world alone is a warning", nil, nil, no, Warning, "builtin:mcp-unannotated"},
		{"not destructive alone is a warning", nil, no, no, Warning, "builtin:mcp-unannotated"},
		{"destructive is dangerous", nil, yes, nil, Dangerous, "builtin:mcp-destructive"},
		{"destructive and closed-world is dangerous", no, yes, no, Dangerous, "builtin:mcp-destructive"},
		{"destructive wins over a read-only claim", yes, yes, no, Dangerous, "builtin:mcp-destructive"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := mcpAction("srv", "tool", tc.readOnly, tc.destructive, tc.opened)
			v := Classify(a, Policy{})
			if v.Level != tc.want || v.Rule != tc.rule {
				t.Errorf("Classify(%s) = %v (%s), want %v (%s)\nreasons: %q", a.MCP.Name, v.Level, v.Rule, tc.want, tc.rule, v.Reasons)
			}
			if len(v.Reasons) == 0 || !strings.HasPrefix(v.Reasons[0], "mcp srv/tool: ") {
				t.Errorf("Classify(%s) reasons = %q, want them to name the server and the tool", a.MCP.Name, v.Reasons)
			}
		})
	}
}

func TestClassifyMCPToolRules(t *testing.T) {
	yes, no := hint(true), hint(false)
	safeTool := mcpAction("github", "get_issue", yes, nil, no)
	plainTool := mcpAction("github", "create_issue", nil, nil, nil)
	deleteTool := mcpAction("github", "delete_repository", nil, yes, nil)
	raise := func(r Rule) Rule { r.RaiseOnly = true; return r }
	tests := []struct {
		name  string
		rules []Rule
		a     Action
		want  Level
		rule  string
	}{
		{"a rule naming the tool sets its level", []Rule{{Tool: "mcp__github__create_issue", Level: Safe}}, plainTool, Safe, "user:mcp__github__create_issue"},
		{"a server-wide rule covers every tool of the server", []Rule{{Tool: "mcp__github__*", Level: Dangerous}}, safeTool, Dangerous, "user:mcp__github__*"},
		{"a rule may lower a destructive tool", []Rule{{Tool: "mcp__github__delete_*", Level: Warning}}, deleteTool, Warning, "user:mcp__github__delete_*"},
		{"a rule may block a tool", []Rule{{Tool: "mcp__github__delete_repository", Level: Blocked}}, deleteTool, Blocked, "user:mcp__github__delete_repository"},
		{"the first matching rule wins", []Rule{{Tool: "mcp__github__create_*", Level: Safe}, {Tool: "mcp__github__*", Level: Blocked}}, plainTool, Safe, "user:mcp__github__create_*"},
		{"a rule for another server does not match", []Rule{{Tool: "mcp__gitlab__*", Level: Safe}}, plainTool, Warning, "builtin:mcp-unannotated"},
		{"a rule matches the whole name, not a prefix", []Rule{{Tool: "mcp__github__create", Level: Safe}}, plainTool, Warning, "builtin:mcp-unannotated"},
		{"a server name is not a prefix of another", []Rule{{Tool: "mcp__git__*", Level: Safe}}, plainTool, Warning, "builtin:mcp-unannotated"},
		{"command rules never match tools", []Rule{{Command: "*", Level: Safe}}, plainTool, Warning, "builtin:mcp-unannotated"},
		{"path rules never match tools", []Rule{{Path: "**", Level: Safe}}, plainTool, Warning, "builtin:mcp-unannotated"},
		{"a project rule raises", []Rule{raise(Rule{Tool: "mcp__github__*", Level: Dangerous})}, safeTool, Dangerous, "project:mcp__github__*"},
		{"a project rule never lowers", []Rule{raise(Rule{Tool: "mcp__github__*", Level: Safe})}, deleteTool, Dangerous, "builtin:mcp-destructive"},
		{"a project rule raises over a user rule that lowered", []Rule{{Tool: "mcp__github__*", Level: Safe}, raise(Rule{Tool: "mcp__github__delete_*", Level: Blocked})}, deleteTool, Blocked, "project:mcp__github__delete_*"},
		{"a user rule after a project block does not lower it", []Rule{raise(Rule{Tool: "mcp__github__*", Level: Blocked}), {Tool: "mcp__github__*", Level: Safe}}, safeTool, Blocked, "project:mcp__github__*"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(tc.a, Policy{Rules: tc.rules})
			if v.Level != tc.want || v.Rule != tc.rule {
				t.Errorf("Classify(%s) = %v (%s), want %v (%s)\nreasons: %q", tc.a.MCP.Name, v.Level, v.Rule, tc.want, tc.rule, v.Reasons)
			}
		})
	}
}

func TestClassifyMCPWithoutANameIsNotSafe(t *testing.T) {
	v := Classify(Action{Kind: MCP, Root: "/p"}, Policy{Rules: []Rule{{Tool: "mcp__*", Level: Safe}}})
	if v.Level != Warning {
		t.Errorf("Classify(MCP with no name) = %v, want %v", v.Level, Warning)
	}
}

func TestToolRuleValidation(t *testing.T) {
	tests := []struct {
		name string
		rule Rule
		want string
	}{
		{"a tool rule is valid", Rule{Tool: "mcp__github__*", Level: Safe}, ""},
		{"a tool rule must name an MCP tool", Rule{Tool: "shell", Level: Safe}, `must start with mcp__`},
		{"a tool rule with spaces never matches", Rule{Tool: "mcp__x ", Level: Safe}, "leading or trailing spaces"},
		{"a tool rule with a command is invalid", Rule{Tool: "mcp__x", Command: "ls", Level: Safe}, "set only one of command, path and tool"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Policy{Rules: []Rule{tc.rule}}.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Validate(%+v) = %v, want nil", tc.rule, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate(%+v) = %v, want an error containing %q", tc.rule, err, tc.want)
			}
		})
	}
}

// FuzzClassifyMCP checks the invariants of MCP verdicts whatever the names
// and hints: only a read-only, closed-world tool that is not destructive is
// safe without a rule; destructive is dangerous; a project rule never
// lowers; a blocking rule always blocks.
func FuzzClassifyMCP(f *testing.F) {
	f.Add("github", "delete_repository", uint8(0x15), "mcp__github__*", uint8(1))
	f.Add("docs", "search", uint8(0x05), "mcp__docs__search", uint8(0))
	f.Add("", "", uint8(0), "mcp__*", uint8(3))
	f.Fuzz(func(t *testing.T, server, tool string, hints uint8, pattern string, lvl uint8) {
		tri := func(shift uint) *bool {
			switch (hints >> shift) & 3 {
			case 1:
				return hint(true)
			case 2:
				return hint(false)
			}
			return nil
		}
		a := mcpAction(server, tool, tri(0), tri(2), tri(4))
		base := Classify(a, Policy{})
		destructive := a.MCP.Destructive != nil && *a.MCP.Destructive
		closedReadOnly := a.MCP.ReadOnly != nil && *a.MCP.ReadOnly && a.MCP.OpenWorld != nil && !*a.MCP.OpenWorld
		switch {
		case destructive && base.Level != Dangerous:
			t.Errorf("Classify(%+v) = %v, want dangerous", a.MCP, base.Level)
		case !destructive && closedReadOnly && base.Level != Safe:
			t.Errorf("Classify(%+v) = %v, want safe", a.MCP, base.Level)
		case !destructive && !closedReadOnly && base.Level != Warning:
			t.Errorf("Classify(%+v) = %v, want warning", a.MCP, base.Level)
		}
		level := Level(lvl % 4)
		raised := Classify(a, Policy{Rules: []Rule{{Tool: pattern, Level: level, RaiseOnly: true}}})
		if raised.Level < base.Level {
			t.Errorf("a project rule %q lowered %s from %v to %v", pattern, a.MCP.Name, base.Level, raised.Level)
		}
		blocked := Classify(a, Policy{Rules: []Rule{{Tool: "mcp__*", Level: Safe}, {Tool: "*", Level: Blocked, RaiseOnly: true}}})
		if blocked.Level != Blocked {
			t.Errorf("a raise-only blocking rule left %q at %v", a.MCP.Name, blocked.Level)
		}
	})
}
