package classify

import (
	"slices"
	"strings"
)

// jsTool is the table of a JavaScript linter or test runner, taken from
// its --help: opts lists every option and judges the files its reads and
// lists name; the other lists say which options do more than choose
// what is checked and how it is reported. An option in none of them is
// a setting. The tools load their configuration and the project's
// tests, which is running the project's code: Safe as a lint or a test
// run is, while a configuration, rules or a module from outside the
// project is judged by the path rules (warning at least).
type jsTool struct {
	opts  toolOpts
	why   string // what the command does when it only checks or tests
	rule  string // the rule of that finding: builtin:lint or builtin:test
	fixes string // options that rewrite project files (--fix, -u)
	// fixFiles are options naming a file the fixes write (eslint's
	// suppressions file), read otherwise.
	fixFiles string
	fixWhy   string // what they do, as the formatter and testRunner say it
	outputs  string // options whose value is a file or directory written (reports, caches)
	cleans   string // options whose value is a directory the run empties first (playwright --output)
	// caches are options naming a cache file that a run without --cache
	// deletes (eslint, stylelint), and writes with it.
	caches  string
	plugins string // options whose value is code or arguments the classifier cannot see into
	servers string // options that start a server, open a browser or a debugger, or wait for changes
	// browsers are options whose value names a browser, or with a slash
	// the path of a program to run as one (cypress -b, karma --browsers).
	browsers string
	// csv are options whose value is a comma separated list of files read.
	csv string
	// pairs are options whose value is key=value pairs, of which the
	// output keys name files written (mocha -O output=FILE), Cypress's
	// asset folders are emptied (cypress -c screenshotsFolder=DIR), and
	// the others are judged as paths read (cypress -c supportFile=FILE),
	// so that no file outside the project is taken in silently.
	pairs string
	// marks are options with a finding of their own (eslint --init).
	marks map[string]jsVerb
	// verbs are first operands with a finding of their own; jsSafe, a
	// verb without one, is judged like the tool alone (vitest run).
	verbs map[string]jsVerb
	// subs are subcommands with tables of their own (playwright test);
	// when set, opts are the options before the subcommand, and a
	// subcommand in neither subs nor verbs is not modelled.
	subs map[string]*jsTool
	// globs: operands may start with markdownlint-cli2's ":" (a literal
	// path) or a negation ("!", "#"), which is not part of the path.
	globs bool
}

// jsVerb is a finding for a subcommand or an option.
type jsVerb struct {
	level Level
	why   string
	rule  string
}

// judge judges args, the words after the command name, by the table.
func (t *jsTool) judge(c *cmd, args []field) {
	args = shortEquals(args)
	flags, ops := c.judgeArgs(args, &t.opts)
	for _, f := range values(flags, strings.Fields(t.opts.reads)...) {
		// Jest takes --config as JSON too, which the classifier does
		// not read.
		if v := strings.TrimSpace(f.s); !f.dyn && (strings.HasPrefix(v, "{") || strings.HasPrefix(v, "[")) {
			c.add(Warning, "sets options the classifier does not read ("+shorten(v)+")", "builtin:tool-program")
		}
	}
	if t.subs != nil {
		t.judgeFlags(c, flags)
		if len(ops) == 0 {
			c.add(Safe, "prints its version or usage", "builtin:read-only")
			return
		}
		verb := ops[0]
		if sub, ok := t.subs[verb.s]; ok && !verb.dyn {
			sub.judge(c, ops[1:])
			return
		}
		if v, ok := t.verbs[verb.s]; ok && !verb.dyn {
			c.add(v.level, v.why, v.rule)
			return
		}
		c.notModelled(verb.s)
		return
	}
	if len(ops) > 0 && !ops[0].dyn {
		if v, ok := t.verbs[ops[0].s]; ok {
			ops = ops[1:]
			if v.why != "" {
				c.add(v.level, v.why, v.rule)
				t.judgeFlags(c, flags)
				t.read(c, ops)
				return
			}
		}
	}
	if t.judgeFlags(c, flags) {
		for _, f := range values(flags, strings.Fields(t.fixFiles)...) {
			c.path(accWrite, f)
		}
		for _, op := range ops {
			c.path(accWrite, t.operand(op))
		}
		return
	}
	c.add(Safe, t.why, t.rule)
	t.read(c, ops)
}

// shortEquals rewrites -c=VALUE as -cVALUE: yargs and mri take the
// value after the "=", which the classifier's parser would keep.
func shortEquals(args []field) []field {
	var out []field
	for i, a := range args {
		if a.s == "--" {
			break
		}
		if !a.dyn && len(a.s) > 3 && a.s[0] == '-' && a.s[1] != '-' && a.s[2] == '=' {
			if out == nil {
				out = slices.Clone(args)
			}
			out[i].s = a.s[:2] + a.s[3:]
		}
	}
	if out == nil {
		return args
	}
	return out
}

