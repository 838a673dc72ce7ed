package wire

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm"
)

// silent returns a server whose handler, after what before writes, sends
// nothing until the client hangs up.
func silent(t *testing.T, before func(w http.ResponseWriter)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if before != nil {
			before(w)
		}
		<-r.Context().Done()
	}))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv
}

func TestIdleTimeoutCutsASilentServer(t *testing.T) {
	const idle = 200 * time.Millisecond
	cases := []struct {
		name   string
		before func(w http.ResponseWriter)
	}{
		{name: "no headers at all", before: nil},
		{name: "headers, then silence", before: func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
		}},
		{name: "a first event, then silence", before: func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: {}\n\n")
			w.(http.Flusher).Flush()
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := silent(t, tc.before)
			start := time.Now()
			resp, err := HTTPClient(nil, idle).Get(srv.URL)
			if err == nil {
				_, err = io.ReadAll(resp.Body)
				resp.Body.Close()
			}
			if took := time.Since(start); took > 10*idle {
				t.Errorf("the request gave up after %v, want about %v", took, idle)
			}
			if _, ok := errors.AsType[*IdleError](err); !ok {
				t.Fatalf("error = %v (%T), want an *IdleError", err, err)
			}
			if k := TransportKind(err); k != llm.KindInterrupted {
				t.Errorf("TransportKind(%v) = %q, want %q", err, k, llm.KindInterrupted)
			}
		})
	}
}

func TestIdleTimeoutSparesASlowButLiveStream(t *testing.T) {
	const idle = 300 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 6 { // 6 × 100ms: twice the idle timeout in all
			io.WriteString(w, "x")
			w.(http.Flusher).Flush()
			time.Sleep(idle / 3)
		}
	}))
	defer srv.Close()
	resp, err := HTTPClient(nil, idle).Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || string(body) != "xxxxxx" {
		t.Errorf("ReadAll = %q, %v, want the whole slow body", body, err)
	}
}
