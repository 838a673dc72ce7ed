package wire

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestSlotRecordsResponse(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	given := &http.Client{}
	c := HTTPClient(given, 0)
	if given.Transport != nil {
		t.Errorf("HTTPClient changed the client it was given")
	}
	ctx, slot := WithSlot(t.Context())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if slot.Status != http.StatusTooManyRequests || slot.Header.Get("Retry-After") != "3" {
		t.Errorf("slot = %d %v, want 429 with Retry-After 3", slot.Status, slot.Header)
	}
}

func TestDefaultClientHasNoOverallTimeout(t *testing.T) {
	c := HTTPClient(nil, 0)
	if c.Timeout != 0 {
		t.Errorf("Timeout = %v, want none: a stream may last minutes", c.Timeout)
	}
	idle := c.Transport.(captureTransport).base.(idleTransport)
	if idle.idle != DefaultIdleTimeout {
		t.Errorf("idle timeout = %v, want %v", idle.idle, DefaultIdleTimeout)
	}
	if tr := idle.base.(*http.Transport); tr.TLSHandshakeTimeout == 0 {
		t.Errorf("transport lacks a TLS timeout: %+v", tr)
	}
}
