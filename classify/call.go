package classify

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// cmd is one simple command being judged, after expansion and unwrapping.
type cmd struct {
	wk   *walker
	args []field // args[0] is the command name as written
	name string  // the normalised name: base name, lower case
	text string  // source text, for reasons
	d    dirs    // where it may run; cd and pushd change it
	in   *stdin
	// start indexes this command's first finding in the judge.
	start int
	// closed is set once this command's own part is finished; rules then
	// no longer touch what follows.
	closed bool
	// pending holds the commands and scripts this command runs. They are
	// judged after its own part is closed, each as parts of their own.
	pending []func()
	// words are the source words of the command line, when known.
	words []*syntax.Word
	// canon is the command line with options that do not change what it
	// does removed ("git push" for "git -c color.ui=never push"), which
	// raise-only rules also match.
	canon string
}

// handler judges a command whose name it is registered under.
type handler func(c *cmd)

// call judges a simple command: assignments, substitutions, then the
// command itself.
func (wk *walker) call(ce *syntax.CallExpr, d dirs, in *stdin) dirs {
	for _, a := range ce.Assigns {
		wk.subst(a, d)
	}
	for _, w := range ce.Args {
		wk.substIn(w, d, in)
	}
	if len(ce.Args) == 0 {
		risky := false
		for _, a := range ce.Assigns {
			risky = wk.assign(a, d) || risky
			wk.recordAssign(a)
		}
		if !risky {
			wk.j.add(Safe, wk.text(ce)+": sets a shell variable", "builtin:assignment")
		}
		return d
	}
	for _, a := range ce.Assigns {
		wk.assign(a, d)
	}
	args := make([]field, 0, len(ce.Args))
	varied := false
	for _, w := range ce.Args {
		if parts := wk.splitIFS(w); parts != nil {
			for _, p := range parts {
				args = wk.expand(args, p)
			}
			continue
		}
		n := len(args)
		args = wk.expand(args, w)
		varied = varied || len(args)-n > 1 && args[n].variant
	}
	text := wk.text(ce)
	if varied {
		// A loop variable with several values: each value makes a command
		// line of its own ("git $s" for s in status push is two commands).
		for _, line := range wk.variants(ce.Args) {
			d = wk.command(line, text, d, in)
		}
		return d
	}
	return wk.commandWords(args, ce.Args, text, d, in)
}

// maxVariants bounds the command lines made from loop variables; beyond
// it the variables are taken as unknown.
const maxVariants = 16

// variants expands words whose loop variables take several values into
// every command line they make.
func (wk *walker) variants(words []*syntax.Word) [][]field {
	groups := make([][]field, len(words))
	count := 1
	for i, w := range words {
		groups[i] = wk.expand(nil, w)
		if len(groups[i]) > 1 && groups[i][0].variant {
			count *= len(groups[i])
			if count > maxVariants {
				count = maxVariants + 1
			}
		}
	}
	varies := func(g []field) bool { return len(g) > 1 && g[0].variant }
	if count > maxVariants {
		var line []field
		for i, g := range groups {
			if varies(g) {
				line = append(line, field{s: wk.text(words[i]), dyn: true, w: words[i]})
				continue
			}
			line = append(line, g...)
		}
		return [][]field{line}
	}
	lines := make([][]field, 0, count)
	pick := make([]int, len(groups))
	for {
		var line []field
		for i, g := range groups {
			if varies(g) {
				line = append(line, g[pick[i]])
			} else {
				line = append(line, g...)
			}
		}
		lines = append(lines, line)
		// Advance the odometer over the varying words.
		i := len(groups) - 1
		for ; i >= 0; i-- {
			if !varies(groups[i]) {
				continue
			}
			if pick[i]++; pick[i] < len(groups[i]) {
				break
			}
			pick[i] = 0
		}
		if i < 0 {
			return lines
		}
	}
}

// command judges the command line args (args[0] is the name) and returns
// the directories later commands may run in.
func (wk *walker) command(args []field, text string, d dirs, in *stdin) dirs {
	return wk.commandWords(args, nil, text, d, in)
}

