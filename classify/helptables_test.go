package classify

import (
	"context"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// helpTables are the option tables of read-only tools whose --help lists
// every option, with the program that prints it. The tables were written
// from the manuals of the Debian packages (coreutils 9.1, diffutils 3.8,
// grep 3.8, findutils 4.9, glibc 2.36's iconv, util-linux 2.38); this test
// checks them against the tools installed where it runs.
var helpTables = map[string]*toolOpts{
	"cat": &catOpts, "tac": &tacOpts, "nl": &nlOpts, "head": &headOpts, "tail": &tailOpts,
	"wc": &wcOpts, "stat": &statOpts, "ls": &lsOpts, "du": &duOpts, "df": &dfOpts,
	"sha256sum": &sumOpts, "od": &odOpts, "paste": &pasteOpt, "join": &joinOpts, "fold": &foldOpts,
	"fmt": &fmtOpts, "pr": &prOpts, "expand": &expOpts, "cut": &cutOpts, "diff": &diffOpts,
	"cmp": &cmpOpts, "comm": &commOpts, "sdiff": &sdifOpts, "diff3": &diff3Opt, "base64": &b64Opts,
	"sort": &sortOpts, "uniq": &uniqOpts, "shuf": &shufOpts, "ptx": &ptxOpts, "iconv": &iconvOpt,
	"date": &dateOpts, "grep": &grepOpts, "file": &fileOpts, "column": &colOpts, "strings": &strOpts,
	"hexdump": &hexOpts, "jq": &jqOpts, "look": &lookOpts, "unexpand": &expOpts, "md5sum": &sumOpts,
	// The information printers (coreutils 9.1, procps-ng 4.0.2,
	// util-linux 2.38.1, glibc 2.36).
	"uname": &unameOpts, "id": &idOpts, "nproc": &nprocOpts, "tty": &ttyOpts, "seq": &seqOpts,
	"printenv": &printenvOpts, "numfmt": &numfmtOpt, "basename": &pathNameOpts, "dirname": &pathNameOpts,
	"realpath": &pathNameOpts, "readlink": &pathNameOpts, "tr": &trOpts, "uptime": &uptimeOpts,
	"free": &freeOpts, "vmstat": &vmstatOpts, "w": &wOpts, "who": &whoOpts, "last": &lastOpts,
	"pgrep": &pgrepOpts, "lsblk": &lsblkOpts, "findmnt": &findmntOpt, "lscpu": &lscpuOpts,
	"locale": &localeOpts, "sleep": &sleepOpts, "yes": &yesOpts, "groups": &noOptsWords,
	"whoami": &noOptsWords, "logname": &noOptsWords, "arch": &noOptsWords, "hostid": &noOptsWords,
	"users": &noOptsWords, "factor": &exprOpts, "rev": &revOpts, "tsort": &tsortOpts,
	"tee": &teeOpts, "mktemp": &mktempOpts, "ag": &agOpts, "ack": &ackOpts,
	// The process, kernel and terminal tools (procps-ng 4.0.2,
	// util-linux 2.38.1, coreutils 9.1).
	"ps": &psOpts, "dmesg": &dmesgOpts, "stty": &sttyOpts, "sysctl": &sysctlOpts,
	"bc": &bcOpts, "dc": &dcOpts, "recode": &recodeOpts, "sed": &sedOpts, "gawk": &awkOpts, "fdfind": &fdOpts, "ugrep": &ugrepOpts,
	// The Python test runner and formatters (Debian 12: python3-pytest,
	// black, isort, python3-autopep8, yapf3).
	"pytest": &pytestOpts, "black": &blackFmt.opts, "isort": &isortFmt.opts, "autopep8": &autopep8Fmt.opts, "yapf3": &yapfFmt.opts,
	"tox": &toxOpts, "bats": &batsOpts, "rspec": &rspecOpts, "rubocop": &rubocopOpts, "behave": &behaveOpts, "cucumber": &cucumberOpts, "nox": &noxOpts, "phpunit": &phpunitOpts, "dune": &duneBuild, "stack": &stackBuild,
	"gzip": compressorOpts["gzip"], "bzip2": compressorOpts["bzip2"], "zstd": compressorOpts["zstd"], "lz4": compressorOpts["lz4"],
	// The archivers (GNU tar 1.34, libarchive-tools 3.6.2).
	"tar": &gnuTarOpts, "bsdtar": &bsdtarOpts,
	// The service, clock, schedule and mount tools (systemd 252,
	// util-linux 2.38.1, cron 3.0pl1).
	"systemctl": &systemctlOpts, "timedatectl": &timedatectlTool.global, "mount": &mountOpts, "crontab": &crontabOpts,
	"uftrace": &uftraceOpts,
	// The build tools (GNU make 4.3, CMake 3.25.1, ninja 1.11.1, Meson
	// 1.0.1, SCons 4.4.0, Maven 3.8.7, Ant 1.10.13).
	"make": &makeOpts, "cmake": &cmakeOpts, "ctest": &ctestOpts, "ninja": &ninjaOpts, "meson": mesonTool.verbs["setup"],
	"scons": &sconsOpts, "mvn": &mvnOpts, "ant": &antOpts,
}

// notOptions are words of a --help that look like options but are not
// (cut's "-M" is the range "from the first to M"), and options a table
// leaves out on purpose, so that they make the command warning: file -C
// writes a compiled magic file.
var notOptions = map[string][]string{"cut": {"-M"}, "file": {"-C", "--compile"}, "numfmt": {"-M"},
	// last -<number> is "-5"; findmnt's and lsblk's help name columns
	// in their descriptions.
	"last": {"-<number>"},
	// ugrep's --10, --11... are depths past -9: left out, so warning.
	"ugrep": {"--10", "--11", "--12"},
	// ctest's --http1.0, cut short at the dot.
	"ctest": {"--http1"}}

// helpArgs are the arguments that make a tool list every option, where
// --help alone gives a summary.
var helpArgs = map[string][]string{"ps": {"--help", "all"}, "ninja": {"-h"}, "scons": {"-H"}, "ant": {"-help"}, "meson": {"setup", "--help"},
	"dune": {"build", "--help=plain"}, "stack": {"build", "--help"}}

// helpOption finds the options in the option column of a --help line:
// "  -n, --lines=[-]NUM   print ..." gives -n and --lines.
var helpOption = regexp.MustCompile(`(?:^|[\s,\[])(--?[A-Za-z0-9][A-Za-z0-9-]*)`)

// helpOptions returns the options a --help text lists.
func helpOptions(help string) []string {
	var out []string
	for _, line := range strings.Split(help, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(trimmed, "-") || len(line) == len(trimmed) {
			continue
		}
		col := trimmed
		if i := strings.Index(trimmed, "  "); i > 0 {
			col = trimmed[:i]
		}
		for _, m := range helpOption.FindAllStringSubmatch(col, -1) {
			o := m[1]
			if strings.HasPrefix(o, "--") && strings.ToLower(o) != o {
				continue // a placeholder: diff's --LTYPE-line-format
			}
			if len(o) == 2 || strings.HasPrefix(o, "--") {
				out = append(out, o)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestOptionTablesMatchInstalledHelp checks that each table knows every
// option the installed tool's --help lists: an option missing from a table
// would make an everyday command warning, and one that reads, writes or
// runs must be listed as such, not as a plain flag. A tool that is not
// installed is skipped, saying so.
func TestOptionTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	for name, o := range helpTables {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(name)
			if err != nil {
				t.Skipf("%s is not installed here, so its table is not checked against its --help", name)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			args := []string{"--help"}
			if a, ok := helpArgs[name]; ok {
				args = a
			}
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) < 2 {
				t.Skipf("%s --help lists no options (%q); not a GNU tool?", name, firstLine(string(out)))
			}
			// Several tools share a table, and the subtests run at once:
			// each builds the spec of its own copy (as tool does).
			o := *o
			o.spec()
			for _, opt := range opts {
				if slices.Contains(notOptions[name], opt) {
					continue
				}
				if o.oneDash {
					opt = "-" + strings.TrimLeft(opt, "-") // mvn's --file is its -file
				}
				if !o.helpKnows(opt) {
					t.Errorf("%s --help lists %s, which its table does not know", name, opt)
				}
			}
			// An option whose value is optional (--name[=X]) takes one
			// only with "=": listed as taking a value, it would swallow
			// the next word (uniq --group ~/.ssh/id_rsa read no file).
			for _, m := range optionalValue.FindAllStringSubmatch(string(out), -1) {
				if slices.Contains(strings.Fields(o.longVal), m[1]) {
					t.Errorf("%s --help gives %s an optional value (%s[=...]), which the table says it takes always", name, m[1], m[1])
				}
			}
		})
	}
}

// optionalValue finds a long option with an optional value in --help.
var optionalValue = regexp.MustCompile(`(--[A-Za-z0-9][A-Za-z0-9-]*)\[=`)

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestCompilerTableMatchesInstalledHelp checks gcc's table against the
// installed gcc --help: every option it lists is one the classifier
// knows, whatever level it gives it.
func TestCompilerTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"gcc", "clang"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(name)
			if err != nil {
				t.Skipf("%s is not installed here, so its table is not checked against its --help", name)
			}
			cmd := exec.CommandContext(t.Context(), bin, "--help")
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
			out, _ := cmd.CombinedOutput()
			checked := 0
			for _, line := range strings.Split(string(out), "\n") {
				if !strings.HasPrefix(line, "  -") {
					continue
				}
				opt, _, _ := strings.Cut(strings.TrimSpace(line), " ")
				opt = strings.NewReplacer("<", "", ">", "").Replace(opt)
				if strings.Contains(opt, "{") || strings.HasSuffix(opt, ",") {
					continue // --help={common|...}: a family of help options
				}
				v := Classify(shellAction(name+" "+opt+" x main.c"), Policy{})
				for _, why := range v.Reasons {
					if strings.Contains(why, "not modelled:") {
						t.Errorf("%s --help lists %s, which the classifier does not know: %s", name, opt, why)
					}
				}
				checked++
			}
			if checked < 10 {
				t.Skipf("%s --help lists %d options; not the expected format", name, checked)
			}
		})
	}
}

