package classify

import "strings"

// cargo's option tables, from `cargo --help` and `cargo SUB --help` of
// cargo 1.95 (Rust 1.95; cargo help SUB gives the same lists). Every
// subcommand takes the global options too.
const (
	cargoSource = "cargo --help and cargo SUB --help, cargo 1.95.0"
	// cargoFlags and cargoVals are the options every subcommand takes.
	cargoFlags    = "--verbose --quiet --locked --offline --frozen"
	cargoVals     = "--color --config"
	cargoPackages = "--workspace --all --lib --bins --examples --tests --benches --all-targets --all-features --no-default-features"
	cargoPkgVals  = "--package --exclude --bin --example --test --bench --features"
	// cargoCompile are the compilation and manifest options of build,
	// check, test, bench, doc and clippy.
	cargoCompile    = "--future-incompat-report --release --keep-going --unit-graph --timings --ignore-rust-version"
	cargoCompileVal = "--message-format --jobs --profile --target --target-dir --manifest-path"
)

// cargoBuild is the table of a subcommand that compiles, with its own
// flags and valued options added.
func cargoBuild(long, longVal string) *toolOpts {
	return &toolOpts{source: cargoSource, flags: "vqhr", vals: "ZpFj",
		long:    strings.Join([]string{cargoFlags, cargoPackages, cargoCompile, long}, " "),
		longVal: strings.Join([]string{cargoVals, cargoPkgVals, cargoCompileVal, longVal}, " ")}
}

// cargoPlain is the table of a subcommand that takes the global options
// and the listed ones.
func cargoPlain(flags, vals, long, longVal string) *toolOpts {
	return &toolOpts{source: cargoSource, flags: "vqh" + flags, vals: "Z" + vals,
		long: cargoFlags + " " + long, longVal: cargoVals + " " + longVal}
}

// cargoTables are cargo's subcommands that build, test or read the
// project, each with every option its --help lists. The others (run,
// install, publish, add, update, a plugin...) are judged by cargo and are
// never safe.
var cargoTables = newVerbTool(toolOpts{source: cargoSource, flags: "Vvqh", vals: "CZ",
	long: "--version --list --verbose --quiet --locked --offline --frozen", longVal: "--explain --color --config"},
	map[string]*toolOpts{
		"build": cargoBuild("", "--artifact-dir"),
		"check": cargoBuild("", ""),
		"test":  cargoBuild("--no-run --no-fail-fast --doc", ""),
		"bench": cargoBuild("--no-run --no-fail-fast", ""),
		"doc":   cargoBuild("--open --no-deps --document-private-items", ""),
		"clippy": func() *toolOpts {
			o := cargoBuild("--no-deps --fix --version", "--explain")
			o.flags += "V" // clippy's own -V, --version
			return o
		}(),
		"tree": cargoPlain("dei", "epfF", "--no-dedupe --duplicates --workspace --all-features --no-default-features",
			"--edges --invert --prune --depth --prefix --charset --format --package --exclude --features --target --manifest-path"),
		"metadata":       cargoPlain("", "F", "--no-deps --all-features --no-default-features", "--filter-platform --format-version --features --manifest-path"),
		"fmt":            {source: cargoSource, flags: "qvh", vals: "p", long: "--quiet --verbose --version --all --check", longVal: "--package --manifest-path --message-format"},
		"verify-project": cargoPlain("", "", "", "--manifest-path"),
		"read-manifest":  cargoPlain("", "", "", "--manifest-path"),
		"locate-project": cargoPlain("", "", "--workspace", "--message-format --manifest-path"),
		"pkgid":          cargoPlain("", "p", "", "--package --manifest-path"),
		"version":        cargoPlain("", "", "", ""),
		"help":           cargoPlain("", "", "", ""),
	})

// cargoAliases are the short names cargo gives its subcommands.
var cargoAliases = map[string]string{"b": "build", "c": "check", "t": "test", "d": "doc", "r": "run"}

func init() {
	for alias, verb := range cargoAliases {
		if t, ok := cargoTables.verbs[verb]; ok {
			cargoTables.verbs[alias] = t
		}
	}
}

// cargoAny parses the options of a subcommand without a table, so that
// --config, -C, -Z and the directories are still judged.
var cargoAny = optSpec{short: "ZpFjC", long: strings.Fields(cargoVals + " " + cargoPkgVals + " " + cargoCompileVal + " --artifact-dir --explain --registry --index --root --path --git --branch --tag --rev")}

