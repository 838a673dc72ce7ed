package cmd_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A reply cut at the output token limit is reported and never exits 0.
func TestRunReplyCutAtTheOutputLimit(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{{Text: "The answer is", Finish: llm.FinishLength}})
	r := runAgent(t, openaiEnv(srv), "", "run", "--yes-safe", "--root", t.TempDir(), "answer")
	if r.code != 4 {
		t.Fatalf("exit code = %d, want 4\nstderr: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "cut at the model's output token limit (length)") {
		t.Errorf("stderr = %q, want a line saying the reply was cut", r.stderr)
	}
	js := runAgent(t, openaiEnv(openaitest.NewServer(t, llmtest.Script{{Text: "The answer is", Finish: llm.FinishLength}})), "",
		"run", "--json", "--yes-safe", "--root", t.TempDir(), "answer")
	evs := events(t, js.stdout)
	errs, fin := ofType(evs, "error"), ofType(evs, "run_finished")
	if len(errs) != 1 || errs[0]["finish"] != "length" {
		t.Errorf("error events = %v, want one with finish length", errs)
	}
	if len(fin) != 1 || fin[0]["status"] != "truncated" || fin[0]["exit_code"] != 4.0 {
		t.Errorf("run_finished = %v, want status truncated, exit code 4", fin)
	}
}

// An error an OpenRouter-style gateway reports inside the stream is
// retried, and the reply that follows is the run's.
func TestRunErrorChunkIsRetried(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{{Text: "Fine on the second try.", Fault: llmtest.Fault{ErrorChunk: true, Times: 1}}})
	r := runAgent(t, openaiEnv(srv), "", "run", "--yes-safe", "--root", t.TempDir(), "answer")
	if r.code != 0 || !strings.Contains(r.stdout, "Fine on the second try.") {
		t.Fatalf("exit code = %d, stdout %q, want 0 and the reply\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "upstream model crashed") {
		t.Errorf("stderr = %q, want the retry line to carry the upstream provider's words", r.stderr)
	}
}
