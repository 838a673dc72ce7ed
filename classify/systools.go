package classify

import "strings"

// The service, clock, schedule and mount tools, and the multi-call
// binaries, by their manuals. Only the verbs and options that read get
// tables; a verb without one changes the system, as the handlers say.

// systemctlOpts are systemctl's options (systemctl --help, systemd 252,
// Debian 12); they may come before or after the verb.
var systemctlOpts = toolOpts{source: "systemctl --help, systemd 252 (Debian 12)", words: true,
	flags: "halrTiqf",
	vals:  "HMtpPsno",
	long: "--system --user --failed --all --full --recursive --reverse --with-dependencies --show-transaction --show-types --value " +
		"--now --dry-run --quiet --wait --no-block --no-wall --no-reload --no-pager --no-ask-password --global --runtime --force " +
		"--firmware-setup --plain --read-only --mkdir --marked",
	longVal: "--host --machine --type --state --property --job-mode --check-inhibitors --kill-whom --signal --what --legend " +
		"--preset-mode --root --image --lines --output --boot-loader-menu --boot-loader-entry --timestamp"}

// systemctlTool's verbs are the ones that only read service state.
var systemctlTool = func() *verbTool {
	verbs := map[string]*toolOpts{}
	reads := systemctlOpts
	for _, v := range strings.Fields("status show list-units list-unit-files list-timers list-sockets list-dependencies " +
		"list-automounts list-jobs list-machines list-paths is-active is-enabled is-failed is-system-running cat help " +
		"get-default") {
		verbs[v] = &reads
	}
	return newVerbTool(systemctlOpts, verbs)
}()

// systemctl reads status safely; starting, enabling, masking or
// otherwise changing services is Blocked: a coding assistant has no
// business with the machine's services, and an enabled unit outlives the
// session. Powering off is Blocked too. -H reaches another machine over
// ssh, -M a container, and --root or --image reads unit files there.
func systemctl(c *cmd) {
	global, verb, flags, _, known := c.verbGlobal(systemctlTool)
	flags = append(global, flags...)
	switch {
	case known || verb.s == "" && !verb.dyn:
		c.add(Safe, "reads service state", "builtin:read-only")
	case verb.s == "show-environment" && !verb.dyn:
		// The manager's environment holds what sessions import into it:
		// tokens and agent sockets among them.
		c.add(Warning, "prints the service manager's environment, which may hold secrets", "builtin:secret-read")
	case !verb.dyn && strings.Contains(" poweroff reboot halt kexec suspend hibernate hybrid-sleep suspend-then-hibernate rescue emergency isolate default soft-reboot ", " "+verb.s+" "):
		c.add(Blocked, "shuts down or restarts the machine", "builtin:shutdown")
	default:
		why := "changes system services"
		if has(flags, "--user") {
			why = "changes the user's services, which outlive the session"
		}
		c.add(Blocked, why, "builtin:system-admin")
	}
	c.systemdTargets(flags)
	for _, r := range values(flags, "--root", "--image") {
		c.readTrees([]field{r})
	}
}

// systemdTargets judges the systemd tools' -H (another machine, over
// ssh) and -M (a local container).
func (c *cmd) systemdTargets(flags []flag) {
	if len(values(flags, "-H", "--host")) > 0 {
		c.add(Warning, "operates on another machine over ssh", "builtin:network")
	}
	if len(values(flags, "-M", "--machine")) > 0 {
		c.add(Warning, "operates on a local container", "builtin:system")
	}
}

// timedatectlTool is timedatectl's table (timedatectl --help, systemd
// 252, Debian 12): its showing verbs read; the set-* verbs change the
// clock.
var timedatectlTool = func() *verbTool {
	opts := toolOpts{source: "timedatectl --help, systemd 252 (Debian 12)", words: true,
		flags: "ha", vals: "HMp",
		long:    "--no-pager --no-ask-password --adjust-system-clock --monitor --all --value",
		longVal: "--host --machine --property"}
	reads := opts
	verbs := map[string]*toolOpts{}
	for _, v := range strings.Fields("status show list-timezones timesync-status show-timesync") {
		verbs[v] = &reads
	}
	return newVerbTool(opts, verbs)
}()

// timedatectl shows the clock's settings; its set-* verbs change the
// system clock or time zone.
func timedatectl(c *cmd) {
	global, verb, flags, _, known := c.verbGlobal(timedatectlTool)
	if known || verb.s == "" && !verb.dyn {
		c.add(Safe, "shows the clock's settings", "builtin:read-only")
	} else {
		c.add(Dangerous, "changes the system clock or time zone", "builtin:system")
	}
	c.systemdTargets(append(global, flags...))
}

// crontabOpts is crontab's table (crontab -h, Debian cron 3.0pl1-162).
// -V is cronie's and is in versionFlags; -n differs between the two
// (Debian's dry run, cronie's host), so it never makes a command safe.
var crontabOpts = toolOpts{source: "crontab -h, Debian cron 3.0pl1-162 (Debian 12)", flags: "elrinh", vals: "u"}

// crontab -l lists; anything else installs or removes jobs that run
// later, unseen, outside any sandbox: Blocked.
func crontab(c *cmd) {
	flags, ops := c.judgeOpts(&crontabOpts)
	if has(flags, "l") && !has(flags, "r", "e", "i", "n") && len(ops) == 0 {
		c.add(Safe, "lists scheduled jobs", "builtin:read-only")
		return
	}
	c.add(Blocked, "changes scheduled jobs", "builtin:schedule")
}

// mountOpts is mount's table (mount --help, util-linux 2.38.1).
var mountOpts = toolOpts{source: "mount --help, util-linux 2.38.1 (Debian 12)",
	flags: "acfFilmnrvwhVBMR",
	vals:  "TOotNLU",
	long: "--all --no-canonicalize --fake --fork --internal-only --show-labels --mkdir --no-mtab --options-source-force " +
		"--read-only --verbose --rw --read-write --bind --move --rbind --make-shared --make-slave --make-private " +
		"--make-unbindable --make-rshared --make-rslave --make-rprivate --make-runbindable",
	longVal: "--fstab --options-mode --options-source --options --test-opts --types --source --target --target-prefix " +
		"--namespace --label --uuid"}