// read judges the operands: files and directories whose trees are read
// (and, for a test runner, run).
func (t *jsTool) read(c *cmd, ops []field) {
	for _, op := range ops {
		if op.s != "-" || op.dyn {
			c.path(accReadTree, t.operand(op))
		}
	}
}

// operand strips the glob prefixes that are not part of a path.
func (t *jsTool) operand(op field) field {
	if t.globs && !op.dyn {
		op.s = strings.TrimLeft(op.s, ":!#")
	}
	return op
}

// judgeFlags judges the options that write, load code or start servers,
// and reports whether one rewrites project files.
func (t *jsTool) judgeFlags(c *cmd, flags []flag) (fixes bool) {
	caching := false
	for _, f := range flags {
		if f.name == "--cache" {
			caching = on(f)
		} else if f.name == "--no-cache" {
			caching = false
		}
	}
	for _, f := range flags {
		if m, ok := t.marks[f.name]; ok && on(f) {
			c.add(m.level, m.why, m.rule)
		}
		switch {
		case listed(t.fixes, f.name) && on(f):
			if !fixes {
				c.add(Warning, t.fixWhy, t.fixRule())
			}
			fixes = true
		case listed(t.servers, f.name) && on(f):
			c.add(Warning, "starts a server, a browser or a debugger, or waits for changes ("+f.name+")", "builtin:server")
		case listed(t.plugins, f.name):
			c.add(Warning, "loads code or passes arguments the classifier does not read ("+shorten(f.name+" "+f.val.s)+")", "builtin:tool-program")
		case listed(t.outputs, f.name) && f.hasVal:
			c.output(f.val)
		case listed(t.cleans, f.name) && f.hasVal:
			c.path(accDeleteTree, f.val)
		case listed(t.caches, f.name) && f.hasVal && caching:
			c.output(f.val)
		case listed(t.caches, f.name) && f.hasVal:
			c.path(accDelete, f.val)
		case listed(t.browsers, f.name) && f.hasVal:
			for _, b := range strings.Split(f.val.s, ",") {
				if f.val.dyn || strings.ContainsAny(b, `/\~`) {
					c.add(Warning, "runs the program "+shorten(b)+" as its browser", "builtin:tool-program")
					c.path(accRead, field{s: b, dyn: f.val.dyn, w: f.val.w})
				}
			}
		case listed(t.csv, f.name) && f.hasVal:
			for _, p := range strings.Split(f.val.s, ",") {
				c.path(accRead, field{s: p, dyn: f.val.dyn, w: f.val.w})
			}
		case listed(t.pairs, f.name) && f.hasVal:
			t.judgePairs(c, f)
		}
	}
	return fixes
}

// judgePairs judges key=value pairs: a value under an output key is a
// file written, Cypress's asset folders are emptied before the run, and
// any other value is judged as a path read. JSON, which the classifier
// does not parse, is warning.
func (t *jsTool) judgePairs(c *cmd, f flag) {
	v := strings.TrimSpace(f.val.s)
	if f.val.dyn || strings.HasPrefix(v, "{") || strings.HasPrefix(v, "[") {
		c.add(Warning, "sets options the classifier does not read ("+shorten(f.name+" "+v)+")", "builtin:tool-program")
		return
	}
	for _, kv := range strings.Split(v, ",") {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		p := field{s: val, w: f.val.w}
		switch k := strings.ToLower(key); {
		case k == "screenshotsfolder" || k == "videosfolder" || k == "downloadsfolder":
			// Cypress empties them before a run (trashAssetsBeforeRuns).
			c.path(accDeleteTree, p)
		case k == "output" || k == "outputfile" || k == "mochafile" || strings.HasSuffix(k, "dir"):
			c.output(p)
		default:
			c.path(accRead, p)
		}
	}
}

// fixRule is the rule of a fix: a test runner's snapshot update is part
// of testing (builtin:test, as testRunner says), a linter's is formatting.
func (t *jsTool) fixRule() string {
	if t.rule == "builtin:test" {
		return "builtin:test"
	}
	return "builtin:format"
}

// listed reports whether the option name is one of the space separated
// list (whole: the tables are exact).
func listed(list, name string) bool {
	for _, l := range strings.Fields(list) {
		if name == l {
			return true
		}
	}
	return false
}

// on reports whether a boolean option is set: yargs, cac and commander
// read --watch=false as off, and a mode "none" (vitest -u none,
// playwright --run-agents none) does nothing.
func on(f flag) bool {
	return !f.hasVal || f.val.dyn || f.val.s != "false" && f.val.s != "0" && f.val.s != "none"
}

// withNegated returns the long options in list followed by their --no-
// forms, which yargs, cac (mri) and meow accept for every boolean option.
func withNegated(list string) string {
	out := strings.Fields(list)
	for _, l := range out {
		if strings.HasPrefix(l, "--") && !strings.HasPrefix(l, "--no-") && !strings.Contains(l, ".") {
			out = append(out, "--no-"+l[2:])
		}
	}
	return strings.Join(out, " ")
}

