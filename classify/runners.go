package classify

import (
	"strings"
)

// More programs whose job is to run their arguments as a command: resource
// limits, personalities, fake roots, tracers, profilers, debuggers,
// sandboxes and namespaces, environment loaders, task runners. Each is
// unwrapped and what it runs is judged, as for env or timeout.

// runAfter returns a handler for a runner that takes options (valShort
// and valLong name those with a value), then skip operands of its own,
// then the command. A "--" ends its options.
func runAfter(why string, l Level, rule string, valShort string, skip int, valLong ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{short: valShort, long: valLong, stop: true})
		if l > Safe || why != "" {
			c.add(l, why, rule)
		}
		if len(ops) <= skip {
			if l == Safe && why == "" {
				c.add(Safe, "runs nothing", "builtin:wrapper")
			}
			return
		}
		c.run(ops[skip:])
	}
}

// runAfterDash runs what follows "--", or failing that the operands from
// skip on: op run -- CMD, aws-vault exec PROFILE -- CMD, nix develop -c.
func runAfterDash(why string, l Level, rule string, skip int) handler {
	return func(c *cmd) {
		c.add(l, why, rule)
		args := c.rest()
		for i, a := range args {
			if a.s == "--" && !a.dyn {
				c.run(args[i+1:])
				return
			}
		}
		var ops []field
		for _, a := range args {
			if a.dyn || !strings.HasPrefix(a.s, "-") {
				ops = append(ops, a)
			}
		}
		if len(ops) > skip {
			c.run(ops[skip:])
		}
	}
}

// runStrings judges every operand as a shell command line (hyperfine,
// concurrently, watchexec, nodemon --exec): each is run through a shell.
func runStrings(why string, l Level, rule string, valShort string, valLong ...string) handler {
	return func(c *cmd) {
		c.add(l, why, rule)
		flags, ops := parseOpts(c.rest(), optSpec{short: valShort, long: valLong})
		for _, op := range ops {
			c.shellString(op, bashLang)
		}
		// Options whose value is a command too: nodemon --exec,
		// hyperfine --prepare and --cleanup, watchexec --shell's script.
		for _, v := range values(flags, "--exec", "x", "--prepare", "p", "--cleanup", "c") {
			c.shellString(v, bashLang)
		}
	}
}

// setarch ARCH [options] CMD, and its aliases linux32, linux64, i386…
// Without a command it starts a shell; --list only prints.
func setarch(c *cmd) {
	args := c.rest()
	if c.name == "setarch" {
		if len(args) == 0 {
			c.add(Safe, "lists architectures", "builtin:read-only")
			return
		}
		if args[0].dyn || !strings.HasPrefix(args[0].s, "-") {
			args = args[1:]
		}
	}
	flags, ops, _ := c.judgeWrapOpts(setarchTable, args)
	switch {
	case len(ops) > 0:
		c.run(ops)
	case has(flags, "--list", "-h", "-V"):
		c.add(Safe, "prints information", "builtin:read-only")
	default:
		c.add(Warning, "starts a shell", "builtin:shell")
	}
}

// gdb and lldb run a program (--args PROG…, -- PROG…) and commands of
// their own (-ex, -o): "shell CMD" and "!CMD" run CMD; python runs code.
func debugger(c *cmd) {
	c.add(Warning, "runs a program under a debugger", "builtin:debugger")
	args := c.rest()
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.s
		switch {
		case s == "--args" || s == "--":
			if i+1 < len(args) {
				c.run(args[i+1:])
			}
			return
		case s == "-ex" || s == "--ex" || s == "-eval-command" || s == "--eval-command" || s == "-iex" ||
			s == "-o" || s == "--one-line" || s == "-O" || s == "--one-line-before-file" || s == "-k" || s == "--source-on-crash":
			if i+1 < len(args) {
				i++
				c.debuggerCommand(args[i])
			}
		case strings.HasPrefix(s, "--eval-command=") || strings.HasPrefix(s, "-ex="):
			_, v, _ := strings.Cut(s, "=")
			c.debuggerCommand(field{s: v})
		case s == "-x" || s == "--command" || s == "-s" || s == "--source" || s == "-ix":
			if i+1 < len(args) {
				i++
				c.add(Warning, "runs debugger commands from a file", "builtin:debugger")
				c.path(accRead, args[i])
			}
		case s == "-p" || s == "--pid" || strings.HasPrefix(s, "--pid="):
			c.add(Dangerous, "attaches to another process and can read its memory", "builtin:process")
		}
	}
}

