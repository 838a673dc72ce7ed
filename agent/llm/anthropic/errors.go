package anthropic

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// failure turns an error from the SDK into an *llm.Error.
func (p *Provider) failure(err error, slot *wire.Slot) *llm.Error {
	f := p.at.Failure(slot, err)
	var apiErr *sdk.Error
	switch {
	case errors.As(err, &apiErr):
		// The SDK reports an error event inside a stream as an *Error
		// carrying the stream's own status, 200.
		if apiErr.StatusCode >= http.StatusBadRequest {
			f.Status = apiErr.StatusCode
		}
		if apiErr.Response != nil {
			f.Header = apiErr.Response.Header
		}
		f.Code = string(apiErr.Type())
		f.ServerMsg = errorMessage(apiErr.RawJSON())
		if f.Status == 0 && f.Code == "" && f.ServerMsg == "" {
			f.ServerMsg = "unknown error"
		}
	case strings.HasPrefix(err.Error(), "received error while streaming"):
		// An error event the SDK could not decode.
		f.ServerMsg = err.Error()
	case wire.IsJSONError(err):
		f.Err = fmt.Errorf("malformed stream event: %w", err)
	}
	return f.Error()
}

// errorMessage reads the message out of an error body, or returns the
// body itself when it is not the API's JSON.
func errorMessage(body string) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(body), &e) == nil && e.Error.Message != "" {
		return e.Error.Message
	}
	return body
}
