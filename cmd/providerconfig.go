package cmd

import (
	"fmt"
	"strings"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/tools"
)

// ProviderConfig is one [providers.NAME] section: which wire format to
// speak, where, with which key and model.
type ProviderConfig struct {
	// Type is the wire format: "openai" (chat completions, also every
	// OpenAI-compatible server), "openai-responses" (OpenAI's Responses
	// API, which the gpt-5-codex models need), "ollama" or "anthropic".
	Type string `toml:"type"`
	// BaseURL is the server's address; empty means the type's default.
	BaseURL string `toml:"base_url,omitempty"`
	// APIKeyEnv names the environment variable holding the key. Keys are
	// never written in config files.
	APIKeyEnv string `toml:"api_key_env,omitempty"`
	// Model is the model to ask for.
	Model string `toml:"model"`
	// Tools says how the model is offered the tools: ToolsNative (the
	// wire format's own tool calls; "" means the same) or ToolsPrompt
	// (described in the system prompt, for models without native tool
	// calling; see llm.WithPromptTools).
	Tools string `toml:"tools,omitempty"`
	// ContextWindow is the model's context window in tokens: the loop
	// shortens old tool outputs and then summarises older turns when the
	// conversation fills 80 % of it, and Ollama is asked for a window this
	// large (num_ctx). 0 means the window known for the model (see
	// Window).
	ContextWindow int `toml:"context_window,omitempty"`
	// Reasoning is how hard a thinking model is asked to think: "off",
	// "low", "medium" or "high", mapped to the API's own knob (see
	// docs/providers.md). "" sends nothing: the API's default.
	Reasoning llm.Effort `toml:"reasoning,omitempty"`
	// EditTool is how the model changes part of a file: tools.EditToolEdit
	// ("edit": edit_file) or tools.EditToolPatch ("apply_patch", Codex's
	// patch format). "" chooses by model (see EditToolFor).
	EditTool string `toml:"edit_tool,omitempty"`
	// Price is what the provider charges, for the cost shown with the
	// usage; the zero value means unknown, and no cost is shown.
	Price agent.Price `toml:"price,omitempty"`
}

// EditToolFor returns the edit tool to offer: EditTool when set, else
// apply_patch for the models trained on that format (OpenAI's gpt-5 and
// codex families, by the model's name, under any provider prefix such as
// "openai/gpt-5"), else edit_file.
func (c ProviderConfig) EditToolFor() string {
	if c.EditTool != "" {
		return c.EditTool
	}
	m := strings.ToLower(c.Model)
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	if strings.HasPrefix(m, "gpt-5") || strings.Contains(m, "codex") {
		return tools.EditToolPatch
	}
	return tools.EditToolEdit
}

// MaxOllamaWindow is the most Window gives an Ollama model whose window
// is not configured: Ollama sets aside memory for the whole window when it
// loads a model, and a 128K window does not fit most machines.
const MaxOllamaWindow = 32_768

// Window returns the context window to work with: ContextWindow when set,
// else the window llm.ContextWindow knows for the model (at most
// MaxOllamaWindow for Ollama).
func (c ProviderConfig) Window() int {
	if c.ContextWindow > 0 {
		return c.ContextWindow
	}
	w := llm.ContextWindow(c.Model)
	if c.Type == "ollama" {
		w = min(w, MaxOllamaWindow)
	}
	return w
}

// The values of ProviderConfig.Tools.
const (
	ToolsNative = "native"
	ToolsPrompt = "prompt"
)

// Validate reports the first setting of provider name that cannot work.
func (c ProviderConfig) Validate(name string) error {
	switch c.Type {
	case "openai", "openai-responses", "ollama", "anthropic":
	default:
		return fmt.Errorf("providers.%s.type = %q: want one of openai, openai-responses, ollama, anthropic", name, c.Type)
	}
	if c.Model == "" {
		return fmt.Errorf("providers.%s.model is empty: name the model to use", name)
	}
	switch c.Tools {
	case "", ToolsNative, ToolsPrompt:
	default:
		return fmt.Errorf("providers.%s.tools = %q: want %q (the wire format's tool calls) or %q (tools described in the prompt)", name, c.Tools, ToolsNative, ToolsPrompt)
	}
	if c.ContextWindow != 0 && (c.ContextWindow < 2048 || c.ContextWindow > 100_000_000) {
		return fmt.Errorf("providers.%s.context_window = %d: want the model's context window in tokens, 2048 or more (or 0 for the model's known window)", name, c.ContextWindow)
	}
	switch c.EditTool {
	case "", tools.EditToolEdit, tools.EditToolPatch:
	default:
		return fmt.Errorf("providers.%s.edit_tool = %q: want %q (edit_file) or %q (Codex's patch format), or leave it out to choose by model", name, c.EditTool, tools.EditToolEdit, tools.EditToolPatch)
	}
	if !c.Reasoning.Valid() {
		return fmt.Errorf("providers.%s.reasoning = %q: want off, low, medium or high (or leave it out for the API's default)", name, c.Reasoning)
	}
	if c.Price.Input < 0 || c.Price.Output < 0 || c.Price.CachedInput < 0 {
		return fmt.Errorf("providers.%s.price: prices must not be negative (US dollars per million tokens)", name)
	}
	return nil
}

// unknownProvider is the usage error for --provider name when the config
// has no such provider: the known ones, the closest when name looks like a
// typo of it, and where to add one.
func unknownProvider(name string, cfg Config, files configFiles) error {
	known := cfg.providerNames()
	hint := ""
	if close := closestName(name, known); close != "" {
		hint = fmt.Sprintf("; did you mean %s?", close)
	}
	return usageError("--provider %s: no such provider%s (known: %s; add one as [providers.%s] in %s)",
		name, hint, strings.Join(known, ", "), name, files.User)
}

// closestName is the one of names within two edits of s (a typo: a
// letter swapped, missing or extra), or "" when none or several are.
func closestName(s string, names []string) string {
	best, bestD, ties := "", 3, 0
	for _, n := range names {
		switch d := editDistance(strings.ToLower(s), strings.ToLower(n)); {
		case d < bestD:
			best, bestD, ties = n, d, 0
		case d == bestD:
			ties++
		}
	}
	if ties > 0 {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours, in runes.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
