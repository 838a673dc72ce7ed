package classify

import (
	"maps"
	"slices"
	"strings"
)

// The package managers, verb by verb. Each has a table of the options it
// takes before its verb and one per read-only verb (apt list, pip show,
// gem list, rustup show...), taken from its --help or manual at the
// version named in the table's source. A verb with a table only reads
// what is installed, unless its table's options say otherwise (a file
// read, written or run, the network); every other verb installs,
// removes or changes packages and keeps the judgement it had (changes
// the whole system: Dangerous; pip's installs into the project:
// Warning).

// changesSystem judges a verb of a system package manager that has no
// table: it installs, removes or changes packages the whole machine
// shares.
func changesSystem(c *cmd) {
	c.add(Dangerous, "changes packages of the whole system", "builtin:global-install")
}

// withNo adds the "--no-" form of every long option in list, for the
// parsers (apt's, RubyGems') that accept --no-NAME for a boolean --NAME.
func withNo(list string) string {
	var b strings.Builder
	for _, o := range strings.Fields(list) {
		b.WriteString(o + " --no-" + strings.TrimPrefix(o, "--") + " ")
	}
	return b.String()
}

// join concatenates option tables written as space- or letter-lists.
func join(parts ...string) string { return strings.TrimSpace(strings.Join(parts, " ")) }

// readsPackages adds the judgement of a verb that only reads what is
// installed, or asks a mirror or registry when net says so.
func readsPackages(c *cmd, net bool) {
	if net {
		c.add(Warning, "reads from the package registry", "builtin:network")
		return
	}
	c.add(Safe, "reads packages", "builtin:read-only")
}

// ---- APT (apt, apt-get, apt-cache) ----

// The options of apt 2.6.1 (Debian 12), from its command-line parser
// (apt-private/private-cmndline.cc), which is what apt(8), apt-get(8) and
// apt-cache(8) describe; apt parses options anywhere on the line, and
// which it accepts depends on the verb.
const aptSource = "apt(8), apt-get(8), apt-cache(8) and apt-private/private-cmndline.cc, apt 2.6.1 (Debian 12)"

var (
	// Every verb and no verb: help, version, quiet, a configuration
	// file (-c) and configuration items (-o), judged by aptConfig.
	aptCommonFlags = "hvq"
	aptCommonVals  = "co"
	aptCommonLong  = "--help --version --quiet --silent"
	aptCommonVal   = "--config-file --option"
	// apt-get adds these to every verb (and so does apt to the verbs
	// it hands to apt-get's and apt-cache's parsers).
	aptGetFlags   = "dyum"
	aptGetVals    = "t"
	aptGetLong    = withNo("--download-only --yes --assume-yes --assume-no --show-upgraded --ignore-missing --download --fix-missing --ignore-hold --upgrade --only-upgrade --allow-change-held-packages --allow-remove-essential --allow-downgrades --force-yes --print-uris --trivial-only --remove --only-source --allow-unauthenticated --install-recommends --install-suggests --fix-policy")
	aptGetLongVal = "--target-release --default-release"
	// apt-cache adds these to every verb; -p and -s name the cache
	// files, which it builds when they are missing or stale.
	aptCacheFlags   = "g"
	aptCacheVals    = "tps"
	aptCacheLong    = withNo("--generate")
	aptCacheLongVal = "--target-release --default-release --pkg-cache --src-cache"
	aptCacheWrites  = "-p --pkg-cache -s --src-cache"
	aptSimulate     = withNo("--simulate --just-print --recon --dry-run --no-act")
)

// aptOpts builds the table of one verb from the parts its parser adds.
func aptOpts(flags, vals, long, longVal, writes string) *toolOpts {
	return &toolOpts{source: aptSource, flags: aptCommonFlags + flags, vals: aptCommonVals + vals,
		long: join(aptCommonLong, long), longVal: join(aptCommonVal, longVal), reads: "-c --config-file", writes: writes}
}

// aptCacheVerbs are apt-cache's read-only verbs (not gencaches, which
// writes the caches). apt hands the same verbs, with apt-get's options
// too, to apt-cache's parser.
func aptCacheVerbs(extraFlags, extraVals, extraLong, extraLongVal string) map[string]*toolOpts {
	deps := "--important --installed --pre-depends --depends --recommends --suggests --replaces --breaks --conflicts --enhances --recurse --implicit"
	mk := func(flags, long string) *toolOpts {
		return aptOpts(aptCacheFlags+flags+extraFlags, aptCacheVals+extraVals, join(aptCacheLong, withNo(long), extraLong), join(aptCacheLongVal, extraLongVal), aptCacheWrites)
	}
	return map[string]*toolOpts{
		"depends": mk("i", deps), "rdepends": mk("i", deps),
		// xvcg and dotty take only the common options in 2.6.1.
		"xvcg": aptOpts(extraFlags, extraVals, extraLong, extraLongVal, ""), "dotty": aptOpts(extraFlags, extraVals, extraLong, extraLongVal, ""),
		"search": mk("nf", "--names-only --full"), "show": mk("a", "--all-versions"),
		"pkgnames": mk("", "--all-names"), "unmet": mk("i", "--important"), "showsrc": mk("", "--only-source"),
		"showpkg": mk("", ""), "stats": mk("", ""), "dump": mk("", ""), "dumpavail": mk("", ""),
		"showauto": mk("", ""), "policy": mk("", ""), "madison": mk("", ""),
	}
}

var (
	aptCacheTool = verbsAnywhere(aptCacheVerbs("", "", "", ""))
	aptGetTool   = verbsAnywhere(map[string]*toolOpts{
		"check":        aptOpts(aptGetFlags+"s", aptGetVals, join(aptGetLong, aptSimulate), aptGetLongVal, ""),
		"changelog":    aptOpts(aptGetFlags, aptGetVals, aptGetLong, aptGetLongVal, ""),
		"indextargets": aptOpts(aptGetFlags, aptGetVals, join(aptGetLong, withNo("--release-info")), join(aptGetLongVal, "--format"), ""),
		"moo":          aptOpts(aptGetFlags, aptGetVals, join(aptGetLong, withNo("--color")), aptGetLongVal, ""),
	})
	aptTool = verbsAnywhere(func() map[string]*toolOpts {
		v := aptCacheVerbs(aptGetFlags, aptGetVals, aptGetLong, aptGetLongVal)
		// apt has no dump, stats, madison...: those are apt-cache's.
		for _, n := range []string{"xvcg", "dotty", "pkgnames", "unmet", "stats", "dump", "dumpavail", "showauto", "madison", "showpkg"} {
			delete(v, n)
		}
		v["list"] = aptOpts("iuva", "", withNo("--installed --upgradeable --upgradable --manual-installed --verbose --all-versions"), "", "")
		v["show"] = aptOpts("a", "", withNo("--all-versions"), "", "")
		v["info"] = v["show"]
		v["changelog"] = aptOpts(aptGetFlags, aptGetVals, aptGetLong, aptGetLongVal, "")
		return v
	}())
	aptTools = map[string]*verbTool{"apt": aptTool, "apt-get": aptGetTool, "apt-cache": aptCacheTool}
)

// aptNetVerbs download from the mirrors (changelog); the rest read the
// local package lists.
var aptNetVerbs = map[string]bool{"changelog": true}

// verbsAnywhere is the verbTool of a tool that parses its options
// anywhere on the line, taking the verb's options also before the verb
// (apt, pip, gem): the global table is the union of the verbs' tables,
// so that "apt-cache -n search x" reads as apt reads it. An option before
// the verb that the verb does not take is one the tool itself rejects.
func verbsAnywhere(verbs map[string]*toolOpts) *verbTool {
	var g toolOpts
	names := slices.Sorted(maps.Keys(verbs))
	for _, n := range names {
		o := verbs[n]
		if g.source == "" {
			g.source = o.source
		}
		g.merge(o)
	}
	return newVerbTool(g, verbs)
}

// apt judges apt, apt-get and apt-cache: a verb with a table reads the
// package lists; every other verb changes the system.
func apt(c *cmd) {
	t := aptTools[c.name]
	gflags, verb, flags, _, known := c.verbGlobal(t)
	aptConfig(c, append(gflags, flags...))
	if !known {
		changesSystem(c)
		return
	}
	readsPackages(c, aptNetVerbs[verb.s])
}

// aptHarmlessItems are configuration items (-o NAME=VALUE) that change
// only what apt prints.
var aptHarmlessItems = []string{"apt::color", "quiet", "apt::cmd::disable-script-warning", "apt::architecture",
	"apt::default-release", "acquire::languages", "apt::cmd::use-format", "apt::cmd::format", "apt::get::show-versions"}

// aptConfig judges -c (a configuration file, which may set any item)
// and -o items: an item that runs a program (the Invoke hooks, methods,
// helpers) is Dangerous, one that moves a directory apt reads and writes
// has its value judged as a path written, and any other item is not
// modelled, so Warning.
func aptConfig(c *cmd, flags []flag) {
	for _, f := range values(flags, "c", "--config-file") {
		c.add(Warning, "reads APT configuration from "+shorten(f.s)+", which can name programs to run", "builtin:config-file")
	}
	for _, f := range values(flags, "o", "--option") {
		name, val, _ := strings.Cut(f.s, "=")
		key := lower(name)
		switch {
		case f.dyn:
			c.add(Warning, "sets an APT item that is not known until it runs", "builtin:unknown-option")
		case containsAny(key, []string{"invoke", "pre-install-pkgs", "::exec", "hook", "methods", "::bin", "pager", "apt::solver", "apt::planner", "compressor"}):
			c.add(Dangerous, "sets "+name+", which runs a program", "builtin:tool-program")
		case strings.HasPrefix(key, "dir"):
			c.add(Warning, "moves where APT reads and writes ("+name+")", "builtin:config-file")
			c.path(accWrite, field{s: val, glob: f.glob, w: f.w})
		case !slices.Contains(aptHarmlessItems, key):
			c.notModelled("-o " + name)
		}
	}
}

