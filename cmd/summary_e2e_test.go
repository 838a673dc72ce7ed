package cmd_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// recordSummaries rewrites the recorded runs that agent/session's tests of
// the CI summary read, from these runs.
var recordSummaries = flag.Bool("record-summaries", false, "rewrite agent/session/testdata/runsummary/*.jsonl from these runs")

// The CI job summary of three headless runs, an answer, a denial and a
// failure: agent summary turns each run's --json output into the Markdown
// the Action appends to the job's page. The runs' output is what
// agent/session's golden tests of the summary read; they must stay the
// same shape as what agent run prints today.
func TestSummaryOfRecordedRuns(t *testing.T) {
	t.Parallel()
	priced := llmtest.Use(llmtest.UseTool("read_file", `{"path": "README.md"}`))
	priced.Usage = llm.Usage{InputTokens: 1200, OutputTokens: 40}
	answer := llmtest.Say("This is a demo project.\n\nIts README says so, and there is nothing else to build.")
	answer.Usage = llm.Usage{InputTokens: 1300, OutputTokens: 25}
	tests := []struct {
		name     string
		script   llmtest.Script
		args     []string
		wantCode int
		want     []string
	}{
		{"answer", llmtest.Script{priced, answer}, []string{"--yes-safe"}, 0, []string{
			"## ✅ agent run: openai (test-model)", "> what is this project?", "| Status | finished, exit 0 |",
			"| Tokens | 2500 in, 65 out |", "| Cost | $0.0069 |", "### Answer\n\nThis is a demo project.\n\nIts README says so",
			"| safe | read_file | ` read README.md ` | auto | ✓ ",
		}},
		{"denial", llmtest.Script{
			llmtest.Use(llmtest.UseTool("list_dir", `{"path": "."}`)),
			llmtest.Use(llmtest.UseTool("shell", `{"command": "rm -rf build"}`)),
			llmtest.Say("I could not clean build/: that needs your approval."),
		}, []string{"--yes-safe"}, 3, []string{
			"## ⚠️ agent run: openai (test-model)", "| Status | finished, exit 3 |", "| Tool calls | 2, 1 refused |",
			"| dangerous | shell | ` rm -rf build ` | denied by policy | ran confined, changes discarded |",
			"### Refused\n\n- **dangerous** shell ` rm -rf build `: not auto-approved",
			"### Answer\n\nI could not clean build/",
		}},
		{"failure", llmtest.Script{{Text: "never", Fault: llmtest.Fault{Status: 401}}}, nil, 1, []string{
			"## ❌ agent run: openai (test-model)", "| Status | failed, exit 1 |", "### Errors\n\n- ", "check OPENAI_API_KEY",
		}},
	}
	for _, tt := range tests {
		t.Run("of a run that ends in "+tt.name, func(t *testing.T) {
			t.Parallel()
			home, root := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo project\n"), 0o644)
			os.Mkdir(filepath.Join(root, "build"), 0o755)
			os.WriteFile(filepath.Join(root, "build", "out.bin"), []byte("built\n"), 0o644)
			cfg := filepath.Join(home, "agent.toml")
			os.WriteFile(cfg, []byte("[providers.openai.price]\ninput = 2.5\noutput = 10.0\n"), 0o644)
			srv := openaitest.NewServer(t, tt.script)
			args := append([]string{"run", "--json", "--config", cfg, "--root", root}, tt.args...)
			task := "what is this project?"
			r := run(t, agentCmd(t, home, openaiEnv(srv), append(args, task)...))
			if r.code != tt.wantCode {
				t.Fatalf("agent run: exit code = %d, want %d\nstderr: %s", r.code, tt.wantCode, r.stderr)
			}

			recorded := filepath.Join("..", "agent", "session", "testdata", "runsummary", tt.name+".jsonl")
			if *recordSummaries {
				// The temporary root would change with every recording.
				out := strings.ReplaceAll(r.stdout, root, "/src/demo")
				if err := os.WriteFile(recorded, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			old, err := os.ReadFile(recorded)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd -run TestSummaryOfRecordedRuns -record-summaries)", err)
			}
			if got, want := eventTypes(t, r.stdout), eventTypes(t, string(old)); !slices.Equal(got, want) {
				t.Errorf("agent run --json printed the events\n%v\nthe recording %s has\n%v\nrecord it again: go test ./cmd -run TestSummaryOfRecordedRuns -record-summaries",
					got, recorded, want)
			}

			c := agentCmd(t, home, nil, "summary")
			c.Stdin = strings.NewReader(r.stdout)
			s := run(t, c)
			if s.code != 0 {
				t.Fatalf("agent summary: exit %d, stderr %s", s.code, s.stderr)
			}
			for _, want := range tt.want {
				if !strings.Contains(s.stdout, want) {
					t.Errorf("summary lacks %q:\n%s", want, s.stdout)
				}
			}
			if strings.Contains(s.stdout, llmtest.APIKey) {
				t.Errorf("summary shows the API key:\n%s", s.stdout)
			}
		})
	}
}

// eventTypes is the type of each line of JSON Lines output, in order.
func eventTypes(t *testing.T, out string) []string {
	t.Helper()
	var types []string
	for line := range bytes.Lines([]byte(out)) {
		var e struct{ Type string }
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("line %q is not JSON: %v", line, err)
		}
		types = append(types, e.Type)
	}
	return types
}
