package classify

import "strings"

// The builtins that take variable names or strings bash evaluates: each
// judges the names as evalctx.go says, and the strings as the code they
// are.

// testCmd is test and [: -v NAME evaluates a subscript in NAME.
func testCmd(c *cmd) {
	c.add(Safe, "tests a condition", "builtin:shell-builtin")
	args := c.rest()
	for i, a := range args {
		if a.s == "-v" && !a.dyn && i+1 < len(args) {
			c.wk.nameField(args[i+1], c.d, c.text)
		}
	}
}

// printfCmd prints; -v NAME assigns the output to a variable instead.
func printfCmd(c *cmd) {
	c.add(Safe, "prints text", "builtin:read-only")
	args := c.rest()
	if len(args) >= 2 && !args[0].dyn && args[0].s == "-v" {
		c.setsName(args[1])
	} else if len(args) > 0 && !args[0].dyn && strings.HasPrefix(args[0].s, "-v") && len(args[0].s) > 2 {
		c.setsName(field{s: args[0].s[2:]})
	}
}

// readCmd reads a line into the named variables (and -a ARRAY).
func readCmd(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "adinNptu"})
	c.add(Safe, "reads input into variables", "builtin:shell-builtin")
	for _, a := range values(flags, "a") {
		c.setsName(a)
	}
	for _, op := range ops {
		c.setsName(op)
	}
	if len(ops) == 0 && !has(flags, "a") {
		c.wk.j.setVar("REPLY", "", true)
	}
}

// mapfile (readarray) reads lines into an array; -C CALLBACK runs
// CALLBACK as a command every -c lines.
func mapfile(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "dnOscuC"})
	c.add(Safe, "reads lines into an array", "builtin:shell-builtin")
	c.callbacks(values(flags, "C"), "runs a callback for the lines it reads", " 0 line")
	if len(ops) > 0 {
		c.setsName(ops[0])
	} else {
		c.wk.j.setVar("MAPFILE", "", true)
	}
}

// compgen prints completions: -C runs a command, -F a function, and -W
// expands its word list (substitutions in it run). complete registers
// the same for later.
func compgen(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{short: "oAGWFCXPS"})
	c.add(Safe, "lists completions", "builtin:shell-builtin")
	c.callbacks(values(flags, "C"), "runs a command to produce completions", "")
	for _, w := range values(flags, "W") {
		if w.dyn {
			c.add(Warning, "expands a word list not known until it runs (substitutions in it run)", "builtin:eval-context")
			continue
		}
		if strings.ContainsAny(w.s, "$`") {
			c.sameShell(": " + w.s)
		}
	}
	if has(flags, "F") {
		c.add(Warning, "runs a shell function to produce completions", "builtin:eval-context")
	}
}

// getopts OPTSTRING NAME sets NAME.
func getopts(c *cmd) {
	c.add(Safe, "parses options", "builtin:shell-builtin")
	if args := c.rest(); len(args) >= 2 {
		c.setsName(args[1])
	}
}

// unset removes variables; a subscript in a name is evaluated.
func unsetCmd(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{})
	c.add(Safe, "removes variables", "builtin:shell-builtin")
	if has(flags, "f") {
		return
	}
	for _, op := range ops {
		c.wk.nameField(op, c.d, c.text)
	}
}

// waitCmd waits for jobs; -p NAME stores a pid in NAME.
func waitCmd(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{short: "p"})
	c.add(Safe, "waits for jobs", "builtin:shell-builtin")
	for _, n := range values(flags, "p") {
		c.setsName(n)
	}
}

// callbacks judges each command string a builtin runs in the same shell
// (mapfile -C, compgen -C), called with args appended: at least Warning,
// and a string known only at run time as a program string.
func (c *cmd) callbacks(cmds []field, why, args string) {
	for _, cb := range cmds {
		c.add(Warning, why, "builtin:eval-context")
		if cb.dyn {
			c.programString(cb)
			continue
		}
		c.sameShell(cb.s + args)
	}
}