// ---- dpkg ----

// dpkgOpts is dpkg's table: its actions are options. The archive
// actions (-c, -I, -f...) are dpkg-deb's, which dpkg hands them to.
var dpkgOpts = toolOpts{source: "dpkg --help and dpkg-deb --help, dpkg 1.21.22 (Debian 12)",
	flags: "iRArPVCsLlSp?aOEGBbceIfxX", vals: "D",
	long: "--install --recursive --unpack --record-avail --configure --triggers-only --pending --remove --purge --verify " +
		"--get-selections --set-selections --clear-selections --update-avail --merge-avail --clear-avail --forget-old-unavail " +
		"--status --print-avail --listfiles --list --search --audit --yet-to-unpack --predep-package --print-architecture " +
		"--print-foreign-architectures --assert-help --compare-versions --force-help --help --version " +
		"--selected-only --skip-same-version --refuse-downgrade --auto-deconfigure --triggers --no-triggers --no-pager --no-debsig " +
		"--no-act --dry-run --simulate --robot " +
		"--build --contents --control --info --field --extract --vextract --raw-extract --ctrl-tarfile --fsys-tarfile",
	longVal: "--add-architecture --remove-architecture --admindir --root --instdir --pre-invoke --post-invoke --path-exclude --path-include " +
		"--verify-format --debug --status-fd --status-logger --log --ignore-depends --abort-after",
	reads: "--admindir --root --instdir", writes: "--log", runs: "--pre-invoke --post-invoke --status-logger"}

// dpkgReads are the actions that only print: about installed packages,
// or (dpkgArchive) about the .deb files named.
var (
	dpkgReads = []string{"-l", "--list", "-L", "--listfiles", "-s", "--status", "-S", "--search", "-p", "--print-avail",
		"-C", "--audit", "-V", "--verify", "--get-selections", "--print-architecture", "--print-foreign-architectures",
		"--compare-versions", "--yet-to-unpack", "--predep-package", "--assert-help", "--force-help", "--help", "--version", "-?"}
	dpkgArchive = []string{"-c", "--contents", "-I", "--info", "-f", "--field", "--ctrl-tarfile", "--fsys-tarfile"}
	// dpkgModifiers change how an action runs, not what it does.
	dpkgModifiers = []string{"-O", "-E", "-G", "-B", "-D", "-a", "-R", "--pending", "--recursive"}
)

// dpkg judges dpkg by its action: printing what is installed, or what
// a .deb file holds, is Safe; every other action changes the system.
// The families --force-*, --refuse-*, --no-force-*, --assert-* and
// --validate-* are taken apart first; the last two only check.
func dpkg(c *cmd) {
	var args []field
	checks := false
	for _, a := range c.rest() {
		s := a.s
		switch {
		case a.dyn:
		case strings.HasPrefix(s, "--assert-") || strings.HasPrefix(s, "--validate-"):
			checks = true
			continue
		case strings.HasPrefix(s, "--force-") || strings.HasPrefix(s, "--no-force-") || strings.HasPrefix(s, "--refuse-"):
			continue
		}
		args = append(args, a)
	}
	flags, ops := c.judgeArgs(args, &dpkgOpts)
	reads, archive, other := checks, false, false
	for _, f := range flags {
		switch {
		case slices.Contains(dpkgReads, f.name) || f.name == "-D" && strings.HasPrefix(f.val.s, "h"):
			reads = true
		case slices.Contains(dpkgArchive, f.name):
			archive = true
		case slices.Contains(dpkgModifiers, f.name) || !slices.Contains(dpkgActions, f.name):
		default:
			other = true
		}
	}
	switch {
	case other || !reads && !archive:
		changesSystem(c)
	case archive:
		c.add(Safe, "reads a package archive", "builtin:read-only")
		if len(ops) > 0 {
			c.path(accRead, ops[0])
		}
	default:
		c.add(Safe, "reads installed packages", "builtin:read-only")
	}
}

// dpkgActions are every option of dpkgOpts that is an action, so that
// an action missing from the lists above is never read as an option.
var dpkgActions = []string{"-i", "--install", "--unpack", "-A", "--record-avail", "--configure", "--triggers-only",
	"-r", "--remove", "-P", "--purge", "--set-selections", "--clear-selections", "--update-avail", "--merge-avail",
	"--clear-avail", "--forget-old-unavail", "--add-architecture", "--remove-architecture",
	"-b", "--build", "-e", "--control", "-x", "--extract", "-X", "--vextract", "--raw-extract"}

// ---- pip ----

// pip's options are optparse's: the general ones go anywhere, each verb
// adds its own. --python runs another interpreter, --log and --cache-dir
// write, --cert and --client-cert read (pipGeneral).
const pipSource = "pip help and pip COMMAND --help, pip 23.2.1"

var (
	pipGenFlags = "hvVq"
	pipGenLong  = "--help --debug --isolated --require-virtualenv --verbose --version --quiet --no-input --no-cache-dir " +
		"--disable-pip-version-check --no-color --no-python-version-warning"
	pipGenLongVal = "--python --log --log-file --local-log --keyring-provider --proxy --retries --timeout --exists-action " +
		"--trusted-host --cert --client-cert --cache-dir --use-feature --use-deprecated"
	pipIndexLong    = "--no-index"
	pipIndexLongVal = "--index-url --extra-index-url --find-links"
)

// pipVerb is the table of one pip verb.
func pipVerb(flags, vals, long, longVal, reads string) *toolOpts {
	return &toolOpts{source: pipSource, flags: pipGenFlags + flags, vals: vals, long: join(pipGenLong, long),
		longVal: join(pipGenLongVal, longVal), reads: join("--cert --client-cert", reads),
		writes: "--log --log-file --local-log --cache-dir", runs: "--python"}
}

var pipTool = verbsAnywhere(map[string]*toolOpts{
	"list": pipVerb("ouel", "fi", join("--outdated --uptodate --editable --local --user --pre --not-required --exclude-editable --include-editable", pipIndexLong),
		join("--path --format --exclude", pipIndexLongVal), "--path"),
	"show":       pipVerb("f", "", "--files", "", ""),
	"freeze":     pipVerb("l", "r", "--local --user --all --exclude-editable", "--requirement --path --exclude", "-r --requirement --path"),
	"check":      pipVerb("", "", "", "", ""),
	"inspect":    pipVerb("", "", "--local --user", "--path", "--path"),
	"hash":       pipVerb("", "a", "", "--algorithm", ""),
	"debug":      pipVerb("", "", "", "--platform --python-version --implementation --abi", ""),
	"help":       pipVerb("", "", "", "", ""),
	"completion": pipVerb("bzfp", "", "--bash --zsh --fish --powershell", "", ""),
	"config":     pipVerb("", "", "--global --user --site", "--editor", ""),
	"cache":      pipVerb("", "", "", "--format", ""),
	"index": pipVerb("", "fi", join("--ignore-requires-python --pre", pipIndexLong),
		join("--platform --python-version --implementation --abi --no-binary --only-binary", pipIndexLongVal), ""),
	"search": pipVerb("", "i", "", "--index", ""),
})

// pipSubs are the second words of the verbs that have them, which only
// print (pip config list, pip cache dir).
var pipSubs = map[string][]string{"config": {"list", "get", "debug"}, "cache": {"dir", "info", "list"}, "index": {"versions"}}

// pipTabled judges pip, pip2 and pip3: a verb with a table prints what is
// installed (list, show, freeze...) or asks the index (index, search,
// list --outdated); every other verb is pip's to judge (installs).
func pipTabled(c *cmd) {
	gflags, verb, flags, ops, known := c.verbGlobal(pipTool)
	if subs, ok := pipSubs[verb.s]; known && ok && (len(ops) == 0 || ops[0].dyn || !slices.Contains(subs, ops[0].s)) {
		known = false // pip config set, pip cache purge
	}
	if !known {
		pip(c)
		return
	}
	all := append(gflags, flags...)
	for _, f := range values(all, "--keyring-provider") {
		if f.s != "disabled" {
			c.add(Warning, "looks up credentials with the keyring program or module", "builtin:tool-program")
		}
	}
	for _, f := range values(all, "f", "--find-links") {
		if !strings.Contains(f.s, "://") {
			c.path(accRead, f)
		}
	}
	switch verb.s {
	case "hash":
		c.add(Safe, "hashes files", "builtin:read-only")
		c.read(ops)
		return
	case "index", "search":
		readsPackages(c, true)
		return
	case "list":
		readsPackages(c, has(flags, "o", "--outdated", "u", "--uptodate"))
		return
	}
	readsPackages(c, false)
}

// ---- RubyGems ----

const gemSource = "gem help COMMAND, RubyGems 3.3.15 (Debian 12 ruby)"

