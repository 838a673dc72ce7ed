package responses

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3/packages/ssestream"
	sdk "github.com/openai/openai-go/v3/responses"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// failure turns an error from the library into an *llm.Error. slot holds
// the response headers.
func (p *Provider) failure(err error, slot *wire.Slot) *llm.Error {
	if fl, ok := errors.AsType[*failed](err); ok {
		return p.streamFailure(fl, slot)
	}
	f := p.at.Failure(slot, err)
	var (
		apiErr    *sdk.Error
		streamErr *ssestream.StreamError
	)
	switch {
	case errors.As(err, &apiErr):
		f.Status = apiErr.StatusCode
		if apiErr.Response != nil {
			f.Header = apiErr.Response.Header
		}
		f.Code = strings.TrimSpace(apiErr.Type + " " + apiErr.Code)
		f.ServerMsg = apiErr.Message
		if f.ServerMsg == "" && f.Code == "" {
			// An error status whose body was not the API's JSON (a
			// proxy's page, a plain message).
			f.ServerMsg = apiErr.RawJSON()
		}
	case errors.As(err, &streamErr):
		// An event with an "error" object, which the library stops at.
		var e struct {
			Error apiError `json:"error"`
		}
		json.Unmarshal(streamErr.Event.Data, &e)
		f.Code, f.ServerMsg = strings.TrimSpace(e.Error.Type+" "+e.Error.Code), e.Error.Message
		if f.ServerMsg == "" {
			f.ServerMsg = string(streamErr.Event.Data)
		}
	case wire.IsJSONError(err):
		f.Err = fmt.Errorf("malformed stream event: %w", err)
	}
	return f.Error()
}

// streamFailure turns a failure reported inside the stream into an
// *llm.Error carrying the server's words and code.
func (p *Provider) streamFailure(e *failed, slot *wire.Slot) *llm.Error {
	if e.restarted {
		return p.failure(llm.ErrMessageRestarted, slot)
	}
	return p.at.StreamFailure(slot, e.msg, e.code)
}
