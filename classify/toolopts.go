package classify

import (
	"strings"
	"sync"
)

// toolOpts is what a read-only tool's manual says about its options:
// which take a value, which name files read or written, which run a
// program. An option that is not listed is one the classifier does not
// know, so the command is not proven read-only: Warning.
type toolOpts struct {
	source  string   // the manual or --help the table was taken from, with its version
	flags   string   // short options without a value
	vals    string   // short options with a value
	long    string   // long options without a value, space separated
	longVal string   // long options with a value, space separated
	reads   string   // options whose value is a file read
	lists   string   // options whose value is a file naming more files to read
	writes  string   // options whose value is a file written
	runs    string   // options whose value is a program run
	dot     bool     // with no operand, reads the current directory
	tree    bool     // a directory operand is read with the files below it
	words   bool     // operands are words (names, numbers, text), not files
	noOpts  bool     // takes no options at all: every word is an operand
	skip    int      // leading operands that are not files (grep's pattern)
	stop    bool     // options end at the first operand (POSIX, and tools with subcommands)
	oneDash bool     // options are whole names after one or two dashes (Go's flag package): list them in long and longVal as "-name"
	exact   bool     // long options are never abbreviated (yargs, commander, cac, click, clap, argparse with allow_abbrev=False): an abbreviation is not modelled
	parsed  *optSpec // built once from the above
	known   map[string]bool
}

// spec returns the parsing spec of the table, building it and the set of
// known option names on the table's first use: most tables are never
// used in a session, and building them all took megabytes. Safe for
// concurrent use once the package has initialised; while it initialises
// (a table mutated by an init function) nothing is built.
func (o *toolOpts) spec() optSpec {
	specMu.RLock()
	p := o.parsed
	specMu.RUnlock()
	if p != nil {
		return *p
	}
	if initialising {
		return optSpec{}
	}
	specMu.Lock()
	defer specMu.Unlock()
	if o.parsed == nil {
		o.build()
	}
	return *o.parsed
}

// specMu guards the tables' built specs (parsed, known).
var specMu sync.RWMutex

// build builds parsed and known from the table's lists.
func (o *toolOpts) build() {
	known := map[string]bool{"--help": true, "--version": true}
	if o.oneDash {
		known = map[string]bool{"-help": true, "-h": true}
	}
	for i := 0; i < len(o.flags); i++ {
		known["-"+o.flags[i:i+1]] = true
	}
	for i := 0; i < len(o.vals); i++ {
		known["-"+o.vals[i:i+1]] = true
	}
	for _, l := range strings.Fields(o.long + " " + o.longVal) {
		known[l] = true
	}
	o.known = known
	// --help and --version are every GNU tool's, so they are among the
	// names an abbreviation may stand for.
	noVal := strings.Fields(o.long)
	if !o.oneDash {
		noVal = append(noVal, "--help", "--version")
	}
	o.parsed = &optSpec{short: o.vals, long: strings.Fields(o.longVal), stop: o.stop, oneDash: o.oneDash, noVal: noVal, exact: o.exact, complete: true}
	o.parsed.shared = o.parsed
}

// merge adds the options of p to o: the table of a tool whose commands
// share options (git's diff options), or of all its commands at once.
func (o *toolOpts) merge(p *toolOpts) {
	o.flags += p.flags
	o.vals += p.vals
	o.long = join(o.long, p.long)
	o.longVal = join(o.longVal, p.longVal)
	o.reads = join(o.reads, p.reads)
	o.lists = join(o.lists, p.lists)
	o.writes = join(o.writes, p.writes)
	o.runs = join(o.runs, p.runs)
}

// knows reports whether the option name (as parsed: "-x" or "--name",
// an abbreviation already read as the name it stands for) is one the
// manual lists. An abbreviation of several names is not.
func (o *toolOpts) knows(name string) bool {
	o.spec() // known is built with the spec
	return o.known[name]
}

// judgeOpts parses a read-only tool's arguments by its manual, judges the
// files its options read, write or run, flags options it does not know,
// and returns the operands.
func (c *cmd) judgeOpts(o *toolOpts) (flags []flag, ops []field) {
	return c.judgeArgs(c.rest(), o)
}

