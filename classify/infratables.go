package classify

import (
	"slices"
	"strings"
)

// dockerSource names the manuals docker's tables were taken from.
const dockerSource = "docker COMMAND --help, Docker CLI 28.2.2; docs/reference/compose_*.md, Docker Compose v5.5.0"

// dockerTool is docker's global options and the tables of the commands
// that only read the daemon's state. The commands of a group (container
// ls, compose ps) are keyed by both words; a shortcut (ps) takes its
// group command's table. docker stops reading options at the command
// word, and top passes the words after the container to ps.
var dockerTool = newVerbTool(toolOpts{source: dockerSource,
	flags: "Dv", vals: "cHl", long: "--debug --tls --tlsverify --version",
	longVal: "--config --context --host --log-level --tlscacert --tlscert --tlskey",
	reads:   "--config --tlscacert --tlscert --tlskey"},
	containerVerbs(verbSet{verbs: map[string]toolOpts{
		"inspect":           {flags: "s", vals: "f", long: "--size", longVal: "--format --type"},
		"version":           {vals: "f", longVal: "--format"},
		"container ls":      {flags: "alqs", vals: "fn", long: "--all --latest --no-trunc --quiet --size", longVal: "--filter --format --last"},
		"container inspect": {flags: "s", vals: "f", long: "--size", longVal: "--format"},
		"container logs":    {flags: "ft", vals: "n", long: "--details --follow --timestamps", longVal: "--since --tail --until"},
		"container top":     {stop: true},
		"container stats":   {flags: "a", long: "--all --no-stream --no-trunc", longVal: "--format"},
		"container port":    {},
		"container diff":    {},
		"image ls":          {flags: "aq", vals: "f", long: "--all --digests --no-trunc --quiet --tree", longVal: "--filter --format"},
		"image inspect":     {vals: "f", longVal: "--format --platform"},
		"image history":     {flags: "Hq", long: "--human --no-trunc --quiet", longVal: "--format --platform"},
		"volume ls":         {flags: "q", vals: "f", long: "--cluster --quiet", longVal: "--filter --format"},
		"volume inspect":    {vals: "f", longVal: "--format"},
		"network ls":        {flags: "q", vals: "f", long: "--no-trunc --quiet", longVal: "--filter --format"},
		"network inspect":   {flags: "v", vals: "f", long: "--verbose", longVal: "--format"},
		"system df":         {flags: "v", long: "--verbose", longVal: "--format"},
		"system info":       {vals: "f", longVal: "--format"},
		"system events":     {vals: "f", longVal: "--filter --format --since --until"},
		"context ls":        {flags: "q", long: "--quiet", longVal: "--format"},
		"context show":      {},
		"context inspect":   {vals: "f", longVal: "--format"},
	}}, verbSet{shared: composeGlobal, verbs: map[string]toolOpts{
		// docker compose's own options (compose.md) are persistent: each
		// compose command takes them too.
		"compose config":  {flags: "q", vals: "o", long: "--dry-run --environment --images --lock-image-digests --models --networks --no-consistency --no-env-resolution --no-interpolate --no-normalize --no-path-resolution --profiles --quiet --resolve-image-digests --services --variables --volumes", longVal: "--format --hash --output", writes: "-o --output"},
		"compose images":  {flags: "q", long: "--dry-run --quiet", longVal: "--format"},
		"compose logs":    {flags: "ft", vals: "n", long: "--dry-run --follow --no-color --no-log-prefix --timestamps", longVal: "--index --since --tail --until"},
		"compose ls":      {flags: "aq", long: "--all --dry-run --quiet", longVal: "--filter --format"},
		"compose ps":      {flags: "aq", long: "--all --dry-run --no-trunc --orphans --quiet --services", longVal: "--filter --format --status"},
		"compose top":     {long: "--dry-run"},
		"compose version": {vals: "f", long: "--dry-run --short", longVal: "--format"},
	}}))

// composeGlobal is docker compose's own options (compose.md, v5.5.0):
// the Compose and .env files it reads and the project directory.
var composeGlobal = toolOpts{flags: "", vals: "fp", long: "--all-resources --compatibility --dry-run",
	longVal: "--ansi --env-file --file --parallel --profile --progress --project-directory --project-name",
	reads:   "-f --file --env-file --project-directory", stop: true}

