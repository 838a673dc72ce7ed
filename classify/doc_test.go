package classify

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestSafetyDocExamples checks the examples in docs/safety.md. A fenced
// block marked "classify" holds lines of a level and a command; one marked
// "classify policy" is checked under the rules of the last block marked
// "toml policy", which must decode and validate as the config loader would.
func TestSafetyDocExamples(t *testing.T) {
	f, err := os.Open("../docs/safety.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		policy  Policy
		block   string // info string of the open fence, "" outside
		tomlSrc strings.Builder
		checked int
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if info, ok := strings.CutPrefix(line, "```"); ok {
			if block == "" {
				block = strings.TrimSpace(info)
				if block == "" {
					block = "text"
				}
				tomlSrc.Reset()
				continue
			}
			if block == "toml policy" {
				policy = Policy{}
				if _, err := toml.Decode(tomlSrc.String(), &policy); err != nil {
					t.Fatalf("safety.md:%d: toml policy: %v", n, err)
				}
				if err := policy.Validate(); err != nil {
					t.Fatalf("safety.md:%d: toml policy: %v", n, err)
				}
			}
			block = ""
			continue
		}
		switch block {
		case "toml policy":
			tomlSrc.WriteString(line + "\n")
		case "classify", "classify policy":
			if strings.TrimSpace(line) == "" {
				continue
			}
			name, cmd, ok := strings.Cut(line, " ")
			want, err := ParseLevel(name)
			if !ok || err != nil {
				t.Fatalf("safety.md:%d: %q: want a level and a command", n, line)
			}
			cmd = strings.TrimSpace(cmd)
			p := Policy{}
			if block == "classify policy" {
				p = policy
			}
			checked++
			t.Run(cmd+" is "+want.String(), func(t *testing.T) {
				got := Classify(shellAction(cmd), p)
				if got.Level != want {
					t.Errorf("safety.md:%d: Classify(%q) = %v, want %v\nreasons: %s", n, cmd, got.Level, want, strings.Join(got.Reasons, "; "))
				}
			})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if block != "" {
		t.Errorf("safety.md: fence %q is not closed", block)
	}
	if checked < 100 {
		t.Errorf("safety.md has %d checked examples, want at least 100", checked)
	}
}
