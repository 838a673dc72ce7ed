package cmd

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// fileAtCheckpoint records, at each checkpoint, what one file held.
type fileAtCheckpoint struct {
	path string
	err  error
	seen []string
}

func (c *fileAtCheckpoint) Checkpoint(context.Context, string) (string, error) {
	if c.err != nil {
		return "", c.err
	}
	b, _ := os.ReadFile(c.path)
	c.seen = append(c.seen, string(b))
	return "1", nil
}

// The screen's /apply takes a checkpoint of the project before the
// provider's changes go in, so /undo takes them back; without one it
// applies nothing and keeps the copy.
func TestScreenApplyTakesACheckpointFirst(t *testing.T) {
	for _, fails := range []bool{false, true} {
		name := "the checkpoint holds the file as it was"
		if fails {
			name = "no checkpoint, nothing applied"
		}
		t.Run(name, func(t *testing.T) {
			root, env := hermetic(t)
			file := filepath.Join(root, "a.txt")
			os.WriteFile(file, []byte("old\n"), 0o644)
			for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"}} {
				c := exec.Command("git", args...)
				c.Dir = root
				c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			a := &app{getenv: envMap(env), stdout: io.Discard, stderr: io.Discard}
			iso, err := a.isolate(t.Context(), root, []string{"p"})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(iso.Dir("p"), "a.txt"), []byte("new\n"), 0o644)
			cp := &fileAtCheckpoint{path: file}
			if fails {
				cp.err = errors.New("no space left on device")
			}
			s := &screenWorktrees{set: iso, root: root, names: []string{"p"}, undo: cp}
			_, err = s.Apply(t.Context(), "p")
			got, _ := os.ReadFile(file)
			if fails {
				if err == nil || string(got) != "old\n" {
					t.Fatalf("Apply = %v, a.txt = %q; want a refusal and the file untouched", err, got)
				}
				if _, serr := os.Stat(iso.Dir("p")); serr != nil {
					t.Errorf("the copy is gone after a refused apply: %v", serr)
				}
				return
			}
			if err != nil || string(got) != "new\n" {
				t.Fatalf("Apply = %v, a.txt = %q; want the change applied", err, got)
			}
			if len(cp.seen) != 1 || cp.seen[0] != "old\n" {
				t.Errorf("checkpoints saw %q, want one, taken before the change", cp.seen)
			}
		})
	}
}
