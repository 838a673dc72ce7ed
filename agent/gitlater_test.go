package agent_test

import (
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

// The git state the caller asks on the side is waited for only by the
// first turn, which tells the model; New does not wait for it, and later
// turns do not ask again.
func TestGitStateAskedOnTheSideReachesTheFirstTurn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	prov := &scripted{script: []llm.Message{text("first"), text("second")}}
	answer := make(chan *agent.GitState)
	asked := 0
	ag := agent.New(agent.Options{
		Provider: prov, Tools: newRegistry(t, root), Approver: agent.DenyAll{}, Sink: &recorder{},
		Config: agent.DefaultConfig(),
		Environment: agent.Environment{GitLater: func() *agent.GitState {
			asked++
			return <-answer
		}},
	})
	// New returned without an answer: git is still "running".
	if asked != 0 {
		t.Fatalf("New asked for the git state %d times; it must wait for the first turn", asked)
	}
	go func() { answer <- &agent.GitState{Branch: "fix-cart", Status: "2 changed"} }()
	for _, task := range []string{"one", "two"} {
		if _, err := ag.Run(t.Context(), task); err != nil {
			t.Fatal(err)
		}
	}
	if want := "on branch fix-cart; 2 changed"; !strings.Contains(prov.last().System, want) {
		t.Errorf("system prompt does not say %q:\n%s", want, prov.last().System)
	}
	if asked != 1 {
		t.Errorf("the git state was asked %d times, want once", asked)
	}
}