var (
	gemCommonFlags = "hVq"
	gemCommonLong  = "--help --verbose --no-verbose --quiet --silent --backtrace --debug --norc"
	// The local/remote options: -r, -b and -u (and a proxy or a source)
	// ask the registry (gemRemote).
	gemRemoteFlags   = "lrbup"
	gemRemoteVals    = "Bs"
	gemRemoteLong    = "--local --remote --both --clear-sources " + withNo("--update-sources --http-proxy")
	gemRemoteLongVal = "--bulk-threshold --source"
	gemQuery         = "--all --exact " + withNo("--installed --details --versions --prerelease")
)

// gemVerb is the table of one gem verb; --config-file reads a gemrc.
func gemVerb(flags, vals, long, longVal string) *toolOpts {
	return &toolOpts{source: gemSource, flags: gemCommonFlags + flags, vals: vals, long: join(gemCommonLong, long),
		longVal: join("--config-file", longVal), reads: "--config-file"}
}

var gemTool = verbsAnywhere(map[string]*toolOpts{
	"list":   gemVerb("iIdae"+gemRemoteFlags, "v"+gemRemoteVals, join(gemQuery, gemRemoteLong), join("--version", gemRemoteLongVal)),
	"search": gemVerb("iIdae"+gemRemoteFlags, "v"+gemRemoteVals, join(gemQuery, gemRemoteLong), join("--version", gemRemoteLongVal)),
	"query":  gemVerb("iIdae"+gemRemoteFlags, "vn"+gemRemoteVals, join(gemQuery, gemRemoteLong), join("--version --name-matches", gemRemoteLongVal)),
	"info":   gemVerb("iIae"+gemRemoteFlags, "v"+gemRemoteVals, join("--all --exact "+withNo("--installed --versions --prerelease"), gemRemoteLong), join("--version", gemRemoteLongVal)),
	"dependency": gemVerb("R"+gemRemoteFlags, "v"+gemRemoteVals, join(withNo("--prerelease --reverse-dependencies")+" --pipe", gemRemoteLong),
		join("--version --platform", gemRemoteLongVal)),
	"specification": gemVerb(gemRemoteFlags, "v"+gemRemoteVals, join(withNo("--prerelease")+" --all --ruby --yaml --marshal", gemRemoteLong),
		join("--version --platform", gemRemoteLongVal)),
	"contents":    gemVerb("l", "vs", "--all "+withNo("--lib-only --prefix --show-install-dir"), "--version --spec-dir"),
	"which":       gemVerb("ag", "", withNo("--all --gems-first"), ""),
	"check":       gemVerb("a", "v", withNo("--alien --doctor --dry-run --gems"), "--version"),
	"env":         gemVerb("", "", "", ""),
	"environment": gemVerb("", "", "", ""),
	"stale":       gemVerb("", "", "", ""),
	"help":        gemVerb("", "", "", ""),
})

// gemLocal and gemNetwork are today's verbs of gem for packageManager:
// the verbs without a table keep that judgement (fetch, outdated: the
// registry; install, update...: programs outside the project).
var gemOther = packageManager([]string{"list", "env", "environment", "which", "contents", "help", "specification", "info", "dependency", "query", "stale", "check"}, []string{"search", "outdated", "fetch"})

// gem judges RubyGems: a verb with a table prints what is installed,
// unless told to ask the registry (-r, -b, -u, a source or a proxy;
// search does by default); check --doctor removes what it finds.
func gem(c *cmd) {
	gflags, verb, flags, ops, known := c.verbGlobal(gemTool)
	if !known {
		gemOther(c)
		return
	}
	all := append(gflags, flags...)
	remote := has(all, "r", "--remote", "b", "--both", "u", "--update-sources", "p", "--http-proxy", "s", "--source", "B", "--bulk-threshold", "--clear-sources")
	if verb.s == "contents" {
		remote = false // -s there is --spec-dir, a directory read
		for _, d := range values(all, "s", "--spec-dir") {
			for _, p := range strings.Split(d.s, ",") {
				c.path(accRead, field{s: p, dyn: d.dyn, glob: d.glob, w: d.w})
			}
		}
	}
	if verb.s == "search" && !has(all, "l", "--local") {
		remote = true
	}
	if verb.s == "check" && has(all, "--doctor") && !has(all, "--dry-run") {
		c.add(Dangerous, "removes broken gems outside the project", "builtin:global-install")
		return
	}
	if verb.s == "specification" {
		for _, op := range ops {
			if strings.HasSuffix(op.s, ".gem") || op.dyn {
				c.path(accRead, op)
			}
		}
	}
	readsPackages(c, remote)
}

// ---- rustup ----

const rustupSource = "rustup help and rustup COMMAND --help, rustup 1.29.0"

var rustupTool = newVerbTool(toolOpts{source: rustupSource, flags: "vqhV", long: "--verbose --quiet --help --version"},
	map[string]*toolOpts{
		// show [active-toolchain | home | profile]
		"show":        {source: rustupSource, flags: "vh", long: "--verbose --help"},
		"which":       {source: rustupSource, flags: "h", long: "--help", longVal: "--toolchain"},
		"completions": {source: rustupSource, flags: "h", long: "--help"},
		"help":        {source: rustupSource},
		"check":       {source: rustupSource, flags: "h", long: "--help --no-self-update"},
		"doc": {source: rustupSource, flags: "h", long: "--help --path --alloc --book --cargo --clippy --core --edition-guide --embedded-book --error-codes " +
			"--nomicon --proc_macro --reference --releases --rust-by-example --rustc --rustc-docs --rustdoc --std --style-guide --test --unstable-book",
			longVal: "--toolchain"},
	})

// rustupLists are the verbs whose "list" only prints, with its table.
var rustupLists = map[string]*toolOpts{
	"toolchain": {source: rustupSource, flags: "vqh", long: "--verbose --quiet --help"},
	"target":    {source: rustupSource, flags: "qh", long: "--installed --quiet --help", longVal: "--toolchain"},
	"component": {source: rustupSource, flags: "qh", long: "--installed --quiet --help", longVal: "--toolchain"},
	"override":  {source: rustupSource, flags: "h", long: "--help"},
}

func init() {
	for _, o := range rustupLists {
		o.spec()
	}
}

var rustupOther = packageManager([]string{"show", "which", "help", "toolchain list", "target list", "component list", "override list", "completions"}, []string{"check"})

// rustup judges rustup: show, which, completions and the list verbs
// print; check asks the release server; doc opens a browser unless
// --path; every other verb installs or changes toolchains outside the
// project. A leading +toolchain names the toolchain to use.
func rustup(c *cmd) { c.withArgs(withoutToolchain(c.rest()), rustupVerb) }

// rustupVerb is rustup's judgement of its line without the toolchain.
func rustupVerb(c *cmd) {
	verb, flags, ops, known := c.verb(rustupTool)
	if !known {
		if o := rustupLists[verb.s]; o != nil && len(ops) > 0 && !ops[0].dyn && ops[0].s == "list" {
			c.judgeArgs(ops[1:], o)
			readsPackages(c, false)
			return
		}
		rustupOther(c)
		return
	}
	switch {
	case verb.s == "check":
		c.add(Warning, "asks the release server for updates", "builtin:network")
	case verb.s == "doc" && !has(flags, "--path"):
		c.add(Warning, "opens the documentation in a browser", "builtin:tool-program")
	default:
		readsPackages(c, false)
	}
}

// ---- pipx ----

const pipxSource = "pipx --help and pipx COMMAND --help, pipx 1.1.0 (Debian 12)"

var pipxTool = newVerbTool(toolOpts{source: pipxSource, flags: "h", long: "--help --version"},
	map[string]*toolOpts{
		"list":        {source: pipxSource, flags: "h", long: "--help --include-injected --json --short --verbose"},
		"completions": {source: pipxSource, flags: "h", long: "--help"},
		"environment": {source: pipxSource, flags: "h", vals: "v", long: "--help", longVal: "--value"},
	})

var pipxOther = packageManager([]string{"list", "environment", "help"}, nil)

// pipx judges pipx: list, environment and completions print; every
// other verb installs, upgrades or runs programs.
func pipx(c *cmd) {
	if _, _, _, known := c.verb(pipxTool); !known {
		pipxOther(c)
		return
	}
	readsPackages(c, false)
}

// ---- rpm ----

// rpmOpts is rpm's table (popt: options anywhere). Modes are options:
// rpmReads lists the ones that only print. Macros (-D, --eval, --macros,
// --load, --rcfile) can run shell commands when expanded, and a spec
// file's macros run when it is parsed: those are judged by rpm.
var rpmOpts = toolOpts{source: "rpm --help and rpm(8), rpm 4.18.0 (Debian 12)",
	flags: "afgpqcdLAlsKVhiv?RP",
	vals:  "eFUDEr",
	long: "--all --file --path --group --package --pkgid --hdrid --query --triggeredby --whatconflicts --whatrequires --whatobsoletes " +
		"--whatprovides --whatrecommends --whatsuggests --whatsupplements --whatenhances --nomanifest --configfiles --docfiles " +
		"--licensefiles --artifactfiles --noghost --noconfig --noartifact --dump --list --state --nofiledigest --nofiles --nodeps " +
		"--noscript --allfiles --allmatches --badreloc --excludedocs --force --force-debian --hash --ignorearch --ignoreos " +
		"--ignoresize --noverify --install --justdb --nodb --nocontexts --nocaps --noorder --noscripts --notriggers --oldpackage " +
		"--percent --replacefiles --replacepkgs --test --noplugins --nodigest --nosignature --querytags --showrc --quiet --verbose " +
		"--scripts --conflicts --obsoletes --provides --requires --recommends --suggests --supplements --enhances --info " +
		"--changelog --changes --xml --triggers --filetriggers --last --dupes --filesbypkg --fileclass --filecolor --fileprovide " +
		"--filerequire --filecaps --ignoresignature --ignorepayload --usage --verify --checksig --specfile --import --initdb --rebuilddb --setperms --setugids " +
		"--restore --nouser --nogroup --nomtime --nomode --nordev --nosize --nolinkto --nomd5 --nofiledigest --nocontexts --nocaps",
	longVal: "--erase --excludepath --freshen --prefix --relocate --upgrade --reinstall --define --undefine --eval --target --macros " +
		"--load --rcfile --root --dbpath --queryformat --qf --pipe --delsign --addsign",
	reads: "-r --root --dbpath", runs: "--pipe"}

