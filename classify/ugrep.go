package classify

import "strings"

// ugrepOpts is ugrep's table (ugrep --help, ugrep 3.11.2, Debian 12).
// Options whose value is optional and joined (--color[=WHEN], -Q[DELAY],
// -Z[best][+-~][MAX]) are flags here, so the next word is read as the
// pattern or a path. --filter, --pager and --view run programs, --config
// and ---FILE read a configuration that can name them, and --save-config
// writes one (.ugrep by default).
var ugrepOpts = toolOpts{source: "ugrep --help, ugrep 3.11.2 (Debian 12)", dot: true,
	flags: "abcEFGHhIijkLlnoPpqRrSsTUuVvWwXxYyzZQ0123456789%+.^?",
	vals:  "ABCDdefgJKMmNOt",
	long: "--text --byte-offset --bool --break --count --color --colour --confirm --cpp --csv --dotall --extended-regexp --fixed-strings " +
		"--free-space --basic-regexp --group-separator --with-filename --no-filename --heading --hidden --hyperlink --ignore-binary --ignore-case " +
		"--ignore-files --smart-case --json --column-number --files-without-match --files-with-matches --line-buffered --lines --match --mmap " +
		"--line-number --no-group-separator --only-matching --only-line-number --files --perl-regexp --no-dereference --pager --pretty --query " +
		"--quiet --silent --dereference-recursive --recursive --dereference --no-messages --save-config --separator --sort --stats --initial-tab " +
		"--tabs --tag --tree --binary --ungroup --invert-match --view --with-hex --word-regexp --width --hex --line-regexp --xml --empty --any-line " +
		"--passthru --fuzzy --decompress --null --config --help",
	longVal: "--after-context --and --andnot --before-context --binary-files --context --colors --colours --devices --directories --depth --regexp " +
		"--encoding --exclude --exclude-dir --exclude-from --exclude-fs --file --filter --filter-magic-label --format --glob --hexdump --include " +
		"--include-dir --include-from --include-fs --jobs --range --min-line --max-line --label --file-magic --min-count --max-count --max-files " +
		"--neg-regexp --not --file-extension --replace --file-type --zmax",
	reads: "-f --file --exclude-from --include-from"}

// ugrepExtras judges what ugrep's table cannot say by itself: the
// programs --filter, --pager and --view run, the configuration files it
// reads and writes, and its interactive screen.
func (c *cmd) ugrepExtras(flags []flag) {
	for _, f := range flags {
		name, val, _ := strings.Cut(f.name, "=")
		if f.hasVal {
			val = f.val.s
		}
		switch {
		case longMatch(name, "--filter"), longMatch(name, "--pager") && val != "", longMatch(name, "--view") && val != "":
			c.add(Warning, "runs a program of its own ("+name+")", "builtin:tool-program")
			if name != "--filter" && !f.val.dyn && val != "" {
				c.script(val+` "$FILE"`, bashLang)
			}
		case longMatch(name, "--pager"):
			c.add(Warning, "starts a pager", "builtin:pager")
		case longMatch(name, "--config") || strings.HasPrefix(f.name, "---"):
			c.add(Warning, "takes options, which can name programs to run, from a configuration file the classifier does not read", "builtin:tool-program")
			if val != "" {
				c.path(accRead, field{s: val})
			}
		case longMatch(name, "--save-config"):
			if val == "" {
				val = ".ugrep"
			}
			c.add(Warning, "writes its options to a configuration file", "builtin:write-project")
			c.path(accWrite, field{s: val})
		case name == "-Q" || longMatch(name, "--query"):
			c.add(Warning, "starts an interactive search screen", "builtin:interactive")
		}
	}
}

// ptOpts is the platinum searcher's table (the flags of option.go at
// v2.2.0, with go-flags' -h and --help). Its -e is a flag: the pattern
// is a regular expression.
var ptOpts = toolOpts{source: "pt --help (option.go), the_platinum_searcher 2.2.0",
	flags: "0NlceiSwUfh", vals: "ABCogG",
	long: "--color --nocolor --group --nogroup --null --column --numbers --nonumbers --files-with-matches --count --ignore-case --smart-case " +
		"--word-regexp --global-gitignore --home-ptignore --skip-vcs-ignores --follow --hidden",
	longVal: "--color-line-number --color-path --color-match --after --before --context --output-encode --ignore --vcs-ignore --file-search-regexp --depth"}
