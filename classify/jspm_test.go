package classify

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// npm is judged option by option by its table: the everyday commands stay
// safe, an option npm does not document is not modelled, and the options
// that read configuration, write directories, run programs or move the
// work outside the project get their level.
func TestNpmTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		// Everyday forms.
		{"npm", Safe}, {"npm test", Safe}, {"npm t", Safe}, {"npm run test", Safe}, {"npm run", Safe},
		{"npm test -- --coverage", Safe}, {"npm test --silent", Safe}, {"npm -s test", Safe}, {"npm test -ws", Safe},
		{"npm test -w packages/api", Safe}, {"npm test --workspace=api --if-present", Safe}, {"npm --loglevel silent test", Safe},
		{"npm -dd ls", Safe}, {"npm ls", Safe}, {"npm ls --depth=0", Safe}, {"npm ls --all --json", Safe}, {"npm ls -a -l", Safe},
		{"npm ls --omit=dev --parseable", Safe}, {"npm ls react", Safe}, {"npm explain lodash", Safe}, {"npm why lodash", Safe},
		{"npm root", Safe}, {"npm root -g", Safe}, {"npm prefix", Safe}, {"npm query ':root > *'", Safe}, {"npm sbom --sbom-format=cyclonedx", Safe},
		{"npm config list", Safe}, {"npm config list -l --json", Safe}, {"npm config get registry", Safe}, {"npm get registry", Safe},
		{"npm version", Safe}, {"npm version --json", Safe}, {"npm --version", Safe}, {"npm -v", Safe}, {"npm help install", Safe},
		{"npm test --no-color", Safe}, {"npm test --color=always", Safe}, {"npm run test -- -t auth", Safe},

		// Options outside the table.
		{"npm test --frobnicate", Warning}, {"npm --frobnicate test", Warning}, {"npm ls -Z", Warning}, {"npm -iwrx ls", Warning},

		// Configuration read from a file.
		{"npm ls --userconfig ~/.aws/credentials", Blocked}, {"npm --globalconfig ~/.ssh/id_rsa ls", Blocked},
		{"npm ls --userconfig /tmp/npmrc", Warning}, {"npm ls --userconfig=~/.aws/credentials", Blocked}, {"npm test --cafile=~/.ssh/id_rsa", Blocked},
		{"pnpm ls --global-dir=~/.ssh", Blocked}, {"npm test --cafile ~/.ssh/id_rsa", Blocked},
		// Directories written.
		{"npm ls --cache ~/.bashrc", Blocked}, {"npm test --logs-dir=/etc/x", Blocked}, {"npm ls --logs-dir /tmp/logs", Dangerous},
		// Programs run.
		{"npm test --script-shell /bin/sh", Dangerous}, {"npm test --node-options=--require=/tmp/x.js", Dangerous},
		{"npm help install --viewer=browser", Warning}, {"npm help --browser 'sh -c id' config", Warning},
		{"npm ls --editor vim", Warning}, {"npm ls --git /tmp/evil", Warning}, {"npm test -c 'rm -rf ~'", Blocked},
		// Another project.
		{"npm test --prefix ../other", Warning}, {"npm -C /tmp/x test", Warning}, {"npm test --prefix packages/api", Safe},
		{"npm install --prefix /tmp/x left-pad", Dangerous}, {"npm i -C ~/tools x", Dangerous}, {"pnpm -C /tmp/x add y", Dangerous},
		{"yarn --cwd /tmp/x add y", Dangerous}, {"bun add --cwd=/tmp/x y", Dangerous}, {"npm install --prefix ./vendor x", Warning},

		// Commands that are not read-only keep their levels.
		{"npm install", Warning}, {"npm i -D vitest", Warning}, {"npm install -g typescript", Dangerous},
		{"npm install --location=global x", Dangerous}, {"npm publish", Dangerous}, {"npm set registry=http://x", Dangerous},
		{"npm config set script-shell=/tmp/x", Dangerous}, {"npm config edit", Dangerous}, {"npm exec cowsay", Warning},
		{"npm run build", Warning}, {"npm start", Warning}, {"npm view react", Warning}, {"npm version patch", Warning},
		{"npm approve-scripts", Warning}, {"npm $CMD", Warning},
	})
}

