package callfmt_test

import (
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/classify"
	"github.com/agentcli/agent/tui/callfmt"
)

func level(l classify.Level) *classify.Level { return &l }

func TestBadge(t *testing.T) {
	tests := []struct {
		name string
		call agent.CallInfo
		want string
	}{
		{"a classified call shows its level", agent.CallInfo{Level: level(classify.Dangerous)}, "dangerous"},
		{"a level wins over a skip reason", agent.CallInfo{Level: level(classify.Safe), Skipped: "x"}, "safe"},
		{"a valid call not run says why", agent.CallInfo{Skipped: "token budget reached"}, "skipped: token budget reached"},
		{"a skip reason cannot draw on the terminal", agent.CallInfo{Skipped: "a\x1b[2Jb\nc"}, "skipped: ab c"},
		{"a call never planned is invalid", agent.CallInfo{}, "invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := callfmt.Badge(tt.call); got != tt.want {
				t.Errorf("Badge(%+v) = %q, want %q", tt.call, got, tt.want)
			}
		})
	}
}

func TestLine(t *testing.T) {
	long := strings.Repeat("a", 3000)
	tests := []struct {
		name string
		call agent.CallInfo
		max  int
		want string
	}{
		{"the summary when there is one", agent.CallInfo{Summary: "edit main.go", Args: `{"path":"main.go"}`}, 0, "edit main.go"},
		{"else the raw arguments", agent.CallInfo{Args: `{"path":"main.go"}`}, 0, `{"path":"main.go"}`},
		{"on one line", agent.CallInfo{Summary: "echo a\necho b"}, 0, "echo a echo b"},
		{"whole without a bound", agent.CallInfo{Args: long}, 0, long},
		{"cut to about the bound, head and tail kept", agent.CallInfo{Args: long}, 100, strings.Repeat("a", 50) + " … [2900 bytes left out] … " + strings.Repeat("a", 50)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := callfmt.Line(tt.call, tt.max); got != tt.want {
				t.Errorf("Line(%.40q, %d) = %.80q, want %.80q", tt.call.Summary+tt.call.Args, tt.max, got, tt.want)
			}
		})
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name string
		call agent.CallInfo
		want string
	}{
		{"a shell call's whole command, not its shortened summary",
			agent.CallInfo{Tool: "shell", Args: `{"command":"make test &&\nmake vet"}`, Summary: "make test && …"}, "make test &&\nmake vet"},
		{"a shell call whose arguments are not JSON falls back to its summary",
			agent.CallInfo{Tool: "shell", Args: `{"command":`, Summary: "make"}, "make"},
		{"another tool's summary", agent.CallInfo{Tool: "write_file", Args: `{"path":"a"}`, Summary: "write a"}, "write a"},
		{"else the raw arguments", agent.CallInfo{Tool: "mcp_x", Args: `{"q":1}`}, `{"q":1}`},
		{"no escape sequence reaches the terminal", agent.CallInfo{Tool: "shell", Args: `{"command":"echo \u001b[31mred"}`}, "echo red"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := callfmt.Text(tt.call); got != tt.want {
				t.Errorf("Text(%+v) = %q, want %q", tt.call, got, tt.want)
			}
		})
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-time.Second, "0ms"},
		{0, "0ms"},
		{999 * time.Millisecond, "999ms"},
		{time.Second, "1.0s"},
		{12345 * time.Millisecond, "12.3s"},
		{59 * time.Second, "59.0s"},
		{time.Minute, "1m00s"},
		{61*time.Minute + 29500*time.Millisecond, "61m30s"},
	}
	for _, tt := range tests {
		if got := callfmt.Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
	if got := callfmt.MillisDuration(1500); got != "1.5s" {
		t.Errorf("MillisDuration(1500) = %q, want 1.5s", got)
	}
}
