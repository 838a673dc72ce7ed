package classify

import (
	"slices"
	"strings"
)

// Build tools run the project's own build files: a Makefile, pom.xml or
// build.ninja is code, so building and testing count as running project
// code (rule builtin:build). What their tables add is that every option
// is known: one that names a build file, a script or a settings file
// outside the project, runs a program of the caller's choosing or
// writes outside the project is judged as such, and an option the table
// does not list makes the command warning.

// makeOpts is GNU make's table. -j, -l and -O take an optional value
// glued to them (-j4, -Oline), which makeArgs splits off first; the
// long forms take it after "=". --jobserver-auth and --jobserver-fds are
// not in --help but make passes them to sub-makes in MAKEFLAGS (make
// manual 4.3, "POSIX Jobserver").
var makeOpts = toolOpts{source: "make --help, GNU make 4.3 (Debian 12)", flags: "bmBdehijklLnOpqrRsStvw",
	vals:    "CEfIoW",
	long:    "--always-make --debug --environment-overrides --help --ignore-errors --jobs --keep-going --load-average --max-load --check-symlink-times --just-print --dry-run --recon --output-sync --print-data-base --question --no-builtin-rules --no-builtin-variables --silent --quiet --no-silent --no-keep-going --stop --touch --trace --version --print-directory --no-print-directory --warn-undefined-variables",
	longVal: "--directory --eval --file --makefile --include-dir --old-file --assume-old --what-if --new-file --assume-new --jobserver-auth --jobserver-fds",
	reads:   "-f --file --makefile"}

// bmakeOpts is NetBSD make's table (bmake(1) and its usage line). -m
// names the directory of the system makefiles (sys.mk), which are code;
// -T writes a trace file; -d F<file> sends the debugging output to a
// file (bsdMake).
var bmakeOpts = toolOpts{source: "bmake(1) and usage, bmake 20200710 (Debian 12)", flags: "BeikNnqrstWwX",
	vals:   "CDdfIJjmTVv",
	reads:  "-f",
	writes: "-T"}

// makeArgs splits the optional values GNU make glues to -j, -l and -O
// (make -j4, -sj8, -l2.5, -Otarget) off their letters, so that the
// table sees only option letters. A separate number after -j or -l is
// its value too (make -j 4), and is dropped with it.
func makeArgs(args []field) []field {
	out := make([]field, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn || len(a.s) < 2 || a.s[0] != '-' || a.s[1] == '-' {
			out = append(out, a)
			if a.s == "--" {
				return append(out, args[i+1:]...)
			}
			continue
		}
		word := a.s
		for j := 1; j < len(word); j++ {
			ch := word[j]
			if strings.IndexByte(makeOpts.vals, ch) >= 0 {
				break // the rest of the word is that option's value
			}
			if ch == 'j' || ch == 'l' || ch == 'O' {
				if j+1 == len(word) && (ch == 'j' && i+1 < len(args) && isCount(args[i+1]) || ch == 'l' && i+1 < len(args) && isNumber(args[i+1])) {
					i++
				}
				a.s = word[:j+1]
				break
			}
		}
		out = append(out, a)
	}
	return out
}

// isCount reports a literal word of digits: a job count, which make
// takes from the next word only when it is all digits (make -j 4, but
// make -j . builds the target ".").
func isCount(f field) bool {
	return !f.dyn && f.s != "" && strings.Trim(f.s, "0123456789") == ""
}

// isNumber reports a literal decimal number, such as a load average
// (make -l 2.5): digits with one dot at most, and a digit at least.
func isNumber(f field) bool {
	whole, frac, _ := strings.Cut(f.s, ".")
	return !f.dyn && whole+frac != "" && strings.Trim(whole+frac, "0123456789") == ""
}

// enterDirs follows the options that change the tool's directory before
// it reads anything (make -C, ninja -C, meson -C), in order: each
// directory is judged as one the tool reads its build files from (a
// credential store is blocked, outside the project warning), and the
// paths after it resolve in it.
func (c *cmd) enterDirs(args []field, o *toolOpts, names ...string) {
	flags, _ := parseOpts(args, o.spec())
	for _, d := range values(flags, names...) {
		c.enterDir(d)
	}
}

// enterDir is enterDirs for one directory.
func (c *cmd) enterDir(d field) {
	c.path(accRead, d)
	c.d = c.chdir(c.d, d)
	if c.outsideRoot(c.d) {
		c.add(Warning, "runs build files outside the project ("+shorten(d.s)+")", "builtin:make")
	}
}

// gnuMake is make and gmake: the table judges every option, then the
// targets decide (makeTargets).
func gnuMake(c *cmd) {
	args := makeArgs(c.rest())
	c.enterDirs(args, &makeOpts, "-C", "--directory")
	flags, ops := c.judgeArgs(args, &makeOpts)
	for _, d := range values(flags, "-I", "--include-dir") {
		// Included makefiles are code: a directory outside the project
		// can supply them.
		c.path(accRead, d)
	}
	if has(flags, "f", "--file", "--makefile", "E", "--eval") {
		c.add(Warning, "uses another makefile or extra rules", "builtin:make")
	}
	dry := has(flags, "n", "--dry-run", "--just-print", "--recon", "q", "--question", "p", "--print-data-base")
	if has(flags, "t", "--touch") && !dry {
		c.add(Warning, "touches the targets instead of building them", "builtin:make")
	}
	c.makeTargets(ops, dry, "make target")
}

// bsdMake is bmake: its table, then the targets (makeTargets). -V and
// -v print variables and run nothing.
func bsdMake(c *cmd) {
	c.enterDirs(c.rest(), &bmakeOpts, "-C")
	flags, ops := c.judgeArgs(c.rest(), &bmakeOpts)
	if has(flags, "f") {
		c.add(Warning, "uses another makefile", "builtin:make")
	}
	for _, d := range values(flags, "-I", "-m") {
		c.path(accRead, d)
	}
	for _, d := range values(flags, "-d") {
		// -d F<file> (or F+<file>, appending) writes the debugging output
		// to that file; the letters before F are debugging flags.
		if d.dyn {
			c.add(Warning, "debugging flags are not known until it runs", "builtin:make")
			continue
		}
		if _, file, ok := strings.Cut(d.s, "F"); ok {
			file = strings.TrimPrefix(file, "+")
			if file != "stdout" && file != "stderr" {
				c.path(accWrite, field{s: file, w: d.w})
			}
		}
	}
	for _, v := range values(flags, "-V", "-v") {
		// -v always expands, -V a value with $: the :! and :sh
		// modifiers run commands.
		if v.dyn || strings.Contains(v.s, "$") || strings.Contains(v.s, ":!") || strings.Contains(v.s, ":sh") {
			c.add(Warning, "expands a make expression, which can run commands", "builtin:make")
		}
	}
	dry := has(flags, "n", "N", "q", "V", "v")
	if has(flags, "t") && !dry {
		c.add(Warning, "touches the targets instead of building them", "builtin:make")
	}
	c.makeTargets(ops, dry, "make target")
}

// makeTargets judges make's operands: variable assignments and targets.
// Test and build targets are Safe (they run the project's makefile,
// builtin:build), install and deploy targets Dangerous, any other target
// or the default one Warning. dry is -n, -q or -p: make runs no recipe
// (only the makefile's own $(shell) calls, which are the project's
// code), so any target is Safe.
func (c *cmd) makeTargets(ops []field, dry bool, what string) {
	var targets []field
	for _, op := range ops {
		switch {
		case op.dyn:
			c.add(Warning, "target or variable is not known until it runs", "builtin:make")
		case strings.Contains(op.s, "="):
			name, val, _ := strings.Cut(op.s, "=")
			name = strings.TrimRight(name, ":+?!")
			if name == "SHELL" || name == "MAKESHELL" || name == ".SHELLFLAGS" || riskyEnv(name) {
				c.add(Dangerous, "sets "+name+", which changes what runs", "builtin:env-override")
			} else if !dry || strings.Contains(val, "$") {
				// A value with $ can call $(shell ...), even under -n.
				c.add(Warning, "overrides a make variable", "builtin:make")
			}
		default:
			targets = append(targets, op)
		}
	}
	if dry {
		c.add(Safe, "prints what it would run", "builtin:build")
		return
	}
	level, why := Safe, "builds or tests the project"
	if len(targets) == 0 {
		level, why = Warning, "runs the default "+what
	}
	for _, t := range targets {
		switch s := t.s; {
		case s == "test" || s == "tests" || s == "check" || s == "build" ||
			strings.HasPrefix(s, "test-") || strings.HasPrefix(s, "check-") || strings.HasPrefix(s, "test_"):
		case s == "install" || s == "uninstall" || strings.Contains(s, "deploy") ||
			strings.Contains(s, "release") || strings.Contains(s, "publish") || strings.Contains(s, "push"):
			level, why = Dangerous, "runs a target that installs, deploys or publishes ("+s+")"
		default:
			if level < Warning {
				level, why = Warning, "runs a "+what
			}
		}
	}
	rule := "builtin:make"
	if level == Safe {
		rule = "builtin:build"
	}
	c.add(level, why, rule)
}

// The tasks of the build tools with goals, phases or tasks (mvn, gradle,
// ant, sbt...): the ones that build, test, check or describe the project
// are Safe (the project's build runs, builtin:build), the ones that
// install, deploy or publish Dangerous, any other Warning.
var (
	buildSafeTasks      = []string{"test", "verify", "compile", "package", "validate", "check", "build", "assemble", "clean", "lint", "dependencies", "tasks", "help", "projects", "properties"}
	buildDangerousTasks = []string{"deploy", "release", "publish", "upload", "install", "push"}
)

