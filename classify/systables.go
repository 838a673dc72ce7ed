package classify

import "strings"

// The option tables of the process, kernel, terminal and network tools:
// each lists every option its manual or --help gives, and the handlers
// beside them judge the options that change the system.
var (
	psOpts = toolOpts{source: "ps --help all, procps-ng 4.0.2 (Debian procps 2:4.0.2); -E from ps(1), macOS 14", words: true,
		flags:   "AeadNFfHjlMPyLmTcVwZE",
		vals:    "CGgpqstuUOo",
		long:    "--deselect --forest --context --headers --no-headers --cumulative --environment",
		longVal: "--Group --group --pid --ppid --quick-pid --sid --tty --user --User --format --cols --columns --width --rows --lines --sort"}
	dmesgOpts = toolOpts{source: "dmesg --help, util-linux 2.38.1", words: true,
		flags:   "CcDEHJkLPprSuwWxdeTthV",
		vals:    "Fflns",
		long:    "--clear --read-clear --console-off --console-on --human --json --kernel --color --nopager --force-prefix --raw --noescape --syslog --userspace --follow --follow-new --decode --show-delta --reltime --ctime --notime",
		longVal: "--file --facility --level --console-level --buffer-size --time-format --since --until",
		reads:   "-F --file"}
	sttyOpts = toolOpts{source: "stty --help, GNU coreutils 9.1", words: true,
		flags: "ag", vals: "F", long: "--all --save", longVal: "--file"}
	sysctlOpts = toolOpts{source: "sysctl --help, procps-ng 4.0.2", words: true,
		flags:   "aAXbeNnqwoxdhVpf",
		vals:    "r",
		long:    "--all --deprecated --dry-run --binary --ignore --names --values --load --system --quiet --write",
		longVal: "--pattern"}
)

// dmesg prints the kernel log; some options clear it or change what
// reaches the console.
func dmesg(c *cmd) {
	flags, _ := c.judgeOpts(&dmesgOpts)
	if has(flags, "c", "C", "n", "D", "E", "--clear", "--read-clear", "--console-level", "--console-off", "--console-on") {
		c.add(Warning, "changes the kernel log or console", "builtin:system")
		return
	}
	c.add(Safe, "prints the kernel log", "builtin:read-only")
}

// stty prints a terminal's settings with no operand, -a or -g; any
// other word is a setting (raw, -echo, cols 80) that changes them, and -F
// opens a device of the system. A word stty does not know is a setting it
// rejects, so every word is modelled.
func stty(c *cmd) {
	var settings []field
	device := false
	args := c.rest()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.dyn:
			settings = append(settings, a)
		case a.s == "-F" || a.s == "--file":
			device = true
			i++
		case strings.HasPrefix(a.s, "-F") || strings.HasPrefix(a.s, "--file="):
			device = true
		case sttyOpts.knows(a.s) && a.s != "-F":
			// -a, -g, --all, --save, --help, --version: they print.
		default:
			settings = append(settings, a)
		}
	}
	switch {
	case device:
		c.add(Warning, "changes the settings of a terminal device", "builtin:system")
	case len(settings) == 1 && !settings[0].dyn && (settings[0].s == "size" || settings[0].s == "speed"):
		c.add(Safe, "prints the terminal's size or speed", "builtin:read-only")
	case len(settings) > 0:
		c.add(Warning, "changes the settings of the terminal: "+shorten(settings[0].s), "builtin:system")
	default:
		c.add(Safe, "prints the terminal's settings", "builtin:read-only")
	}
}

// The options and objects of ip, from ip -h and ip(8), iproute2 6.1.0.
// ip matches an option or object by any prefix, so a word is known when
// it begins one of these; "--json" is read as "-json".
var (
	ipSource = "ip -h and ip(8), iproute2 6.1.0"
	ipFlags  = strings.Fields("-4 -6 -0 -M -B -stats -statistics -details -resolve -oneline -timestamp -tshort -Version -force -brief -json -pretty -color -help -Numeric -all -human -human-readable -iec -echo")
	ipValued = strings.Fields("-family -loops -batch -rcvbuf -netns")
	// In the order ip tries them: "ip r" is route, "ip l" link.
	ipObjects = strings.Fields("address addrlabel amt fou ila ioam macsec maddress route rule neighbor neighbour ntable ntbl link l2tp tunnel tunl tuntap tap token tcpmetrics tcp_metrics monitor xfrm mroute mrule netns netconf vrf sr nexthop mptcp stats help")
	// ipShows are the commands that only print: show and list in their
	// spellings, get (ip route get), help, and netns's identify and pids.
	ipShows = []string{"show", "sh", "list", "lst", "ls", "l", "get", "help", "identify", "pids"}
)

