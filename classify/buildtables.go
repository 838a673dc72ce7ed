package classify

import (
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
// file (bmakeDebug).
var bmakeOpts = toolOpts{source: "bmake(1) and usage, bmake 20200710 (Debian 12)", flags: "BeikNnqrstWwX",
	vals:   "CDdfIJjmTVv",
	reads:  "-f",
	writes: "-T"}

func init() {
	makeOpts.spec()
	bmakeOpts.spec()
}

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
				if j+1 == len(word) && ch != 'O' && i+1 < len(args) && isNumber(args[i+1]) {
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

// isNumber reports a literal word that is a count or a load average.
func isNumber(f field) bool {
	return !f.dyn && f.s != "" && strings.Trim(f.s, "0123456789.") == ""
}

// enterDirs follows the options that change the tool's directory before
// it reads anything (make -C, ninja -C, meson -C), in order: each
// directory is judged as one the tool reads its build files from (a
// credential store is blocked, outside the project warning), and the
// paths after it resolve in it.
func (c *cmd) enterDirs(args []field, o *toolOpts, names ...string) {
	flags, _ := parseOpts(args, o.spec())
	for _, d := range values(flags, names...) {
		c.path(accRead, d)
		c.d = c.chdir(c.d, d)
		if c.outsideRoot(c.d) {
			c.add(Warning, "runs build files outside the project ("+shorten(d.s)+")", "builtin:make")
		}
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
	c.makeTargets(ops, dry)
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
	c.makeTargets(ops, dry)
}

// makeTargets judges make's operands: variable assignments and targets.
// Test and build targets are Safe (they run the project's makefile,
// builtin:build), install and deploy targets Dangerous, any other target
// or the default one Warning. dry is -n, -q or -p: make runs no recipe
// (only the makefile's own $(shell) calls, which are the project's
// code), so any target is Safe.
func (c *cmd) makeTargets(ops []field, dry bool) {
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
		level, why = Warning, "runs the default make target"
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
				level, why = Warning, "runs a make target"
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
	buildDangerousTasks = []string{"deploy", "release", "publish", "upload", "install"}
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
		if i := strings.LastIndexByte(t, ':'); i >= 0 {
			t = t[i+1:]
		}
		switch {
		case op.dyn:
			level, why = max(level, Warning), "task is not known until it runs"
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

func init() { mvnOpts.spec() }

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

func init() { gradleOpts.spec() }

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
