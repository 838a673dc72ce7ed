package classify

import (
	"strings"
)

// The go command's option tables, from the help of Go 1.26: `go help
// build` gives the build flags, shared by build, test, vet, list, run and
// install; `go help test` and `go help testflag` the test flags; `go tool
// vet -flags` the analyzers' flags; `go help list`, `go help env`, `go
// help version` and `go doc -h` the rest. The tables only list names:
// goCmd judges the values (outputs, programs, files read) itself, since a
// build's output inside the project is part of building.
const (
	goSource = "go help build, test, testflag, vet, list, env, version, doc, tool; go tool vet -flags; Go 1.26"
	// goBuildFlags and goBuildVals are `go help build`'s flags.
	goBuildFlags = "-a -n -race -msan -asan -cover -v -work -x -buildvcs -json -linkshared -modcacherw -trimpath"
	goBuildVals  = "-C -p -covermode -coverpkg -asmflags -buildmode -compiler -gccgoflags -gcflags -installsuffix -ldflags -mod -modfile -overlay -pgo -pkgdir -tags -toolexec"
	// goTestFlags and goTestVals are `go help testflag`'s flags, which go
	// test also takes as -test.NAME.
	goTestFlags = "-artifacts -cover -failfast -fullpath -json -short -v -benchmem"
	goTestVals  = "-bench -benchtime -count -covermode -coverpkg -cpu -fuzz -fuzztime -fuzzminimizetime -list -outputdir -parallel -run -shuffle -skip -timeout -vet -blockprofile -blockprofilerate -coverprofile -cpuprofile -memprofile -memprofilerate -mutexprofile -mutexprofilefraction -trace"
	// goVetFlags and goVetVals are the analyzers' flags (go tool vet -flags).
	goVetFlags = "-V -all -appends -asmdecl -assign -atomic -bool -bools -buildtag -buildtags -cgocall -composites -composites.whitelist -compositewhitelist -copylocks -defers -diff -directive -errorsas -fix -flags -framepointer -hostport -httpresponse -ifaceassert -json -loopclosure -lostcancel -methods -nilfunc -printf -rangeloops -shift -sigchanyzer -slog -source -stdmethods -stdversion -stringintconv -structtag -testinggoroutine -testinggoroutine.subtest -tests -timeformat -unmarshal -unreachable -unsafeptr -unusedresult -v -waitgroup"
	goVetVals  = "-c -printf.funcs -printfuncs -tags -unusedfuncs -unusedresult.funcs -unusedresult.stringmethods -unusedstringmethods -vettool"
)

// testDotted returns the -test.NAME spelling of each test flag.
func testDotted(list string) string {
	var out []string
	for _, f := range strings.Fields(list) {
		out = append(out, "-test."+f[1:])
	}
	return strings.Join(out, " ")
}

// goTables are the go command's subcommands that can be judged
// read-only, each with every option its help lists. Subcommands without
// a table (run, install, get, generate, mod, fmt...) are judged by goCmd
// and are never safe.
var goTables = newVerbTool(toolOpts{source: goSource, oneDash: true, longVal: "-C"},
	map[string]*toolOpts{
		"build": {source: goSource, oneDash: true, long: goBuildFlags, longVal: goBuildVals + " -o"},
		"test": {source: goSource, oneDash: true,
			long:    strings.Join([]string{goBuildFlags, goTestFlags, testDotted(goTestFlags), "-c"}, " "),
			longVal: strings.Join([]string{goBuildVals, goTestVals, testDotted(goTestVals), "-exec -o"}, " ")},
		"vet":     {source: goSource, oneDash: true, long: goBuildFlags + " " + goVetFlags, longVal: goBuildVals + " " + goVetVals},
		"list":    {source: goSource, oneDash: true, long: goBuildFlags + " -m -u -versions -retracted -compiled -deps -e -export -find -test", longVal: goBuildVals + " -f -reuse"},
		"env":     {source: goSource, oneDash: true, long: "-json -changed -u -w", words: true},
		"version": {source: goSource, oneDash: true, long: "-m -v -json"},
		"doc":     {source: goSource, oneDash: true, long: "-all -c -cmd -http -short -src -u", longVal: "-C", words: true},
		"help":    {source: goSource, oneDash: true, words: true},
		"tool":    {source: goSource, oneDash: true, stop: true, long: "-n -modcacherw", longVal: "-C -modfile -overlay"},
	})

// goToolTables are the tools of `go tool` that only read build output,
// from each tool's -help in Go 1.26.
var goToolTables = map[string]*toolOpts{
	"cover":     {source: goSource, oneDash: true, long: "-V", longVal: "-func -html -mode -o -outfilelist -pkgcfg -var"},
	"nm":        {source: goSource, oneDash: true, long: "-n -size -type", longVal: "-sort"},
	"objdump":   {source: goSource, oneDash: true, long: "-S -gnu", longVal: "-s"},
	"addr2line": {source: goSource, oneDash: true},
	"buildid":   {source: goSource, oneDash: true, long: "-w"},
	"test2json": {source: goSource, oneDash: true, stop: true, long: "-t", longVal: "-p"},
	"doc":       goTables.verbs["doc"],
	"pprof": {source: goSource + " (go tool pprof -h)", oneDash: true,
		long: strings.Join([]string{pprofTextFormats, pprofViewers, pprofImages, "-call_tree -compact_labels -drop_negative -intel_syntax -mean -noinlines -normalize",
			"-relative_percentages -showcolumns -trim -functions -filefunctions -files -lines -addresses -cum -flat -no_browser -inuse_space -inuse_objects",
			"-alloc_space -alloc_objects -total_delay -contentions -mean_delay"}, " "),
		longVal: "-list -peek -disasm -weblist -divide_by -edgefraction -focus -hide -ignore -nodecount -nodefraction -output -prune_from -sample_index -show -show_from " +
			"-source_path -tagfocus -taghide -tagignore -tagleaf -tagroot -tagshow -trim_path -unit -seconds -timeout -buildid -add_comment -diff_base -base " +
			"-symbolize -tls_cert -tls_key -tls_ca -http -tools"},
}

