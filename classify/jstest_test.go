package classify

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The JavaScript linters judge their options by their --help: the
// everyday forms stay safe, an option the table does not list is
// warning, and the options that rewrite files, write reports, load code
// or start servers are judged as such.
func TestJSLintersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"eslint .", Safe}, {"eslint src", Safe}, {"eslint --max-warnings 0 src", Safe}, {"eslint . --ext .ts,.tsx", Safe},
		{"eslint -f json src", Safe}, {"eslint --cache --cache-location .cache/eslint src", Safe}, {"eslint -o report.json -f json .", Safe},
		{"eslint --fix-dry-run src", Safe}, {"eslint --print-config src/a.js", Safe}, {"eslint --quiet --no-warn-ignored --concurrency auto .", Safe},
		{"eslint -c eslint.config.mjs src", Safe}, {"eslint --rule 'no-console: error' src", Safe}, {"eslint --env-info", Safe},
		{"oxlint", Safe}, {"oxlint -D correctness -A no-debugger src", Safe}, {"oxlint --react-plugin --import-plugin -f json .", Safe},
		{"oxlint -c .oxlintrc.json --deny-warnings src", Safe}, {"oxlint --max-warnings=0 --type-aware .", Safe},
		{"xo", Safe}, {"xo --space index.js", Safe}, {"xo --reporter=json --quiet src", Safe}, {"xo --fix-dry-run", Safe},
		{"standard", Safe}, {"standard --global describe src/", Safe}, {"standard --env mocha --ext .mjs", Safe},
		{"stylelint '**/*.css'", Safe}, {"stylelint -f json --max-warnings 0 src/**/*.scss", Safe}, {"stylelint --cache --rd --aei styles", Safe},
		{"tslint -p .", Safe}, {"tslint -c tslint.json 'src/**/*.ts'", Safe}, {"tslint -t stylish --force src/a.ts", Safe},
		{"markdownlint-cli2 '**/*.md' '#node_modules'", Safe}, {"markdownlint-cli2 --config .markdownlint.jsonc README.md", Safe}, {"markdownlint-cli2 :docs/a.md", Safe},
		{"eslint --version", Safe}, {"stylelint -v", Safe}, {"oxlint -V", Safe},

		// Options outside the tables, and abbreviations, which the
		// tools do not take.
		{"eslint --frobnicate .", Warning}, {"eslint --max-warn 0 .", Warning}, {"eslint -z .", Warning}, {"oxlint --frobnicate", Warning},
		{"xo --frobnicate", Warning}, {"standard --frobnicate", Warning}, {"stylelint --frobnicate x.css", Warning}, {"tslint --frobnicate", Warning},
		{"markdownlint-cli2 --frobnicate x.md", Warning}, {"eslint --rulesdir rules .", Warning}, {"eslint --resolve-plugins-relative-to /opt .", Warning},

		// Fixes rewrite the files they are given.
		{"eslint --fix .", Warning}, {"eslint --suppress-all .", Warning}, {"oxlint --fix", Warning}, {"oxlint --fix-dangerously src", Warning},
		{"xo --fix", Warning}, {"standard --fix", Warning}, {"stylelint --fix '**/*.css'", Warning}, {"tslint --fix -p .", Warning},
		{"markdownlint-cli2 --fix '**/*.md'", Warning}, {"eslint --fix ~/.bashrc", Blocked}, {"stylelint --fix /etc/x.css", Blocked},
		{"oxlint --init", Warning}, {"tslint --init", Warning}, {"tslint -i", Warning},

		// Reports and caches are outputs: inside the project is part of
		// the run, elsewhere the path rules decide.
		{"eslint -o ~/.bashrc .", Blocked}, {"eslint --output-file=/tmp/report.txt .", Dangerous}, {"eslint --cache-location .git/hooks/pre-commit .", Blocked},
		{"stylelint -o ~/.profile x.css", Blocked}, {"stylelint --cache-location /tmp/c x.css", Dangerous}, {"tslint -o ~/.bashrc -p .", Blocked},

		// Configurations, parsers, formatters and rules are code: from
		// outside the project warning, from a credential store blocked.
		{"eslint -c ~/.eslintrc.js .", Warning}, {"eslint --config /tmp/x.mjs .", Warning}, {"eslint -f /tmp/formatter.js .", Warning},
		{"eslint --parser /tmp/p.js .", Warning}, {"eslint -c ~/.aws/credentials .", Blocked}, {"eslint --print-config ~/.ssh/id_rsa", Blocked},
		{"oxlint -c /tmp/x.json", Warning}, {"oxlint --tsconfig ~/.ssh/id_rsa", Blocked}, {"xo --config /tmp/x.js", Warning},
		{"xo --cwd /opt/other", Warning}, {"standard --parser /tmp/p.js", Warning}, {"stylelint --custom-syntax /tmp/s.js x.css", Warning},
		{"stylelint --config-basedir /opt x.css", Warning}, {"stylelint --custom-formatter ~/.netrc x.css", Blocked},
		{"tslint -r /tmp/rules -p .", Warning}, {"tslint -s /tmp/fmt -p .", Warning}, {"markdownlint-cli2 --config /tmp/x.cjs x.md", Warning},
		{"eslint --plugin react .", Warning}, {"standard --plugin x", Warning}, {"stylelint --go '{\"dot\":true}' x.css", Warning},
		{"eslint --init", Warning},

		// Files given to check are read.
		{"eslint ~/.ssh/id_rsa", Blocked}, {"oxlint /home/dev/.aws/credentials", Blocked}, {"markdownlint-cli2 :/home/dev/.ssh/id_rsa", Blocked},
		{"markdownlint-cli2 '#/home/dev/.netrc'", Blocked}, {"stylelint /tmp/x.css", Warning},

		// yargs and mri take -c=VALUE as VALUE; the configuration is
		// looked up from --stdin-filename's directory.
		{"eslint -c=/tmp/x.js .", Warning}, {"eslint -c=eslint.config.js .", Safe}, {"eslint --stdin --stdin-filename src/a.js", Safe},
		{"eslint --stdin --stdin-filename /tmp/evil/a.js", Warning}, {"eslint --suppress-all --suppressions-location ~/.bashrc .", Blocked},
		{"stylelint --suppress --suppress-location /home/dev/.profile x.css", Blocked}, {"eslint --suppressions-location eslint-suppressions.json .", Safe}, {"stylelint --stdin --stdin-filename /tmp/evil/a.css", Warning},

		// Servers: the config inspector, MCP, language server, editors.
		{"eslint --inspect-config", Warning}, {"eslint --mcp", Warning}, {"oxlint --lsp", Warning}, {"xo --open", Warning},
	})
}