// buildTasks judges the tasks a build tool is asked to run; a plugin
// goal (dependency:tree) is judged by the part after its last colon.
func (c *cmd) buildTasks(ops []field) {
	level, why := Safe, "builds or tests the project"
	if len(ops) == 0 {
		level, why = Warning, "runs the default task"
	}
	for _, op := range ops {
		t := lower(op.s)
		// goal@execution runs the goal with that execution's settings:
		// exec:java@compile is exec:java, not compile.
		t, _, _ = strings.Cut(t, "@")
		// (Gradle's :app:test is a project path, with a leading colon.)
		coordinates := strings.Count(t, ":") >= 2 && !strings.HasPrefix(t, ":")
		if i := strings.LastIndexByte(t, ':'); i >= 0 {
			t = t[i+1:]
		}
		switch {
		case op.dyn:
			level, why = max(level, Warning), "task is not known until it runs"
		case coordinates && !containsAny(t, buildDangerousTasks):
			// group:artifact[:version]:goal names a plugin the project
			// need not use, fetched and run from a repository.
			level, why = max(level, Warning), "runs a plugin named on the command line ("+op.s+")"
		case containsAny(t, buildDangerousTasks):
			level, why = Dangerous, "installs, deploys or publishes ("+op.s+")"
		case !containsAny(t, buildSafeTasks) && level < Warning:
			level, why = Warning, "runs a task ("+op.s+")"
		}
	}
	c.add(level, why, "builtin:build")
}

// splitGlued splits a word that glues a one-letter option to its value
// (mvn -Dkey=v, -T4, -Pprofile) into the option and its value, as
// Apache Commons CLI does, when the whole word is not an option of its
// own (-pl, -gs).
func splitGlued(args []field, o *toolOpts, letters string) []field {
	out := make([]field, 0, len(args))
	for i, a := range args {
		if a.s == "--" {
			return append(out, args[i:]...)
		}
		name, _, _ := strings.Cut(a.s, "=")
		if !a.dyn && len(a.s) > 2 && a.s[0] == '-' && a.s[1] != '-' && !o.knows(name) && strings.IndexByte(letters, a.s[1]) >= 0 {
			out = append(out, field{s: a.s[:2], w: a.w}, field{s: a.s[2:], w: a.w, glob: a.glob})
			continue
		}
		out = append(out, a)
	}
	return out
}

// mvnOpts is Maven's table: every option is a whole name after one dash
// (-am, -gs) or two (--also-make), as Commons CLI reads them. The
// settings and toolchains files are read (settings can hold server
// passwords and name the local repository); the POM is the build's code.
var mvnOpts = toolOpts{source: "mvn --help, Apache Maven 3.8.7 (Debian 12)", oneDash: true,
	long: "-am -also-make -amd -also-make-dependents -B -batch-mode -C -strict-checksums -c -lax-checksums -cpu -check-plugin-updates -e -errors -fae -fail-at-end -ff -fail-fast -fn -fail-never -h -help " +
		"-llr -legacy-local-repository -N -non-recursive -npr -no-plugin-registry -npu -no-plugin-updates -nsu -no-snapshot-updates -ntp -no-transfer-progress -o -offline -q -quiet -U -update-snapshots -up -update-plugins -v -version -V -show-version -X -debug",
	longVal: "-b -builder -color -D -define -emp -encrypt-master-password -ep -encrypt-password -f -file -gs -global-settings -gt -global-toolchains -l -log-file -P -activate-profiles -pl -projects -rf -resume-from -s -settings -t -toolchains -T -threads",
	reads:   "-f -file -gs -global-settings -gt -global-toolchains -s -settings -t -toolchains",
	writes:  "-l -log-file"}

// mvnProperties are the -D properties that only switch parts of the
// build on or off or pick tests: any other may be a plugin parameter
// naming a file or a program, which the table cannot see.
var mvnProperties = map[string]bool{"skipTests": true, "maven.test.skip": true, "skipITs": true, "test": true, "it.test": true,
	"maven.javadoc.skip": true, "maven.source.skip": true, "checkstyle.skip": true, "gpg.skip": true, "jacoco.skip": true,
	"spotbugs.skip": true, "pmd.skip": true, "enforcer.skip": true, "rat.skip": true, "license.skip": true, "maven.test.failure.ignore": true,
	"surefire.failIfNoSpecifiedTests": true, "failIfNoTests": true, "failIfNoSpecifiedTests": true, "style.color": true,
	"revision": true, "changelist": true, "sha1": true, "includes": true, "excludes": true, "groups": true, "excludedGroups": true,
	"surefire.rerunFailingTestsCount": true, "trimStackTrace": true, "maven.compiler.source": true, "maven.compiler.target": true, "maven.compiler.release": true}

// mvn is Maven (and its wrapper mvnw): its table, the -D properties,
// then the goals and phases (buildTasks).
func mvn(c *cmd) {
	args := splitGlued(c.rest(), &mvnOpts, "DPTbflstf")
	flags, ops := c.judgeArgs(args, &mvnOpts)
	if has(flags, "-emp", "-encrypt-master-password", "-ep", "-encrypt-password") {
		c.add(Warning, "encrypts a password given on the command line", "builtin:credential")
	}
	for _, p := range values(flags, "-D", "-define") {
		key, val, _ := strings.Cut(p.s, "=")
		switch {
		case p.dyn:
			c.add(Warning, "sets a property that is not known until it runs", "builtin:build-property")
		case key == "maven.repo.local":
			c.path(accWrite, field{s: val, w: p.w})
		case key == "exec.executable" || key == "exec.args" || key == "exec.mainClass":
			c.add(Warning, "runs a program of its own ("+key+")", "builtin:tool-program")
		case !mvnProperties[key]:
			c.add(Warning, "sets a property a plugin may read as a file or program ("+shorten(key)+"): not modelled", "builtin:build-property")
		}
	}
	c.buildTasks(ops)
}

// gradleOpts is Gradle's table, with the options of the built-in tasks
// agents give after a task (test --tests, dependencies --configuration,
// help --task). The settings and build files and the included builds are
// the build's code; an init script is code the project did not choose
// (gradle below); the user home holds Gradle's caches and its own init
// scripts and properties.
var gradleOpts = toolOpts{source: "gradle --help, Gradle 8.5 (upstream docs, Command-Line Interface); test, dependencies and help task options", flags: "?hadimqsStVvw",
	vals: "bcDFgIMpPx",
	long: "--help --no-rebuild --build-cache --configuration-cache --configure-on-demand --continue --debug --daemon --export-keys --foreground --info --dry-run --no-build-cache --no-configuration-cache --no-configure-on-demand --no-daemon --no-parallel --no-scan --no-watch-fs --offline --parallel --profile --quiet --refresh-dependencies --refresh-keys --rerun-tasks " +
		"--full-stacktrace --stacktrace --scan --status --stop --continuous --update-locks --show-version --version --warn --watch-fs --write-locks --fail-fast --rerun --all",
	longVal: "--build-file --settings-file --configuration-cache-problems --console --system-prop --dependency-verification --gradle-user-home --init-script --include-build --write-verification-metadata --max-workers --project-prop --project-dir --priority --project-cache-dir --exclude-task --warning-mode --tests --configuration --task --dependency",
	reads:   "-b --build-file -c --settings-file --include-build",
	writes:  "--project-cache-dir -g --gradle-user-home"}

// gradleProperties are the org.gradle.* settings that change how Gradle
// runs but name no file or program (gradle.properties reference); any
// other org.gradle.* -D or -P may pick the JVM (org.gradle.java.home)
// or its arguments (org.gradle.jvmargs: -javaagent).
var gradleProperties = map[string]bool{"org.gradle.caching": true, "org.gradle.parallel": true, "org.gradle.console": true, "org.gradle.daemon": true,
	"org.gradle.logging.level": true, "org.gradle.warning.mode": true, "org.gradle.workers.max": true, "org.gradle.configureondemand": true,
	"org.gradle.configuration-cache": true, "org.gradle.vfs.watch": true, "org.gradle.priority": true, "org.gradle.logging.stacktrace": true}

// gradle is Gradle and its wrapper: the table, the directories and
// scripts it is pointed at, the JVM properties, then the tasks.
func gradle(c *cmd) {
	c.enterDirs(c.rest(), &gradleOpts, "-p", "--project-dir")
	flags, ops := c.judgeArgs(c.rest(), &gradleOpts)
	for _, f := range values(flags, "-I", "--init-script") {
		c.path(accRead, f)
		c.add(Warning, "runs an init script ("+shorten(f.s)+")", "builtin:tool-program")
	}
	if has(flags, "--scan") {
		c.add(Warning, "uploads a build scan", "builtin:network")
	}
	for _, p := range values(flags, "-D", "--system-prop", "-P", "--project-prop") {
		key, _, _ := strings.Cut(p.s, "=")
		switch {
		case p.dyn:
			c.add(Warning, "sets a property that is not known until it runs", "builtin:build-property")
		case strings.HasPrefix(key, "org.gradle.") && !gradleProperties[key]:
			c.add(Warning, "sets a Gradle property that can pick the JVM or its arguments ("+shorten(key)+")", "builtin:tool-program")
		case strings.HasPrefix(key, "java.") || strings.HasPrefix(key, "javax.") || strings.HasPrefix(key, "jdk."):
			c.add(Warning, "sets a JVM property that may name files or classes ("+shorten(key)+")", "builtin:build-property")
		}
	}
	c.buildTasks(ops)
}

