package responsestest

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// apiError is the body of an error response.
type apiError struct {
	Error struct {
		Message string  `json:"message"`
		Type    string  `json:"type"`
		Param   *string `json:"param"`
		Code    *string `json:"code"`
	} `json:"error"`
}

// writeError answers with the fault's status and the body the API sends
// for it.
func writeError(w http.ResponseWriter, f llmtest.Fault, model string) {
	status := f.Status
	var body apiError
	str := func(c string) *string { return &c }
	switch {
	case f.ContextLength:
		if status == 0 {
			status = http.StatusBadRequest
		}
		body.Error.Message = "Your input exceeds the context window of this model. Please adjust your input and try again."
		if f.Window > 0 {
			body.Error.Message = fmt.Sprintf("Your input exceeds the context window of this model (%d tokens; the input holds %d). Please adjust your input and try again.", f.Window, f.Tokens)
		}
		body.Error.Type = "invalid_request_error"
		body.Error.Param = str("input")
		body.Error.Code = str("context_length_exceeded")
	case status == http.StatusUnauthorized:
		body.Error.Message = "Incorrect API key provided: sk-te****. You can find your API key at https://platform.openai.com/account/api-keys."
		body.Error.Type = "invalid_request_error"
		body.Error.Code = str("invalid_api_key")
	case status == http.StatusForbidden:
		body.Error.Message = "You are not allowed to sample from this model"
		body.Error.Type = "invalid_request_error"
	case status == http.StatusNotFound && model != "":
		body.Error.Message = fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", model)
		body.Error.Type = "invalid_request_error"
		body.Error.Code = str("model_not_found")
	case status == http.StatusTooManyRequests:
		body.Error.Message = "Rate limit reached for gpt-5-codex in organization org-fake on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200. Please try again in 2.4s."
		body.Error.Type = "tokens"
		body.Error.Code = str("rate_limit_exceeded")
	case status >= 500:
		body.Error.Message = "The server had an error while processing your request. Sorry about that!"
		body.Error.Type = "server_error"
	default:
		body.Error.Message = http.StatusText(status)
		body.Error.Type = "invalid_request_error"
	}
	if f.Message != "" {
		body.Error.Message = f.Message
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}