// judgeArgs is judgeOpts for part of a command line: the words after a
// subcommand, judged by that subcommand's table.
func (c *cmd) judgeArgs(args []field, o *toolOpts) (flags []flag, ops []field) {
	flags, ops = parseOpts(args, o.spec())
	unknown := ""
	for _, f := range flags {
		if !o.knows(f.name) && unknown == "" {
			unknown = f.name
		}
	}
	for _, a := range ops {
		// An operand that comes from a variable may be an option.
		if a.dyn && strings.HasPrefix(strings.TrimLeft(a.s, `"'`), "-") && unknown == "" {
			unknown = a.s
		}
	}
	if unknown != "" {
		c.notModelled(unknown)
	}
	names := func(list string) []string { return strings.Fields(list) }
	for _, f := range values(flags, names(o.reads)...) {
		c.path(accRead, f)
	}
	for _, f := range values(flags, names(o.lists)...) {
		c.path(accRead, f)
		c.add(Warning, "reads the files named in "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
	}
	for _, f := range values(flags, names(o.writes)...) {
		c.path(accWrite, f)
	}
	for _, f := range values(flags, names(o.runs)...) {
		c.add(Warning, "runs a program of its own", "builtin:tool-program")
		if f.dyn {
			c.programString(f)
			continue
		}
		// The program gets a file (or its contents) to work on. A value
		// with spaces is a command line (bat splits its pager's).
		if strings.ContainsAny(f.s, " \t") {
			c.script(f.s+` "$FILE"`, bashLang)
			continue
		}
		c.run([]field{f, {s: "FILE", dyn: true}})
	}
	return flags, ops
}

// notModelled makes a command warning for an option its table does not
// list: the classifier cannot say what it does, so the command is not
// proven harmless.
func (c *cmd) notModelled(opt string) {
	c.add(Warning, "not modelled: "+shorten(opt)+" (an option the classifier's table for "+c.name+" does not list)", "builtin:unknown-option")
}

// tool returns the handler of a read-only tool whose operands are files
// it reads (or, with o.words, words it prints or looks up).
func tool(why string, o toolOpts) handler {
	return func(c *cmd) {
		var ops []field
		if o.noOpts {
			ops = c.rest()
		} else {
			_, ops = c.judgeOpts(&o)
		}
		c.add(Safe, why, "builtin:read-only")
		if o.words {
			return
		}
		if o.skip > 0 {
			ops = ops[min(o.skip, len(ops)):]
		}
		if len(ops) == 0 && o.dot {
			ops = []field{lit(".")}
		}
		if o.tree {
			c.readTrees(ops)
		} else {
			c.read(ops)
		}
		if c.name == "ls" && len(c.rest()) == 0 {
			c.lists([]field{lit(".")}, true)
		}
	}
}

// The manuals, as far as the classifier needs them.
var (
	catOpts  = toolOpts{source: "cat --help, GNU coreutils 9.1", flags: "AbeEnstTuv", long: "--show-all --number-nonblank --number --squeeze-blank --show-ends --show-tabs --show-nonprinting"}
	tacOpts  = toolOpts{source: "tac --help, GNU coreutils 9.1", flags: "br", vals: "s", long: "--before --regex", longVal: "--separator"}
	nlOpts   = toolOpts{source: "nl --help, GNU coreutils 9.1", flags: "p", vals: "bdfhilnsvw", long: "--no-renumber", longVal: "--body-numbering --section-delimiter --footer-numbering --header-numbering --line-increment --join-blank-lines --number-format --number-separator --starting-line-number --number-width"}
	zcatOpts = toolOpts{source: "gzip --help, gzip 1.12 (zcat is gzip -dc; bzcat, xzcat and zstdcat take its subset)", flags: "cdfhklLnNqrtvV123456789", long: "--stdout --to-stdout --decompress --force --keep --list --name --no-name --quiet --test --verbose"}
	batOpts  = toolOpts{source: "bat --help, bat 0.22.1", flags: "pnAuPfdsSh", vals: "lHrm", long: "--plain --number --show-all --unbuffered --diff --list-themes --list-languages --squeeze-blank --force-colorization --chop-long-lines --no-config",
		longVal: "--language --highlight-line --line-range --map-syntax --style --theme --paging --color --decorations --tabs --wrap --terminal-width --italic-text --file-name --diff-context --ignored-suffix --nonprintable-notation --binary --squeeze-limit --strip-ansi --pager", runs: "--pager"}
	headOpts = toolOpts{source: "head --help, GNU coreutils 9.1", flags: "qvz0123456789", vals: "cn", long: "--quiet --silent --verbose --zero-terminated", longVal: "--bytes --lines"}
	tailOpts = toolOpts{source: "tail --help, GNU coreutils 9.1", flags: "fFqrvz0123456789", vals: "cns", long: "--follow --retry --quiet --silent --verbose --zero-terminated", longVal: "--bytes --lines --sleep-interval --pid --max-unchanged-stats"}
	wcOpts   = toolOpts{source: "wc --help, GNU coreutils 9.1", flags: "cmlLw", long: "--bytes --chars --lines --max-line-length --words", longVal: "--total --files0-from", lists: "--files0-from"}
	fileOpts = toolOpts{source: "file --help, file 5.44", flags: "bcEhiklLNnprsSvzZ0d", vals: "efFmP", long: "--checking-printout --debug --list --no-buffer --brief --mime --mime-type --mime-encoding --no-dereference --dereference --keep-going --raw --special-files --uncompress --uncompress-noreport --no-pad --print0 --preserve-date --extension --apple --no-sandbox",
		longVal: "--exclude --exclude-quiet --files-from --separator --magic-file --parameter", lists: "-f --files-from", reads: "-m --magic-file"}
	statOpts = toolOpts{source: "stat --help, GNU coreutils 9.1", flags: "Lft", vals: "c", long: "--dereference --file-system --terse", longVal: "--format --printf --cached"}
	lsOpts   = toolOpts{source: "ls --help, GNU coreutils 9.1", flags: "aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1", vals: "ITw", dot: true,
		long:    "--all --almost-all --author --escape --ignore-backups --directory --dired --classify --file-type --group-directories-first --no-group --human-readable --si --dereference-command-line --dereference-command-line-symlink-to-dir --hyperlink --inode --kibibytes --dereference --numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --reverse --recursive --size --context --zero --full-time --color --classify",
		longVal: "--block-size --format --hide --ignore --indicator-style --quoting-style --sort --time --time-style --tabsize --width"}
	ezaOpts = toolOpts{source: "eza --help, eza 0.18 (exa 0.10, lsd 1.0 share it)", flags: "1lGxRTFahHiSbBgmnuUX@dDfrsZA", vals: "LIt", dot: true,
		long:    "--long --grid --across --recurse --tree --classify --all --almost-all --header --inode --links --blocks --group --git --icons --no-icons --binary --bytes --modified --accessed --created --changed --extended --no-permissions --no-filesize --no-user --no-time --only-dirs --only-files --group-directories-first --reverse --oneline --numeric --octal-permissions --dereference --hyperlink --no-git --git-ignore --git-repos --total-size --mounts --directory --long-format",
		longVal: "--level --sort --ignore-glob --color --colour --time --time-style --color-scale --width --depth --blocksize --date --size --permission"}
	duOpts = toolOpts{source: "du --help, GNU coreutils 9.1", flags: "0abcDhHklLmPSsxv", vals: "BdtX", dot: true, long: "--null --all --apparent-size --bytes --total --dereference-args --human-readable --inodes --dereference --count-links --no-dereference --separate-dirs --summarize --one-file-system --si",
		longVal: "--block-size --max-depth --threshold --time --time-style --exclude-from --exclude --files0-from", reads: "-X --exclude-from", lists: "--files0-from"}
	dfOpts   = toolOpts{source: "df --help, GNU coreutils 9.1", flags: "ahHiklPTv", vals: "Btx", long: "--all --human-readable --si --inodes --local --no-sync --sync --portability --print-type --total --output", longVal: "--block-size --type --exclude-type"}
	sumOpts  = toolOpts{source: "sha256sum and cksum --help, GNU coreutils 9.1", flags: "bctzw", vals: "al", long: "--binary --check --tag --text --zero --ignore-missing --quiet --status --strict --warn --base64 --raw --untagged", longVal: "--algorithm --length"}
	odOpts   = toolOpts{source: "od --help, GNU coreutils 9.1", flags: "abcdfiloxsvhBDeFHILOX0123456789w", vals: "AjNSt", long: "--output-duplicates --traditional --width --strings", longVal: "--address-radix --skip-bytes --read-bytes --format --endian"}
	hexOpts  = toolOpts{source: "hexdump --help, util-linux 2.38.1", flags: "bcCdoxvLhV", vals: "efns", long: "--one-byte-octal --one-byte-char --canonical --two-bytes-decimal --two-bytes-octal --two-bytes-hex --color --no-squeezing", longVal: "--format --format-file --length --skip", reads: "-f --format-file"}
	strOpts  = toolOpts{source: "strings --help, GNU binutils 2.40", flags: "adfowvVh", vals: "nteTsU", long: "--all --data --print-file-name --include-all-whitespace", longVal: "--bytes --radix --encoding --target --output-separator --unicode"}
	colOpts  = toolOpts{source: "column --help, util-linux 2.38.1", flags: "txJdeLnhV", vals: "scoNRHOTEWlrip", long: "--table --fillrows --json --table-noheadings --keep-empty-lines --table-header-as-columns --table-header-repeat", longVal: "--separator --output-separator --output-width --table-columns --table-right --table-hide --table-order --table-truncate --table-noextreme --table-wrap --table-column --table-columns-limit --table-name --tree --tree-id --tree-parent"}
	pasteOpt = toolOpts{source: "paste --help, GNU coreutils 9.1", flags: "sz", vals: "d", long: "--serial --zero-terminated", longVal: "--delimiters"}
	joinOpts = toolOpts{source: "join --help, GNU coreutils 9.1", flags: "iz", vals: "aejotv12", long: "--ignore-case --check-order --nocheck-order --header --zero-terminated"}
	foldOpts = toolOpts{source: "fold --help, GNU coreutils 9.1", flags: "bs", vals: "w", long: "--bytes --spaces", longVal: "--width"}
	fmtOpts  = toolOpts{source: "fmt --help, GNU coreutils 9.1", flags: "cstu0123456789", vals: "pwg", long: "--crown-margin --split-only --tagged-paragraph --uniform-spacing", longVal: "--prefix --width --goal"}
	prOpts   = toolOpts{source: "pr --help, GNU coreutils 9.1", flags: "acdfFmrtTvJnieEsS0123456789", vals: "hlwoNDW", long: "--across --show-control-chars --double-space --form-feed --merge --omit-header --omit-pagination --show-nonprinting --join-lines --no-file-warnings --sep-string --separator --number-lines --expand-tabs --output-tabs",
		longVal: "--pages --columns --date-format --header --length --indent --first-line-number --page-width --width"}
	expOpts  = toolOpts{source: "expand and unexpand --help, GNU coreutils 9.1", flags: "ia0123456789", vals: "t", long: "--initial --all --first-only", longVal: "--tabs"}
	lookOpts = toolOpts{source: "look --help, util-linux 2.38.1", flags: "bdfahV", vals: "t", long: "--alphanum --alternative --ignore-case", longVal: "--terminate"}
	cutOpts  = toolOpts{source: "cut --help, GNU coreutils 9.1", flags: "nsz", vals: "bcdf", long: "--complement --only-delimited --zero-terminated", longVal: "--bytes --characters --delimiter --fields --output-delimiter"}
	diffOpts = toolOpts{source: "diff --help, GNU diffutils 3.8", flags: "iEZbwBaTlrNpPsqycuetndv0123456789", vals: "CUDFISWxXL", tree: true,
		long:    "--normal --brief --report-identical-files --context --unified --ed --rcs --side-by-side --left-column --suppress-common-lines --show-c-function --expand-tabs --initial-tab --suppress-blank-empty --paginate --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case --text --strip-trailing-cr --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines --minimal --speed-large-files --color --no-color",
		longVal: "--show-function-line --label --width --tabsize --exclude --exclude-from --starting-file --ignore-matching-lines --from-file --to-file --horizon-lines --line-format --old-line-format --new-line-format --unchanged-line-format --old-group-format --new-group-format --unchanged-group-format --changed-group-format --palette --ifdef",
		reads:   "-X --exclude-from --from-file --to-file"}
	cmpOpts  = toolOpts{source: "cmp --help, GNU diffutils 3.8", flags: "blsv", vals: "in", long: "--print-bytes --verbose --quiet --silent", longVal: "--ignore-initial --bytes"}
	commOpts = toolOpts{source: "comm --help, GNU coreutils 9.1", flags: "123iz", long: "--check-order --nocheck-order --total --zero-terminated", longVal: "--output-delimiter"}
	sdifOpts = toolOpts{source: "sdiff --help, GNU diffutils 3.8", flags: "abBdEHilsStWZv", vals: "oIw", long: "--ignore-trailing-space --text --ignore-blank-lines --ignore-space-change --minimal --ignore-tab-expansion --speed-large-files --ignore-case --left-column --suppress-common-lines --strip-trailing-cr --expand-tabs --ignore-all-space",
		longVal: "--output --width --ignore-matching-lines --diff-program --tabsize", writes: "-o --output", runs: "--diff-program"}
	diff3Opt = toolOpts{source: "diff3 --help, GNU diffutils 3.8", flags: "aAeEimTx3Xv", vals: "L", long: "--text --show-all --ed --show-overlap --merge --initial-tab --overlap-only --easy-only --strip-trailing-cr", longVal: "--label --diff-program", runs: "--diff-program"}
	b64Opts  = toolOpts{source: "base64 and basenc --help, GNU coreutils 9.1", flags: "diD", vals: "wo", long: "--decode --ignore-garbage --base64 --base64url --base58 --base32 --base32hex --base16 --base2msbf --base2lsbf --z85", longVal: "--wrap --output --input", writes: "-o --output", reads: "--input"}
	treeOpts = toolOpts{source: "tree --help, tree 2.1.0", flags: "adflxiqNQpugshDFrtcUvCnXJAS", vals: "LPIHTo", dot: true,
		long:    "--noreport --dirsfirst --filesfirst --prune --gitignore --matchdirs --ignore-case --info --metafirst --du --si --inodes --device --fflinks --fromfile --nolinks --hyperlink",
		longVal: "--charset --filelimit --timefmt --sort --gitfile --infofile --hintro --houtro", writes: "-o", reads: "--gitfile --infofile"}
	whichOpt = toolOpts{source: "which(1), debianutils 5.7", flags: "as"}
	whereOpt = toolOpts{source: "whereis --help, util-linux 2.38.1", flags: "bmsulf", vals: "BMS"}
	locOpts  = toolOpts{source: "locate --help, plocate 1.1.19", flags: "AbceHhiLlPqSw0V", vals: "dlnr", long: "--all --basename --count --existing --follow --ignore-case --nofollow --null --quiet --statistics --wholename --regex", longVal: "--database --limit --regexp", reads: "-d --database"}
	grepOpts = toolOpts{source: "grep --help, GNU grep 3.8", flags: "EFGPiywxcLlomqsbHhnTZzrRUvVauI0123456789", vals: "efmABCDd", skip: 1,
		long:    "--no-group-separator --extended-regexp --fixed-strings --basic-regexp --perl-regexp --ignore-case --no-ignore-case --word-regexp --line-regexp --null-data --no-messages --invert-match --count --files-with-matches --files-without-match --only-matching --quiet --silent --byte-offset --with-filename --no-filename --line-number --initial-tab --unix-byte-offsets --null --text --recursive --dereference-recursive --line-buffered --binary --color --colour",
		longVal: "--group-separator --regexp --file --max-count --label --after-context --before-context --context --devices --directories --include --exclude --exclude-from --exclude-dir --binary-files",
		reads:   "-f --file --exclude-from"}
	rgOpts = toolOpts{source: "rg --help, ripgrep 13.0", flags: "iSswxvnNlcoLFuUPaIHhbqp0.VJz", vals: "jtTgefrABCmMEd", skip: 1, dot: true,
		long:    "--ignore-case --smart-case --case-sensitive --word-regexp --line-regexp --invert-match --line-number --no-line-number --files-with-matches --files-without-match --count --count-matches --only-matching --follow --fixed-strings --unrestricted --multiline --multiline-dotall --pcre2 --text --binary --no-binary --with-filename --no-filename --byte-offset --quiet --pretty --null --null-data --hidden --no-hidden --files --type-list --json --no-json --vimgrep --heading --no-heading --column --no-column --trim --no-trim --stats --debug --trace --no-messages --no-ignore --no-ignore-vcs --no-ignore-parent --no-ignore-dot --no-ignore-global --no-ignore-exclude --no-ignore-files --no-ignore-messages --no-require-git --one-file-system --line-buffered --block-buffered --crlf --no-config --passthru --passthrough --mmap --no-mmap --no-unicode --unicode --glob-case-insensitive --ignore-file-case-insensitive --include-zero --sort-files --auto-hybrid-regex --no-pcre2-unicode --search-zip --no-search-zip --invert-match --max-columns-preview --no-max-columns-preview --color --colour --stop-on-nonmatch",
		longVal: "--regexp --file --type --type-not --type-add --type-clear --glob --iglob --replace --after-context --before-context --context --max-count --max-columns --encoding --max-depth --max-filesize --threads --sort --sortr --path-separator --context-separator --field-match-separator --field-context-separator --ignore-file --pre --pre-glob --hostname-bin --hyperlink-format --engine --dfa-size-limit --regex-size-limit --colors --max-depth",
		reads:   "-f --file --ignore-file", runs: "--pre --hostname-bin"}
	iconvOpt = toolOpts{source: "iconv --help, glibc 2.36", flags: "cslV", vals: "fto", long: "--list --silent --verbose --usage", longVal: "--from-code --to-code --output", writes: "-o --output"}
	dateOpts = toolOpts{source: "date --help, GNU coreutils 9.1", flags: "uRI", vals: "dfrs", long: "--utc --universal --rfc-email --debug --iso-8601 --rfc-3339 --resolution", longVal: "--date --file --reference --set", reads: "-f --file -r --reference"}
	lintOpts = map[string]*toolOpts{
		"shellcheck":   {source: "shellcheck --help, ShellCheck 0.9.0", flags: "axV", vals: "CieofPsSW", long: "--check-sourced --extended-analysis --list-optional --norc --external-sources", longVal: "--rcfile --color --include --exclude --format --enable --source-path --shell --severity --wiki-link-count", reads: "--rcfile"},
		"hadolint":     {source: "hadolint --help, hadolint 2.12", flags: "v", vals: "cft", long: "--no-color --no-fail --verbose --strict-labels --disable-ignore-pragma", longVal: "--config --format --ignore --trusted-registry --failure-threshold --error --warning --info --style", reads: "-c --config"},
		"yamllint":     {source: "yamllint --help, yamllint 1.29", tree: true, flags: "s", vals: "cdf", long: "--strict --no-warnings --list-files", longVal: "--config-file --config-data --format", reads: "-c --config-file"},
		"markdownlint": {source: "markdownlint --help, markdownlint-cli 0.37", tree: true, vals: "cip", long: "--dot --quiet", longVal: "--config --ignore --ignore-path --rules", reads: "-c --config"},
		"actionlint":   {source: "actionlint -h, actionlint 1.6"},
		"xmllint":      {source: "xmllint --help, libxml2 2.9.14", long: "--noout --format --valid --recover --nonet --debug --timing --html --xmlout --nowarning --huge --c14n --xinclude --noblanks --nocdata --noent", longVal: "--schema --relaxng --dtdvalid --xpath --pretty --encode --path --output", reads: "--schema --relaxng --dtdvalid --path", writes: "--output"},
		"jsonlint":     {source: "jsonlint --help, jsonlint 1.6", flags: "qcs", long: "--quiet --compact --sort-keys"},
		"tflint":       {source: "tflint --help, TFLint 0.50", long: "--recursive --init --version", longVal: "--format --config --chdir --filter --minimum-failure-severity"},
		"cppcheck":     {source: "cppcheck --help, Cppcheck 2.10", tree: true, flags: "qv", vals: "IDUj", long: "--quiet --verbose --inconclusive --force", longVal: "--enable --std --platform --suppress --template --language --inline-suppr --error-exitcode"},
		"codespell":    {source: "codespell --help, codespell 2.2", tree: true, flags: "fHs", vals: "qLSIxDiC", long: "--check-filenames --check-hidden --summary --count", longVal: "--skip --ignore-words-list --ignore-words --dictionary --builtin --quiet-level --regex --ignore-regex --uri-ignore-words-list --exclude-file", reads: "-I --ignore-words -D --dictionary -x --exclude-file"},
	}
)

func init() {
	for _, o := range lintOpts {
		o.spec()
	}
	for _, o := range []*toolOpts{&grepOpts, &rgOpts, &iconvOpt, &dateOpts} {
		o.spec()
	}
}

// lint returns the handler of a checker by its own manual.
func lint(c *cmd) {
	o := lintOpts[c.name]
	_, ops := c.judgeOpts(o)
	c.add(Safe, "validates files", "builtin:read-only")
	if o.tree {
		c.readTrees(ops)
	} else {
		c.read(ops)
	}
}

// jq filters JSON. --arg, --argjson, --slurpfile and --rawfile take two
// words (a name and a value or file); -f reads the program from a file.
func jq(c *cmd) {
	args := c.rest()
	var rest []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a.s {
		case "--arg", "--argjson", "--slurpfile", "--rawfile":
			if i+2 < len(args) && (a.s == "--slurpfile" || a.s == "--rawfile") {
				c.path(accRead, args[i+2])
			}
			i += 2
			continue
		case "--args", "--jsonargs":
			// The remaining operands are values, not files.
			args = args[:i]
		}
		rest = append(rest, a)
	}
	saved := c.args
	c.args = append([]field{c.args[0]}, rest...)
	flags, ops := c.judgeOpts(&jqOpts)
	c.args = saved
	c.add(Safe, "queries JSON", "builtin:read-only")
	if _, ok := value(flags, "f", "--from-file"); !ok && len(ops) > 0 {
		ops = ops[1:]
	}
	c.read(ops)
}