// mount with no operand and only -l, -t or -v lists the mounts;
// anything else mounts, moves or remounts file systems.
func mount(c *cmd) {
	flags, ops := c.judgeOpts(&mountOpts)
	lists := len(ops) == 0
	for _, f := range flags {
		switch f.name {
		case "-l", "--show-labels", "-t", "--types", "-v", "--verbose":
		default:
			if !mountOpts.knows(f.name) {
				continue // not modelled: already warning
			}
			lists = false
		}
	}
	if lists {
		c.add(Safe, "lists mounts", "builtin:read-only")
		return
	}
	c.add(Blocked, "changes mounted file systems", "builtin:system-admin")
}

// launchctlTool is launchctl's table (launchctl(1) and launchctl help,
// macOS 14): it takes no options before its subcommand, and the
// subcommands that print state get tables.
var launchctlTool = func() *verbTool {
	words := toolOpts{source: "launchctl(1), macOS 14", words: true}
	list := toolOpts{source: "launchctl(1), macOS 14", words: true, flags: "x"}
	verbs := map[string]*toolOpts{"list": &list}
	for _, v := range strings.Fields("print print-cache print-disabled blame version help managerpid manageruid managername hostinfo") {
		verbs[v] = &words
	}
	return newVerbTool(toolOpts{source: "launchctl(1), macOS 14"}, verbs)
}()

// launchctl prints launchd's state with its listing verbs; every other
// verb loads, starts, stops or changes services: Blocked.
func launchctl(c *cmd) {
	if _, _, _, known := c.verb(launchctlTool); known {
		c.add(Safe, "reads service state", "builtin:read-only")
		return
	}
	c.add(Blocked, "changes system services", "builtin:system-admin")
}

// chkconfigOpts is chkconfig's table (chkconfig(8), chkconfig 1.24).
var chkconfigOpts = toolOpts{source: "chkconfig(8), chkconfig 1.24", words: true,
	long: "--list --add --del --override --no-redirect", longVal: "--level --type"}

// chkconfig --list [NAME] lists, and "chkconfig NAME" only tests a
// service (its exit status); --add, --del, --override and "NAME on|off"
// change the boot configuration.
func chkconfig(c *cmd) {
	flags, ops := c.judgeOpts(&chkconfigOpts)
	if !has(flags, "--add", "--del", "--override") && len(ops) <= 1 {
		c.add(Safe, "reads service state", "builtin:read-only")
		return
	}
	c.add(Blocked, "changes system services", "builtin:system-admin")
}

// rcUpdateOpts is rc-update's table (rc-update(8) and rc-update --help,
// OpenRC 0.48).
var rcUpdateOpts = toolOpts{source: "rc-update --help, OpenRC 0.48", words: true,
	flags: "asuvhCVq", long: "--all --stack --update --verbose --nocolor --quiet"}

// rc-update show lists the runlevels' services; add, del and -u (which
// rewrites the dependency cache) change them.
func rcUpdate(c *cmd) {
	flags, ops := c.judgeOpts(&rcUpdateOpts)
	if !has(flags, "u", "--update", "s", "--stack") && (len(ops) == 0 || !ops[0].dyn && ops[0].s == "show") {
		c.add(Safe, "reads service state", "builtin:read-only")
		return
	}
	c.add(Blocked, "changes system services", "builtin:system-admin")
}

// Sources of the multi-call binaries' own options.
const (
	busyboxSource   = "busybox --help, BusyBox 1.35.0 (Debian 12)"
	toyboxSource    = "toybox --help, toybox 0.8.9 (Debian 12)"
	coreutilsSource = "coreutils --help, GNU coreutils 9.1 (the multi-call build)"
)

// busybox runs the applet its first word names, judged exactly as if run
// by that name. Its own options: --list and --list-full print the
// applets, --show prints an embedded script, and --install [-s] [DIR]
// links every applet into DIR, or into the system's directories without
// one.
func busybox(c *cmd) {
	args := c.rest()
	if len(args) == 0 {
		c.add(Safe, "lists its applets", "builtin:read-only")
		return
	}
	first := args[0]
	switch {
	case first.dyn:
		c.run(args)
	case first.s == "--list" || first.s == "--list-full":
		c.add(Safe, "lists its applets", "builtin:read-only")
		if len(args) > 1 {
			c.notModelled(args[1].s)
		}
	case first.s == "--show" && len(args) == 2:
		c.add(Safe, "prints a script it holds", "builtin:read-only")
	case first.s == "--install":
		rest := args[1:]
		if len(rest) > 0 && !rest[0].dyn && rest[0].s == "-s" {
			rest = rest[1:]
		}
		switch len(rest) {
		case 0:
			c.add(Blocked, "links its applets into the system's program directories", "builtin:system-path")
		case 1:
			c.add(Warning, "creates links to its applets", "builtin:write-project")
			c.path(accWrite, rest[0])
		default:
			c.notModelled(rest[1].s)
		}
	case strings.HasPrefix(first.s, "-"):
		c.notModelled(first.s)
	default:
		c.run(args)
	}
}

// toybox runs the command its first word names, judged as that command;
// alone or with --long it lists its commands.
func toybox(c *cmd) {
	args := c.rest()
	switch {
	case len(args) == 0 || len(args) == 1 && !args[0].dyn && args[0].s == "--long":
		c.add(Safe, "lists its commands", "builtin:read-only")
	case !args[0].dyn && strings.HasPrefix(args[0].s, "-"):
		c.notModelled(args[0].s)
	default:
		c.run(args)
	}
}

