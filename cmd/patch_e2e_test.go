package cmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// patchCall is an apply_patch call with patch as its input.
func patchCall(t *testing.T, patch string) llmtest.Call {
	t.Helper()
	b, err := json.Marshal(map[string]string{"input": patch})
	if err != nil {
		t.Fatal(err)
	}
	return llmtest.UseTool("apply_patch", string(b))
}

// A gpt-5 model is offered apply_patch instead of edit_file; its patch of
// three files is classified, approved, checkpointed once and applied, the
// result reaches the model, and agent undo takes the whole patch back.
// Under --yes-safe the same patch is denied and changes nothing.
func TestRunApplyPatchThroughTheOpenAIChatFake(t *testing.T) {
	t.Parallel()
	files := map[string]string{"main.go": "package main\n\nfunc main() {\n\tprintln(\"hi\")\n}\n", "old.txt": "old\n"}
	patch := "*** Begin Patch\n" +
		"*** Update File: main.go\n@@ func main() {\n-\tprintln(\"hi\")\n+\tprintln(\"hello\")\n" +
		"*** Add File: greet/greet.go\n+package greet\n" +
		"*** Delete File: old.txt\n" +
		"*** End Patch"

	t.Run("approved by policy, then undone", func(t *testing.T) {
		t.Parallel()
		root, home := gitRepo(t, files), t.TempDir()
		before := readAll(t, root)
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(patchCall(t, patch)),
			llmtest.Say("Patched."),
		})
		env := map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()}
		r := run(t, agentCmd(t, home, env, "run", "--provider", "openai", "--model", "gpt-5", "--yes", "warning", "--json", "--root", root, "say hello"))
		if r.code != 0 {
			t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
		}
		reqs := srv.Requests()
		if names := reqs[0].ToolNames(); !slices.Contains(names, "apply_patch") || slices.Contains(names, "edit_file") {
			t.Errorf("tools offered to gpt-5 = %v, want apply_patch instead of edit_file", names)
		}
		if !strings.Contains(reqs[0].System, "apply_patch:") {
			t.Errorf("the system prompt does not guide apply_patch:\n%s", reqs[0].System)
		}
		if res := reqs[1].ToolResults(); len(res) != 1 || res[0].IsError || !strings.Contains(res[0].Content, "applied the patch: updated main.go, added greet/greet.go, deleted old.txt") {
			t.Fatalf("tool result = %+v, want the patch applied", res)
		}
		if got, _ := os.ReadFile(filepath.Join(root, "main.go")); !strings.Contains(string(got), `println("hello")`) {
			t.Errorf("main.go = %q, want the patched line", got)
		}
		if got, _ := os.ReadFile(filepath.Join(root, "greet", "greet.go")); string(got) != "package greet\n" {
			t.Errorf("greet/greet.go = %q", got)
		}
		if _, err := os.Stat(filepath.Join(root, "old.txt")); err == nil {
			t.Error("old.txt was not deleted")
		}
		evs := events(t, r.stdout)
		calls := ofType(evs, "tool_call")
		if len(calls) != 1 {
			t.Fatalf("tool_call events = %v, want the one patch", calls)
		}
		call := calls[0]["call"].(map[string]any)
		if call["summary"] != "patch: update main.go, add greet/greet.go, delete old.txt" || call["level"] == nil {
			t.Errorf("the patch's call = %v, want its summary and a level", call)
		}
		if n := len(ofType(evs, "checkpoint")); n != 1 {
			t.Errorf("%d checkpoints, want one for the whole patch", n)
		}
		if ap := ofType(evs, "approval"); len(ap) != 1 || ap[0]["decision"] != "auto" {
			t.Errorf("approval events = %v, want the patch approved by --yes warning", ap)
		}

		u := run(t, agentCmd(t, home, env, "undo", "--yes", "--root", root))
		if u.code != 0 {
			t.Fatalf("agent undo: exit %d\nstdout: %s\nstderr: %s", u.code, u.stdout, u.stderr)
		}
		if got := readAll(t, root); !sameMap(got, before) {
			t.Errorf("after undo the root = %v, want it as before the patch: %v", got, before)
		}
		if _, err := os.Stat(filepath.Join(root, "greet", "greet.go")); err == nil {
			t.Error("undo left the added file")
		}
	})

	t.Run("denied by policy, nothing changes", func(t *testing.T) {
		t.Parallel()
		root, home := gitRepo(t, files), t.TempDir()
		before := readAll(t, root)
		srv := openaitest.NewServer(t, llmtest.Script{
			llmtest.Use(patchCall(t, patch)),
			llmtest.Say("I could not patch."),
		})
		env := map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()}
		r := run(t, agentCmd(t, home, env, "run", "--provider", "openai", "--model", "gpt-5-codex", "--yes-safe", "--root", root, "say hello"))
		if r.code != 3 {
			t.Fatalf("exit code = %d, want 3 (denied)\nstderr: %s", r.code, r.stderr)
		}
		if res := srv.Requests()[1].ToolResults(); len(res) != 1 || !strings.Contains(res[0].Content, "denied by policy") {
			t.Errorf("tool result = %+v, want a denial", res)
		}
		if got := readAll(t, root); !sameMap(got, before) {
			t.Errorf("a denied patch changed the root: %v", got)
		}
	})

	t.Run("edit_tool = edit overrides the model's default", func(t *testing.T) {
		t.Parallel()
		root, home := t.TempDir(), t.TempDir()
		os.MkdirAll(filepath.Join(home, "config", "agent"), 0o755)
		os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"), []byte("[providers.openai]\nedit_tool = \"edit\"\n"), 0o644)
		srv := openaitest.NewServer(t, llmtest.Script{llmtest.Say("ok")})
		env := map[string]string{"OPENAI_API_KEY": llmtest.APIKey, "OPENAI_BASE_URL": srv.URL()}
		r := run(t, agentCmd(t, home, env, "run", "--provider", "openai", "--model", "gpt-5", "--root", root, "hi"))
		if r.code != 0 {
			t.Fatalf("exit code = %d\nstderr: %s", r.code, r.stderr)
		}
		if names := srv.Requests()[0].ToolNames(); slices.Contains(names, "apply_patch") || !slices.Contains(names, "edit_file") {
			t.Errorf("tools = %v, want edit_file as configured", names)
		}
		os.WriteFile(filepath.Join(home, "config", "agent", "config.toml"), []byte("[providers.openai]\nedit_tool = \"patch\"\n"), 0o644)
		r = run(t, agentCmd(t, home, env, "run", "--provider", "openai", "--root", root, "hi"))
		if r.code == 0 || !strings.Contains(r.stderr, `providers.openai.edit_tool = "patch"`) {
			t.Errorf("a bad edit_tool: exit %d, stderr %q; want a config error naming it", r.code, r.stderr)
		}
	})
}
