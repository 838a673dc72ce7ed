package agent_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
	"github.com/agentcli/agent/tools"
)

// countingCheckpointer counts the checkpoints taken and their labels.
type countingCheckpointer struct {
	mu     sync.Mutex
	labels []string
}

func (c *countingCheckpointer) Checkpoint(_ context.Context, label string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.labels = append(c.labels, label)
	return "cp", nil
}

// A patch of two files through the OpenAI chat adapter: the person is
// asked once, sees both files' diffs, approves; one checkpoint is taken
// for the whole patch and both files change. A second patch the person
// denies changes nothing.
func TestApplyPatchIsApprovedByAPersonThroughOpenAI(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("alpha\n"), 0o644)
	patch := func(p string) string {
		b, _ := json.Marshal(map[string]string{"input": p})
		return string(b)
	}
	srv := openaitest.NewServer(t, llmtest.Script{
		llmtest.Use(llmtest.UseTool("apply_patch", patch("*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n*** Add File: b.txt\n+beta\n*** End Patch"))),
		llmtest.Use(llmtest.UseTool("apply_patch", patch("*** Begin Patch\n*** Delete File: a.txt\n*** End Patch"))),
		llmtest.Say("done"),
	})
	prov, err := openai.New(openai.Options{Name: "openai", BaseURL: srv.URL(), APIKey: llmtest.APIKey, APIKeyEnv: llmtest.APIKeyEnv, Model: "gpt-5"})
	if err != nil {
		t.Fatal(err)
	}
	reg, err := tools.New(tools.DefaultConfig(), tools.Options{Root: root, StateDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, EditTool: tools.EditToolPatch})
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	var asked []agent.ApprovalRequest
	approver := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		if len(asked) == 1 {
			return agent.Answer{Choice: agent.Approve}, nil
		}
		return agent.Answer{Choice: agent.Deny, Reason: "keep a.txt"}, nil
	})
	cp := &countingCheckpointer{}
	ag := agent.New(agent.Options{Provider: prov, Tools: reg, Approver: approver, Sink: &recorder{}, Config: agent.DefaultConfig(), Checkpointer: cp})
	out, err := ag.Run(t.Context(), "patch")
	if err != nil || out.Status != agent.StatusFinished || out.Denied != 1 {
		t.Fatalf("Run = %+v, %v; want finished with one denial", out, err)
	}
	if len(asked) != 2 {
		t.Fatalf("the person was asked %d times, want once per patch", len(asked))
	}
	first := asked[0]
	for _, want := range []string{"--- a/a.txt", "+ALPHA", "+++ b/b.txt", "+beta"} {
		if !strings.Contains(first.Preview, want) {
			t.Errorf("the approval's diff lacks %q:\n%s", want, first.Preview)
		}
	}
	if first.Call.Summary != "patch: update a.txt, add b.txt" || !strings.Contains(first.Undo, "agent undo can take it back") {
		t.Errorf("approval request = %q / %q, want the patch's summary and that undo covers it", first.Call.Summary, first.Undo)
	}
	if len(cp.labels) != 1 || !strings.HasPrefix(cp.labels[0], "apply_patch: patch: update a.txt, add b.txt") {
		t.Errorf("checkpoints = %q, want one before the approved patch and none for the denied one", cp.labels)
	}
	if a, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(a) != "ALPHA\n" {
		t.Errorf("a.txt = %q, want the patched text, kept after the denied delete", a)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "b.txt")); string(b) != "beta\n" {
		t.Errorf("b.txt = %q", b)
	}
}
