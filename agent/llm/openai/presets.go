package openai

import "maps"

// Preset is a well-known OpenAI-compatible service, so that config can
// name it without spelling out where it lives.
type Preset struct {
	BaseURL string
	// APIKeyEnv is the variable its key is conventionally read from; ""
	// for local servers that take no key.
	APIKeyEnv string
	// Model is a sensible default model; "" means the user must choose.
	Model string
}

// presets are the services known by name.
var presets = map[string]Preset{
	"openai":     {BaseURL: DefaultBaseURL, APIKeyEnv: "OPENAI_API_KEY"},
	"deepseek":   {BaseURL: "https://api.deepseek.com/v1", APIKeyEnv: "DEEPSEEK_API_KEY", Model: "deepseek-chat"},
	"openrouter": {BaseURL: "https://openrouter.ai/api/v1", APIKeyEnv: "OPENROUTER_API_KEY"},
	"lmstudio":   {BaseURL: "http://127.0.0.1:1234/v1"},
	"llamacpp":   {BaseURL: "http://127.0.0.1:8080/v1"},
	"vllm":       {BaseURL: "http://127.0.0.1:8000/v1"},
}

// LookupPreset returns the preset called name ("deepseek", "openrouter",
// "lmstudio", "llamacpp", "vllm", "openai").
func LookupPreset(name string) (Preset, bool) {
	p, ok := presets[name]
	return p, ok
}

// Presets returns a copy of every preset by name.
func Presets() map[string]Preset { return maps.Clone(presets) }
