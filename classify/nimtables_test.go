package classify

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

func init() { closedNames = append(closedNames, "nim") }

// nim compiles and checks the project by nim --fullhelp's options: an
// option it does not list is warning, running and the C toolchain's
// programs are warning, and outputs, imports and search paths go by the
// path rules. Option names are compared as nim compares them.
func TestNimJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"nim c x.nim", Safe}, {"nim c -d:release --opt:speed -o:bin/app src/app.nim", Safe}, {"nim check src/app.nim", Safe},
		{"nim c --forceBuild:on x.nim", Safe}, {"nim c --force_build --HINTS:off x.nim", Safe}, {"nim js -d:nodejs x.nim", Safe},
		{"nim doc --project --outdir:docs src/app.nim", Safe}, {"nim", Safe}, {"nim --version", Safe}, {"nim dump --dump.format:json", Warning},
		{"nim c --zz x.nim", Warning}, {"nim c -r x.nim", Warning}, {"nim r x.nim", Warning}, {"nim e x.nims", Warning},
		{"nim c --eval:'echo 1'", Warning}, {"nim c --passL:-wrapper x.nim", Warning}, {"nim c --gcc.exe:/tmp/evil x.nim", Warning},
		{"nim c --putenv:LD_PRELOAD=/tmp/x.so x.nim", Warning}, {"nim c --import:/tmp/other.nim x.nim", Warning},
		{"nim c --nimcache:/tmp/nc x.nim", Dangerous}, {"nim c -o:../../app x.nim", Dangerous},
		{"nim c --import:/home/dev/.ssh/id_rsa x.nim", Blocked}, {"nim c -o:/home/dev/.bashrc x.nim", Blocked},
		{"nim c --out=/home/dev/.bashrc x.nim", Blocked}, {"nim c -p:/home/dev/.ssh x.nim", Blocked}, {"nim c ~/.ssh/id_rsa", Blocked},
		{"nim c --defusages:/home/dev/.netrc,1,1 x.nim", Blocked}, {"nim c --include:/home/dev/.aws/credentials x.nim", Blocked},
	})
}

// TestNimTableMatchesInstalledHelp checks nimOptions against the
// installed nim --fullhelp (Debian 12's nim 1.6.10; CI installs it).
func TestNimTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("nim")
	if err != nil {
		t.Skip("nim is not installed here (apt-get install nim), so its table is not checked against its --fullhelp")
	}
	out, _ := exec.CommandContext(t.Context(), bin, "--fullhelp").CombinedOutput()
	option := regexp.MustCompile(`(?:^|[\s,])--?([A-Za-z][A-Za-z0-9_.]*)`)
	checked := 0
	for _, line := range strings.Split(string(out), "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if !strings.HasPrefix(trimmed, "-") || len(trimmed) == len(line) {
			continue
		}
		col := regexp.MustCompile(`\s{2,}`).Split(trimmed, 2)[0]
		for _, m := range option.FindAllStringSubmatch(col, -1) {
			checked++
			if name := strings.ReplaceAll(strings.ToLower(m[1]), "_", ""); !nimOptions[name] {
				t.Errorf("nim --fullhelp lists %s, which the table does not know", m[0])
			}
		}
	}
	if checked < 50 {
		t.Fatalf("nim --fullhelp lists %d options: has its format changed?\n%s", checked, out)
	}
}
