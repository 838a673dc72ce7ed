package llmtest

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

// plainWire is a wire format of one line: the body is the user's message,
// "!" before it a problem, "?" a refusal, "-" a request not to stream;
// errors are "status: message", and the reply streams as NDJSON lines.
type plainWire struct{}

func (plainWire) Read(r *http.Request, body []byte) (Exchange, error) {
	text := string(body)
	if text == "" {
		return Exchange{}, errors.New("empty body")
	}
	ex := Exchange{Request: Request{Model: "m", Messages: []llm.Message{{Role: llm.RoleUser, Content: text}}}, Model: "m"}
	switch text[0] {
	case '!':
		ex.Problem, ex.ProblemStatus = errors.New("a problem"), http.StatusNotFound
	case '?':
		ex.Refusal = "a refusal"
	case '-':
		ex.NotStreaming = true
	}
	ex.Reply = func(n int, turn Turn, f Fault, usage llm.Usage) Stream {
		return Stream{ContentType: "application/x-ndjson", NDJSON: true, Events: []Event{{Data: turn.Text}, {Data: fmt.Sprint(usage.OutputTokens)}}}
	}
	return ex, nil
}

func (plainWire) WriteError(w http.ResponseWriter, f Fault, model string) {
	status := f.Status
	if f.ContextLength {
		status = http.StatusBadRequest
	}
	w.WriteHeader(status)
	fmt.Fprintf(w, "%d: %s", status, f.Message)
}

// Answer plays the flow every fake shares: what no loop may send is
// refused and reported, what a test may mean is refused quietly, and a
// turn streams in the format's framing. (Faults are the conformance
// suite's, against every fake.)
func TestAnswerPlaysTheSharedFlow(t *testing.T) {
	t.Parallel()
	f := NewFakeServer("plaintest", Script{{Text: "hello", Usage: llm.Usage{OutputTokens: 7}}})
	f.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { f.Answer(w, r, plainWire{}) }))
	rec := &errorfRecorder{TB: t}
	f.ReportTo(rec)
	post := func(body string) (int, string) {
		resp, err := http.Post(f.Address(), "text/plain", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	tests := []struct {
		body, want string
		status     int
		reported   bool
	}{
		{body: "", status: 400, want: "400: empty body", reported: true},
		{body: "!x", status: 404, want: "404: a problem", reported: true},
		{body: "?x", status: 400, want: "400: a refusal"},
		{body: "-x", status: 400, want: "400: fake server: only streaming requests are supported", reported: true},
		{body: "hi", status: 200, want: "hello\n7\n"},
	}
	for _, tt := range tests {
		rec.got = nil
		status, got := post(tt.body)
		if status != tt.status || got != tt.want || (len(rec.got) > 0) != tt.reported {
			t.Errorf("POST %q = %d %q, reported %q; want %d %q, reported %v", tt.body, status, got, rec.got, tt.status, tt.want, tt.reported)
		}
	}
	if n := len(f.Requests()); n != 4 {
		t.Errorf("%d requests recorded, want the 4 that could be read", n)
	}
}
