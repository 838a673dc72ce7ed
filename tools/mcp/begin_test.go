package mcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/agentcli/agent/tools/mcp"
	"github.com/agentcli/agent/tools/mcp/mcptest"
)

// Begin returns while a server is still starting (here it answers nothing
// until the test lets it): Status says so, Wait gives up with its ctx,
// and Specs waits for the server, then offers its tools.
func TestBeginReturnsWhileTheServersStart(t *testing.T) {
	h := mcptest.New(nil).Handler()
	gate := make(chan struct{})
	var once sync.Once
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	t.Cleanup(func() { once.Do(func() { close(gate) }) })
	m := mcp.Begin(t.Context(), mcp.Config{"docs": {URL: hs.URL}}, mcp.Options{Root: t.TempDir(), StateDir: t.TempDir(), Getenv: func(string) string { return "" }})
	t.Cleanup(func() { m.Close() })

	if st := status(t, m, "docs"); st.State != mcp.StateStarting {
		t.Fatalf("right after Begin docs is %s, want starting", st.State)
	}
	if p := m.Problems(); len(p) != 0 {
		t.Errorf("Problems() = %q while starting, want none yet", p)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := m.Wait(ctx); err == nil {
		t.Error("Wait with a cancelled ctx returned nil while the server starts")
	}

	once.Do(func() { close(gate) })
	specs := m.Specs()
	if len(specs) == 0 {
		t.Fatal("Specs() after the start offers no tools")
	}
	if err := m.Wait(t.Context()); err != nil {
		t.Errorf("Wait after Specs = %v", err)
	}
	if st := status(t, m, "docs"); st.State != mcp.StateReady {
		t.Errorf("docs = %s (%s), want ready", st.State, st.Err)
	}
}
