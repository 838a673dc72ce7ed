package classify

import "strings"

// The Python test runners and formatters, each judged by the options its
// --help lists. pytest runs the project's tests (their conftest.py and
// the plugins the project configures are its code); the formatters
// rewrite their operands unless an option makes them only check or print.

// pytestOpts is pytest's table. pytest's parser takes long options only
// as spelt (argparse with allow_abbrev=False), so "--co" is not "--color".
// The options of pytest-cov and pytest-xdist that work on this machine are
// listed too: "pytest --cov=app" is everyday. xdist's --tx, --rsyncdir
// and --px reach other machines and are left out, so they are warning.
var pytestOpts = toolOpts{source: "pytest --help, pytest 7.2.1 (Debian 12 python3-pytest); pytest-cov 4.0.0 and pytest-xdist 3.1.0 --help (Debian 12)",
	exact: true, tree: true,
	flags: "xsvqlVh",
	vals:  "kmrWcpon",
	long: "--markers --exitfirst --fixtures --funcargs --fixtures-per-test --pdb --trace --runxfail --lf --last-failed --ff --failed-first " +
		"--nf --new-first --cache-clear --sw --stepwise --sw-skip --stepwise-skip --verbose --no-header --no-summary --quiet " +
		"--disable-warnings --disable-pytest-warnings --showlocals --no-showlocals --full-trace --strict-config --strict-markers --strict " +
		"--continue-on-collection-errors --collect-only --co --pyargs --noconftest --keep-duplicates --collect-in-virtualenv " +
		"--doctest-modules --doctest-ignore-import-errors --doctest-continue-on-failure --trace-config --setup-only --setup-show --setup-plan " +
		"--cov-reset --no-cov-on-fail --no-cov --cov-append --cov-branch",
	longVal: "--pdbcls --capture --cache-show --lfnf --last-failed-no-failures --durations --durations-min --verbosity --tb --show-capture " +
		"--color --code-highlight --pastebin --junit-xml --junitxml --junit-prefix --pythonwarnings --maxfail --rootdir --ignore --ignore-glob " +
		"--deselect --confcutdir --import-mode --doctest-report --doctest-glob --basetemp --debug --override-ini --assert " +
		"--log-level --log-format --log-date-format --log-cli-level --log-cli-format --log-cli-date-format --log-file --log-file-level " +
		"--log-file-format --log-file-date-format --log-auto-indent " +
		"--cov --cov-report --cov-config --cov-fail-under --cov-context --numprocesses --maxprocesses --max-worker-restart --dist",
	reads: "-c --rootdir --confcutdir --cov-config"}