// build makes every table's parsing spec before any concurrent use.
func (t *jsTool) build() *jsTool {
	if t.subs != nil {
		t.opts.stop = true
	}
	t.opts.exact = true
	t.opts.spec()
	for _, s := range t.subs {
		s.build()
	}
	return t
}

// handler returns the handler of a tool judged by t alone.
func (t *jsTool) handler() handler {
	t.build()
	return func(c *cmd) { t.judge(c, c.rest()) }
}

// Findings shared by the tables.
var (
	jsServer   = jsVerb{Warning, "starts a server or opens a browser", "builtin:server"}
	jsWritesIn = jsVerb{Warning, "writes configuration or example files into the project", "builtin:format"}
	jsPrints   = jsVerb{Safe, "prints information", "builtin:read-only"}
	jsSafe     = jsVerb{level: Safe}
)

// The tables, each from the --help of the npm package at the version
// named in its source (installed with npm install --ignore-scripts).
var (
	eslintTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		opts: toolOpts{source: "eslint --help, ESLint 10.15.0", flags: "hv", vals: "cof",
			long:    "--no-config-lookup --inspect-config --fix --fix-dry-run --no-ignore --stdin --quiet --color --no-color --no-inline-config --report-unused-disable-directives --cache --suppress-all --prune-suppressions --pass-on-unpruned-suppressions --init --env-info --no-error-on-unmatched-pattern --exit-on-fatal-error --no-warn-ignored --pass-on-no-patterns --debug --stats --mcp",
			longVal: "--config --ext --global --parser --parser-options --plugin --rule --fix-type --ignore-pattern --stdin-filename --max-warnings --output-file --format --report-unused-disable-directives-severity --report-unused-inline-configs --cache-file --cache-location --cache-strategy --suppress-rule --suppressions-location --print-config --flag --concurrency",
			// The configuration, a parser and a formatter are modules
			// loaded as code; --print-config reads the file it names, and
			// the configuration is looked up from --stdin-filename's
			// directory.
			reads: "-c --config --parser -f --format --print-config --suppressions-location --stdin-filename"},
		fixes:    "--fix --suppress-all --suppress-rule --prune-suppressions",
		fixFiles: "--suppressions-location",
		outputs:  "-o --output-file",
		caches:   "--cache-file --cache-location",
		plugins:  "--plugin",
		servers:  "--inspect-config --mcp",
		marks:    map[string]jsVerb{"--init": {Warning, "runs npm init @eslint/config, which downloads and runs a package", "builtin:npx"}}}

	oxlintTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		opts: toolOpts{source: "oxlint --help, oxlint 1.94.0", flags: "hV", vals: "cAWDf",
			long:    "--init --disable-unicorn-plugin --disable-oxc-plugin --disable-typescript-plugin --import-plugin --react-plugin --jsdoc-plugin --jest-plugin --vitest-plugin --jsx-a11y-plugin --nextjs-plugin --react-perf-plugin --promise-plugin --node-plugin --vue-plugin --fix --fix-suggestions --fix-dangerously --no-ignore --quiet --deny-warnings --silent --no-error-on-unmatched-pattern --print-config --report-unused-disable-directives --rules --lsp --disable-nested-config --type-aware --type-check",
			longVal: "--config --tsconfig --allow --warn --deny --ignore-path --ignore-pattern --max-warnings --format --debug --threads --report-unused-disable-directives-severity",
			// A JavaScript configuration runs in Node.js.
			reads: "-c --config --tsconfig --ignore-path"},
		fixes:   "--fix --fix-suggestions --fix-dangerously",
		servers: "--lsp",
		marks:   map[string]jsVerb{"--init": jsWritesIn}}

	xoTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		// meow: --space takes an optional value (a word after it that is
		// not a number is an input file), booleans take --no-.
		opts: toolOpts{source: "xo --help, XO 2.0.2 (meow flags in dist/cli.js)",
			long:    "--fix --fix-dry-run --space --semicolon --no-semicolon --react --no-react --prettier --no-prettier --quiet --version --stdin --open",
			longVal: "--reporter --config --config-path --print-config --stdin-filename --ignore --ignores --cwd",
			reads:   "--reporter --config --config-path --print-config --cwd --stdin-filename"},
		fixes:   "--fix",
		servers: "--open"}

	standardTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		opts: toolOpts{source: "standard --help, standard 17.1.2", flags: "h",
			long: "--fix --version --stdin", longVal: "--ext --ignore --global --plugin --env --parser",
			reads: "--parser"},
		fixes: "--fix", plugins: "--plugin"}

	stylelintTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		opts: toolOpts{source: "stylelint --help, stylelint 17.16.0", flags: "qvh", vals: "cifo",
			long:    "--print-config --fix --compute-edit-info --cei --stdin --ignore-disables --id --disable-default-ignores --di --cache --no-cache --quiet --quiet-deprecation-warnings --color --no-color --validate --no-validate --report-needless-disables --rd --report-invalid-scope-disables --risd --report-descriptionless-disables --rdd --allow-empty-input --aei --suppress",
			longVal: "--config --config-basedir --ignore-path --ignore-pattern --ip --custom-syntax --stdin-filename --cache-location --cache-strategy --formatter --custom-formatter --max-warnings --mw --output-file --suppress-location --globby-options --go",
			// The configuration, its base directory (where plugins and
			// extends resolve), a custom syntax and a custom formatter
			// are code.
			reads: "-c --config --config-basedir -i --ignore-path --custom-syntax --custom-formatter --suppress-location --stdin-filename"},
		fixes:    "--fix --suppress",
		fixFiles: "--suppress-location",
		outputs:  "-o --output-file",
		caches:   "--cache-location",
		plugins:  "--globby-options --go"}

	tslintTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files",
		opts: toolOpts{source: "tslint --help, TSLint 6.1.3", flags: "vihq", vals: "ceorstp",
			long:    "--version --fix --force --init --outputAbsolutePaths --print-config --test --quiet --type-check",
			longVal: "--config --exclude --out --rules-dir --formatters-dir --format --project",
			// Rules and formatters directories hold code it loads.
			reads: "-c --config -r --rules-dir -s --formatters-dir -t --format -p --project"},
		fixes:   "--fix",
		outputs: "-o --out",
		marks:   map[string]jsVerb{"-i": jsWritesIn, "--init": jsWritesIn}}

	markdownlintTable = jsTool{why: "checks the project", rule: "builtin:lint", fixWhy: "rewrites project files", globs: true,
		opts: toolOpts{source: "markdownlint-cli2 --help, markdownlint-cli2 0.22.1",
			long: "--fix --format --no-globs", longVal: "--config --configPointer",
			reads: "--config"},
		fixes: "--fix"}
)

