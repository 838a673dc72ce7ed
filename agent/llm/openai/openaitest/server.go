// Package openaitest is a fake OpenAI chat completions server for tests:
// it plays an llmtest.Script over real SSE on a loopback port, records
// every request, and injects the faults the script asks for. The agent's
// end-to-end tests point the real binary at URL().
package openaitest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Server is a running fake: an llmtest.FakeServer with this wire
// format's routes. SetModels sets what GET /v1/models lists (default:
// llmtest.Model). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
	mu     sync.Mutex
	flavor Flavor
}

// SetFlavor makes the fake play flavor f's additions to the format (the
// default is Plain).
func (s *Server) SetFlavor(f Flavor) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flavor = f
}

// NewServer starts a fake playing script on a loopback port and closes it
// when t's test ends. A request the script has no turn for, or one whose
// conversation a real server would reject (a tool call without its
// result), is answered with 400 and reported with t.Errorf.
func NewServer(t testing.TB, script llmtest.Script) *Server {
	t.Helper()
	s := Start(script)
	s.ReportTo(t)
	return s
}

// Start starts a fake outside a test (say, in a process of its own);
// problems are only answered with 400. Call Close when done.
func Start(script llmtest.Script) *Server {
	core := llmtest.NewFakeServer("openaitest", script, llmtest.Model)
	s := &Server{FakeServer: core}
	core.Serve(s.Handler())
	return s
}

// URL returns the base URL to configure, ending in /v1.
func (s *Server) URL() string { return s.Address() + "/v1" }

// Handler returns the fake's routes, for serving it some other way.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chat)
	mux.HandleFunc("GET /v1/models", s.listModels)
	return mux
}

// chat answers one chat completion request from the script.
func (s *Server) chat(w http.ResponseWriter, r *http.Request) { s.Answer(w, r, wire{s}) }

// wire is the fake's wire format, for llmtest.FakeServer.Answer.
type wire struct{ s *Server }

// Read implements llmtest.Wire.
func (x wire) Read(r *http.Request, body []byte) (llmtest.Exchange, error) {
	var wreq chatRequest
	if err := json.Unmarshal(body, &wreq); err != nil {
		return llmtest.Exchange{}, fmt.Errorf("We could not parse the JSON body of your request: %v", err)
	}
	req, err := wreq.decode(body, r.Header)
	if err == nil {
		err = req.Validate()
	}
	if msg := wreq.reasoningProblem(); err == nil && msg != "" {
		err = errors.New(msg)
	}
	x.s.mu.Lock()
	flavor := x.s.flavor
	x.s.mu.Unlock()
	var lost string
	switch flavor {
	case OpenRouter:
		lost = lostDetails(x.s.Player().Script(), wreq.Messages)
	case Gemini:
		lost = lostSignature(wreq.Messages)
	default:
		lost = missingReasoning(x.s.Player().Script(), wreq.Messages)
	}
	if wreq.thinksOff() {
		// A model that does not think needs no thinking back.
		lost = ""
	}
	return llmtest.Exchange{
		Request: req, Model: wreq.Model, Problem: err,
		// A thinking model's history without its thinking: the request
		// is wrong, as the real server says, but a test may mean it.
		Refusal:      lost,
		NotStreaming: !wreq.Stream,
		ThinkingOff:  wreq.thinksOff(),
		Reply: func(n int, turn llmtest.Turn, f llmtest.Fault, usage llm.Usage) llmtest.Stream {
			includeUsage := wreq.StreamOptions != nil && wreq.StreamOptions.IncludeUsage
			var events []llmtest.Event
			for _, p := range payloads(n, turn, f, wreq.Model, usage, includeUsage, flavor) {
				events = append(events, llmtest.Event{Data: p})
			}
			return llmtest.Stream{
				ContentType: "text/event-stream; charset=utf-8",
				Header:      http.Header{"Cache-Control": {"no-cache"}},
				Events:      events,
			}
		},
	}, nil
}

// WriteError implements llmtest.Wire.
func (wire) WriteError(w http.ResponseWriter, f llmtest.Fault, model string) { WriteError(w, f, model) }

// listModels answers GET /v1/models.
func (s *Server) listModels(w http.ResponseWriter, r *http.Request) {
	if apiKey(r.Header) != llmtest.APIKey {
		// As the API does: a wrong or missing key is refused.
		WriteError(w, llmtest.Fault{Status: http.StatusUnauthorized}, "")
		return
	}
	ids := s.Models()
	type model struct {
		ID      string `json:"id"`
		Object  string `json:"object"`
		Created int64  `json:"created"`
		OwnedBy string `json:"owned_by"`
	}
	list := struct {
		Object string  `json:"object"`
		Data   []model `json:"data"`
	}{Object: "list", Data: []model{}}
	for _, id := range ids {
		list.Data = append(list.Data, model{ID: id, Object: "model", Created: 1700000000, OwnedBy: "fake"})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(list)
}

// apiKey returns the bearer token of a request.
func apiKey(h http.Header) string {
	return strings.TrimPrefix(h.Get("Authorization"), "Bearer ")
}
