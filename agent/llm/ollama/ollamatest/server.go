// Package ollamatest is a fake Ollama server for tests: it plays an
// llmtest.Script over Ollama's real NDJSON chat stream on a loopback port,
// records every request, lists models, and injects the faults the script
// asks for.
package ollamatest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Server is a running fake: an llmtest.FakeServer with this wire
// format's routes. SetModels sets what GET /api/tags lists (default:
// llmtest.Model + ":latest"). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
}

// NewServer starts a fake playing script on a loopback port and closes it
// when t's test ends. A request the script has no turn for, or one whose
// conversation a real server would choke on (a tool call without its
// result), is answered with 400 and reported with t.Errorf.
func NewServer(t testing.TB, script llmtest.Script) *Server {
	t.Helper()
	s := Start(script)
	s.ReportTo(t)
	return s
}

// Start starts a fake outside a test; problems are only answered with
// 400. Call Close when done.
func Start(script llmtest.Script) *Server {
	core := llmtest.NewFakeServer("ollamatest", script, llmtest.Model+":latest")
	s := &Server{FakeServer: core}
	core.Serve(s.Handler())
	return s
}

// URL returns the base URL to configure (what OLLAMA_HOST would hold).
func (s *Server) URL() string { return s.Address() }

// Handler returns the fake's routes, for serving it some other way.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/chat", s.chat)
	mux.HandleFunc("GET /api/tags", s.tags)
	mux.HandleFunc("GET /api/version", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"version":"0.17.4"}`)
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "Ollama is running")
	})
	return mux
}

// chat answers one chat request from the script.
func (s *Server) chat(w http.ResponseWriter, r *http.Request) { s.Answer(w, r, wire{}) }

// wire is the fake's wire format, for llmtest.FakeServer.Answer.
type wire struct{}

// Read implements llmtest.Wire.
func (wire) Read(r *http.Request, body []byte) (llmtest.Exchange, error) {
	var wreq chatRequest
	if err := json.Unmarshal(body, &wreq); err != nil {
		return llmtest.Exchange{}, fmt.Errorf("invalid request: %v", err)
	}
	req, err := wreq.decode(body)
	return llmtest.Exchange{
		Request: req, Model: wreq.Model, Problem: err,
		Refusal:      wreq.thinkProblem(),
		NotStreaming: wreq.Stream != nil && !*wreq.Stream,
		ThinkingOff:  wreq.thinksOff(),
		Reply: func(n int, turn llmtest.Turn, f llmtest.Fault, usage llm.Usage) llmtest.Stream {
			var events []llmtest.Event
			for _, l := range lines(turn, f, n, wreq.Model, usage) {
				events = append(events, llmtest.Event{Data: l})
			}
			return llmtest.Stream{ContentType: "application/x-ndjson", Events: events, NDJSON: true}
		},
	}, nil
}

// WriteError implements llmtest.Wire.
func (wire) WriteError(w http.ResponseWriter, f llmtest.Fault, model string) { writeError(w, f, model) }

// tags answers GET /api/tags, the list of pulled models.
func (s *Server) tags(w http.ResponseWriter, r *http.Request) {
	names := s.Models()
	type model struct {
		Name       string `json:"name"`
		Model      string `json:"model"`
		ModifiedAt string `json:"modified_at"`
		Size       int64  `json:"size"`
		Digest     string `json:"digest"`
	}
	list := struct {
		Models []model `json:"models"`
	}{Models: []model{}}
	for _, n := range names {
		list.Models = append(list.Models, model{Name: n, Model: n, ModifiedAt: "2025-01-01T00:00:00Z", Size: 4_000_000_000, Digest: "0123456789abcdef"})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(list)
}