// checkerHelps are the checkers' and bundlers' tables with the command
// line that prints every option they have. The tools are Debian 12's
// packages (mypy, pylint, flake8, pycodestyle, pydocstyle, pyflakes3,
// vulture, bandit, cloc) and npm's (typescript, esbuild, @babel/cli,
// @swc/cli, webpack-cli, rollup, vite, pyright); CI installs them.
var checkerHelps = []struct {
	bin   string
	args  []string
	table *fileOptions
}{
	{"mypy", []string{"--help"}, &mypyOpts},
	{"pylint", []string{"--long-help"}, &pylintOpts},
	{"flake8", []string{"--help"}, &flake8Opts},
	{"bandit", []string{"--help"}, &banditOpts},
	{"pycodestyle", []string{"--help"}, &lintOnlyOpts},
	{"pydocstyle", []string{"--help"}, &lintOnlyOpts},
	{"pyflakes3", []string{"--help"}, &lintOnlyOpts},
	{"vulture", []string{"--help"}, &lintOnlyOpts},
	{"cloc", []string{"--help"}, &clocOpts},
	{"tsc", []string{"--all"}, &tscOpts},
	{"esbuild", []string{"--help"}, &esbuildOpts},
	{"babel", []string{"--help"}, &babelOpts},
	{"swc", []string{"--help"}, &swcOpts},
	{"webpack", []string{"--help"}, &webpackOpts},
	{"rollup", []string{"--help"}, &rollupOpts},
	{"vite", []string{"--help"}, &viteOpts},
	{"vite", []string{"build", "--help"}, &viteOpts},
	{"pyright", []string{"--help"}, &pyrightOpts},
	{"prettier", []string{"--help"}, &prettierOpts},
}

