package cmd

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/tools/mcp"
)

const userMCP = `
[mcp_servers.github]
command = "github-mcp-server"
args = ["stdio"]
env_vars = ["GITHUB_TOKEN"]
disabled_tools = ["delete_repository"]

[mcp_servers.docs]
url = "https://example.com/mcp"
bearer_token_env = "DOCS_MCP_TOKEN"
`

func TestUserConfigAddsMCPServers(t *testing.T) {
	root, env := hermetic(t)
	writeFile(t, userConfigPath(envMap(env)), userMCP)
	cfg, _, err := loadConfig(root, "", envMap(env))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	gh := cfg.MCPServers["github"]
	if gh.Command != "github-mcp-server" || !slices.Equal(gh.Args, []string{"stdio"}) || !gh.IsEnabled() ||
		gh.StartupTimeout().Seconds() != 10 || gh.ToolTimeout().Seconds() != 60 {
		t.Errorf("mcp_servers.github = %+v, want it as written with the default timeouts", gh)
	}
	if cfg.MCPServers["docs"].URL != "https://example.com/mcp" {
		t.Errorf("mcp_servers.docs = %+v", cfg.MCPServers["docs"])
	}
}

func TestMCPConfigErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name, user, want string
	}{
		{"an unknown key", "[mcp_servers.x]\ncommand = \"x\"\ncommnd = \"y\"\n", `unknown key "mcp_servers.x.commnd"`},
		{"neither command nor url", "[mcp_servers.x]\nargs = [\"a\"]\n", "mcp_servers.x: set command (a stdio server) or url"},
		{"both command and url", "[mcp_servers.x]\ncommand = \"a\"\nurl = \"https://h/mcp\"\n", "mcp_servers.x: set command or url, not both"},
		{"a url that is not http", "[mcp_servers.x]\nurl = \"file:///etc/passwd\"\n", `url "file:///etc/passwd" is not an http:// or https:// address`},
		{"a name with a double underscore", "[mcp_servers.a__b]\ncommand = \"a\"\n", "mcp_servers.a__b: the name may have only"},
		{"a name with a dot", "[mcp_servers.\"a.b\"]\ncommand = \"a\"\n", "the name may have only"},
		{"a negative timeout", "[mcp_servers.x]\ncommand = \"a\"\ntool_timeout_seconds = -1\n", "tool_timeout_seconds = -1"},
		{"a bearer token for a command", "[mcp_servers.x]\ncommand = \"a\"\nbearer_token_env = \"T\"\n", "bearer_token_env is for url servers"},
		{"a bad variable name", "[mcp_servers.x]\ncommand = \"a\"\nenv_vars = [\"A=B\"]\n", `"A=B" is not a variable name`},
		{"a tool rule that names no MCP tool", "[[rules]]\ntool = \"shell\"\nlevel = \"safe\"\n", "must start with mcp__"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root, env := hermetic(t)
			writeFile(t, userConfigPath(envMap(env)), tc.user)
			cfg, _, err := loadConfig(root, "", envMap(env))
			if err == nil {
				err = cfg.Validate()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("config %q: error = %v, want %q", tc.user, err, tc.want)
			}
		})
	}
}

func TestProjectMayOnlyDisableMCPServersAndTools(t *testing.T) {
	t.Run("it disables a server and adds disabled tools", func(t *testing.T) {
		root, env := hermetic(t)
		writeFile(t, userConfigPath(envMap(env)), userMCP)
		writeFile(t, filepath.Join(root, ".agent", "config.toml"), `
[mcp_servers.github]
disabled_tools = ["merge_pull_request"]
[mcp_servers.docs]
enabled = false
[mcp_servers.unknown]
enabled = false
`)
		cfg, _, err := loadConfig(root, "", envMap(env))
		if err != nil {
			t.Fatal(err)
		}
		if gh := cfg.MCPServers["github"]; !slices.Equal(gh.DisabledTools, []string{"delete_repository", "merge_pull_request"}) || !gh.IsEnabled() {
			t.Errorf("github = %+v, want both disabled tools and still enabled", gh)
		}
		if cfg.MCPServers["docs"].IsEnabled() {
			t.Errorf("docs is still enabled")
		}
		if _, ok := cfg.MCPServers["unknown"]; ok {
			t.Errorf("the project added a server")
		}
	})
	t.Run("it cannot enable a server the person disabled", func(t *testing.T) {
		root, env := hermetic(t)
		writeFile(t, userConfigPath(envMap(env)), "[mcp_servers.x]\ncommand = \"a\"\nenabled = false\n")
		writeFile(t, filepath.Join(root, ".agent", "config.toml"), "[mcp_servers.x]\nenabled = true\n")
		cfg, _, err := loadConfig(root, "", envMap(env))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.MCPServers["x"].IsEnabled() {
			t.Errorf("the project enabled a server")
		}
	})
	for _, key := range []string{`command = "evil"`, `url = "https://evil.example/mcp"`, `args = ["--all"]`, `env_vars = ["AWS_SECRET_ACCESS_KEY"]`, `enabled_tools = ["x"]`, `sandbox = false`} {
		t.Run("it cannot set "+key, func(t *testing.T) {
			root, env := hermetic(t)
			writeFile(t, userConfigPath(envMap(env)), userMCP)
			writeFile(t, filepath.Join(root, ".agent", "config.toml"), "[mcp_servers.github]\n"+key+"\n")
			cfg, files, err := loadConfig(root, "", envMap(env))
			if err != nil {
				t.Fatal(err)
			}
			if len(files.Ignored) != 1 || !strings.Contains(files.Ignored[0], "mcp_servers.github.") {
				t.Errorf("project setting %s: ignored = %q, want it named as ignored", key, files.Ignored)
			}
			user, _, err := loadConfig(t.TempDir(), "", envMap(env))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(cfg.MCPServers, user.MCPServers) {
				t.Errorf("project setting %s changed the servers to %+v, want the user's %+v", key, cfg.MCPServers, user.MCPServers)
			}
		})
	}
}

func TestMCPVariablesAreSecretsForCommands(t *testing.T) {
	cfg := defaultConfig()
	cfg.MCPServers = map[string]mcp.ServerConfig{
		"docs": {URL: "https://example.com/mcp", BearerTokenEnv: "DOCS_KEY"},
		"db":   {Command: "db-mcp", EnvVars: []string{"DB_URL"}},
	}
	names := secretEnvNames(cfg)
	for _, want := range []string{"DOCS_KEY", "DB_URL", "OPENAI_API_KEY"} {
		if !slices.Contains(names, want) {
			t.Errorf("secretEnvNames = %v, want %s in it: commands must not see what MCP servers are given", names, want)
		}
	}
}

// A server's variables written as Codex writes them get a hint to
// env_vars, not only "unknown key".
func TestCodexStyleEnvPointsToEnvVars(t *testing.T) {
	root, env := hermetic(t)
	writeFile(t, userConfigPath(envMap(env)), "[mcp_servers.github]\ncommand = \"github-mcp-server\"\nenv = { GITHUB_TOKEN = \"x\" }\n")
	_, _, err := loadConfig(root, "", envMap(env))
	if err == nil || !strings.Contains(err.Error(), `unknown key "mcp_servers.github.env"`) || !strings.Contains(err.Error(), `env_vars = ["NAME"]`) {
		t.Errorf("loadConfig = %v, want the key named and env_vars suggested", err)
	}
}
