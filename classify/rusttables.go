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

// cargo judges Rust's build tool by the table of its subcommand: builds,
// checks, tests and reads of the project are Safe when every option is
// one its --help lists (they run the project's build scripts and
// macros); running, changing dependencies and the registry are judged by
// their verbs. Configuration on the command line can name a linker or a
// runner, so it is dangerous.
func cargo(c *cmd) {
	saved := c.args
	if len(c.args) > 1 && !c.args[1].dyn && strings.HasPrefix(c.args[1].s, "+") {
		c.args = append([]field{c.args[0]}, c.args[2:]...) // toolchain: cargo +nightly test
	}
	verb, flags, ops, known := c.verb(cargoTables)
	global, _ := parseOpts(c.rest(), cargoTables.global.spec())
	c.args = saved
	if !known {
		flags, ops = parseOpts(ops, cargoAny)
	}
	all := append(global, flags...)
	if len(values(all, "--config")) > 0 {
		c.add(Dangerous, "sets cargo configuration, which can name programs to run", "builtin:env-override")
	}
	if has(all, "Z") {
		c.add(Warning, "passes unstable flags the classifier does not model (-Z)", "builtin:cargo")
	}
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

func init() { rustfmtOpts.spec() }

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
