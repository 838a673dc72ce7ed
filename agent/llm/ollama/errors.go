package ollama

import (
	"bufio"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// failure turns an error from the library into an *llm.Error whose words
// say what to run.
func (p *Provider) failure(err error, slot *wire.Slot) *llm.Error {
	f := p.at.Failure(slot, err)
	var (
		statusErr api.StatusError
		authErr   api.AuthorizationError
	)
	switch {
	case errors.As(err, &statusErr):
		f.Status = statusErr.StatusCode
		f.ServerMsg = statusErr.ErrorMessage
	case errors.As(err, &authErr):
		f.Status = http.StatusUnauthorized
	case wire.TransportKind(err) != llm.KindBadResponse:
		// A connection that failed or broke: Failure classifies it.
	case errors.Is(err, llm.ErrReplyTooLarge), errors.Is(err, llm.ErrMessageRestarted):
		// Ours: Failure reports it as an unreadable reply.
	case wire.IsJSONError(err), errors.Is(err, bufio.ErrTooLong), looksLikeRawLine(err.Error()):
		f.Err = fmt.Errorf("malformed stream line: %w", err)
	default:
		// The library turns an {"error": ...} line inside a stream into a
		// plain error with the server's message.
		f.ServerMsg = err.Error()
	}
	return p.describe(f)
}

// describe returns f's error in Ollama's terms.
func (p *Provider) describe(f wire.Failure) *llm.Error {
	e := f.Error()
	switch e.Kind {
	case llm.KindUnreachable:
		e.Msg = fmt.Sprintf("cannot reach Ollama at %s: is it running? Start it with `ollama serve`, or set OLLAMA_HOST (%v)", p.at.BaseURL, wire.Cause(f.Err))
	case llm.KindModelNotFound:
		e.Msg = fmt.Sprintf("model %q is not pulled on %s: run `ollama pull %s`", p.at.Model, p.at.BaseURL, p.at.Model)
	case llm.KindAuth:
		e.Msg = fmt.Sprintf("%s refused the request (%d %s): sign in with `ollama signin`, or check OLLAMA_HOST", p.at.BaseURL, e.Status, http.StatusText(e.Status))
	}
	return e
}

// looksLikeRawLine reports whether a plain error is a stream line the
// library could not parse (it returns the line itself as the error) rather
// than a message from the server: such a line starts as JSON or HTML.
func looksLikeRawLine(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") || strings.HasPrefix(s, "<")
}
