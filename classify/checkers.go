package classify

import "strings"

// fileOptions is what a build tool's or checker's manual says about the
// options that name files: the ones it reads (configuration, which for
// JavaScript tools is code), writes (output, reports, caches), and the
// ones that load plugins or run programs. Every other option is a
// setting that changes what is reported or how output looks; valued
// lists those that take the next word as their value, so that it is not
// read as a file operand.
type fileOptions struct {
	source   string // the manual or --help the table was taken from
	valued   string
	reads    string
	writes   string
	runs     string
	servers  string // options or subcommands that start a server
	words    string // leading operands that are subcommands, not files
	writesIn string // flags that rewrite the operands in place
	rule     string // the rule of its Safe finding; builtin:build when empty
}

// optionSet splits a space separated list of option names.
func optionSet(list string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(list) {
		m[f] = true
	}
	return m
}

// checkerTool judges a compiler, bundler or checker by its file options:
// operands are files it reads, judged by the path rules.
func checkerTool(why string, o fileOptions) handler {
	valued, reads, writes, runs := optionSet(o.valued+" "+o.reads+" "+o.writes+" "+o.runs), optionSet(o.reads), optionSet(o.writes), optionSet(o.runs)
	servers, words, writesIn := optionSet(o.servers), optionSet(o.words), optionSet(o.writesIn)
	return func(c *cmd) {
		args := c.rest()
		var ops []field
		printsOnly := len(args) > 0
		rewrites := false
		for i := 0; i < len(args); i++ {
			a := args[i]
			s := a.s
			if a.dyn && !strings.HasPrefix(strings.TrimLeft(s, `"'`), "-") || !a.dyn && (!strings.HasPrefix(s, "-") || s == "-") {
				if len(ops) == 0 && words[s] {
					if servers[s] {
						c.add(Warning, "starts a server ("+s+")", "builtin:server")
					}
					printsOnly = false
					continue
				}
				ops = append(ops, a)
				printsOnly = false
				continue
			}
			if a.dyn {
				c.add(Warning, "option "+shorten(s)+" is not known until it runs", "builtin:unknown-option")
				continue
			}
			if s == "--" {
				ops = append(ops, args[i+1:]...)
				break
			}
			if s == "--version" || s == "-V" || s == "-v" || s == "--help" || s == "-h" || s == "-version" {
				continue
			}
			printsOnly = false
			name, val, hasVal := strings.Cut(s, "=")
			// esbuild's --loader:.x=text, --inject:file: the name ends at ":".
			if n, v, ok := strings.Cut(name, ":"); ok && strings.HasPrefix(name, "--") {
				name, val, hasVal = n+":", v, true
			}
			if valued[name] && !hasVal && i+1 < len(args) {
				i++
				val, hasVal = args[i].s, true
				if args[i].dyn {
					c.add(Warning, "the value of "+name+" is not known until it runs", "builtin:unknown-option")
					continue
				}
			}
			v := field{s: val, w: a.w}
			switch {
			case runs[name]:
				c.add(Warning, "loads a plugin or runs a program of its choosing ("+shorten(s)+")", "builtin:tool-program")
			case servers[name]:
				c.add(Warning, "starts a server ("+name+")", "builtin:server")
			case writesIn[name]:
				rewrites = true
			case writes[name] && hasVal:
				c.path(accWrite, v)
			case reads[name] && hasVal:
				c.path(accRead, v)
			}
		}
		if printsOnly {
			c.add(Safe, "prints its version or help", "builtin:read-only")
			return
		}
		if rewrites {
			c.add(Warning, "rewrites project files", "builtin:format")
			for _, op := range ops {
				c.path(accWrite, op)
			}
			return
		}
		rule := "builtin:build"
		switch {
		case o.rule != "":
			rule = o.rule
		case strings.HasPrefix(why, "checks"):
			rule = "builtin:lint"
		}
		c.add(Safe, why, rule)
		c.read(ops)
	}
}