// pytest runs the project's tests. -p and --pdbcls import a module of
// their naming, --pastebin sends the report to a web service, -o
// overrides the project's configuration (addopts can add any option),
// --basetemp empties its directory first, and the reports and logs are
// written where their options say.
func pytest(c *cmd) {
	flags, ops := c.judgeOpts(&pytestOpts)
	for _, f := range flags {
		switch {
		case f.name == "-p" && f.hasVal && (f.val.dyn || !strings.HasPrefix(f.val.s, "no:")):
			c.add(Warning, "loads a plugin module of its naming (-p "+shorten(f.val.s)+")", "builtin:tool-program")
		case f.name == "--pdbcls":
			c.add(Warning, "imports a debugger module of its naming (--pdbcls)", "builtin:tool-program")
		case f.name == "--pastebin":
			c.add(Warning, "sends the test report to a paste service", "builtin:network")
		case f.name == "-o" || f.name == "--override-ini":
			c.add(Warning, "overrides the project's pytest configuration ("+shorten(f.val.s)+"), which can add options, plugins and paths", "builtin:env-override")
		case f.name == "--basetemp" && f.hasVal:
			// pytest empties --basetemp before it starts.
			c.path(accDeleteTree, f.val)
			c.add(Warning, "empties the directory it is given as --basetemp", "builtin:test")
		case (f.name == "--junit-xml" || f.name == "--junitxml" || f.name == "--log-file" || f.name == "--debug") && f.hasVal:
			c.output(f.val)
		case f.name == "--cov-report" && f.hasVal:
			// TYPE[:DEST]: html, xml, json and lcov reports go to DEST.
			if _, dest, ok := strings.Cut(f.val.s, ":"); ok && dest != "" && !f.val.dyn {
				c.output(field{s: dest, w: f.val.w})
			} else if f.val.dyn {
				c.output(f.val)
			}
		}
	}
	if has(flags, "--pyargs") && len(ops) > 0 {
		c.add(Warning, "runs the tests of installed packages (--pyargs)", "builtin:test")
		return
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	// A node id names a test inside a file: tests/test_a.py::TestA::test_b.
	files := make([]field, 0, len(ops))
	for _, op := range ops {
		if i := strings.Index(op.s, "::"); i > 0 && !op.dyn {
			op = field{s: op.s[:i], w: op.w}
		}
		files = append(files, op)
	}
	c.readTrees(files)
}

// formatterTable is a formatter judged by its table: it rewrites the
// files it is given unless one of check is set, or, for a formatter that
// prints by default, only when one of rewrite is set. Its directory
// operands are read or rewritten with the files below them.
type formatterTable struct {
	opts    toolOpts
	check   []string // options that make it only check or print
	rewrite []string // options that make a printing formatter rewrite in place
}

// handler returns the formatter's handler. configs are the options whose
// value is a style name or a configuration file (yapf's --style).
func (t *formatterTable) handler() handler {
	t.opts.spec()
	return func(c *cmd) {
		flags, ops := c.judgeOpts(&t.opts)
		files := ops[:0:0]
		for _, op := range ops {
			if op.s != "-" || op.dyn {
				files = append(files, op)
			}
		}
		rewrites := !has(flags, t.check...)
		if len(t.rewrite) > 0 {
			rewrites = has(flags, t.rewrite...) && !has(flags, t.check...)
		}
		if rewrites && len(files) > 0 {
			c.add(Warning, "rewrites project files", "builtin:format")
			for _, f := range files {
				c.path(accWrite, f)
			}
			return
		}
		c.add(Safe, "checks formatting", "builtin:lint")
		c.readTrees(files)
	}
}

// The formatters' tables.
var (
	// black is a click program: long options are never abbreviated.
	// -c formats the code it is given and prints it.
	blackFmt = formatterTable{check: []string{"--check", "--diff", "-c", "--code"}, opts: toolOpts{
		source: "black --help, black 23.1.0 (Debian 12)", exact: true,
		flags: "xSCqvh", vals: "cltW",
		long: "--pyi --ipynb --skip-source-first-line --skip-string-normalization --skip-magic-trailing-comma --preview --check --diff " +
			"--color --no-color --fast --safe --quiet --verbose",
		longVal: "--code --line-length --target-version --python-cell-magics --required-version --include --exclude --extend-exclude " +
			"--force-exclude --stdin-filename --workers --config",
		reads: "--config"}}
	// isort rewrites in place; -c and --diff only check, -d prints.
	isortFmt = formatterTable{check: []string{"-c", "--check-only", "--check", "--df", "--diff", "-d", "--stdout", "--show-config", "--show-files"}, opts: toolOpts{
		source: "isort --help, isort 5.6.4 (Debian 12)",
		flags:  "Vcdehnqv", vals: "abfijlmopstw",
		long: "--ac --af --append --append-only --atomic --balanced --ca --case-sensitive --check --check-only --color --combine-as --combine-star " +
			"--cs --dedup-headings --df --diff --dont-order-by-type --ds --dt --ensure-newline-before-comments --fas --fass --filter-files " +
			"--float-to-top --force-adds --force-alphabetical-sort --force-alphabetical-sort-within-sections --force-single-line-imports " +
			"--force-sort-within-sections --fss --gitignore --honor-noqa --ignore-whitespace --interactive --length-sort --length-sort-straight " +
			"--ls --lss --magic-placement --nis --no-inline-sort --no-sections --old-finders --om --only-modified --only-sections --order-by-type " +
			"--os --ot --quiet --remove-redundant-aliases --reverse-relative --rr --show-config --show-files --skip-gitignore --sl --stdout --tc " +
			"--trailing-comma --treat-all-comment-as-code --up --use-parentheses --verbose --version-number --vn --ws",
		longVal: "--add-import --blocked-extension --builtin --conda-env --ext --extension --extra-builtin --ff --fgw --force-grid-wrap " +
			"--formatter --from-first --future --indent --jobs --known-local-folder --lai --lbt --le --line-ending --line-length --line-width " +
			"--lines-after-imports --lines-between-types --multi-line --nlb --no-lines-before --nsl --profile --project --py --python-version " +
			"--remove-import --rm --sd --section-default --settings --settings-file --settings-path --sg --single-line-exclusions --skip " +
			"--skip-glob --sp --src --src-path --supported-extension --thirdparty --top --treat-comment-as-code --virtual-env --wl --wrap-length",
		reads: "--settings --settings-file --settings-path --sp --src --src-path --virtual-env --conda-env"}}
	// autopep8 prints the fixed source unless -i rewrites in place.
	autopep8Fmt = formatterTable{rewrite: []string{"-i", "--in-place"}, check: []string{"-d", "--diff", "--list-fixes"}, opts: toolOpts{
		source: "autopep8 --help, autopep8 2.0.1 (Debian 12 python3-autopep8)",
		flags:  "hvdiraj", vals: "jp",
		long:    "--verbose --diff --in-place --ignore-local-config --recursive --aggressive --experimental --list-fixes --hang-closing --exit-code",
		longVal: "--global-config --jobs --pep8-passes --exclude --ignore --select --max-line-length --line-range --range",
		reads:   "--global-config"}}
	// yapf prints the formatted source unless -i rewrites in place;
	// --style names a style or a file of settings.
	yapfFmt = formatterTable{rewrite: []string{"-i", "--in-place"}, check: []string{"-d", "--diff", "-q", "--quiet", "--style-help"}, opts: toolOpts{
		source: "yapf --help, yapf 0.32.0 (Debian 12 yapf3)",
		flags:  "hvdiqrp", vals: "le",
		long:    "--version --diff --in-place --quiet --recursive --style-help --no-local-style --parallel --verbose",
		longVal: "--lines --exclude --style"}}
)

// autopep8 --line-range takes two line numbers; the second is not a
// file.
func autopep8(c *cmd) {
	args := c.rest()
	kept := make([]field, 0, len(args))
	for i := 0; i < len(args); i++ {
		if (args[i].s == "--line-range" || args[i].s == "--range") && !args[i].dyn && i+2 < len(args) {
			i += 2
			continue
		}
		kept = append(kept, args[i])
	}
	c.withArgs(kept, autopep8Handler)
}

var autopep8Handler = autopep8Fmt.handler()

// yapf's --style is a style name, a {key: value} text, or a file of
// settings, read like any file.
func yapf(c *cmd) {
	flags, _ := parseOpts(c.rest(), yapfFmt.opts.spec())
	for _, v := range values(flags, "--style") {
		if v.dyn || strings.ContainsAny(v.s, "/~.") && !strings.HasPrefix(v.s, "{") {
			c.path(accRead, v)
		}
	}
	yapfHandler(c)
}

var yapfHandler = yapfFmt.handler()

// isort's --formatter loads a formatting plugin by its entry point name.
func isort(c *cmd) {
	flags, _ := parseOpts(c.rest(), isortFmt.opts.spec())
	if has(flags, "--formatter") {
		c.add(Warning, "loads a formatter plugin of its naming (--formatter)", "builtin:tool-program")
	}
	isortHandler(c)
}

var (
	isortHandler = isortFmt.handler()
	blackHandler = blackFmt.handler()
)

// ruffSource names where ruff's tables come from: it is not packaged in
// Debian 12, so they follow the help its documentation prints.
const ruffSource = "ruff help, help check and help format as printed in ruff's docs/configuration.md, ruff 0.2 (upstream commit 0001350)"

// ruffLog are the log-level options every ruff subcommand takes.
const ruffLog = "-v --verbose -q --quiet -s --silent"

// ruffTool is ruff's table: the options before the subcommand and the
// tables of the subcommands that only read or print.
var ruffTool = newVerbTool(toolOpts{source: ruffSource, flags: "hVvqs", long: "--verbose --quiet --silent", exact: true},
	map[string]*toolOpts{
		"check": {source: ruffSource, exact: true, flags: "hwnevqs", vals: "o",
			long: "--fix --no-fix --unsafe-fixes --no-unsafe-fixes --show-source --no-show-source --show-fixes --no-show-fixes --diff --watch " +
				"--fix-only --no-fix-only --ignore-noqa --preview --no-preview --statistics --add-noqa --show-files --show-settings " +
				"--respect-gitignore --no-respect-gitignore --force-exclude --no-force-exclude --no-cache --isolated --exit-zero " +
				"--exit-non-zero-on-fix " + ruffLog,
			longVal: "--output-format --output-file --target-version --config --extension --select --ignore --extend-select --per-file-ignores " +
				"--extend-per-file-ignores --fixable --unfixable --extend-fixable --exclude --extend-exclude --cache-dir --stdin-filename",
			reads: "--config"},
		"format": {source: ruffSource, exact: true, flags: "hnvqs",
			long: "--check --diff --preview --no-preview --no-cache --isolated --respect-gitignore --no-respect-gitignore --force-exclude " +
				"--no-force-exclude " + ruffLog,
			longVal: "--config --extension --target-version --cache-dir --stdin-filename --exclude --line-length",
			reads:   "--config"},
		"rule":    {source: ruffSource, exact: true, flags: "hvqs", words: true, long: "--all " + ruffLog, longVal: "--output-format"},
		"config":  {source: ruffSource, exact: true, flags: "hvqs", words: true, long: ruffLog},
		"linter":  {source: ruffSource, exact: true, flags: "hvqs", words: true, long: ruffLog, longVal: "--output-format"},
		"version": {source: ruffSource, exact: true, flags: "hvqs", words: true, long: ruffLog, longVal: "--output-format"},
		"help":    {source: ruffSource, exact: true, flags: "hvqs", words: true, long: ruffLog},
		"clean":   {source: ruffSource, exact: true, flags: "hvqs", words: true, long: ruffLog},
	})

// ruff lints and formats Python. check rewrites files with --fix,
// --fix-only or --add-noqa (not with --diff); format rewrites them
// unless --check or --diff; clean deletes the caches below the current
// directory. Reports and caches are written where their options say.
// Other subcommands (server, and those of later versions) are not
// modelled.
func ruff(c *cmd) {
	verb, flags, ops, known := c.verb(ruffTool)
	if verb.s == "" && !verb.dyn {
		c.add(Safe, "prints ruff's usage or version", "builtin:read-only")
		return
	}
	if !known {
		c.notModelled(verb.s)
		return
	}
	c.optPath(accRead, flags, "--config")
	for _, f := range values(flags, "-o", "--output-file", "--cache-dir") {
		c.output(f)
	}
	rewrites := false
	switch verb.s {
	case "check":
		rewrites = has(flags, "--fix", "--fix-only", "--add-noqa") && !has(flags, "--diff", "--no-fix")
	case "format":
		rewrites = !has(flags, "--check", "--diff")
	case "clean":
		c.add(Warning, "deletes the ruff caches below the current directory", "builtin:write-project")
		return
	default:
		c.add(Safe, "prints ruff's rules, settings or version", "builtin:read-only")
		return
	}
	if len(ops) == 0 {
		ops = []field{lit(".")}
	}
	if rewrites {
		c.add(Warning, "rewrites project files", "builtin:format")
		for _, op := range ops {
			if op.s != "-" || op.dyn {
				c.path(accWrite, op)
			}
		}
		return
	}
	c.add(Safe, "checks the project", "builtin:lint")
	c.readTrees(ops)
}

// noxOpts is nox's table. -db, -fb and -ts are whole names after one
// dash, handled by nox before the table is consulted; -s, -e, -p, -t and
// the python lists take any number of words, which are session names.
var noxOpts = toolOpts{source: "nox --help, nox 2022.11.21 (Debian 12)",
	flags: "NRhlrvx",
	vals:  "efkpst",
	long: "--add-timestamp --error-on-external-run --error-on-missing-interpreters --force-color --forcecolor --install-only --list " +
		"--list-sessions --no-color --no-error-on-external-run --no-error-on-missing-interpreters --no-install --no-reuse-existing-virtualenvs " +
		"--no-stop-on-first-error --no-venv --nocolor --non-interactive --reuse-existing-virtualenvs --stop-on-first-error --verbose",
	longVal: "--default-venv-backend --envdir --extra-python --extra-pythons --force-python --force-pythons --force-venv-backend --keywords " +
		"--noxfile --python --pythons --report --session --sessions --tags",
	reads: "-f --noxfile"}

// nox imports the project's noxfile.py even to list its sessions;
// running them creates virtual environments, installs their packages
// from the package index and runs their commands.
func nox(c *cmd) {
	args := c.rest()
	kept := make([]field, 0, len(args))
	for i := 0; i < len(args); i++ {
		switch {
		case args[i].dyn:
		case args[i].s == "--":
			i = len(args) // the session's own arguments
			continue
		case args[i].s == "-ts":
			continue
		case args[i].s == "-db" || args[i].s == "-fb":
			i++
			continue
		}
		kept = append(kept, args[i])
	}
	flags, _ := c.judgeArgs(kept, &noxOpts)
	for _, f := range values(flags, "--envdir", "--report") {
		c.output(f)
	}
	if has(flags, "l", "--list", "--list-sessions") || len(args) > 0 && len(flags) == len(kept) && has(flags, "h", "--help", "--version") {
		c.add(Safe, "lists the project's sessions, importing its noxfile.py", "builtin:test")
		return
	}
	c.add(Warning, "runs the project's nox sessions, which install their packages from the package index", "builtin:install")
}

// behaveOpts is behave's table.
var behaveOpts = toolOpts{source: "behave --help, behave 1.2.6 (Debian 12 python3-behave)",
	flags: "Tcdhkmqsvwx",
	vals:  "Definot",
	long: "--capture --capture-stderr --color --dry-run --expand --junit --lang-list --logcapture --logging-clear-handlers --multiline " +
		"--no-capture --no-capture-stderr --no-color --no-junit --no-logcapture --no-multiline --no-skipped --no-snippets --no-source " +
		"--no-summary --no-timings --quiet --show-skipped --show-source --show-timings --snippets --steps-catalog --stop --summary --tags-help " +
		"--verbose --wip",
	longVal: "--define --exclude --format --include --junit-directory --lang --lang-help --logging-datefmt --logging-filter --logging-format " +
		"--logging-level --name --outfile --stage --tags"}

// behave runs the project's feature files with its step definitions. A
// formatter named module:Class is code it imports; -o and
// --junit-directory write reports.
func behave(c *cmd) {
	flags, ops := c.judgeOpts(&behaveOpts)
	for _, f := range flags {
		switch {
		case (f.name == "-f" || f.is("--format")) && f.hasVal && (f.val.dyn || strings.Contains(f.val.s, ":")):
			c.add(Warning, "imports the formatter class it names ("+shorten(f.val.s)+")", "builtin:tool-program")
		case (f.name == "-o" || f.is("--outfile") || f.is("--junit-directory")) && f.hasVal:
			c.output(f.val)
		}
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.readTrees(testOperands(ops, ":"))
}
