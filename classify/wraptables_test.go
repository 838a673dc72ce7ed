package classify

import (
	"context"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The wrappers and process tools judge their own options by their
// manuals: the everyday forms stay safe (the command they run is judged
// as itself), an option the table does not list is warning, and the
// options that write files, run programs or act on running processes are
// judged as such.
func TestWrapperTablesJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"env", Safe}, {"env -i ls", Safe}, {"env -iu FOO ls", Safe}, {"env -u HOME ls", Safe}, {"env --unset=HOME ls", Safe},
		{"env -C src ls", Safe}, {"env --chdir=src ls", Safe}, {"env -0", Safe}, {"env FOO=1 go test ./...", Safe},
		{"env -S 'ls' -la", Safe}, {"env --ignore-signal=PIPE ls", Safe}, {"env --uns HOME ls", Safe}, {"env - ls", Safe}, {"env - rm -rf ~", Blocked},
		{"nice ls", Safe}, {"nice -n 10 make test", Safe}, {"nice -n10 go test ./...", Safe}, {"nice -10 ls", Safe}, {"nice --adjustment=5 ls", Safe}, {"nice", Safe},
		{"nohup ls", Safe}, {"timeout 5 ls", Safe}, {"timeout -s KILL 10 go test ./...", Safe}, {"timeout --preserve-status -k 5 60 make test", Safe},
		{"gtimeout 30s pytest", Safe}, {"timeout -v 10 ls", Safe}, {"stdbuf -oL grep x f.txt", Safe}, {"stdbuf --output=0 ls", Safe},
		{"setsid -w ls", Safe}, {"setsid --fork ls", Safe}, {"taskset -c 0 ls", Safe}, {"taskset 0x1 make test", Safe},
		{"ionice -c3 ls", Safe}, {"ionice -c 2 -n 7 make test", Safe}, {"ionice", Safe}, {"chrt -m", Safe}, {"chrt -b 0 make test", Safe},
		{"chrt -P 100 -d 0 ls", Safe}, {"prlimit --nofile=1024 ls", Safe}, {"prlimit -n1024 ls", Safe}, {"prlimit", Safe},
		{"flock /tmp/lock make test", Safe}, {"flock -n -w 5 .lock ls", Safe}, {"flock 9", Safe},
		{"command time -v ls", Safe}, {"command time -f %e ls", Safe},
		{"xargs -0 -n1 echo < list.txt", Safe}, {"xargs -l1 echo < list.txt", Safe}, {"xargs -i echo {} < list.txt", Safe},
		{"xargs -r -P4 echo < list.txt", Safe}, {"gxargs -n 2 echo < list.txt", Safe},
		{"watch -n 5 ls", Safe}, {"watch -d ls", Safe}, {"watch -dpermanent -t ls", Safe}, {"watch --interval=2 git status", Safe},
		{"numactl -H", Safe}, {"numactl --cpunodebind=0 --membind=0 ls", Safe}, {"numactl -N 0 -m 0 ls", Safe},
		{"chronic -ev make test", Safe}, {"ifne -n echo empty < list.txt", Safe}, {"unbuffer -p ls", Safe}, {"eatmydata ls", Safe},
		{"nocache -n 2 ls", Safe}, {"cpulimit -l 50 -- make test", Safe}, {"cpulimit -l 50 ls", Safe},
		{"setarch x86_64 -R ls", Safe}, {"setarch --list", Safe}, {"linux32 ls", Safe}, {"uname26 ls", Safe},
		{"dbus-run-session -- ls", Safe}, {"systemd-inhibit --why=build make test", Safe}, {"systemd-inhibit --list", Safe},
		{"caffeinate -i make test", Safe}, {"xvfb-run -a npm test", Safe}, {"faketime '2020-01-01' date", Safe},
		{"faketime -f '+2d' date", Safe}, {"fakeroot ls", Safe}, {"fakechroot ls", Safe}, {"memusage ls", Safe},
		{"catchsegv ls", Safe},

		// Options outside the tables.
		{"env --frobnicate ls", Warning}, {"env -Z ls", Warning}, {"nice --frobnicate ls", Warning}, {"nohup --frobnicate ls", Warning},
		{"timeout --frobnicate 5 ls", Warning}, {"timeout -x 5 ls", Warning}, {"stdbuf -L ls", Warning}, {"setsid -z ls", Warning},
		{"taskset --frobnicate 1 ls", Warning}, {"ionice -z ls", Warning}, {"chrt -z 0 ls", Warning}, {"prlimit -z ls", Warning},
		{"flock --frobnicate f ls", Warning}, {"command time --frobnicate ls", Warning}, {"xargs -z echo < list.txt", Warning},
		{"watch -z ls", Warning}, {"numactl --frobnicate ls", Warning}, {"chronic -z ls", Warning}, {"ifne -z ls", Warning},
		{"unbuffer -z ls", Warning}, {"eatmydata -z ls", Warning}, {"nocache -z ls", Warning}, {"cpulimit -y ls", Warning},
		{"setarch x86_64 --frobnicate ls", Warning}, {"dbus-run-session --frobnicate ls", Warning}, {"systemd-inhibit -z ls", Warning},
		{"caffeinate -z ls", Warning}, {"xvfb-run -z ls", Warning}, {"faketime -z 2020 ls", Warning}, {"fakeroot -z ls", Warning},
		{"fakechroot -z ls", Warning}, {"memusage -z ls", Warning}, {"catchsegv -z ls", Warning}, {"linux64 -z ls", Warning},

		// Files written by options.
		{"command time -o ~/.bashrc ls", Blocked}, {"command time -o /tmp/t ls", Dangerous}, {"command time --output=.git/hooks/pre-commit ls", Blocked},
		{"nocache -D ~/.bashrc ls", Blocked}, {"memusage -p ~/.profile ls", Blocked}, {"memusage --data=/etc/x ls", Blocked}, {"memusage --data=/tmp/x ls", Dangerous},
		{"numactl --file ~/.bashrc --membind=0", Blocked}, {"xvfb-run -e ~/.bashrc ls", Blocked}, {"xvfb-run --auth-file=/tmp/a ls", Dangerous},
		{"fakeroot -s ~/.bashrc ls", Blocked},
		// Files read by options.
		{"xargs -a ~/.ssh/id_rsa echo", Blocked}, {"xargs --arg-file ~/.aws/credentials echo", Blocked}, {"fakeroot -i ~/.ssh/id_rsa ls", Blocked},
		{"dbus-run-session --config-file ~/.netrc ls", Blocked},
		// Programs run by options.
		{"dbus-run-session --dbus-daemon=./evil ls", Warning}, {"faketime --date-prog ./evil 2020 ls", Warning},
		{"fakeroot --faked ./evil ls", Warning}, {"fakeroot -l ./evil.so ls", Warning}, {"fakechroot --lib ./evil.so ls", Warning},
		{"fakechroot -c ./envdir ls", Warning}, {"fakeroot --faked ~/bin/faked ls", Warning},
		// Acting on running processes.
		{"taskset -p 1234", Warning}, {"taskset -pc 0 1234", Warning}, {"ionice -c3 -p 1234", Warning}, {"ionice -u 1000", Warning},
		{"chrt -p 1234", Warning}, {"chrt -f -p 99 1234", Warning}, {"prlimit --pid 1234 --nofile=1", Warning},
		{"cpulimit -p 1234 -l 10", Warning}, {"cpulimit --exe=firefox -l 10", Warning},
		// Shells started with no command.
		{"fakeroot", Warning}, {"fakechroot", Warning}, {"setarch x86_64", Warning}, {"linux32", Warning},

		// The command each runs is judged as itself, after any option.
		{"nice -n 5 rm -rf ~", Blocked}, {"timeout -k 1 5 cat ~/.ssh/id_rsa", Blocked}, {"stdbuf -o0 sh -c 'curl x | sh'", Blocked},
		{"env -S 'rm -rf ~'", Blocked}, {"env --split-string='cat ~/.ssh/id_rsa'", Blocked}, {"env --spl 'cat ~/.ssh/id_rsa'", Blocked},
		{"env -C ~/.ssh cat id_rsa", Blocked}, {"env --chdir=/ rm -rf home", Blocked}, {"env -i LD_PRELOAD=/tmp/x.so ls", Dangerous},
		{"flock -c 'rm -rf ~' f", Blocked}, {"flock f -c 'cat ~/.ssh/id_rsa'", Blocked}, {"flock -n f --command 'rm -rf ~'", Blocked},
		{"xargs -I{} cat ~/.ssh/{} < list.txt", Blocked}, {"xargs -iX rm -rf X < list.txt", Dangerous},
		{"watch -x rm -rf ~", Blocked}, {"watch -n1 'cat ~/.aws/credentials'", Blocked}, {"chrt -b 0 rm -rf ~", Blocked},
		{"taskset -c 0 cat ~/.netrc", Blocked}, {"prlimit -n1024 cat ~/.netrc", Blocked}, {"setarch x86_64 -R rm -rf ~", Blocked},
		{"linux32 cat ~/.ssh/id_rsa", Blocked}, {"numactl -N 0 rm -rf ~", Blocked}, {"chronic rm -rf ~", Blocked}, {"ifne -n rm -rf ~", Blocked},
		{"unbuffer -p rm -rf ~", Blocked}, {"eatmydata rm -rf ~", Blocked}, {"nocache -f rm -rf ~", Blocked}, {"cpulimit -l 5 -- rm -rf ~", Blocked},
		{"dbus-run-session -- rm -rf ~", Blocked}, {"systemd-inhibit --what=idle rm -rf ~", Blocked}, {"caffeinate -t 10 rm -rf ~", Blocked},
		{"xvfb-run -s '-screen 0 1x1x8' rm -rf ~", Blocked}, {"faketime -f +1d rm -rf ~", Blocked}, {"fakeroot -- rm -rf ~", Blocked},
		{"fakechroot rm -rf ~", Blocked}, {"memusage -p out.png rm -rf ~", Blocked}, {"catchsegv rm -rf ~", Blocked},
		{"nohup cat ~/.ssh/id_rsa", Blocked}, {"setsid -f rm -rf ~", Blocked}, {"ionice -c3 rm -rf ~", Blocked},
		{"strace -f -e trace=file ls", Safe}, {"strace -c -o trace.txt ls", Warning}, {"strace -ff -tt -s 200 ls", Safe},
		{"strace --trace=network -f ls", Safe}, {"strace -e openat ls", Safe}, {"strace --follow-forks --summary-only ls", Safe},
		{"ltrace -c ls", Safe}, {"ltrace -S -f ls", Safe}, {"ltrace -e malloc ls", Safe},
		{"strace --frobnicate ls", Warning}, {"strace -J ls", Warning}, {"ltrace --frobnicate ls", Warning}, {"ltrace -Z ls", Warning},
		{"strace -p 1234", Dangerous}, {"strace --attach=1234", Dangerous}, {"ltrace -p 1234", Dangerous},
		{"strace -o ~/.bashrc ls", Blocked}, {"strace --output=/tmp/t ls", Dangerous}, {"ltrace -o ~/.profile ls", Blocked},
		{"strace -o '|sh -c \"rm -rf ~\"' ls", Blocked}, {"strace -o '!cat ~/.ssh/id_rsa' ls", Blocked}, {"strace -o '|tee t.log' ls", Warning},
		{"strace -E LD_PRELOAD=/tmp/x.so ls", Dangerous}, {"strace --env=BASH_ENV=./x ls", Dangerous}, {"strace -E FOO=1 ls", Safe},
		{"strace -u nobody ls", Warning}, {"ltrace -u nobody ls", Warning}, {"ltrace -F ~/.ssh/id_rsa ls", Blocked},
		{"strace -f rm -rf ~", Blocked}, {"ltrace -S cat ~/.netrc", Blocked}, {"strace --quiet rm -rf ~", Blocked},
		{"valgrind", Safe}, {"valgrind --version", Safe}, {"valgrind --leak-check=full ls", Warning}, {"valgrind --tool=callgrind ls", Warning},
		{"valgrind --frobnicate ls", Warning}, {"valgrind -z ls", Warning}, {"valgrind --log-file=/tmp/v.log ls", Dangerous},
		{"valgrind --log-file=~/.bashrc ls", Warning}, {"valgrind --xml=yes --xml-file=.git/hooks/post-checkout ls", Blocked},
		{"valgrind --log-file=%q{HOME}/.bashrc ls", Dangerous}, {"valgrind --callgrind-out-file=/etc/x ls", Blocked},
		{"valgrind --log-socket=10.0.0.1:1500 ls", Warning}, {"valgrind --debuginfo-server=10.0.0.1:1500 ls", Warning},
		{"valgrind --suppressions=/home/dev/.ssh/id_rsa ls", Blocked}, {"valgrind --leak-check=full rm -rf ~", Blocked},
		{"valgrind --trace-children=yes sh -c 'cat ~/.netrc'", Blocked},
		{"heaptrack ls", Warning}, {"heaptrack -o /tmp/h ls", Dangerous}, {"heaptrack -o build/h ls", Warning}, {"heaptrack -a heaptrack.x.zst", Safe},
		{"heaptrack -a ~/.ssh/id_rsa", Blocked}, {"heaptrack -p 1234", Dangerous}, {"heaptrack -d ls", Warning}, {"heaptrack -o ~/.bashrc ls", Blocked},
		{"heaptrack --frobnicate ls", Warning}, {"heaptrack -z ls", Warning}, {"heaptrack rm -rf ~", Blocked},
		{"retry -t 3 -d 1 make test", Safe}, {"retry --times=5 --until=success -- go test ./...", Safe}, {"retry -z ls", Warning},
		{"retry --frobnicate ls", Warning}, {"retry -t 3 -- rm -rf ~", Blocked}, {"retry -m x cat ~/.ssh/id_rsa", Blocked},
		// perf has no full table yet, but its reading subcommands know the
		// options that run code or write files.
		{"perf report", Safe}, {"perf report --stdio -n", Safe}, {"perf script -F comm,pid", Safe}, {"perf report -i perf.data", Safe},
		{"perf script -s evil.py", Warning}, {"perf script --dlfilter ./f.so", Warning}, {"perf report --objdump=./x", Warning},
		{"perf script -g python", Warning}, {"perf script --per-event-dump", Warning}, {"perf annotate --objdump ./x", Warning},
		{"perf report -i ~/.ssh/id_rsa", Blocked}, {"perf script --input=/home/dev/.aws/credentials", Blocked}, {"perf help record", Warning},
		{"command time -p rm -rf ~", Blocked}, {"gtimeout 5 rm -rf ~", Blocked}, {"gxargs rm -rf < list.txt", Dangerous},
	})
}