// dockerAliases are the other names docker gives a group's commands.
var dockerAliases = map[string]string{
	"container list": "container ls", "container ps": "container ls", "image list": "image ls",
	"volume list": "volume ls", "network list": "network ls", "context list": "context ls",
}

// dockerShortcuts are the commands docker, nerdctl and podman take
// without their group's name: docker ps is docker container ls.
var dockerShortcuts = map[string]string{"ps": "container ls", "images": "image ls", "logs": "container logs",
	"history": "image history", "info": "system info", "events": "system events", "stats": "container stats",
	"top": "container top", "port": "container port", "diff": "container diff"}

// verbSet is the tables of a set of commands (verbs), each taking the
// options in shared too.
type verbSet struct {
	shared toolOpts
	verbs  map[string]toolOpts
}

// containerVerbs makes the tables of a Docker-like tool's read-only
// commands: each command's own options with its set's shared ones merged
// in. A shortcut without a table of its own (ps) takes its group
// command's (container ls).
func containerVerbs(sets ...verbSet) map[string]*toolOpts {
	out := map[string]*toolOpts{}
	for _, set := range sets {
		for name, o := range set.verbs {
			o.merge(&set.shared)
			out[name] = &o
		}
	}
	for short, long := range dockerShortcuts {
		if o, ok := out[long]; ok && out[short] == nil {
			out[short] = o
		}
	}
	return out
}

// dockerGroups are docker's commands that take a command of their own.
var dockerGroups = map[string]bool{"container": true, "image": true, "volume": true, "network": true,
	"system": true, "context": true, "compose": true, "buildx": true, "builder": true}

// dockerTabled judges docker by its tables: the global options (a daemon
// elsewhere, a configuration directory with credentials and plugins, TLS
// files), then a read-only command's own options. Every other command
// is judged as docker judges it (what it runs, mounts, builds, removes).
func dockerTabled(c *cmd) {
	global, verb, _, ops, known := c.verbGlobal(dockerTool)
	words := c.afterGlobal(dockerTool)
	if has(global, "H", "--host", "c", "--context") {
		c.add(Warning, "talks to another Docker daemon", "builtin:docker")
	}
	for _, d := range values(global, "--config") {
		if c.outsideRoot(c.chdir(c.d, d)) {
			c.add(Warning, "uses the Docker configuration in "+shorten(d.s)+", with its credentials and plugins", "builtin:docker")
		}
	}
	if verb.dyn {
		c.add(Dangerous, "runs a docker command that is not known until it runs", "builtin:docker-remove")
		return
	}
	if !known && dockerGroups[verb.s] {
		group := verb.s
		if group == "compose" {
			// compose's own options come before its command, or after.
			_, ops = c.judgeArgs(ops, &composeGlobal)
			words = append([]field{verb}, ops...)
		}
		if len(ops) > 0 && !ops[0].dyn {
			name := group + " " + ops[0].s
			if alias, ok := dockerAliases[name]; ok {
				name = alias
			}
			if o, ok := dockerTool.verbs[name]; ok {
				c.judgeArgs(ops[1:], o)
				known = true
			}
		}
	}
	if known {
		c.add(Safe, "reads Docker state", "builtin:read-only")
		return
	}
	if verb.s == "search" {
		c.add(Warning, "searches the image registry", "builtin:network")
		return
	}
	// docker's own judgement of the command, without the global options
	// judged above.
	c.withArgs(words, docker)
}

// infraTool is an infrastructure CLI (terraform, helm, pulumi) whose
// commands all read remote state or change it: only printing its usage
// is safe. Its global options have a complete table; the options that
// name files or programs are judged wherever they stand, and the command
// words decide between reading (Warning) and changing (Dangerous).
type infraTool struct {
	cli   *verbTool
	files toolOpts // after the command: the options whose value is a file read or written, or a program run
	keyed []string // options of files whose value may be KEY=FILE (helm --set-file)
	dir   []string // the options that change the working directory
	reads []string // commands that read: "plan", or "state list" for a group's command (whose other commands change)
	why   string   // what the other commands do
}