// debuggerCommand judges one gdb or lldb command.
func (c *cmd) debuggerCommand(f field) {
	if f.dyn {
		c.add(Dangerous, "runs debugger commands not known until they run", "builtin:dynamic-script")
		return
	}
	s := strings.TrimSpace(f.s)
	word, rest, _ := strings.Cut(s, " ")
	switch {
	case strings.HasPrefix(s, "!"):
		c.script(strings.TrimPrefix(s, "!"), bashLang)
	case word == "shell" || word == "she" || word == "pipe" || (word == "platform" && strings.HasPrefix(strings.TrimSpace(rest), "shell")):
		c.script(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "shell")), ""), bashLang)
	case word == "python" || word == "py" || word == "script" || word == "guile" || word == "python-interactive":
		c.add(Warning, "runs inline code the classifier does not read", "builtin:inline-code")
		c.payload(rest)
	case word == "run" || word == "r" || word == "start" || word == "attach" || word == "process":
		c.add(Warning, "runs or attaches to a program", "builtin:debugger")
	}
}

// unshare runs a command in new namespaces; alone it starts a shell.
func unshare(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{short: "SGRwCpT", long: []string{"--setuid", "--setgid", "--root", "--wd", "--map-user", "--map-group", "--propagation", "--setgroups", "--mount-proc"}, noVal: []string{"--mount", "--kill-child"}, stop: true})
	c.add(Dangerous, "runs a command in new namespaces", "builtin:namespace")
	if len(ops) == 0 {
		c.add(Warning, "starts a shell", "builtin:shell")
		return
	}
	c.run(ops)
}

// runParts runs every executable in a directory.
func runParts(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{long: []string{"--umask", "--arg", "--regex"}, noVal: strings.Fields("--test --list --report --reverse --verbose --lsbsysinit --exit-on-error --new-session")})
	if has(flags, "--test", "--list") {
		c.add(Safe, "lists the scripts it would run", "builtin:read-only")
		return
	}
	c.add(Dangerous, "runs every program in a directory, unseen", "builtin:dynamic-script")
	c.read(ops)
}

// Payloads in code the classifier does not parse (python -c, node -e,
// here-documents fed to interpreters): string literals that are shell
// commands, and the few library calls that do what a blocked command
// does. The code stays at least Warning; a visible payload takes its
// level.
var (
	codeStrings  = lazyRegexp("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`(?:[^`\\\\]|\\\\.)*`")
	codeWipeHome = lazyRegexp(`(?i)(rmtree|rm_rf|rm_r|rimraf|rmsync|rmdirsync|remove_dir_all|removeall|fs\.rm|\brm)\s*\(.{0,60}?(expanduser\(\s*['"]~['"]\s*\)|homedir\(\)|path\.home\(\)|home_dir\(\)|['"](/|~|~/|\$home)['"]|dir\.home|env\[['"]home['"]\]|\$env\{home\}|environ\[['"]home['"]\]|getenv\(['"]home['"]\))`)
	codeForkBomb = lazyRegexp(`(?is)(while[^\n]{0,40}(os\.)?fork\(|fork\s+while\s+fork|fork\(\)\s*while|loop\s*\{[^}]{0,40}fork|for\s*\(\s*;;\s*\)[^}]{0,40}fork\()`)
	codeSocket   = lazyRegexp(`(?is)(socket|fsockopen|tcpsocket|net\.connect|io::socket|/dev/tcp/)`)
	codeSpawn    = lazyRegexp(`(?is)(dup2|pty\.spawn|subprocess|child_process|/bin/(ba)?sh|exec\s*\(|\bspawn\(|popen|proc_open|system\()`)
)