// The JavaScript test runners run the project's tests safely; snapshot
// updates, watch and UI modes, inspectors, installs, outputs outside
// the project and code from outside it are not safe.
func TestJSTestRunnersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"jest", Safe}, {"jest --coverage", Safe}, {"jest --watchAll=false", Safe}, {"jest --ci --runInBand", Safe}, {"jest -i src/a.test.ts", Safe},
		{"jest -t 'adds numbers' --verbose", Safe}, {"jest --no-cache --silent", Safe}, {"jest --coverage --coverageDirectory coverage", Safe},
		{"jest --json --outputFile=results.json", Safe}, {"jest -c jest.config.js --maxWorkers=2", Safe}, {"jest --listTests", Safe},
		{"jest --findRelatedTests src/a.ts", Safe}, {"jest --testPathPatterns api --bail", Safe},
		{"vitest", Safe}, {"vitest run", Safe}, {"vitest run --coverage", Safe}, {"vitest run src/a.test.ts -t adds", Safe},
		{"vitest --run --reporter=verbose", Safe}, {"vitest related src/a.ts --run", Safe}, {"vitest list", Safe}, {"vitest bench --run", Safe},
		{"vitest run --no-file-parallelism --pool threads", Safe}, {"vitest run --coverage.enabled --coverage.reporter=text", Safe},
		{"mocha", Safe}, {"mocha test/", Safe}, {"mocha -r ts-node/register 'test/**/*.spec.ts'", Safe}, {"mocha --recursive --exit -R spec", Safe},
		{"mocha --timeout 5000 --grep api", Safe}, {"mocha -R xunit -O output=results.xml", Safe}, {"mocha --parallel -j 2 --forbid-only", Safe},
		{"ava", Safe}, {"ava test.js:4,7-9", Safe}, {"ava --serial --verbose -m 'adds*'", Safe}, {"ava --fail-fast --timeout=2m", Safe},
		{"jasmine", Safe}, {"jasmine spec/a.spec.js --filter=adds", Safe}, {"jasmine --config=spec/support/jasmine.json", Safe}, {"jasmine enumerate", Safe},
		{"karma start --single-run", Safe}, {"karma start karma.conf.js --single-run --browsers ChromeHeadless", Safe}, {"karma run", Safe},
		{"playwright test", Safe}, {"playwright test --project=chromium", Safe}, {"playwright test tests/a.spec.ts:42 --headed", Safe},
		{"playwright test --reporter=html -j 1", Safe}, {"playwright test --list", Safe}, {"playwright --version", Safe},
		{"cypress run", Safe}, {"cypress run --spec cypress/e2e/a.cy.js", Safe}, {"cypress run -b chrome --headless", Safe},
		{"cypress run --config video=false", Safe}, {"cypress info", Safe}, {"cypress version", Safe}, {"cypress cache list", Safe}, {"cypress cache path", Safe},

		// Options outside the tables, and abbreviations.
		{"jest --frobnicate", Warning}, {"jest --coverageDir=cov", Warning}, {"vitest run --frobnicate", Warning}, {"mocha --frobnicate", Warning},
		{"ava --frobnicate", Warning}, {"jasmine --frobnicate", Warning}, {"karma start --single-run --frobnicate", Warning},
		{"playwright test --frobnicate", Warning}, {"cypress run --frobnicate", Warning}, {"playwright frobnicate", Warning},
		{"mocha --inspect", Warning}, {"mocha --loader=/tmp/x.mjs", Warning}, {"mocha --import=/tmp/x.mjs", Warning},

		// Snapshot updates rewrite project files.
		{"jest -u", Warning}, {"jest --updateSnapshot", Warning}, {"vitest run -u", Warning}, {"vitest --update", Warning},
		{"ava -u", Warning}, {"playwright test -u", Warning}, {"playwright test --update-snapshots=all", Warning},
		{"vitest run --coverage.thresholds.autoUpdate", Warning},

		// Outputs: reports, coverage and caches.
		{"jest --outputFile ~/.bashrc --json", Blocked}, {"jest --coverageDirectory=/tmp/cov", Dangerous}, {"jest --cacheDirectory ~/.bashrc", Blocked},
		{"vitest run --outputFile=/home/dev/.profile", Blocked}, {"vitest run --coverage.reportsDirectory /tmp/cov", Dangerous},
		{"mocha -R xunit -O output=/home/dev/.bashrc", Blocked}, {"mocha --reporter-options output=/tmp/r.xml", Dangerous},
		{"cypress run -o mochaFile=/home/dev/.bashrc", Blocked},
		{"cypress run -c screenshotsFolder=/tmp/shots", Dangerous},

		// Directories the run empties first: Playwright's output
		// directory, Vitest's coverage reports (coverage.clean), Cypress's
		// asset folders (trashAssetsBeforeRuns).
		{"playwright test --output src", Dangerous}, {"vitest run --coverage.reportsDirectory=src", Dangerous},
		{"cypress run -c videosFolder=src", Dangerous}, {"cypress run -c fixturesFolder=cypress/fixtures", Safe},

		// Code from outside the project: configurations, setup files,
		// modules, reporters; and code the classifier cannot see into.
		{"jest --config /tmp/jest.config.js", Warning}, {"jest --setupFiles /tmp/x.js", Warning}, {"jest --globalSetup ~/x.js", Warning},
		{"jest --testEnvironment /tmp/env.js", Warning}, {"jest --rootDir /opt/other", Warning}, {"jest --reporters=/tmp/r.js", Warning},
		{"jest --transform '{\"^.+\\\\.js$\":\"/tmp/t.js\"}'", Warning}, {"jest --config ~/.aws/credentials", Blocked},
		{"vitest run -c /tmp/vitest.config.ts", Warning}, {"vitest run --root /opt/other", Warning}, {"vitest run --execArgv=--require=/tmp/x.js", Warning},
		{"vitest run --typecheck.checker=/tmp/x", Warning}, {"vitest run --config ~/.ssh/id_rsa", Blocked},
		{"mocha -r /tmp/x.js", Warning}, {"mocha --require ~/hook.js", Warning}, {"mocha --file /tmp/setup.js", Warning}, {"mocha -n inspect", Warning},
		{"mocha --config ~/.netrc", Blocked}, {"mocha -O '{\"output\":\"x\"}'", Warning},
		{"ava --config /tmp/ava.config.js", Warning}, {"ava --node-arguments='--require /tmp/x.js'", Warning},
		{"jasmine --require=/tmp/x.js", Warning}, {"jasmine --helper=/tmp/h.js", Warning}, {"jasmine --reporter=/tmp/r.js", Warning},
		{"karma start /tmp/karma.conf.js --single-run", Warning}, {"karma start --single-run --browsers /tmp/evil", Warning},
		{"karma start --single-run --format-error /tmp/f.js", Warning},
		{"playwright test -c /tmp/pw.config.ts", Warning}, {"playwright test --reporter=/tmp/r.js", Warning}, {"playwright test --test-list /tmp/l", Warning},
		{"playwright test --test-list ~/.ssh/id_rsa", Blocked}, {"playwright test --last-failed --last-failed-file ~/.bashrc", Blocked}, {"playwright test --run-agents none", Safe}, {"playwright test --run-agents all", Warning},
		{"cypress run -C /tmp/cypress.config.js", Warning}, {"cypress run -b /tmp/evil", Warning}, {"cypress run -r /tmp/r.js", Warning},
		{"cypress run -c supportFile=/tmp/x.js", Warning}, {"cypress run --spec /home/dev/.ssh/id_rsa", Blocked}, {"cypress run -P /opt/other", Warning},
		{"cypress run -c '{\"video\":false}'", Warning},
		{"mocha -r=/tmp/x.js", Warning}, {"jest -c=/tmp/jest.config.js", Warning}, {"jest --config '{\"setupFiles\":[\"/tmp/x.js\"]}'", Warning},

		// Test files outside the project run code from outside it.
		{"mocha /tmp/evil.js", Warning}, {"vitest run /opt/x.test.ts", Warning}, {"jasmine /tmp/x.spec.js", Warning}, {"ava ~/.ssh/id_rsa", Blocked},

		// Watch, UI, inspector and server modes.
		{"jest --watch", Warning}, {"jest --watchAll", Warning}, {"vitest watch", Warning}, {"vitest dev", Warning}, {"vitest --ui", Warning},
		{"vitest run --inspect-brk", Warning}, {"vitest run --inspectBrk", Warning}, {"vitest run --browser=chromium", Warning}, {"vitest run --api 5173", Warning},
		{"vitest --watch", Warning}, {"mocha -w", Warning}, {"ava --watch", Warning}, {"ava debug test.js", Warning},
		{"karma start", Warning}, {"karma start karma.conf.js", Warning}, {"karma start --single-run --auto-watch", Warning}, {"karma stop", Warning},
		{"playwright test --ui", Warning}, {"playwright test --debug", Warning}, {"playwright show-report", Warning}, {"playwright codegen x.com", Warning},
		{"playwright open", Warning}, {"playwright show-trace trace.zip", Warning}, {"cypress open", Warning}, {"cypress run --no-exit", Warning},

		// Installs, caches, network and scaffolding.
		{"playwright install", Warning}, {"playwright install chromium", Warning}, {"playwright install-deps", Dangerous}, {"playwright uninstall", Warning},
		{"playwright screenshot https://x.com a.png", Warning}, {"playwright clear-cache", Warning}, {"playwright init-agents", Warning},
		{"cypress install", Warning}, {"cypress verify", Warning}, {"cypress cache clear", Warning}, {"cypress cache prune", Warning},
		{"cypress run --record --key abc", Warning}, {"jest --clearCache", Warning}, {"vitest --clearCache", Warning}, {"vitest init browser", Warning},
		{"jest --clearCache --cacheDirectory=src", Dangerous}, {"eslint --cache-location src/index.js .", Warning},
		{"eslint --cache --cache-location .cache/eslint src", Safe}, {"stylelint --cache-location /tmp/c x.css", Dangerous},
		{"ava reset-cache", Warning}, {"jasmine init", Warning}, {"jasmine examples", Warning}, {"karma init", Warning}, {"mocha init public", Warning},
	})
}

