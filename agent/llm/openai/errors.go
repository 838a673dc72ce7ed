package openai

import (
	"errors"
	"fmt"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// failure turns an error from the library into an *llm.Error. slot holds
// the response headers, which the library does not expose.
func (p *Provider) failure(err error, slot *wire.Slot) *llm.Error {
	f := p.at.Failure(slot, err)
	var (
		apiErr *goopenai.APIError
		reqErr *goopenai.RequestError
	)
	switch {
	case errors.As(err, &apiErr):
		// HTTPStatusCode is 0 for an error sent inside the stream.
		f.Status = apiErr.HTTPStatusCode
		f.ServerMsg = apiErr.Message
		f.Code = apiErr.Type
		if apiErr.Code != nil {
			f.Code += " " + fmt.Sprint(apiErr.Code)
		}
	case errors.As(err, &reqErr):
		// An error status whose body was not the API's JSON (a proxy's
		// HTML page, a plain-text message).
		f.Status = reqErr.HTTPStatusCode
		f.ServerMsg = string(reqErr.Body)
	case wire.IsJSONError(err):
		f.Err = fmt.Errorf("malformed stream chunk: %w", err)
	case errors.Is(err, goopenai.ErrTooManyEmptyStreamMessages):
		f.Err = fmt.Errorf("too many lines that were not data: %w", err)
	}
	return f.Error()
}

// streamFailure turns an error object sent inside the stream into an
// *llm.Error carrying the server's words and details.
func (p *Provider) streamFailure(e *streamError, slot *wire.Slot) *llm.Error {
	if e.restarted {
		return p.failure(llm.ErrMessageRestarted, slot)
	}
	return p.at.StreamFailure(slot, e.text(), e.code())
}
