package classify

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// helpKnows reports whether a table knows the option name as a tool's
// --help (or source) prints it: by its name, or, for a tool that
// abbreviates, as the start of a name the table lists, since the help
// pages are scraped by patterns that stop at a "." or a wrapped line
// (meson's --build.pkg-config-path comes out as --build).
func (o *toolOpts) helpKnows(name string) bool {
	if o.knows(name) {
		return true
	}
	if strings.HasPrefix(name, "--") && len(name) > 3 && !o.exact {
		for l := range o.known {
			if strings.HasPrefix(l, name) {
				return true
			}
		}
	}
	return false
}

// unlistedAsks counts what askedUnlisted is told while the tests run,
// and keeps the last pair.
var unlistedAsks struct {
	sync.Mutex
	n    int
	last string
}

func init() {
	askedUnlisted = func(got, want string) {
		unlistedAsks.Lock()
		unlistedAsks.n++
		unlistedAsks.last = want + " (as " + got + ")"
		unlistedAsks.Unlock()
	}
}

// abbreviations returns cmd with one long option word cut short, for
// every long option word and every cut that leaves at least two letters.
func abbreviations(cmd string) []string {
	var out []string
	words := strings.Split(cmd, " ")
	for i, w := range words {
		name, val, eq := strings.Cut(w, "=")
		if !longWord.MatchString(name) {
			continue
		}
		for n := 4; n < len(name); n++ {
			cut := name[:n]
			if eq {
				cut += "=" + val
			}
			out = append(out, strings.Join(slices.Concat(words[:i], []string{cut}, words[i+1:]), " "))
		}
	}
	return out
}

var longWord = regexp.MustCompile(`^--[a-z][a-z0-9-]+$`)

// TestHandlersAskOnlyForListedNames judges every corpus command with
// each long option cut short, as getopt_long lets a person write it, and
// fails where a handler asked for a long option its spec does not list
// and the cut word may abbreviate it. Such a word is taken for the
// option (the spec cannot say otherwise), but the spec is then blind to
// an option given in full that is a prefix of the one asked for, which
// is the class of attack exact names close: list the name in the spec.
func TestHandlersAskOnlyForListedNames(t *testing.T) {
	var cmds []string
	for _, r := range readCorpus(t) {
		cmds = append(cmds, r.cmd)
	}
	cmds = append(cmds, testedCommands(t)...)
	found := map[string]string{}
	for _, line := range cmds {
		for _, cmd := range abbreviations(line) {
			unlistedAsks.Lock()
			before := unlistedAsks.n
			unlistedAsks.Unlock()
			Classify(shellAction(cmd), Policy{})
			unlistedAsks.Lock()
			asked, last := unlistedAsks.n != before, unlistedAsks.last
			unlistedAsks.Unlock()
			if _, seen := found[last]; asked && !seen {
				found[last] = cmd
			}
		}
	}
	for asked, cmd := range found {
		if shared := sharedAsks[strings.Fields(asked)[0]]; shared != "" && strings.HasPrefix(cmd, strings.Fields(shared)[0]+" ") {
			continue
		}
		t.Errorf("judging %q, a handler asked for %s, which its spec does not list", cmd, asked)
	}
}

// sharedAsks are names a handler shared by several tools asks for that
// one of them does not have: "TOOL why" by the name. The word is taken
// for the name there, which the shared check then judges more strictly.
var sharedAsks = map[string]string{
	"--save":         "paru yay's --save, asked by the AUR helpers' judge; paru's is --savechanges",
	"--script-shell": "yarn npm's and pnpm's, asked by npmOptions for every JavaScript package manager",
}

// testedCommands returns the commands the package's tests give a level
// as {"COMMAND", Level} literals.
func testedCommands(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range levelLiteral.FindAllStringSubmatch(string(src), -1) {
			if cmd, err := strconv.Unquote(m[1]); err == nil {
				out = append(out, cmd)
			}
		}
	}
	return out
}

var levelLiteral = regexp.MustCompile("\\{(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`), (?:Safe|Warning|Dangerous|Blocked)\\}")

