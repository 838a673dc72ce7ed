package classify

import "strings"

// Programs that print information about the system, the user or their
// words, each with the options its manual lists. They were once one list
// that ignored its arguments; an option a table does not list now makes
// the command warning (hostname NEWNAME and date -s have handlers of their
// own), and the files some options read are judged by the path rules
// (findmnt --tab-file, pgrep --pidfile, last --file, who FILE).
var (
	unameOpts = toolOpts{source: "uname --help, GNU coreutils 9.1", words: true,
		flags: "asnrvmpio", long: "--all --kernel-name --nodename --kernel-release --kernel-version --machine --processor --hardware-platform --operating-system"}
	// No options: arch, whoami, logname, hostid and groups (whose operands
	// are user names), GNU coreutils 9.1.
	noOptsWords = toolOpts{source: "--help of arch, whoami, logname, hostid, groups, users, GNU coreutils 9.1", words: true}
	idOpts      = toolOpts{source: "id --help, GNU coreutils 9.1", words: true,
		flags: "aZgGnruz", long: "--context --group --groups --name --real --user --zero"}
	nprocOpts = toolOpts{source: "nproc --help, GNU coreutils 9.1", words: true, long: "--all", longVal: "--ignore"}
	ttyOpts   = toolOpts{source: "tty --help, GNU coreutils 9.1", words: true, flags: "s", long: "--silent --quiet"}
	// seq takes negative numbers as operands ("seq 10 -1 1").
	seqOpts      = toolOpts{source: "seq --help, GNU coreutils 9.1", words: true, flags: "w0123456789.", vals: "fs", long: "--equal-width", longVal: "--format --separator"}
	printenvOpts = toolOpts{source: "printenv --help, GNU coreutils 9.1", words: true, flags: "0", long: "--null"}
	// expr and factor have no options but --help and --version; expr's
	// operands may start with "-" ("expr -5 + 1").
	exprOpts  = toolOpts{source: "expr --help and factor --help, GNU coreutils 9.1", words: true, noOpts: true}
	yesOpts   = toolOpts{source: "yes --help, GNU coreutils 9.1", words: true}
	numfmtOpt = toolOpts{source: "numfmt --help, GNU coreutils 9.1", words: true, flags: "z", vals: "d",
		long: "--debug --grouping --zero-terminated --header", longVal: "--delimiter --field --format --from --from-unit --invalid --padding --round --suffix --to --to-unit"}
	pathNameOpts = toolOpts{source: "basename, dirname, realpath and readlink --help, GNU coreutils 9.1", words: true,
		flags: "asz" + "emLPq" + "fnv", long: "--multiple --zero --canonicalize-existing --canonicalize-missing --logical --physical --quiet --strip --no-symlinks --canonicalize --no-newline --silent --verbose",
		longVal: "--suffix --relative-to --relative-base"}
	trOpts     = toolOpts{source: "tr --help, GNU coreutils 9.1", words: true, flags: "cCdst", long: "--complement --delete --squeeze-repeats --truncate-set1"}
	sleepOpts  = toolOpts{source: "sleep --help, GNU coreutils 9.1", words: true}
	uptimeOpts = toolOpts{source: "uptime --help, procps-ng 4.0.2", words: true, flags: "phsV", long: "--pretty --since"}
	freeOpts   = toolOpts{source: "free --help, procps-ng 4.0.2", words: true, flags: "bkmghltvwV", vals: "sc",
		long: "--bytes --kilo --mega --giga --tera --peta --kibi --mebi --gibi --tebi --pebi --human --si --lohi --total --committed --wide", longVal: "--seconds --count"}
	vmstatOpts = toolOpts{source: "vmstat --help, procps-ng 4.0.2", words: true, flags: "afmnsdDwtyhV", vals: "pS",
		long: "--active --forks --slabs --one-header --stats --disk --disk-sum --wide --timestamp --no-first", longVal: "--partition --unit"}
	wOpts     = toolOpts{source: "w --help, procps-ng 4.0.2", words: true, flags: "husfoiV", long: "--no-header --no-current --short --from --old-style --ip-addr"}
	pgrepOpts = toolOpts{source: "pgrep --help, procps-ng 4.0.2; pidof(1), procps-ng 4.0.2", words: true,
		flags: "lavwcfinoxLAhVsq", vals: "dgGOPstuUFrS",
		long:    "--list-name --list-full --inverse --lightweight --count --full --ignore-case --newest --oldest --exact --logpidfile --ignore-ancestors",
		longVal: "--delimiter --pgroup --group --older --parent --session --terminal --euid --uid --pidfile --runstates --cgroup --ns --nslist",
		reads:   "-F --pidfile"}
	whoOpts = toolOpts{source: "who --help, GNU coreutils 9.1", words: true, flags: "abdHlmpqrstTwu",
		long: "--all --boot --dead --heading --ips --login --lookup --process --count --runlevel --short --time --mesg --users --message --writable"}
	lastOpts = toolOpts{source: "last --help, util-linux 2.38.1", words: true, flags: "adFiRwxhV0123456789", vals: "fnstp",
		long: "--hostlast --dns --fulltimes --ip --nohostname --fullnames --system", longVal: "--file --limit --since --until --present --time-format", reads: "-f --file"}
	getconfOpt = toolOpts{source: "getconf --help and getconf(1), glibc 2.36", words: true, flags: "a", vals: "v"}
	localeOpts = toolOpts{source: "locale --help, glibc 2.36", words: true, flags: "amckv?V", long: "--all-locales --charmaps --category-name --keyword-name --verbose --usage"}
	// tput, clear and reset (ncurses-bin 6.4) print or send terminal
	// control strings; tput -S reads capability names from stdin.
	tputOpts  = toolOpts{source: "tput, clear and reset usage, ncurses 6.4", words: true, flags: "SVxcIQqrsw", vals: "Teikm"}
	lsblkOpts = toolOpts{source: "lsblk --help, util-linux 2.38.1", words: true, flags: "ADJMOPSTabdfilmnprstyzhV", vals: "EIeowxT",
		long:    "--noempty --discard --json --merge --output-all --pairs --scsi --all --bytes --nodeps --fs --ascii --list --perms --noheadings --paths --raw --inverse --topology --shell --zoned --tree",
		longVal: "--dedup --include --exclude --output --width --sort --sysroot", reads: "--sysroot"}
	findmntOpt = toolOpts{source: "findmnt --help, util-linux 2.38.1", words: true, flags: "smkpAabCcDeFfiJlnPRrUuvyxhV", vals: "wdFNOoSTMt",
		long:    "--fstab --mtab --kernel --poll --all --ascii --bytes --nocanonicalize --canonicalize --df --evaluate --first-only --invert --json --list --noheadings --pairs --submounts --raw --uniq --notruncate --nofsroot --shell --verify --verbose --output-all --pseudo --real --shadowed --vfs-all --list-columns",
		longVal: "--timeout --direction --tab-file --task --options --output --source --target --mountpoint --types --tree --id --uniq-id",
		reads:   "-F --tab-file"}
	lscpuOpts = toolOpts{source: "lscpu --help, util-linux 2.38.1", words: true, flags: "abBcCJepxyhV", vals: "s",
		long: "--all --online --bytes --caches --offline --json --extended --parse --hex --physical --output-all", longVal: "--sysroot", reads: "-s --sysroot"}
	lsusbOpts = toolOpts{source: "lsusb(8), usbutils 014", words: true, flags: "vtV", vals: "sdD", long: "--verbose --tree --version", reads: "-D"}
	lspciOpts = toolOpts{source: "lspci(8), pciutils 3.9.0", words: true, flags: "mtvkxbDPnqMGJ", vals: "sdAHiFpO",
		long: "--version", reads: "-i -F -p"}
	iostatOpts = toolOpts{source: "iostat(1), sysstat 12.6.1", words: true, flags: "cdhkmNstVxyzHj", vals: "gop",
		long: "--compact --human --pretty", longVal: "--dec"}
	tokeiOpts = toolOpts{source: "tokei --help, tokei 12.1.2", words: true, flags: "fhlsVvC", vals: "ceiotn",
		long:    "--files --hidden --languages --no-ignore --no-ignore-dot --no-ignore-parent --no-ignore-vcs --compact --verbose",
		longVal: "--columns --exclude --input --output --sort --type --num-format", reads: "-i --input"}
	calOpts = toolOpts{source: "cal(1), util-linux 2.38.1; ncal(1), bsdmainutils 12.1.8", words: true,
		flags: "13jyYwvsmSbCeHJopMh", vals: "nABd", long: "--one --three --julian --year --twelve --week --vertical --sunday --monday --span --iso --color", longVal: "--months --reform --columns"}
	revOpts    = toolOpts{source: "rev --help, util-linux 2.38.1", flags: "0Vh", long: "--zero"}
	tsortOpts  = toolOpts{source: "tsort --help, GNU coreutils 9.1"}
	bannerOpts = toolOpts{source: "banner(6), bsdgames 2.17; sysvbanner 1.0", words: true, flags: "dt", vals: "w"}
)