// pprof's report formats: the ones that print (or write -output), the
// ones that start a viewer, and the images Graphviz renders; -list,
// -peek, -disasm and -weblist take a regexp.
const (
	pprofTextFormats = "-callgrind -comments -dot -proto -raw -tags -text -top -topproto -traces -tree"
	pprofViewers     = "-web -eog -evince -gv -kcachegrind"
	pprofImages      = "-gif -pdf -png -ps -svg"
)

// goDistTables are go tool dist's read-only subcommands (go tool dist
// list -h, env -h, version -h; Go 1.26).
var goDistTables = newVerbTool(toolOpts{source: goSource, oneDash: true}, map[string]*toolOpts{
	"list":    {source: goSource, oneDash: true, long: "-broken -json -v"},
	"env":     {source: goSource, oneDash: true, long: "-9 -p -v -w"},
	"version": {source: goSource, oneDash: true, long: "-v"},
	"banner":  {source: goSource, oneDash: true},
})

// goAnyFlag parses the options of a subcommand without a table, so that
// the values of the options that write, read or run are still judged.
var goAnyFlag = optSpec{oneDash: true, long: strings.Fields(goBuildVals + " " + goTestVals + " " + testDotted(goTestVals) + " -exec -o -vettool -f -reuse")}

func init() {
	for _, o := range goToolTables {
		o.spec()
	}
}

// goCmd judges the go command: building, testing and reading are Safe
// when every option is one its help lists; running, generating and
// changing dependencies Warning; installing outside the project
// Dangerous. Options that run programs, read files or write them are
// judged by their values.
func goCmd(c *cmd) {
	// go test passes the words after -args to the test binary.
	saved := c.args
	var testArgs []field
	if sub := first(c.rest()); sub == "test" {
		for i, a := range c.args {
			if !a.dyn && (a.s == "-args" || a.s == "--args") {
				c.args, testArgs = c.args[:i], c.args[i+1:]
				break
			}
		}
	}
	verb, flags, ops, known := c.verb(goTables)
	c.args = saved
	c.testBinaryOutputs(testArgs)
	global, _ := parseOpts(c.rest(), goTables.global.spec())
	if !known {
		flags, ops = parseOpts(ops, goAnyFlag)
	}
	saveDir := c.d
	defer func() { c.d = saveDir }()
	for _, f := range values(append(global, flags...), "-C") {
		c.d = c.chdir(c.d, f)
		if c.outsideRoot(c.d) {
			c.add(Warning, "works in a directory outside the project ("+shorten(f.s)+")", "builtin:go")
		}
	}
	goFlagValues(c, flags)
	sub := verb.s
	if verb.dyn {
		sub = "$"
	}
	switch sub {
	case "test":
		c.add(Safe, "builds and tests the project", "builtin:test")
	case "build", "list":
		c.add(Safe, "builds the project", "builtin:build")
	case "":
		c.add(Safe, "prints usage", "builtin:read-only")
	case "vet":
		if has(flags, "-fix") {
			c.add(Warning, "rewrites project files with the analyzers' fixes", "builtin:format")
			return
		}
		c.add(Safe, "checks the project", "builtin:build")
	case "version":
		c.add(Safe, "prints versions", "builtin:read-only")
		c.read(ops)
	case "doc":
		goDoc(c, flags)
	case "help":
		c.add(Safe, "prints help", "builtin:read-only")
	case "tool":
		goTool(c, ops)
	case "fmt", "fix", "get", "mod", "work", "bug", "telemetry":
		c.add(Warning, "changes project files or dependencies", "builtin:go")
	case "run":
		c.add(Warning, "runs a program", "builtin:go")
	case "generate":
		c.add(Warning, "runs the commands in //go:generate lines", "builtin:go")
	case "env":
		if has(flags, "-w", "-u") {
			c.add(Dangerous, "changes Go's user configuration", "builtin:go-global")
		} else {
			c.add(Safe, "prints Go's environment", "builtin:read-only")
		}
	case "install":
		c.add(Dangerous, "installs programs outside the project", "builtin:global-install")
	case "clean":
		if has(flags, "-modcache", "-i") {
			c.add(Dangerous, "deletes the module cache or installed programs", "builtin:go-global")
		} else {
			c.add(Warning, "deletes build outputs", "builtin:go")
		}
	default:
		c.add(Warning, "unknown go command", "builtin:unknown")
	}
}

