package classify

import (
	"strings"
)

// static returns a handler that gives every use of a command one level.
func static(l Level, why, rule string) handler {
	return func(c *cmd) { c.add(l, why, rule) }
}

// blocked returns a handler for programs that never run.
func blocked(why string) handler {
	return func(c *cmd) { c.add(Blocked, why, "builtin:"+blockedRule(c.name)) }
}

func blockedRule(name string) string {
	switch name {
	case "sudo", "su", "doas", "pkexec", "runuser", "chroot", "nsenter", "setpriv", "capsh", "sg", "newgrp", "visudo":
		return "privilege-escalation"
	case "shutdown", "reboot", "halt", "poweroff", "telinit", "kexec":
		return "shutdown"
	}
	return "disk"
}

// cd changes the directory later commands run in. The classifier keeps
// every directory a command may run in (see dirs).
func cd(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{stop: true})
	c.add(Safe, "changes directory", "builtin:cd")
	switch {
	case len(ops) == 0:
		c.d.add(c.wk.pl.home)
	case ops[0].s == "-" && !ops[0].dyn:
		// cd - goes to $OLDPWD: the directories of earlier cds are
		// already in the set; one the command assigned OLDPWD is added.
		v := c.wk.j.vars["OLDPWD"]
		if v == nil || v.dyn {
			c.d.unknown = true
			return
		}
		for _, p := range v.vals {
			cands, unknown := c.wk.resolve(lit(p), c.d)
			for _, p := range cands {
				c.d.add(p)
			}
			c.d.unknown = c.d.unknown || unknown
		}
	case ops[0].dyn || strings.HasPrefix(ops[0].s, "+") || strings.HasPrefix(ops[0].s, "-"):
		c.d.unknown = true
	default:
		cands, unknown := c.wk.resolve(ops[0], c.d)
		for _, p := range cands {
			c.d.add(p)
		}
		c.d.unknown = c.d.unknown || unknown
	}
}

func popd(c *cmd) {
	c.add(Safe, "changes directory", "builtin:cd")
	c.d.unknown = true
}

// kill signals processes: Warning, SIGKILL Dangerous, and every process
// (pid -1) Blocked.
func kill(c *cmd) {
	args := c.rest()
	sig := ""
	var pids []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.s
		switch {
		case a.dyn:
			pids = append(pids, a)
		case s == "-l" || s == "-L" || s == "--list" || s == "--table":
			c.add(Safe, "lists signals", "builtin:read-only")
			return
		case s == "-s" || s == "-n" || s == "--signal":
			if i+1 < len(args) {
				i++
				sig = args[i].s
			}
		case s == "--":
			pids = append(pids, args[i+1:]...)
			i = len(args)
		case sig == "" && len(pids) == 0 && strings.HasPrefix(s, "-") && len(s) > 1:
			sig = s[1:]
		default:
			pids = append(pids, a)
		}
	}
	if len(pids) == 0 && sig == "1" {
		// "kill -1" with no pid is read as every process.
		pids = append(pids, lit("-1"))
	}
	for _, p := range pids {
		if p.s == "-1" {
			c.add(Blocked, "signals every process", "builtin:kill-all")
			return
		}
	}
	switch strings.TrimPrefix(strings.ToUpper(sig), "SIG") {
	case "9", "KILL":
		c.add(Dangerous, "kills processes without letting them clean up", "builtin:kill-9")
	default:
		c.add(Warning, "signals processes", "builtin:kill")
	}
	for _, p := range pids {
		if p.s == "1" || p.s == "0" || (strings.HasPrefix(p.s, "-") && !p.dyn) {
			c.add(Dangerous, "signals init or a whole process group", "builtin:kill-group")
			return
		}
	}
}

// date prints the date; -s sets the clock.
func date(c *cmd) {
	flags, _ := c.judgeOpts(&dateOpts)
	if has(flags, "s", "--set") {
		c.add(Dangerous, "sets the system clock", "builtin:system")
		return
	}
	c.add(Safe, "prints the date", "builtin:read-only")
}

// hostname prints the host name, or with an operand sets it.
func hostname(c *cmd) {
	flags, ops := c.judgeOpts(&hostnameOpts)
	if len(ops) > 0 || has(flags, "F", "--file", "b", "--boot") {
		c.add(Dangerous, "sets the host name", "builtin:system")
		return
	}
	c.add(Safe, "prints the host name", "builtin:read-only")
}

var hostnameOpts = toolOpts{source: "hostname --help, hostname 3.23 (Debian)", words: true, flags: "aAbdfFiIsyvVh",
	long: "--alias --all-fqdns --boot --domain --fqdn --long --ip-address --all-ip-addresses --short --yp --nis --verbose", longVal: "--file", vals: "F"}

// safeWithoutArgs returns a handler that is Safe without operands or
// options and l with them: "umask" prints, "umask 077" changes.
func safeWithoutArgs(why string, l Level, changeWhy, rule string) handler {
	return func(c *cmd) {
		if len(c.rest()) == 0 {
			c.add(Safe, why, "builtin:read-only")
			return
		}
		c.add(l, changeWhy, rule)
	}
}