// commandWords is command with the words args came from, when they are
// the words of the source (not made by a wrapper).
func (wk *walker) commandWords(args []field, words []*syntax.Word, text string, d dirs, in *stdin) dirs {
	if wk.depth > maxDepth {
		wk.j.add(Blocked, text+": commands nested too deeply to follow", "builtin:too-deep")
		return d
	}
	if !wk.j.count(text) {
		return d
	}
	c := &cmd{wk: wk, args: args, text: text, d: d, in: in, start: len(wk.j.findings), words: words}
	c.dispatch()
	if c.runsCodeHere() {
		if c.outsideRoot(d) {
			c.add(Warning, "builds or runs code in a directory outside the project root", "builtin:outside-root")
		}
		c.wk.j.projectCode = c.wk.j.projectCode || c.runsProjectCode()
	}
	c.closePart()
	for _, f := range c.pending {
		f()
	}
	return c.d
}

// later queues what this command runs, to be judged once its own part is
// closed.
func (c *cmd) later(f func()) { c.pending = append(c.pending, f) }

// closePart applies the command rules to this command's own findings and
// ends its part. A wrapper's own part (env's assignments, time -o) only
// takes raise-only rules: rules are for the command it runs.
func (c *cmd) closePart() {
	if c.closed {
		return
	}
	c.closed = true
	c.wk.j.commandRules(c.start, c.args, c.canon, c.text, wrappers[c.name])
}

// dispatch normalises the command name and calls its handler.
func (c *cmd) dispatch() {
	if len(c.args) == 0 {
		return
	}
	nf := c.args[0]
	if nf.dyn {
		c.dynamicName()
		return
	}
	s := nf.s
	if c.wk.lang == syntax.LangZsh && strings.HasPrefix(s, "=") {
		// zsh expands "=rm" to the path of rm.
		s = s[1:]
	}
	name, byPath := normName(s)
	c.name = name
	if byPath {
		c.add(Warning, "runs a program by its path", "builtin:program-path")
		if c.wk.isFetched(nf, c.d) {
			c.add(Blocked, "runs a file that was just downloaded or decoded", "builtin:remote-code")
		}
	}
	c.note()
	if h, ok := handlers()[name]; ok {
		if c.onlyPrintsVersion() {
			c.add(Safe, "prints its version or usage", "builtin:read-only")
			return
		}
		h(c)
		return
	}
	if strings.HasPrefix(name, "mkfs") || strings.HasPrefix(name, "mke2fs") {
		c.add(Blocked, "makes a file system", "builtin:disk")
		return
	}
	c.unknown()
}

// stdBinDirs hold the system's own programs: /bin/rm is rm. A program
// anywhere else may be anything, so it is at least Warning.
var stdBinDirs = []string{
	"/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin",
	"/usr/local/sbin", "/opt/homebrew/bin", "/opt/local/bin", "/usr/libexec",
}

// normName returns the name a command is judged by, and whether it was run
// by a path outside the standard directories. Names are lower-cased since
// case-insensitive file systems find RM as rm.
func normName(s string) (name string, byPath bool) {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		dir := path.Clean("/" + s[:i])
		byPath = !strings.HasPrefix(s, "/")
		if !byPath {
			byPath = true
			for _, d := range stdBinDirs {
				if dir == d {
					byPath = false
				}
			}
		}
		s = s[i+1:]
	}
	return lower(s), byPath
}

// lower lower-cases ASCII without allocating when there is nothing to do.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// add records a finding for this command.
func (c *cmd) add(l Level, why, rule string) {
	c.wk.j.add(l, c.text+": "+why, rule)
}

// rest returns the arguments after the command name.
func (c *cmd) rest() []field { return c.args[1:] }

// withArgs judges the command by judge as if rest had been written after
// its name (a handler judging part of its line as another tool would, or
// its own line without a word it has read), and gives the command back
// its own words when judge returns. rest is not changed.
func (c *cmd) withArgs(rest []field, judge handler) {
	saved := c.args
	defer func() { c.args = saved }()
	c.args = append([]field{c.args[0]}, rest...)
	judge(c)
}

// run judges the command a wrapper runs. The wrapper's own findings stay
// as they are; user rules apply to the command it runs.
func (c *cmd) run(inner []field) {
	if len(inner) == 0 {
		return
	}
	c.later(func() { c.d = c.wk.command(inner, c.text, c.d, c.in) })
}

