package classify

import (
	"slices"
	"strings"
)

// npmOpts is every option npm takes: npm reads each of its configuration
// keys as an option on any command, before or after the command word, and
// each boolean key also as --no-KEY. The options that name a file read
// (configuration, CA bundles), a directory written (cache, logs) or a
// program run (the shell scripts run in, the editor, the browser, git) are
// judged as such; --prefix and --location are the handler's.
var npmOpts = toolOpts{source: "npm help config and npm help npm, npm 11.19.1 (@npmcli/config definitions and shorthands)",
	flags: "afglpSBDEOPHhvydqsn?", vals: "cLmCw",
	long: `--all --allow-same-version --allow-scripts-pending --allow-scripts-pin --audit --bin-links --bypass-2fa --color --commit-hooks
		--dangerously-allow-all-scripts --description --dev --diff-ignore-all-space --diff-name-only --diff-no-prefix --diff-text --dry-run --engine-strict
		--expect-results --force --foreground-scripts --format-package-lock --fund --git-tag-version --global --global-style --if-present --ignore-scripts
		--include-attestations --include-staged --include-workspace-root --init-private --install-links --json --legacy-bundling --legacy-peer-deps --link
		--long --no-all --no-allow-same-version --no-allow-scripts-pending --no-allow-scripts-pin --no-audit --no-bin-links --no-browser --no-bypass-2fa
		--no-color --no-commit-hooks --no-dangerously-allow-all-scripts --no-description --no-dev --no-diff-ignore-all-space --no-diff-name-only
		--no-diff-no-prefix --no-diff-text --no-dry-run --no-engine-strict --no-expect-results --no-force --no-foreground-scripts --no-format-package-lock
		--no-fund --no-git-tag-version --no-global --no-global-style --no-if-present --no-ignore-scripts --no-include-attestations --no-include-staged
		--no-include-workspace-root --no-init-private --no-install-links --no-json --no-legacy-bundling --no-legacy-peer-deps --no-link --no-long
		--no-offline --no-omit-lockfile-registry-resolved --no-optional --no-package-lock --no-package-lock-only --no-packages-all --no-parseable
		--no-prefer-dedupe --no-prefer-offline --no-prefer-online --no-production --no-progress --no-provenance --no-read-only --no-rebuild-bundle --no-save
		--no-save-bundle --no-save-dev --no-save-exact --no-save-optional --no-save-peer --no-save-prod --no-shrinkwrap --no-sign-git-commit
		--no-sign-git-tag --no-strict-allow-scripts --no-strict-peer-deps --no-strict-ssl --no-timing --no-unicode --no-update-notifier --no-usage
		--no-version --no-versions --no-workspaces --no-workspaces-update --no-yes --offline --omit-lockfile-registry-resolved --optional --package-lock
		--package-lock-only --packages-all --parseable --prefer-dedupe --prefer-offline --prefer-online --production --progress --provenance --read-only
		--rebuild-bundle --save --save-bundle --save-dev --save-exact --save-optional --save-peer --save-prod --shrinkwrap --sign-git-commit --sign-git-tag
		--strict-allow-scripts --strict-peer-deps --strict-ssl --timing --unicode --update-notifier --usage --version --versions --workspaces
		--workspaces-update --yes`,
	longVal: `--_auth --access --allow-directory --allow-file --allow-git --allow-remote --allow-scripts --also --audit-level --auth-type --before --browser --ca
		--cache --cache-max --cache-min --cafile --call --cert --cidr --cpu --depth --diff --diff-dst-prefix --diff-src-prefix --diff-unified --editor
		--expect-result-count --expires --fetch-retries --fetch-retry-factor --fetch-retry-maxtimeout --fetch-retry-mintimeout --fetch-timeout --git
		--globalconfig --heading --https-proxy --include --init-author-email --init-author-name --init-author-url --init-license --init-module --init-type
		--init-version --init.author.email --init.author.name --init.author.url --init.license --init.module --init.version --install-strategy --key --libc
		--local-address --location --lockfile-version --loglevel --logs-dir --logs-max --maxsockets --message --min-release-age --min-release-age-exclude
		--name --node-gyp --node-options --noproxy --omit --only --orgs --orgs-permission --os --otp --pack-destination --package --packages
		--packages-and-scopes-permission --password --prefix --preid --provenance-file --proxy --registry --replace-registry-host --save-prefix --sbom-format
		--sbom-type --scope --scopes --script-shell --searchexclude --searchlimit --searchopts --searchstaleness --shell --tag --tag-version-prefix
		--token-description --umask --user-agent --userconfig --viewer --which --workspace`,
	reads:  "--userconfig --globalconfig --cafile --provenance-file",
	writes: "--cache --logs-dir --pack-destination",
	runs:   "--script-shell --shell --editor --browser --viewer --git --node-gyp --init-module --init.module -c --call"}

// npmShorthands are npm's option words of more than one letter (npm help
// npm: -dd, -ws, --silent...), with the option each stands for; npm
// reads them after one dash or two.
var npmShorthands = map[string]string{
	"-dd": "--loglevel=verbose", "-ddd": "--loglevel=silly", "-quiet": "--loglevel=warn", "-silent": "--loglevel=silent",
	"-verbose": "--loglevel=verbose", "-desc": "--description", "-help": "--usage", "-local": "--no-global", "-no": "--no-yes",
	"-porcelain": "--parseable", "-readonly": "--read-only", "-reg": "--registry", "-iwr": "--include-workspace-root",
	"-ws": "--workspaces", "-enjoy-by": "--before",
}

// npmTool's verbs are npm's commands that only read the project or npm's
// own configuration, and test, which runs the project's tests; each takes
// every option of npmOpts. run is judged by npmTabled: by the table when
// it runs the tests or lists the scripts, else as a script.
var npmTool = newVerbTool(npmOpts, npmVerbs("test", "t", "tst", "ls", "list", "ll", "la", "explain", "why", "root", "prefix", "help", "hlep", "query", "sbom",
	"config", "c", "get", "version", "verison"))

// npmVerbs gives each verb its own copy of npmOpts, whose options do not
// end at the first operand (npm reads them anywhere).
func npmVerbs(verbs ...string) map[string]*toolOpts {
	m := map[string]*toolOpts{}
	for _, v := range verbs {
		o := npmOpts
		m[v] = &o
	}
	return m
}

// npmExpand returns the arguments with npm's multi-letter shorthands
// written as the options they stand for, and a value "~/..." after
// "--option=" as the path under home it names.
func npmExpand(c *cmd, args []field) []field {
	out := make([]field, 0, len(args))
	for _, a := range args {
		if long, ok := npmShorthands["-"+strings.TrimLeft(a.s, "-")]; ok && !a.dyn && strings.HasPrefix(a.s, "-") {
			a.s = long
		}
		out = append(out, npmTilde(c, a))
	}
	return out
}

// npmTilde expands "--option=~/path": the shell leaves the tilde, but npm
// and pnpm read path options through nopt, which puts home in its place.
func npmTilde(c *cmd, a field) field {
	name, val, ok := strings.Cut(a.s, "=")
	if ok && !a.dyn && strings.HasPrefix(name, "--") && (val == "~" || strings.HasPrefix(val, "~/")) && c.wk.pl.home != "" {
		a.s = name + "=" + c.wk.pl.home + val[1:]
		a.glob = false
	}
	return a
}

// npmTabled judges npm by its table: every option is one npm documents,
// the files and programs options name are judged, and the command word
// decides the rest (npmVerb).
func npmTabled(c *cmd) { c.withArgs(npmExpand(c, c.rest()), npmExpanded) }