// Jest's booleans, which yargs also takes as --no-NAME.
const jestBools = "--help --version --all --automock --bail --cache --changedFilesWithAncestor --ci --clearCache --clearMocks --collectCoverage --collectTests --color --colors --coverage --debug --detectLeaks --detectOpenHandles --errorOnDeprecated --expand --findRelatedTests --forceExit --injectGlobals --json --lastCommit --listTests --logHeapUsage --noStackTrace --notify --onlyChanged --onlyFailures --passWithNoTests --randomize --resetMocks --resetModules --restoreMocks --runInBand --runTestsByPath --showConfig --showSeed --silent --skipFilter --testLocationInResults --updateSnapshot --useStderr --verbose --waitForUnhandledRejections --watch --watchAll --watchman --workerThreads"

var jestTable = jsTool{why: "runs the project's tests", rule: "builtin:test", fixWhy: "updates project files",
	opts: toolOpts{source: "jest --help, Jest 30.5.2", flags: "hbeofiu", vals: "cwt",
		long:    withNegated(jestBools),
		longVal: "--cacheDirectory --changedSince --collectCoverageFrom --config --coverageDirectory --coveragePathIgnorePatterns --coverageProvider --coverageReporters --coverageThreshold --filter --globalSetup --globalTeardown --globals --haste --ignoreProjects --maxConcurrency --maxWorkers --moduleDirectories --moduleFileExtensions --moduleNameMapper --modulePathIgnorePatterns --modulePaths --notifyMode --openHandlesTimeout --outputFile --preset --prettierPath --projects --reporters --resolver --rootDir --roots --runner --seed --selectProjects --setupFiles --setupFilesAfterEnv --shard --snapshotSerializers --testEnvironment --env --testEnvironmentOptions --testFailureExitCode --testMatch --testNamePattern --testPathIgnorePatterns --testPathPatterns --testRegex --testResultsProcessor --testRunner --testSequencer --testTimeout --transform --transformIgnorePatterns --unmockedModulePathPatterns --watchPathIgnorePatterns --workerGracefulExitTimeout",
		// Each names a module Jest loads and runs, or a directory it
		// takes tests and modules from.
		reads: "-c --config --filter --globalSetup --globalTeardown --preset --prettierPath --projects --reporters --coverageReporters --resolver --rootDir --roots --modulePaths --runner --setupFiles --setupFilesAfterEnv --snapshotSerializers --testEnvironment --env --testResultsProcessor --testRunner --testSequencer"},
	fixes:   "-u --updateSnapshot",
	outputs: "--cacheDirectory --coverageDirectory --outputFile",
	// JSON maps from patterns to modules (transformers, mapped modules,
	// a haste implementation): code the classifier cannot see into.
	plugins: "--transform --moduleNameMapper --haste",
	servers: "--watch --watchAll",
	marks:   map[string]jsVerb{"--clearCache": {Warning, "deletes its cache directory, outside the project by default", "builtin:write-outside"}}}

// jest judges the cache directory --clearCache deletes.
func jest(c *cmd) {
	flags, _ := parseOpts(shortEquals(c.rest()), jestTable.opts.spec())
	if has(flags, "--clearCache") {
		for _, d := range values(flags, "--cacheDirectory") {
			c.path(accDeleteTree, d)
		}
	}
	jestTable.judge(c, c.rest())
}

