package classify

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The process, kernel, terminal and network tools judge every option by
// their tables: one the table does not list is warning, and the options
// and commands that change the system, read a file or run a command are
// judged as such.
func TestSystemToolsJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// ps: its table, BSD words and the environment printers.
		{"ps aux", Safe}, {"ps -ef", Safe}, {"ps -eo pid,ppid,cmd --sort=-%mem", Safe}, {"ps -p 1 -o pid,etime", Safe},
		{"ps o user,pid", Safe}, {"ps -u root -o user", Safe}, {"ps --forest -e", Safe}, {"ps axjf", Safe},
		{"ps --frobnicate", Warning}, {"ps -Y", Warning}, {"ps ''", Safe}, {"ps '' e", Blocked},
		{"ps e", Blocked}, {"ps auxe", Blocked}, {"ps -u root e", Blocked}, {"ps -E", Blocked}, {"ps --environment", Blocked},
		// dmesg: clearing and console changes; --file reads a file.
		{"dmesg", Safe}, {"dmesg -T --level=err,warn", Safe}, {"dmesg -H --color=always", Safe}, {"dmesg --since '1 hour ago'", Safe},
		{"dmesg --frobnicate", Warning}, {"dmesg -C", Warning}, {"dmesg --read-clear", Warning}, {"dmesg -n 1", Warning},
		{"dmesg -F ~/.ssh/id_rsa", Blocked}, {"dmesg --file=/home/dev/.netrc", Blocked},
		// stty: printing is safe, any setting changes the terminal.
		{"stty -a", Safe}, {"stty size", Safe}, {"stty -g", Safe}, {"stty", Safe},
		{"stty raw", Warning}, {"stty -echo", Warning}, {"stty cols 80", Warning}, {"stty --frobnicate", Warning},
		{"stty -F /dev/ttyS0 9600", Warning}, {"stty --file=/dev/tty1 -a", Warning},
		// sysctl: every form that writes.
		{"sysctl -a", Safe}, {"sysctl vm.swappiness", Safe}, {"sysctl -n kernel.ostype", Safe}, {"sysctl -r '^net' -N", Safe},
		{"sysctl --frobnicate", Warning},
		{"sysctl -w kernel.x=1", Blocked}, {"sysctl kernel.x=1", Blocked}, {"sysctl -p", Blocked}, {"sysctl -f /tmp/s.conf", Blocked},
		{"sysctl --system", Blocked}, {"sysctl --load=/tmp/s.conf", Blocked},
		// ip: options and objects by prefix; only showing commands are safe.
		{"ip addr", Safe}, {"ip a", Safe}, {"ip a s", Safe}, {"ip -br -c addr show", Safe}, {"ip -4 -o addr show dev eth0", Safe},
		{"ip route get 1.1.1.1", Safe}, {"ip -j -p link", Safe}, {"ip r", Safe}, {"ip -s link show", Safe}, {"ip netns list", Safe},
		{"ip -r route", Safe}, {"ip -n ns1 addr", Safe}, {"ip monitor all", Safe}, {"ip --json addr", Safe}, {"ip -color=always a", Safe},
		{"ip -frobnicate addr", Warning}, {"ip frobnicate", Warning}, {"ip ''", Warning},
		{"ip link set eth0 down", Dangerous}, {"ip l s eth0 up", Dangerous}, {"ip addr add 10.0.0.1/24 dev eth0", Dangerous},
		{"ip route flush cache", Dangerous}, {"ip -b cmds.txt", Dangerous}, {"ip -batch /tmp/cmds", Dangerous},
		{"ip -force -batch - ", Dangerous}, {"ip netns exec ns1 ls", Dangerous}, {"ip netns add ns1", Dangerous},
		{"ip netns exec ns1 cat ~/.ssh/id_rsa", Blocked}, {"ip -batch ~/.ssh/id_rsa", Blocked}, {"ip monitor file ~/.ssh/id_rsa", Blocked},
		// ifconfig and route.
		{"ifconfig", Safe}, {"ifconfig -a", Safe}, {"ifconfig eth0", Safe}, {"ifconfig -s", Safe},
		{"ifconfig --frobnicate", Warning}, {"ifconfig eth0 down", Dangerous}, {"ifconfig eth0 10.0.0.2 netmask 255.0.0.0", Dangerous},
		{"route", Safe}, {"route -n", Safe}, {"route -6 -n", Safe}, {"route -A inet6", Safe},
		{"route --frobnicate", Warning}, {"route add default gw 10.0.0.1", Dangerous}, {"route del -net 10.0.0.0", Dangerous},
	})
}

