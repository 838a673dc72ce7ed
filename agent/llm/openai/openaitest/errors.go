package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/agentcli/agent/agent/llm/llmtest"
)

// APIError is the body of an error response, the same for OpenAI's Chat
// Completions and Responses APIs.
type APIError struct {
	Error struct {
		Message string  `json:"message"`
		Type    string  `json:"type"`
		Param   *string `json:"param"`
		Code    *string `json:"code"`
	} `json:"error"`
}

// WriteError answers with the fault's status and the body Chat
// Completions sends for it.
func WriteError(w http.ResponseWriter, f llmtest.Fault, model string) {
	status := f.Status
	var body APIError
	code := func(c string) *string { return &c }
	switch {
	case f.ContextLength:
		if status == 0 {
			status = http.StatusBadRequest
		}
		window, tokens := 128000, 131072
		if f.Window > 0 {
			window, tokens = f.Window, f.Tokens
		}
		body.Error.Type = "invalid_request_error"
		if strings.HasPrefix(model, "deepseek") {
			// DeepSeek's own words and code, which names no context.
			body.Error.Message = fmt.Sprintf("This model's maximum context length is %d tokens. However, you requested %d tokens (%d in the messages, 0 in the completion). Please reduce the length of the messages or completion.", window, tokens, tokens)
			body.Error.Code = code("invalid_request_error")
			break
		}
		body.Error.Message = fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens. Please reduce the length of the messages.", window, tokens)
		body.Error.Param = code("messages")
		body.Error.Code = code("context_length_exceeded")
	case status == http.StatusUnauthorized:
		body.Error.Message = "Incorrect API key provided: sk-te****. You can find your API key at https://platform.openai.com/account/api-keys."
		body.Error.Type = "invalid_request_error"
		body.Error.Code = code("invalid_api_key")
	case status == http.StatusForbidden:
		body.Error.Message = "You are not allowed to sample from this model"
		body.Error.Type = "invalid_request_error"
	case status == http.StatusNotFound:
		body.Error.Message = fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", model)
		body.Error.Type = "invalid_request_error"
		body.Error.Code = code("model_not_found")
	case status == http.StatusTooManyRequests:
		body.Error.Message = "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s."
		body.Error.Type = "requests"
		body.Error.Code = code("rate_limit_exceeded")
	case status >= 500:
		body.Error.Message = "The server had an error while processing your request. Sorry about that!"
		body.Error.Type = "server_error"
	default:
		body.Error.Message = http.StatusText(status)
		body.Error.Type = "invalid_request_error"
	}
	SendError(w, f, status, body)
}

// SendError answers with status and body, the fault's own message (if it
// has one) in place of body's, and its Retry-After.
func SendError(w http.ResponseWriter, f llmtest.Fault, status int, body APIError) {
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
