package classify

import (
	"strings"
)

// Compilers are judged word by word: a compiler that reads a credential
// store prints it in its diagnostics (gcc -E ~/.ssh/id_rsa), one told to
// write elsewhere writes there, and options that load plugins, run other
// programs or read more options from a file run code the classifier does
// not see. Every option a compiler is given must be in its table below;
// an option that is not is Warning.

// ccValued are the gcc and clang options that take their value as the
// next word (or glued: -Idir, -DX). Source: gcc(1) 12.2 "Option Summary"
// (Debian gcc-12) and clang(1) 14 (Debian clang-14).
var ccValued = map[string]bool{
	"-o": true, "-I": true, "-L": true, "-l": true, "-D": true, "-U": true, "-x": true,
	"-include": true, "-imacros": true, "-idirafter": true, "-iprefix": true, "-iwithprefix": true,
	"-iwithprefixbefore": true, "-isystem": true, "-iquote": true, "-isysroot": true, "-imultilib": true,
	"-MF": true, "-MT": true, "-MQ": true, "-Xlinker": true, "-Xassembler": true, "-Xpreprocessor": true,
	"-Xclang": true, "-mllvm": true, "-aux-info": true, "-dumpbase": true, "-dumpbase-ext": true, "-dumpdir": true,
	"-B": true, "-wrapper": true, "-specs": true, "-T": true, "-u": true, "-z": true, "--param": true,
	"-arch": true, "-target": true, "-F": true, "-framework": true, "-isystem-after": true,
	"--sysroot": true, "--config": true, "--gcc-toolchain": true, "-ccc-gcc-name": true, "-ccc-install-dir": true,
	"-install_name": true, "-rpath": true, "-e": true, "-G": true,
}

// ccReads are the options whose value is a file the compiler reads into
// the translation unit or the link.
var ccReads = map[string]bool{"-include": true, "-imacros": true, "-T": true, "-fmodule-map-file": true,
	"-fmodule-file": true, "-fsanitize-blacklist": true, "-fsanitize-ignorelist": true, "-fprofile-use": true,
	"-fprofile-sample-use": true, "-fprofile-instr-use": true, "-fprofile-list": true, "-fxray-attr-list": true,
	"-fxray-always-instrument": true, "-fxray-never-instrument": true, "-fauto-profile": true}

// ccDirs are the options whose value is a directory searched for headers
// or libraries: a credential store there is read; system directories
// outside the project are ordinary.
var ccDirs = map[string]bool{"-I": true, "-L": true, "-idirafter": true, "-isystem": true, "-iquote": true,
	"-isysroot": true, "--sysroot": true, "-iprefix": true, "-F": true, "-isystem-after": true, "-iwithprefix": true,
	"-iwithprefixbefore": true}

// ccWrites are the options whose value is a file or directory written.
var ccWrites = map[string]bool{"-o": true, "-MF": true, "-aux-info": true, "-dumpdir": true, "-dumpbase": true,
	"-fprofile-generate": true, "-fprofile-dir": true, "-fprofile-instr-generate": true, "-fcrash-diagnostics-dir": true,
	"-fmodules-cache-path": true, "-foptimization-record-file": true, "-ftime-trace": true,
	"-fdiagnostics-add-output": true, "-fdiagnostics-set-output": true, "-fprofile-note": true, "-save-temps": true}

// ccRuns are the options that run a program or load code into the
// compiler, whatever their value.
var ccRuns = map[string]string{
	"-wrapper": "runs the compiler's programs through a wrapper", "-B": "runs compiler programs from another directory",
	"-specs": "reads a specs file, which names programs to run", "--specs": "reads a specs file, which names programs to run",
	"-fplugin": "loads a compiler plugin", "-fplugin-arg": "loads a compiler plugin", "-fpass-plugin": "loads a compiler plugin",
	"-Xclang": "passes options to the compiler proper, which may load plugins",
	"-mllvm":  "passes options to LLVM", "-Xlinker": "passes options to the linker, which may load plugins or scripts",
	"-Xassembler": "passes options to the assembler", "-Xpreprocessor": "passes options to the preprocessor",
	"--config": "reads options from a configuration file", "--gcc-toolchain": "runs a toolchain from another directory",
	"-ccc-gcc-name": "runs another compiler", "-ccc-install-dir": "runs compiler programs from another directory",
	"-no-integrated-cpp": "runs a separate preprocessor", "-cc1": "runs the compiler proper with raw options",
	"-cc1as": "runs the assembler with raw options", "-fdump-go-spec": "writes a Go spec file",
}

