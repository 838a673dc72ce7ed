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

// Gateways in front of Gemini 3, GPT-5 and Grok stream the readable
// thinking (reasoning.text or reasoning.summary) and then the encrypted
// reasoning under the same index 0. They are two entries: each goes back
// as its own type with all its fields, in the order they came, and not
// one text entry carrying the encrypted data.
func TestReasoningDetailsOfTwoTypesUnderOneIndexStayApart(t *testing.T) {
	tests := []struct {
		name  string
		frags []string
		want  []string
		text  string
	}{
		{
			name: "text then encrypted",
			frags: []string{
				`{"type":"reasoning.text","text":"Reading the ","format":"google-gemini-v1","index":0}`,
				`{"type":"reasoning.text","text":"file first.","format":"google-gemini-v1","index":0}`,
				`{"type":"reasoning.encrypted","data":"CiQB0e2Kb3","id":"tool_read_1","format":"google-gemini-v1","index":0}`,
				`{"type":"reasoning.encrypted","data":"xyz==","index":0}`,
			},
			want: []string{
				`{"type":"reasoning.text","text":"Reading the file first.","format":"google-gemini-v1","index":0}`,
				`{"type":"reasoning.encrypted","data":"CiQB0e2Kb3xyz==","id":"tool_read_1","format":"google-gemini-v1","index":0}`,
			},
			text: "Reading the file first.",
		},
		{
			name: "summary then encrypted",
			frags: []string{
				`{"type":"reasoning.summary","summary":"**Planning** the edit","id":null,"format":"openai-responses-v1","index":0}`,
				`{"type":"reasoning.encrypted","data":"gAAAAABo","id":"rs_0a1b","format":"openai-responses-v1","index":0}`,
			},
			want: []string{
				`{"type":"reasoning.summary","summary":"**Planning** the edit","id":null,"format":"openai-responses-v1","index":0}`,
				`{"type":"reasoning.encrypted","data":"gAAAAABo","id":"rs_0a1b","format":"openai-responses-v1","index":0}`,
			},
			text: "**Planning** the edit",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a assembler
			for _, f := range tt.frags {
				var c chunk
				if err := json.Unmarshal([]byte(`{"choices":[{"index":0,"delta":{"content":null,"reasoning_details":[`+f+`]}}]}`), &c); err != nil {
					t.Fatal(err)
				}
				a.add(c, func(llm.Delta) {})
			}
			got := a.response().Message
			if got.ReasoningText() != tt.text {
				t.Errorf("thinking = %q, want %q", got.ReasoningText(), tt.text)
			}
			sent, err := json.Marshal(message(got).ReasoningDetails)
			if err != nil {
				t.Fatal(err)
			}
			if want := "[" + tt.want[0] + "," + tt.want[1] + "]"; string(sent) != want {
				t.Errorf("reasoning_details sent back = %s\nwant %s", sent, want)
			}
		})
	}
}