// coreutils, GNU's multi-call build, runs the program named by
// --coreutils-prog=NAME (or --coreutils-prog-shebang=NAME, for scripts),
// judged as that program; alone it prints its usage.
func coreutils(c *cmd) {
	args := c.rest()
	if len(args) == 0 {
		c.add(Safe, "prints its usage", "builtin:read-only")
		return
	}
	for _, opt := range []string{"--coreutils-prog=", "--coreutils-prog-shebang="} {
		if name, ok := strings.CutPrefix(args[0].s, opt); ok && !args[0].dyn {
			c.run(append([]field{lit(name)}, args[1:]...))
			return
		}
	}
	c.notModelled(args[0].s)
}

// cowsayOpts is cowsay's table (cowsay -h and cowsay(6), cowsay 3.03,
// Debian 12); cowthink is the same program.
var cowsayOpts = toolOpts{source: "cowsay -h and cowsay(6), cowsay 3.03 (Debian 12)", words: true,
	flags: "bdgpstwyhln", vals: "efTW"}

// cowsay prints a message; its -f cow file is a Perl program it runs. A
// bare name is one of the cows installed with it.
func cowsay(c *cmd) {
	flags, _ := c.judgeOpts(&cowsayOpts)
	c.add(Safe, "prints text or information", "builtin:read-only")
	for _, f := range values(flags, "-f") {
		if f.dyn || strings.Contains(f.s, "/") || strings.HasSuffix(f.s, ".cow") {
			c.path(accRead, f)
			c.add(Warning, "runs a cow file, which is a Perl program", "builtin:interpreter")
		}
	}
}

// perf's tables (perf -h of each subcommand, perf 6.1, Debian 12's
// linux-perf): the global options, and the subcommands that read
// recorded data. perf accepts --no-NAME for each long flag.
var perfTool = func() *verbTool {
	src := "perf SUBCOMMAND -h, perf 6.1 (Debian 12 linux-perf)"
	report := toolOpts{source: src, flags: "bDfGImnqTUvx", vals: "cCdFgikMpsStw",
		long: "--branch-stack --dump-raw-trace --force --inverted --show-info --modules --show-nr-samples --quiet --threads --hide-unresolved " +
			"--verbose --exclude-other --asm-raw --branch-history --children --demangle --demangle-kernel --disable-order --full-source-path " +
			"--group --header --header-only --hierarchy --ignore-vmlinux --inline --itrace --mem-mode --mmaps --ns --raw-trace " +
			"--show-cpu-utilization --show-on-off-events --show-ref-call-graph --show-total-period --skip-empty --source --stats --stdio " +
			"--stitch-lbr --tasks --total-cycles --tui",
		longVal: "--comms --cpu --dsos --fields --call-graph --input --vmlinux --disassembler-style --parent --sort --symbols " +
			"--field-separator --column-widths --group-sort-idx --ignore-callees --kallsyms --max-stack --objdump --percent-limit " +
			"--percent-type --percentage --pid --prefix --prefix-strip --pretty --samples --socket-filter --stdio-color --switch-off " +
			"--switch-on --symbol-filter --symfs --tid --time --time-quantum"}
	annotate := toolOpts{source: src, flags: "DflmnPqv", vals: "CdikMs",
		long: "--dump-raw-trace --force --print-line --modules --show-nr-samples --full-paths --quiet --verbose --asm-raw --demangle " +
			"--demangle-kernel --group --ignore-vmlinux --itrace --show-total-period --skip-missing --source --stdio --stdio2 --tui",
		longVal: "--cpu --dsos --input --vmlinux --disassembler-style --symbol --objdump --percent-limit --percent-type --prefix " +
			"--prefix-strip --stdio-color --symfs"}
	script := toolOpts{source: src, flags: "adDfGILlv", vals: "cCFgiksS",
		long: "--all-cpus --debug-mode --dump-raw-trace --force --hide-call-graph --show-info --Latency --list --verbose --call-ret-trace " +
			"--call-trace --deltatime --demangle --demangle-kernel --dump-unsorted-raw-trace --full-source-path --guest-code --header " +
			"--header-only --inline --insn-trace --itrace --list-dlfilters --ns --per-event-dump --reltime --show-bpf-events " +
			"--show-cgroup-events --show-kernel-path --show-lost-events --show-mmap-events --show-namespace-events --show-on-off-events " +
			"--show-round-events --show-switch-events --show-task-events --show-text-poke-events --stitch-lbr --xed",
		longVal: "--comms --cpu --fields --gen-script --input --vmlinux --script --symbols --addr-range --dlarg --dlfilter --dsos " +
			"--graph-function --guestkallsyms --guestmodules --guestmount --guestvmlinux --kallsyms --max-blocks --max-stack --pid " +
			"--stop-bt --switch-off --switch-on --symfs --tid --time",
		runs: "-s --script --dlfilter"}
	diff := toolOpts{source: src, flags: "bDfFmpqv", vals: "CcdosSt",
		long:    "--baseline-only --dump-raw-trace --force --formula --modules --period --quiet --verbose --cycles-hist --stream",
		longVal: "--comms --compute --dsos --order --sort --symbols --field-separator --cpu --kallsyms --percentage --pid --symfs --tid --time"}
	evlist := toolOpts{source: src, words: true, flags: "fFgv", vals: "i", long: "--force --freq --group --verbose --trace-fields", longVal: "--input"}
	list := toolOpts{source: src, words: true, flags: "dv", long: "--desc --long-desc --debug --deprecated --details", longVal: "--cputype"}
	version := toolOpts{source: src, words: true, long: "--build-options"}
	verbs := map[string]*toolOpts{"report": &report, "annotate": &annotate, "script": &script, "diff": &diff, "evlist": &evlist, "list": &list, "version": &version}
	for _, o := range verbs {
		o.reads = "-i --input -k --vmlinux --kallsyms --guestkallsyms --guestvmlinux"
		for _, l := range strings.Fields(o.long) {
			o.long += " --no-" + l[2:]
		}
	}
	global := toolOpts{source: "perf --list-opts and perf(1), perf 6.1 (Debian 12 linux-perf)", flags: "pv",
		long: "--paginate --no-pager --list-cmds --list-opts --exec-path --html-path", longVal: "--debugfs-dir --buildid-dir --debug"}
	return newVerbTool(global, verbs)
}()