// prettier prints or checks by default, rewrites with --write, and loads
// code with --plugin and --config.
func TestPrettierTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"prettier --check .", Safe}, {"prettier -c src", Safe}, {"prettier --list-different 'src/**/*.ts'", Safe}, {"prettier src/a.ts", Safe},
		{"prettier --check --log-level warn --no-semi .", Safe}, {"prettier --parser babel --print-width 100 -c src", Safe},
		{"prettier --version", Safe}, {"prettier --support-info", Safe}, {"prettier --check --config .prettierrc.json .", Safe},
		{"prettier --check --frobnicate .", Warning}, {"prettier -z .", Warning},
		{"prettier --write .", Warning}, {"prettier -w src", Warning}, {"prettier --write ~/.bashrc", Blocked},
		{"prettier --check --config ~/.aws/credentials .", Blocked}, {"prettier --check --config /tmp/p.js .", Warning},
		{"prettier --check --ignore-path ~/.ssh/id_rsa .", Blocked}, {"prettier --check --plugin ./p.js .", Warning},
		{"prettier --check --plugin=prettier-plugin-x .", Warning}, {"prettier --cache --cache-location ~/.bashrc -c .", Blocked},
		{"prettier ~/.ssh/id_rsa", Blocked}, {"prettier --file-info ~/.netrc", Blocked},
	})
}

// pnpm is judged by its tables: its universal options before the
// command, the options of its reading commands, and the script's words
// after test and run.
func TestPnpmTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"pnpm", Safe}, {"pnpm test", Safe}, {"pnpm test --coverage", Safe}, {"pnpm -r test", Safe}, {"pnpm --filter api test", Safe},
		{"pnpm -F web run test", Safe}, {"pnpm run test -- --watch=false", Safe}, {"pnpm run", Safe}, {"pnpm ls", Safe},
		{"pnpm ls --depth 0 --json", Safe}, {"pnpm list -r --depth -1", Safe}, {"pnpm why react", Safe}, {"pnpm root -g", Safe},
		{"pnpm bin", Safe}, {"pnpm config get registry", Safe}, {"pnpm config list --json", Safe}, {"pnpm licenses ls --json", Safe},
		{"pnpm -C packages/api test", Safe}, {"pnpm --version", Safe},

		{"pnpm --frobnicate test", Warning}, {"pnpm ls --frobnicate", Warning}, {"pnpm run --frobnicate test", Warning},
		{"pnpm -C ../other test", Warning}, {"pnpm --dir /tmp/x ls", Warning}, {"pnpm ls --global-dir ~/.ssh", Blocked},
		{"pnpm test ~/.ssh/id_rsa", Blocked}, {"pnpm test -- ../../x", Warning},

		{"pnpm install", Warning}, {"pnpm add -D vitest", Warning}, {"pnpm -g add x", Dangerous}, {"pnpm add -g x", Dangerous},
		{"pnpm publish", Dangerous}, {"pnpm dlx create-vite", Warning}, {"pnpm build", Warning}, {"pnpm run build", Warning},
		{"pnpm config set x y", Dangerous}, {"pnpm $CMD", Warning}, {"pnpm licenses frobnicate", Warning},
	})
}

// TestPnpmTablesMatchInstalledHelp checks pnpm's tables against pnpm help
// COMMAND where pnpm is installed: every option it lists is one the
// table knows.
func TestPnpmTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("pnpm")
	if err != nil {
		t.Skip("pnpm is not installed here (npm install pnpm), so its tables are not checked against its help")
	}
	tables := map[string]*toolOpts{"run": &pnpmRunOpts}
	for _, verb := range []string{"ls", "why", "root", "bin", "config", "licenses"} {
		tables[verb] = pnpmTool.verbs[verb]
	}
	for verb, o := range tables {
		t.Run(verb, func(t *testing.T) {
			t.Parallel()
			o := *o
			o.parsed = nil
			o.spec()
			cmd := exec.CommandContext(t.Context(), bin, "help", verb)
			cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "NO_COLOR=1"}
			cmd.Dir = t.TempDir()
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(strings.ReplaceAll(string(out), "[no-]", ""))
			if len(opts) < 1 {
				t.Skipf("pnpm help %s lists no options (%q)", verb, firstLine(string(out)))
			}
			for _, opt := range opts {
				if strings.HasSuffix(opt, "-") || strings.TrimLeft(opt, "-0123456789") == "" {
					continue // a wrapped description, or --depth's -1
				}
				if !o.helpKnows(opt) && !o.helpKnows(strings.Replace(opt, "--", "--no-", 1)) {
					t.Errorf("pnpm help %s lists %s, which its table does not know", verb, opt)
				}
			}
		})
	}
}