func init() { jestTable.build() }

// Vitest's booleans (vitest --help --expand-help); cac takes --no-NAME
// for each.
const vitestBools = "--version --watch --ui --open --api.strictPort --api.allowExec --api.allowWrite --hideSkippedTests --coverage --coverage.enabled --coverage.clean --coverage.cleanOnRerun --coverage.reportOnFailure --coverage.allowExternal --coverage.skipFull --coverage.thresholds.100 --coverage.thresholds.perFile --coverage.excludeAfterRemap --isolate --globals --dom --browser.enabled --browser.headless --browser.api.strictPort --browser.api.allowExec --browser.api.allowWrite --browser.isolate --browser.ui --browser.fileParallelism --browser.trackUnhandledErrors --browser.locators.exact --fileParallelism --passWithNoTests --logHeapUsage --detectAsyncLeaks --allowOnly --dangerouslyIgnoreUnhandledErrors --sequence.shuffle --sequence.shuffle.files --sequence.shuffle.tests --sequence.concurrent --diff.expand --diff.includeChangeCounts --diff.omitAnnotationLines --diff.printBasicPrototype --expandSnapshotDiff --disableConsoleIntercept --typecheck --typecheck.enabled --typecheck.only --typecheck.allowJs --typecheck.ignoreSourceErrors --cache --expect --expect.requireAssertions --expect.poll --printConsoleTrace --includeTaskLocation --run --color --clearScreen --standalone --clearCache --strictTags --experimental.fsModuleCache --experimental.importDurations --experimental.importDurations.failOnDanger --experimental.importDurations.thresholds --experimental.viteModuleRunner --experimental.nodeLoader --experimental.preParse --file-parallelism"

var vitestTable = jsTool{why: "runs the project's tests", rule: "builtin:test", fixWhy: "updates project files",
	opts: toolOpts{source: "vitest --help --expand-help, Vitest 4.1.12", flags: "vwh", vals: "rcut",
		long: withNegated(vitestBools),
		longVal: "--root --config --update --testNamePattern --dir --api --api.port --api.host --silent --reporter --outputFile --coverage.provider --coverage.include --coverage.exclude --coverage.reportsDirectory --coverage.reporter --coverage.thresholds.autoUpdate --coverage.thresholds.lines --coverage.thresholds.functions --coverage.thresholds.branches --coverage.thresholds.statements --coverage.ignoreClassMethods --coverage.processingConcurrency --coverage.customProviderModule --coverage.watermarks.statements --coverage.watermarks.lines --coverage.watermarks.branches --coverage.watermarks.functions --coverage.changed --coverage.htmlDir " +
			"--mode --browser --browser.name --browser.api --browser.api.port --browser.api.host --browser.detailsPanelPosition --browser.connectTimeout --browser.trace --browser.locators --pool --execArgv --vmMemoryLimit --maxWorkers --environment --shard --changed --sequence --sequence.seed --sequence.hooks --sequence.setupFiles --inspect --inspectBrk --testTimeout --hookTimeout --bail --retry --retry.count --retry.delay --retry.condition " +
			"--diff --diff.aAnnotation --diff.aIndicator --diff.bAnnotation --diff.bIndicator --diff.commonIndicator --diff.contextLines --diff.emptyFirstOrLastLinePlaceholder --diff.maxDepth --diff.truncateThreshold --diff.truncateAnnotation --exclude --typecheck.checker --typecheck.tsconfig --typecheck.spawnTimeout --project --slowTestThreshold --teardownTimeout --maxConcurrency --expect.poll.interval --expect.poll.timeout --attachmentsDir --configLoader --mergeReports --listTags --tagsFilter --experimental --experimental.importDurations.print --experimental.importDurations.limit --experimental.importDurations.thresholds.warn --experimental.importDurations.thresholds.danger --experimental.vcsProvider",
		// Modules it loads (the configuration, a diff module, reporters,
		// pools, environments, a coverage provider, a VCS provider) and
		// directories it takes tests from.
		reads: "-r --root -c --config --dir --reporter --pool --environment --diff --coverage.customProviderModule --typecheck.tsconfig --experimental.vcsProvider --mergeReports"},
	fixes:   "-u --update --coverage.thresholds.autoUpdate",
	outputs: "--outputFile --coverage.htmlDir --attachmentsDir",
	// Coverage cleans its reports directory before the run
	// (coverage.clean, on by default).
	cleans: "--coverage.reportsDirectory",
	// Node's arguments for the workers, and the type checker it runs.
	plugins: "--execArgv --typecheck.checker",
	servers: "-w --watch --ui --open --api --api.port --api.host --api.allowExec --api.allowWrite --browser --browser.enabled --browser.name --browser.ui --browser.api --browser.api.port --browser.api.host --browser.api.allowExec --browser.api.allowWrite --inspect --inspectBrk --standalone",
	marks:   map[string]jsVerb{"--clearCache": {Warning, "deletes its caches", "builtin:format"}},
	verbs: map[string]jsVerb{"run": jsSafe, "related": jsSafe, "bench": jsSafe, "list": jsSafe,
		"watch": {Warning, "watches the project and reruns its tests", "builtin:server"}, "dev": {Warning, "watches the project and reruns its tests", "builtin:server"},
		"init": {Warning, "installs packages and writes configuration into the project", "builtin:format"}, "complete": {Warning, "shell completion, which the classifier does not model", "builtin:unknown-option"}}}

