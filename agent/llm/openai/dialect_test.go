package openai

import "testing"

func TestDialectOf(t *testing.T) {
	tests := []struct {
		name, baseURL string
		want          dialect
	}{
		{"openai", "https://api.openai.com/v1", dialectOpenAI},
		{"or", "https://openrouter.ai/api/v1", dialectOpenRouter},
		{"deep", "https://api.deepseek.com/v1", dialectDeepSeek},
		{"openrouter", "http://127.0.0.1:8080/v1", dialectOpenRouter},
		{"deepseek", "http://127.0.0.1:8080/v1", dialectDeepSeek},
		{"deepseek", "https://openrouter.ai/api/v1", dialectOpenRouter}, // the host wins
		{"local", "http://127.0.0.1:8080/v1", dialectOpenAI},
		{"evil", "https://openrouter.ai.example.com/v1", dialectOpenAI},
	}
	for _, tt := range tests {
		if got := dialectOf(tt.name, tt.baseURL); got != tt.want {
			t.Errorf("dialectOf(%q, %q) = %d, want %d", tt.name, tt.baseURL, got, tt.want)
		}
	}
}