// The calculators, recode and xxd judge every option by their tables:
// dc's "!" and program files, recode's in-place rewrites and xxd's output
// file are judged as such, and an option outside the table is warning.
func TestCalculatorsAndConvertersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"bc -l", Safe}, {"bc -q --mathlib", Safe}, {"dc -e '2 3 + p'", Safe}, {"dc --expression='10 k 2 v p'", Safe},
		{"bc --frobnicate", Warning}, {"bc -e 'x'", Warning}, {"dc -x", Warning},
		{"dc -e '!id'", Warning}, {"dc --expression='[!id]x'", Warning}, {"dc -f /tmp/x.dc", Warning}, {"dc --file=prog.dc", Warning},
		{"bc prog.bc", Warning}, {"bc ~/.ssh/id_rsa", Blocked}, {"dc -f ~/.netrc", Blocked}, {"dc --file=/home/dev/.aws/credentials", Blocked},
		{"recode latin1..utf8", Safe}, {"recode -l", Safe}, {"recode -v -f latin1..utf8", Safe}, {"recode -k 1:2 latin1", Safe},
		{"recode --frobnicate latin1..utf8", Warning}, {"recode latin1..utf8 notes.txt", Warning}, {"recode -f u8..l1 a.txt b.txt", Warning},
		{"recode latin1..utf8 ~/.bashrc", Blocked}, {"recode --sequence memory u8..l1 /tmp/x", Dangerous},
		{"xxd data.bin", Safe}, {"xxd -l 64 data.bin", Safe}, {"xxd -c8 -g1 data.bin", Safe}, {"xxd -cols 8 data.bin", Safe},
		{"xxd -ps data.bin", Safe}, {"xxd -s -16 data.bin", Safe}, {"xxd --seek 4 data.bin", Safe}, {"xxd -i -n blob data.bin", Safe},
		{"xxd -Z data.bin", Warning}, {"xxd --frobnicate data.bin", Warning},
		{"xxd -r dump main.go", Warning}, {"xxd --revert dump out.bin", Warning}, {"xxd -r -p dump /tmp/out", Dangerous},
		{"xxd ~/.ssh/id_rsa", Blocked}, {"xxd -l 64 ~/.ssh/id_rsa", Blocked}, {"xxd -c 8 ~/.netrc", Blocked},
		{"xxd in.txt ~/.bashrc", Blocked}, {"xxd -r in.hex .git/config", Blocked},
	})
}

// difft and delta judge every option by their tables: difft's --dump-*
// read a file, delta's --pager runs one, --config reads one, and its
// --diff-args go to the git diff it runs.
func TestDiffViewersJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"difft a.go b.go", Safe}, {"difft --display side-by-side-show-both old new", Safe}, {"difft --color=always --width 120 a b", Safe},
		{"difft --skip-unchanged src1 src2", Safe}, {"difft --list-languages", Safe}, {"difft --override='*.h:C++' a.h b.h", Safe},
		{"difft --frobnicate a b", Warning}, {"difft -x a b", Warning},
		{"difft ~/.ssh/id_rsa b", Blocked}, {"difft --dump-syntax ~/.ssh/id_rsa", Blocked}, {"difft --dump-ts=/home/dev/.netrc", Blocked},
		{"git diff | delta", Safe}, {"delta a.txt b.txt", Safe}, {"delta -s -n --paging=never a b", Safe}, {"delta --side-by-side --width 200 a b", Safe},
		{"delta --syntax-theme Dracula --dark a b", Safe}, {"delta --diff-args=-U999 a b", Safe}, {"delta -@ '--word-diff' a b", Safe},
		{"delta --frobnicate a b", Warning}, {"delta -x a b", Warning}, {"delta --pager 'less -R' a b", Warning},
		{"delta --config /tmp/delta.gitconfig a b", Warning}, {"delta --config delta.gitconfig a b", Warning},
		{"delta ~/.ssh/id_rsa b", Blocked}, {"delta --config ~/.git-credentials a b", Blocked}, {"delta --pager 'rm -rf ~' a b", Blocked},
		{"delta --diff-args='--output=/home/dev/.bashrc' a b", Blocked}, {"delta -@ --output=/tmp/x a b", Dangerous},
	})
}

