package classify

import "strings"

// The test runners and checkers of other languages' projects (tox, bats,
// rspec, rubocop), each judged by the options its --help lists. Running
// the project's tests runs its code; the options that load code of their
// own naming, start servers, reach the network or write files are judged
// as such.

// testOperands strips what follows a test file's name in an operand
// (rspec's spec/a_spec.rb:37 and spec/a_spec.rb[1:2], pytest's ::name), so
// that the file itself is judged by the path rules.
func testOperands(ops []field, cut string) []field {
	files := make([]field, 0, len(ops))
	for _, op := range ops {
		if i := strings.IndexAny(op.s, cut); i > 0 && !op.dyn {
			op = field{s: op.s[:i], w: op.w}
		}
		files = append(files, op)
	}
	return files
}

// toxOpts is tox 3's table. -p and -s take an optional value that tox
// reads only when it is attached (-p4), so they are flags here.
var toxOpts = toolOpts{source: "tox --help, tox 3.28.0 (Debian 12)",
	flags: "hvqlaorps",
	vals:  "cei",
	long: "--help-ini --hi --verbose --quiet --showconfig --listenvs --listenvs-all --notest --sdistonly --skip-pkg-install --parallel " +
		"--parallel-live --parallel--safe-build --develop --pre --recreate --sitepackages --alwayscopy --skip-missing-interpreters",
	longVal: "--devenv --installpkg --index-url --result-json --discover --hashseed --force-dep --no-provision --workdir",
	reads:   "-c --installpkg"}

// tox lists its environments safely; anything else creates them (pip
// installs their dependencies from the package index) and runs the
// commands the project's tox.ini gives them.
func tox(c *cmd) {
	flags, ops := c.judgeOpts(&toxOpts)
	for _, f := range flags {
		switch {
		case (f.name == "--workdir" || f.name == "--devenv" || f.name == "--result-json" || f.name == "--no-provision") && f.hasVal:
			c.output(f.val)
		case f.name == "--discover":
			c.add(Warning, "runs the Python interpreters it is pointed at (--discover)", "builtin:tool-program")
		case f.name == "-i" || f.name == "--index-url":
			c.add(Warning, "installs packages from the package index it names", "builtin:network")
		}
	}
	lists := len(flags) > 0
	for _, f := range flags {
		if !has([]flag{f}, "h", "l", "a", "v", "q", "c", "--help-ini", "--hi", "--showconfig", "--listenvs", "--listenvs-all", "--verbose", "--quiet", "--help", "--version") {
			lists = false
		}
	}
	if lists && len(ops) == 0 {
		c.add(Safe, "lists the project's test environments", "builtin:read-only")
		return
	}
	c.add(Warning, "creates the project's test environments, installing their packages from the package index, and runs their commands", "builtin:install")
}

// batsOpts is bats-core's table.
var batsOpts = toolOpts{source: "bats --help, bats-core 1.8.2 (Debian 12)",
	flags: "chprtTxv",
	vals:  "fFjo",
	long: "--count --no-tempdir-cleanup --no-parallelize-across-files --no-parallelize-within-files --pretty --print-output-on-failure " +
		"--recursive --show-output-of-passing-tests --tap --timing --trace --verbose-run",
	longVal: "--code-quote-style --filter --filter-status --formatter --gather-test-outputs-in --jobs --report-formatter --output"}

