// Package anthropictest is a fake Anthropic Messages API for tests: it
// plays an llmtest.Script as the real server-sent events (message_start,
// content_block_start / _delta / _stop, message_delta, message_stop) on a
// loopback port, records every request, and injects the faults the script
// asks for.
package anthropictest

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
// format's routes. SetModels sets what GET /v1/models lists (default:
// llmtest.Model). Its methods are safe for concurrent use.
type Server struct {
	*llmtest.FakeServer
	player *llmtest.Player
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
	s := &Server{FakeServer: core, player: core.Player()}
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

// messages answers one messages request from the script.
func (s *Server) messages(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	if r.Header.Get("anthropic-version") == "" {
		s.reject(w, "anthropic-version: header is required")
		return
	}
	var wreq messagesRequest
	if err := json.Unmarshal(body, &wreq); err != nil {
		s.reject(w, fmt.Sprintf("invalid JSON body: %v", err))
		return
	}
	req, err := wreq.decode(body, r.Header)
	if err == nil {
		err = req.Validate()
	}
	var bps []Breakpoint
	if err == nil {
		bps, err = Breakpoints(body)
	}
	if err != nil {
		s.player.Record(req)
		s.reject(w, err.Error())
		return
	}
	if msg := wreq.thinkingProblem(); msg != "" {
		// As the API answers it; a test may mean it.
		s.player.Record(req)
		writeError(w, llmtest.Fault{Status: http.StatusBadRequest, Message: msg}, wreq.Model)
		return
	}
	n, turn, fault, ok := s.player.Play(req)
	if wreq.thinkingDisabled() {
		turn.Reasoning = ""
	}
	switch {
	case !ok:
		s.reject(w, fmt.Sprintf("fake server: the script has no turn %d (the request holds %d assistant messages)", n, n))
		return
	case !wreq.Stream:
		s.reject(w, "fake server: only streaming requests are supported")
		return
	case fault.Failing():
		writeError(w, fault, wreq.Model)
		return
	}
	usage := llmtest.EstimateUsage(req, turn)
	if turn.Usage == (llm.Usage{}) {
		// What the API reports when the request's breakpoints meet
		// prefixes that earlier requests wrote.
		usage.CachedInputTokens, usage.CacheWriteTokens = s.cache.use(bps, usage.InputTokens)
	}
	stream(w, r, events(turn, fault, n, wreq.Model, usage), fault)
}

// reject answers 400 the way the API does and reports it to the test.
func (s *Server) reject(w http.ResponseWriter, msg string) {
	s.Report(msg)
	writeError(w, llmtest.Fault{Status: http.StatusBadRequest, Message: msg}, "")
}

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
