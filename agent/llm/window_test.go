package llm_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

func TestContextWindowOfCommonModels(t *testing.T) {
	for _, tc := range []struct {
		model string
		want  int
	}{
		{"gpt-4o-mini", 128_000},
		{"gpt-4", 8_192},
		{"gpt-4.1-nano", 1_047_576},
		{"gpt-5-mini", 400_000},
		{"o4-mini", 200_000},
		{"claude-sonnet-4-5", 200_000},
		{"anthropic/claude-3.7-sonnet", 200_000},
		{"deepseek-chat", 131_072},
		{"deepseek-reasoner", 131_072},
		{"gemini-2.5-pro", 1_048_576},
		{"google/gemini-2.5-flash", 1_048_576},
		{"llama3.1:8b", 131_072},
		{"llama3:8b", 8_192},
		{"meta-llama/Llama-3.3-70B-Instruct", 131_072},
		{"qwen2.5-coder:7b", 32_768},
		{"qwen3:14b", 40_960},
		{"Qwen/Qwen3-Coder-480B-A35B-Instruct", 262_144},
		{"some-local-model", llm.DefaultContextWindow},
		{"", llm.DefaultContextWindow},
	} {
		if got := llm.ContextWindow(tc.model); got != tc.want {
			t.Errorf("ContextWindow(%q) = %d, want %d", tc.model, got, tc.want)
		}
	}
}