// ninjaOpts is ninja's table. -t ends the options: the rest are the
// subtool's (ninjaTools).
var ninjaOpts = toolOpts{source: "ninja -h and ninja -t list, ninja 1.11.1 (Debian 12 ninja-build)", flags: "hvn",
	vals: "CfjkldtwV", long: "--version --verbose --quiet", reads: "-f"}

// ninjaTools are ninja's subtools that only print what the build graph
// and logs hold.
var ninjaTools = map[string]bool{"commands": true, "inputs": true, "deps": true, "missingdeps": true, "graph": true, "query": true,
	"targets": true, "compdb": true, "rules": true, "list": true}

// ninja runs the project's build.ninja (what cmake or meson generated
// for it): building the default targets is Safe, named targets are
// judged as make's; its subtools print, clean or rewrite its logs, and
// their options (ninja -t TOOL -h, 1.11.1) are -g, -r, -s, -x and -d.
func ninja(c *cmd) {
	args := c.rest()
	var tool []field
	for i, a := range args {
		if a.s == "-t" && i+1 < len(args) {
			args, tool = args[:i+2], args[i+2:]
			break
		}
		if strings.HasPrefix(a.s, "-t") && len(a.s) > 2 {
			args, tool = args[:i+1], args[i+1:]
			break
		}
	}
	c.enterDirs(args, &ninjaOpts, "-C")
	flags, ops := c.judgeArgs(args, &ninjaOpts)
	if t, ok := value(flags, "-t"); ok {
		switch {
		case t.dyn:
			c.add(Warning, "runs a subtool that is not known until it runs", "builtin:build")
		case ninjaTools[t.s]:
			c.add(Safe, "prints the build graph ("+t.s+")", "builtin:read-only")
		case t.s == "clean" || t.s == "cleandead":
			c.add(Warning, "deletes the files the build made", "builtin:build")
		case t.s == "browse":
			c.add(Warning, "starts a web server to browse the build graph", "builtin:server")
		default:
			c.add(Warning, "runs ninja's "+shorten(t.s)+" subtool", "builtin:build")
		}
		for _, w := range tool {
			if w.dyn || strings.HasPrefix(w.s, "-") && w.s != "-" {
				// A subtool's option (clean -g, targets -a, compdb -x):
				// not modelled one by one.
				if !slices.Contains([]string{"-h", "-g", "-r", "-x", "-s", "-d"}, w.s) {
					c.notModelled(w.s)
				}
			}
		}
		return
	}
	if has(flags, "n") {
		c.add(Safe, "prints what it would run", "builtin:build")
		return
	}
	if len(ops) == 0 {
		c.add(Safe, "builds the project's default targets", "builtin:build")
		return
	}
	c.makeTargets(ops, false, "ninja target")
}

// cmakeOpts is cmake's table for configuring and its printing modes.
// cmakeWords are its options that GNU-style parsing cannot read (-Wdev,
// -Werror=dev, -L[A][H], -version, -help, -usage): cmakeArgs takes them
// out first. The -D cache entries are judged by cmakeDefine.
var cmakeOpts = toolOpts{source: "cmake --help, cmake --build and cmake --install usage, cmake -E, CMake 3.25.1 (Debian 12)", flags: "hHNEL",
	vals: "SBCDUGTAP",
	long: "--list-presets --fresh --find-package --log-context --debug-trycompile --debug-output --debug-find --trace --trace-expand --warn-uninitialized --no-warn-unused-cli --check-system-vars --compile-no-warning-as-error " +
		"--help-full --help-manual-list --help-command-list --help-commands --help-module-list --help-modules --help-policy-list --help-policies --help-property-list --help-properties --help-variable-list --help-variables --system-information",
	longVal: "--toolchain --install-prefix --preset --build --install --open --graphviz --log-level --loglevel --debug-find-pkg --debug-find-var --trace-format --trace-source --trace-redirect --profiling-format --profiling-output " +
		"--help-manual --help-command --help-module --help-policy --help-property --help-variable",
	reads: "-C --toolchain -P"}

// cmakeBuildOpts is cmake --build's table (after --build DIR); the
// words after -- go to make or ninja (cmakeNative).
var cmakeBuildOpts = toolOpts{source: cmakeOpts.source, flags: "jv", vals: "t",
	long: "--parallel --clean-first --verbose --list-presets", longVal: "--preset --target --config --resolve-package-references"}

// cmakeInstallOpts is cmake --install's table.
var cmakeInstallOpts = toolOpts{source: cmakeOpts.source, flags: "v", long: "--strip --verbose",
	longVal: "--config --component --default-directory-permissions --prefix"}

var cmakeWords = map[string]bool{"-Wdev": true, "-Wno-dev": true, "-Werror=dev": true, "-Wno-error=dev": true, "-Wdeprecated": true,
	"-Wno-deprecated": true, "-Werror=deprecated": true, "-Wno-error=deprecated": true, "-version": true, "-help": true, "-usage": true, "/?": true, "/V": true}

// cmakeCache are the cache entries that pick how the project is built
// but name no program or file CMake would load: any other CMAKE_* entry
// may (CMAKE_C_COMPILER, CMAKE_PROJECT_INCLUDE, CMAKE_TOOLCHAIN_FILE).
var cmakeCache = map[string]bool{"CMAKE_BUILD_TYPE": true, "CMAKE_EXPORT_COMPILE_COMMANDS": true, "CMAKE_INSTALL_PREFIX": true,
	"CMAKE_CXX_STANDARD": true, "CMAKE_C_STANDARD": true, "CMAKE_CXX_STANDARD_REQUIRED": true, "CMAKE_CXX_EXTENSIONS": true,
	"CMAKE_VERBOSE_MAKEFILE": true, "CMAKE_COLOR_DIAGNOSTICS": true, "CMAKE_POSITION_INDEPENDENT_CODE": true,
	"CMAKE_CXX_FLAGS": false, "CMAKE_UNITY_BUILD": true, "CMAKE_COMPILE_WARNING_AS_ERROR": true, "CMAKE_MESSAGE_LOG_LEVEL": true,
	"CMAKE_FIND_DEBUG_MODE": true, "CMAKE_SKIP_RPATH": true, "CMAKE_INTERPROCEDURAL_OPTIMIZATION": true}

// cmake configures the project (running its CMakeLists.txt and presets,
// whose execute_process, file(DOWNLOAD) and find modules run anything:
// Warning, like make's default target, unless -N only loads the cache),
// builds a configured tree (cmake --build, as make or ninja would),
// installs one (Dangerous), runs a script (-P) or one of its file
// commands (-E, judged as the command it stands for).
func cmake(c *cmd) {
	args := c.rest()
	if len(args) > 0 && args[0].s == "-E" && !args[0].dyn {
		c.cmakeCommand(args[1:])
		return
	}
	if len(args) > 0 && !args[0].dyn && (args[0].s == "--build" || strings.HasPrefix(args[0].s, "--build=")) {
		c.cmakeBuild(args)
		return
	}
	if len(args) > 0 && !args[0].dyn && (args[0].s == "--install" || strings.HasPrefix(args[0].s, "--install=")) {
		flags, _ := c.judgeArgs(args[1:], &cmakeInstallOpts)
		if len(args) > 1 {
			c.path(accRead, args[1])
		}
		if p, ok := value(flags, "--prefix"); ok {
			c.path(accWrite, p)
		}
		c.add(Dangerous, "installs the build, by default outside the project", "builtin:build")
		return
	}
	var words []field
	for _, a := range args {
		switch {
		case a.dyn:
		case cmakeWords[a.s]:
			continue
		case len(a.s) >= 2 && strings.HasPrefix(a.s, "-L") && strings.Trim(a.s[2:], "AH") == "":
			continue // -L[A][H]: lists the cache after configuring
		}
		words = append(words, a)
	}
	flags, ops := c.judgeArgs(words, &cmakeOpts)
	for _, d := range values(flags, "-D") {
		c.cmakeDefine(d)
	}
	for _, p := range values(flags, "--install-prefix") {
		// The same cache entry as -DCMAKE_INSTALL_PREFIX=PATH.
		c.cmakeDefine(field{s: "CMAKE_INSTALL_PREFIX=" + p.s, dyn: p.dyn, w: p.w})
	}
	for _, f := range values(flags, "--graphviz", "--trace-redirect", "--profiling-output") {
		c.output(f)
	}
	switch {
	case has(flags, "--build", "--install"):
		c.add(Warning, "builds or installs after other options: not modelled", "builtin:unknown-option")
	case has(flags, "--open"):
		c.add(Warning, "opens the project in an IDE", "builtin:open")
	case has(flags, "P"):
		c.add(Warning, "runs a CMake script", "builtin:tool-program")
		return
	case has(flags, "--find-package"):
		c.add(Warning, "runs CMake's package search, with modules from the system", "builtin:build")
		return
	case has(flags, "--help-full", "--help-manual", "--help-manual-list", "--help-command", "--help-command-list", "--help-commands", "--help-module", "--help-module-list",
		"--help-modules", "--help-policy", "--help-policy-list", "--help-policies", "--help-property", "--help-property-list", "--help-properties",
		"--help-variable", "--help-variable-list", "--help-variables", "--system-information", "--list-presets") || len(args) == 0:
		// The operand, if any, is the file the text is written to.
		c.add(Safe, "prints help or information", "builtin:read-only")
		for _, op := range ops {
			c.output(op)
		}
		return
	}
	// Configuring: the source tree is read and its code run, the build
	// tree (-B, or the current directory) written.
	for _, s := range append(values(flags, "-S"), ops...) {
		c.path(accRead, s)
		if d := c.chdir(c.d, s); c.outsideRoot(d) {
			c.add(Warning, "configures a project outside this one ("+shorten(s.s)+")", "builtin:build")
		}
	}
	for _, b := range values(flags, "-B") {
		c.output(b)
	}
	if has(flags, "N") {
		c.add(Safe, "loads the build's cache without configuring (-N)", "builtin:build")
		return
	}
	c.add(Warning, "configures the project: runs its CMakeLists.txt, which can run any command", "builtin:build")
}

