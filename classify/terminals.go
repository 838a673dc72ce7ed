package classify

import "strings"

// Terminal multiplexers and input tools can drive the person's own
// terminal: "tmux send-keys … Enter" types a command into a shell that
// runs outside any sandbox, with the person's credentials, when the
// multiplexer's socket is reachable (always, with the sandbox off). Only
// printing a version is Safe; listing sessions reads what the person has
// open; everything else is Dangerous.

// multiplexer judges tmux, byobu, screen and zellij, given the words
// that only list sessions (read).
func multiplexer(lists ...string) handler {
	return func(c *cmd) {
		args := c.rest()
		if len(args) == 1 && !args[0].dyn && (args[0].s == "-V" || args[0].s == "-v" || args[0].s == "--version" || args[0].s == "-h" || args[0].s == "--help") {
			c.add(Safe, "prints its version", "builtin:read-only")
			return
		}
		reads := len(args) > 0
		for _, a := range args {
			if a.dyn {
				reads = false
				break
			}
			if strings.HasPrefix(a.s, "-") && !slicesContains(lists, a.s) {
				reads = false
				break
			}
			if !strings.HasPrefix(a.s, "-") {
				reads = reads && slicesContains(lists, a.s)
				break
			}
		}
		if reads {
			c.add(Warning, "lists the person's terminal sessions", "builtin:terminal")
			return
		}
		c.add(Dangerous, "drives the person's terminal sessions, where commands run outside any sandbox", "builtin:terminal")
	}
}

// inputDriver judges tools that send keys or text to other windows and
// terminals: whatever has focus runs it. A tool's documented version and
// help words are in versionFlags; any other word (osascript's "version"
// is a script file, reptyr's -V is verbose) drives something.
func inputDriver(c *cmd) {
	c.add(Dangerous, "types into or drives the person's windows and terminals, outside any sandbox", "builtin:terminal")
}