// npmExpanded is npmTabled for a line whose shorthands npmExpand wrote
// out.
func npmExpanded(c *cmd) {
	before, verb, flags, ops, known := c.verbGlobal(npmTool)
	if !known && npmRunsTests(verb, ops) {
		flags, ops = c.judgeArgs(ops, npmTool.verbs["test"])
	} else if !known {
		// Options after a command without a table still matter.
		flags, ops = parseOpts(ops, npmOpts.spec())
	}
	flags = append(before, flags...)
	npmOptions(c, flags, verb.s)
	npmVerb(c, verb, ops, flags)
}

// npmRunsTests reports whether npm run only lists the scripts or runs the
// test script, whose words its table judges.
func npmRunsTests(verb field, ops []field) bool {
	switch verb.s {
	case "run", "run-script", "rum", "urn":
		_, words := parseOpts(ops, npmOpts.spec())
		return !verb.dyn && (len(words) == 0 || first(words) == "test" || first(words) == "tests")
	}
	return false
}

// npmOptions judges the options every JavaScript package manager shares
// the meaning of: the shell scripts run in, where packages go.
func npmOptions(c *cmd, flags []flag, verb string) {
	if has(flags, "--script-shell", "--node-options", "--shell") {
		c.add(Dangerous, "changes the shell or options scripts run with", "builtin:env-override")
	}
	for _, d := range values(flags, "C", "--prefix", "--dir", "--cwd") {
		dirs := c.chdir(c.d, d)
		if !c.outsideRoot(dirs) {
			continue
		}
		if npmInstalls[verb] {
			c.add(Dangerous, "installs packages outside the project", "builtin:global-install")
		} else {
			c.add(Warning, "works on a project outside the project root", "builtin:npm-outside")
		}
	}
}

// npmInstalls are the package managers' commands that install, update
// or remove packages.
var npmInstalls = map[string]bool{}

func init() {
	for _, v := range strings.Fields(`install i in ins inst insta instal isnt isnta isntal isntall add a ci clean-install install-clean
		isntall-clean ic update u up upgrade udpate uninstall un unlink remove rm r dedupe ddp prune link ln rebuild rb install-test it
		install-ci-test cit clean-install-test sit import`) {
		npmInstalls[v] = true
	}
}

// npmGlobal reports whether the options make npm work on the global
// packages rather than the project's.
func npmGlobal(flags []flag) bool {
	for _, f := range flags {
		switch {
		case f.is("g"), f.name == "--global":
			return true
		case f.name == "--location" && f.hasVal && f.val.s != "project":
			return true
		}
	}
	return false
}

// npmVerb judges an npm command by its command word: tests are Safe,
// installing project dependencies and running scripts Warning, global
// installs and publishing Dangerous.
func npmVerb(c *cmd, verb field, ops []field, flags []flag) {
	sub := verb.s
	if verb.dyn {
		c.add(Warning, "the npm command is not known until it runs", "builtin:unknown")
		return
	}
	global := npmGlobal(flags)
	switch sub {
	case "test", "t", "tst":
		testScript(c, ops)
	case "run", "run-script", "rum", "urn":
		runScript(c, ops)
	case "":
		c.add(Safe, "prints usage", "builtin:read-only")
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall",
		"add", "ci", "clean-install", "install-clean", "isntall-clean", "ic", "update", "u", "up", "upgrade", "udpate",
		"uninstall", "un", "unlink", "remove", "rm", "r", "dedupe", "ddp", "prune", "link", "ln",
		"rebuild", "rb", "install-test", "it", "install-ci-test", "cit", "clean-install-test", "sit":
		if global {
			c.add(Dangerous, "installs packages globally", "builtin:global-install")
		} else {
			c.add(Warning, "installs or changes project dependencies", "builtin:install")
		}
	case "publish", "unpublish", "deprecate", "undeprecate", "owner", "author", "access", "dist-tag", "dist-tags", "team", "org", "ogr",
		"token", "login", "logout", "adduser", "add-user", "star", "unstar", "hook", "profile", "trust":
		c.add(Dangerous, "changes the package registry", "builtin:publish")
	case "exec", "x", "create", "init", "innit":
		c.add(Warning, "downloads and runs a package", "builtin:npx")
	case "start", "restart", "stop":
		c.add(Warning, "runs the project's server", "builtin:server")
	case "ls", "list", "ll", "la", "explain", "why", "root", "prefix", "help", "hlep", "query", "sbom":
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
	case "view", "v", "info", "show", "outdated", "search", "s", "se", "find", "ping", "whoami", "fund", "doctor",
		"docs", "home", "repo", "bugs", "issues", "stars", "help-search":
		c.add(Warning, "reads from the package registry", "builtin:network")
	case "audit":
		if first(ops) == "fix" {
			c.add(Warning, "changes project dependencies", "builtin:install")
		} else {
			c.add(Warning, "reads from the package registry", "builtin:network")
		}
	case "get":
		c.add(Safe, "reads npm configuration", "builtin:read-only")
	case "config", "c":
		npmConfig(c, first(ops))
	case "set":
		c.add(Dangerous, "changes npm's user configuration", "builtin:npm-config")
	case "version", "verison":
		if len(ops) == 0 {
			c.add(Safe, "prints versions", "builtin:read-only")
		} else {
			c.add(Warning, "bumps the version and tags it", "builtin:npm-script")
		}
	default:
		c.add(Warning, "unknown npm command", "builtin:unknown")
	}
}

// npmConfig judges npm config by its subcommand: get and list read, any
// other changes the user's configuration.
func npmConfig(c *cmd, sub string) {
	switch sub {
	case "get", "list", "ls", "":
		c.add(Safe, "reads npm configuration", "builtin:read-only")
	default:
		c.add(Dangerous, "changes npm's user configuration", "builtin:npm-config")
	}
}

// testScript judges a package manager's test command: the project's
// test script runs, and the files named in the words passed to it are
// read.
func testScript(c *cmd, words []field) {
	c.add(Safe, "runs the project's tests", "builtin:test")
	c.read(scriptFiles(words))
}

// runScript judges a package manager's run command by the script it
// names (script[0]; the words after it are passed to the script): none
// lists the scripts, the test script runs the tests, any other script
// runs whatever package.json says.
func runScript(c *cmd, script []field) {
	switch s := first(script); {
	case len(script) == 0:
		c.add(Safe, "lists the project's scripts", "builtin:read-only")
	case s == "test" || s == "tests":
		testScript(c, script[1:])
	default:
		c.add(Warning, "runs a package script", "builtin:npm-script")
	}
}

// configCommand judges the config command of pnpm or yarn (name) by its
// subcommand: those in reads only read, any other changes the
// configuration.
func configCommand(c *cmd, name, sub string, reads ...string) {
	if slices.Contains(reads, sub) {
		c.add(Safe, "reads "+name+" configuration", "builtin:read-only")
		return
	}
	c.add(Dangerous, "changes "+name+"'s configuration", "builtin:npm-config")
}

// licensesCommand judges the licenses command of pnpm or yarn: listing
// them reads the dependencies, any other subcommand is judged as other
// says.
func licensesCommand(c *cmd, sub, other string) {
	if sub == "ls" || sub == "list" {
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
		return
	}
	c.add(Warning, other, "builtin:unknown")
}

// npmWithGlobal judges words as npm's command line, with npm's -g when
// global holds -g or --global: the judgement pnpm and bun leave to npm.
func npmWithGlobal(c *cmd, global []flag, words []field) {
	if has(global, "g", "--global") {
		words = append([]field{lit("-g")}, words...)
	}
	c.withArgs(words, npm)
}

