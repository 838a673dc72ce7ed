package responses

import (
	"encoding/json"

	"github.com/agentcli/agent/agent/llm"
)

// event is one streamed event, decoded by us rather than by the library:
// its union type re-encodes items, and the reasoning items must go back
// byte for byte. Only the fields the adapter reads are here.
type event struct {
	Type        string `json:"type"`
	OutputIndex int    `json:"output_index"`
	// SummaryIndex numbers a reasoning item's summary parts.
	SummaryIndex int    `json:"summary_index"`
	Delta        string `json:"delta"`
	// Item is the output item of output_item.added and .done, as sent.
	Item json.RawMessage `json:"item"`
	// Response is the whole response of response.created, .completed,
	// .incomplete and .failed.
	Response *response `json:"response"`
	// Code and Message are an error event's.
	Code    string `json:"code"`
	Message string `json:"message"`
	// Error is where some servers put an error event's fields instead.
	Error *apiError `json:"error"`
}

// response is the part of a response object the adapter reads.
type response struct {
	ID                string    `json:"id"`
	Status            string    `json:"status"`
	Usage             *usage    `json:"usage"`
	Error             *apiError `json:"error"`
	IncompleteDetails *struct {
		Reason string `json:"reason"`
	} `json:"incomplete_details"`
}

// apiError is an error object: of a failed response, or of an error event.
type apiError struct {
	Code    string `json:"code"`
	Type    string `json:"type"`
	Message string `json:"message"`
}

// usage is a response's token counts.
type usage struct {
	InputTokens        int `json:"input_tokens"`
	OutputTokens       int `json:"output_tokens"`
	InputTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
}

// neutral converts the counts; input_tokens holds the cached part and
// output_tokens the reasoning, as llm.Usage wants.
func (u usage) neutral() llm.Usage {
	return llm.Usage{
		InputTokens:       u.InputTokens,
		OutputTokens:      u.OutputTokens,
		CachedInputTokens: min(u.InputTokensDetails.CachedTokens, u.InputTokens),
		ReasoningTokens:   min(u.OutputTokensDetails.ReasoningTokens, u.OutputTokens),
	}
}

// item is the part of an output item the adapter reads.
type item struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	// Content is a message's parts (output_text, refusal), or a
	// reasoning item's raw thinking (reasoning_text).
	Content []struct {
		Type    string `json:"type"`
		Text    string `json:"text"`
		Refusal string `json:"refusal"`
	} `json:"content"`
	// Summary is a reasoning item's readable summary parts.
	Summary []struct {
		Text string `json:"text"`
	} `json:"summary"`
}

// finish converts how a response ended: its status, and for an
// incomplete one the reason.
func finish(status, reason string) llm.Finish {
	switch {
	case status != "incomplete":
		return llm.FinishStop
	case reason == "content_filter":
		return llm.FinishFiltered
	}
	// max_output_tokens, and any other cut.
	return llm.FinishLength
}
