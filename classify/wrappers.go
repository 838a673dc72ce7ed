package classify

import (
	"strings"
)

// wrappers run another command given in their arguments. They are judged
// by what they run, never by their own name alone, and user rules apply to
// the command they run.
var wrappers = map[string]bool{
	"env": true, "command": true, "builtin": true, "exec": true, "nice": true,
	"ionice": true, "nohup": true, "timeout": true, "gtimeout": true, "time": true,
	"stdbuf": true, "xargs": true, "watch": true, "setsid": true, "flock": true,
	"chrt": true, "taskset": true, "unbuffer": true, "caffeinate": true,
	"strace": true, "ltrace": true, "valgrind": true, "parallel": true,
	"find": true, "fd": true, "fdfind": true, "busybox": true, "toybox": true,
	"script": true, "direnv": true, "catchsegv": true,
}

// simpleWrapper returns a handler for a wrapper whose options stop at the
// first operand, and which runs the operands from index skip on.
func simpleWrapper(valShort string, skip int, valLong ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{short: valShort, long: valLong, stop: true})
		if len(ops) <= skip {
			c.add(Safe, "runs nothing", "builtin:wrapper")
			return
		}
		c.run(ops[skip:])
	}
}

// env runs a command with a changed environment; assignments that change
// what runs are Dangerous, and -S splits a string into a command line.
// Its options (envTable) end at the first operand; then come NAME=VALUE
// assignments, then the command.
func env(c *cmd) {
	flags, args, unknown := envTable.parse(c.rest())
	if unknown != "" {
		c.notModelled(unknown)
	}
	d := c.d
	for _, f := range flags {
		switch {
		case f.name == "-C" || f.name == "--chdir":
			if f.hasVal {
				d = c.chdir(d, f.val)
			}
		case f.name == "-S" || f.name == "--split-string":
			if !f.hasVal {
				c.add(Safe, "runs nothing", "builtin:wrapper")
				return
			}
			if f.val.dyn {
				c.shellString(f.val, bashLang)
				return
			}
			rest := make([]string, 0, len(args)+1)
			rest = append(rest, f.val.s)
			for _, r := range args {
				if r.dyn {
					c.add(Dangerous, "runs a command line that is not known until it runs", "builtin:dynamic-script")
					return
				}
				rest = append(rest, quoteWord(r.s))
			}
			c.d = d
			c.script(strings.Join(rest, " "), bashLang)
			return
		}
	}
	i := 0
	if len(args) > 0 && !args[0].dyn && args[0].s == "-" {
		i++ // "env -" is "env -i"
	}
	for ; i < len(args); i++ {
		// A word whose value is not known is still an assignment when
		// its name is written out, quoted or not: env PATH=$X and env
		// "PATH=$X" set PATH to whatever X is.
		name, val, ok := strings.Cut(args[i].s, "=")
		if args[i].dyn {
			name = strings.NewReplacer(`"`, "", "'", "").Replace(name)
		}
		if !ok || args[i].dyn && !isIdent(name) {
			break
		}
		if riskyAssign(name, val, args[i].dyn) {
			c.add(Dangerous, "sets "+name+", which changes what runs or how", "builtin:env-override")
			if !args[i].dyn {
				c.wk.envValue(name, val, c.d)
			}
		}
	}
	if i >= len(args) {
		c.add(Safe, "prints the environment", "builtin:read-only")
		return
	}
	c.d = d
	c.run(args[i:])
}

// quoteWord quotes s for the shell when it needs it.
func quoteWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>(){}[]*?!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// chdir returns the directories a wrapper's command runs in after
// changing to f.
func (c *cmd) chdir(d dirs, f field) dirs {
	out := dirs{}
	if f.dyn {
		out.unknown = true
		return out
	}
	cands, unknown := c.wk.resolve(f, d)
	for _, p := range cands {
		out.add(p)
	}
	out.unknown = out.unknown || unknown
	return out
}

// commandBuiltin runs a command bypassing functions; -v and -V only look
// a name up.
func commandBuiltin(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{stop: true})
	if has(flags, "v", "V") {
		c.add(Safe, "looks up a command", "builtin:read-only")
		return
	}
	if len(ops) == 0 {
		c.add(Safe, "runs nothing", "builtin:wrapper")
		return
	}
	c.run(ops)
}

// execBuiltin replaces the shell with a command, or with none only changes
// descriptors (the redirections are judged on their own).
func execBuiltin(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{short: "a", stop: true})
	if len(ops) == 0 {
		c.add(Safe, "changes the shell's file descriptors", "builtin:shell-builtin")
		return
	}
	c.run(ops)
}