// cmakeDefine judges a -D cache entry: NAME[:TYPE]=VALUE.
func (c *cmd) cmakeDefine(d field) {
	if d.dyn {
		c.add(Warning, "sets a cache entry that is not known until it runs", "builtin:build-property")
		return
	}
	name, val, _ := strings.Cut(d.s, "=")
	name, _, _ = strings.Cut(name, ":")
	switch {
	case strings.HasPrefix(name, "CMAKE_") && !cmakeCache[name]:
		c.add(Warning, "sets "+shorten(name)+", which can name a program or a file CMake loads", "builtin:tool-program")
	case strings.ContainsAny(val, "/~") && !strings.Contains(val, "://"):
		// A project option that names a file: judged as one it reads.
		c.path(accRead, field{s: val, w: d.w})
	}
}

// cmakeBuild is cmake --build DIR [options] [-- native options]: it
// runs the build tool in a configured tree, like make or ninja there.
func (c *cmd) cmakeBuild(args []field) {
	var dir field
	rest := args[1:]
	if _, v, ok := strings.Cut(args[0].s, "="); ok {
		dir = field{s: v, w: args[0].w}
	} else if len(rest) > 0 && !strings.HasPrefix(rest[0].s, "-") {
		dir, rest = rest[0], rest[1:]
	}
	var native []field
	for i, a := range rest {
		if a.s == "--" && !a.dyn {
			rest, native = rest[:i], rest[i+1:]
			break
		}
	}
	flags, ops := c.judgeArgs(rest, &cmakeBuildOpts)
	if dir.s != "" || dir.dyn {
		c.path(accRead, dir)
		if d := c.chdir(c.d, dir); c.outsideRoot(d) {
			c.add(Warning, "builds a tree outside the project ("+shorten(dir.s)+")", "builtin:build")
		}
	}
	for i := 0; i < len(native); i++ {
		// The native tool's job count and keep-going switches; anything
		// else reaches make or ninja unjudged.
		n := native[i]
		switch {
		case n.s == "-j" || n.s == "-k":
			if i+1 < len(native) && isCount(native[i+1]) {
				i++
			}
		case n.s == "-l":
			if i+1 < len(native) && isNumber(native[i+1]) {
				i++
			}
		case !n.dyn && (strings.HasPrefix(n.s, "-j") || strings.HasPrefix(n.s, "-k")) && isCount(field{s: n.s[2:]}),
			!n.dyn && strings.HasPrefix(n.s, "-l") && isNumber(field{s: n.s[2:]}),
			n.s == "-v" || n.s == "-s" || n.s == "VERBOSE=1" || n.s == "--no-print-directory":
		default:
			c.notModelled(n.s)
		}
	}
	// The job count of -j/--parallel is an operand here.
	var targets []field
	for _, op := range ops {
		if !isCount(op) {
			targets = append(targets, op)
		}
	}
	targets = append(targets, values(flags, "-t", "--target")...)
	if has(flags, "--list-presets") {
		c.add(Safe, "lists the build presets", "builtin:read-only")
		return
	}
	c.makeTargets(targets, false, "target of the configured build")
}

// cmakeCommand is cmake -E: each command is judged as the shell command
// it stands for (copy as cp, rm as rm, chdir as cd then the command).
func (c *cmd) cmakeCommand(args []field) {
	if len(args) == 0 || args[0].dyn {
		c.add(Warning, "runs a cmake -E command that is not known until it runs", "builtin:unknown")
		return
	}
	name, rest := args[0].s, args[1:]
	as := func(cmd string, flags ...string) {
		inner := []field{lit(cmd)}
		for _, f := range flags {
			inner = append(inner, lit(f))
		}
		c.run(append(inner, rest...))
	}
	switch name {
	case "capabilities", "true", "false", "echo", "echo_append", "sleep":
		c.add(Safe, "prints or waits", "builtin:read-only")
	case "environment":
		as("env")
	case "cat", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum":
		c.add(Safe, "reads files", "builtin:read-only")
		files := rest
		if name == "cat" && len(files) > 0 && files[0].s == "--" {
			files = files[1:]
		}
		c.read(files)
	case "compare_files":
		c.add(Safe, "compares files", "builtin:read-only")
		if len(rest) > 0 && rest[0].s == "--ignore-eol" {
			rest = rest[1:]
		}
		c.read(rest)
	case "copy", "copy_if_different":
		as("cp")
	case "copy_directory":
		as("cp", "-r")
	case "make_directory":
		as("mkdir", "-p")
	case "remove":
		as("rm")
	case "remove_directory":
		as("rm", "-r")
	case "rm":
		as("rm")
	case "rename":
		as("mv")
	case "touch", "touch_nocreate":
		as("touch")
	case "create_symlink":
		as("ln", "-s")
	case "create_hardlink":
		as("ln")
	case "tar":
		as("tar")
	case "env":
		as("env")
	case "time":
		c.run(rest)
	case "chdir":
		if len(rest) == 0 {
			return
		}
		c.d = c.chdir(c.d, rest[0])
		c.run(rest[1:])
	default:
		c.add(Warning, "runs cmake -E "+shorten(name)+": not modelled", "builtin:unknown-option")
	}
}

// ctestOpts is ctest's table: whole option names after one dash (-LE,
// -VV) or two, as ctest reads them; -j4 and -R<regex> glue a one-letter
// option to its value (splitGlued).
var ctestOpts = toolOpts{source: "ctest --help, CTest 3.25.1 (Debian 12 cmake)", oneDash: true,
	long: "-list-presets -progress -V -verbose -VV -extra-verbose -debug -output-on-failure -stop-on-failure -F -Q -quiet -N -show-only -U -union -rerun-failed -no-label-summary -no-subproject-summary " +
		"-build-and-test -build-nocmake -build-two-config -build-noclean -tomorrow-tag -force-new-ctest-process -schedule-random -submit-index -http1.0 -no-compress-output -print-labels -interactive-debug-mode -test-command " +
		"-h -H -help -usage -version -help-full -help-manual-list -help-command-list -help-commands -help-module-list -help-modules -help-policy-list -help-policies -help-property-list -help-properties -help-variable-list -help-variables",
	longVal: "-preset -C -build-config -test-output-size-passed -test-output-size-failed -test-output-truncation -j -parallel -O -output-log -output-junit -L -label-regex -R -tests-regex -E -exclude-regex -LE -label-exclude " +
		"-FA -fixture-exclude-any -FS -fixture-exclude-setup -FC -fixture-exclude-cleanup -D -dashboard -M -test-model -T -test-action -group -S -script -SP -script-new-process -A -add-notes -I -tests-information " +
		"-repeat -repeat-until-fail -max-width -resource-spec-file -test-dir -build-target -build-run-dir -build-exe-dir -build-generator -build-generator-platform -build-generator-toolset -build-project " +
		"-build-makeprogram -build-config-sample -build-options -test-timeout -test-load -overwrite -extra-submit -timeout -stop-time -no-tests " +
		"-help-manual -help-command -help-module -help-policy -help-property -help-variable",
	reads: "-A -add-notes -resource-spec-file -S -script -SP -script-new-process -extra-submit"}

// ctest runs the tests a configured tree lists (the project's code,
// builtin:test). Scripts, dashboards (which can submit results to a
// server) and --build-and-test (which runs the command it is given)
// are warning; its logs and reports are build output.
func ctest(c *cmd) {
	args := splitGlued(c.rest(), &ctestOpts, "CjOLREDMTSAI")
	for i, a := range args {
		if (a.s == "--test-command" || a.s == "-test-command") && !a.dyn {
			// The rest of the line is the command it runs.
			c.run(args[i+1:])
			args = args[:i+1]
			break
		}
	}
	c.enterDirs(args, &ctestOpts, "-test-dir")
	flags, ops := c.judgeArgs(args, &ctestOpts)
	for _, f := range values(flags, "-O", "-output-log", "-output-junit") {
		c.output(f)
	}
	for _, f := range values(flags, "-I", "-tests-information") {
		// Start,End,Stride,test#... or the name of a file holding them.
		if !f.dyn && strings.Trim(f.s, "0123456789,") == "" {
			continue
		}
		c.path(accRead, f)
	}
	switch {
	case has(flags, "-S", "-script", "-SP", "-script-new-process"):
		c.add(Warning, "runs a CTest script", "builtin:tool-program")
	case has(flags, "-build-and-test", "-test-command", "-build-makeprogram"):
		c.add(Warning, "configures, builds and runs the command it is given", "builtin:tool-program")
	case has(flags, "-D", "-dashboard", "-T", "-test-action", "-M", "-test-model", "-extra-submit"):
		c.add(Warning, "runs a dashboard step, which can submit results to a server", "builtin:network")
	}
	if has(flags, "-help-full", "-help-manual", "-help-manual-list", "-help-command", "-help-command-list", "-help-commands", "-help-module", "-help-module-list",
		"-help-modules", "-help-policy", "-help-policy-list", "-help-policies", "-help-property", "-help-property-list", "-help-properties",
		"-help-variable", "-help-variable-list", "-help-variables", "-version") {
		c.add(Safe, "prints help", "builtin:read-only")
		for _, op := range ops {
			c.output(op)
		}
		return
	}
	if has(flags, "-build-and-test") && len(ops) >= 2 {
		// Its two values: the source tree read, the build tree written.
		c.path(accRead, ops[0])
		c.output(ops[1])
		ops = ops[2:]
	}
	for _, op := range ops {
		// ctest takes no operands but the value of -interactive-debug-mode.
		if op.dyn || op.s != "0" && op.s != "1" {
			c.notModelled(op.s)
		}
	}
	if has(flags, "-N", "-show-only", "-print-labels", "-list-presets") {
		c.add(Safe, "lists the tests", "builtin:read-only")
		return
	}
	c.add(Safe, "runs the project's tests", "builtin:test")
}