var jqOpts = toolOpts{source: "jq --help, jq 1.6", flags: "rjaneRscCMSh0V", vals: "fL", long: "--arg --argjson --args --jsonargs --rawfile --slurpfile --raw-output --raw-output0 --join-output --ascii-output --null-input --exit-status --raw-input --slurp --compact-output --color-output --monochrome-output --sort-keys --tab --seq --stream --stream-errors --unbuffered",
	longVal: "--from-file --indent", reads: "-f --from-file -L"}

// iconv converts text: to standard output it only reads; -o writes.
func iconv(c *cmd) {
	_, ops := c.judgeOpts(&iconvOpt)
	c.add(Safe, "converts text", "builtin:read-only")
	c.read(ops)
}

// recodeOpts is recode's table; -l, -h and -S take their value joined.
var recodeOpts = toolOpts{source: "recode --help, GNU recode 3.6 (Debian 12)", flags: "lhFTCvqftipsdScg", vals: "kx",
	long:    "--list --header --freeze-tables --find-subsets --copyright --verbose --quiet --silent --force --touch --strict --diacritics --source --colons --graphics",
	longVal: "--known --ignore --sequence"}

// recode converts the files it is given in place (its first operand is
// the conversion); with none, or with a listing option, it prints.
func recode(c *cmd) {
	flags, ops := c.judgeOpts(&recodeOpts)
	if len(ops) <= 1 || has(flags, "l", "h", "F", "T", "C", "k", "--list", "--header", "--freeze-tables", "--find-subsets", "--copyright", "--known") {
		c.add(Safe, "converts text", "builtin:read-only")
		return
	}
	c.add(Warning, "rewrites files in place", "builtin:write-project")
	for _, op := range ops[1:] {
		c.path(accWrite, op)
	}
}