// ipWord returns the entry of list that word abbreviates, or "".
func ipWord(word string, list []string) string {
	for _, w := range list {
		if strings.HasPrefix(w, word) {
			return w
		}
	}
	return ""
}

// ip shows network configuration; any command but the showing ones
// changes it, -batch runs the ip commands of a file, and netns exec runs
// a command.
func ip(c *cmd) {
	args := c.rest()
	i := 0
	for ; i < len(args) && !args[i].dyn && strings.HasPrefix(args[i].s, "-"); i++ {
		opt, _, _ := strings.Cut(args[i].s, "=") // -color=always
		if strings.HasPrefix(opt, "--") {
			opt = opt[1:]
		}
		if opt == "-b" || strings.HasPrefix("-batch", opt) && len(opt) > 1 && !strings.HasPrefix(opt, "-br") {
			c.add(Dangerous, "runs the ip commands of a file, which may change network configuration", "builtin:system")
			if i+1 < len(args) {
				i++
				c.path(accRead, args[i])
			}
			continue
		}
		if len(opt) > 1 && strings.HasPrefix("-resolve", opt) {
			continue // -r is -resolve; -rc is -rcvbuf
		}
		if ipWord(opt, ipValued) != "" {
			i++ // -family inet, -netns NAME, -loops N, -rcvbuf SIZE
			continue
		}
		if ipWord(opt, ipFlags) == "" {
			c.notModelled(args[i].s)
		}
	}
	if i >= len(args) {
		c.add(Safe, "prints ip's usage", "builtin:read-only")
		return
	}
	obj := ""
	if !args[i].dyn && args[i].s != "" {
		obj = ipWord(args[i].s, ipObjects)
	}
	if obj == "" {
		c.notModelled(args[i].s)
		return
	}
	rest := args[i+1:]
	switch {
	case obj == "monitor":
		c.add(Safe, "prints network configuration changes", "builtin:read-only")
		for j := 0; j+1 < len(rest); j++ {
			if rest[j].s == "file" {
				c.path(accRead, rest[j+1])
			}
		}
		return
	case len(rest) == 0:
		c.add(Safe, "shows network configuration", "builtin:read-only")
		return
	}
	verb := rest[0]
	switch {
	case verb.dyn:
		c.add(Dangerous, "may change network configuration: the command is not known until it runs", "builtin:system")
	case obj == "netns" && verb.s == "exec":
		c.add(Dangerous, "runs a command in a network namespace", "builtin:system")
		if len(rest) > 2 {
			c.run(rest[2:])
		}
	case slicesContains(ipShows, verb.s) || verb.s == "s" && (obj == "address" || obj == "route"):
		c.add(Safe, "shows network configuration", "builtin:read-only")
	default:
		c.add(Dangerous, "changes network configuration ("+obj+" "+shorten(verb.s)+")", "builtin:system")
	}
}

// The options of net-tools' ifconfig and route (ifconfig --help,
// route --help, net-tools 2.10).
var (
	ifconfigOpts = toolOpts{source: "ifconfig --help and ifconfig(8), net-tools 2.10", words: true, flags: "asvhV"}
	routeOpts    = toolOpts{source: "route --help and route(8), net-tools 2.10", words: true, flags: "vneFCN46hV", vals: "A",
		long: "--verbose --numeric --extend --fib --cache --inet --inet6 --ax25 --netrom --ipx --ddp --x25"}
)

// ifconfig shows interfaces, all or one; more operands configure one.
func ifconfig(c *cmd) {
	_, ops := c.judgeOpts(&ifconfigOpts)
	if len(ops) > 1 || len(ops) == 1 && ops[0].dyn {
		c.add(Dangerous, "changes network configuration", "builtin:system")
		return
	}
	c.add(Safe, "shows network configuration", "builtin:read-only")
}

// route shows the routing table; add, del and flush change it.
func route(c *cmd) {
	_, ops := c.judgeOpts(&routeOpts)
	if len(ops) > 0 {
		c.add(Dangerous, "changes the routing table", "builtin:system")
		return
	}
	c.add(Safe, "shows the routing table", "builtin:read-only")
}
