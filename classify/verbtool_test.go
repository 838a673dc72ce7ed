package classify

import (
	"strings"
	"testing"
)

// A tool with subcommands is judged by the table of its subcommand: the
// options before it by the global table, the words after it by the
// subcommand's, and an option neither lists is not modelled.
func TestVerbToolJudgesEachPartByItsTable(t *testing.T) {
	tool := newVerbTool(toolOpts{source: "test 1.0", vals: "C", long: "--quiet", reads: "-C"},
		map[string]*toolOpts{
			"show": {flags: "a", longVal: "--out", writes: "--out"},
			"test": {oneDash: true, long: "-v -race", longVal: "-run -coverprofile", writes: "-coverprofile"},
		})
	commands["zzverb"] = func(c *cmd) {
		verb, _, ops, known := c.verb(tool)
		if !known {
			c.add(Warning, "runs "+verb.s, "builtin:test")
			return
		}
		c.add(Safe, "reads", "builtin:read-only")
		c.read(ops)
	}
	defer delete(commands, "zzverb")
	for _, tc := range []struct {
		line string
		want Level
		why  string
	}{
		{"zzverb --quiet show -a f", Safe, ""},
		{"zzverb -C dir show f", Safe, ""},
		{"zzverb -C ~/.ssh show", Blocked, ".ssh"},
		{"zzverb show --out ~/.bashrc f", Blocked, "bashrc"},
		{"zzverb show --zz f", Warning, "not modelled: --zz"},
		{"zzverb --zz show f", Warning, "not modelled: --zz"},
		{"zzverb test -race -run TestA -v ./...", Safe, ""},
		{"zzverb test --race -v", Safe, ""},
		{"zzverb test -rac", Warning, "not modelled: -rac"},
		{"zzverb test -coverprofile=../../c.out", Dangerous, "writes outside the project"},
		{"zzverb install pkg", Warning, "runs install"},
		{"zzverb show -- --zz", Safe, ""},
	} {
		v := Classify(shellAction(tc.line), Policy{})
		if v.Level != tc.want || !strings.Contains(strings.Join(v.Reasons, "\n"), tc.why) {
			t.Errorf("Classify(%q) = %v %q, want %v with %q", tc.line, v.Level, v.Reasons, tc.want, tc.why)
		}
	}
}