// mochaBools are mocha's flags; yargs takes --no-NAME for each.
const mochaBools = "--allow-uncaught --async-only --bail --check-leaks --color --colors --delay --diff --dry-run --exit --fail-hook-affected-tests --pass-on-failing-test-suite --fail-zero --forbid-only --forbid-pending --full-trace --inline-diffs --invert --list-interfaces --list-reporters --parallel --posix-exit-codes --recursive --sort --watch --config --package --opts"

var mochaTable = jsTool{why: "runs the project's tests", rule: "builtin:test",
	opts: toolOpts{source: "mocha --help, Mocha 12.0.3", flags: "AbciCpSwhV", vals: "nOrjfgRust",
		long:    withNegated(mochaBools),
		longVal: "--extension --file --global --globals --ignore --exclude --node-option --reporter-option --reporter-options --require --watch-files --watch-ignore --retries --jobs --config --fgrep --grep --package --reporter --ui --slow --timeout --timeouts",
		// Files and modules loaded before the tests, the configuration,
		// and reporters and interfaces given as module paths.
		reads: "--file -r --require --config --package -R --reporter -u --ui"},
	// Node's own options (inspect, loader=, require=).
	plugins: "-n --node-option",
	pairs:   "-O --reporter-option --reporter-options",
	servers: "-w --watch",
	verbs:   map[string]jsVerb{"init": {Warning, "writes a browser test setup", "builtin:format"}}}

// avaBools are ava's flags; yargs takes --no-NAME for each.
const avaBools = "--version --color --fail-fast --serial --tap --update-snapshots --verbose --watch --worker-threads"

var avaTable = jsTool{why: "runs the project's tests", rule: "builtin:test", fixWhy: "updates project files",
	opts: toolOpts{source: "ava --help, AVA 7.0.0", flags: "stuvw", vals: "cmT",
		long:    withNegated(avaBools),
		longVal: "--config --concurrency --match --node-arguments --timeout",
		reads:   "--config"},
	fixes:   "-u --update-snapshots",
	plugins: "--node-arguments",
	servers: "-w --watch",
	verbs: map[string]jsVerb{"debug": {Warning, "starts the Node.js inspector", "builtin:server"},
		"reset-cache": {Warning, "deletes its cache", "builtin:format"}}}

// jasmineTable: jasmine takes an option's value only after "=".
var jasmineTable = jsTool{why: "runs the project's tests", rule: "builtin:test",
	opts: toolOpts{source: "jasmine --help, Jasmine 7.0.0", flags: "hv",
		long:  "--parallel --no-color --list-not-applicable --filter --filter-path --helper --require --fail-fast --config --reporter --verbose",
		reads: "--helper --require --config --reporter"},
	verbs: map[string]jsVerb{"init": jsWritesIn, "examples": jsWritesIn, "help": jsPrints, "version": jsPrints, "enumerate": jsSafe}}

// karmaTable: karma start starts a server and its browsers, and stays
// up unless --single-run; karma run asks a running server for a run.
var karmaTable = jsTool{
	opts: toolOpts{source: "karma --help, karma start --help, karma run --help, Karma 6.4.4"},
	subs: map[string]*jsTool{
		"start": {why: "runs the project's tests", rule: "builtin:test",
			opts: toolOpts{source: "karma start --help, Karma 6.4.4",
				long:    "--auto-watch --no-auto-watch --detached --colors --no-colors --single-run --no-single-run --fail-on-empty-test-suite --no-fail-on-empty-test-suite --fail-on-failing-test-suite --no-fail-on-failing-test-suite",
				longVal: "--port --log-level --reporters --browsers --capture-timeout --report-slower-than --format-error",
				reads:   "--format-error"},
			servers:  "--auto-watch --detached",
			browsers: "--browsers"},
		"run": {why: "runs the project's tests on a running Karma server", rule: "builtin:test",
			opts: toolOpts{source: "karma run --help, Karma 6.4.4",
				long:    "--no-refresh --fail-on-empty-test-suite --no-fail-on-empty-test-suite --colors --no-colors",
				longVal: "--port --log-level --removed-files --changed-files --added-files"},
			csv: "--removed-files --changed-files --added-files"},
	},
	verbs: map[string]jsVerb{"init": jsWritesIn, "stop": {Warning, "stops a running Karma server", "builtin:server"},
		"completion": jsPrints}}

