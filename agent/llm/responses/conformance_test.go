package responses_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/responses"
	"github.com/agentcli/agent/agent/llm/responses/responsestest"
)

// harness runs the shared conformance suite against this adapter and its
// fake.
var harness = llmtest.Harness{
	Serve:     func(t testing.TB, s llmtest.Script) llmtest.Server { return responsestest.NewServer(t, s) },
	Connect:   func(t testing.TB, baseURL string, o llmtest.Options) llm.Provider { return newProvider(t, baseURL, o) },
	URLSuffix: "/v1",
	Caps:      llmtest.Caps{RawArgs: true, Auth: true, CachedUsage: true, ReasoningUsage: true},
}

func TestConformance(t *testing.T) { llmtest.RunConformance(t, harness) }

// newProvider returns the adapter configured the way the suite expects,
// with the suite's options when given.
func newProvider(t testing.TB, baseURL string, opts ...llmtest.Options) *responses.Provider {
	t.Helper()
	var o llmtest.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	p, err := responses.New(responses.Options{
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