var (
	// rpmReads are the modes that print: query, verify, check a
	// signature, the tags, the configuration. In query mode -i is
	// --info, -R --requires and -P --provides.
	rpmReads = []string{"-q", "--query", "-V", "--verify", "-K", "--checksig", "--querytags", "--showrc", "--help", "-?", "--usage", "--version"}
	// rpmChanges are the modes that change the system.
	rpmChanges = []string{"-i", "--install", "-U", "--upgrade", "-F", "--freshen", "-e", "--erase", "--reinstall", "--restore",
		"--import", "--initdb", "--rebuilddb", "--setperms", "--setugids", "--delsign", "--addsign"}
)

// rpm judges rpm by its mode: querying and verifying are Safe (a
// package file queried with -p is read, one given by URL fetched);
// expanding macros may run commands (Warning); installing, erasing and
// the database modes change the system.
func rpm(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), &rpmOpts)
	reads, changes := false, false
	query := has(flags, "q", "--query", "V", "--verify")
	for _, f := range flags {
		reads = reads || slices.Contains(rpmReads, f.name)
		// In query mode -i is --info: rpm -qi.
		changes = changes || slices.Contains(rpmChanges, f.name) && !(query && f.name == "-i")
	}
	if changes || !reads && !has(flags, "E", "--eval") {
		changesSystem(c)
		return
	}
	if has(flags, "E", "--eval", "D", "--define", "--macros", "--load", "--rcfile") {
		c.add(Warning, "expands rpm macros, which can run shell commands", "builtin:tool-program")
		for _, f := range values(flags, "--macros", "--load", "--rcfile") {
			for _, p := range strings.Split(f.s, ":") {
				c.path(accRead, field{s: p, dyn: f.dyn, glob: f.glob, w: f.w})
			}
		}
	}
	if q, ok := value(flags, "--queryformat", "--qf"); ok && (q.dyn || strings.Contains(q.s, "%(") || strings.Contains(q.s, "lua")) {
		c.add(Warning, "expands a query format that may run shell commands", "builtin:tool-program")
	}
	if has(flags, "--specfile") {
		c.add(Warning, "parses a spec file, whose macros run shell commands", "builtin:build")
		c.read(ops)
	}
	if has(flags, "p", "--package", "K", "--checksig") {
		for _, op := range ops {
			if strings.Contains(op.s, "://") {
				c.add(Warning, "downloads "+shorten(op.s), "builtin:network")
				continue
			}
			c.path(accRead, op)
		}
	}
	c.add(Safe, "reads installed packages", "builtin:read-only")
}

// ---- pacman ----

// pacman's operations are options (-Q, -S, -F...), and each takes its
// own; the targets of -Qo, -Qs, -Ss, -Sl are operands. pacmanCommon are
// the options of every operation: -b and -r name the database and root
// read, --logfile is written, --config, --gpgdir, --hookdir and
// --cachedir are read.
const pacmanSource = "pacman -h with each operation (-Q, -S, -F, -T, -D), pacman 6.0.2"

var (
	pacmanCommonLong    = "--verbose --confirm --noconfirm --debug --disable-download-timeout --sysroot --help"
	pacmanCommonLongVal = "--dbpath --root --arch --cachedir --color --config --gpgdir --hookdir --logfile"
	pacmanOps           = map[string]*toolOpts{
		"Q": pacmanOp("cdegiklmnopqstu", "--query --changelog --deps --explicit --groups --info --check --list --foreign --native --owns --file --quiet --search --unrequired --upgrades"),
		"S": pacmanOp("cdgilpqsuwy", "--sync --clean --nodeps --groups --info --list --print --quiet --search --sysupgrade --downloadonly --refresh --asdeps --asexplicit --dbonly --needed --noprogressbar --noscriptlet", "--assume-installed --ignore --ignoregroup --overwrite --print-format"),
		"F": pacmanOp("lqxy", "--files --list --quiet --regex --refresh --machinereadable"),
		"T": pacmanOp("", "--deptest"),
		"D": pacmanOp("kq", "--database --check --quiet --asdeps --asexplicit"),
		"R": pacmanOp("cdnpsu", "--remove --cascade --nodeps --nosave --print --recursive --unneeded --dbonly --noprogressbar --noscriptlet", "--assume-installed --print-format"),
		"U": pacmanOp("dpw", "--upgrade --nodeps --print --downloadonly --asdeps --asexplicit --dbonly --needed --noprogressbar --noscriptlet", "--assume-installed --ignore --ignoregroup --overwrite --print-format"),
		"V": pacmanOp("", "--version"),
	}
	// pacmanAll parses any line: an option of another operation is
	// then found not modelled against the operation's own table.
	pacmanAll = func() toolOpts {
		all := toolOpts{source: pacmanSource, flags: "DFQRSTUVhv", vals: "br", long: pacmanCommonLong + " --database --files --query --remove --sync --deptest --upgrade --version",
			longVal: pacmanCommonLongVal, reads: "-b --dbpath -r --root --config --gpgdir --hookdir --cachedir", writes: "--logfile"}
		for _, o := range pacmanOps {
			all.flags += o.flags
			all.long = join(all.long, o.long)
			all.longVal = join(all.longVal, o.longVal)
		}
		all.spec()
		return all
	}()
	pacmanOpNames = map[string]string{"--database": "D", "--files": "F", "--query": "Q", "--remove": "R", "--sync": "S", "--deptest": "T", "--upgrade": "U", "--version": "V"}
)

// pacmanOp is the table of one operation.
func pacmanOp(flags, long string, longVal ...string) *toolOpts {
	o := &toolOpts{source: pacmanSource, flags: "hvbr" + flags, vals: "br", long: join(pacmanCommonLong, long),
		longVal: join(append([]string{pacmanCommonLongVal}, longVal...)...)}
	o.spec()
	return o
}

// pacman judges pacman by its operation: querying the installed
// packages (-Q), searching and showing the synced databases (-Ss, -Si,
// -Sl, -Sg, -Sp), the file databases (-F) and dependency tests (-T) read;
// refreshing (-y), cleaning (-c), installing, upgrading and removing
// change the system.
func pacman(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), &pacmanAll)
	op := ""
	for _, f := range flags {
		name := pacmanOpNames[f.name]
		if len(f.name) == 2 && strings.Contains("DFQRSTUV", f.name[1:]) {
			name = f.name[1:]
		}
		if name != "" && op != "" && name != op {
			changesSystem(c) // pacman refuses two operations
			return
		}
		if name != "" {
			op = name
		}
	}
	if op == "" {
		if len(flags) > 0 && has(flags, "h", "--help") {
			c.add(Safe, "prints usage", "builtin:read-only")
			return
		}
		changesSystem(c)
		return
	}
	table := pacmanOps[op]
	for _, f := range flags {
		if pacmanOpNames[f.name] == "" && !(len(f.name) == 2 && strings.Contains("DFQRSTUV", f.name[1:])) && !table.knows(f.name) {
			c.notModelled(f.name)
			break
		}
	}
	readOnly := false
	switch op {
	case "Q":
		readOnly = true
		if has(flags, "p", "--file") {
			c.read(ops)
		}
	case "S":
		readOnly = has(flags, "s", "--search", "i", "--info", "l", "--list", "g", "--groups", "p", "--print") &&
			!has(flags, "y", "--refresh", "u", "--sysupgrade", "c", "--clean", "w", "--downloadonly", "--asdeps", "--asexplicit", "--dbonly")
	case "F":
		readOnly = !has(flags, "y", "--refresh")
	case "T", "V":
		readOnly = true
	case "D":
		readOnly = has(flags, "k", "--check") && !has(flags, "--asdeps", "--asexplicit")
	}
	if !readOnly {
		changesSystem(c)
		return
	}
	readsPackages(c, false)
}

// ---- aptitude ----

