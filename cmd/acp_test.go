package cmd

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/acp"
)

func TestClientMCP(t *testing.T) {
	t.Parallel()
	base := func(k string) string {
		if k == "HOME" {
			return "/home/me"
		}
		return ""
	}
	t.Run("a stdio server's variables are passed by name, with the editor's values", func(t *testing.T) {
		getenv, cfg, env, err := clientMCP(base, []acp.MCPServer{{Name: "notes", Command: "notes-server", Args: []string{"-v"}, Env: map[string]string{"B": "2", "A": "1"}}})
		if err != nil {
			t.Fatal(err)
		}
		s := cfg["notes"]
		if s.Command != "notes-server" || strings.Join(s.Args, " ") != "-v" || strings.Join(s.EnvVars, ",") != "A,B" {
			t.Errorf("config = %+v", s)
		}
		if strings.Join(env, " ") != "A=1 B=2" || getenv("A") != "1" || getenv("HOME") != "/home/me" {
			t.Errorf("env = %v, getenv(A) = %q", env, getenv("A"))
		}
	})
	t.Run("an HTTP server's bearer token becomes its token variable", func(t *testing.T) {
		getenv, cfg, _, err := clientMCP(base, []acp.MCPServer{{Name: "docs-1", URL: "https://mcp.example/mcp", Headers: map[string]string{"authorization": "Bearer tok"}}})
		if err != nil {
			t.Fatal(err)
		}
		s := cfg["docs-1"]
		if s.URL != "https://mcp.example/mcp" || s.BearerTokenEnv == "" || getenv(s.BearerTokenEnv) != "tok" {
			t.Errorf("config = %+v, token = %q", s, getenv(s.BearerTokenEnv))
		}
	})
	refused := []struct {
		name    string
		servers []acp.MCPServer
		want    string
	}{
		{"another header", []acp.MCPServer{{Name: "d", URL: "https://x", Headers: map[string]string{"X-Key": "k"}}}, "header X-Key"},
		{"a basic authorization", []acp.MCPServer{{Name: "d", URL: "https://x", Headers: map[string]string{"Authorization": "Basic k"}}}, "only an Authorization: Bearer"},
		{"a name given twice", []acp.MCPServer{{Name: "d", Command: "a"}, {Name: "d", Command: "b"}}, "named twice"},
		{"one variable with two values", []acp.MCPServer{{Name: "a", Command: "a", Env: map[string]string{"K": "1"}}, {Name: "b", Command: "b", Env: map[string]string{"K": "2"}}}, "two values"},
		{"neither command nor URL", []acp.MCPServer{{Name: "d"}}, "neither a command nor a URL"},
	}
	for _, c := range refused {
		t.Run("refuses "+c.name, func(t *testing.T) {
			if _, _, _, err := clientMCP(base, c.servers); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("clientMCP = %v, want an error with %q", err, c.want)
			}
		})
	}
}