// parsedString writes flags as "name=value" words (an ambiguous name
// marked "?") and the operands after a "|".
func parsedString(flags []flag, ops []field) string {
	var out []string
	for _, f := range flags {
		s := f.name
		if f.ambiguous {
			s += "?"
		}
		if f.hasVal {
			s += "=" + f.val.s
		}
		out = append(out, s)
	}
	out = append(out, "|")
	for _, o := range ops {
		out = append(out, o.s)
	}
	return strings.Join(out, " ")
}

// parseOpts reads a long option as getopt_long does: a name of the table
// given in full is that name even when it begins a longer one, a prefix
// of exactly one name is that name (its value taken from the next word
// or after "="), and a prefix of several is none of them.
func TestParseOptsResolvesAbbreviations(t *testing.T) {
	getopt := optSpec{short: "fT", long: []string{"--file", "--files-from", "--exclude", "--exclude-from", "--output", "--listed-incremental"},
		noVal: []string{"--list", "--verbose", "--verify", "--no-verify", "--help", "--version"}}
	exact := getopt
	exact.exact = true
	oneDash := optSpec{oneDash: true, long: []string{"-file", "-files-from"}, noVal: []string{"-v"}}
	for _, tc := range []struct {
		name string
		sp   optSpec
		args string
		want string
	}{
		{"a name given in full is that name", getopt, "--file a.tar x", "--file=a.tar | x"},
		{"a full name that begins a longer one is still itself", getopt, "--file=list.txt", "--file=list.txt |"},
		{"a unique prefix is the name it begins", getopt, "--files list.txt x", "--files-from=list.txt | x"},
		{"a unique prefix takes its value after =", getopt, "--files-f=list.txt", "--files-from=list.txt |"},
		{"a prefix of two names is ambiguous", getopt, "--fi list.txt x", "--fi?=list.txt | x"},
		{"an ambiguous prefix of options without a value takes none", getopt, "--ver x", "--ver? | x"},
		{"an exact name without a value takes none", getopt, "--list x", "--list | x"},
		{"a prefix beyond the shorter name is the longer one", getopt, "--liste snap x", "--listed-incremental=snap | x"},
		{"--exclude is not --exclude-from", getopt, "--exclude /etc/passwd x", "--exclude=/etc/passwd | x"},
		{"--exclude-f is --exclude-from", getopt, "--exclude-f /etc/passwd x", "--exclude-from=/etc/passwd | x"},
		{"a --no- form is a name like any other", getopt, "--no-v x", "--no-verify | x"},
		{"a --no- form given in full", getopt, "--no-verify x", "--no-verify | x"},
		{"--help is among the names", getopt, "--he", "--help |"},
		{"a word that begins no name is itself", getopt, "--zz x", "--zz | x"},
		{"two dashes alone are too short to abbreviate", getopt, "-- --file", "| --file"},
		{"a tool that never abbreviates reads names whole", exact, "--files list.txt", "--files | list.txt"},
		{"it still takes the value of a name given whole", exact, "--file a.tar", "--file=a.tar |"},
		{"one-dash options are whole names", oneDash, "-fil x -file y", "-fil -file=y | x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var args []field
			for _, w := range strings.Fields(tc.args) {
				args = append(args, lit(w))
			}
			if got := parsedString(parseOpts(args, tc.sp)); got != tc.want {
				t.Errorf("parseOpts(%q) = %q, want %q", tc.args, got, tc.want)
			}
		})
	}
}

// An option word whose value is not known is read by its name too, and
// its name is resolved like any other.
func TestDynamicOptionNamesAreResolved(t *testing.T) {
	sp := optSpec{long: []string{"--file", "--files-from"}}
	for _, tc := range []struct{ word, want string }{
		{`--files-f="$X"`, "--files-from"}, {`--file="$X"`, "--file"}, {`--fi="$X"`, "--fi?"},
	} {
		flags, _ := parseOpts([]field{{s: tc.word, dyn: true}}, sp)
		if got := strings.Split(parsedString(flags, nil), "=")[0]; len(flags) != 1 || got != tc.want || !flags[0].val.dyn {
			t.Errorf("parseOpts(%q) = %q, want %s with a value not known", tc.word, parsedString(flags, nil), tc.want)
		}
	}
}

