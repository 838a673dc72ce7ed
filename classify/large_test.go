package classify

import (
	"strings"
	"testing"
)

// nestedBash wraps cmd in n levels of bash -c, quoting each level.
func nestedBash(cmd string, n int) string {
	for range n {
		cmd = "bash -c " + singleQuote(cmd)
	}
	return cmd
}

// largeCommands are the shapes an attacker can use to make the
// classifier slow: many statements, one long pipeline, one huge word, a
// huge here-document, many substitutions, deep nesting; each at 1 MB
// (over the size limit, so Blocked at once) and just under the limit
// (judged in full, up to maxCommands commands).
func largeCommands() map[string]string {
	out := map[string]string{
		"bash-c-10":    nestedBash("ls -la", 10),
		"bash-c-12":    nestedBash("ls -la", 12),
		"bash-c-12-rm": nestedBash("rm -rf ~", 12),
		"eval-12":      strings.Repeat("eval ", 12) + "ls",
		"eval-12-rm":   strings.Repeat("eval ", 12) + "rm -rf ~",
	}
	for _, size := range []struct {
		name string
		n    int
	}{{"1MB", 1_000_000}, {"limit", maxCommandBytes - 64}} {
		out["statements-"+size.name] = strings.Repeat("echo hello world; ", size.n/18)
		out["pipeline-"+size.name] = strings.Repeat("cat a | grep b | ", size.n/17) + "wc -l"
		out["word-"+size.name] = "echo " + strings.Repeat("a'b'", size.n/4)
		out["heredoc-"+size.name] = "cat > notes.txt <<'EOF'\n" + strings.Repeat("some text line\n", size.n/15) + "EOF\n"
		out["substs-"+size.name] = strings.Repeat("echo $(ls); ", size.n/12)
	}
	return out
}

// BenchmarkClassifyLarge judges each large command; every one must take
// well under 100 ms.
func BenchmarkClassifyLarge(b *testing.B) {
	for name, cmd := range largeCommands() {
		b.Run(name, func(b *testing.B) {
			a := shellAction(cmd)
			for b.Loop() {
				Classify(a, Policy{})
			}
		})
	}
}

func TestLargeCommandsAreJudged(t *testing.T) {
	for name, cmd := range largeCommands() {
		v := Classify(shellAction(cmd), Policy{})
		if strings.HasSuffix(name, "-rm") && v.Level != Blocked {
			t.Errorf("%s: Classify = %v, want blocked\nreasons: %q", name, v.Level, v.Reasons)
		}
		if len(v.Reasons) == 0 {
			t.Errorf("%s: no reasons", name)
		}
	}
	long := strings.Repeat("ls; ", maxCommandBytes/4+1)
	if v := Classify(shellAction(long), Policy{}); v.Level != Blocked || !strings.Contains(v.Reasons[0], "too long") {
		t.Errorf("a command over %d bytes: Classify = %v %q, want blocked as too long", maxCommandBytes, v.Level, v.Reasons)
	}
	deep := nestedBash("ls", maxDepth+1)
	if len(deep) <= maxCommandBytes {
		if v := Classify(shellAction(deep), Policy{}); v.Level != Blocked {
			t.Errorf("%d levels of bash -c: Classify = %v, want blocked", maxDepth+1, v.Level)
		}
	}
}

// A NUL byte cannot reach bash or any program's arguments, so text after
// it is never what runs: the parser would judge source nobody executes
// (FuzzClassify found `test -v 'x[$(\<NUL>…)]'` called safe while the
// code in it was not). Every command holding one is blocked.
func TestCommandWithNULIsBlocked(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{
		"ls\x00; rm -rf ~",
		"echo hi\x00",
		"test -v 'x[$(\\\x00\n)]'",
		"printf -v 'x[$(\\\x00\n)]' y",
		"\x00",
	} {
		if v := Classify(shellAction(cmd), Policy{}); v.Level != Blocked || !strings.Contains(v.Reasons[0], "NUL") {
			t.Errorf("Classify(%q) = %v %q, want blocked for its NUL byte", cmd, v.Level, v.Reasons)
		}
	}
}