// jobs lists jobs; -x runs a command with job specifications replaced by
// process group IDs (bash(1), "help jobs", bash 5.2).
func jobs(c *cmd) {
	args := c.rest()
	for i, a := range args {
		if a.dyn || a.s == "--" || !isShortOptions(a.s) {
			break
		}
		if strings.Contains(a.s, "x") {
			c.add(Safe, "runs a command with job IDs substituted", "builtin:wrapper")
			c.run(args[i+1:])
			return
		}
	}
	_, _ = c.judgeOpts(&jobsOpts)
	c.add(Safe, "lists jobs", "builtin:read-only")
}

// Tables of bash's own builtins ("help NAME", bash 5.2).
var (
	jobsOpts = toolOpts{source: "help jobs, bash 5.2", words: true, flags: "lnprs"}
	typeOpts = toolOpts{source: "help type, bash 5.2", words: true, flags: "afptP"}
	pwdOpts  = toolOpts{source: "help pwd, bash 5.2", words: true, flags: "LP"}
	helpOpts = toolOpts{source: "help help, bash 5.2", words: true, flags: "dms"}
	// dirs -N counts from the right: digits are options too.
	dirsOpts = toolOpts{source: "help dirs, bash 5.2", words: true, flags: "clpv0123456789"}
)

// isShortOptions reports a word of short options such as "-lp".
func isShortOptions(s string) bool {
	return len(s) > 1 && s[0] == '-' && s[1] != '-'
}

