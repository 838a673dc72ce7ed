package classify

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	f, err := os.Open("/tmp/scratch/cmds.txt")
	if err != nil {
		t.Skip()
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		v := Classify(Action{Kind: Shell, Command: line, Root: "/home/dev/project", Home: "/home/dev"}, Policy{})
		fmt.Printf("%-9s %-50s %q %s\n", v.Level, line, v.Reasons, v.Rule)
	}
}