// karma judges karma start as a server unless it is a single run.
func karma(c *cmd) {
	args := c.rest()
	if first(args) == "start" {
		flags, _ := parseOpts(args[1:], karmaTable.subs["start"].opts.spec())
		single := false
		for _, f := range flags {
			switch {
			case f.name == "--single-run" && on(f):
				single = true
			case f.name == "--single-run" || f.name == "--no-single-run":
				single = false
			}
		}
		if !single {
			c.add(Warning, "starts a Karma server and its browsers, which stay up (no --single-run)", "builtin:server")
		}
	}
	karmaTable.judge(c, args)
}

var playwrightTable = jsTool{
	opts: toolOpts{source: "playwright --help, Playwright 1.65.1", flags: "Vh"},
	subs: map[string]*jsTool{
		"test": {why: "runs the project's tests", rule: "builtin:test", fixWhy: "updates project files",
			opts: toolOpts{source: "playwright test --help, Playwright 1.65.1", flags: "xh", vals: "cgGju",
				long:    "--fail-on-flaky-tests --forbid-only --fully-parallel --headed --ignore-snapshots --last-failed --list --no-deps --pass-with-no-tests --quiet --ui",
				longVal: "--add-reporter --browser --config --debug --grep --grep-invert --global-timeout --workers --last-failed-file --max-failures --only-changed --output --project --repeat-each --reporter --retries --run-agents --shard --shuffle --test-list --test-list-invert --timeout --trace --tsconfig --update-snapshots --ui-host --ui-port --update-source-method",
				// The configuration and reporters given as paths are
				// modules it loads.
				reads: "-c --config --add-reporter --reporter --tsconfig",
				lists: "--test-list --test-list-invert"},
			fixes: "-u --update-snapshots",
			// Playwright empties its output directory before the run,
			// and writes the last run's results.
			cleans:  "--output",
			outputs: "--last-failed-file",
			servers: "--ui --ui-host --ui-port --debug",
			marks:   map[string]jsVerb{"--run-agents": {Warning, "runs agents that write test code", "builtin:tool-program"}}},
	},
	verbs: map[string]jsVerb{
		"help":         jsPrints,
		"install":      {Warning, "downloads browsers into the user's cache", "builtin:network"},
		"uninstall":    {Warning, "removes browsers from the user's cache", "builtin:write-outside"},
		"install-deps": {Dangerous, "installs system packages (with sudo)", "builtin:global-install"},
		"open":         jsServer, "codegen": jsServer, "cr": jsServer, "ff": jsServer, "wk": jsServer,
		"show-trace": jsServer, "show-report": jsServer, "mcp": jsServer,
		"screenshot":    {Warning, "loads a web page and writes a file", "builtin:network"},
		"pdf":           {Warning, "loads a web page and writes a file", "builtin:network"},
		"merge-reports": {Warning, "writes a merged report", "builtin:format"},
		"clear-cache":   {Warning, "deletes its build and test caches", "builtin:format"},
		"init-agents":   jsWritesIn, "init-skills": jsWritesIn,
		"trace": {Warning, "a trace subcommand the classifier does not model", "builtin:unknown-option"},
		"cli":   {Warning, "runs Playwright CLI commands that drive a browser", "builtin:server"}}}

// cypressRun lists cypress run's options; cypress open's are a subset,
// but open starts the interactive app.
var cypressTable = jsTool{
	opts: toolOpts{source: "cypress --help, Cypress 15.3.0 (npm package; the app is not installed)", flags: "vh"},
	subs: map[string]*jsTool{
		"run": {why: "runs the project's tests", rule: "builtin:test",
			opts: toolOpts{source: "cypress run --help, Cypress 15.3.0", flags: "qh", vals: "bcCekpProst",
				long:    "--component --e2e --headed --headless --no-exit --parallel --quiet --runner-ui --no-runner-ui --dev",
				longVal: "--auto-cancel-after-failures --browser --ci-build-id --config --config-file --env --group --key --port --project --record --reporter --reporter-options --spec --tag",
				// The configuration file and a reporter module are code;
				// the project is where the tests come from.
				reads: "-C --config-file -P --project -r --reporter"},
			browsers: "-b --browser",
			csv:      "-s --spec",
			pairs:    "-c --config -o --reporter-options",
			servers:  "--no-exit",
			marks:    map[string]jsVerb{"--record": {Warning, "uploads the run's results, screenshots and videos to Cypress Cloud", "builtin:network"}}},
		"info":    {why: "prints information", rule: "builtin:read-only", opts: toolOpts{source: "cypress info --help, Cypress 15.3.0", flags: "h", long: "--dev", words: true}},
		"version": {why: "prints its version", rule: "builtin:read-only", opts: toolOpts{source: "cypress version --help, Cypress 15.3.0", flags: "h", longVal: "--component", words: true}},
		"cache": {opts: toolOpts{source: "cypress cache --help, Cypress 15.3.0", flags: "h", long: "--size"},
			subs: map[string]*jsTool{
				"list": {why: "lists the cached Cypress apps", rule: "builtin:read-only", opts: toolOpts{source: "cypress cache --help, Cypress 15.3.0", flags: "h", long: "--size"}},
				"path": {why: "prints the cache's path", rule: "builtin:read-only", opts: toolOpts{source: "cypress cache --help, Cypress 15.3.0", flags: "h"}},
			},
			verbs: map[string]jsVerb{"clear": {Warning, "deletes the cached Cypress apps, outside the project", "builtin:write-outside"},
				"prune": {Warning, "deletes the cached Cypress apps, outside the project", "builtin:write-outside"}}},
	},
	verbs: map[string]jsVerb{"help": jsPrints,
		"open":    {Warning, "opens Cypress's interactive app", "builtin:server"},
		"install": {Warning, "downloads the Cypress app into the user's cache", "builtin:network"},
		"verify":  {Warning, "runs the Cypress app from the user's cache", "builtin:tool-program"}}}