// script judges a string the command runs as shell source in a new shell,
// which does not see this shell's variables. Like run, it is judged after
// this command's own part is closed, so a user rule for the command cannot
// change the verdict on the script.
func (c *cmd) script(src string, lang syntax.LangVariant) {
	c.scriptWith(src, lang, nil)
}

// scriptWith is script with the new shell's positional parameters bound
// ($0, $1, …), as "bash -c STRING NAME ARGS" sets them.
func (c *cmd) scriptWith(src string, lang syntax.LangVariant, vars map[string][]field) {
	c.later(func() {
		outer := c.wk.vars
		c.wk.vars = vars
		c.wk.script(src, lang, c.d, c.in)
		c.wk.vars = outer
	})
}

// sameShell judges source run by this shell itself (eval, trap, alias),
// which sees the variables bound here.
func (c *cmd) sameShell(src string) {
	c.later(func() { c.wk.script(src, bashLang, c.d, c.in) })
}

// path judges an access to the path in f as part of this command. A
// placeholder for anything below a directory (find's {}) deletes a tree.
func (c *cmd) path(acc access, f field) {
	if f.deep && acc == accDelete {
		acc = accDeleteTree
	}
	c.wk.judgeField(acc, f, c.d, c.text)
}

// output judges a file a build writes: inside the project (and outside
// .git) that is part of building, so Safe; elsewhere the path rules decide.
func (c *cmd) output(f field) {
	if !f.dyn {
		cands, unknown := c.wk.resolve(f, c.d)
		inside := !unknown && len(cands) > 0
		for _, p := range cands {
			if !c.wk.pl.inRoot(p) || p == c.wk.pl.root || touchesGitDir(strings.TrimPrefix(p, c.wk.pl.root)) {
				inside = false
			}
		}
		if inside {
			for _, p := range cands {
				c.wk.j.wrote(p)
				l, why, rule := c.wk.j.pathRules(p, &c.wk.pl, Safe, "writes build output inside the project", "builtin:build")
				c.wk.j.add(l, c.text+": "+why, rule)
			}
			return
		}
	}
	c.path(accWrite, f)
}

// read judges every operand as a file the command reads; "-" is stdin.
func (c *cmd) read(ops []field) {
	for _, op := range ops {
		if op.s != "-" || op.dyn {
			c.path(accRead, op)
		}
	}
}

// write judges each of ops as a path the command writes.
func (c *cmd) write(ops []field) {
	for _, op := range ops {
		c.path(accWrite, op)
	}
}

// optPath judges the value of the last of the named options in flags, if
// one is given, as a path the command accesses with acc.
func (c *cmd) optPath(acc access, flags []flag, names ...string) {
	if v, ok := value(flags, names...); ok {
		c.path(acc, v)
	}
}

// readTrees judges every operand as a file or a directory whose whole
// tree the command reads (grep -r, tar c, cp -r); "-" is stdin.
func (c *cmd) readTrees(ops []field) {
	for _, op := range ops {
		if op.s != "-" || op.dyn {
			c.path(accReadTree, op)
		}
	}
}

// unknown judges a command the classifier does not know.
func (c *cmd) unknown() {
	c.add(Warning, "unknown command", "builtin:unknown")
	c.credArgs()
}

// credArgs raises a command that names a credential store in its
// arguments: whatever it is, it may read it.
func (c *cmd) credArgs() {
	for _, a := range c.rest() {
		if a.dyn {
			continue
		}
		v := a.s
		if _, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "-") {
			v = val
		}
		if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") && !strings.Contains(v, "..") {
			continue
		}
		cands, _ := c.wk.resolve(lit(v), c.d)
		for _, p := range cands {
			if c.wk.pl.isCredentialStore(p) {
				c.add(Dangerous, "names a credential store ("+a.s+")", "builtin:credential-store")
				return
			}
		}
	}
}

// dynamicName judges a command whose name is not known until it runs.
func (c *cmd) dynamicName() {
	if c.words != nil && c.wk.depth < maxDepth {
		// A name built with $IFS or an echo substitution: judge the line
		// as bash will see it.
		if line, ok := renderLine(c.words); ok {
			c.add(Warning, "command name comes from a substitution", "builtin:dynamic-command")
			c.sameShell(line)
			return
		}
	}
	switch {
	case c.args[0].w != nil && wordFetches(c.args[0].w):
		c.add(Blocked, "runs a command named by downloaded or decoded data", "builtin:remote-code")
	case destructiveArgs(c.rest()):
		c.add(Dangerous, "command name comes from a variable or substitution, with destructive arguments", "builtin:dynamic-command")
	default:
		c.add(Warning, "command name comes from a variable or substitution", "builtin:dynamic-command")
	}
	c.credArgs()
}