// tap's table: its subcommands, reporters that are modules or programs,
// and the modules it runs around the tests.
func TestTapJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"tap", Safe}, {"tap test/a.js", Safe}, {"tap run -R terse --disable-coverage", Safe}, {"tap -bCRterse test/", Safe},
		{"tap --allow-incomplete-coverage -j4 --timeout=60", Safe}, {"tap list", Safe}, {"tap replay", Safe}, {"tap versions", Safe},
		{"tap -o tap-output.tap test/a.js", Safe}, {"tap --before=test/setup.js", Safe}, {"tap -g adds test/a.js", Safe},
		{"tap --frobnicate", Warning}, {"tap --rep=terse", Warning}, {"tap -S", Warning}, {"tap --snapshot test/a.js", Warning},
		{"tap -R ./my-reporter.js", Warning}, {"tap --reporter=/tmp/r", Warning}, {"tap --plugin=@tapjs/nock", Warning},
		{"tap --node-arg=--require=/tmp/x.js", Warning}, {"tap --test-env=NODE_OPTIONS=--require=/tmp/x.js", Warning},
		{"tap --before=/tmp/x.js", Warning}, {"tap --coverage-map=/tmp/m.js", Warning}, {"tap --browser", Warning},
		{"tap repl", Warning}, {"tap plugin add x", Warning}, {"tap build", Warning}, {"tap config edit", Warning}, {"tap report html", Warning},
		{"tap -o ~/.bashrc", Blocked}, {"tap --output-dir=/tmp/out", Dangerous}, {"tap -f /home/dev/.profile -R junit", Blocked},
		{"tap --coverage-report=html", Warning}, {"tap --coverage-report=html --no-browser", Safe}, {"tap --coverage-report=text", Safe},
		{"tap --files=/home/dev/.ssh/id_rsa", Blocked}, {"tap /tmp/evil.js", Warning}, {"tap ~/.aws/credentials", Blocked},
	})
}