// checkerOption finds options in the option column of a checker's help,
// whose lines may start at the margin (tsc --all, rollup) and whose names
// may end in ":" (esbuild's --define:K=V).
var checkerOption = regexp.MustCompile(`(?:^|[\s,|\[])(--?[A-Za-z0-9?][A-Za-z0-9_.-]*)(:)?`)

func checkerHelpOptions(help string) []string {
	var out []string
	for _, line := range strings.Split(help, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(trimmed, "-") {
			continue
		}
		col := regexp.MustCompile(`\s{2,}|\t`).Split(trimmed, 2)[0]
		for _, m := range checkerOption.FindAllStringSubmatch(col, -1) {
			o := strings.TrimRight(m[1], ".") + m[2]
			if strings.HasSuffix(o, "-") || o == "--" {
				continue // a placeholder: mypy's --no-, --disallow-untyped-
			}
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCheckerTablesMatchInstalledHelp checks each checker's and bundler's
// table against its installed --help: every option it prints is one the
// table lists (as a setting, a file read or written, a program run), so
// none is judged "not modelled" for want of a row, and the table's
// source names the version it was taken from. A tool that is not
// installed is skipped, saying so.
func TestCheckerTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	for _, h := range checkerHelps {
		t.Run(h.bin+" "+strings.Join(h.args, " "), func(t *testing.T) {
			t.Parallel()
			if !regexp.MustCompile(`\d+\.\d+`).MatchString(h.table.source) {
				t.Errorf("the table's source %q names no version", h.table.source)
			}
			bin, err := exec.LookPath(h.bin)
			if err != nil {
				t.Skipf("%s is not installed here (apt-get install %s, or npm install), so its table is not checked against its help", h.bin, h.bin)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, h.args...)
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + t.TempDir(), "NO_COLOR=1"}
			out, _ := cmd.CombinedOutput()
			opts := checkerHelpOptions(string(out))
			if len(opts) < 2 {
				t.Skipf("%s %s lists no options (%q)", h.bin, strings.Join(h.args, " "), firstLine(string(out)))
			}
			names := h.table.names()
			if h.table.fold {
				names = optionSet(strings.ToLower(strings.Join(slices.Collect(maps.Keys(names)), " ")))
			}
			for _, opt := range opts {
				if h.table.fold {
					opt = strings.ToLower(opt)
				}
				if !names[opt] {
					t.Errorf("%s lists %s, which its table does not know", h.bin, opt)
				}
			}
		})
	}
}
