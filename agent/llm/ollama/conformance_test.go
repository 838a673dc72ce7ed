package ollama_test

import (
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
)

// harness runs the shared conformance suite against this adapter and its
// fake. Ollama sends whole calls with object arguments, carries the tool
// name with results, and takes no key.
var harness = llmtest.Harness{
	Serve:   func(t testing.TB, s llmtest.Script) llmtest.Server { return ollamatest.NewServer(t, s) },
	Connect: func(t testing.TB, baseURL string, o llmtest.Options) llm.Provider { return newProvider(t, baseURL, o) },
	Caps:    llmtest.Caps{ToolName: true},
}

func TestConformance(t *testing.T) { llmtest.RunConformance(t, harness) }

// newProvider returns the adapter configured the way the suite expects,
// with the suite's options when given.
func newProvider(t testing.TB, baseURL string, opts ...llmtest.Options) *ollama.Provider {
	var o llmtest.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	t.Helper()
	p, err := ollama.New(ollama.Options{Name: "fake", BaseURL: baseURL, Model: llmtest.Model, IdleTimeout: o.IdleTimeout})
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	return p
}

func BenchmarkStream(b *testing.B) { llmtest.BenchmarkStream(b, harness) }