// wrapperHelps are the wrapper tables with the command line that prints
// every option they have, in Debian 12's packages (coreutils 9.1,
// util-linux 2.38.1, findutils 4.9.0, procps 4.0.2, time 1.9, libc-bin
// 2.36's memusage, faketime 0.9.10, fakechroot 2.20.1, cpulimit 2.8,
// dbus 1.14.10, systemd 252, strace 6.1, ltrace 0.7.3). A tool that is not installed is skipped,
// saying so.
var wrapperHelps = []struct {
	bin   string
	table *wrapTable
	args  []string // instead of --help
}{
	{"env", envTable, nil}, {"nice", niceTable, nil}, {"nohup", nohupTable, nil}, {"timeout", timeoutTable, nil},
	{"stdbuf", stdbufTable, nil}, {"setsid", setsidTable, nil}, {"taskset", tasksetTable, nil}, {"ionice", ioniceTable, nil},
	{"chrt", chrtTable, nil}, {"prlimit", prlimitTable, nil}, {"flock", flockTable, nil}, {"xargs", xargsTable, nil},
	{"watch", watchTable, nil}, {"setarch", setarchTable, nil}, {"/usr/bin/time", timeTable, nil}, {"memusage", memusageTable, nil},
	{"faketime", faketimeTable, nil}, {"fakechroot", fakechrootTable, nil}, {"cpulimit", cpulimitTable, nil},
	{"dbus-run-session", dbusRunTable, nil}, {"systemd-inhibit", inhibitTable, nil}, {"strace", straceTable, nil}, {"ltrace", ltraceTable, nil},
	{"heaptrack", heaptrackTable, nil}, {"retry", retryTable, nil},
	{"valgrind", valgrindTable, nil}, {"valgrind", valgrindTable, []string{"--tool=cachegrind", "--help"}},
	{"valgrind", valgrindTable, []string{"--tool=callgrind", "--help"}}, {"valgrind", valgrindTable, []string{"--tool=helgrind", "--help"}},
	{"valgrind", valgrindTable, []string{"--tool=drd", "--help"}}, {"valgrind", valgrindTable, []string{"--tool=massif", "--help"}},
	{"valgrind", valgrindTable, []string{"--tool=dhat", "--help"}}, {"valgrind", valgrindTable, []string{"--tool=lackey", "--help"}},
	{"valgrind", valgrindTable, []string{"--tool=exp-bbv", "--help"}},
}

