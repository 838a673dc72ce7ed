package classify

import "strings"

// MCPPrefix starts the name of every tool that an MCP server provides, as
// the model and the rules see it: mcp__SERVER__TOOL.
const MCPPrefix = "mcp__"

// MCPTool is a call of a tool that an MCP server provides (Kind MCP). The
// hints are what the server declared about the tool: its word, which the
// classifier takes only to lower a call to Safe when the server itself says
// that the tool changes nothing and reaches nothing outside.
type MCPTool struct {
	// Name is the tool's name as the model calls it and rules name it:
	// mcp__SERVER__TOOL.
	Name string
	// Server and Tool are the configured server's name and the tool's name
	// on that server, for a person.
	Server, Tool string
	// ReadOnly, Destructive and OpenWorld are the server's readOnlyHint,
	// destructiveHint and openWorldHint; nil when it did not say. The
	// protocol's defaults are false, true and true.
	ReadOnly, Destructive, OpenWorld *bool
}

// mcpCall judges a call of an MCP tool: destructiveHint true is Dangerous;
// readOnlyHint true with openWorldHint false is Safe; anything else,
// including a tool that declares nothing, is Warning. Tool rules apply on
// top, as command rules do.
func (j *judge) mcpCall(m MCPTool) {
	if m.Name == "" {
		j.add(Warning, "mcp: a tool with no name", "builtin:mcp-unknown")
		return
	}
	what := "mcp " + shorten(m.Server+"/"+m.Tool)
	isTrue := func(b *bool) bool { return b != nil && *b }
	var l Level
	var why, rule string
	switch {
	case isTrue(m.Destructive):
		l, why, rule = Dangerous, "the server marks it destructive (destructiveHint)", "builtin:mcp-destructive"
	case isTrue(m.ReadOnly) && m.OpenWorld != nil && !*m.OpenWorld:
		l, why, rule = Safe, "the server marks it read-only and closed-world (readOnlyHint, openWorldHint false)", "builtin:mcp-read-only"
	case isTrue(m.ReadOnly):
		l, why, rule = Warning, "read-only by the server's word, but it may reach outside (openWorldHint not false)", "builtin:mcp-open-world"
	default:
		l, why, rule = Warning, "the server does not mark it read-only: it may change things", "builtin:mcp-unannotated"
	}
	l, why, rule = j.toolRules(m.Name, l, why, rule)
	j.add(l, what+": "+why, rule)
}

// toolRules applies the policy's tool rules to an MCP tool's level, in the
// same way pathRules does for paths: the first matching rule that is not
// raise-only sets the level, then raise-only rules can only raise it, and
// nothing changes Blocked.
func (j *judge) toolRules(name string, l Level, why, rule string) (Level, string, string) {
	if j.pol == nil || l == Blocked {
		return l, why, rule
	}
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if r.Tool != "" && !r.RaiseOnly && matchCommand(r.Tool, name) {
			l, why, rule = r.Level, ruleWhy(r), ruleName(r, r.Tool)
			break
		}
	}
	for i := range j.pol.Rules {
		r := &j.pol.Rules[i]
		if r.Tool != "" && r.RaiseOnly && r.Level > l && matchCommand(r.Tool, name) {
			l, why, rule = r.Level, ruleWhy(r), ruleName(r, r.Tool)
		}
	}
	return l, why, rule
}

// validToolPattern reports why a rule's tool pattern cannot work, or "".
func validToolPattern(p string) string {
	if !strings.HasPrefix(p, MCPPrefix) {
		return "tool " + quote(p) + " must start with " + MCPPrefix + " (tool rules name MCP tools: mcp__SERVER__TOOL or mcp__SERVER__*)"
	}
	if strings.TrimSpace(p) != p {
		return "tool " + quote(p) + " has leading or trailing spaces, which never match"
	}
	return ""
}

func quote(s string) string { return "\"" + s + "\"" }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