// ccPrints are the options that only print what the compiler is, or its
// search paths, and compile nothing.
var ccPrints = []string{"--version", "-v", "--help", "-dumpversion", "-dumpfullversion", "-dumpmachine",
	"-dumpspecs", "-###", "--target-help", "-print-"}

// ccFlagPrefixes are the option families that change how code is compiled
// and nothing else: warnings, optimisation, debug information, language
// standards, machine options, definitions.
var ccFlagPrefixes = []string{"-W", "-O", "-g", "-std=", "-m", "-f", "-D", "-U", "-pedantic", "--std=",
	"-stdlib=", "-rtlib=", "-unwindlib=", "--target=", "-march=", "-mtune=", "-fuse-ld=", "--param=",
	"--rtlib=", "-ftrapv", "-print-", "-dump"}

// ccFlags are the other options without a value.
var ccFlags = map[string]bool{
	"-c": true, "-S": true, "-E": true, "-P": true, "-C": true, "-CC": true, "-M": true, "-MM": true,
	"-MD": true, "-MMD": true, "-MP": true, "-MG": true, "-H": true, "-w": true, "-ansi": true,
	"-pthread": true, "-pthreads": true, "-shared": true, "-static": true, "-static-libgcc": true,
	"-static-libstdc++": true, "-static-pie": true, "-rdynamic": true, "-pie": true, "-no-pie": true,
	"-nostdlib": true, "-nostdinc": true, "-nostdinc++": true, "-nostartfiles": true, "-nodefaultlibs": true,
	"-nolibc": true, "-pipe": true, "-s": true, "-Q": true, "-time": true, "-p": true, "-pg": true,
	"--coverage": true, "-undef": true, "-trigraphs": true, "-traditional": true, "-traditional-cpp": true,
	"-fsyntax-only": true, "-save-temps": true, "-symbolic": true, "-r": true,
	"-shared-libgcc": true, "-dD": true, "-dM": true, "-dN": true, "-dI": true, "-dU": true,
	"-remap": true, "-integrated-as": true, "-no-integrated-as": true, "-fno-integrated-as": true,
	"-emit-llvm": true, "-flto": true, "-ObjC": true, "-ObjC++": true, "-municode": true,
	"-Qunused-arguments": true, "-nogpulib": true, "-dynamic": true, "-bundle": true, "-dynamiclib": true,
	"--verbose": true, "-pass-exit-codes": true, "-fopenmp": true, "-Werror": true,
	"-no-canonical-prefixes": true,
}

// ccLinkerFlags are the -Wl, (and -Xlinker) items that only shape the
// link: no plugin, script, map or output file of their own.
var ccLinkerFlags = []string{"--as-needed", "--no-as-needed", "--gc-sections", "--no-gc-sections", "-O1", "-O2",
	"--no-undefined", "-z", "now", "relro", "noexecstack", "defs", "-s", "--strip-all", "--strip-debug",
	"-Bstatic", "-Bdynamic", "-Bsymbolic", "--export-dynamic", "-E", "--whole-archive", "--no-whole-archive",
	"--start-group", "--end-group", "-(", "-)", "--build-id", "--hash-style=gnu", "--hash-style=both",
	"--enable-new-dtags", "--disable-new-dtags", "-dead_strip", "--icf=all", "-pie", "--eh-frame-hdr"}

