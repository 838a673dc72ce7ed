package classify

import (
	"strings"
	"testing"
)

// The names pytables.go and langtables.go closed join the fuzz target
// FuzzClosedTablesNeverSafe.
func init() {
	closedNames = append(closedNames, strings.Fields("pytest py.test black isort autopep8 yapf ruff nox behave tox bats rspec rubocop cucumber phpunit stylua dune mix stack")...)
}

// pytest judges every option by its table: the plugin, debugger, network
// and configuration options are warning, the files it reads, writes and
// empties go through the path rules, and an option outside the table is
// not modelled.
func TestPytestJudgesItsOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"pytest", "py.test -q", "pytest -x tests/", "pytest -k test_parse -v", "pytest --cov=app tests/", "pytest -xvs tests/test_a.py",
		"pytest tests/test_a.py::TestA::test_b", "pytest 'tests/test_a.py::test_p[1-2]'", "pytest --co tests/", "pytest --lf tests/",
		"pytest -rA --tb=short -W error::DeprecationWarning", "pytest -n 4 --dist loadfile", "pytest -p no:cacheprovider", "pytest --durations=10",
		"pytest --junitxml=reports/junit.xml", "pytest --junit-xml build/j.xml", "pytest --cov=app --cov-report=term-missing --cov-report=html:htmlcov",
		"pytest --log-file=test.log --log-level=DEBUG", "pytest -m 'not slow' --maxfail=2", "python -m pytest -q", "python3 -m pytest tests -x",
		"pytest --doctest-modules src", "pytest --import-mode=importlib", "pytest -c pytest.ini", "pytest --rootdir=. tests", "pytest --cache-clear",
		"pytest --version", "pytest --fixtures", "pytest --markers", "pytest --setup-plan"),
		// Plugins, debuggers, the paste service and ini overrides.
		levelCase{"pytest -p evil_plugin", Warning}, levelCase{"pytest -p evil tests/", Warning}, levelCase{"python -m pytest -p evil", Warning},
		levelCase{"pytest --pdbcls=evil:Debugger --pdb", Warning}, levelCase{"pytest --pastebin=all", Warning}, levelCase{"pytest --pastebin failed", Warning},
		levelCase{"pytest -o addopts='-p evil'", Warning}, levelCase{"pytest --override-ini=cache_dir=/tmp/c", Warning},
		levelCase{"pytest --pyargs json", Warning},
		// Options outside the table, abbreviations pytest refuses, xdist's remote options.
		levelCase{"pytest --frobnicate", Warning}, levelCase{"pytest --junit=x.xml", Warning}, levelCase{"pytest --tx ssh=host//python=python3", Warning},
		levelCase{"pytest --rsyncdir src", Warning}, levelCase{"pytest \"$OPTS\"", Warning},
		// Files read: configuration, root and conftest directories, test paths.
		levelCase{"pytest -c ~/.aws/credentials", Blocked}, levelCase{"pytest -c /tmp/evil.ini", Warning}, levelCase{"pytest --rootdir=/ tests", Warning},
		levelCase{"pytest --confcutdir=/", Warning}, levelCase{"pytest /tmp/tests", Warning}, levelCase{"pytest ~/.ssh", Blocked},
		levelCase{"pytest --cov-config ~/.netrc", Blocked},
		// Files written: reports, logs, the debug log; --basetemp is emptied.
		levelCase{"pytest --junitxml ~/.bashrc", Blocked}, levelCase{"pytest --junitxml /tmp/j.xml", Dangerous}, levelCase{"pytest --log-file ~/.profile", Blocked},
		levelCase{"pytest --debug ~/.bashrc", Blocked}, levelCase{"pytest --cov-report=html:/tmp/cov", Dangerous}, levelCase{"pytest --junit-xml .git/hooks/pre-commit", Blocked},
		levelCase{"pytest --basetemp=/tmp/pt", Dangerous}, levelCase{"pytest --basetemp=build/tmp", Dangerous}, levelCase{"pytest --basetemp ~", Blocked},
	))
}