// prettierOpts is prettier's table (prettier --help, Prettier 3.10.1). By
// default prettier prints the formatted files; --write rewrites them.
// Its configuration (prettier.config.js) and plugins are code: the
// project's own, or, named by --config and --plugin, anyone's.
var prettierOpts = fileOptions{source: "prettier --help, Prettier 3.10.1",
	flags: `-c --check -l --list-different -w --write --bracket-same-line --no-bracket-spacing --experimental-ternaries --no-experimental-ternaries
		--jsx-single-quote --no-semi --single-attribute-per-line --single-quote --use-tabs --vue-indent-script-and-style --no-config --no-editorconfig
		--with-node-modules --cache --check-ignore-pragma --no-color --no-error-on-unmatched-pattern -u --ignore-unknown --insert-pragma --require-pragma
		--support-info`,
	valued: `--arrow-parens --embedded-language-formatting --end-of-line --experimental-operator-position --html-whitespace-sensitivity --object-wrap
		--parser --print-width --prose-wrap --quote-props --tab-width --trailing-comma --config-precedence --cursor-offset --range-end --range-start
		--cache-strategy --log-level --stdin-filepath`,
	reads:    "--config --ignore-path --find-config-path --file-info",
	writes:   "--cache-location",
	runs:     "--plugin",
	writesIn: "-w --write"}

// pnpmSource names the manuals pnpm's tables were taken from.
const pnpmSource = "pnpm help COMMAND, pnpm 10.34.9"

// pnpmRunOpts are the options of pnpm run (and test, its shorthand); the
// same universal options may stand before any command. Options after the
// script's name are the script's (pnpm help run).
var pnpmRunOpts = toolOpts{source: pnpmSource, flags: "hrwvs", vals: "CF",
	long: `--aggregate-output --color --fail-if-no-match --help --if-present --no-bail --no-color --parallel --recursive --report-summary
		--reporter-hide-prefix --sequential --stream --use-stderr --workspace-root --version --silent`,
	longVal: "--changed-files-ignore-pattern --dir --filter --filter-prod --loglevel --test-pattern --resume-from --reporter --workspace-concurrency",
	stop:    true}

// pnpmTool is pnpm's universal options and the tables of the commands
// that only read the project or pnpm's configuration.
var pnpmTool = newVerbTool(pnpmRunOpts, map[string]*toolOpts{
	"ls": &pnpmListOpts, "list": &pnpmListOpts, "la": &pnpmListOpts, "ll": &pnpmListOpts, "why": &pnpmListOpts,
	"root": &pnpmRootOpts, "bin": &pnpmRootOpts,
	"config": &pnpmConfigOpts, "c": &pnpmConfigOpts,
	"licenses": &pnpmLicensesOpts,
})

var (
	pnpmListOpts = toolOpts{source: pnpmSource, flags: "DPghrw", vals: "CF",
		long: `--aggregate-output --color --dev --exclude-peers --fail-if-no-match --global --help --json --lockfile-only --long --no-color
			--no-optional --only-projects --parseable --prod --recursive --stream --use-stderr --workspace-root`,
		longVal: "--changed-files-ignore-pattern --depth --dir --filter --filter-prod --loglevel --test-pattern --global-dir", reads: "--global-dir"}
	pnpmRootOpts     = toolOpts{source: pnpmSource, flags: "g", long: "--global"}
	pnpmConfigOpts   = toolOpts{source: pnpmSource, flags: "g", long: "--global --json", longVal: "--location"}
	pnpmLicensesOpts = toolOpts{source: pnpmSource, flags: "DP", vals: "F", long: "--dev --fail-if-no-match --json --long --no-optional --prod",
		longVal: "--changed-files-ignore-pattern --filter --filter-prod --test-pattern"}
)

// pnpmTabled judges pnpm by its tables. test runs the test script with
// the words after it; run runs a script; ls, why, root, bin, licenses and
// config get/list only read. Other commands are judged as npm's.
func pnpmTabled(c *cmd) { c.withArgs(npmExpand(c, c.rest()), pnpmExpanded) }

// pnpmExpanded is pnpmTabled for a line whose shorthands npmExpand wrote
// out.
func pnpmExpanded(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(pnpmTool)
	if !known {
		// pnpm reads its universal options after any command too.
		flags, _ = parseOpts(ops, pnpmListOpts.spec())
	}
	npmOptions(c, append(global, flags...), verb.s)
	switch {
	case verb.dyn:
		c.add(Warning, "the pnpm command is not known until it runs", "builtin:unknown")
	case verb.s == "":
		c.add(Safe, "prints usage", "builtin:read-only")
	case verb.s == "test" || verb.s == "t" || verb.s == "tst":
		testScript(c, ops)
	case verb.s == "run" || verb.s == "run-script":
		_, script := c.judgeArgs(ops, &pnpmRunOpts)
		runScript(c, script)
	case known && (verb.s == "config" || verb.s == "c"):
		configCommand(c, "pnpm", first(ops), "get", "list", "")
	case known && verb.s == "licenses":
		licensesCommand(c, first(ops), "unknown pnpm command")
	case known:
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
	default:
		// npm's judgement of the command, with pnpm's global -g kept.
		npmWithGlobal(c, global, c.afterGlobal(pnpmTool))
	}
}

// scriptFiles returns the words given to a test script that name files:
// its operands, not its options.
func scriptFiles(args []field) []field {
	var out []field
	for _, a := range args {
		if !strings.HasPrefix(a.s, "-") || a.dyn {
			out = append(out, a)
			continue
		}
		// --outputFile=PATH, --config=PATH: the runner reads or writes
		// the value, which is judged like a path given on its own.
		if _, val, ok := strings.Cut(a.s, "="); ok && val != "" {
			out = append(out, field{s: val, glob: a.glob, w: a.w})
		}
	}
	return out
}

// yarnSource names the manual yarn's tables were taken from. Yarn 2 and
// later take other options: those not listed here are not modelled.
const yarnSource = "yarn COMMAND --help, Yarn 1.22.22 (classic)"

// yarnOpts are the options yarn takes on every command (yarn --help). The
// folders it keeps packages and caches in are written, --use-yarnrc is
// read (a yarnrc names the shell scripts run in), and --cwd moves the
// work. Options after a script's name are the script's.
var yarnOpts = toolOpts{source: yarnSource, flags: "svh",
	long: `--check-files --disable-pnp --enable-pnp --pnp --flat --focus --force --frozen-lockfile --har --ignore-engines --ignore-optional
		--ignore-platform --ignore-scripts --json --link-duplicates --no-bin-links --no-default-rc --no-lockfile --non-interactive
		--no-node-version-check --no-progress --offline --prefer-offline --pure-lockfile --silent --skip-integrity-check --strict-semver
		--update-checksums --version --verbose --help`,
	longVal: `--cache-folder --cwd --emoji --global-folder --https-proxy --link-folder --modules-folder --mutex --network-concurrency
		--network-timeout --otp --preferred-cache-folder --prod --production --proxy --registry --scripts-prepend-node-path --use-yarnrc`,
	reads:  "--use-yarnrc",
	writes: "--cache-folder --global-folder --link-folder --modules-folder --preferred-cache-folder",
	stop:   true}

// yarnTool is yarn's global options and the tables of the commands that
// only read the project or yarn's configuration.
var yarnTool = newVerbTool(yarnOpts, map[string]*toolOpts{
	"list": yarnVerb("--depth --pattern", ""), "why": yarnVerb("", ""), "bin": yarnVerb("", ""),
	"licenses": yarnVerb("", ""), "config": yarnVerb("", ""), "help": yarnVerb("", ""),
	"check": yarnVerb("", "--integrity --verify-tree"),
})

// yarnVerb is yarnOpts with a command's own options, read anywhere.
func yarnVerb(longVal, long string) *toolOpts {
	o := yarnOpts
	o.stop = false
	o.longVal += " " + longVal
	o.long += " " + long
	return &o
}