// perf: record, stat, trace and the like run a command after their
// options; report, annotate, script, diff, evlist, list and version read
// and print, by their tables: -i, -k and --kallsyms read files, --symfs
// and the guest directories are read whole, --objdump and script's
// --script, --dlfilter and --xed run programs, and script's --gen-script
// and --per-event-dump write files here.
func perf(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(perfTool)
	for _, d := range values(global, "--exec-path") {
		c.add(Warning, "runs perf's commands from a directory", "builtin:tool-program")
		c.path(accRead, d)
	}
	for _, d := range values(global, "--buildid-dir") {
		c.path(accWrite, d)
	}
	for _, d := range values(global, "--debugfs-dir") {
		c.path(accRead, d)
	}
	switch {
	case known && (verb.s == "list" || verb.s == "version"):
		c.add(Safe, "prints perf's information", "builtin:read-only")
	case known:
		c.add(Safe, "reads profiling data", "builtin:read-only")
		if verb.s == "diff" {
			c.read(ops)
		}
		for _, d := range values(flags, "--symfs", "--guestmount", "--guestmodules") {
			c.readTrees([]field{d})
		}
		for _, p := range values(flags, "--objdump") {
			c.add(Warning, "runs a program of its own", "builtin:tool-program")
			c.run([]field{p, {s: "FILE", dyn: true}})
		}
		if has(flags, "--xed") {
			c.add(Warning, "runs xed to decode instructions", "builtin:tool-program")
		}
		if verb.s == "script" && (len(values(flags, "-g", "--gen-script")) > 0 || has(flags, "--per-event-dump")) {
			c.add(Warning, "writes files here", "builtin:write-project")
			c.path(accWrite, lit("."))
		}
	case verb.s == "" && !verb.dyn:
		c.add(Safe, "prints perf's usage", "builtin:read-only")
	case !verb.dyn && strings.Contains(" record stat trace mem c2c kmem lock sched kvm ftrace ", " "+verb.s+" "):
		c.add(Warning, "profiles a command", "builtin:wrapper")
		for i, a := range ops {
			if a.s == "--" && !a.dyn {
				c.run(ops[i+1:])
				return
			}
		}
		flags, inner := parseOpts(ops, optSpec{short: "eoCcFptjG", long: []string{"--event", "--output", "--cpu", "--count", "--freq", "--pid", "--call-graph", "--tid"}, stop: true})
		for _, o := range values(flags, "-o", "--output") {
			c.path(accWrite, o)
		}
		if len(inner) > 0 {
			c.run(inner)
		}
	default:
		c.add(Warning, "runs a perf tool", "builtin:wrapper")
	}
}

// uftraceOpts is uftrace's table (uftrace --help, uftrace 0.13, Debian
// 12): every command takes the same options.
var uftraceOpts = toolOpts{source: "uftrace --help, uftrace 0.13 (Debian 12)",
	flags: "aeklvhVg",
	vals:  "AbCdDEfFHKNPrRsStTUWZp",
	long: "--avg-self --avg-total --auto-args --chrome --column-view --disable --estimate-return --event-full --flame-graph --flat " +
		"--force --graphviz --kernel --keep-pid --kernel-full --kernel-only --kernel-skip-out --libmcount-single --list-event " +
		"--nest-libcall --libname --no-args --no-comment --no-event --no-sched --no-sched-preempt --no-libcall --no-merge --no-pager " +
		"--no-pltbind --no-randomize-addr --nop --record --report --srcline --symbols --task --task-newline --time --debug --verbose " +
		"--usage --agent",
	longVal: "--argument --buffer --clock --color --column-offset --caller-filter --data --debug-domain --demangle --diff --diff-policy " +
		"--depth --Event --format --output-fields --filter --hide --host --kernel-buffer --kernel-depth --logfile --libmcount-path " +
		"--match --max-stack --num-thread --notrace --opt-file --port --patch --rt-prio --time-range --run-cmd --retval --sample-time " +
		"--signal --sort-column --sort --script --time-filter --tid --trigger --unpatch --with-syms --watch --size-filter --pid"}

// uftraceTool's verbs are the commands that read recorded trace data.
var uftraceTool = func() *verbTool {
	reads := uftraceOpts
	verbs := map[string]*toolOpts{}
	for _, v := range strings.Fields("replay report info dump graph") {
		verbs[v] = &reads
	}
	return newVerbTool(uftraceOpts, verbs)
}()

// uftraceRecord is uftrace's table for the words after record and live,
// which end at the program traced.
var uftraceRecord = func() toolOpts {
	o := uftraceOpts
	o.stop = true
	o.spec()
	return o
}()