// aptitudeOpts is aptitude's table: one set of options for every action,
// anywhere on the line. -o is APT's (aptConfig), -S reads a status file,
// --log-file writes.
var aptitudeOpts = toolOpts{source: "aptitude(8) and aptitude --help, aptitude 0.8.13 (Debian 12)",
	flags: "DdfhPRrsVvWyZiuq", vals: "FOotwS",
	long: "--allow-new-upgrades --allow-new-installs --allow-untrusted --disable-columns --show-deps --download-only --full-resolver " +
		"--help --log-resolver --no-new-installs --no-new-upgrades --no-show-resolver-actions --prompt --purge-unused --quiet " +
		"--without-recommends --with-recommends --simulate --safe-resolver --schedule-only --show-resolver-actions --show-summary " +
		"--show-versions --verbose --version --visual-preview --show-why --assume-yes --autoclean-on-startup --clean-on-startup --no-gui",
	longVal: "--add-user-tag --add-user-tag-to --display-format --group-by --log-file --log-level --sort --remove-user-tag " +
		"--remove-user-tag-from --show-package-names --target-release --width --option",
	reads: "-S", writes: "--log-file"}

// aptitudeReads are the actions that print; changelog downloads.
var aptitudeReads = map[string]bool{"search": false, "show": false, "showsrc": false, "versions": false, "why": false, "why-not": false, "help": false, "changelog": true}

// aptitude judges aptitude by its action; with none it opens its
// interactive screen, which installs and removes.
func aptitude(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), &aptitudeOpts)
	aptConfig(c, flags)
	net, ok := false, false
	if len(ops) > 0 && !ops[0].dyn {
		net, ok = aptitudeReads[ops[0].s]
	}
	if !ok || has(flags, "u", "i", "--autoclean-on-startup", "--clean-on-startup") {
		changesSystem(c)
		return
	}
	readsPackages(c, net)
}

// ---- dnf, yum ----

// dnf's general options go anywhere, each verb adds its own (argparse).
// Its read verbs refresh expired repository metadata from the network
// unless -C (cache only) is given. A configuration file (-c) or
// --setopt can point plugins and paths anywhere; --destdir writes.
// yum is dnf on every distribution that still ships it (RHEL 8+).
const dnfSource = "dnf --help and dnf COMMAND --help, dnf 4.14.0 (Debian 12; yum is dnf 4)"

var (
	dnfGenFlags = "46Cbhqvy"
	dnfGenVals  = "cdeRx"
	dnfGenLong  = "--allowerasing --assumeno --assumeyes --best --bugfix --cacheonly --debugsolver --disable --downloadonly --enable " +
		"--enhancement --help --help-cmd --newpackage --noautoremove --nobest --nodocs --nogpgcheck --noplugins --obsoletes --quiet " +
		"--refresh --security --showduplicates --skip-broken --verbose --version"
	dnfGenLongVal = "--config --debuglevel --disableexcludepkgs --disableexcludes --disableplugin --disablerepo --enableplugin --enablerepo " +
		"--exclude --excludepkgs --installroot --randomwait --repo --repofrompath --repoid --rpmverbosity --advisories --advisory " +
		"--bz --bzs --color --comment --cve --cves --destdir --downloaddir --errorlevel --forcearch --releasever --sec-severity " +
		"--secseverity --setopt"
)

// dnfVerb is the table of one dnf verb.
func dnfVerb(flags, vals, long, longVal string) *toolOpts {
	return &toolOpts{source: dnfSource, flags: dnfGenFlags + flags, vals: dnfGenVals + vals, long: join(dnfGenLong, long),
		longVal: join(dnfGenLongVal, longVal), reads: "-c --config --installroot", writes: "--destdir --downloaddir"}
}

var dnfTool = func() *verbTool {
	listing := "--all --autoremove --available --extras --installed --recent --updates --upgrades"
	// history store -o FILE writes the transaction.
	history := dnfVerb("", "o", "--ignore-extras --ignore-installed --reverse --skip-unavailable", "--output")
	history.writes += " -o --output"
	return verbsAnywhere(map[string]*toolOpts{
		"list": dnfVerb("", "", listing, ""), "info": dnfVerb("", "", listing, ""),
		"search": dnfVerb("", "", "--all", ""), "provides": dnfVerb("", "", "", ""),
		"repolist":     dnfVerb("", "", "--all --disabled --enabled", ""),
		"check":        dnfVerb("", "", "--all --dependencies --duplicates --obsoleted --provides", ""),
		"check-update": dnfVerb("", "", "--changelogs", ""), "help": dnfVerb("", "", "", ""),
		"history": history,
	})
}()

// dnfSubs are the second words of the verbs that have them, which only
// print (dnf history list); history store -o writes.
var dnfSubs = map[string][]string{"history": {"list", "info", "userinstalled"}}

// dnfReadVerbs have no table here but only print: not modelled.
var dnfReadVerbs = []string{"repoquery", "deplist", "group", "module", "updateinfo", "alias", "repository-packages"}

// dnf judges dnf and yum: a verb with a table reads what is installed or
// in the repositories (the network unless -C); every other verb changes
// the system.
func dnf(c *cmd) {
	gflags, verb, flags, ops, known := c.verbGlobal(dnfTool)
	if subs, ok := dnfSubs[verb.s]; known && ok && len(ops) > 0 && (ops[0].dyn || !slices.Contains(subs, ops[0].s)) {
		known = false
	}
	if !known {
		if slices.Contains(dnfReadVerbs, verb.s) && !verb.dyn {
			c.add(Warning, "not modelled: dnf "+verb.s+" (a verb the classifier has no table for)", "builtin:unknown-option")
			return
		}
		changesSystem(c)
		return
	}
	all := append(gflags, flags...)
	if has(all, "c", "--config", "--setopt", "--repofrompath", "--enableplugin") {
		c.add(Warning, "changes dnf's configuration or plugins, which can run code", "builtin:config-file")
	}
	if has(all, "--debugsolver") {
		c.path(accWrite, lit("debugdata"))
	}
	local := has(all, "C", "--cacheonly") && !has(all, "--refresh")
	readsPackages(c, !local && verb.s != "help" && verb.s != "history")
}

// ---- flatpak ----

const flatpakSource = "flatpak --help and flatpak COMMAND --help, flatpak 1.14.10 (Debian 12)"

// flatpakVerb is the table of one flatpak verb, with the options every
// verb takes (GLib's -h and flatpak's -v).
func flatpakVerb(flags, long, longVal string) *toolOpts {
	return &toolOpts{source: flatpakSource, flags: "hv" + flags, long: join("--help --verbose --ostree-verbose", long), longVal: longVal}
}

var flatpakTool = newVerbTool(toolOpts{source: flatpakSource, flags: "hv",
	long: "--default-arch --gl-drivers --help --installations --ostree-verbose --print-system-only --print-updated-env --supported-arches --verbose --version"},
	map[string]*toolOpts{
		"list": flatpakVerb("adu", "--all --app --runtime --show-details --system --user", "--app-runtime --arch --columns --installation"),
		"info": flatpakVerb("Mcehlmors", "--show-commit --show-extensions --show-location --show-metadata --show-origin --show-permissions --show-ref --show-runtime --show-sdk --show-size --system --user",
			"--arch --file-access --installation"),
		"search":    flatpakVerb("u", "--system --user", "--arch --columns --installation"),
		"remote-ls": flatpakVerb("adu", "--all --app --cached --runtime --show-details --sideloaded --system --updates --user", "--app-runtime --arch --columns --installation"),
		"remotes":   flatpakVerb("du", "--show-details --show-disabled --system --user", "--columns --installation"),
		"history":   flatpakVerb("u", "--reverse --system --user", "--columns --installation --since --until"),
		"ps":        flatpakVerb("", "", "--columns"),
	})

// flatpak judges flatpak: listing and showing what is installed reads;
// remote-ls asks the remote unless --cached; every other verb installs,
// runs or changes applications.
func flatpak(c *cmd) {
	verb, flags, _, known := c.verb(flatpakTool)
	if !known {
		if verb.s == "" && !verb.dyn && len(c.rest()) > 0 {
			readsPackages(c, false) // --version, --installations...
			return
		}
		changesSystem(c)
		return
	}
	readsPackages(c, verb.s == "remote-ls" && !has(flags, "--cached"))
}

// ---- zypper ----

// zypper's global options come before the verb, the verb's after it.
// Its read verbs refresh the repositories when they are due unless
// --no-refresh is given (the network); -c reads a configuration file,
// the directory options name trees read and written.
const zypperSource = "zypper help and zypper help COMMAND, zypper 1.14.42 (Debian 12)"

// zypperVerb is the table of one zypper verb.
func zypperVerb(flags, vals, long, longVal string) *toolOpts {
	return &toolOpts{source: zypperSource, flags: "h" + flags, vals: vals, long: join("--help", long), longVal: longVal}
}