// yarnTabled judges yarn by its tables: test and run test pass the
// script's words; list, why, bin, licenses list, config get/list, help
// and check only read. Other commands are judged as npm's.
func yarnTabled(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(yarnTool)
	if !known {
		// yarn reads its global options after any command too.
		flags, _ = parseOpts(ops, yarnTool.verbs["list"].spec())
	}
	flags = append(global, flags...)
	npmOptions(c, flags, verb.s)
	for _, m := range values(flags, "--mutex") {
		if kind, path, ok := strings.Cut(m.s, ":"); ok && kind == "file" && !m.dyn {
			c.path(accWrite, field{s: path})
		}
	}
	switch {
	case verb.dyn:
		c.add(Warning, "the yarn command is not known until it runs", "builtin:unknown")
	case verb.s == "test":
		testScript(c, ops)
	case verb.s == "run":
		_, script := c.judgeArgs(ops, &yarnOpts)
		runScript(c, script)
	case verb.s == "version":
		// yarn version asks for the new version, then commits and tags it.
		c.add(Warning, "bumps the version and tags it", "builtin:npm-script")
	case known && verb.s == "config":
		configCommand(c, "yarn", first(ops), "get", "list")
	case known && verb.s == "licenses":
		licensesCommand(c, first(ops), "prints the licenses of dependencies, generating a notice")
	case known:
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
	default:
		// npm's judgement of the command (yarn alone installs).
		c.withArgs(c.afterGlobal(yarnTool), npm)
	}
}

// taploSource names the manual taplo's tables were taken from.
const taploSource = "taplo COMMAND --help, taplo 0.9.0 (@taplo/cli 0.7.0)"

// taploGlobal is taplo's global options, which clap also accepts after
// the command.
const (
	taploFlags   = "hV"
	taploLong    = "--log-spans --verbose --help --version"
	taploLongVal = "--colors"
)

// taploTool is taplo's tables: format rewrites the files it is given
// unless --check or --diff; lint and get read; config prints.
var taploTool = newVerbTool(toolOpts{source: taploSource, flags: taploFlags, long: taploLong, longVal: taploLongVal},
	map[string]*toolOpts{
		"format": &taploFormat, "fmt": &taploFormat,
		"lint": &taploLint, "check": &taploLint, "validate": &taploLint,
		"get":    {flags: "s" + taploFlags, vals: "fo", long: "--strip-newline " + taploLong, longVal: "--file-path --output-format --separator " + taploLongVal, reads: "-f --file-path"},
		"config": {flags: taploFlags, long: taploLong, longVal: taploLongVal, words: true},
		"help":   {flags: taploFlags, long: taploLong, longVal: taploLongVal, words: true},
	})

var (
	taploFormat = toolOpts{flags: "f" + taploFlags, vals: "co", long: "--check --diff --force --no-auto-config " + taploLong,
		longVal: "--config --cache-path --option --stdin-filepath " + taploLongVal, reads: "-c --config", writes: "--cache-path"}
	taploLint = toolOpts{flags: taploFlags, vals: "c", long: "--default-schema-catalogs --no-auto-config --no-schema " + taploLong,
		longVal: "--config --cache-path --schema --schema-catalog " + taploLongVal, reads: "-c --config", writes: "--cache-path"}
)

// taplo judges taplo by its tables.
func taplo(c *cmd) {
	verb, flags, ops, known := c.verb(taploTool)
	switch {
	case verb.s == "" && !verb.dyn:
		c.add(Safe, "prints usage", "builtin:read-only")
	case !known:
		c.add(Warning, "runs a taplo command the classifier does not model ("+shorten(verb.s)+")", "builtin:unknown")
	case verb.s == "format" || verb.s == "fmt":
		if has(flags, "--check", "--diff") || len(ops) == 1 && ops[0].s == "-" && !ops[0].dyn {
			c.add(Safe, "checks formatting", "builtin:lint")
			c.read(ops)
			return
		}
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(ops)
	case verb.s == "lint" || verb.s == "check" || verb.s == "validate":
		for _, u := range values(flags, "--schema", "--schema-catalog") {
			if u.dyn || strings.Contains(u.s, "://") && !strings.HasPrefix(u.s, "file://") {
				c.add(Warning, "fetches a schema from the network", "builtin:network")
			} else {
				c.path(accRead, field{s: strings.TrimPrefix(u.s, "file://")})
			}
		}
		if has(flags, "--default-schema-catalogs") {
			c.add(Warning, "fetches schema catalogs from the network", "builtin:network")
		}
		c.add(Safe, "checks TOML files", "builtin:lint")
		c.read(ops)
	default:
		c.add(Safe, "prints TOML values or taplo's configuration", "builtin:read-only")
	}
}

// dprintOpts is dprint's options on every command (dprint help COMMAND,
// dprint 0.57.4). dprint formats with the plugins its configuration
// names, downloading them when they are not cached, and process plugins
// are programs: every command that formats or resolves the
// configuration runs them.
var dprintOpts = toolOpts{source: "dprint help COMMAND, dprint 0.57.4", flags: "hV", vals: "cL",
	long: "--help --version", longVal: "--config --config-discovery --plugins --log-level",
	reads: "-c --config", runs: "--plugins"}

// dprintTool's verbs are the commands that print without loading plugins.
var dprintTool = newVerbTool(dprintOpts, map[string]*toolOpts{"completions": &dprintPrintOpts, "help": &dprintPrintOpts})

// dprintPrintOpts is the table of the commands that only print.
var dprintPrintOpts = dprintOpts

// dprint judges dprint by its table: usage, help and completions print;
// check and the other reports run the configured plugins; fmt rewrites
// files; init, add and config change the configuration, and upgrade
// replaces the program.
func dprint(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(dprintTool)
	for _, f := range values(append(global, flags...), "c", "--config") {
		if strings.Contains(f.s, "://") || f.dyn {
			c.add(Warning, "reads its configuration from the network", "builtin:network")
		}
	}
	switch {
	case verb.s == "" && !verb.dyn || known:
		c.add(Safe, "prints usage", "builtin:read-only")
	case verb.s == "fmt":
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(ops)
	case verb.s == "check" || verb.s == "file-paths" || verb.s == "resolved-config" || verb.s == "incremental-state" ||
		verb.s == "format-times" || verb.s == "license" || verb.s == "output-file-paths" || verb.s == "output-resolved-config":
		c.add(Warning, "runs the formatting plugins its configuration names, downloading them when not cached", "builtin:tool-program")
		c.read(scriptFiles(ops))
	case verb.s == "upgrade":
		c.add(Dangerous, "replaces the dprint program", "builtin:global-install")
	case verb.s == "lsp":
		c.add(Warning, "starts a language server", "builtin:server")
	default:
		c.add(Warning, "changes dprint's configuration or cache", "builtin:format")
	}
}

