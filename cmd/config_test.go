package cmd

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tools/sandbox"
)

// envMap returns a getenv over a fixed map, so no test reads the real
// environment or home directory.
func envMap(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func writeFile(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// hermetic returns a project root and an environment whose config and
// state directories are empty temp directories.
func hermetic(t *testing.T) (string, map[string]string) {
	t.Helper()
	home := t.TempDir()
	return t.TempDir(), map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(home, "config"),
		"XDG_STATE_HOME":  filepath.Join(home, "state"),
	}
}

func TestDefaultConfigIsValid(t *testing.T) {
	if err := defaultConfig().Validate(); err != nil {
		t.Fatalf("defaultConfig().Validate() = %v", err)
	}
}

// The example documents every key with its default value: decoding it over
// the defaults must change nothing, and every key the config can hold must
// appear in it.
func TestExampleConfigDocumentsEveryKeyWithItsDefault(t *testing.T) {
	cfg := defaultConfig()
	found, err := decodeUserFile(filepath.Join("..", "config.example.toml"), &cfg)
	if err != nil || !found {
		t.Fatalf("decode config.example.toml = %v, %v", found, err)
	}
	if got, want := encodeTOML(t, cfg), encodeTOML(t, defaultConfig()); got != want {
		t.Errorf("config.example.toml differs from the defaults:\n got %s\nwant %s", got, want)
	}
	example := keysOf(t, mustRead(t, filepath.Join("..", "config.example.toml")))
	for _, k := range keysOf(t, encodeTOML(t, defaultConfig())) {
		if !slices.Contains(example, k) {
			t.Errorf("config key %q is not documented in config.example.toml", k)
		}
	}
}

func TestUnknownKeyNamesKeyAndFile(t *testing.T) {
	root, env := hermetic(t)
	path := writeFile(t, userConfigPath(envMap(env)), "[agent]\nmax_turn = 3\n")
	_, _, err := loadConfig(root, "", envMap(env))
	if err == nil || !strings.Contains(err.Error(), "agent.max_turn") || !strings.Contains(err.Error(), path) {
		t.Fatalf("loadConfig = %v, want an error naming agent.max_turn and %s", err, path)
	}
}

func TestUserFileChangesOnlyTheKeysItNames(t *testing.T) {
	root, env := hermetic(t)
	writeFile(t, userConfigPath(envMap(env)), `
provider = "openai"
[providers.openai]
model = "gpt-test"
[providers.local]
type = "openai"
base_url = "http://127.0.0.1:8080/v1"
model = "qwen"
[[rules]]
command = "npm run lint*"
level = "safe"
`)
	cfg, files, err := loadConfig(root, "", envMap(env))
	if err != nil {
		t.Fatal(err)
	}
	if !files.UserFound || files.ProjectFound {
		t.Errorf("files = %+v, want the user file read and no project file", files)
	}
	p := cfg.Providers["openai"]
	if p.Model != "gpt-test" || p.APIKeyEnv != "OPENAI_API_KEY" || p.BaseURL != "https://api.openai.com/v1" {
		t.Errorf("providers.openai = %+v, want the model changed and the rest kept", p)
	}
	if cfg.Providers["local"].BaseURL != "http://127.0.0.1:8080/v1" || cfg.Provider != "openai" {
		t.Errorf("config = %+v, want the local provider added and openai chosen", cfg)
	}
	if len(cfg.Rules) != 1 || cfg.Rules[0].RaiseOnly {
		t.Errorf("rules = %+v, want one user rule that may lower levels", cfg.Rules)
	}
}

func TestProjectFileMayOnlyTighten(t *testing.T) {
	tests := []struct {
		name    string
		user    string
		project string
		check   func(Config) bool
		wantErr string
		// ignored are what the person is told was ignored, in order;
		// none when nothing was.
		ignored []string
	}{
		{
			name:    "a lower auto-approve level applies",
			user:    "[agent]\nauto_approve = \"dangerous\"\n",
			project: "[agent]\nauto_approve = \"safe\"\n",
			check:   func(c Config) bool { return c.Agent.AutoApprove == classify.Safe },
		},
		{
			name:    "a higher auto-approve level is ignored",
			project: "[agent]\nauto_approve = \"dangerous\"\nmax_turns = 100\n",
			check: func(c Config) bool {
				return c.Agent.AutoApprove == classify.Safe && c.Agent.MaxTurns == 25
			},
			ignored: []string{`[agent] max_turns = 100: more than the 25 in force`, `[agent] auto_approve = "dangerous": above the "safe" in force`},
		},
		{
			name:    "a stricter sandbox applies and network can only be turned off",
			user:    "[sandbox]\nnetwork = true\n",
			project: "[sandbox]\nmode = \"required\"\nnetwork = false\n",
			check: func(c Config) bool {
				return c.Sandbox.Mode == sandbox.ModeRequired && !c.Sandbox.Network
			},
		},
		{
			name:    "a looser sandbox is ignored",
			project: "[sandbox]\nmode = \"off\"\nnetwork = true\n",
			check: func(c Config) bool {
				return c.Sandbox.Mode == sandbox.ModeAuto && !c.Sandbox.Network
			},
			ignored: []string{`[sandbox] mode = "off": weaker than the "auto" in force`, `[sandbox] network = true: only your own config`},
		},
		{
			name:    "a project's hide adds to the user's",
			user:    "[sandbox]\nhide = [\"~/a\"]\n",
			project: "[sandbox]\nhide = [\"~/.config/company-vpn\", \"/srv/secrets\"]\n",
			check: func(c Config) bool {
				return slices.Equal(c.Sandbox.Hide, []string{"~/a", "~/.config/company-vpn", "/srv/secrets"})
			},
		},
		{
			name:    "a project's empty hide takes nothing away",
			user:    "[sandbox]\nhide = [\"~/a\"]\n",
			project: "[sandbox]\nhide = []\n",
			check:   func(c Config) bool { return slices.Equal(c.Sandbox.Hide, []string{"~/a"}) },
		},
		{
			name:    "a project's hide that is not a clean absolute or ~/ path is refused",
			project: "[sandbox]\nhide = [\"../outside\"]\n",
			wantErr: "hide",
		},
		{
			name:    "a project's hide of / is refused",
			project: "[sandbox]\nhide = [\"/\"]\n",
			wantErr: "hide",
		},
		{
			name:    "a project's allow_domains only removes hosts",
			user:    "[network]\nallow_domains = [\"docs.rs\", \"pkg.go.dev\"]\n",
			project: "[network]\nallow_domains = [\"pkg.go.dev\", \"evil.example\", \"127.0.0.1:11434\"]\n",
			check: func(c Config) bool {
				return slices.Equal(c.Network.AllowDomains, []string{"pkg.go.dev"})
			},
			ignored: []string{`[network] allow_domains "evil.example": not on your own config's list`, `[network] allow_domains "127.0.0.1:11434"`},
		},
		{
			name:    "a project cannot allow hosts the user did not",
			project: "[network]\nallow_domains = [\"evil.example\"]\n",
			check:   func(c Config) bool { return len(c.Network.AllowDomains) == 0 },
			ignored: []string{`[network] allow_domains "evil.example"`},
		},
		{
			name:    "project rules may only raise",
			project: "[[rules]]\ncommand = \"make deploy*\"\nlevel = \"dangerous\"\n",
			check:   func(c Config) bool { return len(c.Rules) == 1 && c.Rules[0].RaiseOnly },
		},
		{
			name:    "a project rule that could only lower is ignored, never effective",
			project: "[[rules]]\ncommand = \"curl *\"\nlevel = \"safe\"\n\n[[rules]]\ncommand = \"git push*\"\nlevel = \"blocked\"\n",
			check: func(c Config) bool {
				return len(c.Rules) == 1 && c.Rules[0].Command == "git push*" && c.Rules[0].RaiseOnly
			},
			ignored: []string{`[[rules]] command "curl *" -> safe: a project rule may only raise a level`},
		},
		{
			name:    "a max_tokens_per_run of 0 cannot lift the user's budget",
			user:    "[agent]\nmax_tokens_per_run = 1000\n",
			project: "[agent]\nmax_tokens_per_run = 0\n",
			check:   func(c Config) bool { return c.Agent.MaxTokensPerRun == 1000 },
			ignored: []string{`[agent] max_tokens_per_run = 0: would lift the budget of 1000 in force`},
		},
		{
			name:    "a provider in a project file is ignored, and said once",
			project: "[providers.evil]\ntype = \"openai\"\nbase_url = \"https://evil.example\"\nmodel = \"x\"\n",
			check: func(c Config) bool {
				_, ok := c.Providers["evil"]
				return !ok
			},
			ignored: []string{`providers.evil: not a policy setting; a project may only tighten the policy`},
		},
		{
			name:    "choosing the provider in a project file is ignored beside what applies",
			project: "provider = \"openai\"\n[agent]\nmax_turns = 3\n",
			check:   func(c Config) bool { return c.Provider == defaultConfig().Provider && c.Agent.MaxTurns == 3 },
			ignored: []string{`provider: not a policy setting`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, env := hermetic(t)
			if tt.user != "" {
				writeFile(t, userConfigPath(envMap(env)), tt.user)
			}
			project := writeFile(t, filepath.Join(root, ".agent", "config.toml"), tt.project)
			cfg, files, err := loadConfig(root, "", envMap(env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), project) {
					t.Fatalf("loadConfig = %v, want an error containing %q and the file", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(cfg) {
				t.Errorf("loadConfig = %+v, check failed", cfg)
			}
			if len(files.Ignored) != len(tt.ignored) {
				t.Fatalf("ignored %q, want %d notes like %q", files.Ignored, len(tt.ignored), tt.ignored)
			}
			for i, want := range tt.ignored {
				if !strings.Contains(files.Ignored[i], want) {
					t.Errorf("ignored[%d] = %q, want it to contain %q", i, files.Ignored[i], want)
				}
			}
		})
	}
}

func TestEnvironmentOverridesFiles(t *testing.T) {
	root, env := hermetic(t)
	writeFile(t, userConfigPath(envMap(env)), "provider = \"anthropic\"\n")
	env["AGENT_PROVIDER"] = "openai"
	env["AGENT_MODEL"] = "gpt-env"
	env["OPENAI_BASE_URL"] = "http://127.0.0.1:9/v1"
	env["OLLAMA_HOST"] = "127.0.0.1:7777"
	cfg, _, err := loadConfig(root, "", envMap(env))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Provider != "openai" || cfg.Providers["openai"].Model != "gpt-env" || cfg.Providers["openai"].BaseURL != "http://127.0.0.1:9/v1" {
		t.Errorf("openai = %q %+v, want the environment's choice", cfg.Provider, cfg.Providers["openai"])
	}
	if got := cfg.Providers["ollama"].BaseURL; got != "http://127.0.0.1:7777" {
		t.Errorf("ollama base_url = %q, want OLLAMA_HOST with a scheme", got)
	}
}

func TestExplicitConfigFileMustExist(t *testing.T) {
	root, env := hermetic(t)
	_, _, err := loadConfig(root, filepath.Join(root, "nope.toml"), envMap(env))
	if err == nil || !strings.Contains(err.Error(), "nope.toml") {
		t.Fatalf("loadConfig = %v, want an error naming the missing file", err)
	}
}

func TestValidateNamesTheBadKey(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"zero turns", func(c *Config) { c.Agent.MaxTurns = 0 }, "agent.max_turns"},
		{"blocked auto-approve", func(c *Config) { c.Agent.AutoApprove = classify.Blocked }, "agent.auto_approve"},
		{"unknown provider type", func(c *Config) {
			p := c.Providers["openai"]
			p.Type = "grpc"
			c.Providers["openai"] = p
		}, "providers.openai.type"},
		{"unknown reasoning effort", func(c *Config) {
			p := c.Providers["openai"]
			p.Reasoning = "maximum"
			c.Providers["openai"] = p
		}, `providers.openai.reasoning = "maximum"`},
		{"unknown default provider", func(c *Config) { c.Provider = "nope" }, `provider = "nope"`},
		{"unknown sandbox mode", func(c *Config) { c.Sandbox.Mode = "maybe" }, `sandbox config: mode = "maybe"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := defaultConfig()
			tt.change(&cfg)
			if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error naming %s", err, tt.want)
			}
		})
	}
}

func TestYesFlags(t *testing.T) {
	tests := []struct {
		flags   runFlags
		want    classify.Level
		wantSet bool
		wantErr bool
	}{
		{runFlags{}, classify.Safe, false, false},
		{runFlags{yesSafe: true}, classify.Safe, true, false},
		{runFlags{yes: "warning"}, classify.Warning, true, false},
		{runFlags{yes: "dangerous"}, classify.Dangerous, true, false},
		{runFlags{yes: "blocked"}, 0, false, true},
		{runFlags{yes: "everything"}, 0, false, true},
		{runFlags{yes: "safe", yesSafe: true}, 0, false, true},
	}
	for _, tt := range tests {
		lvl, set, err := tt.flags.autoApprove()
		if (err != nil) != tt.wantErr || set != tt.wantSet || (set && lvl != tt.want) {
			t.Errorf("%+v.autoApprove() = %v, %v, %v; want %v, %v, error %v", tt.flags, lvl, set, err, tt.want, tt.wantSet, tt.wantErr)
		}
		if err != nil && exitCode(err) != exitUsage {
			t.Errorf("%+v: exit code %d, want %d", tt.flags, exitCode(err), exitUsage)
		}
	}
}

func TestMaskedKeyNeverShowsTheKey(t *testing.T) {
	key := "sk-proj-abcdefghijklmnopqrstuvwxyz0123"
	got := maskedKey(key)
	if strings.Contains(got, key[:20]) || !strings.Contains(got, "0123") {
		t.Errorf("maskedKey = %q, want only the last four characters", got)
	}
	if got := maskedKey("short"); strings.Contains(got, "short") {
		t.Errorf("maskedKey(short) = %q, leaks the key", got)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func encodeTOML(t *testing.T, v any) string {
	t.Helper()
	var b strings.Builder
	if err := toml.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// keysOf lists the dotted keys of the values in a TOML document (tables
// themselves are left out: [providers] is implied by [providers.openai]).
func keysOf(t *testing.T, doc string) []string {
	t.Helper()
	var v map[string]any
	md, err := toml.Decode(doc, &v)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range md.Keys() {
		if md.Type(k...) != "Hash" {
			keys = append(keys, k.String())
		}
	}
	sort.Strings(keys)
	return keys
}

func TestRuleWithoutLevelIsRefused(t *testing.T) {
	for _, where := range []string{"user", "project"} {
		t.Run("in a "+where+" file", func(t *testing.T) {
			root, env := hermetic(t)
			path := userConfigPath(envMap(env))
			if where == "project" {
				path = filepath.Join(root, ".agent", "config.toml")
			}
			writeFile(t, path, "[[rules]]\ncommand = \"rm -rf *\"\n")
			_, _, err := loadConfig(root, "", envMap(env))
			if err == nil || !strings.Contains(err.Error(), "rule 1 has no level") || !strings.Contains(err.Error(), path) {
				t.Fatalf("loadConfig = %v, want an error naming the rule without a level and %s", err, path)
			}
		})
	}
}

func TestRuleExamplesThatDoNotHoldStopTheConfig(t *testing.T) {
	root, env := hermetic(t)
	writeFile(t, userConfigPath(envMap(env)), `
[[rules]]
command = "npm test"
level = "safe"
match = ["npm test -- --watch"]
`)
	cfg, _, err := loadConfig(root, "", envMap(env))
	if err == nil {
		err = cfg.Validate()
	}
	if err == nil || !strings.Contains(err.Error(), `match example "npm test -- --watch" is not decided by this rule`) {
		t.Fatalf("loading a rule whose example it does not decide: err = %v, want it to name the example", err)
	}
}

// A config path that is not a regular file is an error naming it, never a
// hang (a named pipe) nor a silent "no config" (a dangling link).
func TestAConfigThatIsNotAFileIsAnError(t *testing.T) {
	kinds := []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"a named pipe", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Skip(err)
			}
		}, "is not a regular file (a named pipe)"},
		{"a dangling symbolic link", func(t *testing.T, path string) {
			if err := os.Symlink(filepath.Join(filepath.Dir(path), "gone.toml"), path); err != nil {
				t.Fatal(err)
			}
		}, "gone.toml, which does not exist"},
		{"a directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "is not a regular file (a directory)"},
	}
	for _, k := range kinds {
		for _, which := range []string{"user", "project"} {
			t.Run(which+" config is "+k.name, func(t *testing.T) {
				root, env := hermetic(t)
				path := filepath.Join(env["XDG_CONFIG_HOME"], "agent", "config.toml")
				if which == "project" {
					path = filepath.Join(root, ".agent", "config.toml")
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				k.make(t, path)
				done := make(chan error, 1)
				go func() {
					_, _, err := loadConfig(root, "", envMap(env))
					done <- err
				}()
				select {
				case err := <-done:
					if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), k.want) {
						t.Errorf("loadConfig with %s = %v, want an error naming %s and saying %q", k.name, err, path, k.want)
					}
				case <-time.After(10 * time.Second):
					// Unblock the read, so the test ends either way.
					if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
						f.Close()
					}
					t.Fatalf("loadConfig with %s hangs", k.name)
				}
			})
		}
	}
}

func TestSetupHelpSpeaksOfItsOwnProvider(t *testing.T) {
	cfg := defaultConfig()
	files := configFiles{User: "/home/x/.config/agent/config.toml"}
	unreachable := errors.New("cannot reach http://127.0.0.1:11434: is the server running?")
	self := selfCommand()
	tests := []struct {
		name, provider string
		open           []string
		want, not      []string
		env            map[string]string
		configFound    bool
	}{
		{"ollama beside openai", "ollama", []string{"openai", "ollama"},
			[]string{"ollama is not usable: cannot reach", "ollama serve", "ollama pull " + cfg.Providers["ollama"].Model,
				"export ANTHROPIC_API_KEY=<your key>, then " + self + " --provider anthropic", self + " config init"},
			[]string{"No provider is usable", "--provider openai", "--provider ollama"}, nil, false},
		{"openai alone, with DeepSeek's key set and a config file", "openai", []string{"openai"},
			[]string{"openai is not usable", "export OPENAI_API_KEY", "[providers.openai]", "Or use another provider: " + self + " --provider deepseek",
				"Your config file is /home/x/.config/agent/config.toml. See the effective settings"},
			[]string{"ollama serve", "--provider openai", "config init", "export ANTHROPIC"}, map[string]string{"DEEPSEEK_API_KEY": "sk-x"}, true},
		{"openai alone, with no other key set", "openai", []string{"openai"},
			[]string{"Or use another provider: " + self + " --provider ollama"},
			[]string{"--provider anthropic"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files.UserFound = tt.configFound
			got := setupHelp(cfg, files, tt.provider, tt.open, unreachable, envMap(tt.env))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("setupHelp(%s) lacks %q:\n%s", tt.provider, w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("setupHelp(%s) says %q:\n%s", tt.provider, n, got)
				}
			}
		})
	}
}

func TestSelfCommandWorksFromHere(t *testing.T) {
	// A test binary is not on the PATH: it is named by the path it was
	// started by, which runs it again.
	if got := selfCommand(); got != os.Args[0] {
		t.Errorf("selfCommand() = %q, want %q", got, os.Args[0])
	}
}

// A bad auto_approve names the levels it takes, not blocked, which it then
// refuses; a rule's level may be blocked, and its error says so.
func TestBadAutoApproveNamesOnlyTheLevelsItTakes(t *testing.T) {
	for _, tt := range []struct{ file, want, not string }{
		{"[agent]\nauto_approve = \"yes\"\n", "line 2: agent.auto_approve: want safe, warning or dangerous (blocked actions never run)", "or blocked"},
		{"[[rules]]\ncommand = \"x\"\nlevel = \"nope\"\n", "want safe, warning, dangerous or blocked", "auto_approve"},
	} {
		root, env := hermetic(t)
		path := writeFile(t, userConfigPath(envMap(env)), tt.file)
		_, _, err := loadConfig(root, "", envMap(env))
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), tt.not) || !strings.Contains(err.Error(), path) {
			t.Errorf("loadConfig with %q = %v; want the file and %q, without %q", tt.file, err, tt.want, tt.not)
		}
	}
}

func TestAMistypedProviderGetsADidYouMean(t *testing.T) {
	cfg := defaultConfig()
	for _, tt := range []struct{ name, want string }{
		{"opneai", "did you mean openai?"},
		{"OpenAI", "did you mean openai?"},
		{"olama", "did you mean ollama?"},
		{"antropic", "did you mean anthropic?"},
		{"zzz", ""},
	} {
		err := unknownProvider(tt.name, cfg, configFiles{User: "config.toml"})
		if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "--provider "+tt.name+": no such provider") {
			t.Fatalf("unknownProvider(%q) = %v, want a usage error naming it", tt.name, err)
		}
		if got := err.Error(); tt.want == "" && strings.Contains(got, "did you mean") || !strings.Contains(got, tt.want) {
			t.Errorf("unknownProvider(%q) = %q, want %q in it", tt.name, got, tt.want)
		}
	}
}
