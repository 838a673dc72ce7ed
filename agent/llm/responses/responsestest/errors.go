package responsestest

import (
	"fmt"
	"net/http"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// writeError answers with the fault's status and the body the Responses
// API sends for it: its own words where they differ from Chat
// Completions' (a context too long, a rate limit, a 404 with no model),
// Chat Completions' otherwise, in the envelope the two APIs share.
func writeError(w http.ResponseWriter, f llmtest.Fault, model string) {
	status := f.Status
	var body openaitest.APIError
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
	case status == http.StatusNotFound && model == "":
		body.Error.Message = http.StatusText(status)
		body.Error.Type = "invalid_request_error"
	case status == http.StatusTooManyRequests:
		body.Error.Message = "Rate limit reached for gpt-5-codex in organization org-fake on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200. Please try again in 2.4s."
		body.Error.Type = "tokens"
		body.Error.Code = str("rate_limit_exceeded")
	default:
		openaitest.WriteError(w, f, model)
		return
	}
	openaitest.SendError(w, f, status, body)
}
