package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
)

var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// colourParams returns the SGR parameters of s that set a colour.
func colourParams(s string) []string {
	var found []string
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			n, err := strconv.Atoi(p)
			if err != nil {
				continue
			}
			if n >= 30 && n <= 38 || n >= 40 && n <= 48 || n >= 90 && n <= 97 || n >= 100 && n <= 107 {
				found = append(found, m[0])
			}
		}
	}
	return found
}

func TestNoColor(t *testing.T) {
	tests := []struct {
		name       string
		noColor    bool
		wantColour bool
	}{
		{name: "with NO_COLOR the screen has no colour", noColor: true, wantColour: false},
		{name: "without it the levels are coloured", noColor: false, wantColour: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBridge()
			defer b.close()
			c := newClock()
			m := newModel(b, testOptions, tt.noColor, c.now)
			m.Init()
			m.Update(tea80x24)
			m.panels[0].addPrompt("go")
			for i, l := range []classify.Level{classify.Safe, classify.Warning, classify.Dangerous, classify.Blocked} {
				call := shellCall(string(rune('a'+i)), "cmd", l)
				m.panels[0].apply(agent.Event{Type: agent.EventToolCall, Call: call}, c.now())
				m.panels[0].apply(agent.Event{Type: agent.EventToolResult, Call: call, Result: &agent.CallResult{IsError: i%2 == 1, ExitCode: i}}, c.now())
			}
			msg, _ := request1(1, "rm -rf build")
			m.Update(batchMsg{msg})
			c.advance(keyGuard)
			raw := m.View().Content
			got := colourParams(raw)
			if (len(got) > 0) != tt.wantColour {
				t.Errorf("colour sequences = %q, want some: %v", got, tt.wantColour)
			}
			if !strings.Contains(raw, "[dangerous]") {
				t.Error("the level is not written out in words")
			}
		})
	}
}