// jsHelps are the tables checked against the installed tools' --help,
// with the words that print it. CI installs the npm packages named in
// the tables' sources (.ci/run); a tool that is not installed is
// skipped, saying so.
var jsHelps = []struct {
	bin   string
	args  []string
	table *jsTool
}{
	{"eslint", []string{"--help"}, &eslintTable},
	{"oxlint", []string{"--help"}, &oxlintTable},
	{"xo", []string{"--help"}, &xoTable},
	{"standard", []string{"--help"}, &standardTable},
	{"stylelint", []string{"--help"}, &stylelintTable},
	{"tslint", []string{"--help"}, &tslintTable},
	{"markdownlint-cli2", []string{"--help"}, &markdownlintTable},
	{"jest", []string{"--help"}, &jestTable},
	{"vitest", []string{"--help", "--expand-help"}, &vitestTable},
	{"mocha", []string{"--help"}, &mochaTable},
	{"ava", []string{"--help"}, &avaTable},
	{"jasmine", []string{"--help"}, &jasmineTable},
	{"tap", []string{"--help"}, &tapTable},
	{"karma", []string{"start", "--help"}, karmaTable.subs["start"]},
	{"karma", []string{"run", "--help"}, karmaTable.subs["run"]},
	{"playwright", []string{"--help"}, &playwrightTable},
	{"playwright", []string{"test", "--help"}, playwrightTable.subs["test"]},
	{"cypress", []string{"--help"}, &cypressTable},
	{"cypress", []string{"run", "--help"}, cypressTable.subs["run"]},
	{"cypress", []string{"cache", "--help"}, cypressTable.subs["cache"]},
	{"cypress", []string{"info", "--help"}, cypressTable.subs["info"]},
	{"cypress", []string{"version", "--help"}, cypressTable.subs["version"]},
}

