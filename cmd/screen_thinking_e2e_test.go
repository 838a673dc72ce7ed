package cmd_test

import (
	"strings"
	"testing"
	"time"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A thinking model's reasoning streams into the panel while it thinks,
// folds to one line when the answer comes, and Ctrl+O unfolds it.
func TestScreenShowsThinkingLiveThenFolded(t *testing.T) {
	t.Parallel()
	srv := openaitest.NewServer(t, llmtest.Script{{
		Reasoning: "first look at the question\nthen weigh both answers\nthen pick the shorter one",
		Text:      "The shorter answer is right.",
		Fault:     llmtest.Fault{Delay: 150 * time.Millisecond},
	}})
	s := startScreen(t, screenRun{env: openaiEnv(srv), root: t.TempDir(), w: 100, h: 30})
	s.ask("which answer?")
	live := s.waitFor("▾ thinking…", "first look at the question")
	if strings.Contains(live, "The shorter answer is right.") {
		t.Fatalf("the answer showed before the thinking streamed:\n%s", live)
	}
	done := s.waitFor("The shorter answer is right.", "▸ thinking · 3 lines")
	if strings.Contains(done, "weigh both answers") {
		t.Errorf("the thinking is still unfolded after the answer:\n%s", done)
	}
	s.keys("C-o")
	s.waitFor("▾ thinking", "first look at the question", "then weigh both answers", "then pick the shorter one", "The shorter answer is right.")
}