// timeCmd is /usr/bin/time: -o writes a file.
func timeCmd(c *cmd) {
	_, ops, _ := c.judgeWrapOpts(timeTable, c.rest())
	if len(ops) == 0 {
		c.add(Safe, "runs nothing", "builtin:wrapper")
	}
	c.run(ops)
}

// tracer is strace or ltrace, judged by their tables: -p attaches to
// another process, -o writes (strace's "-o |CMD" pipes to a command),
// -E sets the traced command's environment, -u runs it as another user.
func tracer(c *cmd) {
	o := straceTable
	if c.name == "ltrace" {
		o = ltraceTable
	}
	flags, ops, _ := c.judgeWrapOpts(o, c.rest())
	for _, f := range values(flags, "o", "--output") {
		if c.name == "strace" && !f.dyn && (strings.HasPrefix(f.s, "|") || strings.HasPrefix(f.s, "!")) {
			c.add(Warning, "pipes its output to a command", "builtin:tool-program")
			c.script(f.s[1:], bashLang)
			continue
		}
		c.path(accWrite, f)
	}
	for _, f := range values(flags, "E", "--env") {
		name, val, _ := strings.Cut(f.s, "=")
		if f.dyn || riskyAssign(name, val, false) {
			c.add(Dangerous, "sets "+shorten(name)+" for the traced command, which changes what runs or how", "builtin:env-override")
		}
	}
	if has(flags, "u", "--user") {
		c.add(Warning, "runs the command as another user", "builtin:process")
	}
	if has(flags, "p", "--attach") {
		c.add(Dangerous, "attaches to another process and can read its memory", "builtin:process")
	}
	if len(ops) == 0 {
		c.add(Safe, "runs nothing", "builtin:wrapper")
		return
	}
	c.run(ops)
}

// flock runs a command holding a lock on a file: "flock [options] FILE
// CMD...", "flock [options] FILE -c STRING" or "flock [options] FD". It
// opens FILE read-only, creating it empty when missing and never
// truncating or writing it, so the file itself is no finding.
func flock(c *cmd) {
	flags, ops, _ := c.judgeWrapOpts(flockTable, c.rest())
	if cmdStr, ok := value(flags, "c", "--command"); ok {
		c.shellString(cmdStr, bashLang)
		return
	}
	if len(ops) >= 3 && !ops[1].dyn && (ops[1].s == "-c" || ops[1].s == "--command") {
		c.shellString(ops[2], bashLang)
		return
	}
	if len(ops) < 2 {
		c.add(Safe, "takes a lock", "builtin:wrapper")
		return
	}
	c.run(ops[1:])
}

// scriptCmd records a terminal session; -c runs a shell string.
func scriptCmd(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "cEIOBTm", long: []string{"--command", "--log-in", "--log-out", "--log-io", "--log-timing", "--echo", "--logging-format"}})
	c.write(ops)
	if cmdStr, ok := value(flags, "c", "--command"); ok {
		c.shellString(cmdStr, bashLang)
		return
	}
	c.add(Warning, "records a terminal session", "builtin:script")
}

// direnv exec DIR CMD runs a command with the .envrc of DIR loaded.
func direnv(c *cmd) {
	args := c.rest()
	if len(args) >= 3 && args[0].s == "exec" {
		c.add(Warning, "loads .envrc, which is a script", "builtin:shell-script")
		c.d = c.chdir(c.d, args[1])
		c.run(args[2:])
		return
	}
	c.add(Warning, "changes direnv's state", "builtin:direnv")
}

// xargs runs a command with arguments read from its input: they are not
// known, so the command is judged with an unknown argument added (or put
// where -I says).
func xargs(c *cmd) {
	flags, ops, _ := c.judgeWrapOpts(xargsTable, c.rest())
	inner := ops
	if len(inner) == 0 {
		inner = []field{lit("echo")}
	}
	repl, hasRepl := value(flags, "I", "--replace", "i")
	if !hasRepl && has(flags, "i", "--replace") {
		repl, hasRepl = lit("{}"), true
	}
	for _, input := range c.pipedArgs(hasRepl) {
		out := make([]field, 0, len(inner)+len(input))
		if hasRepl && repl.s != "" {
			for _, f := range inner {
				if f.dyn || !strings.Contains(f.s, repl.s) {
					out = append(out, f)
					continue
				}
				for _, in := range input {
					if f.s == repl.s {
						out = append(out, in)
					} else {
						out = append(out, field{s: strings.ReplaceAll(f.s, repl.s, in.s), input: true, glob: in.glob, dyn: in.dyn, w: f.w})
					}
				}
			}
		} else {
			out = append(append(out, inner...), input...)
		}
		c.later(func() { c.d = c.wk.command(out, c.text, c.d, nil) })
	}
}