// byOption returns the handler of a shell builtin that does one thing
// (given) when any of opts is among its options, parsed with the letters
// of short taking a value, and another (otherwise) when none is.
func byOption(short string, opts []string, given, otherwise finding) handler {
	return func(c *cmd) {
		flags, _ := parseOpts(c.rest(), optSpec{short: short})
		f := otherwise
		if has(flags, opts...) {
			f = given
		}
		c.add(f.level, f.reason, f.rule)
	}
}

// history lists commands; other options change or run the history.
var history = byOption("d", []string{"c", "d", "w", "a", "r", "n", "s", "p"},
	finding{Warning, "changes the shell history", "builtin:shell-builtin"},
	finding{Safe, "lists the shell history", "builtin:read-only"})

// hash -p maps a name to any program, changing what the name runs.
var hash = byOption("pdt", []string{"p"},
	finding{Dangerous, "maps a command name to another program", "builtin:env-override"},
	finding{Safe, "manages the command cache", "builtin:shell-builtin"})

// enable -f loads a builtin from a shared library.
var enable = byOption("f", []string{"f"},
	finding{Dangerous, "loads a shell builtin from a library", "builtin:env-override"},
	finding{Warning, "enables or disables shell builtins", "builtin:shell-builtin"})

// service and the init systems' tools: listing is Safe,
// anything else changes services and is Blocked.
func service(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{})
	switch {
	case c.name == "service" && len(ops) == 2 && ops[1].s == "status",
		c.name == "service" && has(parsed(c.rest()), "-status-all", "--status-all"),
		c.name == "rc-service" && len(ops) == 2 && ops[1].s == "status":
		c.add(Safe, "reads service state", "builtin:read-only")
	default:
		c.add(Blocked, "changes system services", "builtin:system-admin")
	}
}

// firewall tools: listing rules is Warning (it needs privileges and
// says nothing about the project); changing, flushing or disabling
// them is Blocked.
func firewall(c *cmd) {
	args := c.rest()
	list := false
	for _, a := range args {
		switch a.s {
		case "-L", "--list", "-S", "--list-rules", "status", "list", "-s", "show", "--state", "--list-all", "--get-active-zones":
			list = true
		case "-nL", "-vL", "-nvL", "-vnL", "-Ln":
			list = true
		}
	}
	if list && !hasWord(args, "-F", "--flush", "-X", "-P", "-A", "-I", "-D", "disable", "reset", "flush", "delete", "add", "-f") {
		c.add(Warning, "reads the firewall rules", "builtin:system")
		return
	}
	c.add(Blocked, "changes or disables the firewall", "builtin:system-admin")
}

// initCmd: "init 0" and "init 6" shut down or reboot.
func initCmd(c *cmd) {
	if len(c.rest()) > 0 {
		c.add(Blocked, "changes the run level", "builtin:shutdown")
		return
	}
	c.add(Warning, "unknown command", "builtin:unknown")
}

// sysctl reads kernel settings; -w, -p, -f, --system or name=value
// changes them.
func sysctl(c *cmd) {
	flags, ops := c.judgeOpts(&sysctlOpts)
	for _, op := range ops {
		if strings.Contains(op.s, "=") || op.dyn {
			c.add(Blocked, "changes kernel settings", "builtin:system-admin")
			return
		}
	}
	if has(flags, "w", "--write", "p", "f", "--load", "--system") {
		c.add(Blocked, "changes kernel settings", "builtin:system-admin")
		return
	}
	c.add(Safe, "reads kernel settings", "builtin:read-only")
}

// man shows a manual page in a pager; -P and -H name the program to use,
// which runs through the shell.
func man(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{short: "PHCMSmLRTEe", long: []string{"--pager", "--config-file", "--manpath", "--sections", "--systems", "--locale", "--recode", "--encoding", "--extension"}, noVal: []string{"--local-file", "--html"}})
	c.add(Warning, "starts a pager", "builtin:pager")
	for _, p := range values(flags, "P", "--pager", "H", "--html") {
		c.programString(p)
	}
	if has(flags, "l", "--local-file") {
		// man -l FILE formats and shows any file, credentials too.
		_, ops := parseOpts(c.rest(), optSpec{short: "PHCMSmLRTEe", long: []string{"--pager", "--config-file", "--manpath", "--sections", "--systems", "--locale", "--recode", "--encoding", "--extension"}, noVal: []string{"--local-file", "--html"}})
		c.read(ops)
	}
	for _, f := range values(flags, "C", "--config-file") {
		c.path(accRead, f)
	}
}

// ulimit prints limits; given a value it changes them for the shell and
// what it runs.
func ulimit(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{})
	if len(ops) > 0 {
		c.add(Warning, "changes resource limits", "builtin:shell-builtin")
		return
	}
	c.add(Safe, "prints resource limits", "builtin:read-only")
}
