package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent"
	"github.com/agentcli/agent/agent/llm"
)

// Two panels on one project: while this panel's edit waits for approval,
// the other panel's edit lands in the same file. Approving the diff the
// person saw would fail ("file changed since preview"); instead the call
// is planned again and asked again with the diff as the file is now, and
// approving that applies it.
func TestAnApprovalOfAStaleDiffAsksAgainWithTheCurrentOne(t *testing.T) {
	var root string
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		if len(asked) == 1 {
			// The other panel's edit, approved and applied meanwhile.
			if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nby the other panel\nend\n"), 0o644); err != nil {
				t.Error(err)
			}
		}
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "edit_file", map[string]any{"path": "notes.txt", "old_string": "end", "new_string": "the end"})),
		text("ok"),
	}, ap, agent.DefaultConfig())
	root = f.root
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nend\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ag.Run(t.Context(), "edit"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 2 {
		t.Fatalf("asked %d times, want twice: once, then again with the current diff", len(asked))
	}
	if asked[0].Replanned || !asked[1].Replanned {
		t.Errorf("Replanned = %v, %v; want only the second request marked", asked[0].Replanned, asked[1].Replanned)
	}
	if strings.Contains(asked[0].Preview, "by the other panel") || !strings.Contains(asked[1].Preview, " by the other panel") {
		t.Errorf("the second request's diff does not show the file as it is now:\n%s", asked[1].Preview)
	}
	got, _ := os.ReadFile(filepath.Join(root, "notes.txt"))
	if string(got) != "title\nby the other panel\nthe end\n" {
		t.Errorf("notes.txt = %q, want both panels' edits", got)
	}
	if res := f.toolResults()["c1"]; res.IsError || strings.Contains(res.Content, "changed since preview") {
		t.Errorf("the edit's result = %q, want it applied", res.Content)
	}
}

// An Approver that finds the request stale before showing it (its Stale
// reports the file changed) answers Replan: the call is planned again,
// nobody's decision is recorded, and the fresh request is asked.
func TestReplanPlansTheCallAgainWithoutADecision(t *testing.T) {
	var root string
	var asked []agent.ApprovalRequest
	ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
		asked = append(asked, r)
		if len(asked) == 1 {
			os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nby the other panel\nend\n"), 0o644)
			if r.Stale == nil || !r.Stale() {
				t.Error("Stale does not report the file changed under the request")
			}
			return agent.Answer{Choice: agent.Replan}, nil
		}
		if r.Stale() {
			t.Error("Stale reports a request planned against the file as it is")
		}
		return agent.Answer{Choice: agent.Approve, By: agent.ByPerson}, nil
	})
	f := newFixture(t, []llm.Message{
		calls(call("c1", "edit_file", map[string]any{"path": "notes.txt", "old_string": "end", "new_string": "the end"})),
		text("ok"),
	}, ap, agent.DefaultConfig())
	root = f.root
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nend\n"), 0o644)
	if _, err := f.ag.Run(t.Context(), "edit"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 2 || !asked[1].Replanned || !strings.Contains(asked[1].Preview, " by the other panel") {
		t.Fatalf("asked %d times (second: %+v), want again with the current diff", len(asked), asked[len(asked)-1])
	}
	if got := f.sink.ofType(agent.EventApproval); len(got) != 1 || got[0].Decision != agent.DecisionApproved {
		t.Errorf("approval events = %+v, want only the person's approval", got)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(got) != "title\nby the other panel\nthe end\n" {
		t.Errorf("notes.txt = %q, want both edits", got)
	}
}

// When the other panel's edit leaves the file so that this call's edit no
// longer applies, planning it again fails: nobody is asked about it, its
// call says why it was skipped, and the model is told to read the file
// again, whichever way the request went stale (the Approver found it
// stale and answered Replan, or the person approved the old diff).
func TestAnEditThatNoLongerAppliesAfterTheFileChangedIsSkippedAndTheModelRereads(t *testing.T) {
	for _, answer := range []agent.Choice{agent.Replan, agent.Approve} {
		t.Run(map[agent.Choice]string{agent.Replan: "answered Replan", agent.Approve: "approved"}[answer], func(t *testing.T) {
			var root string
			asked := 0
			ap := approverFunc(func(_ context.Context, r agent.ApprovalRequest) (agent.Answer, error) {
				asked++
				// The other panel's edit took the line this one changes.
				if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nrewritten by the other panel\n"), 0o644); err != nil {
					t.Error(err)
				}
				return agent.Answer{Choice: answer, By: agent.ByPerson}, nil
			})
			f := newFixture(t, []llm.Message{
				calls(call("c1", "edit_file", map[string]any{"path": "notes.txt", "old_string": "old line", "new_string": "new line"})),
				text("ok"),
			}, ap, agent.DefaultConfig())
			root = f.root
			if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("title\nold line\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := f.ag.Run(t.Context(), "edit"); err != nil {
				t.Fatal(err)
			}
			if asked != 1 {
				t.Errorf("asked %d times, want once: an edit that no longer applies is not shown", asked)
			}
			res := f.toolResults()["c1"]
			if !res.IsError || !strings.HasPrefix(res.Content, "not shown: the file changed and the edit no longer applies") ||
				!strings.Contains(res.Content, "Read the file again with read_file") {
				t.Errorf("the edit's result = %q, want an error saying the file changed and to read it again", res.Content)
			}
			calls := f.sink.ofType(agent.EventToolCall)
			if last := calls[len(calls)-1]; last.Call.Skipped != "file changed" || last.Call.Level != nil {
				t.Errorf("the last tool_call event = %+v, want it skipped because its file changed", last.Call)
			}
			if got := f.sink.ofType(agent.EventApproval); len(got) != 0 {
				t.Errorf("approval events = %+v, want none: nothing was decided", got)
			}
			if got, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(got) != "title\nrewritten by the other panel\n" {
				t.Errorf("notes.txt = %q, want the other panel's edit only", got)
			}
		})
	}
}