// pipedArgs returns what xargs may read as arguments: always one unknown
// argument, since nothing here may make a command look safer than it
// does alone, and, to catch what the input makes worse, the paths under
// the starting points of a find upstream or the words of literal text.
// Each element is one way the command may run.
func (c *cmd) pipedArgs(perLine bool) [][]field {
	out := [][]field{{{s: "ARG", dyn: true, input: true}}}
	if c.in == nil || c.in.pipe == nil {
		return out
	}
	p := c.in.pipe
	switch {
	case p.listed && len(p.lists) > 0:
		for _, s := range p.lists[:min(len(p.lists), 4)] {
			f := under(s)
			f.input = true
			out = append(out, []field{f})
		}
	case !p.other && !p.files && !p.network && !p.decode && p.text != "":
		var words []field
		for _, w := range strings.Fields(p.text) {
			words = append(words, field{s: strings.Trim(w, `"'`), input: true})
		}
		if len(words) == 0 || len(words) > 32 {
			return out
		}
		if !perLine {
			return append(out, words)
		}
		for _, w := range words {
			out = append(out, []field{w})
		}
	}
	return out
}

// watch runs a command again and again; without -x it joins its arguments
// and hands them to sh -c.
func watch(c *cmd) {
	flags, ops, _ := c.judgeWrapOpts(watchTable, c.rest())
	if len(ops) == 0 {
		c.add(Safe, "runs nothing", "builtin:wrapper")
		return
	}
	if has(flags, "x", "--exec") {
		c.run(ops)
		return
	}
	if src, ok := c.joined(ops); ok {
		c.script(src, bashLang)
	}
}

// parallel (GNU) runs a command line through the shell for each argument.
func parallel(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), &parallelOpts)
	if has(flags, "S", "--sshlogin", "--sshloginfile", "--slf") {
		c.add(Dangerous, "runs commands on other machines", "builtin:remote")
	}
	c.parallelFiles(flags, ops)
	sep := len(ops)
	for i, op := range ops {
		if strings.HasPrefix(op.s, ":::") {
			sep = i
			break
		}
	}
	command, args := ops[:sep], []field(nil)
	if sep < len(ops) {
		for _, a := range ops[sep+1:] {
			if !strings.HasPrefix(a.s, ":::") {
				args = append(args, a)
			}
		}
	}
	if len(command) == 0 {
		// The arguments are the commands.
		for _, a := range args {
			c.shellString(a, bashLang)
		}
		if len(args) == 0 {
			c.add(Dangerous, "runs commands read from its input", "builtin:dynamic-script")
		}
		return
	}
	line, ok := c.joined(command)
	if !ok {
		return
	}
	if len(args) == 0 || (sep < len(ops) && ops[sep].s != ":::") {
		c.script(withArg(line, `"$ARG"`), bashLang)
		return
	}
	for i, a := range args {
		if i == 8 {
			break
		}
		v := `"$ARG"`
		if !a.dyn {
			v = quoteWord(a.s)
		}
		c.script(withArg(line, v), bashLang)
	}
}

// withArg puts an argument where parallel would: at {} or at the end.
func withArg(line, arg string) string {
	if strings.Contains(line, "{}") {
		return strings.ReplaceAll(line, "{}", arg)
	}
	return line + " " + arg
}

