// Package anthropictest is a fake Anthropic Messages API for tests: it
// plays an llmtest.Script as the real server-sent events (message_start,
// content_block_start / _delta / _stop, message_delta, message_stop) on a
// loopback port, records every request, and injects the faults the script
// asks for.
package anthropictest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// Server is a running fake: an llmtest.FakeServer with this wire
// format's routes. SetModels sets what GET /v1/models lists (default:
// llmtest.Model). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
	// cache is the prompt cache the request's breakpoints read and write.
	cache promptCache
}

// NewServer starts a fake playing script on a loopback port and closes it
// when t's test ends. A request the script has no turn for, or one the
// real API would refuse (a tool_use without its tool_result, an empty
// text block, no max_tokens, more than four cache_control breakpoints or
// one of the wrong form), is answered with 400 and reported with
// t.Errorf. Breakpoints that meet prefixes earlier requests marked are
// reported as cache reads, the rest up to the last breakpoint as cache
// writes, as the API does.
func NewServer(t testing.TB, script llmtest.Script) *Server {
	t.Helper()
	s := Start(script)
	s.ReportTo(t)
	return s
}

// Start starts a fake outside a test; problems are only answered with
// 400. Call Close when done.
func Start(script llmtest.Script) *Server {
	core := llmtest.NewFakeServer("anthropictest", script, llmtest.Model)
	s := &Server{FakeServer: core}
	core.Serve(s.Handler())
	return s
}

// URL returns the base URL to configure (what ANTHROPIC_BASE_URL would
// hold), without /v1.
func (s *Server) URL() string { return s.Address() }

// Handler returns the fake's routes, for serving it some other way.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/messages", s.messages)
	mux.HandleFunc("GET /v1/models", s.listModels)
	return mux
}

// messages answers one Messages API request from the script.
func (s *Server) messages(w http.ResponseWriter, r *http.Request) { s.Answer(w, r, wire{s}) }

// wire is the fake's wire format, for llmtest.FakeServer.Answer.
type wire struct{ s *Server }

// Read implements llmtest.Wire.
func (x wire) Read(r *http.Request, body []byte) (llmtest.Exchange, error) {
	if r.Header.Get("anthropic-version") == "" {
		return llmtest.Exchange{}, errors.New("anthropic-version: header is required")
	}
	var wreq messagesRequest
	if err := json.Unmarshal(body, &wreq); err != nil {
		return llmtest.Exchange{}, fmt.Errorf("invalid JSON body: %v", err)
	}
	req, err := wreq.decode(body, r.Header)
	if err == nil {
		err = req.Validate()
	}
	var bps []Breakpoint
	if err == nil {
		bps, err = Breakpoints(body)
	}
	return llmtest.Exchange{
		Request: req, Model: wreq.Model, Problem: err,
		Refusal:      wreq.thinkingProblem(),
		NotStreaming: !wreq.Stream,
		ThinkingOff:  wreq.thinkingDisabled(),
		Reply: func(n int, turn llmtest.Turn, f llmtest.Fault, usage llm.Usage) llmtest.Stream {
			if turn.Usage == (llm.Usage{}) {
				// What the API reports when the request's breakpoints
				// meet prefixes that earlier requests wrote.
				usage.CachedInputTokens, usage.CacheWriteTokens = x.s.cache.use(bps, usage.InputTokens)
			}
			return llmtest.Stream{
				ContentType: "text/event-stream; charset=utf-8",
				Header:      http.Header{"Cache-Control": {"no-cache"}, "Request-Id": {"req_fake"}},
				Events:      events(turn, f, n, wreq.Model, usage),
			}
		},
	}, nil
}

// WriteError implements llmtest.Wire.
func (wire) WriteError(w http.ResponseWriter, f llmtest.Fault, model string) { writeError(w, f, model) }

// listModels answers GET /v1/models with a single page.
func (s *Server) listModels(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Api-Key") != llmtest.APIKey {
		// As the API does: a wrong or missing key is refused.
		writeError(w, llmtest.Fault{Status: http.StatusUnauthorized}, "")
		return
	}
	ids := s.Models()
	type model struct {
		Type        string `json:"type"`
		ID          string `json:"id"`
		DisplayName string `json:"display_name"`
		CreatedAt   string `json:"created_at"`
	}
	page := struct {
		Data    []model `json:"data"`
		HasMore bool    `json:"has_more"`
		FirstID *string `json:"first_id"`
		LastID  *string `json:"last_id"`
	}{Data: []model{}}
	for _, id := range ids {
		page.Data = append(page.Data, model{Type: "model", ID: id, DisplayName: id, CreatedAt: "2025-01-01T00:00:00Z"})
	}
	if len(ids) > 0 {
		page.FirstID, page.LastID = &ids[0], &ids[len(ids)-1]
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(page)
}