// TestNpmTableMatchesInstalledConfig checks npm's table against the
// configuration definitions of the npm installed here: every key is an
// option npm takes on any command, and each boolean also as --no-KEY.
func TestNpmTableMatchesInstalledConfig(t *testing.T) {
	t.Parallel()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not installed here, so its table is not checked against its definitions")
	}
	env := []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	root := exec.CommandContext(t.Context(), npm, "root", "-g")
	root.Env = env
	dir, err := root.Output()
	if err != nil {
		t.Skipf("npm root -g: %v", err)
	}
	script := `const {definitions} = require(require("path").join(process.argv[1], "npm/node_modules/@npmcli/config/lib/definitions"));
for (const [k, d] of Object.entries(definitions)) console.log(k, [].concat(d.type).includes(Boolean));`
	list := exec.CommandContext(t.Context(), "node", "-e", script, strings.TrimSpace(string(dir)))
	list.Env = env
	out, err := list.Output()
	if err != nil {
		t.Skipf("npm's config definitions cannot be read here: %v", err)
	}
	o := npmOpts
	o.parsed = nil
	o.spec()
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		key, boolean, _ := strings.Cut(line, " ")
		checked++
		if !o.known["--"+key] {
			t.Errorf("npm defines the option --%s, which its table does not know", key)
		}
		if boolean == "true" && !o.known["--no-"+key] {
			t.Errorf("npm defines the boolean option --%s, whose --no-%s its table does not know", key, key)
		}
	}
	if checked < 100 {
		t.Errorf("npm lists %d config definitions; the format changed", checked)
	}
}

// yarn (1.22, classic) is judged by its tables.
func TestYarnTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"yarn test", Safe}, {"yarn test --coverage", Safe}, {"yarn run test", Safe}, {"yarn run", Safe}, {"yarn -s test", Safe},
		{"yarn --silent run test -- -t auth", Safe}, {"yarn list --depth=0", Safe}, {"yarn list --pattern react --json", Safe},
		{"yarn why react", Safe}, {"yarn bin", Safe}, {"yarn licenses list", Safe}, {"yarn config list", Safe}, {"yarn config get registry", Safe},
		{"yarn help", Safe}, {"yarn check --verify-tree", Safe}, {"yarn --version", Safe}, {"yarn --cwd packages/api test", Safe},
		{"yarn --offline list", Safe},

		{"yarn --frobnicate test", Warning}, {"yarn list --frobnicate", Warning}, {"yarn --cwd ../other test", Warning},
		{"yarn --use-yarnrc ~/.aws/credentials list", Blocked}, {"yarn --use-yarnrc /tmp/yarnrc list", Warning},
		{"yarn list --cache-folder ~/.bashrc", Blocked}, {"yarn --mutex file:$HOME/.bashrc test", Blocked},
		{"yarn test ~/.ssh/id_rsa", Blocked}, {"yarn --script-shell /tmp/x test", Dangerous},

		{"yarn", Warning}, {"yarn install", Warning}, {"yarn add -D vitest", Warning}, {"yarn global add x", Dangerous},
		{"yarn publish", Dangerous}, {"yarn build", Warning}, {"yarn run build", Warning}, {"yarn config set x y", Dangerous},
		{"yarn version", Warning}, {"yarn $CMD", Warning}, {"yarn licenses generate-disclaimer", Warning},
	})
}

