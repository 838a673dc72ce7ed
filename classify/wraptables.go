package classify

import (
	"strings"
	"sync"
)

// wrapTable is what a wrapper's manual says about the options it takes
// before the command it runs: which take a value, which name files read
// or written, which run a program of their own, and which make it act on
// another process instead. An option the table does not list makes the
// command warning ("not modelled"); the command it runs is judged as
// itself.
type wrapTable struct {
	source  string // the manual or --help the table was taken from, with its version
	flags   string // short options without a value
	vals    string // short options with a value
	opt     string // short options whose value is optional and attached (xargs -l5, -i{})
	long    string // long options without a value (an optional one is given with "=")
	longVal string // long options with a value
	reads   string // options whose value is a file read
	writes  string // options whose value is a file written
	runs    string // options whose value is a program run
	others  string // options that make it act on running processes instead
	skip    int    // operands before the command (timeout's DURATION)
	alone   string // what it does with no command; "" runs nothing
	shell   bool   // with no command it starts an interactive shell
	stops   string // options after which no more options are parsed (env -S)

	// The option names, filled by build on first use: the tables are
	// package variables, and most runs of the binary use none of them.
	names sync.Once
	known map[string]bool
	longs []string
}

// build fills the set of known option names once; safe for concurrent
// use.
func (o *wrapTable) build() *wrapTable {
	o.names.Do(func() {
		o.known = map[string]bool{"--help": true, "--version": true}
		for _, s := range o.flags + o.vals + o.opt {
			o.known["-"+string(s)] = true
		}
		o.longs = strings.Fields(o.long + " " + o.longVal + " --help --version")
		for _, l := range o.longs {
			o.known[l] = true
		}
	})
	return o
}

// canonLong returns the long option name spells, or abbreviates as
// getopt_long allows (a prefix of exactly one name), and whether it is
// known.
func (o *wrapTable) canonLong(name string) (string, bool) {
	o.build()
	if o.known[name] {
		return name, true
	}
	found := ""
	for _, l := range o.longs {
		if strings.HasPrefix(l, name) && len(name) > 2 {
			if found != "" && found != l {
				return name, false // ambiguous: getopt_long refuses it
			}
			found = l
		}
	}
	return found, found != ""
}

// parse splits a wrapper's arguments into its options and the operands
// that follow them, as getopt_long does with "+": options end at the
// first operand or "--". Long names come back in full. unknown is the
// first option the table does not list.
func (o *wrapTable) parse(args []field) (flags []flag, ops []field, unknown string) {
	o.build()
	note := func(s string) {
		if unknown == "" {
			unknown = s
		}
	}
	for i := 0; i < len(args); i++ {
		if n := len(flags); n > 0 && o.stops != "" && has(flags[n-1:], strings.Fields(o.stops)...) {
			return flags, args[i:], unknown
		}
		a := args[i]
		if f, ok := dynOption(a, optSpec{short: o.vals}); ok {
			if name, known := o.canonLong(f.name); known {
				f.name = name
			} else if !o.known[f.name] {
				note(f.name)
			}
			flags = append(flags, f)
			continue
		}
		switch {
		case a.dyn || a.s == "-" || len(a.s) < 2 || a.s[0] != '-':
			return flags, args[i:], unknown
		case a.s == "--":
			return flags, args[i+1:], unknown
		case strings.HasPrefix(a.s, "--"):
			name, val, eq := strings.Cut(a.s, "=")
			full, known := o.canonLong(name)
			if !known {
				note(name)
				full = name
			}
			f := flag{name: full}
			if eq {
				f.val, f.hasVal = field{s: val, glob: a.glob, w: a.w}, true
			} else if known && takesLong(full, strings.Fields(o.longVal)) && i+1 < len(args) {
				i++
				f.val, f.hasVal = args[i], true
			}
			flags = append(flags, f)
		default:
			for j := 1; j < len(a.s); j++ {
				c := a.s[j]
				f := flag{name: "-" + a.s[j:j+1]}
				switch {
				case strings.IndexByte(o.vals, c) >= 0:
					if j+1 < len(a.s) {
						f.val, f.hasVal = field{s: a.s[j+1:], glob: a.glob, w: a.w}, true
					} else if i+1 < len(args) {
						i++
						f.val, f.hasVal = args[i], true
					}
					flags = append(flags, f)
					j = len(a.s)
					continue
				case strings.IndexByte(o.opt, c) >= 0:
					if j+1 < len(a.s) {
						f.val, f.hasVal = field{s: a.s[j+1:], glob: a.glob, w: a.w}, true
					}
					flags = append(flags, f)
					j = len(a.s)
					continue
				case strings.IndexByte(o.flags, c) < 0:
					note(f.name)
				}
				flags = append(flags, f)
			}
		}
	}
	return flags, nil, unknown
}

