package classify

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// safeProbes are argument lists that make a command safe if anything
// does: none, a file, a listing flag, and the read-only verbs of tools
// with subcommands. "--version" and "--help" alone are left out: every
// known tool prints its version safely, and nothing else is modelled for
// them (onlyPrintsVersion).
var safeProbes = []string{"", " x", " -l", " status", " list", " ls", " log", " show", " test", " build",
	" check", " get pods", " version", " help", " info", " diff", " vet ./...", " ps", " images", " plan",
	" search x", " config list", " l x.7z", " -tf x.tar", " -x ls", " 1"}

// canBeSafe reports whether some probe makes the command name safe.
func canBeSafe(name string) bool {
	for _, p := range safeProbes {
		if Classify(shellAction(name+p), Policy{}).Level == Safe {
			return true
		}
	}
	return false
}

// shellWords are the names the classifier may call safe without an
// option table: bash's own words, which have no options that reach
// outside the shell (bash rejects an option a builtin does not have and
// does nothing), or whose words the classifier judges as the code they
// are (eval, command, trap).
var shellWords = map[string]string{
	":": "does nothing; its words are expanded only", "true": "does nothing", "false": "does nothing",
	"echo":  "prints its words; bash's echo takes -n, -e and -E and prints any other word",
	"times": "prints the shell's times; takes no options", "caller": "prints a call frame; takes a number",
	"break": "leaves a loop; takes a number", "continue": "goes on with a loop; takes a number",
	"exit": "ends the shell; takes a status", "return": "returns from a function; takes a status",
	"shift": "shifts the positional parameters; takes a number",
	"set":   "sets the shell's options and positional parameters", "shopt": "sets the shell's options",
	"compopt": "sets completion options", "let": "evaluates arithmetic, whose substitutions are judged",
	"local": "declares variables, whose values are judged", "declare": "declares variables, whose values are judged",
	"typeset": "declares variables, whose values are judged", "export": "marks variables for export",
	"readonly": "marks variables read-only", "disown": "forgets jobs", "unalias": "removes aliases",
	"alias": "defines aliases, whose text is judged as code", "unset": "removes variables or functions",
	"builtin": "runs the builtin it names, judged as that builtin", "command": "runs the command it names, judged as that command",
	"eval": "runs its words as code, judged as that code", "exec": "runs the command it names, judged as that command",
	"trap": "sets a handler, judged as code", "cd": "changes the shell's directory, followed for later paths",
	"pushd": "changes the shell's directory, followed for later paths", "popd": "changes the shell's directory, followed for later paths",
	"read": "reads a line into variables", "readarray": "reads lines into an array; -C callbacks are judged as code",
	"mapfile": "reads lines into an array; -C callbacks are judged as code", "getopts": "parses positional parameters",
	"hash": "remembers command paths", "history": "lists history; its writing options are judged",
	"kill": "sends a signal; the signals and targets are judged", "ulimit": "prints or lowers the shell's limits",
	"umask": "prints or sets the file mode mask", "wait": "waits for jobs", "compgen": "prints completions; -C callbacks are judged",
	"complete": "sets completions; -C callbacks are judged", "printf": "prints its words; -v assigns a variable",
	"test": "evaluates an expression; files it names are only tested", "[": "evaluates an expression; files it names are only tested",
}

// everyWordIsAnOperand are tabled names whose words are all operands
// (expr -5 + 1), so no word is an unknown option.
var everyWordIsAnOperand = []string{"expr", "factor"}

// TestEverySafeNameHasATable enumerates every command name the
// classifier can call safe and checks that each is judged by a complete
// option table that names its source and version, or is a shell word
// (listed above with why), or is safe only by the version words its
// manual gives. A tabled name is closed: an option its table does not
// list is never safe. Known tools without a complete table are on
// untabled, and never safe (TestUntabledNamesAreNeverSafe).
func TestEverySafeNameHasATable(t *testing.T) {
	version := regexp.MustCompile(`\d+(\.\d+)*`)
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	safe, versionOnly := 0, 0
	for _, n := range names {
		source, tabled := tableSources[n]
		switch {
		case tabled && shellWords[n] != "":
			t.Errorf("%s has a table (%s): take it off shellWords", n, source)
		case tabled && !version.MatchString(source):
			t.Errorf("%s's table gives its source as %q, with no version", n, source)
		}
		if !canBeSafe(n) {
			continue
		}
		safe++
		byVersion := !tabled && safeOnlyByVersionFlags(t, n)
		if byVersion {
			versionOnly++
		}
		if !tabled && shellWords[n] == "" && !byVersion {
			t.Errorf("%s may be called safe but has no option table with a source (nor is it a shell word)", n)
		}
		if !tabled || slices.Contains(everyWordIsAnOperand, n) {
			continue
		}
		// Closed: an unknown option before the probe's words is never
		// safe (after them it may be the value of a probe's option).
		for _, p := range safeProbes {
			if Classify(shellAction(n+p), Policy{}).Level != Safe {
				continue
			}
			cmd := n + " --zz-not-an-option" + p
			if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
				t.Errorf("Classify(%q) = safe: %s's table (%s) does not close over unknown options\nreasons: %q", cmd, n, source, v.Reasons)
			}
		}
	}
	t.Logf("%d names may be called safe: %d by a table, %d only by their version words, %d shell words; %d known tools without a complete table are never safe (untabled)", safe, safe-versionOnly-len(shellWords), versionOnly, len(shellWords), len(untabled))
}

// safeOnlyByVersionFlags reports whether the only probes that make name
// safe are single words its manual gives for printing its version or
// help (versionFlags[name]): then nothing else it says is safe, and the
// name is fully modelled without a table. The word stays safe only
// alone: with an unknown option before it or an operand after it, it is
// not.
func safeOnlyByVersionFlags(t *testing.T, name string) bool {
	t.Helper()
	words := 0
	for _, p := range safeProbes {
		if Classify(shellAction(name+p), Policy{}).Level != Safe {
			continue
		}
		if w := strings.TrimSpace(p); strings.Contains(w, " ") || !slices.Contains(versionFlags[name], w) {
			return false
		}
		words++
		for _, cmd := range []string{name + " --zz-not-an-option" + p, name + p + " x"} {
			if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
				t.Errorf("Classify(%q) = safe: %s's version word is safe only alone\nreasons: %q", cmd, name, v.Reasons)
			}
		}
	}
	return words > 0
}

// TestUntabledNamesAreNeverSafe checks the list of tools without a
// complete table: each is a known command (a misspelt name would guard
// nothing), and no probe makes it safe, only the version words its manual
// gives, alone.
func TestUntabledNamesAreNeverSafe(t *testing.T) {
	for _, n := range untabled {
		if _, ok := tableSources[n]; ok {
			t.Errorf("%s has a table (%s): take it off untabled", n, tableSources[n])
		}
		for _, p := range safeProbes {
			if slices.Contains(versionFlags[n], strings.TrimSpace(p)) {
				continue
			}
			if v := Classify(shellAction(n+p), Policy{}); v.Level == Safe {
				t.Errorf("Classify(%q) = safe, want at least warning: %s has no complete table\nreasons: %q", n+p, n, v.Reasons)
			}
		}
	}
}