// biomeTool is Biome's tables (biome COMMAND --help, Biome 2.6.8): the
// commands that check, lint, format to standard output, search and print.
// Each takes the configuration options of biome.json as options; the
// configuration file named by --config-path is read, the reporter and log
// files are written, and --write (--fix) rewrites the files checked.
var biomeTool = newVerbTool(toolOpts{source: "biome COMMAND --help, Biome 2.6.8 (@biomejs/biome)", flags: "hV", long: "--help --version"},
	map[string]*toolOpts{
		"check": {flags: "h", vals: "",
			long:    "--changed --error-on-warnings --fix --help --no-errors-on-unmatched --profile-rules --profile-type-inference --skip-parse-errors --staged --unsafe --use-server --verbose --watch --write",
			longVal: "--arrow-parentheses --assist-enabled --attribute-position --bracket-same-line --bracket-spacing --colors --config-path --css-assist-enabled --css-formatter-delimiter-spacing --css-formatter-enabled --css-formatter-indent-style --css-formatter-indent-width --css-formatter-line-ending --css-formatter-line-width --css-formatter-quote-style --css-formatter-trailing-newline --css-linter-enabled --css-parse-css-modules --css-parse-tailwind-directives --delimiter-spacing --diagnostic-level --enforce-assist --expand --files-ignore-unknown --files-max-size --format-with-errors --formatter-enabled --graphql-assist-enabled --graphql-formatter-enabled --graphql-formatter-indent-style --graphql-formatter-indent-width --graphql-formatter-line-ending --graphql-formatter-line-width --graphql-formatter-quote-style --graphql-formatter-trailing-newline --graphql-linter-enabled --grit-assist-enabled --grit-formatter-enabled --grit-formatter-indent-style --grit-formatter-indent-width --grit-formatter-line-ending --grit-formatter-line-width --grit-formatter-trailing-newline --grit-linter-enabled --html-assist-enabled --html-formatter-attribute-position --html-formatter-bracket-same-line --html-formatter-enabled --html-formatter-indent-script-and-style --html-formatter-indent-style --html-formatter-indent-width --html-formatter-line-ending --html-formatter-line-width --html-formatter-self-close-void-elements --html-formatter-trailing-newline --html-formatter-whitespace-sensitivity --html-linter-enabled --indent-style --indent-width --javascript-assist-enabled --javascript-formatter-attribute-position --javascript-formatter-bracket-spacing --javascript-formatter-delimiter-spacing --javascript-formatter-enabled --javascript-formatter-expand --javascript-formatter-indent-style --javascript-formatter-indent-width --javascript-formatter-line-ending --javascript-formatter-line-width --javascript-formatter-operator-linebreak --javascript-formatter-quote-style --javascript-formatter-trailing-newline --javascript-linter-enabled --json-assist-enabled --json-formatter-bracket-spacing --json-formatter-delimiter-spacing --json-formatter-enabled --json-formatter-expand --json-formatter-indent-style --json-formatter-indent-width --json-formatter-line-ending --json-formatter-line-width --json-formatter-trailing-commas --json-formatter-trailing-newline --json-linter-enabled --json-parse-allow-comments --json-parse-allow-trailing-commas --jsx-everywhere --jsx-quote-style --line-ending --line-width --linter-enabled --log-file --log-kind --log-level --log-path --log-prefix-name --max-diagnostics --md-analyze-embeds --md-formatter-enabled --md-formatter-format-embeds --md-formatter-indent-style --md-formatter-indent-width --md-formatter-line-ending --md-formatter-line-width --md-formatter-prose-wrap --md-formatter-trailing-newline --md-linter-enabled --md-parse-frontmatter --only --quote-properties --reporter --reporter-file --semicolons --since --skip --stdin-file-path --trailing-commas --trailing-newline --use-editorconfig --vcs-client-kind --vcs-default-branch --vcs-enabled --vcs-root --vcs-use-ignore-file --yaml-formatter-bracket-spacing --yaml-formatter-enabled --yaml-formatter-indent-width --yaml-formatter-line-ending --yaml-formatter-line-width --yaml-formatter-quote-style --yaml-formatter-trailing-newline --yaml-linter-enabled"},
		"lint": {flags: "h", vals: "",
			long:    "--changed --error-on-warnings --fix --help --no-errors-on-unmatched --profile-rules --profile-type-inference --skip-parse-errors --staged --suppress --unsafe --use-server --verbose --watch --write",
			longVal: "--colors --config-path --css-linter-enabled --css-parse-css-modules --css-parse-tailwind-directives --diagnostic-level --files-ignore-unknown --files-max-size --graphql-linter-enabled --javascript-linter-enabled --json-linter-enabled --json-parse-allow-comments --json-parse-allow-trailing-commas --log-file --log-kind --log-level --log-path --log-prefix-name --max-diagnostics --md-analyze-embeds --md-linter-enabled --md-parse-frontmatter --only --reason --reporter --reporter-file --since --skip --stdin-file-path --vcs-client-kind --vcs-default-branch --vcs-enabled --vcs-root --vcs-use-ignore-file"},
		"format": {flags: "h", vals: "",
			long:    "--changed --error-on-warnings --fix --help --no-errors-on-unmatched --skip-parse-errors --staged --use-server --verbose --watch --write",
			longVal: "--arrow-parentheses --attribute-position --bracket-same-line --bracket-spacing --colors --config-path --css-formatter-delimiter-spacing --css-formatter-enabled --css-formatter-indent-style --css-formatter-indent-width --css-formatter-line-ending --css-formatter-line-width --css-formatter-quote-style --css-formatter-trailing-newline --css-parse-css-modules --css-parse-tailwind-directives --delimiter-spacing --diagnostic-level --expand --files-ignore-unknown --files-max-size --format-with-errors --graphql-formatter-enabled --graphql-formatter-indent-style --graphql-formatter-indent-width --graphql-formatter-line-ending --graphql-formatter-line-width --graphql-formatter-quote-style --graphql-formatter-trailing-newline --html-formatter-attribute-position --html-formatter-bracket-same-line --html-formatter-enabled --html-formatter-indent-script-and-style --html-formatter-indent-style --html-formatter-indent-width --html-formatter-line-ending --html-formatter-line-width --html-formatter-self-close-void-elements --html-formatter-trailing-newline --html-formatter-whitespace-sensitivity --indent-style --indent-width --javascript-formatter-attribute-position --javascript-formatter-bracket-spacing --javascript-formatter-delimiter-spacing --javascript-formatter-enabled --javascript-formatter-expand --javascript-formatter-indent-style --javascript-formatter-indent-width --javascript-formatter-line-ending --javascript-formatter-line-width --javascript-formatter-operator-linebreak --javascript-formatter-quote-style --javascript-formatter-trailing-newline --json-formatter-bracket-spacing --json-formatter-delimiter-spacing --json-formatter-enabled --json-formatter-expand --json-formatter-indent-style --json-formatter-indent-width --json-formatter-line-ending --json-formatter-line-width --json-formatter-trailing-commas --json-formatter-trailing-newline --json-parse-allow-comments --json-parse-allow-trailing-commas --jsx-quote-style --line-ending --line-width --log-file --log-kind --log-level --log-path --log-prefix-name --max-diagnostics --md-formatter-enabled --md-formatter-format-embeds --md-formatter-indent-style --md-formatter-indent-width --md-formatter-line-ending --md-formatter-line-width --md-formatter-prose-wrap --md-formatter-trailing-newline --quote-properties --reporter --reporter-file --semicolons --since --stdin-file-path --trailing-commas --trailing-newline --use-editorconfig --vcs-client-kind --vcs-default-branch --vcs-enabled --vcs-root --vcs-use-ignore-file --yaml-formatter-bracket-spacing --yaml-formatter-enabled --yaml-formatter-indent-width --yaml-formatter-line-ending --yaml-formatter-line-width --yaml-formatter-quote-style --yaml-formatter-trailing-newline"},
		"ci": {flags: "h", vals: "",
			long:    "--changed --error-on-warnings --help --no-errors-on-unmatched --skip-parse-errors --use-server --verbose",
			longVal: "--arrow-parentheses --assist-enabled --attribute-position --bracket-same-line --bracket-spacing --colors --config-path --css-assist-enabled --css-formatter-delimiter-spacing --css-formatter-enabled --css-formatter-indent-style --css-formatter-indent-width --css-formatter-line-ending --css-formatter-line-width --css-formatter-quote-style --css-formatter-trailing-newline --css-linter-enabled --css-parse-css-modules --css-parse-tailwind-directives --delimiter-spacing --diagnostic-level --enforce-assist --expand --files-ignore-unknown --files-max-size --format-with-errors --formatter-enabled --graphql-assist-enabled --graphql-formatter-enabled --graphql-formatter-indent-style --graphql-formatter-indent-width --graphql-formatter-line-ending --graphql-formatter-line-width --graphql-formatter-quote-style --graphql-formatter-trailing-newline --graphql-linter-enabled --grit-assist-enabled --grit-formatter-enabled --grit-formatter-indent-style --grit-formatter-indent-width --grit-formatter-line-ending --grit-formatter-line-width --grit-formatter-trailing-newline --grit-linter-enabled --html-assist-enabled --html-formatter-attribute-position --html-formatter-bracket-same-line --html-formatter-enabled --html-formatter-indent-script-and-style --html-formatter-indent-style --html-formatter-indent-width --html-formatter-line-ending --html-formatter-line-width --html-formatter-self-close-void-elements --html-formatter-trailing-newline --html-formatter-whitespace-sensitivity --html-linter-enabled --indent-style --indent-width --javascript-assist-enabled --javascript-formatter-attribute-position --javascript-formatter-bracket-spacing --javascript-formatter-delimiter-spacing --javascript-formatter-enabled --javascript-formatter-expand --javascript-formatter-indent-style --javascript-formatter-indent-width --javascript-formatter-line-ending --javascript-formatter-line-width --javascript-formatter-operator-linebreak --javascript-formatter-quote-style --javascript-formatter-trailing-newline --javascript-linter-enabled --json-assist-enabled --json-formatter-bracket-spacing --json-formatter-delimiter-spacing --json-formatter-enabled --json-formatter-expand --json-formatter-indent-style --json-formatter-indent-width --json-formatter-line-ending --json-formatter-line-width --json-formatter-trailing-commas --json-formatter-trailing-newline --json-linter-enabled --json-parse-allow-comments --json-parse-allow-trailing-commas --jsx-everywhere --jsx-quote-style --line-ending --line-width --linter-enabled --log-file --log-kind --log-level --log-path --log-prefix-name --max-diagnostics --md-analyze-embeds --md-formatter-enabled --md-formatter-format-embeds --md-formatter-indent-style --md-formatter-indent-width --md-formatter-line-ending --md-formatter-line-width --md-formatter-prose-wrap --md-formatter-trailing-newline --md-linter-enabled --md-parse-frontmatter --only --quote-properties --reporter --reporter-file --semicolons --since --skip --threads --trailing-commas --trailing-newline --use-editorconfig --vcs-client-kind --vcs-default-branch --vcs-enabled --vcs-root --vcs-use-ignore-file --yaml-formatter-bracket-spacing --yaml-formatter-enabled --yaml-formatter-indent-width --yaml-formatter-line-ending --yaml-formatter-line-width --yaml-formatter-quote-style --yaml-formatter-trailing-newline --yaml-linter-enabled"},
		"version": {flags: "h", vals: "",
			long:    "--error-on-warnings --help --no-errors-on-unmatched --skip-parse-errors --use-server --verbose",
			longVal: "--colors --config-path --diagnostic-level --max-diagnostics --reporter --reporter-file"},
		"explain": {flags: "h", vals: "",
			long:    "--help",
			longVal: ""},
		"search": {flags: "h", vals: "l",
			long:    "--error-on-warnings --help --no-errors-on-unmatched --skip-parse-errors --use-server --verbose",
			longVal: "--colors --config-path --diagnostic-level --files-ignore-unknown --files-max-size --language --log-file --log-kind --log-level --log-path --log-prefix-name --max-diagnostics --reporter --reporter-file --vcs-client-kind --vcs-default-branch --vcs-enabled --vcs-root --vcs-use-ignore-file"},
	})

