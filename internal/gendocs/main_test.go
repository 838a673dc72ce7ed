package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentcli/agent/cmd"
)

func TestGenerateWritesAPagePerCommandAndEachShellsCompletion(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1764172800") // 2025-11-26
	dir := t.TempDir()
	// Something left from an older tree must not survive.
	os.MkdirAll(filepath.Join(dir, "man"), 0o755)
	os.WriteFile(filepath.Join(dir, "man", "agent-gone.1"), []byte("old"), 0o644)

	if err := generate(dir, "v9.8.7", nil); err != nil {
		t.Fatal(err)
	}
	// A release passes its commit's time.
	release := t.TempDir()
	when := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := generate(release, "v1.0.0", &when); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(release, "man", "agent.1")); !strings.Contains(string(b), `.TH "AGENT" "1" "Mar 2024" "agent v1.0.0"`) {
		t.Errorf("agent.1 with -date 2024-03-01:\n%.200s", b)
	}

	var walk func(c *cobra.Command)
	pages := 0
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c.HasParent() {
			return
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		b, err := os.ReadFile(filepath.Join(dir, "man", name))
		if err != nil {
			t.Errorf("no man page for %q: %v", c.CommandPath(), err)
		} else {
			pages++
			page := string(b)
			if !strings.Contains(page, `.TH "AGENT" "1" "Nov 2025" "agent v9.8.7" "agent manual"`) {
				t.Errorf("%s: header is not the release's:\n%s", name, page[:min(len(page), 200)])
			}
			if strings.Contains(page, "Auto generated") {
				t.Errorf("%s carries cobra's generation tag, which changes with the day", name)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(cmd.CommandTree(nil, nil))
	if pages < 10 {
		t.Errorf("%d man pages, want one for each of agent's commands", pages)
	}
	if _, err := os.Stat(filepath.Join(dir, "man", "agent-gone.1")); err == nil {
		t.Error("a page from an older run survived")
	}
	run, _ := os.ReadFile(filepath.Join(dir, "man", "agent-run.1"))
	for _, want := range []string{"--yes", "--json", "--max-turns"} {
		if !strings.Contains(string(run), want) {
			t.Errorf("agent-run.1 does not document %s", want)
		}
	}

	for sh, want := range map[string]string{
		"bash": "# bash completion V2 for agent",
		"zsh":  "#compdef agent",
		"fish": "complete -c agent",
	} {
		b, err := os.ReadFile(filepath.Join(dir, "completions", "agent."+sh))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("agent.%s does not contain %q:\n%.300s", sh, want, b)
		}
	}
}
