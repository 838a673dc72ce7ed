package cmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A first make build on a fresh module cache takes minutes: the Makefile
// says that it downloads the modules before it does, and only then.
func TestMakeBuildSaysWhenItDownloadsModules(t *testing.T) {
	t.Parallel()
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	for _, tt := range []struct {
		name     string
		cached   bool
		wantSaid bool
	}{
		{"on a fresh module cache", false, true},
		{"with every module cached", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			log := filepath.Join(dir, "go.log")
			listExit := "1"
			if tt.cached {
				listExit = "0"
			}
			// A stand-in for go: it logs its arguments, and its list fails
			// the way go's does when GOPROXY=off meets a missing module.
			fakeGo := filepath.Join(dir, "go")
			script := "#!/bin/sh\necho \"$*\" >>" + log + "\ncase \"$1\" in list) exit " + listExit + ";; esac\nexit 0\n"
			if err := os.WriteFile(fakeGo, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			c := exec.Command(makeBin, "-s", "-C", "..", "build", "GO="+fakeGo, "VERSION=test")
			out, err := c.CombinedOutput()
			if err != nil {
				t.Fatalf("make build: %v\n%s", err, out)
			}
			said := strings.Contains(string(out), "== go mod download   (the first build fetches the modules agent needs")
			if said != tt.wantSaid {
				t.Errorf("make build printed:\n%s\nsaid it downloads: %v, want %v", out, said, tt.wantSaid)
			}
			calls, _ := os.ReadFile(log)
			downloaded := strings.Contains(string(calls), "mod download\n")
			if downloaded != tt.wantSaid || !strings.Contains(string(calls), "build -ldflags") {
				t.Errorf("make build ran go with:\n%s\nwant mod download: %v, then build", calls, tt.wantSaid)
			}
		})
	}
}