func init() {
	for _, o := range biomeTool.verbs {
		// --reporter-file is judged by biome: --reporter, a prefix of
		// its name, would be read as it.
		o.reads, o.writes = "--config-path", "--log-file --log-path"
		o.parsed = nil
		o.spec()
	}
}

// biome judges Biome by its tables: check, lint, ci, format (which
// prints), search, version and explain read; --write and --fix rewrite
// the files; the daemon's commands start or stop a server; the rest
// change the configuration or the program.
func biome(c *cmd) {
	verb, flags, ops, known := c.verb(biomeTool)
	for _, f := range flags {
		if f.name == "--reporter-file" && f.hasVal {
			c.path(accWrite, f.val)
		}
	}
	switch {
	case verb.s == "" && !verb.dyn:
		c.add(Safe, "prints usage", "builtin:read-only")
	case known && has(flags, "--write", "--fix", "--apply", "--apply-unsafe"):
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(ops)
	case known && verb.s == "search":
		c.add(Safe, "searches the project", "builtin:lint")
		if len(ops) > 0 {
			c.read(ops[1:]) // the first operand is the pattern
		}
	case known:
		c.add(Safe, "checks the project with its configuration", "builtin:lint")
		c.read(ops)
	case verb.s == "start" || verb.s == "lsp-proxy":
		c.add(Warning, "starts the Biome daemon server", "builtin:server")
	case verb.s == "upgrade":
		c.add(Dangerous, "replaces the Biome program", "builtin:global-install")
	default:
		c.add(Warning, "changes Biome's configuration, logs or daemon", "builtin:format")
	}
}

// bunSource names the manuals bun's tables were taken from.
const bunSource = "bun --help, bun test --help and bun why --help, Bun 1.4.5"

// bunRuntime is bun's own options (bun --help), which bun test takes too.
// Preloaded modules, .env files, bunfig.toml and a tsconfig are reads;
// profiles and redirected warnings writes. --bail, --changed, --parallel
// and --inspect take their value only after "=".
var bunRuntime = toolOpts{source: bunSource, flags: "vbih",
	long: `--silent --version --revision --bun --no-orphans --workspaces --parallel --sequential --no-exit-on-error --watch --hot --no-clear-screen
		--check --smol --interactive --inspect --inspect-wait --inspect-brk --cpu-prof --cpu-prof-md --heap-prof --heap-prof-md --if-present --no-install
		--prefer-offline --prefer-latest --experimental-http2-fetch --experimental-http3-fetch --insecure-http-parser --experimental-stream-iter --expose-gc
		--no-deprecation --throw-deprecation --no-warnings --trace-warnings --trace-deprecation --pending-deprecation --zero-fill-buffers --use-system-ca
		--use-openssl-ca --use-bundled-ca --tls-min-v1.0 --tls-min-v1.1 --tls-min-v1.2 --tls-min-v1.3 --tls-max-v1.2 --tls-max-v1.3 --redis-preconnect
		--sql-preconnect --no-addons --no-ffi-cc --preserve-symlinks --preserve-symlinks-main --no-macros --jsx-side-effects --ignore-dce-annotations
		--no-env-file --help`,
	vals: "Frepdlc",
	longVal: `--elide-lines --filter --shell --watch-kill-signal --preload --require --import --cpu-prof-name --cpu-prof-dir --cpu-prof-interval
		--heap-prof-name --heap-prof-dir --heap-prof-interval --install --eval --print --port --conditions --fetch-preconnect --max-http-header-size
		--dns-result-order --redirect-warnings --disable-warning --title --unhandled-rejections --console-depth --user-agent --cron-title --cron-period
		--main-fields --extension-order --tsconfig-override --define --drop --feature --loader --jsx-factory --jsx-fragment --jsx-import-source
		--jsx-runtime --env-file --cwd --config`,
	reads:  "-r --preload --require --import --env-file -c --config --tsconfig-override",
	writes: "--cpu-prof-name --cpu-prof-dir --heap-prof-name --heap-prof-dir --redirect-warnings",
	stop:   true}

// bunTool is bun's runtime options and the tables of test and why.
var bunTool = newVerbTool(bunRuntime, map[string]*toolOpts{"test": &bunTestOpts, "why": &bunWhyOpts})

var (
	bunTestOpts = toolOpts{flags: bunRuntime.flags + "u", vals: bunRuntime.vals + "t",
		long: bunRuntime.long + ` --update-snapshots --todo --only --pass-with-no-tests --concurrent --randomize --coverage --bail --dots
			--only-failures --changed --isolate --no-isolate --test-worker --update-timings`,
		longVal: bunRuntime.longVal + ` --timeout --rerun-each --retry --seed --coverage-reporter --coverage-dir --test-name-pattern --reporter
			--reporter-outfile --max-concurrency --path-ignore-patterns --parallel-delay --shard --timings`,
		reads: bunRuntime.reads + " --timings", writes: bunRuntime.writes}
	bunWhyOpts = toolOpts{flags: "ypfgh", vals: "c",
		long: `--yarn --production --no-save --save --dry-run --frozen-lockfile --force --no-cache --silent --quiet --verbose --no-progress --no-summary
			--no-verify --offline --prefer-offline --ignore-scripts --trust --global --no-env-file --save-text-lockfile --lockfile-only --use-system-ca
			--use-openssl-ca --use-bundled-ca --help --top`,
		longVal: `--config --ca --cafile --cache-dir --cwd --env-file --backend --registry --concurrent-scripts --network-concurrency --omit --linker
			--minimum-release-age --minimum-release-age-excludes --cpu --os --libc --depth`,
		reads: "-c --config --cafile --env-file", writes: "--cache-dir"}
)