// dd's operands are its table: one it does not list is not modelled.
func TestDdJudgesItsOperands(t *testing.T) {
	checkLevels(t, []levelCase{
		{"dd if=in.bin bs=4k count=1 status=none", Safe}, {"dd if=in.bin iflag=fullblock skip=1 iseek=2 conv=noerror,sync", Safe},
		{"dd if=in.bin of=out.bin oseek=3 conv=notrunc", Warning},
		{"dd --help", Safe},
		{"dd if=in.bin frobnicate=1", Warning}, {"dd --frobnicate if=in.bin", Warning}, {"dd in.bin", Warning},
		{"dd if=~/.ssh/id_rsa", Blocked}, {"dd if=in.bin of=/home/dev/.bashrc", Blocked}, {"dd if=x of=/tmp/y", Dangerous},
	})
}

// unzip's letters are its table: listing and printing modes only read,
// extraction writes where -d says, -: lets members climb out, -T sets the
// archive's time, and a letter or long option it does not list is not
// modelled.
func TestUnzipJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"unzip -l a.zip", Safe}, {"unzip -lv a.zip", Safe}, {"unzip -t a.zip", Safe}, {"unzip -p a.zip README", Safe},
		{"unzip -qc a.zip '*.txt'", Safe}, {"unzip -Z -1 a.zip", Safe}, {"unzip -Z a.zip", Safe}, {"unzip -l a.zip -x '*.o'", Safe},
		{"unzip -z a.zip", Safe}, {"unzip -l -O cp866 a.zip", Safe}, {"unzip -v", Safe},
		{"unzip -l --frobnicate a.zip", Warning}, {"unzip -lR a.zip", Warning}, {"unzip -Z -Q a.zip", Warning},
		{"unzip a.zip", Warning}, {"unzip -o a.zip -d out", Warning}, {"unzip -qq a.zip -x 'docs/*' -d build", Warning},
		{"unzip -lT a.zip", Warning},
		{"unzip -: a.zip", Dangerous}, {"unzip a.zip -d /tmp/x", Dangerous}, {"unzip -d/tmp/x a.zip", Dangerous},
		{"unzip -l ~/.ssh/keys.zip", Blocked}, {"unzip a.zip -d ~/.ssh", Blocked}, {"unzip -o a.zip -d .git/hooks", Blocked},
	})
}

// find's expression words are its table, each with the arguments it
// takes: a word it does not list is not modelled, a value that looks like
// an action is only a value, and the actions that run, delete, write or
// read a file list are judged as such.
func TestFindJudgesItsExpression(t *testing.T) {
	checkLevels(t, []levelCase{
		{"find . -name '*.go'", Safe}, {"find src -type f -newer go.mod -print0", Safe}, {"find . -maxdepth 2 -iname readme -o -name '*.md'", Safe},
		{"find . -newermt '2024-01-01' -size +1M", Safe}, {"find . \\( -name a -o -name b \\) -prune -o -print", Safe},
		{"find -L . -xdev -mmin -5 -printf '%p\\n'", Safe}, {"find . -name -delete", Safe}, {"find . -regextype egrep -regex '.*x' -ls", Safe},
		{"find . -frobnicate", Warning}, {"find . -name x -frobnicate y", Warning}, {"find . -newerzz x", Warning},
		{"find . -exec touch {} +", Warning}, {"find . -fprint list.txt", Warning},
		{"find . -name '*.o' -delete", Dangerous}, {"find . -fprintf /tmp/list '%p'", Dangerous},
		{"find . -exec rm -rf ~ \\;", Blocked}, {"find . -fprint ~/.bashrc", Blocked}, {"find . -fls .git/hooks/pre-commit", Blocked},
		{"find -files0-from ~/.ssh/id_rsa", Blocked}, {"find ~/.ssh -type f", Blocked},
	})
}