// withoutToolchain returns words without a leading +toolchain (cargo
// +nightly test, rustup +beta show): rustup's proxies take it to pick the
// toolchain, and the tool never sees it.
func withoutToolchain(words []field) []field {
	if len(words) > 0 && !words[0].dyn && strings.HasPrefix(words[0].s, "+") {
		return words[1:]
	}
	return words
}

// cargo judges Rust's build tool by the table of its subcommand: builds,
// checks, tests and reads of the project are Safe when every option is
// one its --help lists (they run the project's build scripts and
// macros); running, changing dependencies and the registry are judged by
// their verbs. Configuration on the command line can name a linker or a
// runner, so it is dangerous.
func cargo(c *cmd) {
	global, verb, flags, ops, known := c.verbIn(cargoTables, withoutToolchain(c.rest()))
	if verb.s == "nextest" && !verb.dyn {
		// An external subcommand with tables of its own.
		judgeCargoGlobal(c, global)
		nextest(c, ops)
		return
	}
	if !known {
		flags, ops = parseOpts(ops, cargoAny)
	}
	all := append(global, flags...)
	judgeCargoGlobal(c, all)
	saveDir := c.d
	defer func() { c.d = saveDir }()
	for _, d := range values(all, "C") {
		c.d = c.chdir(c.d, d)
		if c.outsideRoot(c.d) {
			c.add(Warning, "works in a directory outside the project ("+shorten(d.s)+")", "builtin:cargo")
		}
	}
	for _, m := range values(all, "--manifest-path") {
		c.path(accRead, m)
	}
	for _, d := range values(all, "--target-dir", "--artifact-dir") {
		c.output(d)
	}
	sub := verb.s
	if verb.dyn {
		sub = "$"
	}
	if a, ok := cargoAliases[sub]; ok {
		sub = a
	}
	switch sub {
	case "", "version", "help":
		c.add(Safe, "prints cargo's usage, commands or version", "builtin:read-only")
	case "test", "check", "build", "bench", "doc", "tree", "metadata", "verify-project", "locate-project", "read-manifest", "pkgid":
		if has(flags, "--open") {
			c.add(Warning, "opens a browser", "builtin:server")
			return
		}
		c.add(Safe, "builds or tests the project", "builtin:build")
		c.testBinaryOutputs(ops) // the test binary's words after --
	case "clippy":
		if has(flags, "--fix") {
			c.add(Warning, "rewrites project files", "builtin:format")
			return
		}
		clippyLints(c, ops)
		c.add(Safe, "checks the project", "builtin:build")
	case "fmt":
		cargoFmt(c, flags, ops)
	case "install", "uninstall":
		c.add(Dangerous, "installs programs outside the project", "builtin:global-install")
	case "publish", "yank", "owner", "login", "logout":
		c.add(Dangerous, "changes the package registry", "builtin:publish")
	case "run", "search", "info":
		c.add(Warning, "runs a program or reads the registry", "builtin:cargo")
	default:
		c.add(Warning, "changes the project or its dependencies", "builtin:cargo")
	}
}

// judgeCargoGlobal judges the options every cargo command takes that
// configure cargo itself: --config can name a linker or a runner, and
// -Z turns on unstable behaviour.
func judgeCargoGlobal(c *cmd, flags []flag) {
	if len(values(flags, "--config")) > 0 {
		c.add(Dangerous, "sets cargo configuration, which can name programs to run", "builtin:env-override")
	}
	if has(flags, "Z") {
		c.add(Warning, "passes unstable flags the classifier does not model (-Z)", "builtin:cargo")
	}
}

// clippyLints judges the words cargo clippy passes on to clippy-driver
// (after --): lint levels are safe; anything else is a compiler option
// (response files, -C linker=, --extern) the classifier does not model.
func clippyLints(c *cmd, args []field) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, eq := strings.Cut(a.s, "=")
		switch {
		case a.dyn:
			c.add(Warning, "passes words to clippy that are not known until it runs", "builtin:unknown-option")
			return
		case name == "-W" || name == "-A" || name == "-D" || name == "-F" || name == "--warn" || name == "--allow" || name == "--deny" || name == "--forbid" || name == "--cap-lints":
			if !eq {
				i++ // the lint
			}
		case len(a.s) > 2 && (strings.HasPrefix(a.s, "-W") || strings.HasPrefix(a.s, "-A") || strings.HasPrefix(a.s, "-D") || strings.HasPrefix(a.s, "-F")):
			// -Dwarnings
		default:
			c.notModelled(a.s)
			return
		}
	}
}