// TestYarnTablesMatchInstalledHelp checks yarn's tables against yarn
// COMMAND --help where Yarn 1 is installed.
func TestYarnTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("yarn")
	if err != nil {
		t.Skip("yarn is not installed here (npm install yarn@1), so its tables are not checked against its help")
	}
	tables := map[string]*toolOpts{"": &yarnOpts}
	for verb, o := range yarnTool.verbs {
		tables[verb] = o
	}
	for verb, o := range tables {
		t.Run(verb, func(t *testing.T) {
			t.Parallel()
			cmd := exec.CommandContext(t.Context(), bin, append(strings.Fields(verb), "--help")...)
			cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "NO_COLOR=1"}
			cmd.Dir = t.TempDir()
			out, _ := cmd.CombinedOutput()
			if !strings.Contains(string(out), "Usage: yarn") {
				t.Skipf("yarn %s --help is not Yarn 1's (%q)", verb, firstLine(string(out)))
			}
			for _, opt := range helpOptions(string(out)) {
				if !o.helpKnows(opt) {
					t.Errorf("yarn %s --help lists %s, which its table does not know", verb, opt)
				}
			}
		})
	}
}

// taplo checks and reads by its tables, and rewrites with format.
func TestTaploTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"taplo", Safe}, {"taplo fmt --check", Safe}, {"taplo format --check Cargo.toml", Safe}, {"taplo fmt --diff", Safe},
		{"taplo lint", Safe}, {"taplo check --no-schema pyproject.toml", Safe}, {"taplo get -f Cargo.toml package.version", Safe},
		{"taplo --verbose lint", Safe}, {"taplo config default", Safe}, {"taplo --version", Safe},
		{"taplo fmt --check --frobnicate", Warning}, {"taplo --frobnicate lint", Warning}, {"taplo lint --schema https://x/s.json", Warning},
		{"taplo lint --default-schema-catalogs", Warning}, {"taplo lsp stdio", Warning},
		{"taplo fmt", Warning}, {"taplo fmt Cargo.toml", Warning}, {"taplo fmt ~/.bashrc", Blocked},
		{"taplo fmt --check -c ~/.aws/credentials", Blocked}, {"taplo get -f ~/.aws/credentials", Blocked},
		{"taplo lint --cache-path ~/.bashrc", Blocked}, {"taplo lint ~/.ssh/config", Blocked},
	})
}

// TestTaploTablesMatchInstalledHelp checks taplo's tables against taplo
// COMMAND --help where taplo is installed.
func TestTaploTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	tables := map[string]*toolOpts{"": &taploTool.global}
	for _, verb := range []string{"format", "lint", "get", "config"} {
		tables[verb] = taploTool.verbs[verb]
	}
	checkVerbHelp(t, "taplo", tables)
}

// checkVerbHelp checks each table against "bin VERB --help": every option
// the help lists is one the table knows. A tool that is not installed is
// skipped, saying so.
func checkVerbHelp(t *testing.T, name string, tables map[string]*toolOpts) {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed here, so its tables are not checked against its help", name)
	}
	for verb, o := range tables {
		t.Run(verb, func(t *testing.T) {
			t.Parallel()
			cmd := exec.CommandContext(t.Context(), bin, append(strings.Fields(verb), "--help")...)
			cmd.Env = []string{"LC_ALL=C", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "NO_COLOR=1"}
			cmd.Dir = t.TempDir()
			out, _ := cmd.CombinedOutput()
			opts := helpOptions(string(out))
			if len(opts) < 2 {
				t.Skipf("%s %s --help lists no options (%q)", name, verb, firstLine(string(out)))
			}
			for _, opt := range opts {
				if !o.helpKnows(opt) {
					t.Errorf("%s %s --help lists %s, which its table does not know", name, verb, opt)
				}
			}
		})
	}
}

// dprint prints its usage safely; its commands run the plugins its
// configuration names.
func TestDprintTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"dprint", Safe}, {"dprint help check", Safe}, {"dprint completions bash", Safe}, {"dprint --version", Safe}, {"dprint -L warn", Safe},
		{"dprint --frobnicate", Warning}, {"dprint completions --frobnicate bash", Warning},
		{"dprint check", Warning}, {"dprint check --list-different", Warning}, {"dprint fmt", Warning}, {"dprint fmt ~/.bashrc", Blocked},
		{"dprint check -c https://x/dprint.json", Warning}, {"dprint -c ~/.aws/credentials", Blocked}, {"dprint --plugins ./p.wasm", Warning},
		{"dprint upgrade", Dangerous}, {"dprint init", Warning}, {"dprint config update", Warning}, {"dprint $CMD", Warning},
	})
}