// TestFindTableMatchesInstalledHelp checks findWords against the
// installed find --help: every expression word it lists is known, with
// the number of arguments the help shows for it.
func TestFindTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("find")
	if err != nil {
		t.Skip("find is not installed here, so its table is not checked against its --help")
	}
	cmd := exec.CommandContext(t.Context(), bin, "--help")
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
	out, _ := cmd.CombinedOutput()
	help, _, _ := strings.Cut(string(out), "Other common options")
	_, help, ok := strings.Cut(help, "Positional options")
	if !ok {
		t.Skipf("find --help has no option list (%q); not GNU find?", firstLine(string(out)))
	}
	checked := 0
	for _, line := range strings.Split(help, "\n") {
		if !strings.HasPrefix(line, " ") {
			continue // a heading: "Tests (N can be +N or -N or N):"
		}
		words := strings.Fields(line)
		for i, w := range words {
			if !strings.HasPrefix(w, "-") || len(w) < 2 || strings.HasPrefix(w, "-exec") || strings.HasPrefix(w, "-ok") {
				continue
			}
			args := 0
			for _, v := range words[i+1:] {
				if strings.HasPrefix(v, "-") && len(v) > 1 {
					break
				}
				args++
			}
			n, known := findWords[w]
			switch {
			case !known:
				t.Errorf("find --help lists %s, which findWords does not know", w)
			case args > 0 && n != args:
				t.Errorf("find --help gives %s %d argument(s), findWords %d", w, args, n)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("only %d words of find --help were checked; has its format changed?", checked)
	}
}

// sed's options are its table: -i's joined suffix is cut off, an option
// outside it is not modelled, and the script's e, w and r commands are
// judged as before.
func TestSedJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"sed -n '1,20p' main.go", Safe}, {"sed -E 's/a+/b/g' x.txt", Safe}, {"sed --posix -e 's/x/y/' -e 's/i/j/' a", Safe},
		{"sed -nz --debug 'p' a", Safe}, {"sed -l 70 -n l a", Safe}, {"sed -e 's/i/I/' -s a b", Safe}, {"sed -ie 's/a/b/' x.txt", Warning},
		{"sed --frobnicate 's/a/b/' x", Warning}, {"sed -Y 's/a/b/' x", Warning}, {"sed -a 's/a/b/' x", Warning},
		{"sed -i.bak 's/a/b/' x.txt", Warning}, {"sed -ni~ 's/a/b/p' x.txt", Warning}, {"sed --in-place=.orig 's/a/b/' x", Warning},
		{"sed -f prog.sed x", Warning},
		{"sed -i.bak 's/a/b/' /tmp/x", Dangerous}, {"sed 'e id' x", Dangerous},
		{"sed -i 's/a/b/' ~/.bashrc", Blocked}, {"sed -n 'w ~/.bashrc' x", Warning}, {"sed 's/x/y/w /home/dev/.bashrc' a", Blocked},
		{"sed -n p ~/.ssh/id_rsa", Blocked}, {"sed -f ~/.ssh/id_rsa x", Blocked},
	})
}