// mesonDirs are the install directory options every configuring verb of
// meson takes (they only name where "meson install" puts files).
const mesonDirs = "--prefix --bindir --datadir --includedir --infodir --libdir --libexecdir --localedir --localstatedir --mandir --sbindir --sharedstatedir --sysconfdir --auto-features --backend --buildtype --default-library --install-umask --layout --optimization --unity --unity-size --warnlevel --wrap-mode --force-fallback-for --python.install-env --python.platlibdir --python.purelibdir --pkg-config-path --build.pkg-config-path --cmake-prefix-path --build.cmake-prefix-path"

// mesonTool is meson's table: its verbs that configure, build, test and
// describe the project. The others (install, dist, init, rewrite, wrap,
// subprojects, devenv, env2mfile) are judged by meson below.
var mesonTool = newVerbTool(toolOpts{source: "meson --help and meson VERB --help, Meson 1.0.1 (Debian 12)", flags: "hv", long: "--version"},
	map[string]*toolOpts{
		"setup": {flags: "hv", vals: "D", long: "--debug --errorlogs --prefer-static --stdsplit --strip --werror --pkgconfig.relocatable --vsenv --fatal-meson-warnings --reconfigure --wipe",
			longVal: mesonDirs + " --native-file --cross-file", reads: "--native-file --cross-file"},
		"configure": {flags: "h", vals: "D", long: "--debug --errorlogs --prefer-static --stdsplit --strip --werror --pkgconfig.relocatable --clearcache --no-pager", longVal: mesonDirs},
		"compile":   {flags: "hv", vals: "Cjl", long: "--clean --verbose", longVal: "--jobs --load-average --ninja-args --vs-args --xcode-args"},
		"test": {flags: "hvq", vals: "Ct", long: "--no-rebuild --gdb --list --no-stdsplit --print-errorlogs --benchmark --verbose --quiet",
			longVal: "--maxfail --repeat --gdb-path --wrapper --suite --no-suite --logbase --num-processes --timeout-multiplier --setup --test-args"},
		"introspect": {flags: "haif", long: "--ast --benchmarks --buildoptions --buildsystem-files --dependencies --scan-dependencies --installed --install-plan --projectinfo --targets --tests --all --indent --force-object-output", longVal: "--backend"},
	})

// meson configures (setup, the default verb: Warning, as its meson.build
// runs commands like make's default target), builds and tests the
// project with its meson.build (code of the project, builtin:build);
// introspect prints. Installing is Dangerous; the verbs that fetch
// subprojects reach the network; the ones that write project files or
// run a command are warning.
func meson(c *cmd) {
	args := c.rest()
	if len(args) > 0 && !args[0].dyn && !strings.HasPrefix(args[0].s, "-") && mesonTool.verbs[args[0].s] == nil && !mesonOther[args[0].s] {
		// "meson builddir": setup is the default verb.
		c.mesonSetup(c.judgeArgs(args, mesonTool.verbs["setup"]))
		return
	}
	verb, flags, ops, known := c.verb(mesonTool)
	if !known {
		switch verb.s {
		case "":
			c.add(Safe, "prints its usage", "builtin:read-only")
		case "install":
			c.add(Dangerous, "installs the project, by default outside it", "builtin:build")
		case "wrap", "subprojects":
			c.add(Warning, "fetches or changes subprojects", "builtin:network")
		case "devenv":
			c.add(Warning, "runs a command in the build's environment", "builtin:tool-program")
			for len(ops) > 0 && strings.HasPrefix(ops[0].s, "-") && !ops[0].dyn {
				// Its options: -C DIR, -w/--workdir DIR, --dump FILE, --dump-format F.
				switch opt := ops[0].s; {
				case opt == "--dump" && len(ops) > 1:
					c.path(accWrite, ops[1])
					ops = ops[1:]
				case (opt == "-C" || opt == "-w" || opt == "--workdir" || opt == "--dump-format") && len(ops) > 1:
					ops = ops[1:]
				}
				ops = ops[1:]
			}
			c.run(ops)
		case "help":
			c.add(Safe, "prints help", "builtin:read-only")
		default:
			c.add(Warning, "runs meson "+shorten(verb.s)+", which writes project files", "builtin:build")
		}
		return
	}
	switch verb.s {
	case "setup":
		c.mesonSetup(flags, ops)
	case "configure":
		for _, d := range values(flags, "-D") {
			c.mesonOption(d)
		}
		for _, op := range ops {
			c.path(accRead, op)
		}
		c.add(Safe, "shows or changes the build's options", "builtin:build")
	case "compile":
		for _, d := range values(flags, "-C") {
			c.enterDir(d)
		}
		if has(flags, "--ninja-args", "--vs-args", "--xcode-args") {
			c.add(Warning, "passes options to the backend that are not judged", "builtin:unknown-option")
		}
		c.makeTargets(append(ops, lit("build")), false, "meson target")
	case "test":
		for _, d := range values(flags, "-C") {
			c.enterDir(d)
		}
		if has(flags, "--gdb", "--gdb-path") {
			c.add(Warning, "runs the tests under a debugger", "builtin:tool-program")
		}
		for _, w := range values(flags, "--wrapper") {
			c.add(Warning, "runs the tests under a wrapper program", "builtin:tool-program")
			if w.dyn || !strings.ContainsAny(w.s, " \t") {
				c.run([]field{w, {s: "TEST", dyn: true}})
			} else {
				// meson splits the wrapper as a shell would.
				c.script(w.s+` "$TEST"`, bashLang)
			}
		}
		if has(flags, "--list") {
			c.add(Safe, "lists the tests", "builtin:read-only")
			return
		}
		c.add(Safe, "runs the project's tests", "builtin:test")
	case "introspect":
		c.add(Safe, "prints what the build holds", "builtin:read-only")
		c.read(ops)
	}
}

// mesonOther are meson's verbs without a table.
var mesonOther = map[string]bool{"install": true, "dist": true, "init": true, "wrap": true, "subprojects": true, "rewrite": true, "devenv": true, "env2mfile": true, "help": true}

// mesonSetup configures a build tree: the build directory (the first
// operand) is written, the source directory read.
func (c *cmd) mesonSetup(flags []flag, ops []field) {
	for _, d := range values(flags, "-D") {
		c.mesonOption(d)
	}
	for _, f := range values(flags, "--pkg-config-path", "--build.pkg-config-path", "--cmake-prefix-path", "--build.cmake-prefix-path") {
		c.path(accRead, f)
	}
	if len(ops) > 0 {
		c.output(ops[0])
	}
	for _, op := range ops[min(1, len(ops)):] {
		c.path(accRead, op)
		if d := c.chdir(c.d, op); c.outsideRoot(d) {
			c.add(Warning, "configures a project outside this one ("+shorten(op.s)+")", "builtin:build")
		}
	}
	c.add(Warning, "configures the project: runs its meson.build, which can run any command (run_command)", "builtin:build")
}

// mesonOption judges a -D option=value: a value that names a file is
// judged as a file meson reads.
func (c *cmd) mesonOption(d field) {
	if d.dyn {
		c.add(Warning, "sets an option that is not known until it runs", "builtin:build-property")
		return
	}
	if _, val, _ := strings.Cut(d.s, "="); strings.ContainsAny(val, "/~") {
		c.path(accRead, field{s: val, w: d.w})
	}
}

// sconsOpts is SCons's table. Its SConstruct and site_scons are Python:
// code of the project, or from outside it when -f, -I, --site-dir or -Y
// point there.
var sconsOpts = toolOpts{source: "scons -H, SCons 4.4.0 (Debian 12)", flags: "cDhHiknqQsuUv", vals: "CfIjY",
	long:    "--clean --remove --cache-disable --no-cache --cache-force --cache-populate --cache-readonly --cache-show --enable-virtualenv --help --help-options --ignore-errors --ignore-virtualenv --implicit-cache --implicit-deps-changed --implicit-deps-unchanged --interact --interactive --keep-going --no-exec --just-print --dry-run --recon --no-site-dir --question --random --silent --quiet --up --search-up --version",
	longVal: "--directory --cache-debug --config --debug --diskcheck --duplicate --experimental --file --makefile --sconstruct --hash-chunksize --md5-chunksize --hash-format --include-dir --jobs --max-drift --profile --site-dir --stack-size --taskmastertrace --tree --warn --warning --repository --srcdir",
	reads:   "-f --file --makefile --sconstruct -I --include-dir --site-dir -Y --repository --srcdir",
	writes:  "--cache-debug --profile --taskmastertrace"}