// TestJSTablesMatchInstalledHelp checks each table against the help the
// installed tool prints: every option it lists is one the table knows,
// and the table names the version it was taken from.
func TestJSTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed here, so the JavaScript tools' tables are not checked against their --help")
	}
	for _, h := range jsHelps {
		t.Run(h.bin+" "+strings.Join(h.args, " "), func(t *testing.T) {
			t.Parallel()
			if !regexp.MustCompile(`\d+\.\d+`).MatchString(h.table.opts.source) {
				t.Errorf("the table's source %q names no version", h.table.opts.source)
			}
			bin, err := exec.LookPath(h.bin)
			if err != nil {
				t.Skipf("%s is not installed here (npm install), so its table is not checked against its help", h.bin)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, h.args...)
			// Run where it is installed: tap finds its own package from
			// the working directory.
			cmd.Dir = installDir(bin)
			cmd.Env = []string{"LC_ALL=C", "PATH=" + filepath.Dir(node) + ":/usr/bin:/bin", "HOME=" + t.TempDir(), "NO_COLOR=1", "CYPRESS_INSTALL_BINARY=0"}
			out, _ := cmd.CombinedOutput()
			opts := checkerHelpOptions(string(out))
			if len(opts) < 2 {
				t.Skipf("%s %s lists no options (%q)", h.bin, strings.Join(h.args, " "), firstLine(string(out)))
			}
			o := h.table.opts // each subtest builds its own copy's spec
			o.parsed = nil
			o.spec()
			for _, opt := range opts {
				opt = strings.TrimSuffix(opt, ":") // tslint repeats its options as "-c, --config:"
				if !o.helpKnows(opt) && !slices.Contains(jsHelpWords[h.bin], opt) {
					t.Errorf("%s %s lists %s, which its table does not know", h.bin, strings.Join(h.args, " "), opt)
				}
			}
		})
	}
}

