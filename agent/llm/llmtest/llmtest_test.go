package llmtest

import (
	"errors"
	"slices"
	"testing"

	"github.com/agentcli/agent/agent/llm"
)

func TestValidate(t *testing.T) {
	user := llm.Message{Role: llm.RoleUser, Content: "go"}
	ask := func(ids ...string) llm.Message {
		m := llm.Message{Role: llm.RoleAssistant}
		for _, id := range ids {
			m.ToolCalls = append(m.ToolCalls, llm.ToolCall{ID: id, Name: "x", Args: "{}"})
		}
		return m
	}
	answer := func(id string) llm.Message { return llm.Message{Role: llm.RoleTool, ToolCallID: id, Content: "r"} }
	tests := []struct {
		name string
		msgs []llm.Message
		ok   bool
	}{
		{name: "calls answered in order are valid", msgs: []llm.Message{user, ask("a", "b"), answer("a"), answer("b"), ask(), user}, ok: true},
		{name: "calls answered out of order are valid", msgs: []llm.Message{user, ask("a", "b"), answer("b"), answer("a")}, ok: true},
		{name: "a call left unanswered at the end is invalid", msgs: []llm.Message{user, ask("a", "b"), answer("a")}},
		{name: "a user message before the results is invalid", msgs: []llm.Message{user, ask("a"), user, answer("a")}},
		{name: "a result answering nothing is invalid", msgs: []llm.Message{user, answer("a")}},
		{name: "a result answering an older message's call is invalid", msgs: []llm.Message{user, ask("a"), answer("a"), ask("b"), answer("a"), answer("b")}},
		{name: "a call answered twice is invalid", msgs: []llm.Message{user, ask("a"), answer("a"), answer("a")}},
		{name: "a call without an id is invalid", msgs: []llm.Message{user, ask("")}},
		{name: "two calls with one id are invalid", msgs: []llm.Message{user, ask("a", "a")}},
		{name: "an unknown role is invalid", msgs: []llm.Message{{Role: "system"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Request{Messages: tt.msgs}.Validate()
			if (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalidConversation) {
				t.Errorf("Validate() = %v, does not wrap ErrInvalidConversation", err)
			}
		})
	}
}

func TestChunks(t *testing.T) {
	tests := []struct {
		name string
		got  []string
		want []string
	}{
		{name: "words keep their leading spaces", got: TextChunks("Hello  big world", false), want: []string{"Hello", "  big", " world"}},
		{name: "empty text has no chunks", got: TextChunks("", false), want: nil},
		{name: "char by char splits characters, not bytes", got: TextChunks("añ日", true), want: []string{"a", "ñ", "日"}},
		{name: "arguments split in pieces of seven bytes", got: ArgChunks(`{"path":"a.txt"}`, false), want: []string{`{"path"`, `:"a.txt`, `"}`}},
		{name: "argument pieces never split a character", got: ArgChunks(`{"p":"日本語"}`, false), want: []string{`{"p":"日`, `本語"`, `}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !slices.Equal(tt.got, tt.want) {
				t.Errorf("chunks = %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestPlayerFaultTimes(t *testing.T) {
	p := NewPlayer(Script{{Text: "a", Fault: Fault{Status: 503, Times: 2}}, {Text: "b", Fault: Fault{Status: 500}}})
	first := Request{Messages: []llm.Message{{Role: llm.RoleUser}}}
	second := Request{Messages: []llm.Message{{Role: llm.RoleUser}, {Role: llm.RoleAssistant}, {Role: llm.RoleUser}}}
	beyond := Request{Messages: []llm.Message{{Role: llm.RoleAssistant}, {Role: llm.RoleAssistant}}}
	type play struct {
		n      int
		text   string
		status int
		ok     bool
	}
	want := []play{
		{0, "a", 503, true}, {0, "a", 503, true}, {0, "a", 0, true}, // Times: 2, then clean
		{1, "b", 500, true}, {1, "b", 500, true}, // Times: 0 means every time
		{2, "", 0, false},
	}
	var got []play
	for _, req := range []Request{first, first, first, second, second, beyond} {
		n, turn, fault, ok := p.Play(req)
		got = append(got, play{n, turn.Text, fault.Status, ok})
	}
	if !slices.Equal(got, want) {
		t.Errorf("plays = %+v, want %+v", got, want)
	}
	if n := len(p.Requests()); n != len(want) {
		t.Errorf("recorded %d requests, want %d", n, len(want))
	}
}
