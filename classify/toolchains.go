package classify

import (
	"slices"
	"strings"
)

// parsed parses go-style single-dash flags: -name or -name=value.
func parsed(args []field) []flag {
	var out []flag
	for _, a := range args {
		if strings.HasPrefix(a.s, "-") && !a.dyn {
			name, _, _ := strings.Cut(strings.TrimLeft(a.s, "-"), "=")
			out = append(out, flag{name: "-" + name})
			if len(name) > 1 {
				out = append(out, flag{name: "--" + name})
			}
		}
	}
	return out
}

// formatter judges tools that only check unless told to rewrite files.
func formatter(writeFlags ...string) handler {
	return func(c *cmd) {
		flags, ops := parseOpts(c.rest(), optSpec{noVal: append([]string{"--check", "--diff"}, writeFlags...)})
		if has(flags, writeFlags...) || hasWord(c.rest(), "fix", "format") && c.name == "ruff" && !has(flags, "--check", "--diff") {
			c.add(Warning, "rewrites project files", "builtin:format")
			for _, op := range ops {
				if !op.dyn && op.s != "fix" && op.s != "format" && op.s != "check" {
					c.path(accWrite, op)
				}
			}
			return
		}
		c.add(Safe, "checks the project", "builtin:lint")
		c.read(ops)
	}
}

// rewriter judges tools that rewrite files unless told only to check.
func rewriter(checkFlags ...string) handler {
	return func(c *cmd) {
		flags, ops := parseOpts(c.rest(), optSpec{noVal: checkFlags})
		if has(flags, checkFlags...) {
			c.add(Safe, "checks formatting", "builtin:lint")
			c.read(ops)
			return
		}
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(ops)
	}
}

func hasWord(args []field, words ...string) bool {
	for _, a := range args {
		for _, w := range words {
			if a.s == w && !a.dyn {
				return true
			}
		}
	}
	return false
}

// npm judges npm, pnpm, yarn and bun: tests are Safe, installing project
// dependencies and running scripts Warning, global installs and
// publishing Dangerous.
func npm(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "Cw", long: []string{"--prefix", "--workspace", "--dir", "--filter", "--cwd", "--location", "--registry", "--tag", "--script-shell", "--node-options"}, noVal: []string{"--global", "--shell"}})
	if has(flags, "--script-shell", "--node-options", "--shell") {
		c.add(Dangerous, "changes the shell or options scripts run with", "builtin:env-override")
	}
	global := has(flags, "g", "--global")
	if v, ok := value(flags, "--location"); ok && v.s == "global" {
		global = true
	}
	sub := first(ops)
	var rest []field
	if len(ops) > 0 {
		rest = ops[1:]
	}
	if c.name == "yarn" && sub == "global" {
		global = true
		sub = first(rest)
	}
	switch sub {
	case "test", "t", "tst":
		c.add(Safe, "runs the project's tests", "builtin:test")
	case "run", "run-script", "rum", "urn":
		if s := first(rest); s == "test" || s == "tests" {
			c.add(Safe, "runs the project's tests", "builtin:test")
		} else {
			c.add(Warning, "runs a package script", "builtin:npm-script")
		}
	case "", "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall",
		"add", "ci", "clean-install", "install-clean", "ic", "update", "up", "upgrade", "udpate",
		"uninstall", "un", "unlink", "remove", "rm", "r", "dedupe", "ddp", "prune", "link", "ln",
		"rebuild", "rb", "install-test", "it", "install-ci-test", "cit", "import":
		if sub == "" && (c.name == "npm" || c.name == "pnpm") {
			c.add(Safe, "prints usage", "builtin:read-only")
			return
		}
		if global {
			c.add(Dangerous, "installs packages globally", "builtin:global-install")
		} else {
			c.add(Warning, "installs or changes project dependencies", "builtin:install")
		}
	case "publish", "unpublish", "deprecate", "owner", "access", "dist-tag", "team", "org",
		"token", "login", "logout", "adduser", "add-user", "star", "unstar", "hook", "profile", "npm":
		c.add(Dangerous, "changes the package registry", "builtin:publish")
	case "exec", "x", "dlx", "create", "init", "innit", "create-app":
		c.add(Warning, "downloads and runs a package", "builtin:npx")
	case "start", "restart", "stop", "dev", "serve", "preview":
		c.add(Warning, "runs the project's server", "builtin:server")
	case "ls", "list", "la", "ll", "explain", "why", "root", "prefix", "bin", "help", "query", "sbom", "licenses":
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
	case "view", "v", "info", "show", "outdated", "search", "s", "se", "find", "ping", "whoami", "fund", "doctor", "docs", "home", "repo", "bugs":
		c.add(Warning, "reads from the package registry", "builtin:network")
	case "audit":
		if first(rest) == "fix" {
			c.add(Warning, "changes project dependencies", "builtin:install")
		} else {
			c.add(Warning, "reads from the package registry", "builtin:network")
		}
	case "config", "c", "set", "get":
		npmConfig(c, first(rest))
	case "version":
		if len(rest) == 0 {
			c.add(Safe, "prints versions", "builtin:read-only")
		} else {
			c.add(Warning, "bumps the version and tags it", "builtin:npm-script")
		}
	default:
		if c.name == "yarn" || c.name == "bun" || c.name == "pnpm" {
			c.add(Warning, "runs a package script or file", "builtin:npm-script")
			return
		}
		c.add(Warning, "unknown npm command", "builtin:unknown")
	}
}

