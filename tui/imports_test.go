package tui

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The screen talks to the core, not to the hands: no file of tui (tests
// aside, which may build fixtures) imports package tools or one below it;
// what it needs of them (undo, checkpoints) it asks of agent.
func TestTUIReachesToolsOnlyThroughAgent(t *testing.T) {
	const tools = "github.com/agentcli/agent/tools"
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == tools || strings.HasPrefix(p, tools+"/") {
				t.Errorf("%s imports %s: ask package agent instead", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("checked %d files; the walk did not find tui's sources", checked)
	}
}
