package wire

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

func TestNewEndpoint(t *testing.T) {
	tests := []struct {
		name, model, baseURL string
		want                 Endpoint
		wantErr              error
	}{
		{name: "p", model: "m", baseURL: "http://127.0.0.1:1/v1/", want: Endpoint{Provider: "p", BaseURL: "http://127.0.0.1:1/v1", Model: "m", KeyEnv: "K", KeySet: true}},
		{name: "p", model: "", baseURL: "http://127.0.0.1:1", wantErr: llm.ErrNoModel},
		{name: "p", model: "m", baseURL: "127.0.0.1:1", wantErr: llm.ErrBadBaseURL},
	}
	for _, tt := range tests {
		got, err := NewEndpoint(tt.name, tt.model, tt.baseURL, "K", true)
		if tt.wantErr != nil {
			if !errors.Is(err, tt.wantErr) || !strings.HasPrefix(err.Error(), tt.name+": ") {
				t.Errorf("NewEndpoint(%q, %q) error = %v, want %v naming the provider", tt.model, tt.baseURL, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("NewEndpoint(%q, %q) = %+v, %v, want %+v", tt.model, tt.baseURL, got, err, tt.want)
		}
	}
}

func TestStreamFailure(t *testing.T) {
	at := Endpoint{Provider: "p", BaseURL: "http://127.0.0.1:1", Model: "m", KeySet: true}
	slot := &Slot{Header: http.Header{"Retry-After": {"7"}}}
	e := at.StreamFailure(slot, "slow down", "rate_limit_error")
	if e.Kind != llm.KindRateLimit || e.Provider != "p" || e.RetryAfter.Seconds() != 7 || !strings.Contains(e.Msg, "slow down") {
		t.Errorf("StreamFailure = %+v, want a rate limit from p, retry after 7s, with the server's words", e)
	}
	if e.Err == nil || e.Err.Error() != "slow down" {
		t.Errorf("StreamFailure's cause = %v, want the server's message", e.Err)
	}
}

func TestNames(t *testing.T) {
	type model struct{ id string }
	got := Names([]model{{"b"}, {"a"}}, func(m model) string { return m.id })
	if !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("Names = %q, want [b a] in order", got)
	}
	if got := Names([]model(nil), func(m model) string { return m.id }); got == nil || len(got) != 0 {
		t.Errorf("Names(nil) = %#v, want an empty list", got)
	}
}