// The Python formatters rewrite their operands unless an option makes
// them check or print; their configuration options read files, and an
// option outside their tables is not modelled.
func TestPythonFormattersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"black --check .", "black --diff src", "black --check -l 100 -t py311 --exclude '/build/' .", "black -c 'x=1'", "black --version",
		"black --check --config pyproject.toml .", "isort --check-only .", "isort -c --diff src", "isort --df --profile black .", "isort --show-config",
		"isort --check --sp setup.cfg .", "autopep8 x.py", "autopep8 --diff -a -a x.py", "autopep8 --line-range 1 99 x.py", "autopep8 -d -r src",
		"yapf x.py", "yapf -d -r src", "yapf --style pep8 x.py", "yapf --style='{based_on_style: google}' -d x.py", "yapf --style .style.yapf x.py",
		"yapf --style-help"),
		levelCase{"black .", Warning}, levelCase{"black -l 100 src tests", Warning}, levelCase{"isort .", Warning}, levelCase{"isort --profile black src", Warning},
		levelCase{"autopep8 -i x.py", Warning}, levelCase{"autopep8 --in-place -r src", Warning}, levelCase{"yapf -i x.py", Warning}, levelCase{"yapf -ir src", Warning},
		// Options outside the tables; click does not abbreviate.
		levelCase{"black --frobnicate --check .", Warning}, levelCase{"black --chec .", Warning}, levelCase{"isort --frobnicate -c .", Warning},
		levelCase{"autopep8 --frobnicate x.py", Warning}, levelCase{"yapf --frobnicate x.py", Warning},
		// isort's formatter plugins.
		levelCase{"isort --formatter evil --diff .", Warning},
		// Configuration and files read, files rewritten.
		levelCase{"black --check --config ~/.aws/credentials .", Blocked}, levelCase{"black --check --config /tmp/b.toml .", Warning},
		levelCase{"isort -c --settings-path ~/.ssh/id_rsa .", Blocked}, levelCase{"isort -c --virtual-env /opt/venv .", Warning},
		levelCase{"autopep8 --global-config ~/.netrc x.py", Blocked}, levelCase{"yapf --style ~/.aws/credentials x.py", Blocked},
		levelCase{"yapf --style /tmp/style x.py", Warning}, levelCase{"black --check ~/.ssh/id_rsa", Blocked}, levelCase{"yapf ~/.ssh/id_rsa", Blocked},
		levelCase{"black ~/.bashrc", Blocked}, levelCase{"yapf -i /tmp/x.py", Dangerous}, levelCase{"isort /etc/x.py", Blocked},
	))
}

// ruff judges its subcommands by their tables: fixes and formatting
// rewrite, reports and caches are written by the path rules, and a
// subcommand or option outside the tables is not modelled.
func TestRuffJudgesItsSubcommands(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"ruff check .", "ruff check", "ruff check src tests", "ruff check --select E,F --ignore E501 .", "ruff check --output-format=github .",
		"ruff check --fix --diff .", "ruff check --statistics", "ruff check --show-settings x.py", "ruff check -o reports/ruff.json --output-format json .",
		"ruff format --check .", "ruff format --diff src", "ruff rule F401", "ruff rule --all", "ruff linter", "ruff config", "ruff config line-length",
		"ruff version", "ruff --version", "ruff -V", "ruff help check", "ruff -q check .", "ruff check --config pyproject.toml .", "ruff check --cache-dir .cache/ruff ."),
		levelCase{"ruff check --fix .", Warning}, levelCase{"ruff check --fix-only src", Warning}, levelCase{"ruff check --add-noqa .", Warning},
		levelCase{"ruff check --fix --unsafe-fixes", Warning}, levelCase{"ruff format .", Warning}, levelCase{"ruff format", Warning}, levelCase{"ruff clean", Warning},
		// Subcommands and options outside the tables; clap does not abbreviate.
		levelCase{"ruff server", Warning}, levelCase{"ruff server --preview", Warning}, levelCase{"ruff .", Warning}, levelCase{"ruff check --frobnicate .", Warning},
		levelCase{"ruff check --stat .", Warning}, levelCase{"ruff --frobnicate check .", Warning}, levelCase{"ruff \"$SUB\" .", Warning},
		// Files read and written.
		levelCase{"ruff check --config ~/.aws/credentials .", Blocked}, levelCase{"ruff check --config /tmp/ruff.toml .", Warning},
		levelCase{"ruff check --output-file ~/.bashrc .", Blocked}, levelCase{"ruff check -o /tmp/out.txt .", Dangerous},
		levelCase{"ruff check --cache-dir /tmp/rc .", Dangerous}, levelCase{"ruff check ~/.ssh", Blocked}, levelCase{"ruff format ~/.bashrc", Blocked},
		levelCase{"ruff check --fix /tmp/x.py", Dangerous},
	))
}

// nox lists its sessions safely (importing the project's noxfile.py);
// running them installs packages. behave runs the project's features;
// formatter classes it imports and reports it writes are judged.
func TestNoxAndBehaveJudgeTheirOptions(t *testing.T) {
	checkLevels(t, append(each(Safe,
		"nox -l", "nox --list-sessions", "nox --version", "nox -l -f noxfile.py", "nox -l -ts",
		"behave", "behave features/", "behave features/login.feature:12", "behave -f progress --no-capture", "behave -t @smoke -k",
		"behave --junit --junit-directory reports", "behave -D env=ci -o out/behave.txt", "behave --dry-run --steps-catalog"),
		levelCase{"nox", Warning}, levelCase{"nox -s tests", Warning}, levelCase{"nox -s lint tests -- -x", Warning}, levelCase{"nox -db venv -s tests", Warning},
		levelCase{"nox -l -f /tmp/noxfile.py", Warning}, levelCase{"nox -l -f ~/.ssh/id_rsa", Blocked}, levelCase{"nox --envdir /tmp/nox -s t", Dangerous},
		levelCase{"nox -l --report ~/.bashrc", Blocked}, levelCase{"nox --frobnicate -l", Warning},
		levelCase{"behave -f evil.mod:Formatter", Warning}, levelCase{"behave --format=evil:F features", Warning}, levelCase{"behave -o ~/.bashrc", Blocked},
		levelCase{"behave --junit --junit-directory /tmp/j", Dangerous}, levelCase{"behave /tmp/features", Warning}, levelCase{"behave ~/.ssh", Blocked},
		levelCase{"behave --frobnicate", Warning},
	))
}
