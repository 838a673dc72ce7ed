//go:build unix

package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentcli/agent/tools/sandbox"
)

// Command makes a command confined to a project root: it may write there
// and in its private temp directory and nowhere else, and (where the
// sandbox confines, see Status) sees no credentials and has no network
// unless Options.Network says so. How it ended comes from WaitStatus.
//
// The agent's binary is the helper that confines each command; here the
// test binary plays it, as the agent's main does by calling HelperMain.
func ExampleSandbox_Command() {
	exe, err := os.Executable()
	if err != nil {
		fmt.Println(err)
		return
	}
	root, _ := os.MkdirTemp("", "example-root-")
	tmp, _ := os.MkdirTemp("", "example-tmp-")
	defer os.RemoveAll(root)
	defer os.RemoveAll(tmp)

	sb := sandbox.New(sandbox.DefaultConfig(), exe)
	opts := sandbox.Options{Root: root, TempDir: tmp}
	for _, script := range []string{`echo hello > note.txt`, `cat note.txt; exit 3`} {
		cmd, err := sb.Command(context.Background(), opts, []string{"bash", "-c", script})
		if err != nil {
			fmt.Println(err)
			return
		}
		cmd.Dir, cmd.Env = root, []string{"PATH=/usr/bin:/bin"}
		cmd.Stdout = os.Stdout
		cmd.SysProcAttr.Setpgid = true // its own group, to signal it whole
		if err := cmd.Start(); err != nil {
			fmt.Println(err)
			return
		}
		_ = cmd.Wait() // an exit status is not an error here
		ws, _ := cmd.WaitStatus()
		fmt.Printf("%s: exit %d\n", script, ws.ExitStatus())
	}
	data, _ := os.ReadFile(filepath.Join(root, "note.txt"))
	fmt.Printf("the root holds %q", data)
	// Output:
	// echo hello > note.txt: exit 0
	// hello
	// cat note.txt; exit 3: exit 3
	// the root holds "hello\n"
}