// The tables. Each names its source; options not listed are settings.
var (
	tscOpts = fileOptions{source: "tsc --all, TypeScript 5.4",
		valued:   "-p --project -t --target -m --module --lib --jsx --moduleResolution --baseUrl --rootDir --rootDirs --types --typeRoots --locale --newLine --maxNodeModuleJsDepth --jsxFactory --jsxFragmentFactory --jsxImportSource --moduleDetection --paths --plugins --customConditions --moduleSuffixes --ignoreDeprecations --importsNotUsedAsValues --sourceRoot --mapRoot --watchFile --watchDirectory --fallbackPolling --excludeDirectories --excludeFiles --charset --reactNamespace --useDefineForClassFields --verbatimModuleSyntax",
		reads:    "-p --project",
		writes:   "--outDir --outFile --out --declarationDir --tsBuildInfoFile --generateTrace --generateCpuProfile",
		writesIn: "--init"}
	esbuildOpts = fileOptions{source: "esbuild --help, esbuild 0.20",
		reads:   "--tsconfig --inject: --tsconfig-raw",
		writes:  "--outfile --outdir --metafile",
		servers: "--serve --servedir"}
	babelOpts = fileOptions{source: "babel --help, @babel/cli 7.24",
		valued: "-o --out-file -d --out-dir --config-file --plugins --presets --env-name --root-mode --extensions -x --ignore --only --source-maps -s --source-file-name --source-root --module-root --relative-to",
		reads:  "--config-file",
		writes: "-o --out-file -d --out-dir",
		runs:   "--plugins --presets"}
	swcOpts = fileOptions{source: "swc --help, @swc/cli 0.3",
		valued: "-o --out-file -d --out-dir --config-file -C --config --env-name --filename -f --extensions --ignore --only --source-maps -s --source-file-name --source-root",
		reads:  "--config-file",
		writes: "-o --out-file -d --out-dir"}
	webpackOpts = fileOptions{source: "webpack --help=verbose, webpack-cli 5",
		valued:  "-c --config --config-name -o --output-path --output-filename --env --node-env --mode --entry --target -t --devtool -d --name --stats --analyze --json -j --merge -m --progress --cache-type --cache-cache-directory",
		reads:   "-c --config --entry",
		writes:  "-o --output-path --cache-cache-directory -j --json",
		runs:    "--plugin --define-process-env-node-env",
		servers: "serve s server --open",
		words:   "build bundle b serve s server watch w info i version help configtest t"}
	rollupOpts = fileOptions{source: "rollup --help, rollup 4",
		valued: "-c --config -o --file -d --dir -f --format -i --input -n --name -p --plugin -e --external -g --globals -m --sourcemap --environment --banner --footer --intro --outro --context --amd.id --exports",
		reads:  "-c --config -i --input",
		writes: "-o --file -d --dir",
		runs:   "-p --plugin --configPlugin --bundleConfigAsCjs"}
	viteOpts = fileOptions{source: "vite --help, vite 5",
		valued:  "-c --config --base -l --logLevel -m --mode --outDir --assetsDir --emptyOutDir --host --port --filter -f --force --target --minify --sourcemap --manifest --ssrManifest --ssr",
		reads:   "-c --config",
		writes:  "--outDir",
		servers: "dev serve preview --open --host --port",
		words:   "build dev serve preview optimize"}
	parcelOpts = fileOptions{source: "parcel help build, parcel 2",
		valued:  "--dist-dir --cache-dir --config --target --public-url --port -p --host --cert --key --log-level --reporter --profile --detailed-report",
		reads:   "--config --cert --key",
		writes:  "--dist-dir --cache-dir",
		runs:    "--reporter",
		servers: "serve watch --port --host --open",
		words:   "build serve watch"}
	mypyOpts = fileOptions{source: "mypy --help, mypy 1.9",
		valued: "--config-file --cache-dir --python-executable --python-version --platform -m --module -p --package -c --command --exclude --follow-imports --junit-xml --html-report --linecount-report --linecoverage-report --lineprecision-report --txt-report --xml-report --xslt-html-report --xslt-txt-report --any-exprs-report --cobertura-xml-report --memory-xml-report --shadow-file --custom-typeshed-dir --custom-typing-module --always-true --always-false --disable-error-code --enable-error-code --junit-format --output -O --install-types",
		reads:  "--config-file --custom-typeshed-dir --shadow-file",
		writes: "--cache-dir --junit-xml --html-report --linecount-report --linecoverage-report --lineprecision-report --txt-report --xml-report --xslt-html-report --xslt-txt-report --any-exprs-report --cobertura-xml-report --memory-xml-report",
		runs:   "--python-executable --install-types -c --command"}
	pyrightOpts = fileOptions{source: "pyright --help, pyright 1.1",
		valued:   "-p --project --pythonpath --pythonplatform --pythonversion -t --typeshedpath --venvpath -v --level --threads --createstub --verifytypes",
		reads:    "-p --project --typeshedpath",
		runs:     "--pythonpath --venvpath -v",
		writesIn: "--createstub"}
	pylintOpts = fileOptions{source: "pylint --long-help, pylint 3.1",
		valued: "--rcfile --load-plugins --init-hook --output -f --output-format -j --jobs -d --disable -e --enable --ignore --ignore-patterns --ignore-paths --fail-under --fail-on --py-version --msg-template --generate-rcfile --generate-toml-config",
		reads:  "--rcfile",
		writes: "--output",
		runs:   "--load-plugins --init-hook"}
	flake8Opts = fileOptions{source: "flake8 --help, flake8 7.0",
		valued: "--config --append-config --output-file --format --select --ignore --extend-select --extend-ignore --exclude --extend-exclude --filename --max-line-length --max-complexity --per-file-ignores -j --jobs --tee --stdin-display-name --max-doc-length --hang-closing --indent-size --require-plugins --enable-extensions",
		reads:  "--config --append-config",
		writes: "--output-file",
		runs:   "--require-plugins --enable-extensions"}
	banditOpts = fileOptions{source: "bandit --help, bandit 1.7",
		valued: "-c --configfile -o --output -f --format -p --profile -t --tests -s --skip -x --exclude -b --baseline --ini --msg-template -l -i -a --aggregate --severity-level --confidence-level",
		reads:  "-c --configfile -b --baseline --ini",
		writes: "-o --output"}
	lintOnlyOpts = fileOptions{source: "each tool's --help (vulture 2.11, pycodestyle 2.11, pydocstyle 6.3, pyflakes 3.2)",
		valued: "--config --exclude --ignore --select --max-line-length --min-confidence --ignore-names --ignore-decorators --match --match-dir --convention --add-ignore --add-select --format --make-whitelist",
		reads:  "--config"}
	goCheckerOpts = fileOptions{source: "staticcheck -help 2023.1, revive -help 1.3, errcheck -help 1.7, golint, ineffassign",
		valued: "-checks -f -fail -go -tags -matrix -explain -merge -config -formatter -exclude -ignore -ignorepkg -set_exit_status -min_confidence -debug.cpuprofile -debug.memprofile -debug.trace",
		reads:  "-config -exclude",
		writes: "-debug.cpuprofile -debug.memprofile -debug.trace"}
)