// judge parses a wrapper's options by its table and judges the files its
// options read and write and the programs they run; it returns the
// options, the operands, and whether the options make it act on running
// processes.
func (c *cmd) judgeWrapOpts(o *wrapTable, args []field) (flags []flag, ops []field, others bool) {
	flags, ops, unknown := o.parse(args)
	if unknown != "" {
		c.notModelled(unknown)
	}
	for _, f := range values(flags, strings.Fields(o.reads)...) {
		c.path(accRead, f)
	}
	for _, f := range values(flags, strings.Fields(o.writes)...) {
		c.path(accWrite, f)
	}
	for _, f := range values(flags, strings.Fields(o.runs)...) {
		c.add(Warning, "runs a program of its own", "builtin:tool-program")
		if f.dyn {
			c.programString(f)
			continue
		}
		c.run([]field{f})
	}
	return flags, ops, o.others != "" && has(flags, strings.Fields(o.others)...)
}

// tabledWrapper returns the handler of a wrapper judged by its table: it
// runs the operands after its own (o.skip of them) as a command, judged
// as itself.
func tabledWrapper(o *wrapTable) handler {
	o.build()
	return func(c *cmd) {
		_, ops, others := c.judgeWrapOpts(o, c.rest())
		if others {
			c.add(Warning, "acts on a running process", "builtin:process")
			return
		}
		if len(ops) <= o.skip && o.shell {
			c.add(Warning, "starts a shell", "builtin:shell")
			return
		}
		if len(ops) <= o.skip {
			why := o.alone
			if why == "" {
				why = "runs nothing"
			}
			c.add(Safe, why, "builtin:wrapper")
			return
		}
		c.run(ops[o.skip:])
	}
}