// goOutputs are the options whose value is a file or directory the go
// command writes: the build's output, the test profiles, the package
// directory.
var goOutputs = []string{"-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir", "-pkgdir",
	"-test.coverprofile", "-test.cpuprofile", "-test.memprofile", "-test.blockprofile", "-test.mutexprofile", "-test.trace", "-test.outputdir"}

// goFlagValues judges the values of the go command's options that write
// files, read them, run programs or pass options to the compiler and
// linker.
func goFlagValues(c *cmd, flags []flag) {
	for _, f := range values(flags, goOutputs...) {
		c.output(f)
	}
	for _, f := range values(flags, "-modfile", "-reuse") {
		c.path(accRead, f)
	}
	for _, f := range values(flags, "-pgo") {
		if f.dyn || f.s != "auto" && f.s != "off" && f.s != "default" {
			c.path(accRead, f)
		}
	}
	for _, f := range values(flags, "-overlay") {
		// The overlay names replacement files the build reads, which
		// the classifier does not open.
		c.path(accRead, f)
		c.add(Warning, "reads the files named in "+shorten(f.s)+", which the classifier cannot see", "builtin:file-list")
	}
	for _, f := range flags {
		switch f.name {
		case "-exec", "-toolexec", "-vettool":
			// go splits the value into words and adds the program to run.
			c.add(Warning, "runs a program of its choosing ("+f.name+")", "builtin:go-exec")
			switch {
			case !f.hasVal:
			case f.val.dyn:
				c.programString(f.val)
			default:
				c.script(f.val.s+` "$BINARY"`, bashLang)
			}
		case "-ldflags", "-gcflags", "-asmflags", "-gccgoflags":
			if f.hasVal {
				goToolFlags(c, f)
			}
		}
	}
}

// goSafeToolFlags are the compiler's and linker's options that only
// change what is built (go tool compile -help, go tool link -help):
// stripping symbols, setting a string variable, inlining and
// optimisation switches, and printing decisions.
var goSafeToolFlags = map[string]map[string]bool{
	"-ldflags": {"-s": true, "-w": true, "-X": true, "-buildid": true, "-v": true},
	"-gcflags": {"-N": true, "-l": true, "-m": true, "-S": true, "-B": true, "-C": true, "-e": true},
}

// goToolFlags judges the options -ldflags and -gcflags pass on: the
// linker's -extld and -extldflags run and configure another program,
// and other options write files (-cpuprofile, -importcfg...), so only the
// everyday ones are safe.
func goToolFlags(c *cmd, f flag) {
	if f.val.dyn {
		c.add(Warning, f.name+" passes options that are not known until it runs", "builtin:go-exec")
		return
	}
	v := f.val.s
	// [pattern=]args: a pattern is a package pattern, not an option.
	if i := strings.IndexByte(v, '='); i > 0 && !strings.HasPrefix(v, "-") && !strings.ContainsAny(v[:i], " \t") {
		v = v[i+1:]
	}
	safe := goSafeToolFlags[f.name]
	words, ok := goSplitFlags(v)
	if !ok {
		c.add(Warning, f.name+" has an unterminated quote, which go refuses: "+shorten(v), "builtin:go-exec")
		return
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		name, _, _ := strings.Cut(w, "=")
		if !safe[name] {
			c.add(Warning, f.name+" passes "+shorten(w)+" on, which the classifier does not model", "builtin:go-exec")
			return
		}
		if name == "-X" && !strings.Contains(w, "=") {
			i++ // -X importpath.name=value
		}
	}
}

// goSplitFlags splits the value of -ldflags or -gcflags into the words
// go passes on, as go does (cmd/internal/quoted.Split): at spaces, with
// a word that starts with ' or " running to the same quote, unescaped;
// a quote inside a word is part of it. ok is false for an unterminated
// quote, which go refuses.
func goSplitFlags(s string) (words []string, ok bool) {
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return words, true
		}
		if q := s[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return nil, false
			}
			words = append(words, s[1:1+end])
			s = s[2+end:]
			continue
		}
		end := strings.IndexAny(s, " \t\n\r")
		if end < 0 {
			end = len(s)
		}
		words = append(words, s[:end])
		s = s[end:]
	}
}

// goDoc judges go doc: it prints documentation, unless -http starts a
// documentation server.
func goDoc(c *cmd, flags []flag) {
	if has(flags, "-http") {
		c.add(Warning, "starts a documentation server and opens a browser", "builtin:server")
		return
	}
	c.add(Safe, "prints documentation", "builtin:read-only")
}

// goToolchainTools are the options of the toolchain's compiler, linker,
// assembler and cgo (go tool NAME -help, Go 1.26): vals take a value,
// writes name a file or directory written. Run by hand they are never
// safe, but what they write goes by the path rules, as go build -o does.
var goToolchainTools = map[string]struct{ vals, writes string }{
	"compile": {
		vals: "-D -I -asmhdr -bench -blockprofile -buildid -c -coveragecfg -cpuprofile -d -embedcfg -env -gendwarfinl -goversion -importcfg " +
			"-installsuffix -json -lang -linkobj -memprofile -memprofilerate -mutexprofile -o -p -pgoprofile -spectre -symabis -traceprofile -trimpath",
		writes: "-o -asmhdr -bench -blockprofile -cpuprofile -linkobj -memprofile -mutexprofile -traceprofile"},
	"link": {
		vals: "-B -D -E -H -I -L -R -T -X -benchmark -benchmarkprofile -buildid -buildmode -capturehostobjs -cpuprofile -debugtextsize -debugtramp " +
			"-extar -extld -extldflags -fipso -funcalign -importcfg -installsuffix -k -libgcc -linkmode -memprofile -memprofilerate -o -pluginpath -r " +
			"-randlayout -strictdups -tmpdir",
		writes: "-o -benchmarkprofile -capturehostobjs -cpuprofile -fipso -memprofile -tmpdir"},
	"asm": {vals: "-D -I -d -o -p -spectre -trimpath", writes: "-o"},
	"cgo": {vals: "-dynimport -dynout -dynpackage -exportheader -gccgopkgpath -gccgoprefix -importpath -ldflags -objdir -srcdir -trimpath",
		writes: "-dynout -exportheader -objdir"},
}

