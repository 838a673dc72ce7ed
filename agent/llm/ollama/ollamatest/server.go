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

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Server is a running fake: an llmtest.FakeServer with this wire
// format's routes. SetModels sets what GET /api/tags lists (default:
// llmtest.Model + ":latest"). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
	player *llmtest.Player
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
	s := &Server{FakeServer: core, player: core.Player()}
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
func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	var wreq chatRequest
	if err := json.Unmarshal(body, &wreq); err != nil {
		s.reject(w, fmt.Sprintf("invalid request: %v", err))
		return
	}
	req, err := wreq.decode(body)
	if err == nil {
		err = req.Validate()
	}
	if err != nil {
		s.player.Record(req)
		s.reject(w, err.Error())
		return
	}
	if msg := wreq.thinkProblem(); msg != "" {
		// As Ollama answers it; a test may mean it.
		s.player.Record(req)
		writeError(w, llmtest.Fault{Status: http.StatusBadRequest, Message: msg}, wreq.Model)
		return
	}
	n, turn, fault, ok := s.player.Play(req)
	if wreq.thinksOff() {
		turn.Reasoning = ""
	}
	switch {
	case !ok:
		s.reject(w, fmt.Sprintf("fake server: the script has no turn %d (the request holds %d assistant messages)", n, n))
		return
	case wreq.Stream != nil && !*wreq.Stream:
		s.reject(w, "fake server: only streaming requests are supported")
		return
	case fault.Failing():
		writeError(w, fault, wreq.Model)
		return
	}
	stream(w, r, lines(turn, fault, n, wreq.Model, llmtest.EstimateUsage(req, turn)), fault)
}

// reject answers 400 the way Ollama does and reports it to the test.
func (s *Server) reject(w http.ResponseWriter, msg string) {
	s.Report(msg)
	writeError(w, llmtest.Fault{Status: http.StatusBadRequest, Message: msg}, "")
}

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