// uftrace traces the program it is given (record, live, or no command),
// judged as that program; replay, report, info, dump and graph read the
// trace data (-d, --diff, --with-syms). Options that write a log, read
// options from a file, load libraries or scripts, run a command or reach
// a host are judged in every command; tui, script and recv are
// interactive, run a script or listen on the network.
func uftrace(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(uftraceTool)
	var record []flag
	var prog []field
	if !known && !verb.dyn && strings.Contains(" record live recv script tui ", " "+verb.s+" ") {
		record, prog = c.judgeArgs(ops, &uftraceRecord)
	}
	all := append(append(global, flags...), record...)
	for _, f := range values(all, "--logfile") {
		c.path(accWrite, f)
	}
	for _, f := range values(all, "--opt-file") {
		c.path(accRead, f)
		c.add(Warning, "reads more options from "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
	}
	for _, f := range values(all, "--libmcount-path", "-S", "--script") {
		c.path(accRead, f)
		c.add(Warning, "loads a library or script into the traced program", "builtin:tool-program")
	}
	for _, f := range values(all, "--run-cmd") {
		c.add(Warning, "runs a command when the trace arrives", "builtin:tool-program")
		c.programString(f)
	}
	if len(values(all, "--host")) > 0 {
		c.add(Warning, "sends the trace to another machine", "builtin:network")
	}
	switch {
	case known:
		c.add(Safe, "reads trace data", "builtin:read-only")
		c.readTrees(values(all, "-d", "--data", "--diff", "--with-syms"))
	case verb.s == "" && !verb.dyn:
		c.add(Safe, "prints its usage", "builtin:read-only")
	case verb.dyn:
		c.run(append([]field{verb}, ops...))
	case verb.s == "record" || verb.s == "live":
		c.add(Safe, "traces a program", "builtin:wrapper")
		for _, d := range values(all, "-d", "--data") {
			c.path(accWrite, d)
		}
		if len(values(all, "-d", "--data")) == 0 && verb.s == "record" {
			c.path(accWrite, lit("uftrace.data"))
		}
		if len(prog) > 0 {
			c.run(prog)
		}
	case verb.s == "tui" || verb.s == "script" || verb.s == "recv":
		c.add(Warning, "runs uftrace "+verb.s+" (interactive, a script, or a network listener)", "builtin:wrapper")
	default:
		// No command: live mode, and the first operand is the program.
		c.add(Safe, "traces a program", "builtin:wrapper")
		c.run(append([]field{verb}, ops...))
	}
}

// opensslTables are the options of the openssl commands that compute,
// inspect or convert locally (openssl CMD -help, OpenSSL 3.0.19, Debian
// 12). "-*" in a command's help (any digest or cipher) is
// opensslDigests or opensslCiphers.
var opensslTables = map[string]*toolOpts{
	"asn1parse": {source: opensslSource, oneDash: true, words: true,
		long:    "-dump -i -noout -strictpem",
		longVal: "-dlimit -genconf -genstr -in -inform -item -length -offset -oid -out -strparse"},
	"ciphers": {source: opensslSource, oneDash: true, words: true,
		long:    "-V -psk -s -srp -stdname -tls1 -tls1_1 -tls1_2 -tls1_3 -v",
		longVal: "-ciphersuites -convert -propquery -provider -provider-path"},
	"crl": {source: opensslSource, oneDash: true, words: true,
		long:    "-badsig -crlnumber -fingerprint -hash -hash_old -issuer -lastupdate -nextupdate -no-CAfile -no-CApath -no-CAstore -noout -text -verify" + " " + opensslDigests,
		longVal: "-CAfile -CApath -CAstore -dateopt -gendelta -in -inform -key -keyform -nameopt -out -outform -propquery -provider -provider-path"},
	"dgst": {source: opensslSource, oneDash: true, words: false,
		long:    "-binary -c -d -debug -engine_impl -fips-fingerprint -hex -list -r" + " " + opensslDigests,
		longVal: "-engine -hmac -keyform -mac -macopt -out -passin -propquery -provider -provider-path -prverify -rand -sign -signature -sigopt -verify -writerand -xoflen"},
	"ec": {source: opensslSource, oneDash: true, words: true,
		long:    "-check -no_public -noout -param_out -pubin -pubout -text" + " " + opensslCiphers,
		longVal: "-conv_form -engine -in -inform -out -outform -param_enc -passin -passout -propquery -provider -provider-path"},
	"ecparam": {source: opensslSource, oneDash: true, words: true,
		long:    "-check -check_named -genkey -list_curves -no_seed -noout -text",
		longVal: "-conv_form -engine -in -inform -name -out -outform -param_enc -propquery -provider -provider-path -rand -writerand"},
	"enc": {source: opensslSource, oneDash: true, words: true,
		long:    "-A -P -a -base64 -ciphers -d -debug -e -list -none -nopad -nosalt -p -pbkdf2 -salt -v" + " " + opensslCiphers,
		longVal: "-K -S -bufsize -engine -in -iter -iv -k -kfile -md -out -pass -propquery -provider -provider-path -rand -writerand"},
	"errstr": {source: opensslSource, oneDash: true, words: true,
		long:    "",
		longVal: ""},
	"genpkey": {source: opensslSource, oneDash: true, words: true,
		long:    "-genparam -quiet -text" + " " + opensslCiphers,
		longVal: "-algorithm -config -engine -out -outform -paramfile -pass -pkeyopt -propquery -provider -provider-path"},
	"genrsa": {source: opensslSource, oneDash: true, words: true,
		long:    "-3 -F4 -f4 -traditional -verbose" + " " + opensslCiphers,
		longVal: "-engine -out -passout -primes -propquery -provider -provider-path -rand -writerand"},
	"help": {source: opensslSource, oneDash: true, words: true,
		long:    "",
		longVal: ""},
	"kdf": {source: opensslSource, oneDash: true, words: true,
		long:    "-binary",
		longVal: "-cipher -digest -kdfopt -keylen -mac -out -propquery -provider -provider-path"},
	"list": {source: opensslSource, oneDash: true, words: true,
		long:    "-1 -asymcipher-algorithms -cipher-algorithms -cipher-commands -commands -decoders -digest-algorithms -digest-commands -disabled -encoders -engines -kdf-algorithms -kem-algorithms -key-exchange-algorithms -key-managers -mac-algorithms -objects -providers -public-key-algorithms -public-key-methods -random-generators -random-instances -signature-algorithms -standard-commands -store-loaders -verbose",
		longVal: "-options -propquery -provider -provider-path -select"},
	"mac": {source: opensslSource, oneDash: true, words: true,
		long:    "-binary",
		longVal: "-cipher -digest -in -macopt -out -propquery -provider -provider-path"},
	"passwd": {source: opensslSource, oneDash: true, words: true,
		long:    "-1 -5 -6 -aixmd5 -apr1 -noverify -quiet -reverse -stdin -table",
		longVal: "-in -propquery -provider -provider-path -rand -salt -writerand"},
	"pkcs12": {source: opensslSource, oneDash: true, words: true,
		long:    "-LMK -cacerts -chain -clcerts -descert -export -info -keyex -keysig -legacy -maciter -no-CAfile -no-CApath -no-CAstore -nocerts -nodes -noenc -noiter -nokeys -nomac -nomaciter -nomacver -noout -twopass" + " " + opensslCiphers,
		longVal: "-CAfile -CApath -CAstore -CSP -caname -certfile -certpbe -engine -in -inkey -iter -keypbe -macalg -name -out -passcerts -passin -passout -password -propquery -provider -provider-path -rand -untrusted -writerand"},
	"pkey": {source: opensslSource, oneDash: true, words: true,
		long:    "-check -noout -pubcheck -pubin -pubout -text -text_pub -traditional" + " " + opensslCiphers,
		longVal: "-ec_conv_form -ec_param_enc -engine -in -inform -out -outform -passin -passout -propquery -provider -provider-path"},
	"prime": {source: opensslSource, oneDash: true, words: true,
		long:    "-generate -hex -safe",
		longVal: "-bits -checks -propquery -provider -provider-path"},
	"rand": {source: opensslSource, oneDash: true, words: true,
		long:    "-base64 -hex",
		longVal: "-engine -out -propquery -provider -provider-path -rand -writerand"},
	"req": {source: opensslSource, oneDash: true, words: true,
		long:    "-batch -modulus -multivalue-rdn -new -newhdr -nodes -noenc -noout -precert -pubkey -subject -text -utf8 -verbose -verify -x509" + " " + opensslDigests,
		longVal: "-CA -CAkey -addext -config -copy_extensions -days -engine -extensions -in -inform -key -keyform -keygen_engine -keyout -nameopt -newkey -out -outform -passin -passout -pkeyopt -propquery -provider -provider-path -rand -reqexts -reqopt -section -set_serial -sigopt -subj -vfyopt -writerand"},
	"rsa": {source: opensslSource, oneDash: true, words: true,
		long:    "-RSAPublicKey_in -RSAPublicKey_out -check -modulus -noout -pubin -pubout -pvk-none -pvk-strong -pvk-weak -text -traditional" + " " + opensslCiphers,
		longVal: "-engine -in -inform -out -outform -passin -passout -propquery -provider -provider-path"},
	"speed": {source: opensslSource, oneDash: true, words: true,
		long:    "-aead -decrypt -elapsed -mb -mr",
		longVal: "-async_jobs -bytes -cmac -engine -evp -hmac -misalign -multi -primes -propquery -provider -provider-path -rand -seconds -writerand"},
	"verify": {source: opensslSource, oneDash: true, words: false,
		long:    "-allow_proxy_certs -check_ss_sig -crl_check -crl_check_all -crl_download -explicit_policy -extended_crl -ignore_critical -inhibit_any -inhibit_map -issuer_checks -no-CAfile -no-CApath -no-CAstore -no_alt_chains -no_check_time -partial_chain -policy_check -policy_print -show_chain -suiteB_128 -suiteB_128_only -suiteB_192 -trusted_first -use_deltas -verbose -x509_strict",
		longVal: "-CAfile -CApath -CAstore -CRLfile -attime -auth_level -engine -nameopt -policy -propquery -provider -provider-path -purpose -trusted -untrusted -verify_depth -verify_email -verify_hostname -verify_ip -verify_name -vfyopt"},
	"version": {source: opensslSource, oneDash: true, words: true,
		long:    "-a -b -c -d -e -f -m -o -p -r -v",
		longVal: ""},
	"x509": {source: opensslSource, oneDash: true, words: true,
		long:    "-CAcreateserial -alias -badsig -clrext -clrreject -clrtrust -dates -email -enddate -fingerprint -hash -issuer -issuer_hash -issuer_hash_old -modulus -new -next_serial -nocert -noout -ocsp_uri -ocspid -preserve_dates -pubkey -purpose -req -serial -startdate -subject -subject_hash -subject_hash_old -text -trustout -x509toreq" + " " + opensslDigests,
		longVal: "-CA -CAform -CAkey -CAkeyform -CAserial -addreject -addtrust -certopt -checkemail -checkend -checkhost -checkip -copy_extensions -dateopt -days -engine -ext -extensions -extfile -force_pubkey -in -inform -key -keyform -nameopt -out -outform -passin -propquery -provider -provider-path -rand -set_serial -setalias -signkey -sigopt -subj -vfyopt -writerand"},
}

// opensslDigests and opensslCiphers are openssl dgst -list and openssl
// enc -list, OpenSSL 3.0.19.
const (
	opensslDigests = "-blake2b512 -blake2s256 -md4 -md5 -md5-sha1 -ripemd -ripemd160 -rmd160 -sha1 -sha224 -sha256 -sha3-224 -sha3-256 -sha3-384 -sha3-512 -sha384 -sha512 -sha512-224 -sha512-256 -shake128 -shake256 -sm3 -ssl3-md5 -ssl3-sha1 -whirlpool"
	opensslCiphers = "-aes-128-cbc -aes-128-cfb -aes-128-cfb1 -aes-128-cfb8 -aes-128-ctr -aes-128-ecb -aes-128-ofb -aes-192-cbc -aes-192-cfb -aes-192-cfb1 -aes-192-cfb8 -aes-192-ctr -aes-192-ecb -aes-192-ofb -aes-256-cbc -aes-256-cfb -aes-256-cfb1 -aes-256-cfb8 -aes-256-ctr -aes-256-ecb -aes-256-ofb -aes128 -aes128-wrap -aes192 -aes192-wrap -aes256 -aes256-wrap -aria-128-cbc -aria-128-cfb -aria-128-cfb1 -aria-128-cfb8 -aria-128-ctr -aria-128-ecb -aria-128-ofb -aria-192-cbc -aria-192-cfb -aria-192-cfb1 -aria-192-cfb8 -aria-192-ctr -aria-192-ecb -aria-192-ofb -aria-256-cbc -aria-256-cfb -aria-256-cfb1 -aria-256-cfb8 -aria-256-ctr -aria-256-ecb -aria-256-ofb -aria128 -aria192 -aria256 -bf -bf-cbc -bf-cfb -bf-ecb -bf-ofb -blowfish -camellia-128-cbc -camellia-128-cfb -camellia-128-cfb1 -camellia-128-cfb8 -camellia-128-ctr -camellia-128-ecb -camellia-128-ofb -camellia-192-cbc -camellia-192-cfb -camellia-192-cfb1 -camellia-192-cfb8 -camellia-192-ctr -camellia-192-ecb -camellia-192-ofb -camellia-256-cbc -camellia-256-cfb -camellia-256-cfb1 -camellia-256-cfb8 -camellia-256-ctr -camellia-256-ecb -camellia-256-ofb -camellia128 -camellia192 -camellia256 -cast -cast-cbc -cast5-cbc -cast5-cfb -cast5-ecb -cast5-ofb -chacha20 -des -des-cbc -des-cfb -des-cfb1 -des-cfb8 -des-ecb -des-ede -des-ede-cbc -des-ede-cfb -des-ede-ecb -des-ede-ofb -des-ede3 -des-ede3-cbc -des-ede3-cfb -des-ede3-cfb1 -des-ede3-cfb8 -des-ede3-ecb -des-ede3-ofb -des-ofb -des3 -des3-wrap -desx -desx-cbc -id-aes128-wrap -id-aes128-wrap-pad -id-aes192-wrap -id-aes192-wrap-pad -id-aes256-wrap -id-aes256-wrap-pad -id-smime-alg-CMS3DESwrap -rc2 -rc2-128 -rc2-40 -rc2-40-cbc -rc2-64 -rc2-64-cbc -rc2-cbc -rc2-cfb -rc2-ecb -rc2-ofb -rc4 -rc4-40 -seed -seed-cbc -seed-cfb -seed-ecb -seed-ofb -sm4 -sm4-cbc -sm4-cfb -sm4-ctr -sm4-ecb -sm4-ofb"
)

const opensslSource = "openssl CMD -help, OpenSSL 3.0.19 (Debian 12)"

// opensslTool has a table for each openssl command that only computes,
// inspects or converts here; sha1, sha256, md5... are dgst, and base64
// is enc.
var opensslTool = func() *verbTool {
	for _, alias := range strings.Fields("md5 sha1 sha224 sha256 sha384 sha512") {
		opensslTables[alias] = opensslTables["dgst"]
	}
	opensslTables["base64"] = opensslTables["enc"]
	return newVerbTool(toolOpts{source: opensslSource, oneDash: true}, opensslTables)
}()

// The kinds of openssl's file options: files read (the -help's infile
// and the keys and certificates given as val), files written (outfile,
// and the serial number file x509 -CAserial rewrites), directories or
// stores read, and the engines, providers and configuration files that
// load code.
const (
	opensslReads   = "-CA -CAfile -CRLfile -certfile -extfile -force_pubkey -gendelta -in -key -kfile -oid -paramfile -signature -trusted -untrusted -CAkey -signkey -inkey -sign -verify -prverify -genconf"
	opensslWrites  = "-keyout -out -writerand -CAserial"
	opensslTrees   = "-CApath -CAstore"
	opensslModules = "-engine -keygen_engine -provider -provider-path -config"
	opensslPasses  = "-passin -passout -pass -passcerts -password"
)

// openssl computes, inspects and converts keys and data (safe, by each
// command's table); the files its options name are read or written, a
// pass phrase source file: is read, -rand's files are read, and engines,
// providers and configuration files load code. s_client and the like
// connect; any other command is not modelled.
func openssl(c *cmd) {
	verb, flags, ops, known := c.verb(opensslTool)
	if !known {
		// Not a table's: the files the common options name are still
		// judged.
		for i, a := range ops {
			if i+1 < len(ops) && !a.dyn {
				switch a.s {
				case "-out", "-keyout":
					c.path(accWrite, ops[i+1])
				case "-in", "-key":
					c.path(accRead, ops[i+1])
				}
			}
		}
	}
	switch {
	case known:
		c.add(Safe, "computes or inspects keys and data", "builtin:read-only")
		if verb.s == "verify" || opensslTables[verb.s] == opensslTables["dgst"] {
			c.read(ops)
		}
	case verb.s == "" && !verb.dyn:
		c.add(Warning, "starts openssl's prompt, which runs the commands it reads", "builtin:unknown")
	case !verb.dyn && strings.Contains(" s_client s_time ocsp s_server ", " "+verb.s+" "):
		c.add(Warning, "connects to a server", "builtin:network")
	default:
		c.add(Warning, "runs openssl "+shorten(verb.s), "builtin:unknown")
	}
	for _, f := range values(flags, strings.Fields(opensslReads)...) {
		c.path(accRead, f)
	}
	for _, f := range values(flags, strings.Fields(opensslWrites)...) {
		c.path(accWrite, f)
	}
	c.readTrees(values(flags, strings.Fields(opensslTrees)...))
	for _, f := range values(flags, strings.Fields(opensslModules)...) {
		c.add(Warning, "loads an engine, a provider or a configuration that can load code", "builtin:tool-program")
		if f.dyn || strings.ContainsAny(f.s, "/.~") {
			c.path(accRead, f)
		}
	}
	for _, f := range values(flags, strings.Fields(opensslPasses)...) {
		if file, ok := strings.CutPrefix(f.s, "file:"); ok || f.dyn {
			c.path(accRead, field{s: file, dyn: f.dyn, glob: f.glob})
		}
	}
	for _, f := range values(flags, "-rand") {
		for _, file := range strings.Split(f.s, ":") {
			c.path(accRead, field{s: file, dyn: f.dyn, glob: f.glob})
		}
	}
	for _, f := range values(flags, "-newkey") {
		// -newkey rsa:2048 is a size; ec:FILE and param:FILE a file.
		if _, file, ok := strings.Cut(f.s, ":"); ok && strings.Trim(file, "0123456789") != "" || f.dyn {
			c.path(accRead, field{s: file, dyn: f.dyn, glob: f.glob})
		}
	}
}

// parallelOpts is GNU parallel's table (parallel(1), GNU parallel
// 20221122, Debian 12); its options end at the command. --eof, --replace
// and --max-lines (-e, -i, -l) take their value only joined.
var parallelOpts = toolOpts{source: "parallel(1), GNU parallel 20221122 (Debian 12)", stop: true,
	flags: "0MVXehiklmopqrtuvx",
	vals:  "CEIJLNPSadjns",
	long: "--bar --bg --cat --cf --cleanup --color --color-failed --compress --controlmaster --csv --ctag --dry-run --embed --eof --eta " +
		"--exit --fg --fifo --files --filter-hosts --gnu --group --hashbang --hgrp --hostgroups --interactive --keep-order " +
		"--latest-line --lb --line-buffer --link --ll --max-line-length-allowed --max-lines --no-keep-order --no-run-if-empty --nonall " +
		"--noswap --null --number-of-cores --number-of-cpus --number-of-sockets --number-of-threads --onall --open-tty --output-as-files " +
		"--outputasfiles --pipe --pipe-part --plain --plus --progress --quote --record-env --regexp --remove-rec-sep --removerecsep " +
		"--replace --resume --resume-failed --retry-failed --round --round-robin --rrs --semaphore --session --shebang --shebang-wrap " +
		"--shell-quote --show-limits --shuf --silent --skip-first-line --spreadstdin --tag --tee --tmux --tmuxpane --transfer --tty " +
		"--ungroup --use-cores-instead-of-threads --use-cpus-instead-of-cores --use-sockets-instead-of-threads --verbose --wait " +
		"--xapply --xargs --will-cite", // --will-cite: accepted by Debian's build, not in its manual
	longVal: "--arg-file --arg-file-sep --arg-sep --basefile --basenameextensionreplace --basenamereplace --bf --bin --block --block-size " +
		"--block-timeout --bner --bnr --bt --colsep --compress-program --ctagstring --decompress-program --delay --delimiter " +
		"--dirnamereplace --dnr --env --er --extensionreplace --filter --group-by --halt --halt-on-error --header --id --jl --joblog " +
		"--jobs --limit --load --max-args --max-chars --max-procs --max-replace-args --memfree --memsuspend --minversion --nice --parens " +
		"--process-slot-var --profile --recend --recstart --res --results --retries --return --rpl --rsync-opts --semaphore-name " +
		"--semaphore-timeout --seqreplace --shard --shell-completion --slf --slotreplace --sql --sql-and-worker --sql-master " +
		"--sql-worker --ssh --ssh-delay --sshlogin --sshloginfile --st --tagstring --template --term-seq --tf --timeout --tmpdir --tmpl " +
		"--total --total-jobs --transferfile --trc --trim --wd --workdir"}

// parallelFiles judges what GNU parallel does besides the commands it
// runs: -a, --arg-file and the operands after "::::" are files whose
// lines become arguments (printed by echo, so read); --joblog, --results,
// --tmpdir, --return and --template write; --filter, --rpl, --shard,
// --bin, --group-by and {= =} replacement strings are Perl code;
// --limit, --ssh and the compress programs are commands it runs;
// --profile reads options from a file; the SQL options reach a database;
// --tmux uses the person's tmux server and --record-env writes in home.
func (c *cmd) parallelFiles(flags []flag, ops []field) {
	for _, f := range values(flags, "-a", "--arg-file", "--basefile", "--bf", "--transferfile", "--tf", "--trc") {
		c.path(accRead, f)
	}
	for _, f := range values(flags, "--joblog", "--jl", "--results", "--res", "--tmpdir", "--return") {
		c.path(accWrite, f)
	}
	for _, f := range values(flags, "--template", "--tmpl") {
		file, out, _ := strings.Cut(f.s, "=")
		c.path(accRead, field{s: file, dyn: f.dyn, glob: f.glob})
		c.path(accWrite, field{s: out, dyn: f.dyn, glob: f.glob})
	}
	if len(values(flags, "--filter", "--rpl", "--shard", "--bin", "--group-by")) > 0 {
		c.add(Warning, "runs Perl code of its own", "builtin:inline-code")
	}
	for _, p := range values(flags, "--limit", "--ssh", "--compress-program", "--decompress-program") {
		c.add(Warning, "runs a program of its own", "builtin:tool-program")
		c.programString(p)
	}
	for _, f := range values(flags, "-J", "--profile") {
		c.add(Warning, "reads options from the profile "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
	}
	if has(flags, "--tmux", "--tmuxpane") {
		c.add(Warning, "runs its jobs in windows of the person's tmux server", "builtin:terminal")
	}
	if has(flags, "--record-env") {
		c.add(Dangerous, "writes ~/.parallel/ignored_vars, outside the project", "builtin:write-outside")
	}
	if len(values(flags, "--sql", "--sql-master", "--sql-worker", "--sql-and-worker")) > 0 {
		c.add(Warning, "keeps its jobs in a database", "builtin:network")
	}
	files := false
	for _, op := range ops {
		switch {
		case !op.dyn && strings.HasPrefix(op.s, ":::"):
			files = op.s == "::::" || op.s == "::::+"
		case files:
			c.path(accRead, op)
		}
		if strings.Contains(op.s, "{=") {
			c.add(Warning, "runs Perl code in a replacement string", "builtin:inline-code")
		}
	}
}
