package classify

import (
	"os/exec"
	"strings"
	"testing"
)

// clangClosedNames are the LLVM tools whose tables this file checks; the
// fuzz target FuzzClosedTablesNeverSafe tries them too.
var clangClosedNames = strings.Fields("clang-format clang-tidy")

func init() { closedNames = append(closedNames, clangClosedNames...) }

// clang-format prints unless -i rewrites; clang-tidy checks with the
// project's compile commands, and its plugins, fixes, exported fixes and
// compiler options are judged as what they are.
func TestClangFormatAndTidyJudgeEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"clang-format src/main.c", Safe}, {"clang-format --dry-run -Werror src/*.c", Safe}, {"clang-format -n --style=Google x.c", Safe},
		{"clang-format -style=file x.cpp", Safe}, {"clang-format -style=file:.clang-format x.cpp", Safe}, {"clang-format --dump-config", Safe},
		{"clang-format -lines=1:10 --assume-filename=a.cpp", Safe},
		{"clang-format -i src/main.c", Warning}, {"clang-format --zz x.c", Warning}, {"clang-format @args.rsp", Warning},
		{"clang-format --files=list.txt", Warning}, {"clang-format -style=file:/tmp/other.yaml x.c", Warning},
		{"clang-format -i ~/.bashrc", Blocked}, {"clang-format ~/.ssh/id_rsa", Blocked}, {"clang-format -style=file:/home/dev/.ssh/id_rsa x.c", Blocked},
		{"clang-format @/home/dev/.netrc", Blocked}, {"clang-format --files=/home/dev/.ssh/id_rsa", Blocked},
		{"clang-tidy src/main.cpp", Safe}, {"clang-tidy -p build src/main.cpp", Safe}, {"clang-tidy -list-checks", Safe},
		{"clang-tidy -checks='-*,modernize-*' src/main.cpp -- -std=c++17 -Iinclude", Safe}, {"clang-tidy --quiet -header-filter=.* x.cpp", Safe},
		{"clang-tidy --zz x.cpp", Warning}, {"clang-tidy -load=/tmp/plugin.so x.cpp", Warning}, {"clang-tidy -load ./plugin.so x.cpp", Warning},
		{"clang-tidy -fix x.cpp", Warning}, {"clang-tidy --fix-errors x.cpp", Warning}, {"clang-tidy -export-fixes fixes.yaml x.cpp", Warning},
		{"clang-tidy x.cpp -- -Xclang -load -Xclang /tmp/p.so", Warning}, {"clang-tidy -p ~/other x.cpp", Warning},
		{"clang-tidy -vfsoverlay overlay.yaml x.cpp", Warning}, {"clang-tidy -extra-arg=-fplugin=/tmp/p.so x.cpp", Warning},
		{"clang-tidy --config-file ~/.aws/credentials x.cpp", Blocked}, {"clang-tidy -export-fixes ~/.bashrc x.cpp", Blocked},
		{"clang-tidy x.cpp -- -include ~/.ssh/id_rsa", Blocked}, {"clang-tidy -extra-arg=-include/home/dev/.netrc x.cpp", Blocked},
		{"clang-tidy -load=/home/dev/.ssh/id_rsa x.cpp", Blocked},
	})
}

// TestClangTablesMatchInstalledHelp checks clang-format's and
// clang-tidy's tables against the --help of the installed tools
// (Debian's clang-format-14 and clang-tidy-14; CI installs them).
func TestClangTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		table *toolOpts
	}{{"clang-format", &clangFormatOpts}, {"clang-tidy", &clangTidyOpts}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(tc.name)
			if err != nil {
				if bin, err = exec.LookPath(tc.name + "-14"); err != nil {
					t.Skipf("%s is not installed here (apt-get install %s), so its table is not checked against its --help", tc.name, tc.name)
				}
			}
			cmd := exec.CommandContext(t.Context(), bin, "--help")
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) < 8 {
				t.Fatalf("%s --help lists %d options: has its format changed?\n%s", tc.name, len(opts), out)
			}
			table := *tc.table
			table.parsed = nil
			table.spec()
			for _, o := range opts {
				if !table.helpKnows("-" + strings.TrimLeft(o, "-")) {
					t.Errorf("%s --help lists %s, which its table does not know", tc.name, o)
				}
			}
		})
	}
}