var zypperTool = func() *verbTool {
	search := zypperVerb("Cdfinsuvx", "rt", "--case-sensitive --conflicts --conflicts-pkg --details --file-list --installed-only --match-exact "+
		"--match-substrings --match-words --name --not-installed-only --obsoletes --obsoletes-pkg --provides --provides-pkg --recommends "+
		"--recommends-pkg --requires --requires-pkg --search-descriptions --sort-by-name --sort-by-repo --suggests --suggests-pkg "+
		"--supplements --supplements-pkg --verbose", "--repo --type")
	info := zypperVerb("s", "rt", "--conflicts --match-substrings --obsoletes --provides --recommends --requires --suggests --supplements", "--repo --type")
	packages := zypperVerb("NRiu", "r", "--installed-only --not-installed-only --orphaned --recommended --sort-by-name --sort-by-repo --suggested --unneeded", "--repo")
	patterns := zypperVerb("iu", "r", "--installed-only --not-installed-only", "--repo")
	products := zypperVerb("iu", "r", "--installed-only --not-installed-only", "--repo --xmlfwd")
	repos := zypperVerb("AENPUadnprsu", "e", "--alias --details --name --priority --refresh --service --show-enabled-only --sort-by-alias "+
		"--sort-by-name --sort-by-priority --sort-by-uri --uri", "--export")
	repos.writes = "-e --export"
	services := zypperVerb("ENPUdpru", "", "--details --priority --show-enabled-only --sort-by-name --sort-by-priority --sort-by-uri --uri --with-repos", "")
	locks := zypperVerb("ms", "", "--matches --solvables", "")
	updates := zypperVerb("a", "rt", "--all --best-effort "+withNo("--allow-arch-change --allow-downgrade --allow-name-change --allow-vendor-change"), "--repo --type")
	provides := zypperVerb("", "", "", "")
	return newVerbTool(toolOpts{source: zypperSource, flags: "AVhinqtvx", vals: "CDRcps",
		long: "--color --no-color --disable-repositories --disable-system-resolvables --gpg-auto-import-keys --help --ignore-unknown --no-abbrev " +
			"--no-cd --no-gpg-checks --no-refresh --no-remote --non-interactive --non-interactive-include-reboot-patches --promptids --quiet " +
			"--terse --verbose --version --xmlout",
		longVal: "--cache-dir --config --installroot --pkg-cache-dir --plus-content --plus-repo --raw-cache-dir --reposd-dir --root " +
			"--solv-cache-dir --table-style --userdata --releasever",
		reads:  "-c --config -D --reposd-dir -R --root --installroot",
		writes: "-C --cache-dir --raw-cache-dir --solv-cache-dir --pkg-cache-dir"},
		map[string]*toolOpts{"search": search, "se": search, "info": info, "if": info, "packages": packages, "pa": packages,
			"patterns": patterns, "pt": patterns, "products": products, "pd": products, "repos": repos, "lr": repos,
			"services": services, "ls": services, "locks": locks, "ll": locks, "list-updates": updates, "lu": updates,
			"what-provides": provides, "wp": provides})
}()

// zypperLocal are the verbs that read only zypper's own configuration.
var zypperLocal = []string{"repos", "lr", "services", "ls", "locks", "ll"}

// zypper judges zypper: a verb with a table reads (the repositories
// unless --no-refresh); every other verb changes the system.
func zypper(c *cmd) {
	gflags, verb, _, _, known := c.verbGlobal(zypperTool)
	if !known {
		changesSystem(c)
		return
	}
	if has(gflags, "p", "--plus-repo") {
		c.add(Warning, "adds a repository for this command", "builtin:network")
	}
	readsPackages(c, !has(gflags, "--no-refresh") && !slices.Contains(zypperLocal, verb.s))
}

// ---- apk (Alpine) ----

// apk's options go anywhere, the global ones and the applet's. The read
// applets use the cached indexes; -U refreshes them (the network and the
// system's cache), -p reads another root, --repositories-file and
// --keys-dir are read, --cache-dir written.
const apkSource = "apk(8), apk-info(8), apk-search(8), apk-list(8), apk-version(8), apk-dot(8), apk-tools 2.14.9 (doc/*.scd)"

var apkTool = func() *verbTool {
	gFlags, gVals := "fhiqUvVs", "pX"
	gLong := "--force --help --interactive --quiet --update-cache --verbose --version --allow-untrusted --force-binary-stdout " +
		"--force-broken-world --force-missing-repositories --force-non-repository --force-old-apk --force-overwrite --force-refresh " +
		"--no-cache --no-check-certificate --no-interactive --no-network --no-progress --print-arch --progress --purge --simulate " +
		"--clean-protected --overlay-from-stdin --no-scripts --no-commit-hooks --initramfs-diskless-boot"
	gLongVal := "--root --repository --arch --cache-dir --cache-max-age --keys-dir --progress-fd --repositories-file --timeout --wait --from"
	verb := func(flags, vals, long, longVal string) *toolOpts {
		return &toolOpts{source: apkSource, flags: gFlags + flags, vals: gVals + vals, long: join(gLong, long), longVal: join(gLongVal, longVal),
			reads: "-p --root --repositories-file --keys-dir", writes: "--cache-dir"}
	}
	return verbsAnywhere(map[string]*toolOpts{
		"info":    verb("adeLPrRswWt", "", "--all --description --installed --contents --provides --rdepends --depends --size --webpage --who-owns --install-if --license --replaces --rinstall-if --triggers", ""),
		"search":  verb("adexor", "", "--all --description --exact --has-origin --origin --rdepends", ""),
		"list":    verb("IOauodP", "", "--installed --orphaned --available --upgradable --upgradeable --origin --depends --providers", ""),
		"policy":  verb("", "", "", ""),
		"version": verb("acIt", "l", "--all --check --indexes --test", "--limit"),
		"stats":   verb("", "", "", ""),
		"dot":     verb("", "", "--errors --installed", ""),
	})
}()

// apk judges apk: the applets that print read the installed database
// and the cached indexes; refreshing them (-U) and every other applet
// change the system.
func apk(c *cmd) {
	gflags, _, flags, _, known := c.verbGlobal(apkTool)
	all := append(gflags, flags...)
	if !known || has(all, "U", "--update-cache", "--force-refresh") {
		changesSystem(c)
		return
	}
	if has(all, "X", "--repository") {
		c.add(Warning, "reads an extra repository", "builtin:network")
	}
	readsPackages(c, false)
}

// ---- Homebrew ----

// brew's verbs each take the global options (-d, -q, -v, -h) and their
// own; some are written as options (brew --prefix). A named formula
// that is a file (x.rb, ./x) is Ruby code brew loads; the verbs that
// ask GitHub, open a browser or draw a graph in one are judged by brew.
const brewSource = "Homebrew 6.0.18 manual (docs/Manpage.md): brew list, info, search, deps, uses, leaves, outdated, desc, doctor, config..."

var brewTool = func() *verbTool {
	verb := func(flags, vals, long, longVal string) *toolOpts {
		return &toolOpts{source: brewSource, flags: "dqvh" + flags, vals: vals, long: join("--debug --quiet --verbose --help", long), longVal: longVal}
	}
	list := verb("1lrt", "", "--formula --formulae --cask --casks --full-name --versions --json --multiple --pinned --installed-on-request "+
		"--no-installed-on-request --poured-from-bottle --built-from-source", "")
	info := verb("", "", "--analytics --github --json --installed --variations --formula --formulae --cask --casks --sizes", "--days --category")
	search := verb("", "", "--formula --formulae --cask --casks --desc --pull-request --open --closed --alpine --repology --macports --fink "+
		"--opensuse --fedora --archlinux --debian --ubuntu", "")
	deps := verb("n1", "", "--topological --direct --union --full-name --include-implicit --include-build --include-optional --include-test "+
		"--skip-recommended --include-requirements --tree --prune --graph --dot --annotate --installed --brewfile --missing --for-each "+
		"--HEAD --formula --formulae --cask --casks", "--os --arch")
	doctor := verb("D", "", "--list-checks --audit-debug", "")
	env := verb("", "", "--plain", "--shell")
	repo := verb("", "", "", "")
	return newVerbTool(toolOpts{source: brewSource, flags: "dqvhV", long: "--debug --quiet --verbose --help --version"},
		map[string]*toolOpts{
			"list": list, "ls": list, "info": info, "abv": info, "search": search, "-S": search, "deps": deps,
			"uses": verb("", "", "--recursive --installed --missing --include-implicit --include-build --include-test --include-optional "+
				"--skip-recommended --formula --formulae --cask --casks", ""),
			"leaves": verb("rp", "", "--installed-on-request --installed-as-dependency", ""),
			"outdated": verb("g", "", "--formula --formulae --cask --casks --json --minimum-version --fetch-HEAD --greedy --greedy-latest "+
				"--greedy-auto-updates", ""),
			"desc":   verb("snd", "", "--search --name --description --formula --formulae --cask --casks", ""),
			"doctor": doctor, "dr": doctor, "config": verb("", "", "", ""), "--config": verb("", "", "", ""),
			"commands": verb("", "", "--include-aliases", ""), "tap-info": verb("", "", "--installed --json", ""),
			"options": verb("", "", "--compact --installed", ""), "missing": verb("", "", "", "--hide"),
			"help": verb("", "", "", ""), "home": verb("", "", "--formula --formulae --cask --casks", ""), "formulae": verb("", "", "", ""),
			"casks": verb("", "", "", ""), "--prefix": verb("", "", "--unbrewed --installed", ""), "--cellar": repo,
			"--caskroom": repo, "--repository": repo, "--repo": repo, "--taps": repo, "--env": env, "environment": env,
			"--cache": verb("s", "", "--build-from-source --force-bottle --HEAD --formula --formulae --cask --casks", "--os --arch --bottle-tag"),
		})
}()

