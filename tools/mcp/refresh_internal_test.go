package mcp

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// A server that floods notifications/tools/list_changed costs one
// tools/list request at a time, not one per notification.
func TestListChangedFloodsAreCoalesced(t *testing.T) {
	var lists atomic.Int64
	h := mcptest.New(nil).Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"method":"tools/list"`)) {
			lists.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	m := Start(t.Context(), Config{"notes": {URL: hs.URL}}, Options{Root: t.TempDir()})
	t.Cleanup(func() { m.Close() })
	s := m.servers[0]
	if s.state != StateReady {
		t.Fatalf("state = %s (%v)", s.state, s.err)
	}
	before := lists.Load()
	for range 500 {
		s.toolsChanged(t.Context(), nil)
	}
	s.refreshes.Wait()
	n := lists.Load() - before
	if n < 1 || n > 5 {
		t.Errorf("500 list_changed notifications made %d tools/list requests, want between 1 and 5", n)
	}
	if len(m.Specs()) == 0 {
		t.Errorf("the tools are gone after the refreshes")
	}
}
