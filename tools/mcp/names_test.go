package mcp

import (
	"regexp"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// providerName is what every provider accepts as a tool name.
var providerName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func TestToolName(t *testing.T) {
	long := strings.Repeat("x", 80)
	tests := []struct {
		server, tool, want string
	}{
		{"github", "create_issue", "mcp__github__create_issue"},
		{"everything", "get-sum", "mcp__everything__get-sum"},
		{"docs", "search.v2", "mcp__docs__search_v2"},
		{"docs", "lire l'été", "mcp__docs__lire_l__t_"},
		{"docs", "../../etc/passwd", "mcp__docs________etc_passwd"},
		{"docs", "", "mcp__docs___"},
		{"docs", long, ""},
	}
	for _, tc := range tests {
		got := ToolName(tc.server, tc.tool)
		if tc.tool == long {
			if len(got) != 64 || !strings.HasPrefix(got, "mcp__docs__xxxx") {
				t.Errorf("ToolName(%q, long) = %q, want 64 characters keeping the start", tc.server, got)
			}
			if got == ToolName(tc.server, long+"y") {
				t.Errorf("two long names that differ after 64 characters got the same name %q", got)
			}
			continue
		}
		if got != tc.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tc.server, tc.tool, got, tc.want)
		}
	}
}

func TestToolNamesThatCollideStayApart(t *testing.T) {
	s := &server{name: "docs", cfg: ServerConfig{}}
	entries := s.entries([]*sdk.Tool{{Name: "a.b"}, {Name: "a_b"}, {Name: "a b"}, {Name: "ok"}, nil})
	seen := map[string]string{}
	for _, e := range entries {
		if other, dup := seen[e.name]; dup {
			t.Errorf("%q and %q are both offered as %s", other, e.tool.Name, e.name)
		}
		seen[e.name] = e.tool.Name
		if !providerName.MatchString(e.name) {
			t.Errorf("%q is offered as %q, which providers refuse", e.tool.Name, e.name)
		}
	}
	if len(entries) != 4 {
		t.Errorf("entries = %d, want the four tools", len(entries))
	}
}

// FuzzToolName: whatever a server calls itself and its tools, the name the
// model sees is one every provider accepts, under the mcp__SERVER__ prefix
// rules match.
func FuzzToolName(f *testing.F) {
	f.Add("github", "create_issue")
	f.Add("docs", "../../x")
	f.Add("a", strings.Repeat("é", 100))
	f.Fuzz(func(t *testing.T, server, tool string) {
		name := ToolName(server, tool)
		if !providerName.MatchString(name) {
			t.Errorf("ToolName(%q, %q) = %q, which providers refuse", server, tool, name)
		}
		if !strings.HasPrefix(name, "mcp__") {
			t.Errorf("ToolName(%q, %q) = %q, without the mcp__ prefix", server, tool, name)
		}
		if serverName().MatchString(server) && !strings.Contains(server, "__") {
			if prefix := "mcp__" + server + "__"; len(prefix) < 55 && !strings.HasPrefix(name, prefix) {
				t.Errorf("ToolName(%q, %q) = %q, not under %s, which rules name", server, tool, name, prefix)
			}
		}
	})
}