// bats runs the project's test files as bash. A formatter that is not
// one of its own is a program it runs; -o and --gather-test-outputs-in
// write report files.
func bats(c *cmd) {
	flags, ops := c.judgeOpts(&batsOpts)
	for _, f := range flags {
		switch {
		case (f.name == "-F" || f.name == "--formatter" || f.name == "--report-formatter") && f.hasVal:
			switch f.val.s {
			case "pretty", "tap", "tap13", "junit":
			default:
				c.add(Warning, "runs the formatter program it is given ("+shorten(f.val.s)+")", "builtin:tool-program")
				c.path(accRead, f.val)
			}
		case (f.name == "-o" || f.name == "--output" || f.name == "--gather-test-outputs-in") && f.hasVal:
			c.output(f.val)
		}
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.readTrees(ops)
}

// rspecOpts is RSpec's table (Ruby's OptionParser, which takes
// abbreviations of long options).
var rspecOpts = toolOpts{source: "rspec --help, RSpec 3.12 (Debian 12 ruby-rspec)",
	flags: "Xbpwnvh",
	vals:  "IrOfoPeEt",
	long: "--bisect --fail-fast --no-fail-fast --drb --no-drb --backtrace --force-color --force-colour --no-color --no-colour " +
		"--profile --no-profile --dry-run --warnings --only-failures --next-failure --init",
	longVal: "--require --options --order --seed --failure-exit-code --error-exit-code --drb-port --format --out --deprecation-out " +
		"--pattern --exclude-pattern --example --example-matches --tag --default-path",
	reads: "-I --default-path"}

// rspecFormats are the formatters RSpec has; any other name is a class
// it requires by its path.
var rspecFormats = map[string]bool{"p": true, "progress": true, "d": true, "documentation": true, "h": true, "html": true,
	"j": true, "json": true, "f": true, "failures": true, "b": true, "bisect-drb": true}

// rspec runs the project's specs. -r requires a file or library, -O
// reads more options from a file, a formatter of its naming is required,
// --drb runs the specs in a DRb server, --init writes the project's
// configuration, and -o writes its report.
func rspec(c *cmd) {
	flags, ops := c.judgeOpts(&rspecOpts)
	for _, f := range flags {
		switch {
		case (f.name == "-r" || f.is("--require")) && f.hasVal:
			requires(c, f.val)
		case (f.name == "-O" || f.is("--options")) && f.hasVal:
			c.path(accRead, f.val)
			c.add(Warning, "reads more options from "+shorten(f.val.s)+", which the classifier cannot see", "builtin:file-list")
		case (f.name == "-f" || f.is("--format")) && f.hasVal && !rspecFormats[f.val.s]:
			c.add(Warning, "loads the formatter class it names ("+shorten(f.val.s)+")", "builtin:tool-program")
		case (f.name == "-o" || f.is("--out") || f.is("--deprecation-out")) && f.hasVal:
			c.output(f.val)
		case f.name == "-X" || f.is("--drb") || f.is("--drb-port"):
			c.add(Warning, "runs the specs in a DRb server over the network", "builtin:network")
		case f.is("--init"):
			c.add(Warning, "writes the project's RSpec configuration", "builtin:write-project")
		}
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.readTrees(testOperands(ops, ":["))
}

// requires judges the value of a Ruby tool's -r: a file in the project
// is the project's code; a library name is found on the load path, among
// the installed gems, so it is code of the option's choosing.
func requires(c *cmd, v field) {
	if !v.dyn && (strings.ContainsAny(v.s, "/~") || strings.HasSuffix(v.s, ".rb")) {
		c.path(accRead, v)
		return
	}
	c.add(Warning, "requires the library it names ("+shorten(v.s)+")", "builtin:tool-program")
}

// rubocopOpts is RuboCop's table; --[no-]NAME options are listed both
// ways.
var rubocopOpts = toolOpts{source: "rubocop --help, RuboCop 1.39.0 (Debian 12)",
	flags: "lxFPDESaALdvVh",
	vals:  "sCfocr",
	long: "--lint --fix-layout --safe --only-guide-cops --fail-fast --disable-pending-cops --enable-pending-cops --ignore-disable-comments " +
		"--force-exclusion --only-recognized-file-types --ignore-parent-exclusion --ignore-unrecognized-cops --force-default-config " +
		"--parallel --no-parallel --raise-cop-error --server --no-server --restart-server --start-server --stop-server --server-status " +
		"--display-cop-names --no-display-cop-names --extra-details --display-style-guide --stderr --display-time --display-only-failed " +
		"--display-only-fail-level-offenses --display-only-correctable --display-only-safe-correctable --autocorrect --auto-correct " +
		"--safe-auto-correct --autocorrect-all --auto-correct-all --disable-uncorrectable --auto-gen-config --regenerate-todo " +
		"--no-exclude-limit --offense-counts --no-offense-counts --auto-gen-only-exclude --no-auto-gen-only-exclude --auto-gen-timestamp " +
		"--no-auto-gen-timestamp --list-target-files --init --debug --color --no-color --verbose-version",
	longVal: "--except --only --stdin --fail-level --cache --cache-root --format --out --exclude-limit --show-cops --show-docs-url --config --require",
	reads:   "-c --config"}

// rubocop checks the project. -a, -A and -x rewrite the files it checks;
// --auto-gen-config, --regenerate-todo and --init write its
// configuration; -r requires code; the server options start a process
// that outlives the command; --cache-root and -o write where they say.
func rubocop(c *cmd) {
	flags, ops := c.judgeOpts(&rubocopOpts)
	for _, f := range flags {
		switch {
		case (f.name == "-r" || f.is("--require")) && f.hasVal:
			requires(c, f.val)
		case (f.name == "-o" || f.is("--out") || f.is("--cache-root")) && f.hasVal:
			c.output(f.val)
		case f.name == "--server" || f.name == "--start-server" || f.name == "--restart-server" || f.name == "--stop-server":
			c.add(Warning, "starts or stops a RuboCop server that outlives the command ("+f.name+")", "builtin:server")
		case f.name == "--auto-gen-config" || f.name == "--regenerate-todo" || f.name == "--init":
			c.add(Warning, "writes the project's RuboCop configuration", "builtin:write-project")
		}
	}
	if has(flags, "a", "A", "x", "--autocorrect", "--auto-correct", "--safe-auto-correct", "--autocorrect-all", "--auto-correct-all", "--fix-layout") {
		c.add(Warning, "rewrites project files", "builtin:format")
		files := ops
		if len(files) == 0 {
			files = []field{lit(".")}
		}
		for _, f := range files {
			c.path(accWrite, f)
		}
		return
	}
	c.add(Safe, "checks the project", "builtin:lint")
	c.readTrees(ops)
}

// cucumberOpts is Cucumber-Ruby's table.
var cucumberOpts = toolOpts{source: "cucumber --help, Cucumber 2.4.0 (Debian 12 cucumber)",
	flags: "PcdmsiqbSwvgxh",
	vals:  "rfotnepIl",
	long: "--fail-fast --init --no-profile --color --no-color --dry-run --no-multiline --no-source --no-snippets --quiet --no-duration " +
		"--backtrace --strict --wip --verbose --guess --expand",
	longVal: "--require --i18n --format --out --tags --name --exclude --profile --retry --snippet-type --lines --order"}

// cucumberFormats are the formatters Cucumber 2.4 has; any other name
// is a class it loads.
var cucumberFormats = map[string]bool{"debug": true, "html": true, "json": true, "json_pretty": true, "junit": true, "pretty": true,
	"progress": true, "rerun": true, "stepdefs": true, "summary": true, "usage": true}

// cucumber runs the project's features with its step definitions. -r
// requires a file, directory or library, a formatter of its naming is a
// class it loads, --init writes the project's folders, -o writes.
func cucumber(c *cmd) {
	flags, ops := c.judgeOpts(&cucumberOpts)
	for _, f := range flags {
		switch {
		case (f.name == "-r" || f.is("--require")) && f.hasVal:
			requires(c, f.val)
		case (f.name == "-f" || f.is("--format")) && f.hasVal && !cucumberFormats[f.val.s]:
			c.add(Warning, "loads the formatter class it names ("+shorten(f.val.s)+")", "builtin:tool-program")
		case (f.name == "-o" || f.is("--out")) && f.hasVal:
			c.output(f.val)
		case f.is("--init"):
			c.add(Warning, "writes the project's feature folders", "builtin:write-project")
		}
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.readTrees(testOperands(ops, ":"))
}

// phpunitOpts is PHPUnit's table. --coverage-text takes its file only
// after "=", so it is listed without a value.
var phpunitOpts = toolOpts{source: "phpunit --help, PHPUnit 9.6.7 (Debian 12 phpunit)",
	flags: "vh",
	vals:  "cd",
	long: "--coverage-text --warm-coverage-cache --path-coverage --disable-coverage-ignore --no-coverage --reverse-list --no-logging " +
		"--list-suites --list-groups --list-tests --dont-report-useless-tests --strict-coverage --strict-global-state --disallow-test-output " +
		"--disallow-resource-usage --enforce-time-limit --disallow-todo-tests --process-isolation --globals-backup --static-backup --stderr " +
		"--stop-on-defect --stop-on-error --stop-on-failure --stop-on-warning --stop-on-risky --stop-on-skipped --stop-on-incomplete " +
		"--fail-on-incomplete --fail-on-risky --fail-on-skipped --fail-on-warning --verbose --debug --teamcity --testdox --no-interaction " +
		"--cache-result --do-not-cache-result --no-configuration --no-extensions --generate-configuration --migrate-configuration --check-version",
	longVal: "--coverage-clover --coverage-cobertura --coverage-crap4j --coverage-html --coverage-php --coverage-xml --coverage-cache " +
		"--coverage-filter --log-junit --log-teamcity --testdox-html --testdox-text --testdox-xml --testsuite --group --exclude-group --covers " +
		"--uses --list-tests-xml --filter --test-suffix --default-time-limit --colors --columns --repeat --testdox-group --testdox-exclude-group " +
		"--printer --order-by --random-order-seed --prepend --bootstrap --configuration --extensions --include-path --cache-result-file " +
		"--atleast-version",
	reads: "-c --configuration --prepend --bootstrap --coverage-filter"}

// phpunitIniSafe are the php.ini settings -d may change without loading
// or running anything of its choosing.
var phpunitIniSafe = map[string]bool{"memory_limit": true, "error_reporting": true, "display_errors": true, "date.timezone": true,
	"max_execution_time": true, "precision": true, "xdebug.mode": true, "zend.assertions": true}

// phpunit runs the project's tests. --bootstrap and --prepend include a
// PHP script, -c reads the configuration (which can name more), the
// extension and printer options load code of their naming, -d changes
// php.ini (auto_prepend_file runs a script), --check-version asks the
// network, the configuration generators write, and the reports,
// coverage and caches are written where their options say.
func phpunit(c *cmd) {
	flags, ops := c.judgeOpts(&phpunitOpts)
	for _, f := range flags {
		switch {
		case f.is("--extensions") || f.is("--printer"):
			c.add(Warning, "loads the extensions or printer class it names ("+f.name+")", "builtin:tool-program")
		case f.name == "-d" && f.hasVal:
			key, _, _ := strings.Cut(f.val.s, "=")
			if f.val.dyn || !phpunitIniSafe[key] {
				c.add(Warning, "changes a php.ini setting ("+shorten(f.val.s)+"), which can load or run code", "builtin:env-override")
			}
		case f.is("--include-path") && f.hasVal:
			for _, p := range strings.Split(f.val.s, ":") {
				if p != "" {
					c.path(accRead, field{s: p, dyn: f.val.dyn, w: f.val.w})
				}
			}
		case f.is("--check-version"):
			c.add(Warning, "asks the network for the latest PHPUnit version", "builtin:network")
		case f.is("--generate-configuration") || f.is("--migrate-configuration"):
			c.add(Warning, "writes the project's PHPUnit configuration", "builtin:write-project")
		case f.hasVal && strings.HasPrefix(f.name, "--") && (strings.HasPrefix(f.name, "--coverage-") && f.name != "--coverage-filter" ||
			strings.HasPrefix(f.name, "--log-") || strings.HasPrefix(f.name, "--testdox-") && !strings.HasSuffix(f.name, "group") ||
			f.name == "--list-tests-xml" || f.name == "--cache-result-file"):
			c.output(f.val)
		}
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.readTrees(ops)
}

// styluaFmt is StyLua's table (structopt, which does not abbreviate long
// options). It rewrites the files it is given unless --check.
var styluaFmt = formatterTable{check: []string{"-c", "--check"}, opts: toolOpts{
	source: "StyLua 0.11.0 src/cli/opt.rs (its --help), upstream", exact: true,
	flags: "scvhV", vals: "g",
	long: "--search-parent-directories --check --verify --verbose",
	longVal: "--config-path --stdin-filepath --color --glob --num-threads --range-start --range-end --column-width --line-endings " +
		"--indent-type --indent-width --quote-style",
	reads: "--config-path"}}

var stylua = styluaFmt.handler()

// duneBuild is the table of dune build, runtest and test (they share
// their options). --help and --promote-install-files take a value only
// after "=".
var duneBuild = toolOpts{source: "dune build --help=plain and dune runtest --help=plain, dune 2.9.3 (Debian 12 ocaml-dune)",
	flags: "fw",
	vals:  "jpx",
	long: "--always-show-command-line --auto-promote --build-info --debug-artifact-substitution --debug-backtraces --debug-dependency-path " +
		"--debug-findlib --force --ignore-promoted-rules --no-buffer --no-config --no-print-directory --release --verbose --watch " +
		"--disable-promotion --store-orig-source-dir --promote-install-files",
	longVal: "--build-dir --cache --cache-check-probability --cache-duplication --cache-transport --config-file --default-target --diff-command " +
		"--display --for-release-of-packages --instrument-with --only-packages --profile --root --sandbox --terminal-persistence --trace-file --workspace",
	reads: "--config-file --workspace --root", writes: "--trace-file"}

// duneTool is dune: cmdliner takes no options before the command but
// --help and --version.
var duneTool = newVerbTool(toolOpts{source: duneBuild.source}, map[string]*toolOpts{"build": &duneBuild, "runtest": &duneBuild, "test": &duneBuild})

// dune builds and tests the project by its dune files. --diff-command
// runs a program, --build-dir and --trace-file write where they say,
// --auto-promote rewrites source files, the shared cache lives in the
// home directory. exec and utop run programs, install puts files outside
// the project, clean, promote, init, subst and format-dune-file write.
func dune(c *cmd) {
	verb, flags, _, known := c.verb(duneTool)
	switch {
	case verb.s == "" && !verb.dyn:
		c.add(Safe, "prints dune's usage or version", "builtin:read-only")
		return
	case known:
	case verb.s == "install" || verb.s == "uninstall":
		c.add(Dangerous, "installs or removes files outside the project", "builtin:global-install")
		return
	case verb.s == "exec" || verb.s == "utop" || verb.s == "ocaml-merlin":
		c.add(Warning, "runs a program ("+verb.s+")", "builtin:interpreter")
		return
	default:
		c.notModelled(verb.s)
		return
	}
	for _, f := range flags {
		switch {
		case f.name == "--diff-command":
			c.add(Warning, "runs the diff program it names (--diff-command)", "builtin:tool-program")
		case f.is("--build-dir") && f.hasVal:
			c.output(f.val)
		case f.is("--auto-promote"):
			c.add(Warning, "promotes generated files into the project's sources", "builtin:write-project")
		case f.is("--cache") && f.hasVal && f.val.s != "disabled":
			c.add(Warning, "uses the shared build cache in the home directory", "builtin:write-outside")
		}
	}
	c.add(Safe, "builds or tests the project, running its rules", "builtin:build")
}

// mixSource names where mix's tables come from.
const mixSource = "mix help, mix help test, compile, format and deps, Elixir 1.14.0 (Debian 12 elixir)"

// mixTool is mix: its own --version and --help, and the tables of the
// tasks that build, test, check formatting or list. Elixir's
// OptionParser takes option names only as spelt.
var mixTool = newVerbTool(toolOpts{source: mixSource, flags: "hv", exact: true}, map[string]*toolOpts{
	"test": {source: mixSource, exact: true,
		long: "--color --cover --failed --force --listen-on-stdin --no-archives-check --no-color --no-compile --no-deps-check " +
			"--no-elixir-version-check --no-start --preload-modules --raise --stale --trace --warnings-as-errors",
		longVal: "--exclude --exit-status --export-coverage --formatter --include --max-cases --max-failures --only --partitions --seed " +
			"--slowest --timeout --profile-require"},
	"compile": {source: mixSource, exact: true,
		long: "--force --list --no-app-loading --no-archives-check --no-compile --no-deps-check --no-elixir-version-check --no-optional-deps " +
			"--no-protocol-consolidation --no-validate-compile-env --return-errors --warnings-as-errors",
		longVal: "--erl-config", reads: "--erl-config"},
	"format": {source: mixSource, exact: true, long: "--check-formatted --dry-run", longVal: "--dot-formatter --stdin-filename", reads: "--dot-formatter"},
	"deps":   {source: mixSource, exact: true, long: "--all"},
	"help":   {source: mixSource, exact: true, long: "--search --names"},
})

// mix runs the project's mix.exs, which is Elixir code, for every task.
// test, compile and deps build, test or list; format rewrites unless
// --check-formatted or --dry-run (its .formatter.exs is code too); a
// formatter module of mix test's naming is loaded. Tasks without a table
// are judged by what they do: fetching, running code, installing outside
// the project, writing.
func mix(c *cmd) {
	verb, flags, ops, known := c.verb(mixTool)
	if verb.s == "" && !verb.dyn {
		if len(c.rest()) > 0 {
			c.add(Safe, "prints mix's version or usage", "builtin:read-only")
			return
		}
		c.add(Warning, "runs the project's default task (mix run)", "builtin:interpreter")
		return
	}
	if !known {
		switch v := verb.s; {
		case verb.dyn:
			c.notModelled(v)
		case v == "deps.get" || v == "deps.update" || strings.HasPrefix(v, "hex."):
			c.add(Warning, "fetches or publishes packages over the network ("+v+")", "builtin:network")
		case v == "run" || v == "eval" || v == "cmd" || v == "do" || strings.HasPrefix(v, "profile.") || v == "app.start":
			c.add(Warning, "runs code or commands of its choosing ("+v+")", "builtin:interpreter")
		case strings.HasPrefix(v, "local.") || strings.HasSuffix(v, ".install") || strings.HasSuffix(v, ".uninstall"):
			c.add(Dangerous, "installs or removes programs outside the project ("+v+")", "builtin:global-install")
		default:
			c.notModelled(v)
		}
		return
	}
	switch verb.s {
	case "test":
		if has(flags, "--formatter") {
			c.add(Warning, "loads the formatter module it names (--formatter)", "builtin:tool-program")
		}
		c.add(Safe, "runs the project's tests", "builtin:test")
		c.readTrees(testOperands(ops, ":"))
	case "format":
		if !has(flags, "--check-formatted", "--dry-run") {
			c.add(Warning, "rewrites project files", "builtin:format")
			if len(ops) == 0 {
				ops = []field{lit(".")}
			}
			for _, op := range ops {
				if op.s != "-" || op.dyn {
					c.path(accWrite, op)
				}
			}
			return
		}
		c.add(Safe, "checks formatting, running the project's .formatter.exs", "builtin:lint")
		c.readTrees(ops)
	case "help":
		c.add(Safe, "prints help", "builtin:read-only")
	default:
		c.add(Safe, "builds the project or lists its dependencies, running its mix.exs", "builtin:build")
	}
}

// stackSource names where stack's tables come from. The --docker* and
// --nix* families (stack --docker-help, --nix-help) are left out: they
// run the build in a container or a nix shell, so they are warning.
const stackSource = "stack --help, stack build --help and stack path --help, stack 2.7.5 (Debian 12 haskell-stack)"

// stackGlobal are the options stack takes before its command and, as
// optparse-applicative parses them, after it too. They are never
// abbreviated.
const (
	stackGlobalLong = "--numeric-version --hpack-numeric-version --verbose --silent --time-in-log --no-time-in-log --system-ghc --no-system-ghc " +
		"--install-ghc --no-install-ghc --skip-ghc-check --no-skip-ghc-check --skip-msys --no-skip-msys --modify-code-page --no-modify-code-page " +
		"--allow-different-user --no-allow-different-user --dump-logs --no-dump-logs --terminal --no-terminal"
	stackGlobalVal = "--verbosity --work-dir --arch --ghc-variant --ghc-build --jobs --extra-lib-dirs --custom-preprocessor-extensions " +
		"--with-gcc --with-hpack --setup-info-yaml --color --colour --snapshot-location-base --resolver --compiler --stack-colors " +
		"--stack-colours --terminal-width --stack-yaml --lock-file"
	// stackGlobalPaths are global options that stack path takes as flags
	// (print that path), so they are added to the other tables only.
	stackGlobalPaths = " --stack-root --extra-include-dirs --local-bin-path"
	stackBuildLong   = "--dry-run --pedantic --fast --dependencies-only --only-snapshot --only-dependencies --only-locals --file-watch " +
		"--file-watch-poll --watch-all --only-configure --trace --profile --no-strip --library-profiling --no-library-profiling " +
		"--executable-profiling --no-executable-profiling --library-stripping --no-library-stripping --executable-stripping " +
		"--no-executable-stripping --haddock --no-haddock --open --no-open --haddock-deps --no-haddock-deps --haddock-internal " +
		"--no-haddock-internal --haddock-hyperlink-source --no-haddock-hyperlink-source --copy-bins --no-copy-bins --copy-compiler-tool " +
		"--no-copy-compiler-tool --prefetch --no-prefetch --keep-going --no-keep-going --keep-tmp-files --no-keep-tmp-files --force-dirty " +
		"--no-force-dirty --test --no-test --rerun-tests --no-rerun-tests --coverage --no-run-tests --bench --no-bench --no-run-benchmarks " +
		"--reconfigure --no-reconfigure --cabal-verbose --no-cabal-verbose --split-objs --no-split-objs --interleaved-output --no-interleaved-output"
	stackBuildVal = "--ghc-options --flag --exec --haddock-arguments --ta --test-arguments --test-suite-timeout --ba --benchmark-arguments " +
		"--skip --ddump-dir"
	stackPathLong = "--stack-root --project-root --config-location --bin-path --programs --compiler-exe --compiler-bin --compiler-tools-bin " +
		"--local-bin --extra-include-dirs --extra-library-dirs --snapshot-pkg-db --local-pkg-db --global-pkg-db --ghc-package-path " +
		"--snapshot-install-root --local-install-root --snapshot-doc-root --local-doc-root --local-hoogle-root --dist-dir --local-hpc-root " +
		"--local-bin-path --ghc-paths --global-stack-root"
	// stackReads are the options whose value is a file stack reads; the
	// directories it writes (--stack-root, --work-dir, --local-bin-path,
	// --ddump-dir) are judged by stack as build output.
	stackReads = "--stack-yaml --extra-include-dirs --extra-lib-dirs"
	stackRuns  = "--with-gcc --with-hpack --exec"
)

var (
	stackBuild = toolOpts{source: stackSource, exact: true, flags: "v", vals: "j", long: stackGlobalLong + " " + stackBuildLong,
		longVal: stackGlobalVal + stackGlobalPaths + " " + stackBuildVal, reads: stackReads, runs: stackRuns}
	stackPath = toolOpts{source: stackSource, exact: true, flags: "v", vals: "j", long: stackGlobalLong + " " + stackPathLong,
		longVal: stackGlobalVal, reads: stackReads, runs: "--with-gcc --with-hpack"}
	stackTool = newVerbTool(toolOpts{source: stackSource, exact: true, flags: "v", vals: "j", long: stackGlobalLong,
		longVal: stackGlobalVal + stackGlobalPaths, reads: stackReads, runs: "--with-gcc --with-hpack"},
		map[string]*toolOpts{"build": &stackBuild, "test": &stackBuild, "bench": &stackBuild, "haddock": &stackBuild, "path": &stackPath})
)

// stack builds, tests and prints paths by its tables; the options that
// pass flags to GHC or haddock, fetch from a URL, open a browser or copy
// programs outside the project are judged as such. install copies
// programs to the local bin directory; setup and upgrade install GHC or
// stack; exec, run, ghci, script and their kind run code; commands that
// write the project or publish are judged by what they do.
func stack(c *cmd) {
	global, verb, flags, _, known := c.verbGlobal(stackTool)
	// The directories stack writes: its root, work and bin directories.
	for _, f := range append(global, flags...) {
		if f.hasVal && (f.name == "--stack-root" || f.name == "--work-dir" || f.name == "--local-bin-path" || f.name == "--ddump-dir") {
			c.output(f.val)
		}
	}
	if verb.s == "" && !verb.dyn {
		c.add(Safe, "prints stack's usage or version", "builtin:read-only")
		return
	}
	if !known {
		switch v := verb.s; {
		case verb.dyn:
			c.notModelled(v)
		case v == "install" || v == "setup" || v == "upgrade":
			c.add(Dangerous, "installs programs outside the project ("+v+")", "builtin:global-install")
		case v == "upload":
			c.add(Dangerous, "publishes a package to Hackage", "builtin:network-send")
		case v == "update" || v == "unpack" || v == "templates":
			c.add(Warning, "downloads from the network ("+v+")", "builtin:network")
		case v == "exec" || v == "run" || v == "ghc" || v == "ghci" || v == "repl" || v == "runghc" || v == "runhaskell" ||
			v == "script" || v == "eval" || v == "hoogle":
			c.add(Warning, "runs code or programs of its choosing ("+v+")", "builtin:interpreter")
		default:
			c.notModelled(v)
		}
		return
	}
	for _, f := range flags {
		switch {
		case f.name == "--ghc-options" || f.name == "--haddock-arguments":
			c.add(Warning, "passes options to GHC or haddock ("+f.name+"), which can run programs and plugins", "builtin:tool-program")
		case f.name == "--setup-info-yaml" || f.name == "--snapshot-location-base":
			c.add(Warning, "fetches stack's setup or snapshots from the location it names ("+f.name+")", "builtin:network")
		case f.name == "--open":
			c.add(Warning, "opens the documentation in a browser", "builtin:open")
		case f.name == "--copy-bins" || f.name == "--copy-compiler-tool":
			c.add(Dangerous, "copies the built programs outside the project ("+f.name+")", "builtin:global-install")
		}
	}
	if verb.s == "path" {
		c.add(Safe, "prints the project's paths", "builtin:read-only")
		return
	}
	c.add(Safe, "builds or tests the project", "builtin:build")
}

// The names below have no complete table yet (they are untabled, so
// never safe), but the options of theirs that write, load code or run
// programs are judged here, around the generic handlers.

// ktlint is the generic formatter judge plus what ktlint 1.x's
// options and commands do: the git hook installers write .git/hooks,
// --reporter's artifact= loads a jar and output= writes a file, and
// -R/--ruleset loads rule jars.
func ktlint(c *cmd) {
	args := c.rest()
	for i, a := range args {
		s := a.s
		switch {
		case a.dyn:
		case s == "installGitPreCommitHook":
			c.path(accWrite, lit(".git/hooks/pre-commit"))
		case s == "installGitPrePushHook":
			c.path(accWrite, lit(".git/hooks/pre-push"))
		case strings.HasPrefix(s, "--reporter"):
			v, ok := strings.CutPrefix(s, "--reporter=")
			if !ok && i+1 < len(args) {
				v = args[i+1].s
			}
			for _, part := range strings.Split(v, ",") {
				if out, ok := strings.CutPrefix(part, "output="); ok {
					c.output(field{s: out, w: a.w})
				}
				if strings.HasPrefix(part, "artifact=") {
					c.add(Warning, "loads the reporter jar it names", "builtin:tool-program")
				}
			}
		case s == "-R" || strings.HasPrefix(s, "--ruleset"):
			c.add(Warning, "loads the ruleset jars it names", "builtin:tool-program")
		}
	}
	ktlintFormatter(c)
}

// swiftlint is the generic formatter judge plus --output, which writes
// the report to a file.
func swiftlint(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{long: []string{"--output", "--config", "--reporter", "--path", "--compiler-log-path", "--compile-commands", "--cache-path"}})
	for _, v := range values(flags, "--output", "--cache-path") {
		c.output(v)
	}
	ktlintFormatter(c)
}

var ktlintFormatter = formatter("--fix", "--write", "w", "fix", "--fix-only", "--fix-dry-run", "-F", "--format")

// cabal is the generic build-tool judge plus cabal-install's options that
// run programs of their naming (-w/--with-compiler, --with-PROG) or pass
// options to them (--ghc-options, --PROG-option(s)), which can run more.
func cabal(c *cmd) {
	for _, a := range c.rest() {
		name, _, _ := strings.Cut(a.s, "=")
		switch {
		case a.dyn:
		case name == "-w" || strings.HasPrefix(name, "--with-") || strings.HasPrefix(name, "-w") && len(name) > 2 && !strings.HasPrefix(name, "--"):
			c.add(Warning, "runs the program it names ("+shorten(name)+")", "builtin:tool-program")
		case strings.HasPrefix(name, "--") && (strings.HasSuffix(name, "-options") || strings.HasSuffix(name, "-option")):
			c.add(Warning, "passes options to a program it runs ("+shorten(name)+"), which can run more", "builtin:tool-program")
		}
	}
	cabalBuild(c)
}

// cabalBuild is the generic build-tool handler, set where the commands
// are registered.
var cabalBuild handler