// newInfraTool builds the tables of an infraTool once.
func newInfraTool(global, files toolOpts, keyed, dir []string, why string, reads ...string) *infraTool {
	files.spec()
	return &infraTool{cli: newVerbTool(global, nil), files: files, keyed: keyed, dir: dir, reads: reads, why: why}
}

// judge is the handler of an infraTool.
func (t *infraTool) judge(c *cmd) {
	global, verb, _, ops, _ := c.verbGlobal(t.cli)
	flags, words := parseOpts(ops, t.files.spec())
	saved := c.d
	defer func() { c.d = saved }()
	for _, d := range values(append(global, flags...), t.dir...) {
		c.d = c.chdir(c.d, d)
		if c.outsideRoot(c.d) {
			c.add(Warning, "works on a configuration outside the project", "builtin:outside-project")
		}
	}
	if verb.s == "" && !verb.dyn {
		c.add(Safe, "prints usage", "builtin:read-only")
		return
	}
	c.fileOptions(flags, &t.files, t.keyed)
	// A group's command (state list, stack rm) is judged by both words.
	name := verb.s
	if len(words) > 0 && t.group(name) {
		name += " " + words[0].s
		if words[0].dyn {
			name = ""
		}
	}
	if !verb.dyn && slices.Contains(t.reads, name) {
		c.add(Warning, "reads remote state", "builtin:network")
		return
	}
	c.add(Dangerous, t.why, "builtin:cluster-change")
}

// group reports whether verb has commands of its own among t.reads.
func (t *infraTool) group(verb string) bool {
	for _, r := range t.reads {
		if strings.HasPrefix(r, verb+" ") {
			return true
		}
	}
	return false
}

// fileOptions judges the files the options of o name (reads, writes) and
// the programs they run, as judgeArgs does, for the options of a command
// that is never safe and so needs no complete table.
func (c *cmd) fileOptions(flags []flag, o *toolOpts, keyed []string) {
	for _, f := range values(flags, strings.Fields(o.reads)...) {
		c.path(accRead, f)
	}
	for _, f := range values(flags, keyed...) {
		for kv := range strings.SplitSeq(f.s, ",") {
			if _, path, ok := strings.Cut(kv, "="); ok && !f.dyn {
				c.path(accRead, field{s: path})
			}
		}
	}
	for _, f := range values(flags, strings.Fields(o.writes)...) {
		c.path(accWrite, f)
	}
	for _, f := range values(flags, strings.Fields(o.runs)...) {
		c.add(Warning, "runs a program of its own", "builtin:tool-program")
		c.run([]field{f})
	}
}

// terraformTool is Terraform's (and OpenTofu's) command line: the global
// options (terraform -help, Terraform 1.11.4; OpenTofu 1.9 has the same
// three) and, after the command, the options of plan, apply, init,
// console, import, refresh, graph, test and output (terraform COMMAND
// -help) whose values are files: variable files and backend
// configuration read, plans and state written, plugins loaded.
var terraformTool = newInfraTool(
	toolOpts{source: "terraform -help, Terraform 1.11.4 (OpenTofu 1.9's global options are the same)", oneDash: true,
		long: "-help -version -v", longVal: "-chdir"},
	toolOpts{oneDash: true,
		longVal: "-var -var-file -target -replace -out -state -state-out -backup -backend-config -lock-timeout -parallelism -generate-config-out -chdir -plugin-dir -from-module -lockfile -test-directory -config -plan -type -module-depth -cloud-run -filter",
		reads:   "-var-file -state -plan -config -plugin-dir", writes: "-out -state-out -backup -generate-config-out"},
	nil, []string{"-chdir"}, "changes infrastructure",
	"plan", "validate", "show", "output", "graph", "providers", "version", "init", "fmt", "console", "get", "help",
	"state list", "state show", "state pull", "workspace list", "workspace show", "providers schema", "metadata", "modules", "login-status")