// scons runs the project's SConstruct: targets are judged as make's,
// with or without -n.
func scons(c *cmd) {
	c.enterDirs(c.rest(), &sconsOpts, "-C", "--directory")
	flags, ops := c.judgeArgs(c.rest(), &sconsOpts)
	switch {
	case has(flags, "u", "U", "D", "--up", "--search-up"):
		c.add(Warning, "looks for the SConstruct in the directories above", "builtin:make")
	case has(flags, "--interact", "--interactive"):
		c.add(Warning, "starts an interactive build session", "builtin:interactive")
	case has(flags, "c", "--clean", "--remove"):
		c.add(Warning, "removes the built targets", "builtin:make")
	}
	if d, ok := value(flags, "--debug"); ok && (d.dyn || strings.Contains(d.s, "pdb")) {
		c.add(Warning, "runs the build under the Python debugger", "builtin:interactive")
	}
	// -n and -q still read the SConstruct, which is Python and runs in
	// full: the targets are judged as a build of them, as gradle's
	// --dry-run is, never as a listing.
	c.makeTargets(ops, false, "SCons target")
}

// antOpts is Ant's table: whole option names after one dash, and the
// options of its launch script after two.
var antOpts = toolOpts{source: "ant -help, Apache Ant 1.10.13 (Debian 12)", oneDash: true,
	long:    "-help -h -projecthelp -p -version -diagnostics -quiet -q -silent -S -verbose -v -debug -d -emacs -e -noinput -keep-going -k -nouserlib -noclasspath -autoproxy -noconfig -usejikes -execdebug",
	longVal: "-lib -logfile -l -logger -listener -buildfile -file -f -D -propertyfile -inputhandler -find -s -nice -main",
	reads:   "-buildfile -file -f -propertyfile -find -s",
	writes:  "-logfile -l"}

// ant runs the project's build.xml: its targets are judged as mvn's
// goals. -lib loads jars, and -logger, -listener, -inputhandler and
// -main load classes of the caller's choosing.
func ant(c *cmd) {
	args := splitGlued(c.rest(), &antOpts, "D")
	flags, ops := c.judgeArgs(args, &antOpts)
	for _, l := range values(flags, "-lib") {
		c.path(accRead, l)
		c.add(Warning, "loads classes from "+shorten(l.s), "builtin:tool-program")
	}
	if has(flags, "-logger", "-listener", "-inputhandler", "-main") {
		c.add(Warning, "loads a class of its choosing into the build", "builtin:tool-program")
	}
	if has(flags, "-find", "-s") {
		c.add(Warning, "looks for the build file in the directories above", "builtin:make")
	}
	if has(flags, "-projecthelp", "-p", "-diagnostics") {
		c.add(Safe, "prints the project's targets or Ant's diagnostics", "builtin:build")
		return
	}
	c.buildTasks(ops)
}

// dotnetBuildCommon are the options dotnet build and dotnet test share
// (.NET SDK 8.0 docs, "dotnet build" and "dotnet test").
const dotnetBuildCommon = "--artifacts-path --configuration --framework --os --arch --output --runtime --source --verbosity --version-suffix -c -f -a -o -r -v"

// dotnetTool is the .NET CLI's table: the global options, and the verbs
// that build and test the project. The others are judged by dotnet.
var dotnetTool = newVerbTool(toolOpts{source: "dotnet --help, dotnet build --help and dotnet test --help, .NET SDK 8.0 (upstream docs)", flags: "hd?",
	long: "--info --list-sdks --list-runtimes --diagnostics --version --help"},
	map[string]*toolOpts{
		"build": {flags: "h?", vals: "cfaorv", long: "--disable-build-servers --force --interactive --no-dependencies --no-incremental --no-restore --nologo --no-self-contained --self-contained --use-current-runtime --ucr --help",
			longVal: dotnetBuildCommon + " --tl --property"},
		"test": {flags: "h?t", vals: "cfaorvdelsp", long: "--blame --blame-crash --blame-crash-collect-always --blame-hang --disable-build-servers --interactive --list-tests --no-build --nologo --no-restore --help",
			longVal: dotnetBuildCommon + " --blame-crash-dump-type --blame-hang-dump-type --blame-hang-timeout --collect --diag --environment --filter --logger --results-directory --settings --test-adapter-path --tl --property",
			reads:   "-s --settings"},
	})

// dotnetProperties are the MSBuild properties that only pick what is
// built; any other may name a tool or file (CscToolPath, OutDir).
var dotnetProperties = map[string]bool{"configuration": true, "version": true, "targetframework": true, "platform": true, "continuousintegrationbuild": true,
	"treatwarningsaserrors": true, "collectcoverage": true, "coverletoutputformat": true, "warninglevel": true, "nullable": true, "langversion": true,
	"generatedocumentationfile": true, "deterministic": true, "runanalyzers": true, "enforcecodestyleinbuild": true, "usesharedcompilation": true}

// dotnet builds and tests the project (its .csproj and MSBuild targets
// are code of the project); publishing, packing, running and installing
// are judged by their verbs as before. MSBuild's own switches
// (-p:Name=Value, -m, -bl) are judged by msbuildSwitch.
func dotnet(c *cmd) {
	args := c.rest()
	var rest, after []field
	for i, a := range args {
		if !a.dyn && a.s == "--" {
			// The words after "--" are not MSBuild's switches: dotnet
			// test passes them to the test host as run settings.
			after = args[i+1:]
			rest = append(rest, args[i:]...)
			break
		}
		if !a.dyn && (strings.HasPrefix(a.s, "-") || strings.HasPrefix(a.s, "/")) && strings.Contains(a.s, ":") && !strings.HasPrefix(a.s, "--") {
			c.msbuildSwitch(a)
			continue
		}
		if !a.dyn && slices.Contains([]string{"-m", "-restore", "-graph", "-bl", "-warnaserror", "-noconlog", "-nologo", "-detailedsummary", "-ds", "/m", "/bl", "/restore"}, a.s) {
			if a.s == "-bl" || a.s == "/bl" {
				c.output(lit("msbuild.binlog"))
			}
			continue
		}
		if !a.dyn && strings.HasPrefix(a.s, "@") {
			c.path(accRead, field{s: a.s[1:], w: a.w})
			c.add(Warning, "reads MSBuild switches from "+shorten(a.s[1:])+", which the classifier cannot see", "builtin:file-list")
			continue
		}
		rest = append(rest, a)
	}
	saved := c.args
	c.args = append([]field{c.args[0]}, rest...)
	verb, flags, ops, known := c.verb(dotnetTool)
	c.args = saved
	if !known {
		if verb.s == "" {
			c.add(Safe, "prints the SDK's information", "builtin:read-only")
			return
		}
		tasks := []field{verb}
		for _, op := range ops {
			if op.dyn || !strings.HasPrefix(op.s, "-") {
				tasks = append(tasks, op)
			}
		}
		c.buildTasks(tasks)
		return
	}
	for _, p := range values(flags, "--property") {
		c.msbuildSwitch(field{s: "-p:" + p.s, dyn: p.dyn, w: p.w})
	}
	for _, f := range values(flags, "-o", "--output", "--artifacts-path", "--results-directory", "-d", "--diag") {
		c.output(f)
	}
	for _, f := range values(flags, "--test-adapter-path") {
		c.path(accRead, f)
		c.add(Warning, "loads test adapters from "+shorten(f.s), "builtin:tool-program")
	}
	for _, e := range values(flags, "-e", "--environment") {
		if name, _, _ := strings.Cut(e.s, "="); e.dyn || riskyEnv(name) {
			c.add(Dangerous, "sets "+shorten(name)+" for the test host, which changes what runs", "builtin:env-override")
		}
	}
	for _, l := range values(flags, "-l", "--logger") {
		// trx;LogFileName=x and html;LogFilePath=y name files written.
		for _, part := range strings.Split(l.s, ";") {
			if k, v, ok := strings.Cut(part, "="); ok && (strings.EqualFold(k, "LogFileName") || strings.EqualFold(k, "LogFilePath")) {
				c.output(field{s: v, w: l.w})
			}
		}
	}
	if n := len(ops) - len(after); len(after) > 0 && n >= 0 && slices.EqualFunc(ops[n:], after, func(a, b field) bool { return a.s == b.s }) {
		ops = ops[:n]
	}
	c.read(ops)
	c.runSettings(after)
	if verb.s == "test" {
		if has(flags, "t", "--list-tests") {
			c.add(Safe, "lists the project's tests", "builtin:test")
			return
		}
		c.add(Safe, "runs the project's tests", "builtin:test")
		return
	}
	c.add(Safe, "builds the project", "builtin:build")
}

// runSettings judges the words after "--" on dotnet build and test:
// dotnet test hands them to the test host as run settings
// (RunConfiguration.DotnetHostPath=FILE runs a host of the caller's,
// RunConfiguration.TestAdaptersPaths=DIR loads adapters, ResultsDirectory
// and CoverletOutput are written, MSTest.DeploymentEnabled copies files).
// None is modelled, so each is a warning, and each value (or word) that
// names a file goes by the path rules: written for the settings that name
// output, read for the others.
func (c *cmd) runSettings(words []field) {
	for _, w := range words {
		key, val, ok := strings.Cut(w.s, "=")
		if !ok || w.dyn {
			c.add(Warning, "passes "+shorten(w.s)+" after -- to the test host, which the classifier does not model", "builtin:unknown-option")
			c.path(accRead, w)
			continue
		}
		c.add(Warning, "sets the run setting "+shorten(key)+" for the test host: not modelled", "builtin:unknown-option")
		k := lower(key)
		for _, v := range strings.Split(val, ";") {
			if v == "" {
				continue
			}
			f := field{s: v, w: w.w}
			if strings.Contains(k, "directory") || strings.Contains(k, "output") || strings.Contains(k, "logfile") || strings.Contains(k, "resultsfile") {
				c.output(f)
				continue
			}
			c.path(accRead, f)
		}
	}
}