// goTool judges "go tool NAME": the tools that only read build output
// are Safe when every option is one their help lists; cover when it
// writes or opens a browser, test2json by the program it runs, and any
// other tool (pprof, compile, link, a tool the project's go.mod names)
// Warning.
func goTool(c *cmd, ops []field) {
	name := first(ops)
	if len(ops) > 0 && ops[0].dyn {
		name = "$"
	}
	var args []field
	if len(ops) > 0 {
		args = ops[1:]
	}
	if name == "dist" {
		saved := c.args
		c.args = append([]field{c.args[0]}, args...)
		_, _, _, known := c.verb(goDistTables)
		c.args = saved
		if known {
			c.add(Safe, "prints the toolchain's ports or settings", "builtin:read-only")
		} else {
			c.add(Warning, "builds or changes the Go toolchain", "builtin:go")
		}
		return
	}
	t, ok := goToolTables[name]
	if !ok {
		c.add(Warning, "runs a Go tool", "builtin:go")
		if tt, ok := goToolchainTools[name]; ok {
			flags, _ := parseOpts(args, optSpec{oneDash: true, long: strings.Fields(tt.vals)})
			for _, f := range values(flags, strings.Fields(tt.writes)...) {
				c.output(f)
			}
		}
		return
	}
	flags, files := c.judgeArgs(args, t)
	switch name {
	case "doc":
		goDoc(c, flags)
		return
	case "cover":
		if has(flags, "-pkgcfg", "-outfilelist") {
			c.add(Warning, "instruments source files for a build, writing the files it is told", "builtin:go")
			return
		}
		c.optPath(accRead, flags, "-func", "-html")
		if o, ok := value(flags, "-o"); ok {
			c.output(o)
		} else if has(flags, "-html") {
			c.add(Warning, "opens a browser", "builtin:server")
			return
		}
	case "buildid":
		if has(flags, "-w") {
			c.add(Warning, "rewrites the build ID in a binary", "builtin:go")
			c.write(files)
			return
		}
	case "test2json":
		// test2json runs the test binary it is given, as it is given.
		c.add(Safe, "converts test output to JSON", "builtin:read-only")
		c.run(files)
		return
	case "objdump":
		// objdump BINARY [START END]: the addresses are not files.
		files = files[:min(len(files), 1)]
	case "pprof":
		goPprof(c, flags, files)
		return
	}
	c.add(Safe, "reads build output", "builtin:build")
	c.read(files)
}

// The Go formatters' tables: each is a Go flag set, so -name and --name
// are the same option.
var (
	gofmtOpts     = toolOpts{source: "gofmt -h, Go 1.26", oneDash: true, long: "-d -e -l -s -w", longVal: "-cpuprofile -r", writes: "-cpuprofile"}
	gofumptOpts   = toolOpts{source: "gofumpt -h and its flag set, gofumpt 0.12.0", oneDash: true, long: "-d -e -l -s -w -version -extra", longVal: "-cpuprofile -r -lang -modpath", writes: "-cpuprofile"}
	goimportsOpts = toolOpts{source: "goimports -h, golang.org/x/tools 0.52.0", oneDash: true, long: "-d -e -l -w -v -format-only",
		longVal: "-cpuprofile -memprofile -memrate -trace -srcdir -local", writes: "-cpuprofile -memprofile -trace", reads: "-srcdir"}
	shfmtOpts = toolOpts{source: "shfmt --help, shfmt 3.14.1 (mvdan.cc/sh)", oneDash: true,
		long: "-version -l -list -w -write -d -diff -apply-ignore -p -posix -s -simplify -bn -binary-next-line -ci -case-indent -sr -space-redirects " +
			"-kp -keep-padding -fn -func-next-line -mn -minify -f -find -to-json -from-json",
		longVal: "-detect -filename -ln -language-dialect -i -indent"}
)

// goFormatter judges a formatter that prints the formatted source unless
// -w (or --write) rewrites the files: directories are walked.
func goFormatter(o *toolOpts) handler {
	o.spec()
	return func(c *cmd) {
		flags, ops := c.judgeOpts(o)
		if has(flags, "-w", "-write") && !has(flags, "-version") {
			c.add(Warning, "rewrites project files", "builtin:format")
			c.write(ops)
			return
		}
		c.add(Safe, "checks formatting", "builtin:lint")
		c.readTrees(ops)
	}
}

