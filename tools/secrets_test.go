package tools

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestSecretValuesTakesSecretNamesAndExtras(t *testing.T) {
	t.Parallel()
	env := []string{
		"PATH=/usr/bin",
		"OPENAI_API_KEY=sk-openai-value",
		"GITHUB_TOKEN=ghp-value",
		"MY_PROVIDER_VAR=custom-value",
		"EMPTY_TOKEN=",
		"HOME=/home/x",
	}
	got := SecretValues(env, []string{"MY_PROVIDER_VAR"})
	want := []string{"sk-openai-value", "ghp-value", "custom-value"}
	if !slices.Equal(got, want) {
		t.Errorf("SecretValues(env) = %q, want %q", got, want)
	}
}

// A command's whole output is saved when it is cut; secrets in it must not
// reach that file, whether they are the values of secret variables or look
// like tokens, even when a write splits them.
func TestSavedOutputIsRedacted(t *testing.T) {
	t.Parallel()
	const envSecret = "plain-looking-secret-value-42"
	const token = "ghp_0123456789abcdefABCDEF012345"
	r := newTestRegistry(t, func(c *Config, o *Options) {
		c.OutputHeadBytes, c.OutputTailBytes = 1024, 1024
		o.Env = append(slices.Clone(testEnv), "SERVICE_PASSWORD="+envSecret)
	})
	cmd := `for i in $(seq 1 3000); do printf 'line %d ' "$i"; printf '%s and ' 'plain-looking-secret''-value-42'; printf 'ghp_%s\n' 0123456789abcdefABCDEF012345; done`
	res := runCall(t, r, "shell", shellArgsJSON(cmd, 0))
	if res.OutputFile == "" {
		t.Fatalf("output was not saved: %s", res.Output)
	}
	saved, err := os.ReadFile(res.OutputFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{envSecret, token} {
		if strings.Contains(string(saved), secret) {
			t.Errorf("the saved output holds %q", secret)
		}
	}
	if n := strings.Count(string(saved), "[REDACTED]"); n != 6000 {
		t.Errorf("the saved output has %d redactions, want 6000 (two per line)", n)
	}
}
