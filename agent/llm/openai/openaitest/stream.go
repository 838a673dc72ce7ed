package openaitest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
)

// chunk is one chat.completion.chunk as the API streams it.
type chunk struct {
	ID                string   `json:"id"`
	Object            string   `json:"object"`
	Created           int64    `json:"created"`
	Model             string   `json:"model"`
	SystemFingerprint string   `json:"system_fingerprint"`
	Choices           []choice `json:"choices"`
	// Usage is null on every chunk but the last when usage was asked
	// for, and absent otherwise.
	Usage json.RawMessage `json:"usage,omitempty"`
}

type choice struct {
	Index        int     `json:"index"`
	Delta        delta   `json:"delta"`
	Logprobs     any     `json:"logprobs"`
	FinishReason *string `json:"finish_reason"`
}

type delta struct {
	Role             string  `json:"role,omitempty"`
	Content          *string `json:"content,omitempty"`
	ReasoningContent *string `json:"reasoning_content,omitempty"`
	// Reasoning and ReasoningDetails are OpenRouter's thinking.
	Reasoning        *string           `json:"reasoning,omitempty"`
	ReasoningDetails []json.RawMessage `json:"reasoning_details,omitempty"`
	ToolCalls        []toolCallDelta   `json:"tool_calls,omitempty"`
}

// toolCallDelta is one fragment of a call: the first of each call carries
// id, type and name with empty arguments; the rest only arguments.
type toolCallDelta struct {
	// Index is left out by some Gemini-compatible servers (Fault.NoIndex).
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
	// ExtraContent carries Gemini's thought signature.
	ExtraContent json.RawMessage `json:"extra_content,omitempty"`
}

// malformed is a chunk cut off in the middle of its JSON.
const malformed = `{"id":"chatcmpl-fake","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"brok`

// streamError is the error object the API sends inside a stream that
// already began with 200.
const streamError = `{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}`

// payloads returns the data payloads of turn n's stream, in order, ending
// with [DONE]: a role chunk, text chunks, each call's first fragment then
// its argument fragments (alternating between calls under Interleave), a
// chunk with the finish_reason, and the usage chunk when asked for.
func payloads(n int, turn llmtest.Turn, f llmtest.Fault, model string, usage llm.Usage, includeUsage bool, flavor Flavor) []string {
	base := chunk{ID: fmt.Sprintf("chatcmpl-fake-%d", n), Object: "chat.completion.chunk", Created: 1700000000, Model: model, SystemFingerprint: "fp_fake"}
	if includeUsage {
		base.Usage = json.RawMessage("null")
	}
	var out []string
	emit := func(d delta, finish *string) {
		c := base
		c.Choices = []choice{{Delta: d, FinishReason: finish}}
		out = append(out, marshal(c))
	}

	empty := ""
	emit(delta{Role: "assistant", Content: &empty}, nil)
	switch pieces := llmtest.TextChunks(turn.Reasoning, f.CharByChar); {
	case flavor == OpenRouter && turn.Reasoning != "":
		// The thinking as text and as details in the same chunks, then
		// the rest of the details.
		details := detailsOf(n, pieces)
		for i, d := range details {
			if i < len(pieces) {
				emit(delta{Reasoning: &pieces[i], ReasoningDetails: d}, nil)
			} else {
				emit(delta{ReasoningDetails: d}, nil)
			}
		}
	default:
		for _, piece := range pieces {
			// As DeepSeek streams it: the thinking first, content null.
			emit(delta{ReasoningContent: &piece}, nil)
		}
	}
	for _, piece := range llmtest.TextChunks(turn.Text, f.CharByChar) {
		emit(delta{Content: &piece}, nil)
	}

	fragments := make([][]toolCallDelta, len(turn.Calls))
	for i, c := range turn.Calls {
		head := toolCallDelta{Index: &i, Type: "function"}
		if !f.NoIDs {
			head.ID = turn.CallID(n, i)
		}
		head.Function.Name = c.Name
		if flavor == Gemini && i == 0 {
			// Gemini signs the first call of a turn.
			head.ExtraContent = thoughtExtra(n)
		}
		if f.NoIndex {
			// The whole call at once, without index (and, under NoIDs,
			// with an empty id, as these servers send it).
			head.Index = nil
			head.Function.Arguments = c.Args
			fragments[i] = append(fragments[i], head)
			continue
		}
		fragments[i] = append(fragments[i], head)
		for _, piece := range llmtest.ArgChunks(c.Args, f.CharByChar) {
			var frag toolCallDelta
			frag.Index = &i
			frag.Function.Arguments = piece
			fragments[i] = append(fragments[i], frag)
		}
	}
	if f.Interleave {
		for k := 0; ; k++ {
			sent := false
			for i := range fragments {
				if k < len(fragments[i]) {
					emit(delta{ToolCalls: []toolCallDelta{fragments[i][k]}}, nil)
					sent = true
				}
			}
			if !sent {
				break
			}
		}
	} else {
		for i := range fragments {
			for _, frag := range fragments[i] {
				emit(delta{ToolCalls: []toolCallDelta{frag}}, nil)
			}
		}
	}

	finish := "stop"
	switch {
	case turn.Finish == llm.FinishLength:
		finish = "length"
	case turn.Finish == llm.FinishFiltered:
		finish = "content_filter"
	case len(turn.Calls) > 0:
		finish = "tool_calls"
	}
	emit(delta{}, &finish)
	if includeUsage {
		c := base
		c.Choices = []choice{}
		c.Usage, _ = json.Marshal(map[string]any{
			"prompt_tokens":             usage.InputTokens,
			"completion_tokens":         usage.OutputTokens,
			"total_tokens":              usage.InputTokens + usage.OutputTokens,
			"prompt_tokens_details":     map[string]int{"cached_tokens": usage.CachedInputTokens, "audio_tokens": 0},
			"completion_tokens_details": map[string]int{"reasoning_tokens": usage.ReasoningTokens, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0},
		})
		out = append(out, marshal(c))
	}
	out = append(out, "[DONE]")

	switch {
	case f.Malformed:
		out = slices.Insert(out, 1, malformed)
	case f.StreamError:
		out = slices.Insert(out, 1, streamError)
	case f.ErrorChunk:
		// OpenRouter ends the stream with it: the error chunk, then no
		// more.
		out = append(out[:1], errorChunk(base))
	case f.Restart:
		// The first half belongs to a generation of its own id.
		whole := len(out)
		out = llmtest.Restarted(out)
		first := `"id":"` + base.ID + `"`
		for i := range len(out) - whole {
			out[i] = strings.Replace(out[i], first, `"id":"`+base.ID+`-lost"`, 1)
		}
	}
	return out
}

// errorChunk is how OpenRouter reports a failure after the stream began:
// a chunk with an error object whose metadata names the upstream provider
// and carries its raw words, and finish_reason "error".
func errorChunk(base chunk) string {
	c := struct {
		chunk
		Provider string `json:"provider"`
		Error    any    `json:"error"`
	}{chunk: base, Provider: "FakeUpstream"}
	c.Error = map[string]any{
		"code":    502,
		"message": "Provider returned error",
		"metadata": map[string]any{
			"provider_name": "FakeUpstream",
			"raw":           `{"error":{"message":"upstream model crashed","type":"server_error"}}`,
		},
	}
	empty, reason := "", "error"
	c.Choices = []choice{{Delta: delta{Content: &empty}, FinishReason: &reason}}
	c.Usage = nil
	return marshal(c)
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types: cannot fail
	}
	return string(b)
}