// pip judges pip: installing into the project's environment is Warning,
// outside it Dangerous, reading Safe.
func pip(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "rctei", long: []string{"--requirement", "--constraint", "--target", "--prefix", "--root", "--index-url", "--extra-index-url", "--editable", "--python", "--find-links"}, noVal: []string{"--user", "--break-system-packages"}})
	switch first(ops) {
	case "install", "uninstall", "download", "wheel":
		switch {
		case has(flags, "--user", "--break-system-packages", "--root", "--prefix"):
			c.add(Dangerous, "installs packages outside the project", "builtin:global-install")
		default:
			c.add(Warning, "installs or removes packages", "builtin:install")
		}
		c.optPath(accWrite, flags, "t", "--target")
	case "config":
		if second(ops) == "list" || second(ops) == "get" || second(ops) == "debug" {
			c.add(Safe, "reads pip configuration", "builtin:read-only")
		} else {
			c.add(Dangerous, "changes pip's user configuration", "builtin:npm-config")
		}
	case "list", "show", "freeze", "check", "inspect", "help", "hash", "debug", "":
		c.add(Safe, "reads installed packages", "builtin:read-only")
	case "cache":
		c.add(Warning, "manages pip's cache", "builtin:install")
	default:
		c.add(Warning, "unknown pip command", "builtin:unknown")
	}
}

func second(ops []field) string {
	if len(ops) < 2 {
		return ""
	}
	return first(ops[1:])
}

// buildTool judges the build tools without a table of their own by the
// tasks they are asked to run.
func buildTool(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{short: "fDpPlsbT", long: []string{"--file", "--settings", "--projects", "--build-file", "--project-dir"}})
	c.buildTasks(ops)
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// systemPackages judges apt, brew and the like: searching is Safe,
// changing packages is Dangerous (they are shared by the whole machine).
func systemPackages(readVerbs ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{})
		sub := first(ops)
		if sub == "" && len(c.rest()) > 0 && strings.HasPrefix(c.rest()[0].s, "-") {
			// pacman -Q, dpkg -l, rpm -q: options are the verbs.
			s := c.rest()[0].s
			if strings.ContainsAny(s, "QqlLsSFi") && !strings.ContainsAny(s, "RUuSyi") || s == "-l" || s == "-L" || s == "-s" || s == "-Ss" || s == "-Si" || s == "-Qi" {
				c.add(Safe, "reads installed packages", "builtin:read-only")
				return
			}
		}
		for _, v := range readVerbs {
			if sub == v {
				c.add(Safe, "reads packages", "builtin:read-only")
				return
			}
		}
		c.add(Dangerous, "changes packages of the whole system", "builtin:global-install")
	}
}

// testRunner is a test runner: Safe, unless it is told to update snapshots
// or fix files, which is Warning.
func testRunner(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{long: []string{"--basetemp"}, noVal: strings.Fields("--updateSnapshot --update-snapshots --update --fix")})
	if has(flags, "u", "--updateSnapshot", "--update-snapshots", "--update", "--fix", "--basetemp") {
		if v, ok := value(flags, "--basetemp"); ok {
			// pytest empties --basetemp before it starts.
			c.path(accDeleteTree, v)
		}
		c.add(Warning, "updates project files", "builtin:test")
		return
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
}

// swift is a build tool with a subcommand ("swift build", "swift test")
// and an interpreter without one ("swift script.swift").
func swift(build handler) handler {
	return func(c *cmd) {
		if sub := first(c.rest()); sub != "" && !strings.HasPrefix(sub, "-") && !strings.Contains(sub, ".") {
			build(c)
			return
		}
		interpreter(c)
	}
}

// packageManager judges the installers of global tools (gem, rustup,
// pipx) by their verbs: the ones that only print what is installed are
// Safe, the ones that ask a registry Warning, everything else installs
// or removes programs outside the project (Dangerous). A verb and its
// subverb are written "toolchain list". Sources: gem help commands
// (RubyGems 3.4), rustup help (1.26), pipx --help (1.4).
func packageManager(local, network []string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{})
		verb := first(ops)
		two := verb + " " + second(ops)
		remote := hasWord(c.rest(), "-r", "--remote", "-b", "--both")
		switch {
		case len(ops) == 0 && len(c.rest()) == 0:
			c.add(Safe, "prints usage", "builtin:read-only")
		case slices.Contains(network, verb) || remote && slices.Contains(local, verb):
			c.add(Warning, "reads from the package registry", "builtin:network")
		case slices.Contains(local, verb) || slices.Contains(local, two):
			c.add(Safe, "prints what is installed", "builtin:read-only")
		default:
			c.add(Dangerous, "installs programs outside the project", "builtin:global-install")
		}
	}
}