// gotestsumOpts is gotestsum --help of gotestsum 1.13.0: its own options
// come first, and the words after them are go test's.
var gotestsumOpts = toolOpts{source: "gotestsum --help, gotestsum 1.13.0", vals: "f", stop: true,
	long: "--debug --format-hide-empty-pkg --junitfile-hide-empty-pkg --junitfile-hide-skipped-tests --no-color --raw-command " +
		"--rerun-fails --rerun-fails-abort-on-data-race --rerun-fails-run-root-test --watch --watch-chdir --watch-clear",
	longVal: "--format --format-icons --hide-summary --jsonfile --jsonfile-timing-events --junitfile --junitfile-project-name " +
		"--junitfile-testcase-classname --junitfile-testsuite-name --max-fails --packages --post-run-command --rerun-fails-max-failures --rerun-fails-report"}

// gotestsum runs go test and formats its output: the words after its
// own options are judged as go test's; its report files are build
// output; --post-run-command and --raw-command run the commands they are
// given.
func gotestsum(c *cmd) {
	flags, ops := c.judgeOpts(&gotestsumOpts)
	for _, f := range values(flags, "--jsonfile", "--jsonfile-timing-events", "--junitfile", "--rerun-fails-report") {
		c.output(f)
	}
	for _, f := range values(flags, "--post-run-command") {
		c.add(Warning, "runs a command after the tests", "builtin:tool-program")
		if f.dyn {
			c.programString(f)
		} else {
			c.script(f.s, bashLang)
		}
	}
	if has(flags, "--raw-command") {
		// The words are the whole command to run, not go test's.
		c.add(Safe, "formats the output of the command it runs", "builtin:wrapper")
		c.run(ops)
		return
	}
	switch first(ops) {
	case "tool":
		c.add(Warning, "runs a gotestsum tool, which may rewrite test files", "builtin:go")
		return
	case "help":
		c.add(Safe, "prints help", "builtin:read-only")
		return
	}
	if has(flags, "--watch") {
		c.add(Warning, "runs the tests whenever a file changes, until stopped", "builtin:test")
	}
	for i, a := range ops {
		if !a.dyn && (a.s == "-args" || a.s == "--args") {
			c.testBinaryOutputs(ops[i+1:])
			ops = ops[:i]
			break
		}
	}
	testFlags, _ := c.judgeArgs(ops, goTables.verbs["test"])
	goFlagValues(c, testFlags)
	c.add(Safe, "runs the project's tests", "builtin:test")
}

// golangci-lint's tables, from the flag sets of golangci-lint 2.15.0
// (pkg/commands: run, fmt, linters, formatters, config, version; each
// subcommand's --help prints them). Every subcommand takes -h, -v and
// --color, and those that load the configuration take -c and
// --no-config.
const (
	golangciSource  = "golangci-lint SUB --help and its flag sets, golangci-lint 2.15.0"
	golangciConfig  = "--no-config --help --verbose"
	golangciConfigV = "--config --color"
)

var golangciTables = newVerbTool(toolOpts{source: golangciSource, flags: "hv", long: "--help --verbose --version", longVal: "--color"},
	map[string]*toolOpts{
		"run": {source: golangciSource, flags: "hvn", vals: "cDEj",
			long: golangciConfig + " --fast-only --tests --allow-parallel-runners --allow-serial-runners --show-stats --uniq-by-line --new --whole-files --fix" +
				" --print-resources-usage --output.text.print-linter-name --output.text.print-issued-lines --output.text.colors" +
				" --output.tab.print-linter-name --output.tab.colors --output.junit-xml.extended",
			longVal: golangciConfigV + " --default --disable --enable --enable-only --concurrency --modules-download-mode --issues-exit-code --build-tags --timeout" +
				" --skip-files --skip-dirs --path-prefix --path-mode --max-issues-per-linter --max-same-issues --new-from-rev --new-from-patch --new-from-merge-base" +
				" --cpu-profile-path --mem-profile-path --trace-path " + strings.Join(golangciOutputs, " ")},
		"fmt":        {source: golangciSource, flags: "hvd", vals: "cE", long: golangciConfig + " --diff --diff-colored --stdin", longVal: golangciConfigV + " --enable"},
		"linters":    {source: golangciSource, flags: "hv", vals: "cDE", long: golangciConfig + " --fast-only --json", longVal: golangciConfigV + " --default --disable --enable --enable-only"},
		"formatters": {source: golangciSource, flags: "hv", vals: "cE", long: golangciConfig + " --json", longVal: golangciConfigV + " --enable"},
		"config":     {source: golangciSource, flags: "hv", vals: "c", long: golangciConfig + " --json", longVal: golangciConfigV},
		"version":    {source: golangciSource, flags: "hv", long: "--help --verbose --debug --json --short", longVal: "--color"},
		"help":       {source: golangciSource, flags: "hv", vals: "c", long: golangciConfig + " --json", longVal: golangciConfigV, words: true},
		"cache":      {source: golangciSource, flags: "hv", long: "--help --verbose", longVal: "--color"},
	})

// golangciOutputs are golangci-lint run's report files.
var golangciOutputs = []string{"--output.text.path", "--output.json.path", "--output.tab.path", "--output.html.path", "--output.checkstyle.path",
	"--output.code-climate.path", "--output.junit-xml.path", "--output.teamcity.path", "--output.sarif.path"}