// msbuildSwitch judges one of MSBuild's switches, which dotnet build and
// test pass on (MSBuild 17.8 command-line reference): -p:Name=Value,
// -m:N, -bl:FILE, -t:Target, -logger:ASSEMBLY...
func (c *cmd) msbuildSwitch(a field) {
	name, val, _ := strings.Cut(strings.TrimLeft(a.s, "-/"), ":")
	switch lower(name) {
	case "p", "property":
		for _, kv := range strings.Split(val, ";") {
			k, _, _ := strings.Cut(kv, "=")
			if !dotnetProperties[lower(k)] {
				c.add(Warning, "sets an MSBuild property that may name a tool or a file ("+shorten(k)+"): not modelled", "builtin:build-property")
			}
		}
	case "m", "maxcpucount", "warnaserror", "warnasmessage", "nowarn", "nodereuse", "clp", "consoleloggerparameters", "tl", "terminallogger", "restore", "graph", "v", "verbosity":
	case "t", "target":
		c.buildTasks([]field{{s: val, w: a.w}})
	case "bl", "binarylogger":
		f := val
		if k, v, ok := strings.Cut(val, "="); ok && strings.EqualFold(k, "LogFile") {
			f = v
		}
		c.output(field{s: f, w: a.w})
	case "pp", "preprocess":
		c.output(field{s: val, w: a.w})
	case "l", "logger", "dl", "distributedlogger", "flp", "fileloggerparameters":
		c.add(Warning, "loads a logger or writes a log the classifier does not model ("+shorten(name)+")", "builtin:tool-program")
	default:
		c.notModelled("-" + name)
	}
}

// swiftCommon are the options every SwiftPM verb takes (swift build
// --help, Swift 5.9).
const swiftCommon = "--package-path --cache-path --config-path --security-path --scratch-path --build-path --multiroot-data-file --destination --swift-sdks-path --toolset --pkg-config-path " +
	"--manifest-cache --netrc-file --resolver-fingerprint-checking --resolver-signing-entity-checking --default-registry-url --configuration --Xcc --Xswiftc --Xlinker --Xcxx " +
	"--triple --sdk --toolchain --arch --swift-sdk --sanitize --jobs --debug-info-format --build-system --target --product"

// swiftFlags are SwiftPM's options without a value.
const swiftFlags = "--enable-dependency-cache --disable-dependency-cache --enable-build-manifest-caching --disable-build-manifest-caching --verbose --very-verbose --vv --quiet " +
	"--disable-sandbox --netrc --enable-netrc --disable-netrc --enable-keychain --disable-keychain --enable-signature-validation --disable-signature-validation " +
	"--enable-prefetching --disable-prefetching --force-resolved-versions --disable-automatic-resolution --only-use-versions-from-resolved-file --skip-update " +
	"--disable-scm-to-registry-transformation --use-registry-identity-for-scm --replace-scm-with-registry --auto-index-store --enable-parseable-module-interfaces " +
	"--static-swift-stdlib --no-static-swift-stdlib --enable-dead-strip --disable-dead-strip --disable-local-rpath --enable-local-rpath --build-tests --show-bin-path " +
	"--print-manifest-job-graph --enable-testable-imports --disable-testable-imports --enable-code-coverage --disable-code-coverage --explicit-target-dependency-import-check " +
	"--experimental-explicit-module-build --help --version"

// swiftTool is SwiftPM's table: swift build and swift test. SwiftPM
// reads -Xcc -Xswiftc -Xlinker as whole names; swiftArgs gives them two
// dashes before the table sees them.
var swiftTool = newVerbTool(toolOpts{source: "swift build --help and swift test --help, Swift 5.9 (SwiftPM upstream docs)", long: "--version --help"},
	map[string]*toolOpts{
		"build": {flags: "vqh", vals: "cj", long: swiftFlags, longVal: swiftCommon,
			reads: "--multiroot-data-file --pkg-config-path --netrc-file --toolset --destination"},
		"test": {flags: "vqhl", vals: "cjs", long: swiftFlags + " --skip-build --parallel --list-tests --show-codecov-path --enable-xctest --disable-xctest --enable-swift-testing --disable-swift-testing --enable-experimental-swift-testing",
			longVal: swiftCommon + " --num-workers --specifier --filter --skip --xunit-output",
			reads:   "--multiroot-data-file --pkg-config-path --netrc-file --toolset --destination"},
	})

// swiftPM builds and tests a Swift package (its Package.swift and
// plugins are code of the project); -Xswiftc and the like pass flags to
// the compiler and linker, which are not judged here, and --toolchain,
// --sdk and --swift-sdk pick the compiler.
func swiftPM(c *cmd) {
	args := make([]field, 0, len(c.rest()))
	for _, a := range c.rest() {
		if !a.dyn && slices.Contains([]string{"-Xcc", "-Xswiftc", "-Xlinker", "-Xcxx"}, a.s) {
			a.s = "-" + a.s
		}
		args = append(args, a)
	}
	saved := c.args
	c.args = append([]field{c.args[0]}, args...)
	verb, flags, ops, known := c.verb(swiftTool)
	c.args = saved
	if !known {
		c.swiftOtherVerb(verb, ops)
		return
	}
	for _, d := range values(flags, "--package-path") {
		c.enterDir(d)
	}
	for _, f := range values(flags, "--cache-path", "--config-path", "--security-path", "--scratch-path", "--build-path", "--xunit-output") {
		c.output(f)
	}
	if has(flags, "--Xcc", "--Xswiftc", "--Xlinker", "--Xcxx") {
		c.add(Warning, "passes flags to the compiler or linker that are not judged", "builtin:unknown-option")
	}
	for _, f := range values(flags, "--toolchain", "--sdk", "--swift-sdk", "--swift-sdks-path") {
		c.path(accRead, f)
		c.add(Warning, "builds with another toolchain or SDK ("+shorten(f.s)+")", "builtin:tool-program")
	}
	if has(flags, "--disable-sandbox") {
		c.add(Warning, "runs the manifest and plugins without SwiftPM's sandbox", "builtin:build")
	}
	for _, op := range ops {
		c.notModelled(op.s) // swift build and test take no operands
	}
	if verb.s == "test" {
		if has(flags, "l", "--list-tests", "--show-codecov-path") {
			c.add(Safe, "lists the package's tests", "builtin:test")
			return
		}
		c.add(Safe, "runs the project's tests", "builtin:test")
		return
	}
	if has(flags, "--show-bin-path") {
		c.add(Safe, "prints the build directory", "builtin:build")
		return
	}
	c.add(Safe, "builds the project", "builtin:build")
}

// swiftOtherVerb judges SwiftPM's verbs without a table: describing a
// package prints, running it or its plugins runs code, and the package
// verbs that resolve, update, edit or create change files or fetch.
func (c *cmd) swiftOtherVerb(verb field, ops []field) {
	switch verb.s {
	case "":
		c.add(Safe, "prints its usage", "builtin:read-only")
	case "package":
		sub := ""
		for _, op := range ops {
			if !op.dyn && !strings.HasPrefix(op.s, "-") {
				sub = op.s
				break
			}
		}
		switch {
		case slices.Contains([]string{"describe", "dump-package", "show-dependencies", "dump-symbol-graph", "tools-version"}, sub) && len(ops) == 1:
			c.add(Safe, "describes the package", "builtin:build")
		case sub == "resolve" || sub == "update" || sub == "archive-source" || sub == "compute-checksum":
			c.add(Warning, "fetches or records the package's dependencies", "builtin:network")
		default:
			c.add(Warning, "runs swift package "+shorten(sub)+", which changes the package or runs its plugins", "builtin:build")
		}
	case "run":
		c.add(Warning, "runs the package's executable", "builtin:build")
	default:
		c.add(Warning, "runs swift "+shorten(verb.s), "builtin:build")
	}
}

// dartTool is the Dart CLI's table: the global options, and the verbs
// that analyze, test, format and describe the project. package:test's
// runner options are dart test's.
var dartTool = newVerbTool(toolOpts{source: "dart --help, dart analyze/test/format/info --help, Dart SDK 3.2 (upstream docs, package:test 1.24)", flags: "hv",
	long: "--help --verbose --version --enable-analytics --disable-analytics --suppress-analytics"},
	map[string]*toolOpts{
		"analyze": {flags: "h", long: "--fatal-infos --fatal-warnings --no-fatal-warnings --no-fatal-infos --suppress-analytics", longVal: "--format --packages --sdk-path", reads: "--packages --sdk-path"},
		"test": {flags: "h", vals: "NntxpPjr",
			long:    "--version --run-skipped --ignore-timeouts --pause-after-load --debug --chain-stack-traces --no-chain-stack-traces --no-retry --fail-fast --verbose-trace --js-trace --color --no-color --use-data-isolate-strategy",
			longVal: "--name --plain-name --tags --exclude-tags --platform --preset --timeout --coverage --test-randomize-ordering-seed --concurrency --total-shards --shard-index --reporter --file-reporter --compiler"},
		"format": {flags: "hv", vals: "lio", long: "--set-exit-if-changed --follow-links --verbose", longVal: "--output --language-version --line-length --enable-experiment --show --summary --indent --selection --stdin-name"},
		"info":   {flags: "h", long: "--no-remove-file-paths --remove-file-paths"},
	})