// helmTool is Helm's command line (helm --help and pkg/cli/environment.go,
// Helm v3.21.4): its global options are persistent, so they stand after
// the command too; values files, --set-file, TLS files and the key ring
// are reads, the output directory and cache writes, and a post-renderer
// a program run.
var helmTool = newInfraTool(
	toolOpts{source: "helm --help (pkg/cli/environment.go), Helm v3.21.4", flags: "h", vals: "n",
		long:    "--debug --kube-insecure-skip-tls-verify --help",
		longVal: "--burst-limit --kube-apiserver --kube-as-group --kube-as-user --kube-ca-file --kube-context --kube-tls-server-name --kube-token --kubeconfig --namespace --qps --registry-config --repository-cache --repository-config",
		reads:   "--kubeconfig --kube-ca-file --registry-config --repository-config", writes: "--repository-cache"},
	toolOpts{vals: "fnsdl",
		longVal: "--values --set --set-string --set-file --set-json --set-literal --version --keyring --repo --username --password --cert-file --key-file --ca-file --output-dir --destination --post-renderer --post-renderer-args --kubeconfig --kube-ca-file --registry-config --repository-config --repository-cache --namespace --kube-context --kube-token --show-only --kube-version --api-versions --release-name --timeout --name-template --description --labels --history-max --output",
		reads:   "-f --values --keyring --cert-file --key-file --ca-file --kubeconfig --kube-ca-file --registry-config --repository-config",
		writes:  "--output-dir -d --destination --repository-cache", runs: "--post-renderer"},
	[]string{"--set-file"}, nil, "changes the cluster",
	"list", "ls", "status", "get", "history", "show", "template", "lint", "search", "version", "env", "help",
	"repo list", "repo ls", "plugin list", "plugin ls", "dependency list", "dependency ls", "dep list", "dep ls")

// pulumiTool is Pulumi's command line (pkg/cmd/pulumi/pulumi.go, Pulumi
// v3.259.0): the global options are persistent, so they stand after the
// command too; -C/--cwd moves the work, the tracing and profiling options
// write files, --config-file is read and --save-plan written.
var pulumiTool = newInfraTool(
	toolOpts{source: "pulumi --help (pkg/cmd/pulumi/pulumi.go), Pulumi v3.259.0", flags: "eQh", vals: "Cv",
		long:    "--emoji --fully-qualify-stack-names --disable-integrity-checking --logflow --logtostderr --non-interactive --help --version",
		longVal: "--cwd --tracing --otel-traces --profiling --memprofilerate --verbose --color --tracing-header"},
	toolOpts{vals: "Cvsc", long: "--show-secrets",
		longVal: "--cwd --tracing --otel-traces --profiling --memprofilerate --verbose --color --tracing-header --stack --config-file --save-plan --plan --message --target --replace --parallel --secrets-provider --policy-pack --policy-pack-config --config --path",
		reads:   "--config-file --plan --policy-pack-config", writes: "--save-plan", runs: "--policy-pack"},
	nil, []string{"C", "--cwd"}, "changes infrastructure",
	"preview", "pre", "whoami", "about", "logs", "version", "help", "stack", "stack ls", "stack output", "stack history",
	"stack select", "stack tag", "stack export", "config", "config get", "plugin ls", "org get-default")

// pulumi judges what pulumiTool cannot see in its tables: secrets shown
// in clear, and trace and profile files written wherever the value says.
func pulumi(c *cmd) {
	flags, _ := parseOpts(c.rest(), pulumiTool.files.spec())
	if has(flags, "--show-secrets") {
		c.add(Dangerous, "reveals secrets", "builtin:cloud-secret")
	}
	if has(flags, "--tracing", "--otel-traces", "--profiling", "--memprofilerate") {
		c.add(Warning, "writes traces or profiles where its value says", "builtin:write-outside")
	}
	pulumiTool.judge(c)
}

// nerdctlSource names the source nerdctl's tables were taken from.
const nerdctlSource = "cmd/nerdctl flags (cobra), nerdctl v2.3.5"