// golangciLint judges golangci-lint: run, linters, formatters, config
// path, version and cache status only read, but they load the project's
// configuration, which can name plugins (so they run the project's
// code); fmt and run --fix rewrite files; the report and profile files
// and --config are judged by the path rules.
func golangciLint(c *cmd) {
	verb, flags, ops, known := c.verb(golangciTables)
	if !known {
		switch verb.s {
		case "", "completion":
			if verb.s == "" && len(ops) == 0 {
				c.add(Safe, "prints usage", "builtin:read-only")
				return
			}
		}
		c.add(Warning, "builds, migrates or changes golangci-lint's files", "builtin:lint")
		return
	}
	c.optPath(accRead, flags, "c", "--config")
	c.optPath(accRead, flags, "--new-from-patch")
	for _, f := range values(flags, append([]string{"--cpu-profile-path", "--mem-profile-path", "--trace-path"}, golangciOutputs...)...) {
		if f.dyn || f.s != "stdout" && f.s != "stderr" {
			c.output(f)
		}
	}
	switch verb.s {
	case "run":
		if has(flags, "--fix") {
			c.add(Warning, "rewrites project files with the linters' fixes", "builtin:format")
			c.write(goPackageDirs(ops))
			return
		}
		c.add(Safe, "checks the project with its configuration", "builtin:lint")
		c.readTrees(goPackageDirs(ops))
	case "fmt":
		if has(flags, "d", "--diff", "--diff-colored", "--stdin") {
			c.add(Safe, "checks formatting", "builtin:lint")
			c.readTrees(goPackageDirs(ops))
			return
		}
		c.add(Warning, "rewrites project files", "builtin:format")
		c.write(goPackageDirs(ops))
	case "config":
		switch first(ops) {
		case "path", "":
			c.add(Safe, "prints the configuration's path", "builtin:read-only")
		default:
			// verify fetches the configuration's JSON schema.
			c.add(Warning, "checks the configuration against a schema it downloads", "builtin:network")
		}
	case "cache":
		if first(ops) == "status" {
			c.add(Safe, "prints the cache's state", "builtin:read-only")
		} else {
			c.add(Warning, "deletes golangci-lint's cache", "builtin:lint")
		}
	case "version", "help":
		c.add(Safe, "prints golangci-lint's version or help", "builtin:read-only")
	default:
		c.add(Safe, "lists the linters the configuration enables", "builtin:lint")
	}
}

// goPackageDirs turns package patterns ("./...", "pkg/...") into the
// directories whose trees they read.
func goPackageDirs(ops []field) []field {
	out := make([]field, 0, len(ops))
	for _, op := range ops {
		if !op.dyn {
			op.s = strings.TrimSuffix(strings.TrimSuffix(op.s, "..."), "/")
			if op.s == "" {
				op.s = "."
			}
		}
		out = append(out, op)
	}
	return out
}

// ginkgo's tables, from `ginkgo help COMMAND` of Ginkgo 2.34.0. ginkgo
// parses Go-style flags; run (the default command) and watch take the go
// build flags it lists too, and the words after -- go to the tests.
const (
	ginkgoSource    = "ginkgo help run, build, watch, labels, outline; Ginkgo 2.34.0"
	ginkgoGoFlags   = "-a -asan -msan -n -linkshared -modcacherw -trimpath -work -x -buildvcs -race -cover"
	ginkgoGoVals    = "-asmflags -buildmode -compiler -gccgoflags -gcflags -installsuffix -ldflags -mod -modfile -pkgdir -tags -toolexec -vet -covermode -coverpkg"
	ginkgoRunFlags  = "-r -randomize-all -p -fail-on-pending -fail-fast -fail-on-empty -require-suite -no-color -v -vv -succinct -trace -show-node-events -github-output -silence-skips -force-newlines -fd -keep-separate-reports -keep-separate-coverprofiles -dry-run"
	ginkgoRunVals   = "-skip-package -compilers -seed -procs -nodes -label-filter -sem-ver-filter -focus -skip -focus-file -skip-file -flake-attempts -sleep-on-failure -json-report -gojson-report -junit-report -teamcity-report -output-dir -coverprofile -blockprofile -blockprofilerate -cpuprofile -memprofile -memprofilerate -mutexprofile -mutexprofilefraction -execution-trace -poll-progress-after -poll-progress-interval -source-root -timeout -grace-period -output-interceptor-mode -after-run-hook"
	ginkgoWatchVals = "-depth -watch-regexp"
)

var ginkgoTables = map[string]*toolOpts{
	"run":     {source: ginkgoSource, oneDash: true, long: ginkgoGoFlags + " " + ginkgoRunFlags + " -keep-going -randomize-suites -until-it-fails", longVal: ginkgoGoVals + " " + ginkgoRunVals + " -repeat"},
	"watch":   {source: ginkgoSource, oneDash: true, long: ginkgoGoFlags + " " + ginkgoRunFlags, longVal: ginkgoGoVals + " " + ginkgoRunVals + " " + ginkgoWatchVals},
	"build":   {source: ginkgoSource, oneDash: true, long: ginkgoGoFlags + " -r -require-suite", longVal: ginkgoGoVals + " -skip-package -compilers -o"},
	"labels":  {source: ginkgoSource, oneDash: true, long: "-r", longVal: "-skip-package"},
	"outline": {source: ginkgoSource, oneDash: true, longVal: "-format"},
	"version": {source: ginkgoSource, oneDash: true},
	"help":    {source: ginkgoSource, oneDash: true, words: true},
}