// ccLinkerValued are the -Wl, items whose value is harmless text: a
// library search name, an rpath baked into the output.
var ccLinkerValued = []string{"-rpath", "-rpath-link", "-soname", "-h", "--soname", "--version-script",
	"-install_name", "--defsym", "--build-id", "--hash-style", "-z", "--icf", "-l", "-L"}

// cc judges gcc, clang and their drivers.
func cc(c *cmd) {
	args := c.rest()
	var ops []field
	prints := len(args) > 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.s
		switch {
		case a.dyn:
			if strings.HasPrefix(strings.TrimLeft(s, `"'`), "-") {
				c.add(Warning, "option "+shorten(s)+" is not known until it runs", "builtin:unknown-option")
			} else {
				ops = append(ops, a)
			}
			prints = false
			continue
		case s == "-" || !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "@"):
			ops = append(ops, a)
			prints = false
			continue
		case strings.HasPrefix(s, "@"):
			c.responseFile(field{s: s[1:], glob: a.glob, w: a.w})
			prints = false
			continue
		}
		if isPrintOption(s) {
			continue
		}
		prints = false
		name, val, hasVal := ccSplit(s)
		v := field{s: val, glob: a.glob, w: a.w}
		if ccValued[name] && !hasVal {
			if i+1 < len(args) {
				i++
				v, hasVal = args[i], true
				if v.dyn {
					c.add(Warning, "the value of "+name+" is not known until it runs", "builtin:unknown-option")
					continue
				}
			}
		}
		c.ccOption(name, v, hasVal, a)
	}
	if c.name == "cpp" && len(ops) > 1 {
		// cpp IN OUT: the second operand is its output.
		c.output(ops[1])
		ops = ops[:1]
	}
	compiles(c, prints, ops, "compiles the project")
}

// compiles judges what a compiler does with its operands once its
// options are judged: with only options that print (its version, its
// settings) and no file it prints; otherwise it compiles (why says what
// runs as it does) and reads the files.
func compiles(c *cmd, prints bool, ops []field, why string) {
	if prints && len(ops) == 0 {
		c.add(Safe, "prints the compiler's version or settings", "builtin:read-only")
		return
	}
	c.add(Safe, why, "builtin:build")
	c.read(ops)
}