// lsof lists open files. Its options start with "-" or "+" and some take
// an optional value; none writes or runs anything. A word that looks like
// an option it does not have makes it warning.
func lsof(c *cmd) {
	for _, a := range c.rest() {
		if a.dyn {
			c.notModelled(a.s)
			return
		}
		s := a.s
		if s == "--" {
			break
		}
		if len(s) < 2 || s[0] != '-' && s[0] != '+' {
			continue // a name, or the value of the option before
		}
		if !lsofOpts.knows("-" + s[1:2]) {
			c.notModelled(s)
			return
		}
	}
	c.add(Safe, "lists open files", "builtin:read-only")
}

// lsofOpts is lsof's usage line (lsof -h, lsof 4.95.0): the letters that
// may follow "-" or "+".
var lsofOpts = toolOpts{source: "lsof -h, lsof 4.95.0", flags: "?abhKlnNoOPRtUvVXcdDeEfFgiLMmpsSTuwxZQr"}

// who prints who is logged in, from utmp or the one FILE named; with two
// operands ("who am i") it prints the current user.
func who(c *cmd) {
	_, ops := c.judgeOpts(&whoOpts)
	c.add(Safe, "prints who is logged in", "builtin:read-only")
	if len(ops) == 1 {
		c.read(ops)
	}
}

// users prints the users logged in, from utmp or the FILE named.
func users(c *cmd) {
	_, ops := c.judgeOpts(&noOptsWords)
	c.add(Safe, "prints who is logged in", "builtin:read-only")
	c.read(ops[:min(len(ops), 1)])
}

// exactWords returns the handler of a program whose every argument must be
// one of the words its manual lists: sw_vers' single-dash long options.
func exactWords(why string, words ...string) handler {
	known := optionSet("--help --version " + strings.Join(words, " "))
	return func(c *cmd) {
		for _, a := range c.rest() {
			if a.dyn || !known[a.s] {
				c.notModelled(a.s)
				return
			}
		}
		c.add(Safe, why, "builtin:read-only")
	}
}

// swVersWords are sw_vers(1)'s options, macOS 14.
var swVersWords = []string{"-productName", "-productVersion", "-productVersionExtra", "-buildVersion", "--productName", "--productVersion", "--productVersionExtra", "--buildVersion"}
