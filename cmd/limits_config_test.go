package cmd

import (
	"strings"
	"testing"
)

func TestProjectFileMayOnlyLowerTheTokenBudget(t *testing.T) {
	tests := []struct {
		name    string
		user    string
		project string
		want    int
	}{
		{"a project sets a budget where the person set none", "", "[agent]\nmax_tokens_per_run = 5000\n", 5000},
		{"a project lowers the person's budget", "[agent]\nmax_tokens_per_run = 9000\n", "[agent]\nmax_tokens_per_run = 5000\n", 5000},
		{"a project cannot raise the person's budget", "[agent]\nmax_tokens_per_run = 9000\n", "[agent]\nmax_tokens_per_run = 90000\n", 9000},
		{"a project cannot lift the person's budget with 0", "[agent]\nmax_tokens_per_run = 9000\n", "[agent]\nmax_tokens_per_run = 0\n", 9000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, env := hermetic(t)
			if tt.user != "" {
				writeFile(t, userConfigPath(envMap(env)), tt.user)
			}
			writeFile(t, root+"/.agent/config.toml", tt.project)
			cfg, _, err := loadConfig(root, "", envMap(env))
			if err != nil {
				t.Fatal(err)
			}
			if got := cfg.Agent.MaxTokensPerRun; got != tt.want {
				t.Errorf("max_tokens_per_run = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestProviderToolsAndPriceAreValidated(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		wantErr string
	}{
		{"prompt tools and a price are accepted", "[providers.ollama]\ntools = \"prompt\"\n[providers.ollama.price]\ninput = 0.5\noutput = 1.5\n", ""},
		{"an unknown tools mode is refused with the choices", "[providers.ollama]\ntools = \"text\"\n", `providers.ollama.tools = "text": want "native"`},
		{"a negative price is refused", "[providers.openai.price]\ninput = -1.0\n", "providers.openai.price"},
		{"a negative budget is refused", "[agent]\nmax_tokens_per_run = -1\n", "agent.max_tokens_per_run = -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, env := hermetic(t)
			writeFile(t, userConfigPath(envMap(env)), tt.file)
			cfg, _, err := loadConfig(root, "", envMap(env))
			if err == nil {
				err = cfg.Validate()
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("load and Validate() = %v, want no error", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("load and Validate() = %v, want an error with %q", err, tt.wantErr)
			}
		})
	}
}