// The awks' options are one table (gawk's and mawk's -W): joined values
// of -d, -D, -L, -o and -p are cut off, -W's program options run a file,
// and an option outside the table is not modelled.
func TestAwkJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"awk '{print $1}' a.txt", Safe}, {"awk -F: -v OFS=, '{print $1,$3}' a", Safe}, {"gawk --posix -M 'BEGIN{print 2^100}'", Safe},
		{"gawk -Lfatal 'BEGIN{}'", Safe}, {"gawk --lint=invalid -S '{print}' a", Safe}, {"mawk -W interactive '{print}' a", Safe},
		{"mawk -W v", Safe}, {"awk -W posix_space '{print}' a", Safe}, {"gawk -bcn '{print}' a", Safe}, {"awk 'length > 100' main.go", Safe},
		{"awk --frobnicate '{print}' a", Warning}, {"awk -Y '{print}' a", Warning}, {"mawk -W frobnicate '{print}' a", Warning},
		{"gawk -d '{print}' a", Warning}, {"gawk -p '{print}' a", Warning}, {"awk -f prog.awk a", Warning}, {"mawk -W exec prog.awk a", Warning},
		{"gawk -W exec=prog.awk a", Warning}, {"gawk -l ordchr 'BEGIN{}'", Warning}, {"gawk -E prog.awk", Warning},
		{"gawk -d/tmp/vars '{print}' a", Dangerous}, {"gawk -o/tmp/pretty 'BEGIN{}'", Dangerous}, {"awk 'BEGIN{system(\"id\")}'", Dangerous},
		{"mawk -W exec ~/.ssh/id_rsa", Blocked}, {"gawk -W exec=/home/dev/.netrc", Blocked}, {"gawk -E ~/.aws/credentials", Blocked},
		{"gawk -p/home/dev/.bashrc 'BEGIN{}'", Blocked}, {"awk '{print}' ~/.ssh/id_rsa", Blocked},
	})
}

// fd's options are its table; -x and -X run commands per result, and
// --ignore-file reads a file.
func TestFdJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"fd -e go", Safe}, {"fd -H -I -t f main src", Safe}, {"fdfind --changed-within 2weeks -E node_modules", Safe},
		{"fd -d 2 -g '*.md'", Safe}, {"fd --base-directory src -tf", Safe}, {"fd -0 --strip-cwd-prefix x", Safe}, {"fd -u --max-results=3 x", Safe},
		{"fd --frobnicate x", Warning}, {"fd -Y x", Warning}, {"fd -e go -x touch", Warning}, {"fd -X wc -l", Safe},
		{"fd -e o -x rm", Dangerous}, {"fd . /tmp -X rm", Dangerous},
		{"fd -x rm -rf {} \\; . ~", Blocked}, {"fd --ignore-file ~/.ssh/id_rsa x", Blocked}, {"fd . ~/.ssh", Blocked}, {"fd --search-path ~/.aws x", Blocked},
	})
}

// ugrep's options are its own table: --filter, --pager and --view run
// programs, --config reads options that can name them, --save-config
// writes, -Q starts a screen; an option outside the table is not
// modelled.
func TestUgrepJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"ugrep -rn TODO src", Safe}, {"ugrep -3 -i --color=always main .", Safe}, {"ugrep --tree -l x", Safe},
		{"ugrep -z -g '*.go' func", Safe}, {"ugrep --hexdump=2C -X x data.bin", Safe}, {"ugrep -e a --and -e b file.txt", Safe},
		{"ugrep --frobnicate x", Warning}, {"ugrep --filter='pdf:pdftotext % -' x", Warning}, {"ugrep --pager x", Warning},
		{"ugrep -Q", Warning}, {"ugrep --config=my.ugrep x", Warning}, {"ugrep --save-config", Warning},
		{"ugrep --pager='rm -rf ~' x", Blocked}, {"ugrep --view='sh -c \"rm -rf ~\"' -Q x", Blocked},
		{"ugrep --config=/home/dev/.ssh/id_rsa x", Blocked}, {"ugrep --save-config=/home/dev/.bashrc", Blocked},
		{"ugrep -f ~/.ssh/id_rsa .", Blocked}, {"ugrep x ~/.aws/credentials", Blocked}, {"ugrep --exclude-from=/home/dev/.netrc x", Blocked},
	})
}

// closedNames are the names this file's tables closed.
var closedNames = strings.Fields("find gfind fd fdfind sed gsed awk gawk mawk nawk dd xxd unzip ugrep bc dc recode ps dmesg stty sysctl ip ifconfig route delta difft 7z 7za 7zr pt" +
	" tar gtar bsdtar systemctl timedatectl crontab mount launchctl chkconfig rc-update busybox toybox coreutils cowsay cowthink perf uftrace openssl parallel")

