package classify

import "testing"

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
		{"npm ls --userconfig /tmp/npmrc", Warning}, {"npm test --cafile ~/.ssh/id_rsa", Blocked},
		// Directories written.
		{"npm ls --cache ~/.bashrc", Blocked}, {"npm test --logs-dir=/etc/x", Blocked}, {"npm ls --logs-dir /tmp/logs", Dangerous},
		// Programs run.
		{"npm test --script-shell /bin/sh", Dangerous}, {"npm test --node-options=--require=/tmp/x.js", Dangerous},
		{"npm help install --viewer=browser", Warning}, {"npm help --browser 'sh -c id' config", Warning},
		{"npm ls --editor vim", Warning}, {"npm ls --git /tmp/evil", Warning}, {"npm test -c 'rm -rf ~'", Blocked},
		// Another project.
		{"npm test --prefix ../other", Warning}, {"npm -C /tmp/x test", Warning}, {"npm test --prefix packages/api", Safe},

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