// has, value and values compare names whole; an ambiguous word stands
// for every name it begins; a name the spec does not list may be
// abbreviated by the word as given.
func TestFlagsMatchNamesWhole(t *testing.T) {
	sp := optSpec{long: []string{"--file", "--files-from", "--out"}, noVal: []string{"--list", "--listed"}}
	parse := func(s string) []flag {
		var args []field
		for _, w := range strings.Fields(s) {
			args = append(args, lit(w))
		}
		flags, _ := parseOpts(args, sp)
		return flags
	}
	for _, tc := range []struct {
		args, want string
		is         bool
	}{
		{"--file x", "--file", true},
		{"--file x", "--files-from", false},
		{"--files x", "--files-from", true},
		{"--files x", "--file", false},
		{"--fi x", "--file", true},
		{"--fi x", "--files-from", true},
		{"--list", "--listed", false},
		{"--ou x", "--output", true},   // --output is not in the spec: --ou may abbreviate it
		{"--ou x", "--outside", true},  // as may it any name the spec does not list
		{"--out x", "--output", false}, // but --out is the spec's name, given in full
		{"--fil x", "--filed", true},
		{"--lis", "--list", true}, // ambiguous: each of --list and --listed
		{"--lis", "--listed", true},
		{"-f", "f", true},
		{"-f", "--file", false},
	} {
		flags := parse(tc.args)
		if got := has(flags, tc.want); got != tc.is {
			t.Errorf("has(parse(%q), %q) = %v, want %v", tc.args, tc.want, got, tc.is)
		}
	}
}

// An option given in full is never the abbreviation of a longer one, so
// a value meant for the shorter (a pattern, an owner name, a format) is
// not judged as the longer one's file, and the longer one's abbreviation
// still is; an abbreviation of two names is not modelled. These are the
// tables' pairs of a name and a longer name whose value is judged
// (TestTablePairsHaveCorpusRows finds them all; du, diff, grep, hexdump,
// tree, file, sort and pip here, the rest in the corpus), with GNU tar's
// own pairs, and specs written inline (rm, run-parts, git format-patch).
func TestAbbreviationsAreJudgedAsTheirName(t *testing.T) {
	checkLevels(t, []levelCase{
		{"grep --exclude=/home/dev/.netrc -r TODO src", Safe}, {"grep --exclude-f=/home/dev/.netrc -r TODO src", Blocked}, {"grep --excl=/home/dev/.netrc -r TODO src", Blocked},
		{"grep --excl='*.md' -r TODO src", Warning},
		{"du --exclude=/home/dev/.netrc src", Safe}, {"du --exclude-f=/home/dev/.netrc src", Blocked}, {"du --exc='*.o' src", Warning},
		{"diff -r --exclude=/home/dev/.netrc a b", Safe}, {"diff -r --exclude-f=/home/dev/.netrc a b", Blocked},
		{"hexdump --format=/home/dev/.netrc x.bin", Safe}, {"hexdump --format-f=/home/dev/.netrc x.bin", Blocked}, {"hexdump --form='%x' x.bin", Warning},
		{"tree --info src", Safe}, {"tree --infof /home/dev/.netrc src", Blocked}, {"tree --inf src", Warning},
		{"file --exclude=/home/dev/.netrc x", Safe}, {"file --files-f /home/dev/.netrc", Blocked},
		{"sort --out=/tmp/x a", Dangerous}, {"sort --files0-f=/home/dev/.netrc", Blocked},
		{"pip list --log=/home/dev/.bashrc", Blocked}, {"pip list --log-f=/home/dev/.bashrc", Blocked}, {"pip list --lo=x", Warning},
		{"tar -cf out.tar --owner=/home/dev/.netrc src", Warning}, {"tar -cf out.tar --owner-m=/home/dev/.netrc src", Blocked},
		{"tar -tvf x.tar --exclude=/home/dev/.netrc", Safe}, {"tar -tvf x.tar --exclude-f=/home/dev/.netrc", Blocked},
		{"tar -tv --files=/home/dev/.netrc -f x.tar", Blocked}, {"tar -tv --fi=x.tar", Warning},
		{"tar --list --file x.tar", Safe}, {"tar --li --fi=x.tar", Warning}, {"tar --list-i=snap -cf x.tar src", Warning},
		{"tar -xf x.tar --to-s", Safe}, {"tar -xf x.tar --to", Warning}, {"tar -xf x.tar --to-c=sh", Warning},
		{"rm --rec --for build", Dangerous}, {"rm --re --fo build", Dangerous},
		{"run-parts --te ./hooks", Safe}, {"run-parts --re ./hooks", Dangerous},
		{"git format-patch --output-d /tmp HEAD~1", Dangerous}, {"git format-patch --output /home/dev/.bashrc HEAD~1", Blocked},
		// git's parse-options takes --no- forms and their abbreviations.
		{"git diff --no-ext", Safe}, {"git diff --ext", Warning}, {"git diff --no-textc", Safe}, {"git diff --textc", Warning}, {"git log --no-t", Warning},
	})
}

