// Command gendocs writes agent's shell completions and man pages, generated
// from its cobra command tree, for the release archives and packages:
//
//	go run ./internal/gendocs -out DIR [-version V] [-date UNIX]
//
// makes DIR/completions/agent.bash, agent.zsh and agent.fish (what `agent
// completion SHELL` prints) and DIR/man/agent.1 with one page per command
// (agent-run.1, agent-sessions-export.1...). The pages' date is -date (a
// release passes its commit's time, so the same commit makes the same
// pages), else SOURCE_DATE_EPOCH, else today.
// DIR's completions/ and man/ are replaced.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra/doc"

	"github.com/agentcli/agent/cmd"
)

func main() {
	out := flag.String("out", "", "directory to write completions/ and man/ into")
	version := flag.String("version", "", "the version the man pages name as their source")
	date := flag.Int64("date", 0, "the man pages' date, in seconds since 1970 (default: SOURCE_DATE_EPOCH, else today)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gendocs -out DIR [-version V] [-date UNIX]")
		os.Exit(2)
	}
	var when *time.Time
	if *date != 0 {
		t := time.Unix(*date, 0).UTC()
		when = &t
	}
	if err := generate(*out, *version, when); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// shells are the shells `agent completion` has a script for.
var shells = []string{"bash", "zsh", "fish"}

// generate writes the completions and man pages into dir. A nil date is
// cobra's: SOURCE_DATE_EPOCH, else now.
func generate(dir, version string, date *time.Time) error {
	comp, man := filepath.Join(dir, "completions"), filepath.Join(dir, "man")
	for _, d := range []string{comp, man} {
		if err := os.RemoveAll(d); err != nil {
			return err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for _, sh := range shells {
		script, err := completion(sh)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(comp, "agent."+sh), script, 0o644); err != nil {
			return err
		}
	}
	root := cmd.CommandTree(io.Discard, io.Discard)
	root.DisableAutoGenTag = true
	source := "agent"
	if version != "" {
		source += " " + version
	}
	header := &doc.GenManHeader{Title: "AGENT", Section: "1", Source: source, Manual: "agent manual", Date: date}
	if err := doc.GenManTree(root, header, man); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	return nil
}

// completion is what `agent completion sh` prints, made by running that
// command on the tree.
func completion(sh string) ([]byte, error) {
	var out, errOut bytes.Buffer
	root := cmd.CommandTree(&out, &errOut)
	root.SetArgs([]string{"completion", sh})
	if err := root.Execute(); err != nil {
		return nil, fmt.Errorf("agent completion %s: %w: %s", sh, err, errOut.String())
	}
	if out.Len() == 0 {
		return nil, errors.New("agent completion " + sh + " printed nothing")
	}
	return out.Bytes(), nil
}
