package session_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/session"
)

var updateSummaries = flag.Bool("update-summaries", false, "rewrite testdata/runsummary/*.md from the summaries made now")

// The summaries of runs recorded from cmd's end-to-end tests (an answer, a
// denial, a failure) are the Markdown in testdata/runsummary.
func TestWriteRunSummaryOfRecordedRuns(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"answer", "denial", "failure"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in, err := os.ReadFile(filepath.Join("testdata", "runsummary", name+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := session.WriteRunSummary(&out, bytes.NewReader(in)); err != nil {
				t.Fatalf("WriteRunSummary: %v", err)
			}
			golden := filepath.Join("testdata", "runsummary", name+".md")
			if *updateSummaries {
				os.WriteFile(golden, out.Bytes(), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-summaries)", err)
			}
			if out.String() != string(want) {
				t.Errorf("summary of %s.jsonl:\n%s\nwant (%s):\n%s", name, out.String(), golden, want)
			}
		})
	}
}

func TestWriteRunSummaryOfOddInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		want    []string
		notWant []string
		err     error
	}{
		{name: "text output is not events", in: "hello\n[safe] list_dir: list .  ✓ 0ms\n", err: session.ErrNoEvents},
		{name: "nothing at all", in: "", err: session.ErrNoEvents},
		{name: "a run killed mid-line says it did not finish and counts the torn line",
			in: `{"type":"run_started","provider":"p","model":"m","text":"t"}
{"type":"tool_call","provider":"p","turn":1,"call":{"id":"1","tool":"shell","args":"{}","summary":"make","level":"warning"}}
{"type":"approval","provider":"p","turn":1,"call":{"id":"1","tool":"shell","args":"{}"},"decision":"approved","by":"person"}
{"type":"usage","provider":"p","turn":1,"total":{"input_tokens":7,"output_tokens":3}}
{"type":"tool_res`,
			want: []string{"## ❓ agent run: p (m)", "did not finish", "| Tokens | 7 in, 3 out |", "| warning | shell | ` make ` | approved by person | no result |",
				"1 line(s) of the input were not agent events"}},
		{name: "pipes, newlines and backticks stay inside their cell",
			in:   "{\"type\":\"tool_call\",\"provider\":\"p\",\"turn\":1,\"call\":{\"id\":\"1\",\"tool\":\"shell\",\"args\":\"{}\",\"summary\":\"grep a | wc -l\\necho `x`\",\"level\":\"safe\"}}\n",
			want: []string{"| safe | shell | `` grep a \\| wc -l echo `x` `` | — | no result |"}},
		{name: "a blocked call is refused and not run",
			in: `{"type":"tool_call","provider":"p","turn":1,"call":{"id":"1","tool":"shell","args":"{}","summary":"sudo rm -rf /","level":"blocked"}}
{"type":"approval","provider":"p","turn":1,"call":{"id":"1","tool":"shell","args":"{}"},"decision":"blocked","by":"policy","reason":"privilege escalation"}
{"type":"tool_result","provider":"p","turn":1,"call":{"id":"1","tool":"shell","args":"{}"},"result":{"is_error":true,"exit_code":-1,"output":"blocked"}}
{"type":"run_finished","provider":"p","turn":2,"status":"finished","exit_code":3,"blocked":1}`,
			want: []string{"| blocked | shell | ` sudo rm -rf / ` | blocked | not run |", "### Refused\n\n- **blocked** shell ` sudo rm -rf / `: privilege escalation", "| Tool calls | 1, 1 refused |"}},
		{name: "only the last reply's text is the answer",
			in: `{"type":"text","provider":"p","turn":1,"text":"Let me look."}
{"type":"text","provider":"p","turn":2,"text":"Done: "}
{"type":"text","provider":"p","turn":2,"text":"all good."}`,
			want: []string{"### Answer\n\nDone: all good.\n"}, notWant: []string{"Let me look."}},
		{name: "two providers get a section each",
			in: `{"type":"run_started","provider":"a","model":"ma","text":"t"}
{"type":"run_started","provider":"b","model":"mb","text":"t"}
{"type":"text","provider":"b","turn":1,"text":"from b"}
{"type":"text","provider":"a","turn":1,"text":"from a"}
{"type":"run_finished","provider":"a","turn":1,"status":"finished","exit_code":0}
{"type":"run_finished","provider":"b","turn":1,"status":"turn_limit","exit_code":4}`,
			want: []string{"## ✅ agent run: a (ma)", "from a\n\n## ❌ agent run: b (mb)", "| Status | turn_limit, exit 4 |", "from b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			err := session.WriteRunSummary(&out, strings.NewReader(tt.in))
			if !errors.Is(err, tt.err) {
				t.Fatalf("WriteRunSummary error = %v, want %v", err, tt.err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("summary lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out.String(), w) {
					t.Errorf("summary has %q:\n%s", w, out.String())
				}
			}
		})
	}
}
