package cmd

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The screen's session makes its checkpoint store only once begun (its
// first frame being drawn), so that git does not compete with the frame;
// a headless run's session makes it at once. A session closed before it
// began makes none, and closing it does not wait for a begin that never
// comes.
func TestSessionWorkOnTheSideWaitsForTheScreen(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the checkpoint store needs it")
	}
	t.Parallel()
	cases := []struct {
		name      string
		command   string
		begin     bool
		wantStore bool
	}{
		{"a run makes the store at once", "run", false, true},
		{"the screen makes it once begun", "interactive", true, true},
		{"the screen closed before it began makes none", "interactive", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			home, root := t.TempDir(), t.TempDir()
			env := envMap(map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_CONFIG_HOME": filepath.Join(home, "config")})
			a := &app{getenv: env, stdout: io.Discard, stderr: io.Discard}
			cfg := defaultConfig()
			if err := a.openSession(&cfg, root, c.command); err != nil {
				t.Fatal(err)
			}
			if c.begin {
				a.session.begin()
			}
			a.closeSession() // waits for the work on the side
			entries, _ := os.ReadDir(checkpointsDir(env))
			if got := len(entries) > 0; got != c.wantStore {
				t.Errorf("checkpoint store made: %v, want %v (%s holds %d entries)", got, c.wantStore, checkpointsDir(env), len(entries))
			}
		})
	}
}
