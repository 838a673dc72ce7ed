package classify

// verbGlobal is verb that also returns the options given before the
// subcommand, which the handlers of most tools judge as well (a daemon
// elsewhere, a configuration file, a directory to work in).
func (c *cmd) verbGlobal(t *verbTool) (global []flag, verb field, flags []flag, ops []field, known bool) {
	global, _ = parseOpts(c.rest(), t.global.spec())
	verb, flags, ops, known = c.verb(t)
	return global, verb, flags, ops, known
}

// afterGlobal returns the command line's words from t's subcommand on:
// the line without the options given before it, for a handler that
// judges the rest as another tool would.
func (c *cmd) afterGlobal(t *verbTool) []field {
	_, words := parseOpts(c.rest(), t.global.spec())
	return words
}

// verbIn is verbGlobal for words in place of the words after the
// command's name: the line without a word the handler has read itself
// (cargo's +toolchain), or words another tool passed on.
func (c *cmd) verbIn(t *verbTool, words []field) (global []flag, verb field, flags []flag, ops []field, known bool) {
	c.withArgs(words, func(c *cmd) { global, verb, flags, ops, known = c.verbGlobal(t) })
	return global, verb, flags, ops, known
}