// bun judges bun by its tables: test runs the project's tests and why
// reads the lockfile; JavaScript given on the command line, a debugger
// port and preconnections are warning; a file or another command is
// judged as npm judges its kind.
func bun(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(bunTool)
	if !known && verb.s != "run" {
		// The package commands take the install options (bun why's).
		flags, _ = parseOpts(ops, bunWhyOpts.spec())
	}
	flags = append(global, flags...)
	npmOptions(c, flags, verb.s)
	if has(flags, "e", "--eval", "p", "--print") {
		c.add(Warning, "runs JavaScript given on the command line", "builtin:interpreter")
	}
	if has(flags, "--inspect", "--inspect-wait", "--inspect-brk") {
		c.add(Warning, "opens a debugger port", "builtin:server")
	}
	if has(flags, "--fetch-preconnect", "--redis-preconnect", "--sql-preconnect") {
		c.add(Warning, "connects to a server before running", "builtin:network")
	}
	for _, f := range flags {
		// -i is --install=fallback; --install=force, auto and fallback
		// fetch the packages an import names from the registry (bun
		// --help, "auto-install"), and --prefer-latest always asks it.
		if f.name == "-i" || f.name == "--prefer-latest" || f.name == "--install" && (!f.hasVal || f.val.dyn || f.val.s != "disable") {
			c.add(Warning, "installs the packages its imports name from the network ("+f.name+")", "builtin:network")
		}
		if (f.name == "--coverage-dir" || f.name == "--reporter-outfile") && f.hasVal {
			c.output(f.val)
		}
	}
	switch {
	case verb.dyn:
		c.add(Warning, "the bun command is not known until it runs", "builtin:unknown")
	case verb.s == "":
		if has(flags, "e", "--eval", "p", "--print") {
			return
		}
		c.add(Safe, "prints usage", "builtin:read-only")
	case known && verb.s == "test":
		c.add(Safe, "runs the project's tests", "builtin:test")
		c.read(ops)
	case known:
		c.add(Safe, "reads the project's dependencies", "builtin:read-only")
	case verb.s == "run" && npmRunsTests(verb, ops):
		_, script := c.judgeArgs(ops, &bunRuntime)
		if len(script) == 0 {
			c.add(Safe, "lists the project's scripts", "builtin:read-only")
			return
		}
		testScript(c, script[1:])
	default:
		// npm's judgement of the command (a file or a script runs).
		npmWithGlobal(c, global, c.afterGlobal(bunTool))
	}
}

// denoSource names the manuals deno's tables were taken from.
const denoSource = "deno COMMAND --help, Deno 2.9.6"

// Deno's global options (deno --help), which its commands take too.
const (
	denoFlags   = "Vhq"
	denoLong    = "--env-file --help --quiet --version"
	denoLongVal = "--log-level"
)

// denoTool is deno's global options and the tables of test, check, lint,
// fmt and help. Configuration, import maps, certificates, .env files and
// preloaded modules are reads; the JUnit report a write. Options in
// brackets in the help (--coverage[=DIR], --lock [FILE]) take their
// value only after "=".
var denoTool = newVerbTool(toolOpts{source: denoSource, flags: denoFlags, vals: "L", long: denoLong, longVal: denoLongVal,
	reads: "--env-file"},
	map[string]*toolOpts{
		"test": {flags: "AEINPRSWru" + denoFlags, vals: "cL",
			long: `--allow-all --allow-env --allow-ffi --allow-import --allow-net --allow-read --allow-run --allow-scripts --allow-sys --allow-write
				--cached-only --changed --check --clean --coverage --coverage-raw-data-only --deny-env --deny-ffi --deny-import --deny-net --deny-read
				--deny-run --deny-sys --deny-write --doc --fail-fast --frozen-lockfile --hide-stacktraces --ignore --ignore-env --ignore-read --inspect
				--inspect-brk --inspect-wait --lock --no-check --no-clear-screen --no-config --no-lock --no-npm --no-prompt --no-remote --no-run
				--node-modules-dir --parallel --permission-set --permit-no-files --reload --sanitize-ops --sanitize-resources --shuffle
				--unsafely-ignore-certificate-errors --update-snapshots --v8-flags --vendor --watch --watch-exclude ` + denoLong,
			longVal: `--cert --conditions --config --coverage-threshold --ext --filter --import-map --inspect-publish-uid --junit-path --location
				--min-dep-age --node-modules-linker --preload --related --repeats --reporter --require --retry --seed --shard ` + denoLongVal,
			reads: "-c --config --import-map --cert --preload --require --env-file --lock", writes: "--junit-path"},
		"check": {flags: "Ir" + denoFlags, vals: "cL",
			long: `--all --allow-import --cached-only --deny-import --desktop --doc --doc-only --frozen-lockfile --lock --no-check --no-clear-screen
				--no-code-cache --no-config --no-lock --no-npm --no-remote --node-modules-dir --reload --unsafely-ignore-certificate-errors --v8-flags
				--vendor --watch --watch-exclude ` + denoLong,
			longVal: "--cert --conditions --config --import-map --location --min-dep-age --node-modules-linker --preload --require --seed " + denoLongVal,
			reads:   "-c --config --import-map --cert --preload --require --env-file --lock"},
		"lint": {flags: "I" + denoFlags, vals: "cL",
			long:    "--allow-import --compact --deny-import --fix --ignore --json --no-clear-screen --no-config --permit-no-files --rules --rules-exclude --rules-include --rules-tags --watch --watch-exclude " + denoLong,
			longVal: "--config --ext " + denoLongVal, reads: "-c --config --env-file"},
		"fmt": {flags: denoFlags, vals: "cL",
			long:    "--check --fail-fast --ignore --no-clear-screen --no-config --no-editorconfig --no-semicolons --permit-no-files --single-quote --unstable-component --unstable-sql --use-tabs --watch --watch-exclude " + denoLong,
			longVal: "--config --ext --indent-width --line-width --prose-wrap " + denoLongVal, reads: "-c --config --env-file"},
		"help": {flags: denoFlags, vals: "L", long: denoLong, longVal: denoLongVal},
	})