// FuzzClosedTablesNeverSafe checks that whatever follows, an option the
// table does not list, first on the command line, keeps the command from
// being safe.
func FuzzClosedTablesNeverSafe(f *testing.F) {
	for i, s := range []string{"", "x", "-l a.zip", "-n 's/a/b/p' x", "'{print}' a", ". -name x", "-a", "addr show", "if=a bs=1", "-c8 x", "a b", "--help", "-- x"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, rest string) {
		name := closedNames[int(n)%len(closedNames)]
		cmd := name + " --zz-not-modelled " + rest
		if !parses(cmd) || strings.ContainsAny(rest, "\n;&|`$(){}<>#") {
			return // another command, a comment or an expansion could follow
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe with an option %s's table does not list\nreasons: %q", cmd, name, v.Reasons)
		}
	})
}

// 7z's switches are its table: list files are read, -spf extraction and
// -sdel are dangerous, -w and -u! name files written, and a switch
// outside the table is not modelled.
func TestSevenZipJudgesItsSwitches(t *testing.T) {
	checkLevels(t, []levelCase{
		{"7z l x.7z", Safe}, {"7z l -slt x.7z", Safe}, {"7z t -bb3 x.7z", Safe}, {"7za l -tzip x.zip", Safe}, {"7z h -scrcSHA256 a.bin", Safe},
		{"7z l --frobnicate x.7z", Warning}, {"7z l -zz x.7z", Warning}, {"7z x -y -aoa x.7z", Warning}, {"7z a -mx9 -r out.7z src", Warning},
		{"7z l x.7z @list.txt", Warning}, {"7z a out.7z -i@list.txt", Warning},
		{"7z x -spf x.7z", Dangerous}, {"7z a -sdel out.7z src", Dangerous}, {"7z a -w/tmp/work out.7z src", Dangerous}, {"7z x -o/tmp/out x.7z", Dangerous},
		{"7z l x.7z @/home/dev/.ssh/id_rsa", Blocked}, {"7z a out.7z -i@/home/dev/.netrc", Blocked}, {"7z x -o/home/dev/.ssh x.7z", Blocked},
		{"7z a -sfx/home/dev/.ssh/id_rsa out.exe src", Blocked}, {"7z u old.7z -u!/home/dev/.bashrc src", Blocked},
	})
}

// TestSevenZipTableMatchesInstalledHelp checks sevenZipSwitches against
// the installed 7z --help: every switch it lists is one the table names.
func TestSevenZipTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("7z")
	if err != nil {
		t.Skip("7z is not installed here, so its table is not checked against its --help")
	}
	cmd := exec.CommandContext(t.Context(), bin, "--help")
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
	out, _ := cmd.CombinedOutput()
	checked := 0
	for _, line := range strings.Split(string(out), "\n") {
		sw, _, ok := strings.Cut(strings.TrimPrefix(line, "  -"), " ")
		if !strings.HasPrefix(line, "  -") || !ok || sw == "-" {
			continue
		}
		name := strings.TrimRight(strings.FieldsFunc(sw, func(r rune) bool { return r == '[' || r == '{' })[0], ":")
		if !slices.Contains(sevenZipSwitches, name) {
			t.Errorf("7z --help lists -%s, which sevenZipSwitches does not name", name)
		}
		checked++
	}
	if checked < 30 {
		t.Errorf("only %d switches of 7z --help were checked; has its format changed?", checked)
	}
}

// pt's options are its own table: -e is a flag, -g lists files by name
// (every operand is then a path), and an option outside it is not
// modelled.
func TestPtJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"pt TODO", Safe}, {"pt -i -e 'fo+' src", Safe}, {"pt -g '_test.go$'", Safe}, {"pt --depth 3 -G '\\.go$' func .", Safe},
		{"pt --nocolor -A 2 x main.go", Safe},
		{"pt --frobnicate x", Warning}, {"pt -Y x", Warning},
		{"pt -e x ~/.ssh", Blocked}, {"pt -g x ~/.ssh", Blocked}, {"pt x ~/.aws/credentials", Blocked},
	})
}
