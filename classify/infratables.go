package classify

// dockerSource names the manuals docker's tables were taken from.
const dockerSource = "docker COMMAND --help, Docker CLI 28.2.2; docs/reference/compose_*.md, Docker Compose v5.5.0"

// dockerTool is docker's global options and the tables of the commands
// that only read the daemon's state. The commands of a group (container
// ls, compose ps) are keyed by both words. docker stops reading options at
// the command word, and top passes the words after the container to ps.
var dockerTool = newVerbTool(toolOpts{source: dockerSource,
	flags: "Dv", vals: "cHl", long: "--debug --tls --tlsverify --version",
	longVal: "--config --context --host --log-level --tlscacert --tlscert --tlskey",
	reads:   "--config --tlscacert --tlscert --tlskey"},
	map[string]*toolOpts{
		"ps":                {flags: "alqs", vals: "fn", long: "--all --latest --no-trunc --quiet --size", longVal: "--filter --format --last"},
		"images":            {flags: "aq", vals: "f", long: "--all --digests --no-trunc --quiet --tree", longVal: "--filter --format"},
		"inspect":           {flags: "s", vals: "f", long: "--size", longVal: "--format --type"},
		"logs":              {flags: "ft", vals: "n", long: "--details --follow --timestamps", longVal: "--since --tail --until"},
		"version":           {vals: "f", longVal: "--format"},
		"info":              {vals: "f", longVal: "--format"},
		"top":               {stop: true},
		"stats":             {flags: "a", long: "--all --no-stream --no-trunc", longVal: "--format"},
		"history":           {flags: "Hq", long: "--human --no-trunc --quiet", longVal: "--format --platform"},
		"port":              {},
		"diff":              {},
		"events":            {vals: "f", longVal: "--filter --format --since --until"},
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
		// docker compose's own options (compose.md) are persistent: each
		// compose command takes them too (init adds them).
		"compose config":  {flags: "q", vals: "o", long: "--dry-run --environment --images --lock-image-digests --models --networks --no-consistency --no-env-resolution --no-interpolate --no-normalize --no-path-resolution --profiles --quiet --resolve-image-digests --services --variables --volumes", longVal: "--format --hash --output", writes: "-o --output"},
		"compose images":  {flags: "q", long: "--dry-run --quiet", longVal: "--format"},
		"compose logs":    {flags: "ft", vals: "n", long: "--dry-run --follow --no-color --no-log-prefix --timestamps", longVal: "--index --since --tail --until"},
		"compose ls":      {flags: "aq", long: "--all --dry-run --quiet", longVal: "--filter --format"},
		"compose ps":      {flags: "aq", long: "--all --dry-run --no-trunc --orphans --quiet --services", longVal: "--filter --format --status"},
		"compose top":     {long: "--dry-run"},
		"compose version": {vals: "f", long: "--dry-run --short", longVal: "--format"},
	})

// composeGlobal is docker compose's own options (compose.md, v5.5.0):
// the Compose and .env files it reads and the project directory.
var composeGlobal = toolOpts{flags: "", vals: "fp", long: "--all-resources --compatibility --dry-run",
	longVal: "--ansi --env-file --file --parallel --profile --progress --project-directory --project-name",
	reads:   "-f --file --env-file --project-directory"}

// dockerAliases are the other names docker gives a group's commands.
var dockerAliases = map[string]string{
	"container list": "container ls", "container ps": "container ls", "image list": "image ls",
	"volume list": "volume ls", "network list": "network ls", "context list": "context ls",
}

func init() {
	for name, o := range dockerTool.verbs {
		if len(name) > 8 && name[:8] == "compose " {
			o.flags += composeGlobal.flags
			o.vals += composeGlobal.vals
			o.long += " " + composeGlobal.long
			o.longVal += " " + composeGlobal.longVal
			o.reads += " " + composeGlobal.reads
			o.parsed = nil
			o.spec()
		}
	}
	composeGlobal.stop = true
	composeGlobal.spec()
}

// dockerGroups are docker's commands that take a command of their own.
var dockerGroups = map[string]bool{"container": true, "image": true, "volume": true, "network": true,
	"system": true, "context": true, "compose": true, "buildx": true, "builder": true}

// dockerTabled judges docker by its tables: the global options (a daemon
// elsewhere, a configuration directory with credentials and plugins, TLS
// files), then a read-only command's own options. Every other command
// is judged as docker judges it (what it runs, mounts, builds, removes).
func dockerTabled(c *cmd) {
	global, words := parseOpts(c.rest(), dockerTool.global.spec())
	verb, _, ops, known := c.verb(dockerTool)
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
	// docker's own judgement of the command, without the global options
	// judged above.
	saved := c.args
	c.args = append([]field{c.args[0]}, words...)
	if verb.s == "search" {
		c.add(Warning, "searches the image registry", "builtin:network")
	} else {
		docker(c)
	}
	c.args = saved
}