// Line counters: they read the trees they are given and write reports
// where told to.
var (
	clocOpts = fileOptions{source: "cloc --help, cloc 1.96", rule: "builtin:read-only",
		valued: "--list-file --exclude-list-file --read-lang-def --force-lang-def --read-binary-files --report-file --out --sql --sql-project --sql-style --write-lang-def --write-lang-def-incl-dup --exclude-dir --exclude-ext --exclude-lang --include-ext --include-lang --match-f --match-d --not-match-f --not-match-d --vcs --script-lang --lang-no-ext --force-lang --config --diff-timeout --timeout",
		reads:  "--list-file --exclude-list-file --read-lang-def --force-lang-def --config",
		writes: "--report-file --out --sql --write-lang-def --write-lang-def-incl-dup",
		runs:   "--vcs"}
	sccOpts = fileOptions{source: "scc --help, scc 3.2", rule: "builtin:read-only",
		valued: "-o --output -f --format -s --sort -x --exclude-ext -M --not-match -i --include-ext --format-multi --remap-all --remap-unknown --sql-project --count-as --exclude-dir --file-gc-count --directory-walker-job-workers --file-process-job-workers --file-list-queue-size --file-summary-job-queue-size --uloc --avg-wage --overhead --eaf --sloccount-format",
		writes: "-o --output"}
)
