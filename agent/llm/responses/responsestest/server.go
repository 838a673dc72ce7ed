// Package responsestest is a fake OpenAI Responses API server for tests:
// it plays an llmtest.Script over real server-sent events on a loopback
// port, with the event names and order the API sends, records every
// request, injects the faults the script asks for, and refuses what the
// real API refuses (a function output without its call, a call without
// its output, a reasoning item that cannot be verified). The agent's
// end-to-end tests point the real binary at URL().
package responsestest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Server is a running fake: an llmtest.FakeServer with this wire
// format's routes. SetModels sets what GET /v1/models lists (default:
// llmtest.Model). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
}

// NewServer starts a fake playing script on a loopback port and closes it
// when t's test ends. A request the script has no turn for, or one the
// real API would refuse, is answered with the API's error and reported
// with t.Errorf.
func NewServer(t testing.TB, script llmtest.Script) *Server {
	t.Helper()
	s := Start(script)
	s.ReportTo(t)
	return s
}

// Start starts a fake outside a test (say, in a process of its own);
// problems are only answered with the API's error. Call Close when done.
func Start(script llmtest.Script) *Server {
	core := llmtest.NewFakeServer("responsestest", script, llmtest.Model)
	s := &Server{FakeServer: core}
	core.Serve(s.Handler())
	return s
}

// URL returns the base URL to configure, ending in /v1.
func (s *Server) URL() string { return s.Address() + "/v1" }

// Handler returns the fake's routes, for serving it some other way.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/responses", s.respond)
	mux.HandleFunc("GET /v1/models", s.listModels)
	return mux
}

// respond answers one POST /v1/responses from the script.
func (s *Server) respond(w http.ResponseWriter, r *http.Request) { s.Answer(w, r, wire{}) }

// wire is the fake's wire format, for llmtest.FakeServer.Answer.
type wire struct{}

// Read implements llmtest.Wire.
func (wire) Read(r *http.Request, body []byte) (llmtest.Exchange, error) {
	var wreq request
	if err := json.Unmarshal(body, &wreq); err != nil {
		return llmtest.Exchange{}, fmt.Errorf("We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. %v)", err)
	}
	req, status, err := wreq.decode(body, r.Header)
	return llmtest.Exchange{
		Request: req, Model: wreq.Model, Problem: err, ProblemStatus: status,
		NotStreaming: !wreq.Stream,
		ThinkingOff:  wreq.Reasoning != nil && wreq.Reasoning.Effort == "none",
		Reply: func(n int, turn llmtest.Turn, f llmtest.Fault, usage llm.Usage) llmtest.Stream {
			return llmtest.Stream{
				ContentType: "text/event-stream; charset=utf-8",
				Header:      http.Header{"Cache-Control": {"no-cache"}},
				Events:      events(n, turn, f, wreq, usage),
			}
		},
	}, nil
}

// WriteError implements llmtest.Wire.
func (wire) WriteError(w http.ResponseWriter, f llmtest.Fault, model string) { writeError(w, f, model) }

// listModels answers GET /v1/models.
func (s *Server) listModels(w http.ResponseWriter, r *http.Request) {
	if apiKey(r.Header) != llmtest.APIKey {
		writeError(w, llmtest.Fault{Status: http.StatusUnauthorized}, "")
		return
	}
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
	for _, id := range s.Models() {
		list.Data = append(list.Data, model{ID: id, Object: "model", Created: 1700000000, OwnedBy: "fake"})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(list)
}

// apiKey returns the bearer token of a request.
func apiKey(h http.Header) string {
	return strings.TrimPrefix(h.Get("Authorization"), "Bearer ")
}
