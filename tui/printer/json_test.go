package printer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/classify"
)

func TestJSON(t *testing.T) {
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name     string
		event    agent.Event
		wantLine string
	}{
		{
			name:     "a text delta keeps its text exactly, escapes included",
			event:    agent.Event{Type: agent.EventText, Provider: "openai", Time: when, Turn: 1, Text: "a > b && c\x1b[1m\n"},
			wantLine: `{"type":"text","provider":"openai","time":"2026-01-02T03:04:05Z","turn":1,"text":"a > b && c\u001b[1m\n"}`,
		},
		{
			name: "a tool call carries its level by name",
			event: agent.Event{Type: agent.EventToolCall, Provider: "openai", Time: when, Turn: 2,
				Call: &agent.CallInfo{ID: "c1", Tool: "shell", Args: `{"command":"ls"}`, Summary: "ls", Level: level(classify.Warning), Reasons: []string{"ls: unknown"}}},
			wantLine: `{"type":"tool_call","provider":"openai","time":"2026-01-02T03:04:05Z","turn":2,"call":{"id":"c1","tool":"shell","args":"{\"command\":\"ls\"}","summary":"ls","level":"warning","reasons":["ls: unknown"]}}`,
		},
		{
			name:     "the end of a run has its status and total usage",
			event:    agent.Event{Type: agent.EventRunFinished, Provider: "p", Time: when, Status: agent.StatusFinished, Total: &llm.Usage{InputTokens: 10, OutputTokens: 3}},
			wantLine: `{"type":"run_finished","provider":"p","time":"2026-01-02T03:04:05Z","total":{"input_tokens":10,"output_tokens":3},"status":"finished"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			NewJSON(&buf).Publish(tt.event)
			if got := buf.String(); got != tt.wantLine+"\n" {
				t.Errorf("Publish(%v) wrote %s, want %s", tt.event.Type, got, tt.wantLine)
			}
			var back agent.Event
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
				t.Fatalf("the line does not decode: %v", err)
			}
			if !reflect.DeepEqual(back, tt.event) {
				t.Errorf("decoded %+v, want %+v", back, tt.event)
			}
		})
	}
}

func TestJSONConcurrentLinesNeverInterleave(t *testing.T) {
	var buf bytes.Buffer
	s := NewJSON(&buf)
	const writers, each = 8, 200
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				s.Publish(agent.Event{Type: agent.EventText, Provider: fmt.Sprint("p", w), Text: strings.Repeat("x", i)})
			}
		})
	}
	wg.Wait()
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		lines++
		var e agent.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %d is not one JSON object: %v: %q", lines, err, sc.Text())
		}
	}
	if lines != writers*each {
		t.Errorf("got %d lines, want %d", lines, writers*each)
	}
}

// failWriter fails every write and counts them.
type failWriter struct{ writes int }

func (f *failWriter) Write([]byte) (int, error) {
	f.writes++
	return 0, errors.New("closed pipe")
}

func TestJSONStopsAfterAWriteError(t *testing.T) {
	var w failWriter
	s := NewJSON(&w)
	for range 3 {
		s.Publish(agent.Event{Type: agent.EventText, Text: "x"})
	}
	if w.writes != 1 {
		t.Errorf("writes after a failure = %d, want 1", w.writes)
	}
}