// jsTools are the names judged by these tables alone (karma, tap and
// jest have handlers of their own around their tables).
var jsTools = map[string]*jsTool{
	"eslint": &eslintTable, "oxlint": &oxlintTable, "xo": &xoTable, "standard": &standardTable,
	"stylelint": &stylelintTable, "tslint": &tslintTable, "markdownlint-cli2": &markdownlintTable,
	"vitest": &vitestTable, "mocha": &mochaTable, "ava": &avaTable,
	"jasmine": &jasmineTable, "playwright": &playwrightTable, "cypress": &cypressTable,
}

func init() { karmaTable.build() }

// tapReporters are tap's built-in reporters; any other --reporter is a
// module it imports or a program it runs.
var tapReporters = strings.Fields("base terse min dot silent json jsonstream markdown junit tap")

var tapTable = jsTool{why: "runs the project's tests", rule: "builtin:test", fixWhy: "updates project files",
	opts: toolOpts{source: "tap --help, tap 21.8.0", flags: "cCbBnVvhOiIFS", vals: "Rfrtsjodg",
		long:    "--browser --no-browser --show-full-coverage --allow-empty-coverage --allow-incomplete-coverage --disable-coverage --comments --passes --color --no-color --diag --no-diag --bail --no-bail --fail-todo --fail-skip --fail-only --changed --shuffle --debug --omit-version --omit-whitespace --no-omit-whitespace --versions --version --only --invert --no-invert --filter-quietly --no-filter-quietly --save-fixture --snapshot --snapshot-clean-cwd --no-snapshot-clean-cwd --typecheck --type-strip-only",
		longVal: "--plugin --reporter --reporter-file --reporter-arg --coverage-report --coverage-map --coverage-exclude --statements --branches --lines --functions --timeout --include --exclude --save --files --jobs --serial --before --after --output-file --output-dir --test-arg --test-env --node-arg --grep --tsconfig",
		// Modules and programs it runs before, after and around the
		// tests, and the files naming tests.
		reads: "--coverage-map --before --after --files --tsconfig"},
	fixes:   "-S --snapshot",
	outputs: "-f --reporter-file -o --output-file -d --output-dir -s --save",
	// Plugins rebuild tap; node arguments and the tests' environment
	// (NODE_OPTIONS) load code the classifier does not see.
	plugins: "--plugin --node-arg --test-env",
	servers: "--browser",
	verbs: map[string]jsVerb{"run": jsSafe, "list": jsSafe, "replay": jsSafe,
		"version": jsPrints, "versions": jsPrints, "help": jsPrints, "debug": jsPrints, "node-options": jsPrints,
		"report": {Warning, "writes coverage reports and may open them in a browser", "builtin:server"},
		"repl":   {Warning, "starts an interactive program", "builtin:interactive"},
		"build":  {Warning, "rebuilds tap with its plugins, writing into node_modules", "builtin:format"},
		"plugin": {Warning, "manages tap's plugins (plugin add installs packages)", "builtin:format"},
		"config": {Warning, "prints or edits tap's configuration", "builtin:format"}}}

// tap judges tap's reporter: a built-in one is a setting, any other is
// a module or program of its choosing; an html coverage report opens in
// a browser unless --no-browser.
func tap(c *cmd) {
	flags, _ := parseOpts(c.rest(), tapTable.opts.spec())
	if !has(flags, "--no-browser") {
		for _, r := range values(flags, "--coverage-report") {
			if r.dyn || r.s == "html" || r.s == "lcov" {
				c.add(Warning, "opens the coverage report in a browser", "builtin:server")
			}
		}
	}
	for _, r := range values(flags, "-R", "--reporter") {
		if r.dyn || !slices.Contains(tapReporters, r.s) {
			c.add(Warning, "runs the reporter "+shorten(r.s)+", a module or program of its choosing", "builtin:tool-program")
		}
	}
	tapTable.judge(c, c.rest())
}

func init() { tapTable.build() }