// payload judges code in another language for visible destructive
// payloads.
func (c *cmd) payload(code string) {
	if codeWipeHome().MatchString(code) {
		c.add(Blocked, "inline code deletes a home directory or the file system", "builtin:delete-home")
	}
	if codeForkBomb().MatchString(code) {
		c.add(Blocked, "inline code forks without end (a fork bomb)", "builtin:fork-bomb")
	}
	if codeSocket().MatchString(code) && codeSpawn().MatchString(code) {
		c.add(Blocked, "inline code joins a shell or program to a network connection (a remote shell)", "builtin:reverse-shell")
	}
	for _, lit := range codeStrings().FindAllString(code, 16) {
		s := lit[1 : len(lit)-1]
		if len(s) < 2 || !strings.ContainsAny(s, " |;&") {
			continue
		}
		s = strings.NewReplacer(`\"`, `"`, `\'`, `'`, `\\`, `\`, `\n`, "\n").Replace(s)
		c.payloadString(s)
	}
}

// payloadString judges a string literal from inline code as the shell
// command it may be, keeping only what it makes Dangerous or worse: a
// literal that is not a command is just text.
func (c *cmd) payloadString(s string) {
	if c.wk.depth >= maxDepth-1 || !parsesBash(s) {
		return
	}
	v := Classify(Action{Kind: Shell, Command: s, Root: c.wk.pl.root, Home: homeOrEmpty(c.wk.pl.home)}, *c.wk.j.pol)
	if v.Level >= Dangerous {
		c.add(v.Level, "inline code holds a command: "+v.Reasons[0], v.Rule)
	}
}

func homeOrEmpty(h string) string {
	if h == unknownHome {
		return ""
	}
	return h
}

// parsesBash reports whether src is a complete bash program.
func parsesBash(src string) bool {
	pp := pool(bashLang)
	p := pp.Get().(*parser)
	defer pp.Put(p)
	p.r.Reset(src)
	ok := true
	for _, err := range p.p.StmtsSeq(&p.r) {
		if err != nil {
			ok = false
		}
	}
	return ok
}

// valgrind runs a program under a tool, judged by its table: options
// name files it writes (which expand %q{VAR} from the environment) and
// sockets and servers it reaches, and it reads .valgrindrc from the
// current directory, whose options the classifier does not see.
func valgrind(c *cmd) {
	flags, ops, _ := c.judgeWrapOpts(valgrindTable, c.rest())
	for _, f := range values(flags, strings.Fields(valgrindTable.writes)...) {
		if f.dyn || strings.Contains(f.s, "%q") {
			c.add(Dangerous, "names its output file by an environment variable, which may point anywhere", "builtin:write-outside")
		}
	}
	if has(flags, "--log-socket", "--xml-socket", "--debuginfo-server") {
		c.add(Warning, "connects to a network address", "builtin:network")
	}
	if len(ops) == 0 {
		c.add(Safe, "runs nothing", "builtin:wrapper")
		return
	}
	c.add(Warning, "reads ./.valgrindrc, whose options the classifier does not see", "builtin:unknown-option")
	c.run(ops)
}

// heaptrack records a program's allocations into a file, by default
// heaptrack.NAME.PID.zst in the current directory; -d runs it under gdb,
// -p injects into a running process, -a only reads a recording.
func heaptrack(c *cmd) {
	flags, ops, _ := c.judgeWrapOpts(heaptrackTable, c.rest())
	switch {
	case has(flags, "p", "--pid"):
		c.add(Dangerous, "injects itself into a running process", "builtin:process")
		return
	case has(flags, "a", "--analyze"):
		c.add(Safe, "prints a recording", "builtin:read-only")
		return
	case len(ops) == 0:
		c.add(Safe, "runs nothing", "builtin:wrapper")
		return
	}
	if has(flags, "d", "--debug") {
		c.add(Warning, "runs the program under a debugger", "builtin:debugger")
	}
	if _, ok := value(flags, "o", "--output"); !ok {
		c.path(accWrite, lit("heaptrack.out.zst"))
	}
	c.run(ops)
}

// crossEnv sets NAME=VALUE variables and runs a command, like env.
func crossEnv(c *cmd) {
	c.add(Warning, "runs a command with variables set", "builtin:wrapper")
	c.run(append([]field{lit("env")}, c.rest()...))
}

// nixShell judges nix-shell --run/--command STRING (a shell string) and
// nix develop/shell -c CMD (a command); otherwise it builds or enters
// environments.
func nixShell(c *cmd) {
	c.add(Warning, "runs a command in a tool-managed environment", "builtin:install")
	args := c.rest()
	for i, a := range args {
		switch a.s {
		case "--run", "--command":
			if i+1 < len(args) {
				if c.name == "nix" {
					c.run(args[i+1:])
				} else {
					c.shellString(args[i+1], bashLang)
				}
				return
			}
		case "-c":
			if c.name == "nix" && i+1 < len(args) {
				c.run(args[i+1:])
				return
			}
		}
	}
}