// nerdctl's global options are persistent: every command takes them.
const (
	nerdctlFlags   = "h"
	nerdctlVals    = "aHn"
	nerdctlLong    = "--debug --debug-full --insecure-registry --experimental --kube-hide-dupe --selinux-enabled --help --version"
	nerdctlLongVal = `--address --host --namespace --snapshotter --storage-driver --cni-path --cni-netconfpath --data-root --cgroup-manager
		--hosts-dir --host-gateway-ip --bridge-ip --cdi-spec-dirs --userns-remap`
	nerdctlReads = "--hosts-dir --data-root --cni-netconfpath --cdi-spec-dirs"
	nerdctlRuns  = "--cni-path"
)

// nerdctlTool is nerdctl's read-only commands, each with its own flags
// and the global ones (their long names only, since -a, -H and -n are
// the root command's alone); the commands of a group are keyed by both
// words, and a shortcut takes its group command's table.
var nerdctlTool = newVerbTool(toolOpts{source: nerdctlSource, flags: nerdctlFlags + "v", vals: nerdctlVals, long: nerdctlLong,
	longVal: nerdctlLongVal, reads: nerdctlReads, runs: nerdctlRuns}, containerVerbs(verbSet{
	shared: toolOpts{flags: nerdctlFlags, long: nerdctlLong, longVal: nerdctlLongVal, reads: nerdctlReads, runs: nerdctlRuns},
	verbs: map[string]toolOpts{
		"container ls":      {flags: "alqs", vals: "nf", long: "--all --latest --no-trunc --quiet --size", longVal: "--last --format --filter"},
		"inspect":           {flags: "s", vals: "f", long: "--size", longVal: "--format --type --mode"},
		"container inspect": {flags: "s", vals: "f", long: "--size", longVal: "--format --mode"},
		"container logs":    {flags: "ft", vals: "n", long: "--follow --timestamps --details", longVal: "--tail --since --until"},
		"image ls":          {flags: "qa", vals: "f", long: "--quiet --no-trunc --digests --names --all", longVal: "--format --filter"},
		"image inspect":     {vals: "f", longVal: "--mode --format --platform"},
		"image history":     {flags: "q", vals: "f", long: "--quiet --human --no-trunc", longVal: "--format"},
		"version":           {vals: "f", longVal: "--format"},
		"system info":       {vals: "f", longVal: "--mode --format"},
		"system events":     {vals: "f", longVal: "--format --filter"},
		"container stats":   {flags: "a", long: "--all --no-stream --no-trunc", longVal: "--format"},
		"container top":     {},
		"container port":    {},
		"network ls":        {flags: "q", vals: "f", long: "--quiet", longVal: "--filter --format"},
		"network inspect":   {vals: "f", longVal: "--mode --format"},
		"volume ls":         {flags: "qs", vals: "f", long: "--quiet --size", longVal: "--format --filter"},
		"volume inspect":    {flags: "s", vals: "f", long: "--size", longVal: "--format"},
	}}))

// nerdctlAliases are the other names nerdctl gives a group's commands.
var nerdctlAliases = map[string]string{"container list": "container ls", "container ps": "container ls", "image list": "image ls",
	"network list": "network ls", "volume list": "volume ls"}

// nerdctl judges nerdctl by its tables: the read-only commands are safe
// with their own and the global options; -H/--address is another
// containerd. Every other command is judged as docker's.
func nerdctl(c *cmd) {
	containerCLI(c, nerdctlTool, nerdctlAliases, func(global, flags []flag) bool {
		return has(global, "H", "a") || has(append(global, flags...), "--address", "--host")
	})
}

// containerCLI judges a Docker-like command line by its tables: a
// command of a group is keyed by both words (after its alias), remote
// reports whether the options name another daemon, and every command
// without a table is judged as docker's.
func containerCLI(c *cmd, t *verbTool, aliases map[string]string, remote func(global, flags []flag) bool) {
	global, verb, flags, ops, known := c.verbGlobal(t)
	if verb.dyn {
		c.add(Dangerous, "runs a "+c.name+" command that is not known until it runs", "builtin:docker-remove")
		return
	}
	if !known && len(ops) > 0 && !ops[0].dyn {
		name := verb.s + " " + ops[0].s
		if alias, ok := aliases[name]; ok {
			name = alias
		}
		if o, ok := t.verbs[name]; ok {
			flags, _ = c.judgeArgs(ops[1:], o)
			known = true
		}
	}
	if remote(global, flags) {
		c.add(Warning, "talks to another container engine", "builtin:docker")
	}
	if known {
		c.add(Safe, "reads container state", "builtin:read-only")
		return
	}
	c.withArgs(c.afterGlobal(t), docker)
}

