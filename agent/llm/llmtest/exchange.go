package llmtest

import (
	"fmt"
	"io"
	"net/http"

	"github.com/agentcli/agent/agent/llm"
)

// Wire is what a fake knows of its wire format; FakeServer.Answer does
// the rest, the same for every format.
type Wire interface {
	// Read reads one request whose body is body. An error means the body
	// could not be read at all (not the format's JSON): it is answered
	// with 400 and reported, and no request is recorded.
	Read(r *http.Request, body []byte) (Exchange, error)
	// WriteError answers with the status and the body the API sends for
	// fault f (a failing one: Status or ContextLength), about model ("" when
	// none is known).
	WriteError(w http.ResponseWriter, f Fault, model string)
}

// Exchange is one request as a fake's wire format read it, and how to
// answer it.
type Exchange struct {
	// Request is the request in neutral terms, recorded whatever the
	// answer.
	Request Request
	// Model is the model asked for, which error bodies name.
	Model string
	// Problem is why the real API refuses the request as malformed, or as
	// a conversation no loop may send (Request.Validate is checked
	// besides): it is answered with ProblemStatus (400 when 0) and
	// reported to the test.
	Problem       error
	ProblemStatus int
	// Refusal is the API's 400 answer to a request a test may mean to
	// send (a knob the model does not take, a history without the
	// thinking it needs back): answered, and not reported.
	Refusal string
	// NotStreaming says the client did not ask for a stream, which the
	// fakes do not serve.
	NotStreaming bool
	// ThinkingOff says the request turned thinking off: the turn is
	// played without its reasoning.
	ThinkingOff bool
	// Reply returns the stream that answers the request with turn n,
	// applying what of fault f is the format's own (Malformed,
	// StreamError, ErrorChunk, Restart...; Answer applies the delays,
	// cuts and stalls), with usage as EstimateUsage counted it.
	Reply func(n int, turn Turn, f Fault, usage llm.Usage) Stream
}

// Stream is a fake's streamed answer: its events and how they are
// framed.
type Stream struct {
	// ContentType is the response's; Header holds any other headers.
	ContentType string
	Header      http.Header
	Events      []Event
	// NDJSON writes each event's Data as one line; otherwise the events
	// are server-sent events: "event: NAME" when the event has a name,
	// then "data: DATA" and a blank line.
	NDJSON bool
}

// Event is one event of a Stream.
type Event struct {
	Name, Data string
}

// Answer answers one request with the flow every fake shares: read the
// body; let the wire format read it; refuse what the real API refuses,
// reporting to the test what no loop may send; pick the script's turn;
// answer a failing fault with the API's error; else stream the turn,
// with the fault's delays, cuts and stalls.
func (f *FakeServer) Answer(w http.ResponseWriter, r *http.Request, wire Wire) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	ex, err := wire.Read(r, body)
	if err != nil {
		f.reject(w, wire, http.StatusBadRequest, err.Error())
		return
	}
	if ex.Problem == nil {
		ex.Problem = ex.Request.Validate()
	}
	if ex.Problem != nil {
		f.player.Record(ex.Request)
		status := ex.ProblemStatus
		if status == 0 {
			status = http.StatusBadRequest
		}
		f.reject(w, wire, status, ex.Problem.Error())
		return
	}
	if ex.Refusal != "" {
		// As the API answers it; a test may mean it.
		f.player.Record(ex.Request)
		wire.WriteError(w, Fault{Status: http.StatusBadRequest, Message: ex.Refusal}, ex.Model)
		return
	}
	n, turn, fault, ok := f.player.Play(ex.Request)
	if ex.ThinkingOff {
		turn.Reasoning = ""
	}
	switch {
	case !ok:
		f.reject(w, wire, http.StatusBadRequest, fmt.Sprintf("fake server: the script has no turn %d (the request holds %d assistant messages)", n, n))
		return
	case ex.NotStreaming:
		f.reject(w, wire, http.StatusBadRequest, "fake server: only streaming requests are supported")
		return
	case fault.Failing():
		wire.WriteError(w, fault, ex.Model)
		return
	}
	WriteStream(w, r, ex.Reply(n, turn, fault, EstimateUsage(ex.Request, turn)), fault)
}

// reject answers the API's error with msg and reports msg to the test.
func (f *FakeServer) reject(w http.ResponseWriter, wire Wire, status int, msg string) {
	f.Report(msg)
	wire.WriteError(w, Fault{Status: status, Message: msg}, "")
}

// WriteStream writes s, flushing each event, with fault f applied before
// the headers (Fault.Hold) and before each event (Fault.Step).
func WriteStream(w http.ResponseWriter, r *http.Request, s Stream, f Fault) {
	if !f.Hold(r.Context()) {
		return
	}
	for k, v := range s.Header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", s.ContentType)
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	for i, e := range s.Events {
		if !f.Step(r.Context(), i) {
			return
		}
		var err error
		switch {
		case s.NDJSON:
			_, err = fmt.Fprintf(w, "%s\n", e.Data)
		case e.Name != "":
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Name, e.Data)
		default:
			_, err = fmt.Fprintf(w, "data: %s\n\n", e.Data)
		}
		if err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
}