// destructiveArgs reports arguments that would make most commands
// destructive: forced or recursive flags, or the file system's top.
func destructiveArgs(args []field) bool {
	for _, a := range args {
		s := lower(a.s)
		if a.dyn {
			continue
		}
		if len(s) > 1 && s[0] == '-' && s[1] != '-' && strings.ContainsAny(s[1:], "rf9") {
			return true
		}
		switch s {
		case "--force", "--recursive", "--hard", "--no-preserve-root", "-delete", "--delete",
			"/", "/*", "~", "~/", "*", ".", "..", "drop", "delete", "destroy", "truncate",
			"purge", "prune", "reset", "push", "wipe", "format", "kill", "rm":
			return true
		}
		if strings.HasPrefix(s, "/") && (s == "/" || path.Dir(s) == "/") {
			return true
		}
	}
	return false
}

// note records what this command writes to a pipe, for the next stage.
// Whatever reads downloaded or decoded input passes that taint on.
func (c *cmd) note() {
	s := c.wk.stage
	if s == nil || wrappers[c.name] {
		return
	}
	if c.in != nil && c.in.pipe != nil {
		s.network = s.network || c.in.pipe.network
		s.decode = s.decode || c.in.pipe.decode
	}
	if lineFilters[c.name] {
		s.filter = true
	}
	switch {
	case fetchers[c.name]:
		s.network = true
	case decodes(c.name, c.rest()):
		s.decode = true
	case c.name == "printf" && len(c.args) == 2:
		// A format with only \n, \t and \\ escapes prints itself.
		s.text += decodeANSIC(c.args[1].s)
	case c.name == "echo":
		var b strings.Builder
		for i, a := range c.rest() {
			if a.dyn {
				s.other = true
				return
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(a.s)
		}
		s.text += b.String() + "\n"
	case c.name == "cat" && c.in != nil && c.in.doc != nil && len(c.args) == 1:
		if !c.in.docLit {
			s.other = true
			return
		}
		s.text += c.in.docText
	case c.name == "cat":
		s.files = true
	default:
		s.other = true
	}
}

// lineFilters only drop or reorder the lines they read, so paths stay
// paths through them.
var lineFilters = map[string]bool{
	"grep": true, "egrep": true, "fgrep": true, "rg": true, "sort": true, "uniq": true,
	"head": true, "tail": true, "tac": true, "shuf": true,
}

// fetchers download from the network.
var fetchers = map[string]bool{
	"curl": true, "wget": true, "fetch": true, "http": true, "https": true,
	"xh": true, "aria2c": true, "nc": true, "ncat": true, "netcat": true,
	"socat": true, "lwp-request": true, "lwp-download": true, "get": true,
	"telnet": true, "ftp": true, "tftp": true, "scp": true, "sftp": true,
	"ssh": true, "rsync": true, "gsutil": true, "aws": true, "gcloud": true,
	"az": true, "gh": true, "dig": true, "nslookup": true, "host": true,
}

// decodes reports a command that turns encoded or obfuscated text back
// into something that could be a script: piping that into a shell hides
// the script from any reader.
func decodes(name string, args []field) bool {
	switch name {
	case "base64", "base32", "basenc":
		for _, a := range args {
			if a.s == "-d" || a.s == "-D" || a.s == "--decode" || (strings.HasPrefix(a.s, "-") && !strings.HasPrefix(a.s, "--") && strings.ContainsAny(a.s, "dD")) {
				return true
			}
		}
	case "xxd":
		for _, a := range args {
			if strings.HasPrefix(a.s, "-") && strings.Contains(a.s, "r") {
				return true
			}
		}
	case "uudecode", "gunzip", "zcat", "gzcat", "bunzip2", "bzcat", "unxz", "xzcat",
		"unzstd", "zstdcat", "lzcat", "unlzma", "rev", "tr", "iconv", "recode", "openssl":
		return true
	case "gzip", "bzip2", "xz", "zstd", "lz4":
		for _, a := range args {
			if a.s == "-d" || a.s == "--decompress" || a.s == "-dc" || a.s == "-cd" {
				return true
			}
		}
	case "printf":
		if len(args) != 1 || args[0].dyn || strings.Contains(args[0].s, "%") {
			return true
		}
		for i := 0; i+1 < len(args[0].s); i++ {
			if args[0].s[i] == '\\' {
				if strings.IndexByte("nt\\", args[0].s[i+1]) < 0 {
					return true
				}
				i++
			}
		}
	case "echo":
		escapes := false
		for _, a := range args {
			if strings.HasPrefix(a.s, "-") && strings.Contains(a.s, "e") {
				escapes = true
			}
			if escapes && strings.Contains(a.s, "\\") {
				return true
			}
		}
	}
	return false
}

// wordFetches reports whether a word's substitutions download from the
// network or decode data, so that its value is code nobody has seen.
func wordFetches(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if found {
			return false
		}
		ce, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		var args []field
		for _, a := range ce.Args {
			if v, ok := litWord(a); ok {
				args = append(args, lit(v))
			} else {
				args = append(args, field{dyn: true})
			}
		}
		for i, a := range args {
			name, _ := normName(a.s)
			if fetchers[name] || decodes(name, args[i+1:]) {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// projectCodeRules are the rules of Safe findings for commands that run
// the code of the project they are in: builds, tests, linters that load
// the project's configuration.
var projectCodeRules = map[string]bool{"builtin:build": true, "builtin:test": true, "builtin:lint": true}

// runsCodeHere reports whether this command's own findings say it runs
// the code of the project in its directory.
func (c *cmd) runsCodeHere() bool {
	for _, f := range c.wk.j.findings[c.start:] {
		if projectCodeRules[f.rule] {
			return true
		}
	}
	return false
}

// compileOnly are builders that compile without running any of the
// project's code (no build scripts, macros or configuration in code).
var compileOnly = map[string]bool{
	"go": true, "gcc": true, "g++": true, "cc": true, "c++": true, "clang": true, "clang++": true,
	"rustc": true, "tsc": true, "vue-tsc": true, "esbuild": true, "gccgo": true, "cpp": true,
	"tinygo": true, "kotlinc": true, "gofmt": true, "goimports": true, "gofumpt": true,
	"staticcheck": true, "govet": true, "vet": true, "golint": true, "revive": true, "errcheck": true,
	"ineffassign": true, "shfmt": true, "rustfmt": true, "clang-format": true, "black": true,
	"isort": true, "ruff": true, "pyright": true, "pyflakes": true,
	"pycodestyle": true, "pydocstyle": true, "taplo": true, "stylua": true,
	// Not javac (annotation processors on the class path), mypy (plugins
	// named in its configuration), flake8 (local plugins), pylint.
}

// runsProjectCode reports whether this command, which builds, tests or
// lints, runs code from the project: tests do, and so do builds and
// linters driven by the project's own scripts or code configuration
// (make, npm, cargo's build.rs, eslint.config.js); plain compilers and
// Go's build do not.
func (c *cmd) runsProjectCode() bool {
	for _, f := range c.wk.j.findings[c.start:] {
		if f.rule == "builtin:test" || projectCodeRules[f.rule] && !compileOnly[c.name] {
			return true
		}
	}
	return false
}

// versionFlags are the single options that make a known tool print its
// version or usage and exit: --version and --help for every GNU-style
// tool, and the short or word forms of the tools whose manuals give them
// that meaning (ssh -V, make -v, java -version, zig version).
var versionFlags = map[string][]string{
	"":    {"--version", "--help"},
	"ssh": {"-V"}, "curl": {"-V", "-h"}, "wget": {"-V", "-h"}, "make": {"-v", "-h"}, "gmake": {"-v", "-h"},
	"gem": {"-v", "-h", "help"}, "mvn": {"-v", "-h"}, "zip": {"-v", "-h"}, "unzip": {"-v", "-h"},
	"crontab": {"-V"}, "tmux": {"-V"}, "screen": {"-v"}, "python": {"-V"}, "python3": {"-V"},
	"node": {"-v"}, "lua": {"-v"}, "java": {"-version"}, "javac": {"-version"}, "ant": {"-version"},
	"scp": {"-h"}, "nc": {"-h"}, "ncat": {"-h"}, "docker": {"-v"}, "zig": {"version"},
	"rsync": {"-V"}, "rustc": {"-V"}, "deno": {"-V"}, "psql": {"-V"}, "mysql": {"-V"},
	"sqlite3": {"-version"}, "redis-cli": {"-v"}, "bazel": {"version"}, "gradle": {"-v"},
	"kotlinc": {"-version"}, "scalac": {"-version"}, "go": {"version"}, "pipx": {"list"},
	"rustup": {"show", "-V"}, "ninja": {"-h"}, "cmake": {"-h"}, "git": {"-v", "version"},
	// Database, migration and framework tools (their --help or manual at
	// the version named): only the forms they document. mongorestore -h
	// is its --host, migrate and goose "version" ask the database. rails,
	// prisma and liquibase run the project's code even for these words
	// (noVersionOption).
	"alembic":    {"-h"},                      // alembic --help, Alembic 1.8 (argparse)
	"rake":       {"-V", "-h", "-H"},          // rake --help, Rake 13.0
	"knex":       {"-V", "-h", "help"},        // knex --help, knex 2.4 (commander)
	"typeorm":    {"-v", "-h", "version"},     // typeorm --help, TypeORM 0.3 (yargs aliases; "version" prints the CLI's and the project's TypeORM versions)
	"flyway":     {"-v", "-h", "-?", "help"},  // flyway -?, Flyway 9 command line: flags -v, -h/-?, command help
	"diesel":     {"-V", "-h", "help"},        // diesel --help, diesel_cli 2.0 (clap)
	"sqlx":       {"-V", "-h", "help"},        // sqlx --help, sqlx-cli 0.6 (clap)
	"dbmate":     {"-v", "-h", "help"},        // dbmate --help, dbmate 1.16 (urfave/cli)
	"goose":      {"-version", "-h", "-help"}, // goose -h, goose 3.11 (Go flags; the command "version" reads the database)
	"migrate":    {"-version", "-h", "-help"}, // migrate -help, golang-migrate 4.15 (Go flags; the command "version" reads the database)
	"supabase":   {"-h", "help"},              // supabase --help, Supabase CLI 1.50 (cobra)
	"atlas":      {"-h", "help", "version"},   // atlas --help, Atlas 0.12 (cobra)
	"pg_restore": {"-V", "-?"},                // pg_restore --help, PostgreSQL 15
	// Tools that drive windows and terminals (their --help or manual).
	"kitty":    {"-v", "-h"},                    // kitty --help, kitty 0.26.5 (Debian 12)
	"wezterm":  {"-V", "-h", "help"},            // wezterm --help, WezTerm 20230712 (clap)
	"xdotool":  {"-v", "-h", "help", "version"}, // xdotool(1) and xdotool -h, xdotool 3.20160805.1 (Debian 12)
	"ydotool":  {"-h", "help"},                  // ydotool --help, ydotool 0.1.8 (Debian 12)
	"reptyr":   {"-h", "-v"},                    // reptyr -h, reptyr 0.9.0 (Debian 12); -V is verbose
	"conspy":   {"-V"},                          // conspy --help, conspy 1.16 (Debian 12); -v is --viewonly
	"abduco":   {"-v"},                          // abduco(1), abduco 0.6
	"cliclick": {"-V", "-h"},                    // cliclick -h, cliclick 5.1
}

// runsItsArguments are builtins that take their argument for code or a
// command to run, not an option ("r --version" re-runs a command in zsh).
var runsItsArguments = map[string]bool{"r": true, "fc": true, "eval": true, "source": true, ".": true,
	"exec": true, "command": true, "builtin": true, "trap": true, "alias": true}

// onlyPrintsVersion reports a command line that is a known tool's name
// and one option (versionFlags) that prints its version or usage.
func (c *cmd) onlyPrintsVersion() bool {
	args := c.rest()
	if len(args) != 1 || args[0].dyn || c.wk.j.level(c.start) > Safe || runsItsArguments[c.name] || noVersionOption[c.name] != "" {
		return false
	}
	return slices.Contains(versionFlags[""], args[0].s) || slices.Contains(versionFlags[c.name], args[0].s)
}