// isPrintOption reports whether s only makes the compiler print its
// version, help or settings.
func isPrintOption(s string) bool {
	for _, p := range ccPrints {
		if s == p || strings.HasSuffix(p, "-") && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// ccSplit splits a gcc option into its name and a glued value: -Idir,
// -o out, -specs=file, -fplugin=x.so, -Wl,--as-needed.
func ccSplit(s string) (name, val string, hasVal bool) {
	if n, v, ok := strings.Cut(s, "="); ok && !strings.HasPrefix(s, "-D") && !strings.HasPrefix(s, "-W") {
		return n, v, true
	}
	for _, p := range []string{"-include", "-imacros", "-idirafter", "-isystem", "-iquote", "-isysroot", "-iprefix", "-iwithprefixbefore", "-iwithprefix", "-MF", "-MT", "-MQ"} {
		if strings.HasPrefix(s, p) && len(s) > len(p) {
			return p, s[len(p):], true
		}
	}
	if len(s) > 2 && s[1] != '-' && strings.IndexByte("oILlDUxBTuzF", s[1]) >= 0 && !ccFlags[s] && !strings.HasPrefix(s, "-print") && !strings.HasPrefix(s, "-dump") {
		return s[:2], s[2:], true
	}
	return s, "", false
}

// ccOption judges one option of gcc or clang (the word a) with its
// value v, glued to it or the next word.
func (c *cmd) ccOption(name string, v field, hasVal bool, a field) {
	val := v.s
	if name == "-Xlinker" && ccLinkerItemSafe(val) {
		return
	}
	if why, ok := ccRuns[name]; ok {
		c.add(Warning, why+" ("+shorten(a.s)+")", "builtin:tool-program")
		return
	}
	if strings.HasPrefix(name, "-fplugin") {
		c.add(Warning, "loads a compiler plugin ("+shorten(a.s)+")", "builtin:tool-program")
		return
	}
	switch {
	case ccWrites[name]:
		if _, file, ok := strings.Cut(val, "file="); ok {
			v.s = file // -fdiagnostics-add-output=sarif:file=PATH
		}
		if hasVal {
			c.output(v)
		}
		return
	case name == "--sysroot" || name == "-isysroot":
		c.searchDir(v)
		if cands, unknown := c.wk.resolve(v, c.d); unknown || len(cands) == 0 || !c.wk.pl.inRoot(cands[0]) {
			c.add(Warning, "builds against another system root ("+shorten(val)+")", "builtin:tool-program")
		}
		return
	case ccReads[name]:
		if hasVal {
			c.path(accRead, v)
		}
		return
	case ccDirs[name]:
		if hasVal {
			c.searchDir(v)
		}
		return
	case name == "-fuse-ld":
		if strings.Contains(val, "/") {
			c.add(Warning, "runs a linker by its path ("+shorten(val)+")", "builtin:tool-program")
		}
		return
	case strings.HasPrefix(name, "-Wl,") || strings.HasPrefix(name, "-Wa,") || strings.HasPrefix(name, "-Wp,"):
		c.ccPassed(name)
		return
	case strings.HasPrefix(name, "-fdump-") || strings.HasPrefix(name, "-fprofile-") && hasVal:
		c.add(Warning, "writes or reads compiler data files the classifier does not follow ("+shorten(a.s)+")", "builtin:unknown-option")
		return
	case ccValued[name] || ccFlags[name]:
		return
	}
	for _, p := range ccFlagPrefixes {
		if strings.HasPrefix(a.s, p) {
			return
		}
	}
	c.notModelled(a.s)
}

// ccPassed judges -Wl,..., -Wa,... and -Wp,...: options passed on to the
// linker, the assembler or the preprocessor. Only the linker items of
// ccLinkerFlags are known to be harmless.
func (c *cmd) ccPassed(opt string) {
	if strings.HasPrefix(opt, "-Wl,") {
		items := strings.Split(opt[4:], ",")
		ok := true
		for i := 0; i < len(items); i++ {
			it := items[i]
			switch {
			case ccLinkerItemSafe(it):
			case slicesContains(ccLinkerValued, it) && i+1 < len(items):
				i++
			default:
				ok = false
			}
		}
		if ok {
			return
		}
	}
	c.add(Warning, "passes options to another tool of the toolchain, which may load plugins, run scripts or write files ("+shorten(opt)+")", "builtin:tool-program")
}

// ccLinkerItemSafe reports whether one linker option is only shaping.
func ccLinkerItemSafe(it string) bool {
	if slicesContains(ccLinkerFlags, it) {
		return true
	}
	for _, v := range ccLinkerValued {
		if strings.HasPrefix(it, v+"=") && v != "-L" && v != "-l" {
			return true
		}
	}
	return strings.HasPrefix(it, "-l") && len(it) > 2
}

func slicesContains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// responseFile judges @FILE: the compiler reads more options and files
// from it, which the classifier cannot see.
func (c *cmd) responseFile(f field) {
	c.path(accRead, f)
	c.add(Warning, "reads more options from "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
}

// searchDir judges a directory a compiler searches for headers, modules
// or libraries: a credential store there is read as any file would be;
// other directories outside the project (system headers) are ordinary.
func (c *cmd) searchDir(f field) {
	if f.dyn {
		c.add(Warning, "searches a directory that is not known until it runs", "builtin:unknown-path")
		return
	}
	cands, _ := c.wk.resolve(f, c.d)
	for _, p := range cands {
		if c.wk.pl.isCredentialStore(p) {
			c.path(accRead, f)
			return
		}
		if _, ok := c.wk.pl.globReachesSecret(p); ok && f.glob {
			c.path(accRead, f)
			return
		}
	}
}

// rustcValued are rustc's options with a value in the next word. Source:
// rustc --help -v, rustc 1.63 (Debian rustc).
var rustcValued = map[string]bool{"-o": true, "--out-dir": true, "--emit": true, "-C": true, "--codegen": true,
	"-Z": true, "--extern": true, "-L": true, "-l": true, "--cfg": true, "--check-cfg": true, "--crate-type": true,
	"--crate-name": true, "--edition": true, "--target": true, "--print": true, "--explain": true, "-W": true,
	"-A": true, "-D": true, "-F": true, "--warn": true, "--allow": true, "--deny": true, "--forbid": true,
	"--force-warn": true, "--cap-lints": true, "--error-format": true, "--json": true, "--color": true,
	"--remap-path-prefix": true, "--sysroot": true, "--diagnostic-width": true}

// rustcSafeCodegen are the -C keys that only shape the code.
var rustcSafeCodegen = map[string]bool{"opt-level": true, "debuginfo": true, "codegen-units": true, "target-cpu": true,
	"target-feature": true, "lto": true, "panic": true, "overflow-checks": true, "strip": true, "relocation-model": true,
	"prefer-dynamic": true, "rpath": true, "debug-assertions": true, "embed-bitcode": true, "force-frame-pointers": true,
	"metadata": true, "extra-filename": true, "split-debuginfo": true, "inline-threshold": true, "link-dead-code": true,
	"no-redzone": true, "code-model": true, "control-flow-guard": true, "instrument-coverage": true,
	"force-unwind-tables": true, "soft-float": true, "no-vectorize-loops": true, "no-vectorize-slp": true,
	"no-prepopulate-passes": true, "symbol-mangling-version": true, "linker-plugin-lto": false, "default-linker-libraries": true}

// rustc judges the Rust compiler.
func rustc(c *cmd) {
	args := c.rest()
	var ops []field
	prints := len(args) > 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.s
		if a.dyn {
			c.add(Warning, "an argument is not known until it runs", "builtin:unknown-option")
			prints = false
			continue
		}
		if s == "-" || !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "@") {
			ops = append(ops, a)
			prints = false
			continue
		}
		if strings.HasPrefix(s, "@") {
			c.responseFile(field{s: s[1:], w: a.w})
			prints = false
			continue
		}
		if s == "-V" || s == "--version" || s == "-h" || s == "--help" || s == "-v" || s == "--verbose" {
			continue
		}
		prints = false
		name, val, hasVal := strings.Cut(s, "=")
		if !strings.HasPrefix(name, "--") && len(name) > 2 {
			name, val, hasVal = s[:2], s[2:], true
		}
		if rustcValued[name] && !hasVal && i+1 < len(args) {
			i++
			val, hasVal = args[i].s, true
		}
		v := field{s: val, w: a.w}
		switch name {
		case "-o", "--out-dir":
			c.output(v)
		case "--emit":
			for _, e := range strings.Split(val, ",") {
				if _, p, ok := strings.Cut(e, "="); ok {
					c.output(field{s: p})
				}
			}
		case "-C", "--codegen":
			key, kv, _ := strings.Cut(val, "=")
			switch {
			case rustcSafeCodegen[key]:
			case key == "incremental":
				c.output(field{s: kv})
			case key == "profile-generate":
				c.output(field{s: kv})
			case key == "profile-use":
				c.path(accRead, field{s: kv})
			default:
				c.add(Warning, "sets codegen option "+key+", which may run a program or load a plugin", "builtin:tool-program")
			}
		case "-Z":
			c.add(Warning, "sets an unstable compiler option ("+shorten(val)+")", "builtin:tool-program")
		case "--extern":
			// A crate given by path may be a procedural macro: code that
			// runs in the compiler.
			if _, p, ok := strings.Cut(val, "="); ok {
				c.path(accRead, field{s: p})
			}
		case "-L":
			if _, p, ok := strings.Cut(val, "="); ok {
				val = p
			}
			c.searchDir(field{s: val})
		case "--sysroot":
			c.add(Warning, "loads the standard library from another directory", "builtin:tool-program")
		default:
			if !rustcValued[name] && name != "-O" && name != "-g" && name != "--test" {
				c.notModelled(s)
			}
		}
	}
	compiles(c, prints, ops, "compiles the project")
}

// javacOpts are javac's options. Source: javac --help and --help-extra,
// OpenJDK 17 (Debian openjdk-17-jdk-headless).
var javacOpts = struct{ valued, flags, paths, runs map[string]bool }{
	valued: map[string]bool{"-d": true, "-s": true, "-h": true, "-cp": true, "-classpath": true, "--class-path": true,
		"-sourcepath": true, "--source-path": true, "-bootclasspath": true, "--boot-class-path": true, "-p": true,
		"--module-path": true, "--upgrade-module-path": true, "--system": true, "-extdirs": true, "-endorseddirs": true,
		"-encoding": true, "-source": true, "--source": true, "-target": true, "--target": true, "--release": true,
		"--add-modules": true, "--limit-modules": true, "-m": true, "--module": true, "--module-source-path": true,
		"--add-exports": true, "--add-reads": true, "--patch-module": true, "--module-version": true,
		"-processor": true, "-processorpath": true, "--processor-path": true, "--processor-module-path": true,
		"-Xmaxerrs": true, "-Xmaxwarns": true, "-Xstdout": true, "--default-module-for-created-files": true},
	flags: map[string]bool{"-g": true, "-g:none": true, "-nowarn": true, "-verbose": true, "-deprecation": true,
		"-Werror": true, "-parameters": true, "-proc:none": true, "-proc:only": true, "-proc:full": true,
		"--enable-preview": true, "-version": true, "--version": true, "-help": true, "--help": true, "-?": true,
		"-X": true, "--help-extra": true, "-Xprefer:newer": true, "-Xprefer:source": true, "-implicit:none": true,
		"-implicit:class": true, "-XDignore.symbol.file": true, "-Xdoclint": true, "-Xdiags:compact": true,
		"-Xdiags:verbose": true, "-Xlint": true, "-Xpkginfo:always": true, "-Xpkginfo:legacy": true,
		"-Xpkginfo:nonempty": true, "-Xprint": true, "-XprintProcessorInfo": true, "-XprintRounds": true},
	paths: map[string]bool{"-cp": true, "-classpath": true, "--class-path": true, "-sourcepath": true,
		"--source-path": true, "-bootclasspath": true, "--boot-class-path": true, "-p": true, "--module-path": true,
		"--upgrade-module-path": true, "--system": true, "-extdirs": true, "-endorseddirs": true, "--module-source-path": true},
	runs: map[string]bool{"-processor": true, "-processorpath": true, "--processor-path": true, "--processor-module-path": true},
}

// javac judges the Java compiler. Annotation processors found on the
// class path run in it, so it runs the project's code.
func javac(c *cmd) {
	args := c.rest()
	var ops []field
	prints := len(args) > 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.s
		switch {
		case a.dyn:
			c.add(Warning, "an argument is not known until it runs", "builtin:unknown-option")
			prints = false
			continue
		case !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "@"):
			ops = append(ops, a)
			prints = false
			continue
		case strings.HasPrefix(s, "@"):
			c.responseFile(field{s: s[1:], w: a.w})
			prints = false
			continue
		case s == "-version" || s == "--version" || s == "-help" || s == "--help" || s == "-X" || s == "--help-extra" || s == "-?":
			continue
		}
		prints = false
		name, val, hasVal := strings.Cut(s, "=")
		if javacOpts.valued[name] && !hasVal && i+1 < len(args) {
			i++
			val, hasVal = args[i].s, true
		}
		switch {
		case strings.HasPrefix(s, "-J"):
			c.add(Warning, "passes options to the Java runtime, which may load agents ("+shorten(s)+")", "builtin:tool-program")
		case strings.HasPrefix(s, "-Xplugin"):
			c.add(Warning, "loads a compiler plugin ("+shorten(s)+")", "builtin:tool-program")
		case javacOpts.runs[name]:
			c.add(Warning, "runs annotation processors ("+shorten(s)+")", "builtin:tool-program")
		case name == "-d" || name == "-s" || name == "-h":
			c.output(field{s: val, w: a.w})
		case name == "-Xstdout":
			c.path(accWrite, field{s: val, w: a.w})
		case javacOpts.paths[name]:
			for _, p := range strings.Split(val, ":") {
				if p != "" {
					c.path(accRead, field{s: p})
				}
			}
		case javacOpts.valued[name] || javacOpts.flags[name] || strings.HasPrefix(s, "-Xlint:") ||
			strings.HasPrefix(s, "-Xdoclint") || strings.HasPrefix(s, "-g:") || strings.HasPrefix(s, "-A") ||
			strings.HasPrefix(s, "-implicit:") || strings.HasPrefix(s, "-Xdiags:"):
		default:
			c.notModelled(s)
		}
	}
	compiles(c, prints, ops, "compiles the project, running the annotation processors on its class path")
}