// deno judges deno by its tables: test runs the project's tests, check
// type-checks and lint lints it (rewriting with --fix), fmt rewrites
// unless --check, help prints. Every other command runs code, installs,
// fetches or publishes, and is judged by its kind.
func deno(c *cmd) {
	verb, flags, ops, known := c.verb(denoTool)
	if has(flags, "--inspect", "--inspect-brk", "--inspect-wait") {
		c.add(Warning, "opens a debugger port", "builtin:server")
	}
	for _, f := range values(flags, "--import-map", "-c", "--config") {
		if strings.Contains(f.s, "://") || f.dyn {
			c.add(Warning, "reads its configuration from the network", "builtin:network")
		}
	}
	for _, f := range flags {
		if f.name == "--coverage" && f.hasVal {
			c.output(f.val)
		}
	}
	if has(flags, "-r", "--reload", "--vendor", "--node-modules-dir") || slices.ContainsFunc(ops, denoRemote) {
		// Modules it has not cached are fetched, into DENO_DIR or the
		// project (--vendor, node_modules).
		c.add(Warning, "downloads modules", "builtin:network")
	}
	switch {
	case verb.dyn:
		c.add(Warning, "the deno command is not known until it runs", "builtin:unknown")
	case verb.s == "":
		c.add(Warning, "starts a REPL", "builtin:interactive")
	case known && verb.s == "test":
		c.add(Safe, "runs the project's tests", "builtin:test")
		c.read(ops)
	case known && verb.s == "check":
		c.add(Safe, "checks the project", "builtin:build")
		c.read(ops)
	case known && (verb.s == "lint" && has(flags, "--fix") || verb.s == "fmt" && !has(flags, "--check")):
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(ops)
	case known && (verb.s == "lint" || verb.s == "fmt"):
		c.add(Safe, "checks the project", "builtin:lint")
		c.read(ops)
	case known:
		c.add(Safe, "prints help", "builtin:read-only")
	case verb.s == "upgrade" || verb.s == "publish" || verb.s == "deploy" || verb.s == "uninstall" ||
		verb.s == "install" && hasWord(ops, "-g", "--global"):
		c.add(Dangerous, "installs, publishes or deploys outside the project", "builtin:global-install")
	case verb.s == "add" || verb.s == "remove" || verb.s == "install" || verb.s == "update" || verb.s == "ci" || verb.s == "cache" ||
		verb.s == "approve-scripts" || verb.s == "outdated" || verb.s == "audit" || verb.s == "link" || verb.s == "unlink":
		c.add(Warning, "installs or changes project dependencies", "builtin:install")
	default:
		c.add(Warning, "runs a program, a task or a package ("+shorten(verb.s)+")", "builtin:build")
	}
}

// denoRemote reports whether a module deno is given is fetched from the
// network: a URL, an npm: or jsr: specifier, or not known until it runs.
func denoRemote(f field) bool {
	return f.dyn || strings.Contains(f.s, "://") || strings.HasPrefix(f.s, "npm:") || strings.HasPrefix(f.s, "jsr:")
}

// turboSource names the manual turbo's tables were taken from.
const turboSource = "turbo --help, turbo run --help and turbo ls --help, Turborepo 2.11.11"

// turboGlobal is turbo's global options, which every command takes too.
const (
	turboGlobalLong    = "--version --skip-infer --no-update-notifier --color --no-color --preflight --dangerously-disable-package-manager-check --help"
	turboGlobalLongVal = `--api --cwd --heap --ui --login --remote-cache-timeout --team --token --trace --verbosity --experimental-otel-enabled
		--experimental-otel-protocol --experimental-otel-endpoint --experimental-otel-timeout-ms --experimental-otel-interval-ms --experimental-otel-header
		--experimental-otel-resource --experimental-otel-metrics-run-summary --experimental-otel-metrics-task-details
		--experimental-otel-use-remote-cache-token --root-turbo-json`
)

// turboTool is turbo's tables: run (also what turbo TASK means) and ls.
// Profiles, traces, graphs, logs and the cache directory are build
// output; another turbo.json is read (its tasks are commands run).
var turboTool = newVerbTool(toolOpts{source: turboSource, flags: "h", long: turboGlobalLong, longVal: turboGlobalLongVal},
	map[string]*toolOpts{"run": &turboRun, "ls": {flags: "h", vals: "F", long: "--affected " + turboGlobalLong,
		longVal: "--filter --output " + turboGlobalLongVal, reads: "--root-turbo-json"}})

var turboRun = toolOpts{flags: "h", vals: "F",
	long: "--no-cache --daemon --no-daemon --parallel --continue --single-package --affected --json --only " + turboGlobalLong,
	longVal: `--cache --force --remote-only --remote-cache-read-only --cache-workers --dry-run --graph --profile --anon-profile --summarize --cache-dir
		--concurrency --framework-inference --global-deps --env-mode --filter --output-logs --log-order --log-file --log-prefix ` + turboGlobalLongVal,
	reads: "--root-turbo-json"}

// turboSubcommands are turbo's commands other than run and ls; any other
// first word is a task to run.
var turboSubcommands = map[string]bool{"bin": true, "completion": true, "daemon": true, "devtools": true, "docs": true, "exec": true,
	"generate": true, "g": true, "gen": true, "get-mfe-port": true, "hook": true, "info": true, "link": true, "login": true,
	"logout": true, "prune": true, "query": true, "setup": true, "telemetry": true, "unlink": true, "watch": true}

// turbo judges Turborepo by its tables: ls lists packages; run (or turbo
// TASK) runs the project's tasks, safe when each is a test, lint, check or
// build task (as make and gradle are judged); the remote cache, the
// other commands and files outside the project are judged by kind.
func turbo(c *cmd) {
	global, verb, flags, ops, known := c.verbGlobal(turboTool)
	switch {
	case verb.dyn:
		c.add(Warning, "the turbo command is not known until it runs", "builtin:unknown")
		return
	case verb.s == "":
		c.add(Safe, "prints usage", "builtin:read-only")
		return
	case !known && turboSubcommands[verb.s]:
		switch verb.s {
		case "login", "logout", "link", "unlink":
			c.add(Dangerous, "changes the account or remote cache turbo uses", "builtin:publish")
		default:
			c.add(Warning, "runs a turbo command the classifier does not model ("+verb.s+")", "builtin:unknown")
		}
		return
	case !known:
		// turbo TASK... is turbo run TASK...
		flags, ops = c.judgeArgs(c.afterGlobal(turboTool), &turboRun)
	}
	flags = append(global, flags...)
	if has(flags, "--api", "--login", "--token", "--team", "--experimental-otel-endpoint", "--remote-only", "--remote-cache-read-only", "--preflight") {
		c.add(Warning, "talks to a remote cache or endpoint it is given", "builtin:network")
	}
	for _, f := range flags {
		switch f.name {
		case "--cache":
			if !f.hasVal || f.val.dyn || strings.Contains(f.val.s, "remote") {
				c.add(Warning, "reads or writes the remote cache", "builtin:network")
			}
		case "--daemon":
			c.add(Warning, "leaves turbo's daemon running", "builtin:server")
		case "--ui":
			if !f.hasVal || f.val.dyn || f.val.s != "tui" && f.val.s != "stream" {
				c.add(Warning, "may serve its web UI", "builtin:server")
			}
		case "--heap", "--trace", "--profile", "--anon-profile", "--graph", "--log-file", "--cache-dir":
			if f.hasVal {
				c.output(f.val)
			}
		case "--cwd":
			if f.hasVal && c.outsideRoot(c.chdir(c.d, f.val)) {
				c.add(Warning, "works on a repository outside the project root", "builtin:npm-outside")
			}
		}
	}
	if verb.s == "ls" {
		c.add(Safe, "lists the monorepo's packages", "builtin:read-only")
		return
	}
	turboTasks(c, ops)
}

// turboTasks judges the tasks turbo runs by their names, as buildTool
// judges gradle's.
func turboTasks(c *cmd, tasks []field) {
	level, why := Safe, "runs the project's tasks"
	if len(tasks) == 0 {
		level, why = Warning, "runs no task it is given"
	}
	for _, t := range tasks {
		name := lower(t.s)
		if i := strings.LastIndexByte(name, '#'); i >= 0 {
			name = name[i+1:] // web#build
		}
		switch {
		case strings.HasPrefix(t.s, "-") && !t.dyn:
			// An option after "--", passed to the tasks.
		case t.dyn:
			level, why = max(level, Warning), "task is not known until it runs"
		case containsAny(name, []string{"deploy", "release", "publish", "upload", "install"}):
			level, why = Dangerous, "installs, deploys or publishes ("+t.s+")"
		case !containsAny(name, []string{"test", "lint", "check", "build", "typecheck", "verify", "compile", "validate"}) && level < Warning:
			level, why = Warning, "runs a task ("+t.s+")"
		}
	}
	c.add(level, why, "builtin:build")
}
