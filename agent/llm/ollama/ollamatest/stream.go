package ollamatest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// line is one object of Ollama's NDJSON chat stream.
type line struct {
	Model     string  `json:"model"`
	CreatedAt string  `json:"created_at"`
	Message   message `json:"message"`
	Done      bool    `json:"done"`
	// The rest come on the last line only.
	DoneReason         string `json:"done_reason,omitempty"`
	TotalDuration      int64  `json:"total_duration,omitempty"`
	LoadDuration       int64  `json:"load_duration,omitempty"`
	PromptEvalCount    int    `json:"prompt_eval_count,omitempty"`
	PromptEvalDuration int64  `json:"prompt_eval_duration,omitempty"`
	EvalCount          int    `json:"eval_count,omitempty"`
	EvalDuration       int64  `json:"eval_duration,omitempty"`
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
	// Thinking is a thinking model's reasoning, streamed before the
	// content.
	Thinking  string     `json:"thinking,omitempty"`
	ToolCalls []toolCall `json:"tool_calls,omitempty"`
}

type toolCall struct {
	ID       string `json:"id,omitempty"`
	Function struct {
		Index     int             `json:"index"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

const (
	// malformed is a line cut off in the middle of its JSON.
	malformed = `{"model":"test-model","created_at":"2025-01-01T00:00:00Z","message":{"role":"assistant","content":"bro`
	// streamError is the line Ollama sends when the model fails after the
	// stream began.
	streamError = `{"error":"an error was encountered while running the model: unexpected EOF"}`
)

// lines returns turn n's stream, one JSON object per element: text
// pieces, then each call whole in a line of its own, as Ollama sends them,
// then the final line with the counts. A call whose arguments are not a
// JSON object cannot be a tool call in this format: like Ollama when it
// cannot parse a model's call, the fake sends it as text.
func lines(turn llmtest.Turn, f llmtest.Fault, n int, model string, usage llm.Usage) []string {
	created := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var out []string
	emit := func(m message, i int) {
		out = append(out, marshal(line{Model: model, CreatedAt: created.Add(time.Duration(i) * time.Millisecond).Format(time.RFC3339Nano), Message: m}))
	}
	for _, piece := range llmtest.TextChunks(turn.Reasoning, f.CharByChar) {
		emit(message{Role: "assistant", Thinking: piece}, len(out))
	}
	for _, piece := range llmtest.TextChunks(turn.Text, f.CharByChar) {
		emit(message{Role: "assistant", Content: piece}, len(out))
	}
	for i, c := range turn.Calls {
		var obj map[string]any
		if json.Unmarshal([]byte(c.Args), &obj) != nil || obj == nil {
			emit(message{Role: "assistant", Content: c.Args}, len(out))
			continue
		}
		var tc toolCall
		if !f.NoIDs {
			tc.ID = turn.CallID(n, i)
		}
		tc.Function.Index = i
		tc.Function.Name = c.Name
		tc.Function.Arguments = json.RawMessage(c.Args)
		emit(message{Role: "assistant", ToolCalls: []toolCall{tc}}, len(out))
	}
	out = append(out, marshal(line{
		Model: model, CreatedAt: created.Add(time.Second).Format(time.RFC3339Nano),
		Message: message{Role: "assistant"}, Done: true, DoneReason: doneReason(turn),
		TotalDuration: 1_500_000_000, LoadDuration: 50_000_000,
		PromptEvalCount: usage.InputTokens, PromptEvalDuration: 300_000_000,
		EvalCount: usage.OutputTokens, EvalDuration: 1_000_000_000,
	}))
	switch {
	case f.Malformed:
		out = slices.Insert(out, 1, malformed)
	case f.StreamError, f.ErrorChunk:
		out = slices.Insert(out, 1, streamError)
	case f.Restart:
		// Ollama's lines have no start: a second reply follows the
		// final line of the first.
		out = append(out, out...)
	}
	return out
}

// doneReason is the done_reason of turn's last line: "length" when it
// was cut at num_predict. Ollama has no reason for a filtered reply.
func doneReason(turn llmtest.Turn) string {
	if turn.Finish == llm.FinishLength {
		return "length"
	}
	return "stop"
}

// writeError answers with the fault's status and the body Ollama sends.
func writeError(w http.ResponseWriter, f llmtest.Fault, model string) {
	status := f.Status
	var msg string
	switch {
	case f.ContextLength:
		if status == 0 {
			status = http.StatusBadRequest
		}
		msg = "the input length exceeds the context length"
	case status == http.StatusUnauthorized:
		msg = "unauthorized"
	case status == http.StatusForbidden:
		msg = "forbidden"
	case status == http.StatusNotFound:
		msg = fmt.Sprintf("model %q not found, try pulling it first", model)
	case status == http.StatusTooManyRequests, status == http.StatusServiceUnavailable:
		msg = "server busy, please try again.  maximum pending requests exceeded"
	case status >= 500:
		msg = "llama runner process has terminated: signal: killed"
	default:
		msg = http.StatusText(status)
	}
	if f.Message != "" {
		msg = f.Message
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types: cannot fail
	}
	return string(b)
}