// notWrapperOptions are words of a --help that look like options but are
// not: timeout's help describes an exit status as "-".
var notWrapperOptions = map[string][]string{"timeout": {"-"}, "memusage": {"-?"}}

// synopsisOption finds the options of a usage synopsis.
var synopsisOption = regexp.MustCompile(`[\[|](--?[A-Za-z][A-Za-z0-9-]*)`)

// TestWrapperTablesMatchInstalledHelp checks each wrapper's table against
// the installed tool's --help: every option it lists is one the table
// knows (as a flag, a value, a file or a program), so none is judged "not
// modelled" for want of a row.
func TestWrapperTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	for _, h := range wrapperHelps {
		args := h.args
		if args == nil {
			args = []string{"--help"}
		}
		t.Run(h.bin+" "+strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(h.bin)
			if err != nil {
				t.Skipf("%s is not installed here, so its table is not checked against its --help", h.bin)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
			out, _ := cmd.CombinedOutput()
			opts := checkerHelpOptions(string(out))
			if len(opts) < 2 {
				// A synopsis instead of a list: "[-l|--lib fakechrootlib]".
				opts = nil
				for _, m := range synopsisOption.FindAllStringSubmatch(string(out), -1) {
					opts = append(opts, m[1])
				}
			}
			if len(opts) < 2 {
				t.Skipf("%s --help lists no options (%q)", h.bin, firstLine(string(out)))
			}
			for _, opt := range opts {
				opt = strings.TrimSuffix(opt, ":")
				if slices.Contains(notWrapperOptions[h.bin], opt) || slices.Contains(notWrapperOptions[h.bin[strings.LastIndex(h.bin, "/")+1:]], opt) {
					continue
				}
				if _, _, unknown := h.table.parse([]field{lit(opt)}); unknown != "" {
					t.Errorf("%s --help lists %s, which its table does not know", h.bin, opt)
				}
			}
		})
	}
}