// abbrevTables are tables of tools that abbreviate as getopt_long does,
// by the command that uses each.
var abbrevTables = []struct {
	cmd string
	o   *toolOpts
}{
	{"tar", &gnuTarOpts}, {"grep", &grepOpts}, {"du", &duOpts}, {"diff", &diffOpts}, {"hexdump", &hexOpts},
	{"tree", &treeOpts}, {"wc", &wcOpts}, {"file", &fileOpts}, {"ls", &lsOpts}, {"sort", &sortOpts},
	{"xz", compressorOpts["xz"]}, {"parallel", &parallelOpts}, {"sdiff", &sdifOpts}, {"base64", &b64Opts}, {"date", &dateOpts},
}

// FuzzAbbreviationsAreJudgedAsTheirName checks getopt_long's rule on
// real tables: a word that is a table's name, or the prefix of exactly
// one, gets the level that name gets written in full; a prefix of
// several is never safe.
func FuzzAbbreviationsAreJudgedAsTheirName(f *testing.F) {
	for i, s := range []string{"", "x", "src", "-r a b", "/home/dev/.netrc", "a.tar", "-- x"} {
		f.Add(uint8(i), uint8(i*7), uint8(i*3), "/home/dev/.netrc", s)
		f.Add(uint8(i), uint8(i*11), uint8(2), "", s)
	}
	f.Fuzz(func(t *testing.T, tool, pick, cut uint8, val, rest string) {
		tb := abbrevTables[int(tool)%len(abbrevTables)]
		if strings.ContainsAny(rest+val, "\n;&|`$(){}<>#'\"\\*?[~=") || strings.ContainsAny(val, " \t") || !parses(tb.cmd+" "+rest) {
			return // another command, a comment or an expansion could follow
		}
		// --help and --version are in every table, but a lone --help or
		// --version is judged by its word before the table is read.
		own := strings.Fields(tb.o.long + " " + tb.o.longVal)
		names := append(own, "--help", "--version")
		full := own[int(pick)%len(own)]
		word := full[:min(len(full), 3+int(cut)%(len(full)-2))]
		var begins []string
		for _, n := range names {
			if strings.HasPrefix(n, word) && !slices.Contains(begins, n) {
				begins = append(begins, n)
			}
		}
		line := func(name string) string {
			if val != "" {
				name += "=" + val
			}
			return tb.cmd + " " + name + " " + rest
		}
		got := Classify(shellAction(line(word)), Policy{})
		switch {
		case slices.Contains(names, word) || len(begins) == 1:
			name := word
			if !slices.Contains(names, word) {
				name = begins[0]
			}
			if want := Classify(shellAction(line(name)), Policy{}); got.Level != want.Level {
				t.Errorf("Classify(%q) = %v, but %v for %q, the name it stands for\nreasons: %q", line(word), got.Level, want.Level, line(name), got.Reasons)
			}
		case got.Level == Safe:
			t.Errorf("Classify(%q) = safe, though %s abbreviates %s", line(word), word, strings.Join(begins, " and "))
		}
	})
}