// cargoFmt judges cargo fmt, which runs rustfmt with the words after --:
// it rewrites the project's files unless told only to check.
func cargoFmt(c *cmd, flags []flag, ops []field) {
	rf, _ := c.judgeArgs(ops, &rustfmtOpts)
	rustfmtFiles(c, rf, nil)
	if has(flags, "--check") || has(rf, "--check") {
		c.add(Safe, "checks formatting", "builtin:lint")
		return
	}
	c.add(Warning, "rewrites project files", "builtin:format")
}

// rustfmtOpts is rustfmt --help of rustfmt 1.9.0 (Rust 1.95). The
// unstable options (--file-lines, --skip-children...) need
// --unstable-features, which is not listed: they are not modelled.
var rustfmtOpts = toolOpts{source: "rustfmt --help, rustfmt 1.9.0 (Rust 1.95)", flags: "lvqVh",
	long:    "--check --backup --files-with-diff --verbose --quiet --version --help",
	longVal: "--emit --config-path --edition --style-edition --color --print-config --config"}

// rustfmtFiles judges rustfmt's file options: --config-path reads a
// configuration, and --print-config default|minimal writes the first
// operand. It returns the operands that are files to format.
func rustfmtFiles(c *cmd, flags []flag, ops []field) []field {
	c.optPath(accRead, flags, "--config-path")
	if v, ok := value(flags, "--print-config"); ok && len(ops) > 0 {
		if v.dyn || v.s != "current" {
			c.path(accWrite, ops[0])
		} else {
			c.path(accRead, ops[0])
		}
		return ops[1:]
	}
	return ops
}

// rustfmt formats Rust files in place, unless --check or --emit stdout
// only print; with no file it formats its input.
func rustfmt(c *cmd) {
	flags, ops := c.judgeOpts(&rustfmtOpts)
	files := rustfmtFiles(c, flags, ops)
	emit, _ := value(flags, "--emit")
	if has(flags, "--check", "V", "--version", "h", "--help") || emit.s == "stdout" && !emit.dyn && !has(flags, "--backup") || len(files) == 0 && len(ops) == 0 {
		c.add(Safe, "checks formatting", "builtin:lint")
		c.read(files)
		return
	}
	if v, ok := value(flags, "--print-config"); ok && len(files) == 0 {
		if v.s == "current" && !v.dyn {
			c.add(Safe, "prints rustfmt's configuration", "builtin:read-only")
		} else {
			c.add(Warning, "writes rustfmt's configuration to a file", "builtin:format")
		}
		return
	}
	c.add(Warning, "rewrites project files", "builtin:format")
	c.write(files)
}

// cargo-nextest's tables, from the clap definitions of cargo-nextest
// 0.9.143 (cargo nextest SUB --help prints them). The common options
// are global: they may come before or after the subcommand.
const (
	nextestSource     = "cargo nextest SUB --help and its clap definitions, cargo-nextest 0.9.143"
	nextestCommon     = "--verbose --override-version-check --no-pager"
	nextestCommonVals = "--manifest-path --config-file --tool-config-file --profile --color --user-config-file"
	nextestCargo      = "--workspace --all --lib --bins --examples --tests --benches --all-targets --all-features --no-default-features --release --unit-graph --timings " +
		"--frozen --locked --offline --cargo-quiet --cargo-verbose --ignore-rust-version --future-incompat-report"
	nextestCargoVals = "--package --exclude --bin --example --test --bench --features --build-jobs --cargo-profile --target --target-dir --cargo-message-format --config"
	nextestFilter    = "--ignore-default-filter"
	nextestFilterVal = "--run-ignored --partition --platform-filter --filterset --filter-expr"
	nextestReuse     = "--extract-overwrite --persist-extract-tempdir"
	nextestReuseVals = "--archive-file --archive-format --extract-to --cargo-metadata --workspace-remap --binaries-metadata --target-dir-remap --build-dir-remap"
	nextestRunner    = "--no-run --fail-fast --ff --no-fail-fast --nff --no-capture --nocapture --no-output-indent --hide-progress-bar --no-input-handler"
	nextestRunnerVal = "--test-threads --jobs --retries --flaky-result --max-fail --no-tests --debugger --tracer --stress-count --stress-duration " +
		"--failure-output --success-output --status-level --final-status-level --show-progress --max-progress-running --message-format --message-format-version"
)