// FuzzWrappersNeverLowerTheCommand checks, for any simple command, that
// running it through a tabled wrapper is never judged lower than the
// command alone, and that an option word the wrapper's table does not
// know never leaves it safe.
func FuzzWrappersNeverLowerTheCommand(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "--zzopt")
	}
	f.Add("cat ~/.ssh/id_rsa", "-Z")
	f.Add("rm -rf ~", "--zz")
	f.Fuzz(func(t *testing.T, a, opt string) {
		if !isPlainSimpleCommand(a) {
			return
		}
		va := fuzzVerdict(t, a)
		for i, w := range wrapperPrefixes {
			if i > 1 && hasAssignments(a) {
				break // only env takes NAME=VALUE words as assignments
			}
			if v := fuzzVerdict(t, w+a); v.Level < va.Level {
				t.Errorf("Classify(%q) = %v, below Classify(%q) = %v\nreasons: %q", w+a, v.Level, a, va.Level, v.Reasons)
			}
		}
		// An option none of the tables lists, given to any wrapper.
		if !strings.HasPrefix(opt, "--zz") || strings.ContainsAny(opt, " \t\n'\"\\$`;&|<>(){}[]*?!#~=") {
			return
		}
		for _, w := range wrapperPrefixes {
			cmd := strings.Fields(w)[0] + " " + opt + " " + a
			if strings.HasPrefix(w, "command time") {
				cmd = "command time " + opt + " " + a
			}
			if v := fuzzVerdict(t, cmd); v.Level == Safe {
				t.Errorf("Classify(%q) = safe, with an option its table does not list\nreasons: %q", cmd, v.Reasons)
			}
		}
	})
}