// dart analyzes and tests the project (analysis_options.yaml can load
// analyzer plugins, and the tests are the project's code); dart format
// rewrites files unless told to print; the other verbs (pub, run,
// compile, fix, create, doc, devtools) are judged by their names.
func dart(c *cmd) {
	verb, flags, ops, known := c.verb(dartTool)
	if !known {
		switch {
		case verb.s == "":
			c.add(Safe, "prints its usage", "builtin:read-only")
		case verb.dyn || strings.HasSuffix(verb.s, ".dart"):
			c.add(Warning, "runs a Dart program", "builtin:build")
			c.path(accRead, verb)
		case verb.s == "pub":
			c.add(Warning, "fetches, changes or describes packages", "builtin:install")
		default:
			c.add(Warning, "runs dart "+shorten(verb.s), "builtin:build")
		}
		return
	}
	switch verb.s {
	case "analyze":
		c.add(Safe, "analyzes the project", "builtin:lint")
		c.read(ops)
	case "test":
		for _, f := range values(flags, "--coverage") {
			c.output(f)
		}
		for _, r := range values(flags, "--file-reporter") {
			// reporter:path
			if _, p, ok := strings.Cut(r.s, ":"); ok || r.dyn {
				c.output(field{s: p, dyn: r.dyn, w: r.w})
			}
		}
		if has(flags, "--pause-after-load", "--debug") {
			c.add(Warning, "waits for a debugger", "builtin:interactive")
		}
		c.add(Safe, "runs the project's tests", "builtin:test")
		c.read(ops)
	case "format":
		out, _ := value(flags, "o", "--output")
		if out.s == "none" || out.s == "show" || out.s == "json" {
			c.add(Safe, "checks the formatting", "builtin:lint")
			c.read(ops)
			return
		}
		c.add(Warning, "rewrites project files", "builtin:format")
		for _, op := range ops {
			c.path(accWrite, op)
		}
	case "info":
		c.add(Safe, "prints the SDK's and project's information", "builtin:read-only")
	}
}

// sbtOpts is the sbt runner's table (sbt -h, sbt 1.9.7): whole option
// names after one dash or two. -Dkey=val, -J-X and -S-X are passed to
// the JVM or scalac (sbt judges them).
var sbtOpts = toolOpts{source: "sbt -h, sbt runner 1.9.7 (upstream docs)", oneDash: true,
	long:    "-h -help -v -verbose -V -version -numeric-version -script-version -d -debug -debug-inc -no-colors -timings -traces -sbt-create -no-share -no-global -batch -client -server -no-server -allow-empty",
	longVal: "-color -supershell -sbt-dir -sbt-boot -sbt-cache -ivy -mem -jvm-debug -sbt-version -sbt-jar -java-home -D",
	writes:  "-sbt-dir -sbt-boot -sbt-cache -ivy"}

// sbtSafe and sbtDangerous are sbt's commands and tasks (sbt 1.9
// reference) that build, test or describe the project, and the ones
// that publish it. Any other command (run, console, set, eval, reload,
// a plugin's task) is warning: set and eval run Scala code given on the
// command line.
var (
	sbtSafe      = []string{"test", "testOnly", "testQuick", "compile", "Test/compile", "clean", "package", "doc", "projects", "tasks", "help", "about", "version", "sbtVersion", "scalaVersion", "name", "dependencyTree", "evicted", "scalafmtCheck", "scalafmtCheckAll", "scalafmtSbtCheck", "coverage", "coverageReport", "coverageOff", "scalastyle", "Test/test", "IntegrationTest/test", "it:test", "test:compile"}
	sbtDangerous = []string{"publish", "publishLocal", "publishSigned", "publishM2", "release", "Docker/publish", "docker:publish", "sonatypeBundleRelease"}
)

// sbt runs the project's build.sbt and project/*.scala (code of the
// project): each command is judged by its name, the runner's options by
// the table, and the JVM's own options (-J, -D) where they load code.
func sbt(c *cmd) {
	var rest []field
	for _, a := range c.rest() {
		switch {
		case a.dyn:
		case strings.HasPrefix(a.s, "-J") && len(a.s) > 2:
			if o := a.s[2:]; strings.HasPrefix(o, "-javaagent") || strings.HasPrefix(o, "-agentpath") || strings.HasPrefix(o, "-agentlib") || strings.HasPrefix(o, "-Xbootclasspath") || strings.HasPrefix(o, "-XX:") {
				c.add(Warning, "passes "+shorten(o)+" to the JVM, which loads code", "builtin:tool-program")
			}
			continue
		case strings.HasPrefix(a.s, "-S") && len(a.s) > 2:
			if strings.Contains(a.s, "-Xplugin") {
				c.add(Warning, "loads a compiler plugin", "builtin:tool-program")
			}
			continue
		case strings.HasPrefix(a.s, "-D") && len(a.s) > 2:
			rest = append(rest, field{s: "-D", w: a.w}, field{s: a.s[2:], w: a.w})
			continue
		}
		rest = append(rest, a)
	}
	flags, ops := c.judgeArgs(rest, &sbtOpts)
	for _, f := range values(flags, "-sbt-jar", "-java-home") {
		c.path(accRead, f)
		c.add(Warning, "runs another sbt launcher or JVM ("+shorten(f.s)+")", "builtin:tool-program")
	}
	if has(flags, "-jvm-debug") {
		c.add(Warning, "opens a JVM debugging port", "builtin:server")
	}
	if has(flags, "-client", "-server") {
		c.add(Warning, "starts or talks to an sbt server", "builtin:server")
	}
	for _, p := range values(flags, "-D") {
		if key, _, _ := strings.Cut(p.s, "="); p.dyn || strings.HasPrefix(key, "java.") || strings.HasPrefix(key, "javax.") || strings.HasPrefix(key, "sbt.") && key != "sbt.ci" && key != "sbt.log.noformat" {
			c.add(Warning, "sets a JVM property that may name files or code ("+shorten(key)+")", "builtin:build-property")
		}
	}
	if len(ops) == 0 {
		c.add(Warning, "starts sbt's interactive shell", "builtin:interactive")
		return
	}
	level, why := Safe, "builds or tests the project"
	for _, op := range ops {
		// One word can hold several commands: ";clean;test", "testOnly a.B".
		for _, part := range strings.Split(op.s, ";") {
			words := strings.Fields(part)
			if len(words) == 0 {
				continue
			}
			name := strings.TrimLeft(words[0], "~+") // ~ watches, + cross-builds
			if i := strings.LastIndexByte(name, '/'); i >= 0 && !slices.Contains(sbtSafe, name) {
				name = name[i+1:] // core/test
			}
			switch {
			case op.dyn:
				level, why = max(level, Warning), "command is not known until it runs"
			case slices.Contains(sbtDangerous, name):
				level, why = Dangerous, "publishes the project ("+name+")"
			case !slices.Contains(sbtSafe, name) && level < Warning:
				level, why = Warning, "runs an sbt command ("+shorten(name)+")"
			}
		}
	}
	c.add(level, why, "builtin:build")
}

// leinSafe and leinDangerous are Leiningen's built-in tasks (lein help,
// Leiningen 2.10.0) that build, test or describe the project, and the
// ones that install or publish it. run, repl, trampoline, update-in,
// change, vcs, new, upgrade and plugin tasks are warning.
var (
	leinSafe      = []string{"test", "retest", "compile", "javac", "check", "classpath", "help", "version", "show-profiles", "clean", "jar", "uberjar", "pom"}
	leinDangerous = []string{"deploy", "install", "release", "upgrade"}
)

// lein runs the project's project.clj (code of the project): its global
// options are -o, -U, -h and -v (lein help, 2.10.0); with-profile and do
// chain tasks, each judged by its name.
func lein(c *cmd) {
	args := c.rest()
	for len(args) > 0 && !args[0].dyn && strings.HasPrefix(args[0].s, "-") {
		if !slices.Contains([]string{"-o", "-U", "-h", "--help", "-v", "--version"}, args[0].s) {
			c.notModelled(args[0].s)
		}
		args = args[1:]
	}
	if len(args) == 0 {
		c.add(Safe, "prints its usage", "builtin:read-only")
		return
	}
	level, why := Safe, "builds or tests the project"
	judge := func(task field) {
		switch {
		case task.dyn:
			level, why = max(level, Warning), "task is not known until it runs"
		case slices.Contains(leinDangerous, task.s):
			level, why = Dangerous, "installs or publishes the project ("+task.s+")"
		case !slices.Contains(leinSafe, task.s) && level < Warning:
			level, why = Warning, "runs a Leiningen task ("+shorten(task.s)+")"
		}
	}
	for len(args) > 0 {
		switch task := args[0]; {
		case task.s == "with-profile" && !task.dyn:
			args = args[min(2, len(args)):]
			continue
		case task.s == "do" && !task.dyn:
			// lein do clean, test foo: a comma ends each task's words.
			next := true
			for _, w := range args[1:] {
				if next {
					judge(field{s: strings.TrimSuffix(w.s, ","), dyn: w.dyn})
				}
				next = strings.HasSuffix(w.s, ",")
			}
		default:
			judge(task)
			for _, w := range args[1:] {
				// A built-in task's words: namespaces, :selectors, files
				// (which lein test loads); none takes an option.
				switch {
				case w.dyn:
					level, why = max(level, Warning), "argument is not known until it runs"
				case strings.HasPrefix(w.s, "-") && slices.Contains(leinSafe, task.s):
					c.notModelled(w.s)
				case strings.Contains(w.s, "/") || strings.HasSuffix(w.s, ".clj"):
					c.path(accRead, w)
				}
			}
		}
		break
	}
	c.add(level, why, "builtin:build")
}
