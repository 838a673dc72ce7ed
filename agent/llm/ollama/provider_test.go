package ollama_test

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/ollama"
	"github.com/agentcli/agent/agent/llm/ollama/ollamatest"
)

func hello() llm.Request {
	return llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}
}

func TestDefaultBaseURL(t *testing.T) {
	tests := []struct {
		env, want string
	}{
		{env: "", want: "http://127.0.0.1:11434"},
		{env: "0.0.0.0", want: "http://0.0.0.0:11434"},
		{env: "gpu-box:9999", want: "http://gpu-box:9999"},
		{env: "https://ollama.example.com", want: "https://ollama.example.com:443"},
	}
	for _, tt := range tests {
		t.Run("OLLAMA_HOST="+tt.env, func(t *testing.T) {
			t.Setenv("OLLAMA_HOST", tt.env)
			if got := ollama.DefaultBaseURL(); got != tt.want {
				t.Errorf("DefaultBaseURL() with OLLAMA_HOST=%q = %q, want %q", tt.env, got, tt.want)
			}
		})
	}
}

func TestNew(t *testing.T) {
	if _, err := ollama.New(ollama.Options{BaseURL: "http://127.0.0.1:1"}); !errors.Is(err, llm.ErrNoModel) {
		t.Errorf("New() without a model error = %v, want %v", err, llm.ErrNoModel)
	}
	if _, err := ollama.New(ollama.Options{Model: "m", BaseURL: "127.0.0.1:11434"}); !errors.Is(err, llm.ErrBadBaseURL) {
		t.Errorf("New() with a bare host:port error = %v, want %v", err, llm.ErrBadBaseURL)
	}
	p, err := ollama.New(ollama.Options{Model: "qwen3"})
	if err != nil || p.Name() != "ollama" || p.Model() != "qwen3" {
		t.Errorf("New() = %v, %v; want a provider named ollama for qwen3", p, err)
	}
}

// TestMessagesSayWhatToRun checks the two failures people meet first.
func TestMessagesSayWhatToRun(t *testing.T) {
	srv := ollamatest.NewServer(t, llmtest.Script{{Fault: llmtest.Fault{Status: http.StatusNotFound}}})
	_, err := newProvider(t, srv.URL()).Stream(t.Context(), hello(), nil)
	if llm.KindOf(err) != llm.KindModelNotFound || !strings.Contains(err.Error(), "`ollama pull test-model`") {
		t.Errorf("missing model: error = %v, want a model-not-found error saying `ollama pull test-model`", err)
	}

	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	_, err = newProvider(t, "http://"+addr).Stream(t.Context(), hello(), nil)
	if llm.KindOf(err) != llm.KindUnreachable || !strings.Contains(err.Error(), "`ollama serve`") || !strings.Contains(err.Error(), addr) {
		t.Errorf("no server: error = %v, want an unreachable error naming %s and `ollama serve`", err, addr)
	}
}

// TestRequestShape checks what the conformance suite cannot see: the
// context window option, and arguments that are not an object sent back
// as an empty object, since Ollama refuses anything else.
func TestRequestShape(t *testing.T) {
	srv := ollamatest.NewServer(t, llmtest.Script{{}, llmtest.Say("ok")})
	p, err := ollama.New(ollama.Options{BaseURL: srv.URL(), Model: llmtest.Model, ContextLength: 32768})
	if err != nil {
		t.Fatal(err)
	}
	req := hello()
	req.Messages = append(req.Messages,
		llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "read_file", Args: `{"path": "a.txt"`}}},
		llm.Message{Role: llm.RoleTool, ToolCallID: "c1", ToolName: "read_file", Content: "invalid JSON arguments"},
	)
	if _, err := p.Stream(t.Context(), req, nil); err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	body := string(srv.Requests()[0].Body)
	for _, want := range []string{`"num_ctx":32768`, `"truncate":false`, `"arguments":{}`, `"stream":true`} {
		if !strings.Contains(body, want) {
			t.Errorf("request body %s\ndoes not contain %s", body, want)
		}
	}
}

// TestArgumentOrder checks that arguments keep the order the model wrote
// them in, so what is shown and classified reads as the model meant it.
func TestArgumentOrder(t *testing.T) {
	srv := ollamatest.NewServer(t, llmtest.Script{llmtest.Use(llmtest.UseTool("run", `{"command":"ls","cwd":"src","args":["-l","-a"]}`))})
	resp, err := newProvider(t, srv.URL()).Stream(t.Context(), hello(), nil)
	if err != nil {
		t.Fatalf("Stream() error = %v", err)
	}
	if got, want := resp.Message.ToolCalls[0].Args, `{"command":"ls","cwd":"src","args":["-l","-a"]}`; got != want {
		t.Errorf("Args = %s, want %s", got, want)
	}
}

// TestEmptyErrorBody checks that an error status with no body, which the
// library reports as no error at all, is still an error.
func TestEmptyErrorBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	_, err := newProvider(t, srv.URL).Stream(t.Context(), hello(), nil)
	if k := llm.KindOf(err); k != llm.KindServer || !strings.Contains(err.Error(), "502") {
		t.Errorf("Stream() error = %v (kind %q), want a server error naming 502", err, k)
	}
}

func TestModels(t *testing.T) {
	srv := ollamatest.NewServer(t, nil)
	srv.SetModels("qwen3:8b", "llama3.2:latest")
	got, err := newProvider(t, srv.URL()).Models(t.Context())
	if err != nil {
		t.Fatalf("Models() error = %v", err)
	}
	if want := []string{"llama3.2:latest", "qwen3:8b"}; !slices.Equal(got, want) {
		t.Errorf("Models() = %q, want %q", got, want)
	}
}
