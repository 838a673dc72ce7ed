package openai

import (
	"encoding/json"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

// OpenRouter streams each reasoning_details entry in fragments that share
// its index: the text in pieces, the signature at the end. The reply
// keeps each entry whole, its fields in the order they came; an entry
// sent in one fragment comes back as it was.
func TestReasoningDetailsAreJoinedByIndex(t *testing.T) {
	frags := []string{
		`{"type":"reasoning.text","text":"Hel","format":"anthropic-claude-v1","index":0}`,
		`{"type":"reasoning.text","text":"lo","format":"anthropic-claude-v1","index":0}`,
		`{"type":"reasoning.text","signature":"sig-1","index":0}`,
		`{"type":"reasoning.encrypted","data":"eyJ4IjoxfQ==","id":"rs_1","format":"anthropic-claude-v1","index":1}`,
	}
	var a assembler
	var streamed []llm.Delta
	for _, f := range frags {
		var c chunk
		if err := json.Unmarshal([]byte(`{"choices":[{"index":0,"delta":{"reasoning_details":[`+f+`]}}]}`), &c); err != nil {
			t.Fatal(err)
		}
		a.add(c, func(d llm.Delta) { streamed = append(streamed, d) })
	}
	got := a.response().Message
	want := []string{
		`{"type":"reasoning.text","text":"Hello","format":"anthropic-claude-v1","index":0,"signature":"sig-1"}`,
		frags[3],
	}
	var details []string
	for _, r := range got.Reasoning {
		if r.Details != "" {
			details = append(details, r.Details)
		}
	}
	if len(details) != len(want) {
		t.Fatalf("details = %q, want %q", details, want)
	}
	for i := range want {
		if details[i] != want[i] {
			t.Errorf("detail %d = %s\nwant %s", i, details[i], want[i])
		}
	}
	if got.ReasoningText() != "Hello" || len(streamed) != 2 {
		t.Errorf("thinking = %q streamed as %v, want the text of the details as it came", got.ReasoningText(), streamed)
	}
}
