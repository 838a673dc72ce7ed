package anthropic_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/anthropic"
	"github.com/agentcli/agent/agent/llm/anthropic/anthropictest"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// harness runs the shared conformance suite against this adapter and its
// fake. Anthropic streams arguments in fragments, one block at a time,
// and carries the error flag of tool results.
var harness = llmtest.Harness{
	Serve:   func(t testing.TB, s llmtest.Script) llmtest.Server { return anthropictest.NewServer(t, s) },
	Connect: func(t testing.TB, baseURL string, o llmtest.Options) llm.Provider { return newProvider(t, baseURL, o) },
	Caps:    llmtest.Caps{RawArgs: true, ErrorFlag: true, Auth: true, CachedUsage: true, CacheWriteUsage: true},
}

func TestConformance(t *testing.T) { llmtest.RunConformance(t, harness) }

// newProvider returns the adapter configured the way the suite expects,
// with the suite's options when given.
func newProvider(t testing.TB, baseURL string, opts ...llmtest.Options) *anthropic.Provider {
	var o llmtest.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	t.Helper()
	p, err := anthropic.New(anthropic.Options{
		Name:        "fake",
		BaseURL:     baseURL,
		APIKey:      llmtest.APIKey,
		APIKeyEnv:   llmtest.APIKeyEnv,
		Model:       llmtest.Model,
		IdleTimeout: o.IdleTimeout,
	})
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	return p
}

func BenchmarkStream(b *testing.B) { llmtest.BenchmarkStream(b, harness) }