// podmanSource names the manual podman's tables were taken from.
const podmanSource = "podman COMMAND --help, podman 4.3.1 (Debian 12)"

// podman's global options are persistent: every command takes them. The
// OCI runtime, conmon, network and hook programs are programs run; the
// storage and temporary directories are written (podman creates them);
// an SSH identity is read; --url, --connection, --remote and --ssh reach
// another machine.
const (
	podmanFlags   = "rvh"
	podmanVals    = "c"
	podmanLong    = "--help --noout --remote --syslog --version"
	podmanLongVal = `--cgroup-manager --conmon --connection --events-backend --hooks-dir --identity --log-level --namespace --network-cmd-path
		--network-config-dir --root --runroot --runtime --runtime-flag --ssh --storage-driver --storage-opt --tmpdir --url --volumepath`
)

// podmanTool is podman's read-only commands with their own options and
// the global ones; a shortcut takes its group command's table.
var podmanTool = newVerbTool(podmanGlobal(toolOpts{source: podmanSource, stop: true}), containerVerbs(verbSet{shared: podmanGlobal(toolOpts{}), verbs: map[string]toolOpts{
	"container ls":      {flags: "alpqs", vals: "fnw", long: "--all --external --latest --no-trunc --noheading --ns --pod --quiet --size --sync", longVal: "--filter --format --last --sort --watch"},
	"image ls":          {flags: "anq", vals: "f", long: "--all --digests --history --no-trunc --noheading --quiet", longVal: "--filter --format --sort"},
	"inspect":           {flags: "ls", vals: "ft", long: "--latest --size", longVal: "--format --type"},
	"container inspect": {flags: "ls", vals: "f", long: "--latest --size", longVal: "--format"},
	"image inspect":     {vals: "f", longVal: "--format"},
	"container logs":    {flags: "flnt", long: "--color --follow --latest --names --timestamps", longVal: "--since --tail --until"},
	"version":           {vals: "f", longVal: "--format"},
	"system info":       {vals: "f", longVal: "--format"},
	"top":               {flags: "l", long: "--latest", stop: true},
	"stats":             {flags: "al", vals: "i", long: "--all --latest --no-reset --no-stream --no-trunc", longVal: "--format --interval"},
	"image history":     {flags: "Hq", long: "--human --no-trunc --quiet", longVal: "--format"},
	"port":              {flags: "al", long: "--all --latest"},
	"diff":              {flags: "l", long: "--latest", longVal: "--format"},
	"events":            {vals: "f", long: "--no-trunc", longVal: "--filter --format --since --until"},
	"volume ls":         {flags: "q", vals: "f", long: "--noheading --quiet", longVal: "--filter --format"},
	"volume inspect":    {flags: "a", vals: "f", long: "--all", longVal: "--format"},
	"network ls":        {flags: "q", vals: "f", long: "--no-trunc --noheading --quiet", longVal: "--filter --format"},
	"network inspect":   {vals: "f", longVal: "--format"},
	"system df":         {flags: "v", long: "--verbose", longVal: "--format"},
}}))

// podmanGlobal adds podman's global options to a table.
func podmanGlobal(o toolOpts) toolOpts {
	o.flags += podmanFlags
	o.vals += podmanVals
	o.long += " " + podmanLong
	o.longVal += " " + podmanLongVal
	o.reads = "--identity"
	o.writes = "--root --runroot --tmpdir --volumepath --network-config-dir"
	o.runs = "--conmon --runtime --network-cmd-path --hooks-dir"
	return o
}

// podman judges podman by its tables, as docker's.
func podman(c *cmd) {
	containerCLI(c, podmanTool, dockerAliases, func(global, flags []flag) bool {
		return has(append(global, flags...), "r", "c", "--remote", "--url", "--connection", "--ssh")
	})
}
