package wire

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/agentcli/agent/agent/llm"
)

// OpenAIBaseURL is the OpenAI API, the default server of the adapters of
// OpenAI's APIs (chat completions and Responses).
const OpenAIBaseURL = "https://api.openai.com/v1"

// NewOpenAIEndpoint is NewEndpoint for an adapter of OpenAI's APIs, with
// their defaults: the name "openai" and OpenAIBaseURL.
func NewOpenAIEndpoint(o llm.ServerOptions) (Endpoint, error) {
	return NewEndpoint(cmp.Or(o.Name, "openai"), o.Model, cmp.Or(o.BaseURL, OpenAIBaseURL), o.APIKeyEnv, o.APIKey != "")
}

// NewEndpoint checks what every adapter's New is given and returns where
// its requests go. It fails, naming the provider, when model is empty
// (llm.ErrNoModel) or baseURL is not an http(s) URL (llm.ErrBadBaseURL,
// see BaseURL); the Endpoint's BaseURL has no trailing slashes. Defaults
// for an empty name or baseURL are the caller's to fill in.
func NewEndpoint(name, model, baseURL, keyEnv string, keySet bool) (Endpoint, error) {
	if model == "" {
		return Endpoint{}, fmt.Errorf("%s: %w", name, llm.ErrNoModel)
	}
	base, err := BaseURL(name, baseURL)
	if err != nil {
		return Endpoint{}, err
	}
	return Endpoint{Provider: name, BaseURL: base, Model: model, KeyEnv: keyEnv, KeySet: keySet}, nil
}

// StreamFailure is the *llm.Error of a failure the server reported inside
// a stream that had started well: msg is its message and code its code or
// type, as the server sent them.
func (e Endpoint) StreamFailure(slot *Slot, msg, code string) *llm.Error {
	f := e.Failure(slot, errors.New(msg))
	f.ServerMsg, f.Code = msg, code
	return f.Error()
}