// ginkgoWriters are the go command's outputs and ginkgo's own reports.
var ginkgoWriters = []string{"-json-report", "-gojson-report", "-junit-report", "-teamcity-report", "-execution-trace", "-output-dir"}

func init() {
	for _, o := range ginkgoTables {
		o.spec()
	}
}

// ginkgo judges the Ginkgo test runner: running, building and listing
// the project's specs are Safe when every option is one its help lists;
// watch runs until stopped, and unfocus, generate and bootstrap write
// files. The go build flags and profiles are judged as go's.
func ginkgo(c *cmd) {
	args := c.rest()
	verb := "run"
	if len(args) > 0 && !args[0].dyn {
		switch args[0].s {
		case "run", "watch", "build", "labels", "outline", "version", "help", "unfocus", "generate", "bootstrap", "completion":
			verb, args = args[0].s, args[1:]
		}
	}
	o, ok := ginkgoTables[verb]
	if !ok {
		c.add(Warning, "writes or rewrites test files", "builtin:format")
		return
	}
	for i, a := range args {
		if !a.dyn && a.s == "--" {
			args = args[:i] // the rest goes to the tests
			break
		}
	}
	flags, ops := c.judgeArgs(args, o)
	goFlagValues(c, flags)
	for _, f := range values(flags, ginkgoWriters...) {
		c.output(f)
	}
	for _, f := range values(flags, "-after-run-hook") {
		c.add(Warning, "runs a command after the tests", "builtin:tool-program")
		if f.dyn {
			c.programString(f)
		} else {
			c.script(f.s, bashLang)
		}
	}
	switch verb {
	case "watch":
		c.add(Warning, "runs the tests whenever a file changes, until stopped", "builtin:test")
	case "build":
		c.add(Safe, "compiles the project's test suites", "builtin:build")
	case "labels", "outline":
		c.add(Safe, "lists the project's specs", "builtin:read-only")
		c.read(ops)
	case "version", "help":
		c.add(Safe, "prints Ginkgo's version or help", "builtin:read-only")
	default:
		c.add(Safe, "runs the project's tests", "builtin:test")
	}
}

// tinygo's tables, from the flag sets in main.go of TinyGo 0.33.0 (the
// flags `tinygo help` prints): every command takes the build flags,
// and build, test, list and info some of their own.
const (
	tinygoSource = "tinygo help and main.go's flags, TinyGo 0.33.0"
	tinygoFlags  = "-work -print-stacks -x -no-debug -ocd-output -monitor -internal-printir -internal-dumpssa -internal-verifyir -internal-nodwarf"
	tinygoVals   = "-opt -gc -panic -scheduler -serial -interp-timeout -tags -target -stack-size -size -print-allocs -p -ocd-commands -port -timeout -programmer -ldflags -llvm-features -cpuprofile -baudrate"
)

var tinygoTables = newVerbTool(toolOpts{source: tinygoSource, oneDash: true}, map[string]*toolOpts{
	"build":   {source: tinygoSource, oneDash: true, long: tinygoFlags + " -json", longVal: tinygoVals + " -o -wit-package -wit-world"},
	"test":    {source: tinygoSource, oneDash: true, long: tinygoFlags + " -c -v -short -benchmem", longVal: tinygoVals + " -o -wit-package -wit-world -run -skip -count -bench -benchtime -shuffle"},
	"list":    {source: tinygoSource, oneDash: true, long: tinygoFlags + " -json -deps -test", longVal: tinygoVals},
	"info":    {source: tinygoSource, oneDash: true, long: tinygoFlags + " -json", longVal: tinygoVals},
	"env":     {source: tinygoSource, oneDash: true, long: tinygoFlags, longVal: tinygoVals, words: true},
	"targets": {source: tinygoSource, oneDash: true, long: tinygoFlags, longVal: tinygoVals},
	"version": {source: tinygoSource, oneDash: true, long: tinygoFlags, longVal: tinygoVals},
	"help":    {source: tinygoSource, oneDash: true, long: tinygoFlags + " -json -deps -test -c -v -short -benchmem", longVal: tinygoVals + " -o -wit-package -wit-world -run -skip -count -bench -benchtime -shuffle", words: true},
})

// tinygo judges the TinyGo compiler: building, testing and listing are
// Safe when every option is one its flag sets list; a -target given as
// a JSON file names the linker and emulator the build runs; running,
// flashing, debugging and the bundled clang and linkers are Warning.
func tinygo(c *cmd) {
	verb, flags, ops, known := c.verb(tinygoTables)
	if !known {
		switch verb.s {
		case "":
			c.add(Safe, "prints usage", "builtin:read-only")
		case "clean":
			c.add(Warning, "empties TinyGo's cache", "builtin:go")
		default:
			c.add(Warning, "runs, flashes or debugs a program, or runs a bundled tool", "builtin:go")
		}
		return
	}
	goFlagValues(c, flags)
	for _, t := range values(flags, "-target") {
		if t.dyn || strings.ContainsAny(t.s, "/.") {
			c.path(accRead, t)
			c.add(Warning, "uses a target specification that names the programs the build runs", "builtin:tool-program")
		}
	}
	switch verb.s {
	case "test":
		c.add(Safe, "builds and tests the project", "builtin:test")
	case "build", "list", "info":
		c.add(Safe, "compiles the project", "builtin:build")
	default:
		c.add(Safe, "prints TinyGo's settings, targets or version", "builtin:read-only")
	}
	_ = ops // package patterns, resolved by go list in the project
}

