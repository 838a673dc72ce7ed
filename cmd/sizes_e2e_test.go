package cmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcli/agent/agent/llm/llmtest"
	"github.com/agentcli/agent/agent/llm/openai/openaitest"
)

// A call with megabytes of arguments (here a 4 MB path) is echoed nowhere
// whole: the error the model gets and the stderr line stay about a
// kilobyte, and the session file stores the arguments once.
func TestRunHugeArgumentsAreNotEchoed(t *testing.T) {
	t.Parallel()
	path := strings.Repeat("a/", 2<<20) + "x.txt"
	args, _ := json.Marshal(map[string]string{"path": path})
	srv := openaitest.NewServer(t, llmtest.Script{
		{Calls: []llmtest.Call{{Name: "read_file", Args: string(args)}}, Fault: llmtest.Fault{NoIndex: true}},
		llmtest.Say("Done."),
	})
	home := t.TempDir()
	// Four megabytes of arguments would fill a usual window and be
	// compacted away; what is measured here is what is echoed.
	writeUserConfig(t, home, "[providers.openai]\ncontext_window = 100000000\n")
	r := run(t, agentCmd(t, home, openaiEnv(srv), "run", "--yes-safe", "--root", t.TempDir(), "read it"))
	if r.code != 0 {
		t.Fatalf("exit code = %d, want 0\nstderr: %.2000s", r.code, r.stderr)
	}
	if len(r.stderr) > 4<<10 {
		t.Errorf("stderr holds %d bytes, want a few lines", len(r.stderr))
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("server received %d requests, want 2", len(reqs))
	}
	res := reqs[1].ToolResults()
	if len(res) != 1 || len(res[0].Content) > 3<<10 {
		t.Errorf("the model got a tool result of %d bytes, want about 2 KB at most", len(res[0].Content))
	}
	files, _ := filepath.Glob(filepath.Join(home, "state", "agent", "sessions", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files = %v, want one", files)
	}
	st, err := os.Stat(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > int64(len(args))*3/2 {
		t.Errorf("the session file holds %d bytes for %d bytes of arguments, want them stored once", st.Size(), len(args))
	}
}