// installDir returns the directory whose node_modules holds the program
// bin (a link into node_modules, directly or through .bin), or a
// directory of its own when it is not one.
func installDir(bin string) string {
	real, err := filepath.EvalSymlinks(bin)
	if err != nil {
		return os.TempDir()
	}
	for d := filepath.Dir(real); d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == "node_modules" {
			return filepath.Dir(d)
		}
	}
	return os.TempDir()
}

// jsHelpWords are words of the helps that look like options and are
// not: vitest's "--help --expand-help" hint, and the npm option a line
// of tap's help starts with ("npm install --save-dev <plugin>").
var jsHelpWords = map[string][]string{"vitest": {"--expand-help"}, "tap": {"--save-dev"}}

// FuzzJSToolsNeverSafeWithUnknownOption checks that whatever follows, an
// option a JavaScript tool's table does not list keeps it from being
// safe.
func FuzzJSToolsNeverSafeWithUnknownOption(f *testing.F) {
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range jsTools {
			if !yield(n) {
				return
			}
		}
	})
	names = append(names, "jest", "karma", "karma start --single-run", "tap", "tap run", "playwright test", "cypress run", "vitest run", "cypress cache list")
	for i, s := range []string{"", "x", ".", "--coverage", "-u", "src --fix", "-c a.json", "--watch=false", "run", "--", "-- --x"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, rest string) {
		name := names[int(n)%len(names)]
		cmd := name + " --zz-not-modelled " + rest
		if !parses(cmd) || strings.ContainsAny(rest, "\n;&|`$(){}<>#") {
			return
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe with an option %s's table does not list\nreasons: %q", cmd, name, v.Reasons)
		}
	})
}
