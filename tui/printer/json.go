package printer

import (
	"encoding/json"
	"io"
	"sync"

	"github.com/agentcli/agent/agent"
)

// NewJSON returns a Sink that writes each event as one JSON object (the
// agent.Event encoding) followed by a newline: JSON Lines, for programs.
// Text is written as received, escaped by JSON, so nothing is lost. The
// Sink is safe for concurrent use: lines never interleave. After the first
// write error it writes nothing more, since a reader that went away will not
// come back.
func NewJSON(w io.Writer) agent.Sink {
	enc := json.NewEncoder(w)
	// Commands are full of <, > and &: keep them readable in the output.
	enc.SetEscapeHTML(false)
	return &jsonSink{enc: enc}
}

// jsonSink is the Sink NewJSON returns.
type jsonSink struct {
	mu     sync.Mutex
	enc    *json.Encoder
	failed bool
}

// Publish writes e as one line.
func (s *jsonSink) Publish(e agent.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed {
		return
	}
	// Encode writes the object and its newline in one Write call.
	if err := s.enc.Encode(e); err != nil {
		s.failed = true
	}
}