// verbTool is a tool with subcommands (npm, cargo, apt-get): the options
// it takes before the subcommand, and a table for each subcommand that
// can be judged read-only. Subcommands without a table are the
// handler's to judge, and are never safe by the table alone. Make one
// with newVerbTool.
type verbTool struct {
	global toolOpts             // options before the subcommand; its source names the manual
	verbs  map[string]*toolOpts // the tables of the subcommands that only read
}

// newVerbTool makes a verbTool; options before the subcommand end at
// it. Its tables are built on first use, like every table (spec).
func newVerbTool(global toolOpts, verbs map[string]*toolOpts) *verbTool {
	global.stop = true
	return &verbTool{global: global, verbs: verbs}
}

// verb judges the options before the subcommand by t.global and returns
// the subcommand (lit "" when there is none) and the words after it. A
// subcommand t has a table for gets those words judged by it: known is
// true, and flags and ops are what the table parsed.
func (c *cmd) verb(t *verbTool) (verb field, flags []flag, ops []field, known bool) {
	_, words := c.judgeArgs(c.rest(), &t.global)
	if len(words) == 0 {
		return field{}, nil, nil, false
	}
	verb, words = words[0], words[1:]
	o, ok := t.verbs[verb.s]
	if !ok || verb.dyn {
		return verb, nil, words, false
	}
	flags, ops = c.judgeArgs(words, o)
	return verb, flags, ops, true
}