// jvmCompiler judges kotlinc and scalac: compiler plugins and options
// passed to the JVM run code; -d writes.
func jvmCompiler(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{long: []string{"--classpath"}, short: "d"})
	for _, f := range flags {
		switch {
		case strings.HasPrefix(f.name, "-Xplugin") || strings.HasPrefix(f.name, "-J") || strings.HasPrefix(f.name, "-P"):
			c.add(Warning, "loads a compiler plugin or passes options to the JVM ("+f.name+")", "builtin:tool-program")
		case f.name == "-d" && f.hasVal:
			c.output(f.val)
		}
	}
	for _, a := range c.rest() {
		if c.name == "kotlinc" && (a.s == "-script" || a.s == "-e" || a.s == "-expression" || strings.HasSuffix(a.s, ".kts")) {
			c.add(Warning, "runs a Kotlin script or expression ("+shorten(a.s)+")", "builtin:interpreter")
		}
		if strings.HasPrefix(a.s, "-Xplugin") || strings.HasPrefix(a.s, "-J") || strings.HasPrefix(a.s, "@") {
			c.add(Warning, "loads a compiler plugin, passes options to the JVM or reads them from a file ("+shorten(a.s)+")", "builtin:tool-program")
		}
	}
	if len(c.rest()) == 1 && (c.rest()[0].s == "-version" || c.rest()[0].s == "--version" || c.rest()[0].s == "-help") {
		c.add(Safe, "prints the compiler's version", "builtin:read-only")
		return
	}
	c.add(Safe, "compiles the project", "builtin:build")
	var files []field
	for _, op := range ops {
		if !strings.HasPrefix(op.s, "-") {
			files = append(files, op)
		}
	}
	c.read(files)
}

