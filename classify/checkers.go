package classify

import "strings"

// fileOptions is what a build tool's or checker's manual says about its
// options: the ones that name files it reads (configuration, which for
// JavaScript tools is code), writes (output, reports, caches), and the
// ones that load plugins or run programs. flags lists every other option
// the manual has: settings that change what is reported or how output
// looks. An option in none of the lists is not modelled, and makes the
// command warning. valued lists the options that take the next word as
// their value, so that it is not read as a file operand.
type fileOptions struct {
	source   string // the manual or --help the table was taken from
	flags    string // every option of the manual, settings among them
	valued   string
	reads    string
	writes   string
	runs     string
	servers  string // options or subcommands that start a server
	words    string // leading operands that are subcommands, not files
	fold     bool   // option names are matched in any case, as tsc does
	writesIn string // flags that rewrite the operands in place
	deletes  string // flags that empty the output directories first
	shells   string // options whose value is a shell command
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

// names returns every option the table lists, whatever it does.
func (o *fileOptions) names() map[string]bool {
	return optionSet(strings.Join([]string{o.flags, o.valued, o.reads, o.writes, o.runs, o.servers, o.writesIn, o.deletes, o.shells, "--help --version -h -V -v -version"}, " "))
}

// checkerTool judges a compiler, bundler or checker by its file options:
// operands are files it reads, judged by the path rules.
func checkerTool(why string, o fileOptions) handler {
	if o.fold {
		for _, l := range []*string{&o.flags, &o.valued, &o.reads, &o.writes, &o.runs, &o.servers, &o.writesIn, &o.deletes, &o.shells} {
			*l = strings.ToLower(*l)
		}
	}
	valued, reads, writes, runs := optionSet(o.valued+" "+o.reads+" "+o.writes+" "+o.runs+" "+o.shells), optionSet(o.reads), optionSet(o.writes), optionSet(o.runs)
	servers, words, writesIn, deletes, shells := optionSet(o.servers), optionSet(o.words), optionSet(o.writesIn), optionSet(o.deletes), optionSet(o.shells)
	known := o.names()
	return func(c *cmd) {
		args := c.rest()
		var ops []field
		printsOnly := len(args) > 0
		rewrites := false
		emptiesOut := false
		for _, a := range args {
			if !a.dyn && deletes[a.s] {
				emptiesOut = true
			}
		}
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
			if o.fold {
				name = strings.ToLower(name)
			}
			// esbuild's --loader:.x=text, --inject:file: the name ends at ":".
			if n, v, ok := strings.Cut(name, ":"); ok && strings.HasPrefix(name, "--") {
				name, val, hasVal = n+":", v, true
			}
			// A value never starts with "-": argparse, commander and yargs
			// read "rollup -c --watch" as -c without its optional value.
			if valued[name] && !hasVal && i+1 < len(args) && (args[i+1].dyn || !strings.HasPrefix(args[i+1].s, "-") || args[i+1].s == "-") {
				i++
				val, hasVal = args[i].s, true
				if args[i].dyn {
					c.add(Warning, "the value of "+name+" is not known until it runs", "builtin:unknown-option")
					continue
				}
			}
			// A short option glued to its value: pylint -j4, tsc -p.
			if !known[name] && len(name) > 2 && name[1] != '-' && valued[name[:2]] {
				name, val, hasVal = name[:2], name[2:], true
			}
			if !known[name] && !known[strings.TrimSuffix(name, ":")] {
				c.notModelled(name)
			}
			v := field{s: val, w: a.w}
			switch {
			case shells[name] && hasVal:
				c.add(Warning, "runs a shell command ("+shorten(name)+")", "builtin:tool-program")
				c.script(val, bashLang)
			case runs[name]:
				c.add(Warning, "loads a plugin or runs a program of its choosing ("+shorten(s)+")", "builtin:tool-program")
			case servers[name]:
				c.add(Warning, "starts a server ("+name+")", "builtin:server")
			case writesIn[name]:
				rewrites = true
			case writes[name] && hasVal && emptiesOut:
				c.path(accDeleteTree, v)
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
	tscOpts = fileOptions{source: "tsc --all, TypeScript 7.0.2 (and 5.x options it dropped)", fold: true,
		flags:    "--all --allowArbitraryExtensions --allowImportingTsExtensions --allowJs --allowSyntheticDefaultImports --allowUmdGlobalAccess --allowUnreachableCode --allowUnusedLabels --alwaysStrict --assumeChangesOnlyAffectDirectDependencies --baseUrl --build --builders --checkJs --checkers --clean --composite --customConditions --declaration --declarationDir --declarationMap --deduplicatePackages --diagnostics --disableReferencedProjectLoad --disableSizeLimit --disableSolutionSearching --disableSourceOfProjectReferenceRedirect --downlevelIteration --dry --emitBOM --emitDeclarationOnly --emitDecoratorMetadata --erasableSyntaxOnly --esModuleInterop --exactOptionalPropertyTypes --excludeDirectories --excludeFiles --experimentalDecorators --explainFiles --extendedDiagnostics --fallbackPolling --force --forceConsistentCasingInFileNames --generateCpuProfile --generateTrace --help --ignoreConfig --importHelpers --incremental --init --inlineSourceMap --inlineSources --isolatedDeclarations --isolatedModules --jsx --jsxFactory --jsxFragmentFactory --jsxImportSource --lib --libReplacement --listEmittedFiles --listFiles --listFilesOnly --locale --mapRoot --maxNodeModuleJsDepth --module --moduleDetection --moduleResolution --moduleSuffixes --newLine --noCheck --noEmit --noEmitHelpers --noEmitOnError --noErrorTruncation --noFallthroughCasesInSwitch --noImplicitAny --noImplicitOverride --noImplicitReturns --noImplicitThis --noLib --noPropertyAccessFromIndexSignature --noResolve --noUncheckedIndexedAccess --noUncheckedSideEffectImports --noUnusedLocals --noUnusedParameters --outDir --outFile --paths --plugins --pprofDir --preserveConstEnums --preserveSymlinks --preserveWatchOutput --pretty --project --quiet --reactNamespace --removeComments --resolveJsonModule --resolvePackageJsonExports --resolvePackageJsonImports --rewriteRelativeImportExtensions --rootDir --rootDirs --showConfig --singleThreaded --skipDefaultLibCheck --skipLibCheck --sourceMap --sourceRoot --stableTypeOrdering --stopBuildOnErrors --strict --strictBindCallApply --strictBuiltinIteratorReturn --strictFunctionTypes --strictNullChecks --strictPropertyInitialization --stripInternal --synchronousWatchDirectory --target --traceResolution --tsBuildInfoFile --typeRoots --types --useDefineForClassFields --useUnknownInCatchVariables --verbatimModuleSyntax --verbose --version --watch --watchDirectory --watchFile --watchInterval -? -b -d -f -h -i -m -p -q -t -v -w",
		valued:   "-p --project -t --target -m --module --lib --jsx --moduleResolution --baseUrl --rootDir --rootDirs --types --typeRoots --locale --newLine --maxNodeModuleJsDepth --jsxFactory --jsxFragmentFactory --jsxImportSource --moduleDetection --paths --plugins --customConditions --moduleSuffixes --ignoreDeprecations --importsNotUsedAsValues --sourceRoot --mapRoot --watchFile --watchDirectory --fallbackPolling --excludeDirectories --excludeFiles --charset --reactNamespace --useDefineForClassFields --verbatimModuleSyntax",
		reads:    "-p --project",
		writes:   "--outDir --outFile --out --declarationDir --tsBuildInfoFile --generateTrace --generateCpuProfile --pprofDir",
		writesIn: "--init --clean"}
	esbuildOpts = fileOptions{source: "esbuild --help, esbuild 0.28.2",
		flags:   "--abs-paths --allow-overwrite --analyze --asset-names --banner: --bundle --certfile --charset --chunk-names --color --cors-origin --define: --drop-labels --drop: --entry-names --external: --footer: --format --global-name --ignore-annotations --inject: --jsx --jsx-dev --jsx-factory --jsx-fragment --jsx-import-source --jsx-side-effects --keep-names --keyfile --legal-comments --line-limit --loader: --log-level --log-limit --log-override: --main-fields --mangle-cache --mangle-props --mangle-quoted --metafile --minify --minify-identifiers --minify-syntax --minify-whitespace --out-extension: --outbase --outdir --outfile --packages --platform --preserve-symlinks --public-path --pure: --reserve-props --resolve-extensions --serve --serve-fallback --servedir --source-root --sourcefile --sourcemap --sources-content --splitting --supported: --target --tree-shaking --tsconfig --tsconfig-raw --version --watch --watch-delay",
		reads:   "--tsconfig --inject: --tsconfig-raw --certfile --keyfile --serve-fallback",
		writes:  "--outfile --outdir --metafile --mangle-cache",
		servers: "--serve --servedir"}
	babelOpts = fileOptions{source: "babel --help, @babel/cli 7.29.7",
		flags:   "--auxiliary-comment-after --auxiliary-comment-before --compact --config-file --copy-files --delete-dir-on-start --env-name --extensions --filename --help --ignore --include-dotfiles --keep-file-extension --minified --module-id --module-ids --module-root --no-babelrc --no-comments --no-copy-ignored --no-highlight-code --only --out-dir --out-file --out-file-extension --plugins --presets --quiet --relative --retain-lines --root-mode --skip-initial-build --source-file-name --source-map-target --source-maps --source-root --source-type --verbose --version --watch -D -M -V -d -f -h -o -s -w -x",
		valued:  "-o --out-file -d --out-dir --config-file --plugins --presets --env-name --root-mode --extensions -x --ignore --only --source-maps -s --source-file-name --source-root --module-root --relative-to",
		reads:   "--config-file",
		writes:  "-o --out-file -d --out-dir",
		runs:    "--plugins --presets",
		deletes: "--delete-dir-on-start"}
	swcOpts = fileOptions{source: "swc --help, @swc/cli 0.8.1",
		flags:   "--cli-config-file --config --config-file --copy-files --delete-dir-on-start --env-name --extensions --filename --help --ignore --include-dotfiles --log-watch-compilation --no-swcrc --only --out-dir --out-file --out-file-extension --quiet --source-file-name --source-map-target --source-maps --source-root --strip-leading-paths --sync --version --watch --workers -C -D -V -d -f -h -o -q -s -w",
		valued:  "-o --out-file -d --out-dir --config-file -C --config --env-name --filename -f --extensions --ignore --only --source-maps -s --source-file-name --source-root",
		reads:   "--config-file --cli-config-file",
		writes:  "-o --out-file -d --out-dir",
		deletes: "--delete-dir-on-start"}
	webpackOpts = fileOptions{source: "webpack --help, webpack-cli 7.3.1 with webpack 5.113.0 (the 2,400 options of --help=verbose are not modelled: any makes it warning)",
		flags:   "--analyze --color --config --config-name --config-node-env --devtool --disable-interpret --entry --env --extends --fail-on-warnings --help --json --merge --mode --name --no-color --no-devtool --output-path --progress --stats --target --version --watch --watch-options-stdin -c -d -e -h -j -m -o -t -v -w",
		valued:  "-c --config --config-name -o --output-path --output-filename --env --node-env --mode --entry --target -t --devtool -d --name --stats --analyze --json -j --merge -m --progress --cache-type --cache-cache-directory",
		reads:   "-c --config --entry",
		writes:  "-o --output-path --cache-cache-directory -j --json",
		runs:    "--plugin --define-process-env-node-env",
		servers: "serve s server --open",
		words:   "build bundle b serve s server watch w info i version help configtest t"}
	rollupOpts = fileOptions{source: "rollup --help, rollup 4.68.8",
		flags:  "--amd.autoId --amd.basePath --amd.define --amd.forceJsExtensionForImports --amd.id --assetFileNames --banner --chunkFileNames --compact --config --context --dir --entryFileNames --environment --exports --extend --external --failAfterWarnings --file --filterLogs --footer --forceExit --format --generatedCode --generatedCode.arrowFunctions --generatedCode.constBindings --generatedCode.objectShorthand --generatedCode.symbols --globals --hashCharacters --help --importAttributesKey --inlineDynamicImports --input --interop --intro --logLevel --maxParallelFileOps --minifyInternalExports --name --no-dynamicImportInCjs --no-esModule --no-externalImportAttributes --no-externalLiveBindings --no-freeze --no-generatedCode.reservedNamesAsProps --no-hoistTransitiveImports --no-indent --no-makeAbsoluteExternalsRelative --no-preserveEntrySignatures --no-reexportProtoFromExternal --no-sanitizeFileName --no-stdin --no-strict --no-systemNullSetters --no-treeshake --no-treeshake.annotations --no-treeshake.moduleSideEffects --no-treeshake.propertyReadSideEffects --no-treeshake.tryCatchDeoptimization --no-treeshake.unknownGlobalSideEffects --no-watch.clearScreen --noConflict --outro --perf --plugin --preserveModules --preserveModulesRoot --preserveSymlinks --shimMissingExports --silent --sourcemap --sourcemapBaseUrl --sourcemapDebugIds --sourcemapExcludeSources --sourcemapFile --sourcemapFileNames --stdin --strictDeprecations --treeshake.correctVarValueBeforeDeclaration --treeshake.manualPureFunctions --validate --version --waitForBundleInput --watch --watch.allowInputInsideOutputPath --watch.buildDelay --watch.exclude --watch.include --watch.onBundleEnd --watch.onBundleStart --watch.onEnd --watch.onError --watch.onStart --watch.skipWrite -c -d -e -f -g -h -i -m -n -o -p -v -w",
		valued: "-c --config -o --file -d --dir -f --format -i --input -n --name -p --plugin -e --external -g --globals -m --sourcemap --environment --banner --footer --intro --outro --context --amd.id --exports --watch.onBundleEnd --watch.onBundleStart --watch.onEnd --watch.onError --watch.onStart --sourcemapFile --environment --extend",
		reads:  "-c --config -i --input",
		writes: "-o --file -d --dir",
		runs:   "-p --plugin --configPlugin --bundleConfigAsCjs",
		shells: "--watch.onBundleEnd --watch.onBundleStart --watch.onEnd --watch.onError --watch.onStart"}
	viteOpts = fileOptions{source: "vite --help and vite build/preview/optimize --help, vite 8.3.8",
		flags:   "--app --assetsDir --assetsInlineLimit --base --clearScreen --config --configLoader --cors --debug --emptyOutDir --experimentalBundle --filter --force --help --host --logLevel --manifest --minify --mode --open --outDir --port --profile --sourcemap --ssr --ssrManifest --strictPort --target --version --watch -c -d -f -h -l -m -v -w",
		valued:  "-c --config --base -l --logLevel -m --mode --outDir --assetsDir --host --port --filter -f --force --target --minify --sourcemap --manifest --ssrManifest --ssr --configLoader --assetsInlineLimit --app",
		reads:   "-c --config",
		writes:  "--outDir",
		servers: "dev serve preview --open --host --port",
		words:   "build dev serve preview optimize",
		deletes: "--emptyOutDir"}
	parcelOpts = fileOptions{source: "parcel help build and the CLI page of the upstream docs, parcel 2.12",
		valued:  "--dist-dir --cache-dir --config --target --public-url --port -p --host --cert --key --log-level --reporter --profile --detailed-report --feature-flag --lazy-exclude --hmr-port --hmr-host --watch-dir --watch-ignore --watch-backend",
		reads:   "--config --cert --key",
		writes:  "--dist-dir --cache-dir",
		runs:    "--reporter",
		servers: "serve watch --port --host --open --hmr-port --hmr-host --https",
		words:   "build serve watch",
		flags:   "--no-optimize --no-scope-hoist --public-url --no-content-hash --no-cache --cache-dir --config --no-source-maps --target --log-level --dist-dir --profile --trace -V --version --detailed-report --reporter --feature-flag --watch-for-stdin --no-autoinstall --lazy --lazy-exclude --https --cert --key --hmr-port --hmr-host --no-hmr --watch-dir --watch-ignore --watch-backend --port -p --host --open"}
	mypyOpts = fileOptions{source: "mypy --help, mypy 1.0.1 (Debian 12)",
		flags:  "--allow-any-generics --allow-redefinition --allow-untyped-globals --always-false --always-true --any-exprs-report --cache-dir --cache-fine-grained --check-untyped-defs --cobertura-xml-report --command --config-file --custom-typeshed-dir --custom-typing-module --disable-error-code --disable-recursive-aliases --disallow-any-decorated --disallow-any-explicit --disallow-any-expr --disallow-any-generics --disallow-any-unimported --disallow-incomplete-defs --disallow-subclassing-any --disallow-untyped-calls --disallow-untyped-decorators --disallow-untyped-defs --enable-error-code --enable-incomplete-feature --exclude --explicit-package-bases --find-occurrences --follow-imports --help --hide-column-numbers --hide-error-codes --html-report --ignore-missing-imports --implicit-optional --implicit-reexport --install-types --interactive --junit-xml --linecount-report --linecoverage-report --lineprecision-report --module --no-color-output --no-error-summary --no-implicit-reexport --no-incremental --no-namespace-packages --no-silence-site-packages --no-site-packages --no-sqlite-cache --no-strict-optional --no-warn-no-return --non-interactive --package --pdb --platform --pretty --py2 --python-executable --python-version --raise-exceptions --scripts-are-modules --shadow-file --show-absolute-path --show-column-numbers --show-error-codes --show-error-context --show-error-end --show-traceback --skip-cache-mtime-checks --skip-version-check --sqlite-cache --strict --strict-concatenate --strict-equality --tb --txt-report --verbose --version --warn-incomplete-stub --warn-redundant-casts --warn-return-any --warn-unreachable --warn-unused-configs --warn-unused-ignores --xml-report --xslt-html-report --xslt-txt-report -2 -V -c -h -m -p -v",
		valued: "--config-file --cache-dir --python-executable --python-version --platform -m --module -p --package -c --command --exclude --follow-imports --junit-xml --html-report --linecount-report --linecoverage-report --lineprecision-report --txt-report --xml-report --xslt-html-report --xslt-txt-report --any-exprs-report --cobertura-xml-report --memory-xml-report --shadow-file --custom-typeshed-dir --custom-typing-module --always-true --always-false --disable-error-code --enable-error-code --junit-format --output -O --install-types",
		reads:  "--config-file --custom-typeshed-dir --shadow-file",
		writes: "--cache-dir --junit-xml --html-report --linecount-report --linecoverage-report --lineprecision-report --txt-report --xml-report --xslt-html-report --xslt-txt-report --any-exprs-report --cobertura-xml-report --memory-xml-report",
		runs:   "--python-executable --install-types -c --command --pdb"}
	pyrightOpts = fileOptions{source: "pyright --help, pyright 1.1.414",
		flags:    "--createstub --dependencies --help --ignoreexternal --level --outputjson --project --pythonpath --pythonplatform --pythonversion --skipunannotated --stats --threads --typeshedpath --venvpath --verbose --verifytypes --version --warnings --watch -h -p -t -v -w",
		valued:   "-p --project --pythonpath --pythonplatform --pythonversion -t --typeshedpath --venvpath -v --level --threads --createstub --verifytypes",
		reads:    "-p --project --typeshedpath",
		runs:     "--pythonpath --venvpath -v",
		writesIn: "--createstub"}
	pylintOpts = fileOptions{source: "pylint --long-help, pylint 2.16.2 (Debian 12)",
		flags:  "--additional-builtins --allow-any-import-level --allow-global-unused-variables --allow-reexport-from-package --allow-wildcard-with-all --allowed-redefined-builtins --analyse-fallback-blocks --argument-naming-style --argument-rgx --attr-naming-style --attr-rgx --bad-names --bad-names-rgxs --callbacks --check-protected-access-in-special-methods --check-quote-consistency --check-str-concat-over-line-jumps --class-attribute-naming-style --class-attribute-rgx --class-const-naming-style --class-const-rgx --class-naming-style --class-rgx --clear-cache-post-run --confidence --const-naming-style --const-rgx --contextmanager-decorators --defining-attr-methods --deprecated-modules --disable --docstring-min-length --dummy-variables-rgx --enable --enable-all-extensions --errors-only --evaluation --exclude-protected --exclude-too-few-public-methods --exit-zero --expected-line-ending-format --ext-import-graph --extension-pkg-allow-list --extension-pkg-whitelist --fail-on --fail-under --from-stdin --full-documentation --function-naming-style --function-rgx --generate-rcfile --generate-toml-config --generated-members --good-names --good-names-rgxs --help --help-msg --ignore --ignore-comments --ignore-docstrings --ignore-imports --ignore-long-lines --ignore-mixin-members --ignore-none --ignore-on-opaque-inference --ignore-paths --ignore-patterns --ignore-signatures --ignored-argument-names --ignored-checks-for-mixins --ignored-classes --ignored-modules --ignored-parents --import-graph --include-naming-hint --indent-after-paren --indent-string --init-hook --init-import --inlinevar-naming-style --inlinevar-rgx --int-import-graph --jobs --known-standard-library --known-third-party --limit-inference-results --list-conf-levels --list-extensions --list-groups --list-msgs --list-msgs-enabled --load-plugins --logging-format-style --logging-modules --long-help --max-args --max-attributes --max-bool-expr --max-branches --max-line-length --max-locals --max-module-lines --max-nested-blocks --max-parents --max-public-methods --max-returns --max-spelling-suggestions --max-statements --method-naming-style --method-rgx --min-public-methods --min-similarity-lines --missing-member-hint --missing-member-hint-distance --missing-member-max-choices --mixin-class-rgx --module-naming-style --module-rgx --msg-template --name-group --never-returning-functions --no-docstring-rgx --notes --notes-rgx --output --output-format --overgeneral-exceptions --persistent --preferred-modules --property-classes --py-version --rcfile --recursive --redefining-builtins-modules --reports --score --signature-mutators --single-line-class-stmt --single-line-if-stmt --spelling-dict --spelling-ignore-comment-directives --spelling-ignore-words --spelling-private-dict-file --spelling-store-unknown-words --suggestion-mode --timeout-methods --typevar-rgx --valid-classmethod-first-arg --valid-metaclass-classmethod-first-arg --variable-naming-style --variable-rgx --verbose -E -d -e -f -h -j -r -s -v",
		valued: "--rcfile --load-plugins --init-hook --output -f --output-format -j --jobs -d --disable -e --enable --ignore --ignore-patterns --ignore-paths --fail-under --fail-on --py-version --msg-template --generate-rcfile --generate-toml-config --spelling-private-dict-file --import-graph --ext-import-graph --int-import-graph --evaluation --extension-pkg-allow-list --extension-pkg-whitelist -d -e -f -j -r -s --recursive --persistent --reports --score",
		reads:  "--rcfile",
		writes: "--output --spelling-private-dict-file --import-graph --ext-import-graph --int-import-graph",
		runs:   "--load-plugins --init-hook --evaluation --extension-pkg-allow-list --extension-pkg-whitelist --unsafe-load-any-extension"}
	flake8Opts = fileOptions{source: "flake8 --help, flake8 5.0.4 (Debian 12)",
		flags:  "--append-config --benchmark --bug-report --builtins --color --config --count --diff --disable-noqa --doctests --enable-extensions --exclude --exclude-from-doctest --exit-zero --extend-exclude --extend-ignore --extend-select --filename --format --hang-closing --help --ignore --include-in-doctest --indent-size --isolated --jobs --max-complexity --max-doc-length --max-line-length --no-show-source --output-file --per-file-ignores --quiet --require-plugins --select --show-source --statistics --stdin-display-name --tee --verbose --version -h -j -q -v",
		valued: "--config --append-config --output-file --format --select --ignore --extend-select --extend-ignore --exclude --extend-exclude --filename --max-line-length --max-complexity --per-file-ignores -j --jobs --tee --stdin-display-name --max-doc-length --hang-closing --indent-size --require-plugins --enable-extensions",
		reads:  "--config --append-config",
		writes: "--output-file",
		runs:   "--require-plugins --enable-extensions"}
	banditOpts = fileOptions{source: "bandit --help, bandit 1.6.2 (Debian 12)",
		flags:  "-ll -lll -ii -iii --aggregate --baseline --confidence --configfile --debug --exclude --format --help --ignore-nosec --ini --level --msg-template --number --output --profile --quiet --recursive --silent --skip --tests --verbose --version -a -b -c -d -f -h -i -l -n -o -p -q -r -s -t -v -x",
		valued: "-c --configfile -o --output -f --format -p --profile -t --tests -s --skip -x --exclude -b --baseline --ini --msg-template -a --aggregate --severity-level --confidence-level -n --number",
		reads:  "-c --configfile -b --baseline --ini",
		writes: "-o --output"}
	lintOnlyOpts = fileOptions{source: "--help of vulture 2.7, pycodestyle 2.10.0, pydocstyle 6.2.3, pyflakes 2.5.0 (Debian 12)",
		flags:  "--add-ignore --add-select --benchmark --config --convention --count --debug --diff --exclude --explain --filename --first --format --hang-closing --help --ignore --ignore-decorators --ignore-names --indent-size --make-whitelist --match --match-dir --max-doc-length --max-line-length --min-confidence --property-decorators --quiet --repeat --select --show-pep8 --show-source --sort-by-size --source --statistics --verbose --version -V -d -e -h -q -r -s -v",
		valued: "--config --exclude --ignore --select --max-line-length --min-confidence --ignore-names --ignore-decorators --match --match-dir --convention --add-ignore --add-select --format --make-whitelist",
		reads:  "--config"}
	goCheckerOpts = fileOptions{source: "staticcheck -help 2023.1, revive -help 1.3, errcheck -help 1.7, golint, ineffassign",
		valued:   "-checks -f -fail -go -tags -matrix -explain -merge -config -formatter -exclude -ignore -ignorepkg -set_exit_status -min_confidence -debug.cpuprofile -debug.memprofile -debug.trace -max_open_files -mod -c -debug -cpuprofile -memprofile -trace -debug.measure-analyzers -debug.unused-graph",
		reads:    "-config -exclude",
		writes:   "-debug.cpuprofile -debug.memprofile -debug.trace -cpuprofile -memprofile -trace -debug.measure-analyzers -debug.unused-graph",
		flags:    "-checks -debug.cpuprofile -debug.measure-analyzers -debug.memprofile -debug.no-compile-errors -debug.repeat-analyzers -debug.run-quickfix-analyzers -debug.trace -debug.version -explain -f -fail -go -list-checks -matrix -merge -show-ignored -tags -tests -version -config -exclude -formatter -max_open_files -set_exit_status -abspath -asserts -blank -excludeonly -ignoregenerated -ignorepkg -ignoretests -mod -verbose -min_confidence -json -c -debug -cpuprofile -memprofile -trace -test -flags -V -fix",
		writesIn: "-fix"}
)

// Line counters: they read the trees they are given and write reports
// where told to.
var (
	clocOpts = fileOptions{source: "cloc --help, cloc 1.96 (Debian 12)",
		flags: "--3 --autoconf --by-file --by-file-by-lang --by-percent --categorized --config --count-and-diff --counted --csv --csv-delimiter --diff --diff-alignment --diff-list-file --diff-list-files --diff-timeout --docstring-as-code --exclude-content --exclude-dir --exclude-ext --exclude-lang --exclude-list-file --explain --extract-with --file-encoding --follow-links --force-lang --force-lang-def --found --fullpath --git --git-diff-all --git-diff-rel --help --hide-rate --ignore-case --ignore-case-ext --ignore-whitespace --ignored --include-ext --include-lang --json --lang-no-ext --list-file --match-d --match-f --max-file-size --md --no-autogen --no-recurse --not-match-d --not-match-f --original-dir --out --print-filter-stages --processes --progress-rate --quiet --read-binary-files --read-lang-def --report-file --script-lang --sdir --show-ext --show-lang --show-os --skip-archive --skip-leading --skip-uniqueness --skip-win-hidden --sql --sql-append --sql-project --sql-style --stat --stdin-name --strip-comments --strip-str-comments --sum-one --sum-reports --summary-cutoff --timeout --unicode --unix --use-sloccount --vcs --version --windows --write-lang-def --write-lang-def-incl-dup --xml --xsl --yaml -dc -e -o -v -verbose", rule: "builtin:read-only",
		valued: "--list-file --exclude-list-file --read-lang-def --force-lang-def --read-binary-files --report-file --out --sql --sql-project --sql-style --write-lang-def --write-lang-def-incl-dup --exclude-dir --exclude-ext --exclude-lang --include-ext --include-lang --match-f --match-d --not-match-f --not-match-d --vcs --script-lang --lang-no-ext --force-lang --config --diff-timeout --timeout --extract-with --sdir --categorized --counted --found --ignored --diff-list-file --diff-list-files --exclude-content --file-encoding --stdin-name --csv-delimiter --max-file-size --processes --skip-archive --skip-leading --strip-comments --summary-cutoff --diff-alignment --explain --progress-rate",
		reads:  "--list-file --exclude-list-file --read-lang-def --force-lang-def --config --diff-list-file --diff-list-files",
		writes: "--report-file --out --sql --write-lang-def --write-lang-def-incl-dup --sdir --categorized --counted --found --ignored --xsl",
		runs:   "--vcs --extract-with"}
	sccOpts = fileOptions{source: "scc --help, scc 3.3", rule: "builtin:read-only",
		valued: "-o --output -f --format -s --sort -x --exclude-ext -M --not-match -i --include-ext --format-multi --remap-all --remap-unknown --sql-project --count-as --exclude-dir --file-gc-count --directory-walker-job-workers --file-process-job-workers --file-list-queue-size --file-summary-job-queue-size --uloc --avg-wage --overhead --eaf --sloccount-format --cocomo-project-type --currency-symbol --generated-markers --large-byte-count --large-line-count --min-gen-line-length --size-unit",
		writes: "-o --output",
		flags:  "--avg-wage --by-file --ci --cocomo-project-type --count-as --currency-symbol --debug --directory-walker-job-workers --eaf --exclude-dir -x --exclude-ext --file-gc-count --file-list-queue-size --file-process-job-workers --file-summary-job-queue-size -f --format --format-multi --gen --generated-markers -i --include-ext --include-symlinks -l --languages --large-byte-count --large-line-count --min -z --min-gen --min-gen-line-length --no-cocomo -c --no-complexity -d --no-duplicates --no-gen --no-gitignore --no-hborder --no-ignore --no-large --no-min-gen --no-size -M --not-match -o --output --overhead --remap-all --remap-unknown --size-unit --sloccount-format -s --sort --sql-project -t --trace -v --verbose -w --wide --uloc --percent --no-scc-ignore"}
)