// nextestTable is a subcommand's table: the common options and the
// groups it takes.
func nextestTable(flags, vals string, long ...string) *toolOpts {
	var l, v []string
	for i, group := range long {
		if i%2 == 0 {
			l = append(l, group)
		} else {
			v = append(v, group)
		}
	}
	return &toolOpts{source: nextestSource, flags: "vh" + flags, vals: "P" + vals,
		long: nextestCommon + " " + strings.Join(l, " "), longVal: nextestCommonVals + " " + strings.Join(v, " ")}
}

var nextestTables = newVerbTool(toolOpts{source: nextestSource, flags: "vhV", vals: "P", long: nextestCommon + " --version", longVal: nextestCommonVals},
	map[string]*toolOpts{
		"run":         nextestTable("r", "pFZEjR", nextestCargo, nextestCargoVals, nextestFilter, nextestFilterVal, nextestReuse, nextestReuseVals, nextestRunner, nextestRunnerVal+" --rerun --run-id"),
		"bench":       nextestTable("r", "pFZE", nextestCargo, nextestCargoVals, nextestFilter, nextestFilterVal, nextestRunner, nextestRunnerVal),
		"list":        nextestTable("r", "pFZET", nextestCargo, nextestCargoVals, nextestFilter, nextestFilterVal, nextestReuse, nextestReuseVals, "", "--message-format --list-type --show-progress"),
		"archive":     nextestTable("r", "pFZE", nextestCargo, nextestCargoVals, "", "--archive-file --archive-format --filterset --zstd-level"),
		"show-config": nextestTable("r", "pFZE", nextestCargo+" --show-default", nextestCargoVals+" --groups", nextestFilter, nextestFilterVal, nextestReuse, nextestReuseVals),
		"help":        nextestTable("", ""),
	})

func init() {
	nextestTables.verbs["r"] = nextestTables.verbs["run"]
	nextestTables.verbs["b"] = nextestTables.verbs["bench"]
}

// nextestCmd judges the standalone name: its words are cargo nextest's.
func nextestCmd(c *cmd) { nextest(c, c.rest()) }

// nextest judges cargo nextest's words: listing and running the
// project's tests are Safe when every option is one its help lists;
// cargo configuration is dangerous as with cargo, the configuration,
// metadata and archive files are read and the target and extraction
// directories written by the path rules, a debugger or tracer is a
// program it runs, and archive, self update and the record store are
// judged by what they write.
func nextest(c *cmd, words []field) {
	global, verb, flags, ops, known := c.verbIn(nextestTables, words)
	c.testBinaryOutputs(ops) // test filters, and the test binary's arguments after --
	all := append(global, flags...)
	judgeCargoGlobal(c, all)
	for _, f := range values(all, "--manifest-path", "--config-file", "--user-config-file", "--cargo-metadata", "--binaries-metadata", "--workspace-remap", "--target-dir-remap", "--build-dir-remap") {
		c.path(accRead, f)
	}
	for _, f := range values(all, "--tool-config-file") {
		// TOOL:ABS_PATH
		if _, path, ok := strings.Cut(f.s, ":"); ok && !f.dyn {
			f.s = path
		}
		c.path(accRead, f)
	}
	for _, f := range values(all, "--target-dir", "--extract-to") {
		c.output(f)
	}
	for _, f := range values(all, "--debugger", "--tracer") {
		c.add(Warning, "runs the tests under a program of its choosing", "builtin:tool-program")
		if f.dyn {
			c.programString(f)
		} else {
			c.script(f.s+` "$TEST"`, bashLang)
		}
	}
	switch {
	case !known && verb.s == "" && !verb.dyn:
		c.add(Safe, "prints nextest's usage or version", "builtin:read-only")
	case !known:
		c.add(Warning, "updates nextest or changes its record store", "builtin:cargo")
	case verb.s == "archive":
		for _, f := range values(flags, "--archive-file") {
			c.output(f)
		}
		c.add(Safe, "builds the project's tests into an archive", "builtin:build")
	case verb.s == "help":
		c.add(Safe, "prints help", "builtin:read-only")
	default:
		for _, f := range values(flags, "--archive-file") {
			c.path(accRead, f)
		}
		c.add(Safe, "builds and runs the project's tests", "builtin:test")
	}
}