// ghc judges the Haskell compiler: -pgm options name the programs it
// runs, -F runs a preprocessor, plugins and -e run code; Template Haskell
// in the project runs too.
func ghc(c *cmd) {
	for _, a := range c.rest() {
		s := a.s
		switch {
		case a.dyn:
			c.add(Warning, "an argument is not known until it runs", "builtin:unknown-option")
		case strings.HasPrefix(s, "-pgm") || s == "-F" || strings.HasPrefix(s, "-fplugin") || s == "-e" ||
			strings.HasPrefix(s, "--frontend") || strings.HasPrefix(s, "-package-db") || strings.HasPrefix(s, "-package-env") ||
			strings.HasPrefix(s, "--interactive") || strings.HasPrefix(s, "-opt") || strings.HasPrefix(s, "@"):
			c.add(Warning, "runs a program or code of its choosing ("+shorten(s)+")", "builtin:tool-program")
		}
	}
	flags, ops := parseOpts(c.rest(), optSpec{short: "oe"})
	if o, ok := value(flags, "o"); ok {
		c.output(o)
	}
	if len(c.rest()) == 1 && (c.rest()[0].s == "--version" || c.rest()[0].s == "--numeric-version") {
		c.add(Safe, "prints the compiler's version", "builtin:read-only")
		return
	}
	c.add(Safe, "compiles the project, running its Template Haskell", "builtin:build")
	c.read(ops)
}