// brew judges Homebrew: a verb with a table reads what is installed and
// the cached formula data; search's sites and pull requests, info
// --analytics and outdated --fetch-HEAD ask the network; home, info
// --github and deps --graph open a browser; every other verb installs,
// upgrades or changes the system.
func brew(c *cmd) {
	var verb field
	var flags []flag
	var ops []field
	known := false
	if r := c.rest(); len(r) > 0 && !r[0].dyn && brewTool.verbs[r[0].s] != nil && strings.HasPrefix(r[0].s, "-") {
		// brew --prefix, brew -S: a verb written as an option.
		verb = r[0]
		flags, ops = c.judgeArgs(r[1:], brewTool.verbs[verb.s])
		known = true
	} else {
		verb, flags, ops, known = c.verb(brewTool)
	}
	if !known {
		if verb.s == "" && !verb.dyn && len(c.rest()) > 0 {
			c.add(Safe, "prints its version or usage", "builtin:read-only")
			return
		}
		changesSystem(c)
		return
	}
	for _, op := range ops {
		if op.dyn || strings.HasSuffix(op.s, ".rb") || strings.HasPrefix(op.s, ".") || strings.HasPrefix(op.s, "/") || strings.HasPrefix(op.s, "~") {
			c.add(Warning, "loads a formula file, which is Ruby code", "builtin:tool-program")
			c.path(accRead, op)
		}
	}
	switch {
	case verb.s == "home" || has(flags, "--github") || has(flags, "--graph") && !has(flags, "--dot"):
		c.add(Warning, "opens a web page in a browser", "builtin:tool-program")
	case has(flags, "--analytics", "--fetch-HEAD", "--pull-request", "--open", "--closed", "--alpine", "--repology", "--macports",
		"--fink", "--opensuse", "--fedora", "--archlinux", "--debian", "--ubuntu"):
		readsPackages(c, true)
	default:
		readsPackages(c, false)
	}
}

// ---- xbps-install ----

// xbpsOpts is xbps-install's table. It only installs and updates, except
// with -n, which prints the transaction it would run (and skips -S).
var xbpsOpts = toolOpts{source: "xbps-install(1) and bin/xbps-install/main.c, xbps 0.60.7",
	flags: "ADdfhIiMnSuUVvy", vals: "CcRr",
	long: "--automatic --debug --download-only --force --help --ignore-conf-repos --ignore-file-conflicts --memory-sync --dry-run " +
		"--sync --unpack-only --update --verbose --version --yes --reproducible --staging",
	longVal: "--config --cachedir --repository --rootdir", reads: "-C --config -c --cachedir -r --rootdir"}

// xbpsInstall judges xbps-install: a dry run (-n) reads the package
// database and the cached indexes (the network with -M or -R); every
// other run installs or updates.
func xbpsInstall(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), &xbpsOpts)
	switch {
	case len(ops) == 0 && len(flags) == 1 && has(flags, "h", "--help", "V", "--version"):
		c.add(Safe, "prints its version or usage", "builtin:read-only")
	case has(flags, "n", "--dry-run"):
		readsPackages(c, has(flags, "M", "--memory-sync", "R", "--repository"))
	default:
		changesSystem(c)
	}
}

// ---- Scoop ----

// Scoop's verbs are PowerShell scripts, most without options; each
// script's header is its manual.
const scoopSource = "Scoop v0.5.3 libexec/scoop-*.ps1 usage headers and bin/scoop.ps1"

var scoopTool = func() *verbTool {
	none := &toolOpts{source: scoopSource, flags: "h", long: "--help"}
	return newVerbTool(toolOpts{source: scoopSource, flags: "hv", long: "--help --version"},
		map[string]*toolOpts{
			"list": none, "search": none, "which": none, "prefix": none, "cat": none, "depends": none, "checkup": none, "help": none,
			"info":   {source: scoopSource, flags: "hv", long: "--help --verbose"},
			"status": {source: scoopSource, flags: "hl", long: "--help --local"},
			"export": {source: scoopSource, flags: "hc", long: "--help --config"},
			"config": none, "cache": none, "bucket": none, "home": none,
		})
}()

// scoopSubs are the second words that only print (scoop cache show).
var scoopSubs = map[string][]string{"cache": {"show"}, "bucket": {"list", "known"}}