// find searches files (Safe) and runs commands with -exec, -execdir, -ok
// and -okdir, deletes with -delete and writes with -fprint, -fprintf and
// -fls. Placeholders stand for paths under the starting points.
func find(c *cmd) {
	args := c.rest()
	i := 0
	for i < len(args) && !args[i].dyn && (args[i].s == "-H" || args[i].s == "-L" || args[i].s == "-P" || strings.HasPrefix(args[i].s, "-O") || args[i].s == "-D") {
		if args[i].s == "-D" {
			i++
		}
		i++
	}
	var starts []field
	for ; i < len(args); i++ {
		s := args[i].s
		if !args[i].dyn && (strings.HasPrefix(s, "-") || s == "(" || s == "!" || s == ")" || s == ",") {
			break
		}
		starts = append(starts, args[i])
	}
	if len(starts) == 0 {
		starts = []field{lit(".")}
	}
	c.add(Safe, "searches files", "builtin:read-only")
	c.read(starts)
	var execs [][]field
	for ; i < len(args); i++ {
		w := args[i]
		if w.dyn {
			c.notModelled(w.s)
			continue
		}
		switch w.s {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].s != ";" && args[j].s != "+" {
				j++
			}
			execs = append(execs, args[i+1:j])
			i = j
			continue
		case "-delete":
			c.add(Dangerous, "deletes the files it finds", "builtin:find-delete")
			for _, s := range starts {
				c.path(accDeleteTree, under(s))
			}
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(args) {
				c.path(accWrite, args[i+1])
			}
		case "-files0-from":
			// GNU find 4.9: the starting points are read from a file (and
			// printed in its errors when they are not paths).
			if i+1 < len(args) {
				c.path(accRead, args[i+1])
				c.add(Warning, "reads the starting points from "+shorten(args[i+1].s)+", which the classifier cannot see", "builtin:file-list")
			}
		}
		n, known := findWords[w.s]
		switch {
		case known:
			i += n
		case findNewer().MatchString(w.s):
			i++
		default:
			c.notModelled(w.s)
		}
	}
	c.lists(starts, len(execs) == 0 && !hasWord(args, "-printf", "-fprintf", "-ls", "-fls"))
	c.runEach(execs, starts, []string{"{}"}, false)
}

// lists records, for a pipe, that this command prints only paths found
// under starts.
func (c *cmd) lists(starts []field, only bool) {
	if s := c.wk.stage; s != nil && only {
		for _, st := range starts {
			if st.dyn {
				return
			}
		}
		s.lists, s.listed = starts, true
	}
}

// under stands for the paths below a starting point: a glob that matches
// anything there.
func under(start field) field {
	if start.dyn {
		return start
	}
	return field{s: strings.TrimSuffix(start.s, "/") + "/*", glob: true, deep: true}
}

// runEach judges each command a finder runs once per starting point, with
// the placeholders replaced by paths under it. With appendPath, a command
// without a placeholder gets the path added at the end, as fd does.
func (c *cmd) runEach(execs [][]field, starts []field, holders []string, appendPath bool) {
	if len(execs) == 0 {
		return
	}
	for _, words := range execs {
		if len(words) == 0 {
			continue
		}
		for k, s := range starts {
			if k == 4 {
				break
			}
			p := under(s)
			inner := make([]field, len(words), len(words)+1)
			found := false
			for n, w := range words {
				inner[n] = w
				for _, h := range holders {
					if w.dyn || !strings.Contains(w.s, h) {
						continue
					}
					found = true
					if w.s == h {
						inner[n] = p
						inner[n].input = true
					} else {
						inner[n] = field{s: strings.ReplaceAll(w.s, h, p.s), input: true, glob: true, dyn: p.dyn}
					}
				}
			}
			if !found && appendPath {
				q := p
				q.input = true
				inner = append(inner, q)
			}
			c.later(func() { c.d = c.wk.command(inner, c.text, c.d, nil) })
		}
	}
}

// fd searches files like find; -x and -X run a command per result.
func fd(c *cmd) {
	args := c.rest()
	var words []field
	var execs [][]field
	for i := 0; i < len(args); i++ {
		a := args[i]
		if s := a.s; !a.dyn && (s == "-x" || s == "--exec" || s == "-X" || s == "--exec-batch") {
			j := i + 1
			for j < len(args) && args[j].s != ";" {
				j++
			}
			execs = append(execs, args[i+1:j])
			i = j
			continue
		}
		words = append(words, a)
	}
	flags, positional := parseOpts(words, fdOpts.spec())
	for _, f := range flags {
		if !fdOpts.knows(f.name) {
			c.notModelled(f.name)
			break
		}
	}
	for _, f := range values(flags, "--ignore-file") {
		c.path(accRead, f)
	}
	var starts []field
	if len(positional) > 1 {
		starts = positional[1:]
	}
	starts = append(starts, values(flags, "--base-directory", "--search-path")...)
	if len(starts) == 0 {
		starts = []field{lit(".")}
	}
	c.add(Safe, "searches files", "builtin:read-only")
	c.read(starts)
	c.lists(starts, len(execs) == 0)
	c.runEach(execs, starts, []string{"{//}", "{/.}", "{.}", "{/}", "{}"}, true)
}
