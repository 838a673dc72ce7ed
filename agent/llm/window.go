package llm

import "strings"

// DefaultContextWindow is the window assumed for a model the table of
// ContextWindow does not know: small enough that every current chat model
// with tool calling holds it, so that an unknown model is compacted too
// early rather than rejected.
const DefaultContextWindow = 32_000

// windows are context windows in tokens by model name prefix; the longest
// prefix that matches wins, so "gpt-4o" is not "gpt-4". The
// figures are the vendors' own: OpenAI's model pages
// (platform.openai.com/docs/models), Anthropic's models overview
// (docs.anthropic.com), DeepSeek's pricing page (api-docs.deepseek.com: 128K,
// which its errors spell 131072), Google's Gemini model pages
// (ai.google.dev), and the context length Ollama's library shows for the
// open families (llama3.1+ 131072, qwen2.5 32768, qwen3 40960,
// qwen3-coder 262144).
var windows = []struct {
	prefix string
	tokens int
}{
	// OpenAI.
	{"gpt-5", 400_000},
	{"gpt-4.1", 1_047_576},
	{"gpt-4o", 128_000},
	{"gpt-4-turbo", 128_000},
	{"gpt-4", 8_192},
	{"gpt-3.5-turbo", 16_385},
	{"gpt-oss", 131_072},
	{"o1", 200_000},
	{"o3", 200_000},
	{"o4", 200_000},
	{"codex", 400_000},
	// Anthropic: every Claude 3 and 4 model has 200K by default.
	{"claude", 200_000},
	// DeepSeek.
	{"deepseek", 131_072},
	// Google.
	{"gemini-1.5-pro", 2_097_152},
	{"gemini", 1_048_576},
	// Open families, by their Ollama and Hugging Face names.
	{"llama3.1", 131_072},
	{"llama3.2", 131_072},
	{"llama3.3", 131_072},
	{"llama-3.1", 131_072},
	{"llama-3.2", 131_072},
	{"llama-3.3", 131_072},
	{"llama3", 8_192},
	{"llama-3", 8_192},
	{"qwen3-coder", 262_144},
	{"qwen3", 40_960},
	{"qwen2.5", 32_768},
	{"qwq", 131_072},
	{"mistral", 32_768},
	{"codestral", 262_144},
	{"glm-4.5", 131_072},
	{"glm-4.6", 200_000},
}

// ContextWindow returns the context window in tokens of the model named
// model, from a table of common models, or DefaultContextWindow when it
// does not know the model. A vendor or gateway prefix ("openai/",
// "anthropic/", "meta-llama/") and a tag (":8b") are ignored, and case
// does not matter.
func ContextWindow(model string) int {
	name := strings.ToLower(model)
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	best, tokens := 0, DefaultContextWindow
	for _, w := range windows {
		if strings.HasPrefix(name, w.prefix) && len(w.prefix) > best {
			best, tokens = len(w.prefix), w.tokens
		}
	}
	return tokens
}
