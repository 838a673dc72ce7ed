package responses

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/internal/wire"
)

// Models lists the model ids the server offers (GET /models), sorted.
// The request is made here: the library's model service lives in its
// root package, which would build every other API along with it.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	return wire.Models(ctx, func(ctx context.Context) ([]string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.at.BaseURL+"/models", nil)
		if err != nil {
			return nil, err
		}
		if p.apiKey != "" {
			req.Header.Set("Authorization", "Bearer "+p.apiKey)
		}
		resp, err := p.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= http.StatusBadRequest {
			return nil, &statusError{status: resp.StatusCode, body: body}
		}
		var list struct {
			Data []model `json:"data"`
		}
		if err := json.Unmarshal(body, &list); err != nil {
			return nil, err
		}
		return wire.Names(list.Data, func(m model) string { return m.ID }), nil
	}, p.modelsFailure)
}

// model is one entry of the model list.
type model struct {
	ID string `json:"id"`
}

// statusError is an error status answering GET /models.
type statusError struct {
	status int
	body   []byte
}

func (e *statusError) Error() string { return fmt.Sprintf("status %d", e.status) }

// modelsFailure is failure for the model list, which reads its error
// status itself.
func (p *Provider) modelsFailure(err error, slot *wire.Slot) *llm.Error {
	se, ok := errors.AsType[*statusError](err)
	if !ok {
		return p.failure(err, slot)
	}
	f := p.at.Failure(slot, err)
	f.Status = se.status
	var e struct {
		Error apiError `json:"error"`
	}
	if json.Unmarshal(se.body, &e) == nil && e.Error.Message != "" {
		f.ServerMsg, f.Code = e.Error.Message, e.Error.Code
	} else {
		f.ServerMsg = string(se.body)
	}
	return f.Error()
}