// TestDprintTableMatchesInstalledHelp checks dprint's table against
// dprint help COMMAND where dprint is installed.
func TestDprintTableMatchesInstalledHelp(t *testing.T) {
	t.Parallel()
	checkVerbHelp(t, "dprint", map[string]*toolOpts{"completions": &dprintPrintOpts, "help": &dprintPrintOpts})
}

// biome checks by its tables and rewrites with --write.
func TestBiomeTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"biome", Safe}, {"biome check", Safe}, {"biome check src", Safe}, {"biome lint --only=suspicious src", Safe},
		{"biome format src", Safe}, {"biome ci --reporter=github .", Safe}, {"biome check --changed --since=main", Safe},
		{"biome check --max-diagnostics=50 --diagnostic-level error", Safe}, {"biome version", Safe}, {"biome explain noDebugger", Safe},
		{"biome search '`console.log($x)`' src", Safe}, {"biome --version", Safe}, {"biome check --config-path biome.json .", Safe},
		{"biome check --frobnicate", Warning}, {"biome --frobnicate check", Warning}, {"biome lint -z", Warning},
		{"biome check --write", Warning}, {"biome format --write src", Warning}, {"biome lint --fix --unsafe", Warning},
		{"biome check --write ~/.bashrc", Blocked}, {"biome check --config-path ~/.aws/credentials", Blocked},
		{"biome check --config-path /tmp/b.json", Warning}, {"biome check --reporter-file ~/.bashrc", Blocked},
		{"biome check --log-file /tmp/log", Dangerous}, {"biome check ~/.ssh", Blocked},
		{"biome start", Warning}, {"biome init", Warning}, {"biome migrate --write", Warning}, {"biome upgrade", Dangerous}, {"biome $CMD", Warning},
	})
}

// TestBiomeTablesMatchInstalledHelp checks Biome's tables against biome
// COMMAND --help where Biome is installed.
func TestBiomeTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	checkVerbHelp(t, "biome", biomeTool.verbs)
}

// bun is judged by its tables: its runtime options, test's and why's.
func TestBunTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"bun", Safe}, {"bun test", Safe}, {"bun test src/a.test.ts", Safe}, {"bun test --watch", Safe}, {"bun test -t parser --bail", Safe},
		{"bun test --coverage --coverage-reporter=lcov", Safe}, {"bun test --timeout 10000 --preload ./setup.ts", Safe},
		{"bun test --coverage-dir coverage", Safe}, {"bun --smol test", Safe}, {"bun run test", Safe}, {"bun run", Safe},
		{"bun why react", Safe}, {"bun why react --top --depth=2", Safe}, {"bun --version", Safe},

		{"bun test --frobnicate", Warning}, {"bun --frobnicate test", Warning}, {"bun why --frobnicate x", Warning},
		{"bun test --preload ~/.ssh/id_rsa", Blocked}, {"bun test --env-file ~/.aws/credentials", Blocked}, {"bun -c /tmp/bunfig.toml test", Warning},
		{"bun test --coverage-dir ~/.config/autostart", Blocked}, {"bun test --reporter junit --reporter-outfile /tmp/j.xml", Dangerous},
		{"bun --cwd /tmp/other test", Warning}, {"bun test --inspect-brk", Warning}, {"bun -e 'console.log(1)'", Warning},
		{"bun --redirect-warnings ~/.bashrc test", Blocked}, {"bun test ~/.ssh/id_rsa", Blocked},
		// Auto-install fetches what imports name: -i is --install=fallback.
		{"bun test -i", Warning}, {"bun test --install=force", Warning}, {"bun test --install=fallback", Warning},
		{"bun test --install auto", Warning}, {"bun -i test", Warning}, {"bun --install=force test", Warning},
		{"bun test --prefer-latest", Warning}, {`bun test --install="$MODE"`, Warning}, {"bun -i run test", Warning},
		{"bun test --install=disable", Safe}, {"bun --install disable test", Safe},

		{"bun install", Warning}, {"bun add -g x", Dangerous}, {"bun run build", Warning}, {"bun ./script.ts", Warning},
		{"bun x cowsay", Warning}, {"bun publish", Dangerous}, {"bun $CMD", Warning},
	})
}