// goPprof judges go tool pprof: a report printed (or written with
// -output) from profile files is Safe; a viewer, a browser, a web
// server, pprof's interactive shell, Graphviz and profiles fetched over
// the network are Warning; certificate files and search paths go by the
// path rules.
func goPprof(c *cmd, flags []flag, files []field) {
	level, why := Safe, "prints a report of a profile"
	worse := func(l Level, w string) {
		if l > level {
			level, why = l, w
		}
	}
	formats := 0
	for _, f := range flags {
		switch {
		case strings.Contains(" "+pprofTextFormats+" ", " "+f.name+" "), f.name == "-list", f.name == "-peek", f.name == "-disasm":
			formats++
		case strings.Contains(" "+pprofViewers+" ", " "+f.name+" "), f.name == "-weblist":
			formats++
			worse(Warning, "opens a viewer or a browser")
		case strings.Contains(" "+pprofImages+" ", " "+f.name+" "):
			formats++
			worse(Warning, "renders the graph with Graphviz")
		case f.name == "-http":
			formats++
			worse(Warning, "starts a web server and opens a browser")
		case f.name == "-tools":
			worse(Warning, "runs object tools from a path of its choosing")
		}
	}
	if formats == 0 {
		worse(Warning, "starts pprof's interactive shell")
	}
	if o, ok := value(flags, "-output"); ok {
		c.output(o)
	}
	for _, f := range values(flags, "-tls_cert", "-tls_key", "-tls_ca") {
		c.path(accRead, f)
	}
	for _, f := range values(flags, "-source_path", "-tools") {
		for _, dir := range strings.Split(f.s, ":") {
			c.searchDir(field{s: dir, dyn: f.dyn, glob: f.glob, w: f.w})
		}
	}
	sources := append(values(flags, "-base", "-diff_base"), files...)
	for _, f := range sources {
		if !f.dyn && (strings.Contains(f.s, "://") || strings.HasPrefix(f.s, "localhost:") || strings.Contains(f.s, "/debug/pprof")) {
			worse(Warning, "fetches a profile over the network")
			continue
		}
		c.path(accRead, f)
	}
	c.add(level, why, "builtin:read-only")
}

// toolchainEnvNames are variables the Go and Rust toolchains read that
// name a program they run (the C compiler cgo calls, another toolchain),
// pass flags to the compiler or linker (-C linker=, -fuse-ld=), load
// configuration from elsewhere (GOENV), or turn off the checks on
// downloaded modules (GOSUMDB, GOINSECURE): setting one changes what a
// build runs.
var toolchainEnvNames = optionSet("CC CXX FC CGO_CFLAGS CGO_CPPFLAGS CGO_CXXFLAGS CGO_FFLAGS CGO_LDFLAGS GOENV GOROOT GOTOOLCHAIN " +
	"GOPROXY GOSUMDB GONOSUMDB GONOSUMCHECK GOINSECURE GOPRIVATE GONOPROXY GOVCS " +
	"RUSTFLAGS RUSTDOCFLAGS RUSTDOC RUSTC_WORKSPACE_WRAPPER RUSTUP_TOOLCHAIN RUSTUP_HOME")

// harmlessCargoEnv are cargo's variables that change only its output,
// parallelism, retries or whether it reaches the network. Every other
// CARGO_ variable sets a configuration key (a linker, a runner, an alias
// that makes "cargo test" run something else, a target directory).
var harmlessCargoEnv = optionSet("CARGO_TERM_COLOR CARGO_TERM_VERBOSE CARGO_TERM_QUIET CARGO_TERM_PROGRESS_WHEN CARGO_INCREMENTAL " +
	"CARGO_BUILD_JOBS CARGO_NET_OFFLINE CARGO_NET_RETRY CARGO_LOG")

// toolchainEnv reports whether assigning the variable changes what the
// Go or Rust toolchain runs.
func toolchainEnv(name string) bool {
	if strings.HasPrefix(name, "CARGO_") {
		return !harmlessCargoEnv[name]
	}
	return toolchainEnvNames[name]
}

// testBinaryOutputs judges the files a test binary is told to write by
// the words passed through to it (go test -args, cargo test --): Go's
// -test.coverprofile, -test.outputdir and the other profiles, and
// libtest's --logfile. The other words are the tests' own.
func (c *cmd) testBinaryOutputs(words []field) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.dyn || !strings.HasPrefix(w.s, "-") {
			continue
		}
		name, val, eq := strings.Cut(strings.TrimLeft(w.s, "-"), "=")
		switch strings.TrimPrefix(name, "test.") {
		case "coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile", "trace", "outputdir",
			"testlogfile", "gocoverdir", "fuzzcachedir", "logfile":
		default:
			continue
		}
		f := field{s: val, glob: w.glob, w: w.w}
		if !eq {
			if i+1 >= len(words) {
				continue
			}
			i++
			f = words[i]
		}
		c.output(f)
	}
}
