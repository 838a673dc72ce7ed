package tui

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// docs/screen.md's table of slash commands is what a person reads to learn
// them: it names every command the prompt runs, and nothing else.
func TestScreenDocListsEverySlashCommand(t *testing.T) {
	doc, err := os.ReadFile("../docs/screen.md")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `(/[a-z]+)").FindAllSubmatch(doc, -1) {
		documented = append(documented, string(m[1]))
	}
	var listed []string
	for _, c := range slashCommands {
		listed = append(listed, c.name)
		if !slices.Contains(documented, c.name) {
			t.Errorf("%s is a slash command but docs/screen.md's table does not list it", c.name)
		}
	}
	for _, name := range documented {
		if !slices.Contains(listed, name) {
			t.Errorf("docs/screen.md lists %s, which is not a slash command", name)
		}
	}
}