// TestBunTablesMatchInstalledHelp checks bun's tables against bun
// COMMAND --help where bun is installed.
func TestBunTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	checkVerbHelp(t, "bun", map[string]*toolOpts{"": &bunTool.global, "test": &bunTestOpts, "why": &bunWhyOpts})
}

// deno is judged by its tables for test, check, lint, fmt and help.
func TestDenoTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"deno test", Safe}, {"deno test -A", Safe}, {"deno test --allow-read --allow-net=localhost src/", Safe},
		{"deno test --coverage=cov --filter parser", Safe}, {"deno test -q --fail-fast", Safe}, {"deno check main.ts", Safe},
		{"deno check --all src", Safe}, {"deno lint", Safe}, {"deno lint --json src", Safe}, {"deno fmt --check", Safe},
		{"deno help test", Safe}, {"deno --version", Safe}, {"deno test -c deno.json", Safe},

		{"deno test --frobnicate", Warning}, {"deno check --frobnicate x.ts", Warning}, {"deno test --import-map https://x/m.json", Warning},
		{"deno test -c ~/.aws/credentials", Blocked}, {"deno test --env-file=/home/dev/.aws/credentials", Blocked},
		{"deno test --junit-path ~/.bashrc", Blocked}, {"deno test --coverage=/tmp/cov", Dangerous}, {"deno test --inspect-brk", Warning},
		{"deno test ~/.ssh/id_rsa", Blocked}, {"deno check --preload /tmp/x.ts main.ts", Warning},

		{"deno", Warning}, {"deno fmt", Warning}, {"deno lint --fix", Warning}, {"deno fmt ~/.bashrc", Blocked},
		{"deno run main.ts", Warning}, {"deno task build", Warning}, {"deno add npm:x", Warning}, {"deno install -g x", Dangerous},
		{"deno publish", Dangerous}, {"deno upgrade", Dangerous}, {"deno $CMD", Warning},
	})
}

// TestDenoTablesMatchInstalledHelp checks deno's tables against deno
// COMMAND --help where deno is installed.
func TestDenoTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	tables := map[string]*toolOpts{"": &denoTool.global}
	for _, verb := range []string{"test", "check", "lint", "fmt"} {
		tables[verb] = denoTool.verbs[verb]
	}
	checkVerbHelp(t, "deno", tables)
}

// turbo runs the project's tasks by their names, with its tables'
// options.
func TestTurboTableJudgesEveryOption(t *testing.T) {
	checkLevels(t, []levelCase{
		{"turbo", Safe}, {"turbo test", Safe}, {"turbo run test", Safe}, {"turbo run build lint --filter=web", Safe},
		{"turbo test --concurrency 2 --output-logs errors-only", Safe}, {"turbo run test -- --coverage", Safe}, {"turbo ls", Safe},
		{"turbo ls --affected --output json", Safe}, {"turbo --version", Safe}, {"turbo web#test", Safe}, {"turbo run test --graph=graph.html", Safe},

		{"turbo test --frobnicate", Warning}, {"turbo --frobnicate test", Warning}, {"turbo run dev", Warning}, {"turbo run", Warning},
		{"turbo test --api https://cache.example.com", Warning}, {"turbo test --cwd /tmp/x", Warning},
		{"turbo test --root-turbo-json ~/.aws/credentials", Blocked}, {"turbo test --root-turbo-json /tmp/turbo.json", Warning},
		{"turbo test --graph ~/.bashrc", Blocked}, {"turbo test --profile=/tmp/p.json", Dangerous}, {"turbo test --cache-dir=/etc/x", Blocked},
		{"turbo run deploy", Dangerous}, {"turbo login", Dangerous}, {"turbo prune web", Warning}, {"turbo $TASK", Warning},
	})
}

// TestTurboTablesMatchInstalledHelp checks turbo's tables against its
// help where turbo is installed.
func TestTurboTablesMatchInstalledHelp(t *testing.T) {
	t.Parallel()
	checkVerbHelp(t, "turbo", map[string]*toolOpts{"": &turboTool.global, "run": &turboRun, "ls": turboTool.verbs["ls"]})
}