// The wrappers' manuals, as far as their options go.
var (
	nohupTable   = (&wrapTable{source: "nohup --help, GNU coreutils 9.1"})
	niceTable    = (&wrapTable{source: "nice --help, GNU coreutils 9.1 (and its obsolete -ADJUSTMENT)", flags: "0123456789", vals: "n", longVal: "--adjustment", alone: "prints the niceness"})
	timeoutTable = (&wrapTable{source: "timeout --help, GNU coreutils 9.1", flags: "v", vals: "ks", long: "--preserve-status --foreground --verbose", longVal: "--kill-after --signal", skip: 1})
	stdbufTable  = (&wrapTable{source: "stdbuf --help, GNU coreutils 9.1", vals: "ioe", longVal: "--input --output --error"})
	envTable     = (&wrapTable{source: "env --help, GNU coreutils 9.1", flags: "i0v", vals: "uCS",
		long: "--ignore-environment --null --debug --block-signal --default-signal --ignore-signal --list-signal-handling", longVal: "--unset --chdir --split-string", stops: "-S --split-string"})
	setsidTable  = (&wrapTable{source: "setsid --help, util-linux 2.38.1", flags: "cfwhV", long: "--ctty --fork --wait"})
	tasksetTable = (&wrapTable{source: "taskset --help, util-linux 2.38.1", flags: "apchV", long: "--all-tasks --pid --cpu-list", others: "-p --pid", skip: 1})
	ioniceTable  = (&wrapTable{source: "ionice --help, util-linux 2.38.1", flags: "thV", vals: "cnpPu", long: "--ignore", longVal: "--class --classdata --pid --pgid --uid",
		others: "-p --pid -P --pgid -u --uid", alone: "prints its own I/O scheduling"})
	chrtTable = (&wrapTable{source: "chrt --help, util-linux 2.38.1", flags: "bdfiorRamvphV", vals: "TPD",
		long: "--batch --deadline --fifo --idle --other --rr --reset-on-fork --all-tasks --max --pid --verbose", longVal: "--sched-runtime --sched-period --sched-deadline",
		others: "-p --pid", skip: 1, alone: "prints scheduling settings"})
	// prlimit's limits take an optional value, attached ("-n1024",
	// "--nofile=1024").
	prlimitTable = (&wrapTable{source: "prlimit --help, util-linux 2.38.1", flags: "hV", vals: "po", opt: "cdefilmnqrstuvxy",
		long:    "--noheadings --raw --verbose --core --data --nice --fsize --sigpending --memlock --rss --nofile --msgqueue --rtprio --stack --cpu --nproc --as --locks --rttime",
		longVal: "--pid --output", others: "-p --pid", alone: "prints its own limits"})
	// flock FILE|FD [-c STRING | CMD...]: its options come before the
	// file ("+sexnoFuw:E:hVc:").
	flockTable = (&wrapTable{source: "flock --help, util-linux 2.38.1", flags: "sexunoFhV", vals: "wEc",
		long: "--shared --exclusive --unlock --nonblock --close --no-fork --verbose", longVal: "--timeout --conflict-exit-code --command"})
	timeTable = (&wrapTable{source: "time --help, GNU time 1.9", flags: "apqvhV", vals: "fo", long: "--append --portability --quiet --verbose",
		longVal: "--format --output", writes: "-o --output"})
	// xargs's optstring is "+0a:E:e::i::I:l::L:n:oprs:txP:d:".
	xargsTable = (&wrapTable{source: "xargs --help, GNU findutils 4.9.0", flags: "0oprtx", vals: "aEILnsPd", opt: "eil",
		long:    "--null --open-tty --interactive --no-run-if-empty --show-limits --verbose --exit --eof --replace",
		longVal: "--arg-file --delimiter --max-lines --max-args --max-procs --max-chars --process-slot-var", reads: "-a --arg-file"})
	watchTable = (&wrapTable{source: "watch --help, procps-ng 4.0.2", flags: "bcegptwxhv", vals: "qn", opt: "d",
		long: "--beep --color --differences --errexit --chgexit --precise --no-title --no-wrap --exec", longVal: "--equexit --interval"})
	setarchTable = (&wrapTable{source: "setarch --help, util-linux 2.38.1", shell: true, flags: "3BFILRSTXZvhV",
		long: "--3gb --4gb --32bit --fdpic-funcptrs --short-inode --addr-compat-layout --addr-no-randomize --whole-seconds --sticky-timeouts --read-implies-exec --mmap-page-zero --uname-2.6 --verbose --list"})
	numactlTable = (&wrapTable{source: "numactl usage, numactl 2.0.16", flags: "ablsHtTudD", vals: "ipPCNmcLoMISf",
		long:    "--all --balancing --localalloc --show --hardware --strict --huge --touch --dump --dump-nodes",
		longVal: "--interleave --preferred --preferred-many --physcpubind --cpunodebind --membind --cpubind --length --offset --shmmode --shmid --shm --file",
		writes:  "-S --shm -f --file", alone: "prints NUMA settings"})
	// chronic(1) and ifne(1), moreutils 0.67: chronic's getopts('ev')
	// only looks before the command; ifne takes -n.
	chronicTable = (&wrapTable{source: "chronic(1), moreutils 0.67", flags: "ev"})
	ifneTable    = (&wrapTable{source: "ifne(1), moreutils 0.67", flags: "n"})
	// eatmydata 130 takes only "--"; nocache 1.1's getopts "n:D:f"
	// opens -D's file for writing.
	eatmydataTable = (&wrapTable{source: "eatmydata(1), eatmydata 130"})
	nocacheTable   = (&wrapTable{source: "nocache script, nocache 1.1", flags: "f", vals: "nD", writes: "-D"})
	// unbuffer(1), expect 5.45.4: only -p (the command reads its input
	// from a pipe).
	unbufferTable = (&wrapTable{source: "unbuffer(1), expect 5.45.4", flags: "p"})
	// catchsegv had --help and --version only (glibc 2.34, its last).
	catchsegvTable = (&wrapTable{source: "catchsegv --help, glibc 2.34"})
	// cpulimit TARGET: -p, -e and -P limit a running process instead.
	cpulimitTable = (&wrapTable{source: "cpulimit --help, cpulimit 2.8", flags: "bfmqkrvzh", vals: "pePcls",
		long:    "--background --foreground --monitor-forks --quiet --kill --restore --verbose --lazy",
		longVal: "--pid --exe --path --cpu --limit --signal", others: "-p --pid -e --exe -P --path"})
	// dbus-run-session --help, dbus 1.14.10: --dbus-daemon runs a program.
	dbusRunTable = (&wrapTable{source: "dbus-run-session --help, dbus 1.14.10", longVal: "--dbus-daemon --config-file",
		reads: "--config-file", runs: "--dbus-daemon"})
	inhibitTable = (&wrapTable{source: "systemd-inhibit --help, systemd 252", flags: "h", long: "--no-pager --no-legend --list",
		longVal: "--what --who --why --mode", alone: "lists inhibitors"})
	// caffeinate(8), macOS 14: -w waits for a process, it does not act
	// on it.
	caffeinateTable = (&wrapTable{source: "caffeinate(8), macOS 14", flags: "dimsu", vals: "tw", alone: "keeps the machine awake"})
	// xvfb-run, xvfb 2:21.1.7 (a script; getopt "+ae:f:hln:p:s:w:"): -e
	// and -f write files.
	xvfbRunTable = (&wrapTable{source: "xvfb-run(1), xvfb 21.1.7", flags: "ahl", vals: "efnpsw",
		long:    "--auto-servernum --help --listen-tcp",
		longVal: "--error-file --auth-file --server-num --xauth-protocol --server-args --wait", writes: "-e --error-file -f --auth-file"})
	// faketime TIMESTAMP CMD, libfaketime 0.9.10: --date-prog runs a
	// program.
	faketimeTable = (&wrapTable{source: "faketime --help, faketime 0.9.10", flags: "mf", vals: "p", long: "--exclude-monotonic",
		longVal: "--date-prog", runs: "--date-prog", skip: 1})
	// fakeroot 1.31: -l loads a library and --faked runs a daemon of
	// the caller's choosing; -s saves and -i loads its state.
	fakerootTable = (&wrapTable{source: "fakeroot(1), fakeroot 1.31", shell: true, flags: "uhv", vals: "lsib",
		long: "--unknown-is-real", longVal: "--lib --faked", runs: "-l --lib --faked", writes: "-s", reads: "-i"})
	// fakechroot 2.20.1: --lib and --elfloader load code, --config-dir
	// names the environment scripts it sources, --bindir the helpers it
	// runs.
	fakechrootTable = (&wrapTable{source: "fakechroot --help, fakechroot 2.20.1", shell: true, flags: "shv", vals: "ldecb",
		long: "--use-system-libs", longVal: "--lib --elfloader --environment --config-dir --bindir", runs: "-l --lib -d --elfloader -c --config-dir -b --bindir"})
	// strace 6.1: -o's file is judged by tracer (a "|" or "!" pipes to a
	// command). Long options whose value is optional are listed without
	// one, so a word after them is the command, never hidden as a value.
	straceTable = (&wrapTable{source: "strace --help, strace 6.1", flags: "DfzZiknAqrtTvxyYcCwdhV", vals: "eEpubIPaosXOSU",
		long: "--daemonize --follow-forks --output-separately --successful-only --failed-only --instruction-pointer --stack-traces --syscall-number " +
			"--output-append-mode --relative-timestamps --absolute-timestamps --syscall-times --no-abbrev --strings-in-hex --decode-fds --decode-pids " +
			"--summary-only --summary --summary-wall-clock --debug --seccomp-bpf --tips --quiet",
		longVal: "--env --attach --user --detach-on --interruptible --trace --signal --status --trace-path --columns --abbrev --verbose --raw --read " +
			"--write --kvm --output --string-limit --const-print-style --summary-syscall-overhead --summary-sort-by --summary-columns --inject --fault"})
	// ltrace 0.7.3: -F reads a configuration file; -o is judged by tracer.
	ltraceTable = (&wrapTable{source: "ltrace --help, ltrace 0.7.3", flags: "bcCfhiLrStTV", vals: "aADeFlnopsux",
		long: "--no-signals --demangle", longVal: "--align --debug --config --library --indent --output", reads: "-F --config"})
	// valgrind 3.19.0: the core's options and those of every tool it
	// ships (valgrind --tool=NAME --help), all written --name=value.
	valgrindTable = (&wrapTable{source: "valgrind --help and --tool=NAME --help for its ten tools, valgrind 3.19.0", flags: "hqvs",
		long: "--D1 --I1 --LL --alignment --alloc-fn --allow-mismatched-debuginfo --aspace-minaddr --avg-transtab-entry-size " +
			"--basic-count --basic-counts --bb-out-file --branch-sim --cache-sim --cachegrind-out-file --cacheuse " +
			"--callgrind-out-file --check-stack-refs --check-stack-var --child-silent-after-fork --collect-atstart " +
			"--collect-bus --collect-jumps --collect-systime --combine-dumps --compress-pos --compress-strings " +
			"--conflict-cache-size --debuginfo-server --default-suppressions --delta-stacktrace --demangle --depth " +
			"--detailed-counts --detailed-freq --dhat-out-file --dsymutil --dump-after --dump-before --dump-every-bb " +
			"--dump-instr --dump-line --error-exitcode --error-limit --error-markers --errors-for-leak-kinds " +
			"--exclusive-threshold --exit-on-first-error --expensive-definedness-checks --extra-debuginfo-path --fair-sched " +
			"--first-race-only --fn-skip --fnname --free-fill --free-is-write --freelist-big-blocks --freelist-vol " +
			"--fullpath-after --gen-suppressions --heap --heap-admin --help-debug --help-dyn-options --history-level " +
			"--ignore-fn --ignore-range-below-sp --ignore-ranges --ignore-thread-creation --input-fd --instr-atstart " +
			"--instr-count-only --interval-size --join-list-vol --keep-debuginfo --keep-stacktraces --kernel-variant " +
			"--leak-check --leak-check-heuristics --leak-resolution --log-fd --log-file --log-socket --main-stacksize " +
			"--malloc-fill --massif-out-file --max-snapshots --max-stackframe --max-threads --merge-recursive-frames --mode " +
			"--num-callers --num-transtab-sectors --pages-as-heap --partial-loads-ok --pc-out-file --peak-inaccuracy " +
			"--ptrace-addr --quiet --read-inline-info --read-var-info --redzone-size --report-signal-unlocked " +
			"--require-text-symbol --resync-filter --run-cxx-freeres --run-libc-freeres --segment-merging " +
			"--segment-merging-interval --separate-callers --separate-recs --separate-threads --shared-threshold " +
			"--show-below-main --show-confl-seg --show-emwarns --show-error-list --show-leak-kinds --show-mismatched-frees " +
			"--show-reachable --show-possibly-lost --show-stack-usage --sigill-diagnostics --sim-hints --simulate-hwpref --simulate-wb " +
			"--skip-direct-rec --skip-plt --smc-check --soname-synonyms --stacks --suppressions --threshold --time-stamp " +
			"--time-unit --toggle-collect --tool --trace-addr --trace-alloc --trace-barrier --trace-children " +
			"--trace-children-skip --trace-children-skip-by-arg --trace-cond --trace-fork-join --trace-hb --trace-mem " +
			"--trace-mutex --trace-rwlock --trace-semaphore --trace-superblocks --track-fds --track-lockorders " +
			"--track-origins --undef-value-errors --unw-stack-scan-frames --unw-stack-scan-thresh --valgrind-stacksize " +
			"--verbose --vgdb --vgdb-error --vgdb-poll --vgdb-prefix --vgdb-shadow-registers --vgdb-stop-at " +
			"--workaround-gcc296-bugs --xml --xml-fd --xml-file --xml-socket --xml-user-comment --xtree-leak " +
			"--xtree-leak-file --xtree-memory --xtree-memory-file --zero-before",
		writes: "--log-file --xml-file --xtree-memory-file --xtree-leak-file --callgrind-out-file --cachegrind-out-file --massif-out-file " +
			"--dhat-out-file --bb-out-file --pc-out-file --vgdb-prefix",
		reads: "--suppressions --extra-debuginfo-path"})
	// heaptrack 1.4.0 (a script): -o names its data file, -a reads one,
	// -p injects into a running process.
	heaptrackTable = (&wrapTable{source: "heaptrack --help, heaptrack 1.4.0", flags: "rdhv", vals: "poa", long: "--raw --debug --use-inject",
		longVal: "--pid --output --analyze", writes: "-o --output", reads: "-a --analyze"})
	// retry(1), retry 1.0.5 (Debian 12's, from minfrin/retry).
	retryTable    = (&wrapTable{source: "retry --help, retry 1.0.5", flags: "hv", vals: "dmtuw", longVal: "--delay --message --times --until --while"})
	memusageTable = (&wrapTable{source: "memusage --help, glibc 2.36", flags: "umtTV?", vals: "npdbxy",
		long:    "--unbuffered --no-timer --mmap --time-based --total --usage",
		longVal: "--progname --png --data --buffer --title --x-size --y-size", writes: "-p --png -d --data"})
)