// scoop judges Scoop: the verbs that print what is installed or in the
// local buckets read; search falls back to GitHub's API and status
// fetches the buckets (the network); config and export --config print
// the configuration, which may hold API tokens; every other verb
// installs, updates or changes the system.
func scoop(c *cmd) {
	verb, flags, ops, known := c.verb(scoopTool)
	if subs, ok := scoopSubs[verb.s]; known && ok && (len(ops) == 0 || ops[0].dyn || !slices.Contains(subs, ops[0].s)) {
		known = false // scoop cache rm, scoop bucket add
	}
	switch {
	case !known && verb.s == "" && !verb.dyn && len(c.rest()) > 0:
		c.add(Safe, "prints its version or usage", "builtin:read-only")
	case !known:
		changesSystem(c)
	case verb.s == "config" && len(ops) > 1, verb.s == "config" && len(ops) == 1 && ops[0].s == "rm":
		c.add(Dangerous, "changes Scoop's configuration", "builtin:npm-config")
	case verb.s == "config" || verb.s == "export" && has(flags, "c", "--config"):
		c.add(Warning, "prints Scoop's configuration, which may hold API tokens", "builtin:config-file")
	case verb.s == "home":
		c.add(Warning, "opens a web page in a browser", "builtin:tool-program")
	case verb.s == "search" || verb.s == "status" && !has(flags, "l", "--local"):
		readsPackages(c, true)
	case verb.s == "cat" || verb.s == "info" || verb.s == "depends":
		for _, op := range ops {
			if strings.Contains(op.s, "://") {
				c.add(Warning, "downloads the manifest "+shorten(op.s), "builtin:network")
			} else if op.dyn || strings.ContainsAny(op.s, `/\`) || strings.HasSuffix(op.s, ".json") {
				c.path(accRead, op)
			}
		}
		readsPackages(c, false)
	default:
		readsPackages(c, false)
	}
}

// ---- snap ----

// snap's verbs take go-flags options: their own and the mixins' (--color,
// --unicode, --abs-time). info and find ask the store.
const snapSource = "snap command option structs (cmd/snapd/cli/cmd_*.go, color.go, times.go), snapd 2.77"

var snapTool = func() *verbTool {
	verb := func(long, longVal string) *toolOpts {
		return &toolOpts{source: snapSource, flags: "h", long: join("--help", long), longVal: longVal}
	}
	return newVerbTool(toolOpts{source: snapSource, flags: "h", long: "--help --version"},
		map[string]*toolOpts{
			"list":        verb("--all", "--color --unicode"),
			"info":        verb("--verbose --abs-time", "--color --unicode"),
			"find":        verb("--private --narrow --section", "--color --unicode"),
			"search":      verb("--private --narrow --section", "--color --unicode"),
			"version":     verb("--verbose", ""),
			"connections": verb("--all", ""),
			"changes":     verb("--abs-time", ""),
			"warnings":    verb("--all --verbose --abs-time", "--unicode"),
			"aliases":     verb("", ""),
			"help":        verb("--all --man", ""),
		})
}()

// snap judges snap: list, version, connections, changes, warnings and
// aliases ask the local snapd; info and find ask the store; every other
// verb installs, runs or changes snaps.
func snap(c *cmd) {
	verb, _, ops, known := c.verb(snapTool)
	if !known {
		if verb.s == "" && !verb.dyn && len(c.rest()) > 0 {
			c.add(Safe, "prints its version or usage", "builtin:read-only")
			return
		}
		changesSystem(c)
		return
	}
	if verb.s == "info" {
		for _, op := range ops {
			if op.dyn || strings.ContainsAny(op.s, "/.") {
				c.path(accRead, op) // a .snap file
			}
		}
	}
	readsPackages(c, verb.s == "info" || verb.s == "find" || verb.s == "search")
}

// ---- yay ----

// yay wraps pacman: pacman's operations and options, and its own (-Y, -P,
// -G, -W and the options for the AUR, builds and its tools). The
// programs it runs (--pacman, --editor, --makepkg, --git, --gpg, --tar,
// --sudo) are runs; pacman's -Q passes through to the --pacman named.
const yaySource = "yay(8), yay 12.4.2 (doc/yay.8), with pacman 6.0.2's operations"

var (
	yayLong = "--yay --build --show --getpkgbuild --web --repo --aur --gendb --clean --complete --defaultconfig --currentconfig " +
		"--stats --news --quiet --install --force --print --unvote --vote --save --nomakepkgconf --noanswerclean --noanswerdiff " +
		"--noansweredit --noanswerupgrade --cleanmenu --diffmenu --editmenu --askremovemake --askyesremovemake --removemake " +
		"--noremovemake --topdown --bottomup --singlelineresults --doublelineresults --devel --cleanafter --keepsrc --timeupdate " +
		"--separatesources --redownload --redownloadall --noredownload --provides --pgpfetch --useask --combinedupgrade --batchinstall " +
		"--rebuild --rebuildall --rebuildtree --norebuild --sudoloop"
	yayLongVal = "--aururl --aurrpcurl --builddir --editor --editorflags --makepkg --pacman --tar --git --gpg --makepkgconf " +
		"--requestsplitn --completioninterval --sortby --searchby --answerclean --answerdiff --answeredit --answerupgrade " +
		"--mflags --gpgflags --sudo --sudoflags"
)

// aurHelper is a pacman wrapper that adds the AUR (yay, paru): all
// parses its whole line, own lists its options for any operation, ops
// are its operation letters and longOps their long names.
type aurHelper struct {
	all, own *toolOpts
	ops      string
	longOps  map[string]string
}

// newAURHelper makes an aurHelper from its own options (own: the manual,
// and the options any operation takes), what its whole line adds to
// pacman's (add: its short options, the files it writes and the programs
// it runs; --makepkgconf is read) and its operations.
func newAURHelper(own, add toolOpts, ops string, longOps map[string]string) *aurHelper {
	all := pacmanAll
	all.parsed, all.known = nil, nil
	all.source = own.source
	all.flags += add.flags
	all.long = join(all.long, own.long)
	all.longVal = join(all.longVal, own.longVal)
	all.reads = join(all.reads, "--makepkgconf")
	all.writes = join(all.writes, add.writes)
	all.runs = add.runs
	return &aurHelper{all: &all, own: &own, ops: ops, longOps: longOps}
}

// judge judges an AUR helper like pacman, with the AUR: -Q reads what is
// installed; -Ss, -Si, -Sl, -Ps, -Pw, -Po and -Gp ask the AUR (the
// network); -Pd, -Pg and -Ll print its configuration or local
// repository; every other operation, and no operation at all (-Syu, or
// a search that installs), changes the system.
func (h *aurHelper) judge(c *cmd) {
	flags, ops := c.judgeArgs(c.rest(), h.all)
	isOp := func(f flag) string {
		if n := pacmanOpNames[f.name]; n != "" {
			return n
		}
		if n := h.longOps[f.name]; n != "" {
			return n
		}
		if len(f.name) == 2 && strings.Contains(h.ops, f.name[1:]) {
			return f.name[1:]
		}
		return ""
	}
	op := ""
	for _, f := range flags {
		name := isOp(f)
		if name != "" && op != "" && name != op {
			changesSystem(c)
			return
		}
		if name != "" {
			op = name
		}
	}
	if t := pacmanOps[op]; t != nil {
		for _, f := range flags {
			if isOp(f) == "" && !t.knows(f.name) && !h.own.knows(f.name) {
				c.notModelled(f.name)
				break
			}
		}
	}
	if has(flags, "--save", "--savechanges") {
		c.add(Warning, "saves its options to "+c.name+"'s configuration", "builtin:config-file")
	}
	switch {
	case op == "Q" || op == "T" || op == "V":
		if has(flags, "p", "--file") {
			c.read(ops)
		}
		readsPackages(c, false)
	case op == "S" && has(flags, "s", "--search", "i", "--info", "l", "--list", "g", "--groups") &&
		!has(flags, "y", "--refresh", "u", "--sysupgrade", "c", "--clean", "w", "--downloadonly"):
		readsPackages(c, true)
	case op == "P" && has(flags, "d", "--defaultconfig", "g", "--currentconfig") && !has(flags, "c", "--complete"):
		readsPackages(c, false)
	case op == "P" && has(flags, "s", "--stats", "w", "--news", "o", "--order") && !has(flags, "c", "--complete"):
		readsPackages(c, true)
	case op == "G" && has(flags, "p", "--print", "c", "--comments"):
		readsPackages(c, true)
	case op == "G":
		c.add(Warning, "downloads build files from the AUR", "builtin:network")
		c.path(accWrite, lit("."))
	case op == "L" && has(flags, "l", "--list") && !has(flags, "c", "--clean", "d", "--delete", "y", "--refresh"):
		readsPackages(c, false)
	default:
		changesSystem(c)
	}
}

var yayHelper = newAURHelper(toolOpts{source: yaySource, long: yayLong, longVal: yayLongVal},
	toolOpts{flags: "YBPGWNacdgswqifpuv", writes: "--builddir", runs: "--editor --makepkg --pacman --tar --git --gpg --sudo"}, "DFQRSTUVYBPGW",
	map[string]string{"--yay": "Y", "--build": "B", "--show": "P", "--getpkgbuild": "G", "--web": "W"})

// yay is yayHelper's judgement.
func yay(c *cmd) { yayHelper.judge(c) }

// ---- paru ----

// paru's options are yay's kind, with its own tools: the programs it
// runs are runs, --makepkgconf is read, --clonedir and --develfile
// written. The optional values ([yes|no]) are given with "=".
const paruSource = "paru(8) and src/command_line.rs, paru 2.1.0, with pacman 6.0.2's operations"

var (
	paruLong = "--show --getpkgbuild --build --repoctl --chrootctl --repo --aur --pkgbuilds --interactive --skipreview --review " +
		"--upgrademenu --noupgrademenu --removemake --noremovemake --topdown --bottomup --regex --nocheck --installdebug " +
		"--noinstalldebug --devel --nodevel --cleanafter --nocleanafter --redownload --noredownload --provides --noprovides " +
		"--pgpfetch --nopgpfetch --newsonupgrade --useask --nouseask --savechanges --nosavechanges --failfast --nofailfast " +
		"--keepsrc --nokeepsrc --combinedupgrade --nocombinedupgrade --batchinstall --nobatchinstall --rebuild --norebuild " +
		"--sudoloop --nosudoloop --localrepo --nolocalrepo --chroot --nochroot --sign --nosign --keeprepocache --nokeeprepocache " +
		"--signdb --nosigndb --gendb --clean --complete --stats --news --order --print --comments --ssh --list --delete " +
		"--refresh --quiet --install --sysupgrade"
	paruLongVal = "--aururl --aurrpcurl --editor --makepkg --pacman --pacman-conf --git --gpg --sudo --pkgctl --fm --bat " +
		"--makepkgconf --editorflags --mflags --gitflags --gpgflags --sudoflags --batflags --fmflags --chrootflags --chrootpkgs " +
		"--completioninterval --sortby --searchby --limit --develsuffixes --builddir --clonedir --develfile --ask --ignoredevel --mode"
)

var paruHelper = newAURHelper(toolOpts{source: paruSource, flags: "x", long: paruLong, longVal: paruLongVal},
	toolOpts{flags: "PGBLCacswopdyqiux", writes: "--builddir --clonedir --develfile", runs: "--editor --makepkg --pacman --pacman-conf --git --gpg --sudo --pkgctl --fm --bat"}, "DFQRSTUVPGBLC",
	map[string]string{"--show": "P", "--getpkgbuild": "G", "--build": "B", "--repoctl": "L", "--chrootctl": "C"})

// paru is paruHelper's judgement.
func paru(c *cmd) { paruHelper.judge(c) }

// ---- pkg (FreeBSD) ----

// pkg's global options come before the verb. -o sets any configuration
// item and -C names a configuration file, either of which can load
// plugins; -j runs inside a jail; -c, -r and -R name trees read. search
// refreshes the repository catalogue unless -U.
const pkgSource = "pkg(8), pkg-info(8), pkg-search(8), pkg-query(8), pkg-which(8), pkg-stats(8), pkg 2.8.4 (docs/*.8)"

var pkgTool = newVerbTool(toolOpts{source: pkgSource, flags: "vdlN46", vals: "ojcrCR",
	long:    "--version --debug --list",
	longVal: "--option --jail --chroot --rootdir --config --repo-conf-dir",
	reads:   "-c --chroot -r --rootdir -C --config -R --repo-conf-dir"},
	map[string]*toolOpts{
		"info": {source: pkgSource, flags: "AaBbCDdEefgIiklOopqRrsx", vals: "F",
			long: "--annotations --all --required-shlibs --provided-shlibs --case-sensitive --pkg-message --dependencies --show-name-only " +
				"--exists --full --glob --comment --case-insensitive --locked --list-files --by-origin --origin --prefix --quiet --raw " +
				"--required-by --size --regex",
			longVal: "--file --raw-format", reads: "-F --file"},
		"search": {source: pkgSource, flags: "CcDdefgiopqRsUx", vals: "LQrS",
			long: "--case-sensitive --comment --description --depends-on --exact --full --glob --case-insensitive --origins --prefix " +
				"--quiet --raw --size --no-repo-update --regex",
			longVal: "--label --query-modifier --repository --search --raw-format"},
		"query": {source: pkgSource, flags: "aCgix", vals: "eF", long: "--all --case-sensitive --glob --case-insensitive --regex",
			longVal: "--evaluate --file", reads: "-F --file"},
		"which": {source: pkgSource, flags: "gmopq", long: "--glob --show-match --origin --path-search --quiet"},
		"stats": {source: pkgSource, flags: "qlrb", long: "--quiet --local --remote --bytes"},
		"help":  {source: pkgSource},
	})

// pkgReadVerbs print but have no table here: not modelled.
var pkgReadVerbs = []string{"version", "audit", "check", "shlib", "annotate", "updating", "config", "rquery"}

// pkg judges FreeBSD's pkg: info, query, which and stats read the
// installed database; search reads the catalogue, which it refreshes
// unless -U; every other verb changes the system.
func pkg(c *cmd) {
	gflags, verb, flags, _, known := c.verbGlobal(pkgTool)
	if has(gflags, "o", "--option", "C", "--config") {
		c.add(Warning, "changes pkg's configuration, which can load plugins", "builtin:config-file")
	}
	if has(gflags, "j", "--jail") {
		c.add(Warning, "works inside a jail", "builtin:system")
	}
	switch {
	case !known && verb.s == "" && !verb.dyn && len(c.rest()) > 0:
		c.add(Safe, "prints its version or usage", "builtin:read-only")
	case !known && slices.Contains(pkgReadVerbs, verb.s) && !verb.dyn:
		c.add(Warning, "not modelled: pkg "+verb.s+" (a verb the classifier has no table for)", "builtin:unknown-option")
	case !known:
		changesSystem(c)
	default:
		readsPackages(c, verb.s == "search" && !has(flags, "U", "--no-repo-update"))
	}
}
