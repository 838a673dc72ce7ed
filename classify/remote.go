package classify

import (
	"strings"
)

// curl downloads (Warning); sending data, uploading or a method other than
// GET is Dangerous; output files are judged by the path rules.
func curl(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{
		short: "oDcKTdFXHuAebErwmyYzCUQxtP",
		long: []string{"--output", "--dump-header", "--cookie-jar", "--config", "--upload-file",
			"--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "--json",
			"--form", "--form-string", "--request", "--header", "--user", "--user-agent",
			"--referer", "--cookie", "--cert", "--key", "--cacert", "--range", "--write-out",
			"--max-time", "--proxy", "--output-dir", "--libcurl", "--trace", "--trace-ascii",
			"--stderr", "--netrc-file", "--unix-socket", "--abstract-unix-socket", "--quote",
			"--url", "--connect-timeout", "--retry", "--resolve", "--connect-to", "--interface",
			"--variable", "--expand-data", "--oauth2-bearer", "--proto", "--proto-redir"},
		noVal: []string{"--remote-name", "--remote-name-all", "--head", "--netrc"}, // real options that begin listed ones
	})
	c.add(Warning, "downloads from the network", "builtin:network")
	for _, o := range values(flags, "o", "--output", "D", "--dump-header", "c", "--cookie-jar", "--libcurl", "--trace", "--trace-ascii", "--stderr") {
		if o.s != "-" || o.dyn {
			c.path(accWrite, o)
		}
	}
	for _, o := range values(flags, "o", "--output") {
		c.wk.markFetched(o, c.d)
	}
	if has(flags, "O", "--remote-name", "--remote-name-all", "J") {
		dir := lit(".")
		if d, ok := value(flags, "--output-dir"); ok {
			dir = d
		}
		c.path(accWrite, dir)
		c.remoteNames(dir, ops)
	}
	for _, f := range values(flags, "K", "--config", "--netrc-file") {
		c.path(accRead, f)
	}
	data := values(flags, "d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "--json", "F", "--form")
	for _, d := range data {
		// "@file" sends a file's contents, as does a form's "name=@file" or "name=<file".
		if file, ok := strings.CutPrefix(d.s, "@"); ok && file != "-" {
			c.path(accRead, field{s: file})
		} else if _, file, ok := strings.Cut(d.s, "=@"); ok {
			c.path(accRead, field{s: file})
		} else if _, file, ok := strings.Cut(d.s, "=<"); ok {
			c.path(accRead, field{s: file})
		}
	}
	uploads := values(flags, "T", "--upload-file")
	for _, u := range uploads {
		c.path(accRead, u)
	}
	sends := append(data, uploads...)
	method, hasMethod := value(flags, "X", "--request")
	m := strings.ToUpper(method.s)
	switch {
	case len(sends) > 0:
		c.add(Dangerous, "sends data to a server", "builtin:network-send")
	case hasMethod && (method.dyn || m != "GET" && m != "HEAD" && m != "OPTIONS"):
		c.add(Dangerous, "sends a "+method.s+" request", "builtin:network-send")
	case has(flags, "Q", "--quote"):
		c.add(Dangerous, "sends raw FTP commands", "builtin:network-send")
	case has(flags, "--unix-socket", "--abstract-unix-socket"):
		c.add(Dangerous, "talks to a local service socket", "builtin:network-send")
	}
	for _, u := range append(ops, values(flags, "--url")...) {
		if p, ok := strings.CutPrefix(lower(u.s), "file://"); ok {
			c.path(accRead, field{s: u.s[len(u.s)-len(p):]})
		}
	}
}

// remoteNames marks the files a download saves under their remote names.
func (c *cmd) remoteNames(dir field, urls []field) {
	for _, u := range urls {
		if u.dyn || !strings.Contains(u.s, "/") {
			continue
		}
		name := u.s
		if i := strings.IndexAny(name, "?#"); i >= 0 {
			name = name[:i]
		}
		if name = baseName(name); name != "" && !strings.Contains(name, ":") {
			c.wk.markFetched(field{s: strings.TrimSuffix(dir.s, "/") + "/" + name}, c.d)
		}
	}
}

// wget downloads files (Warning); posting data is Dangerous.
func wget(c *cmd) {
	flags, _ := parseOpts(c.rest(), optSpec{
		short: "OoaPieUtTwQlARDIXB",
		long: []string{"--output-document", "--output-file", "--append-output", "--directory-prefix",
			"--input-file", "--execute", "--user-agent", "--tries", "--timeout", "--wait", "--quota",
			"--level", "--accept", "--reject", "--domains", "--post-data", "--post-file", "--method",
			"--body-data", "--body-file", "--header", "--user", "--password", "--use-askpass",
			"--load-cookies", "--save-cookies", "--config"},
	})
	c.add(Warning, "downloads from the network", "builtin:network")
	out, hasOut := value(flags, "O", "--output-document")
	switch {
	case hasOut && out.s != "-":
		c.path(accWrite, out)
		c.wk.markFetched(out, c.d)
	case !hasOut:
		dir := lit(".")
		if d, ok := value(flags, "P", "--directory-prefix"); ok {
			dir = d
		}
		c.path(accWrite, dir)
		_, ops := parseOpts(c.rest(), optSpec{short: "OoaPieUtTwQlARDIXB"})
		c.remoteNames(dir, ops)
	}
	for _, o := range values(flags, "o", "--output-file", "a", "--append-output", "--save-cookies") {
		c.path(accWrite, o)
	}
	for _, f := range values(flags, "i", "--input-file", "--post-file", "--body-file", "--load-cookies", "--config") {
		c.path(accRead, f)
	}
	if has(flags, "--post-data", "--post-file", "--body-data", "--body-file") {
		c.add(Dangerous, "sends data to a server", "builtin:network-send")
	}
	if m, ok := value(flags, "--method"); ok && strings.ToUpper(m.s) != "GET" && strings.ToUpper(m.s) != "HEAD" {
		c.add(Dangerous, "sends a "+m.s+" request", "builtin:network-send")
	}
	if has(flags, "--use-askpass") {
		c.add(Dangerous, "runs a password program", "builtin:network-send")
	}
	if has(flags, "e", "--execute") {
		c.add(Warning, "runs wgetrc commands", "builtin:network")
	}
}

// httpie judges http, https and xh: data items or a method other than GET
// send data.
func httpie(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "oaA", long: []string{"--output", "--auth", "--auth-type", "--session", "--session-read-only", "--proxy", "--verify", "--cert", "--cert-key", "--timeout", "--print", "--pretty", "--style", "--format-options"}, noVal: []string{"--download", "--form"}})
	c.add(Warning, "downloads from the network", "builtin:network")
	if o, ok := value(flags, "o", "--output"); ok {
		c.path(accWrite, o)
	} else if has(flags, "d", "--download") {
		c.path(accWrite, lit("."))
	}
	if len(ops) > 0 {
		m := strings.ToUpper(ops[0].s)
		if m == "POST" || m == "PUT" || m == "PATCH" || m == "DELETE" {
			c.add(Dangerous, "sends a "+m+" request", "builtin:network-send")
			return
		}
		for _, item := range ops[1:] {
			if strings.Contains(item.s, "=") || strings.Contains(item.s, "@") {
				c.add(Dangerous, "sends data to a server", "builtin:network-send")
				return
			}
		}
	}
}

// remote judges ssh, scp and rsync: anything that reaches another machine
// is Dangerous; local files sent are read, and credential stores Blocked.
func remote(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "bcDEeFIiJLlmOopQRSWwPi", long: []string{"--rsh", "--rsync-path", "--exclude", "--include", "--filter", "--files-from", "--password-file", "--log-file", "--partial-dir", "--temp-dir", "--compare-dest", "--copy-dest", "--link-dest", "--chmod", "--chown", "--port", "--timeout"},
		noVal: strings.Fields("--archive --delete --delete-after --delete-before --delete-during --delete-excluded --recursive --remove-source-files")})
	isRemote := c.name != "rsync" || has(flags, "e", "--rsh", "--rsync-path")
	for _, op := range ops {
		if hostPath(op.s) {
			isRemote = true
		}
	}
	switch {
	case isRemote:
		c.add(Dangerous, "reaches another machine", "builtin:remote")
	case has(flags, "--delete", "--delete-before", "--delete-after", "--delete-during", "--delete-excluded", "--remove-source-files"):
		c.add(Dangerous, "deletes files to mirror a directory", "builtin:rsync-delete")
	default:
		c.add(Warning, "copies files", "builtin:rsync")
	}
	if c.name == "ssh" || c.name == "sftp" || c.name == "mosh" {
		c.optPath(accRead, flags, "i", "F")
		return
	}
	src := accRead
	if has(flags, "r", "a", "--recursive", "--archive") {
		// A directory goes with every file below it.
		src = accReadTree
	}
	for i, op := range ops {
		if hostPath(op.s) {
			continue
		}
		if i == len(ops)-1 && len(ops) > 1 {
			c.path(accWrite, op)
		} else {
			c.path(src, op)
		}
	}
}

// dockerBuildContext judges what docker build sends the daemon: the
// context directory with every file below it, the Dockerfile, and the
// files of --secret src=.
func dockerBuildContext(c *cmd, rest []field) {
	flags, ops := parseOpts(rest, optSpec{short: "ftom", long: []string{"--file", "--tag", "--target", "--build-arg",
		"--platform", "--label", "--secret", "--ssh", "--cache-from", "--cache-to", "--output", "--network", "--iidfile",
		"--metadata-file", "--build-context", "--add-host", "--progress", "--shm-size", "--ulimit", "--memory", "--cgroup-parent",
		"--isolation", "--security-opt", "--allow", "--attest", "--sbom", "--provenance", "--annotation", "--builder", "--call"}})
	for _, f := range values(flags, "f", "--file") {
		if f.s != "-" {
			c.path(accRead, f)
		}
	}
	for _, sec := range values(flags, "--secret") {
		for kv := range strings.SplitSeq(sec.s, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok && (k == "src" || k == "source") {
				c.path(accRead, field{s: v, dyn: sec.dyn})
			}
		}
	}
	if len(ops) > 0 && !hostPath(ops[len(ops)-1].s) && ops[len(ops)-1].s != "-" {
		c.path(accReadTree, ops[len(ops)-1])
	}
}

// hostPath reports an operand of the form host:path or a remote URL.
func hostPath(s string) bool {
	if strings.Contains(s, "://") {
		return true
	}
	colon := strings.IndexByte(s, ':')
	slash := strings.IndexByte(s, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}

// docker judges docker and podman: reading state Safe, building and
// running containers Warning, access to the host or removing things
// Dangerous.
func docker(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "Hc", long: []string{"--host", "--context", "--config", "--log-level"}, stop: true})
	if has(flags, "H", "--host") {
		c.add(Warning, "talks to another Docker daemon", "builtin:docker")
	}
	sub := first(ops)
	if len(ops) > 0 && ops[0].dyn {
		c.add(Dangerous, "runs a command that is not known until it runs", "builtin:docker-remove")
		return
	}
	var rest []field
	if len(ops) > 0 {
		rest = ops[1:]
	}
	if sub == "container" || sub == "image" || sub == "volume" || sub == "network" || sub == "system" || sub == "compose" || sub == "buildx" || sub == "builder" || sub == "context" {
		group := sub
		sub = group + " " + first(rest)
		if len(rest) > 0 {
			rest = rest[1:]
		}
	}
	switch sub {
	case "ps", "images", "inspect", "logs", "version", "info", "top", "stats", "history", "port",
		"diff", "events", "search", "container ls", "container list", "container ps", "container inspect",
		"container logs", "image ls", "image list", "image inspect", "image history", "volume ls",
		"volume inspect", "network ls", "network inspect", "system df", "system info",
		"compose ps", "compose logs", "compose config", "compose ls", "compose images",
		"compose top", "compose version", "context ls", "context show", "buildx ls", "":
		c.add(Safe, "reads Docker state", "builtin:read-only")
	case "build", "pull", "image build", "image pull", "buildx build", "compose build", "compose pull",
		"builder build", "tag", "image tag", "compose create":
		c.add(Warning, "builds or downloads images", "builtin:docker")
		if strings.HasSuffix(sub, "build") && !strings.HasPrefix(sub, "compose") {
			dockerBuildContext(c, rest)
		}
	case "run", "create", "container run", "container create", "compose run", "compose up",
		"exec", "container exec", "compose exec", "start", "restart", "container start",
		"compose start", "compose restart", "cp", "container cp", "compose stop", "stop",
		"container stop", "compose down", "pause", "unpause":
		c.add(Warning, "runs or changes containers", "builtin:docker")
		dockerHostAccess(c, rest)
		if strings.HasSuffix(sub, "down") && has(parsedDocker(rest), "v", "--volumes", "--rmi") {
			c.add(Dangerous, "removes volumes or images", "builtin:docker-remove")
		}
	default:
		c.add(Dangerous, "removes, publishes or reconfigures Docker objects", "builtin:docker-remove")
	}
}

func parsedDocker(args []field) []flag {
	flags, _ := parseOpts(args, optSpec{})
	return flags
}

// dockerHostAccess finds options that give a container the host:
// --privileged, host namespaces, added capabilities, devices, and mounts
// of the host's root, system directories, home or the Docker socket.
func dockerHostAccess(c *cmd, args []field) {
	flags, _ := parseOpts(args, optSpec{
		short: "veplwumhcn",
		long:  []string{"--volume", "--mount", "--pid", "--network", "--net", "--ipc", "--uts", "--userns", "--cap-add", "--device", "--security-opt", "--env", "--publish", "--workdir", "--user", "--name", "--entrypoint", "--label", "--hostname", "--platform"},
		noVal: []string{"--privileged"},
	})
	if has(flags, "--privileged") {
		c.add(Dangerous, "runs a privileged container", "builtin:docker-host")
	}
	for _, ns := range values(flags, "--pid", "--network", "--net", "--ipc", "--uts", "--userns") {
		if ns.s == "host" {
			c.add(Dangerous, "shares the host's namespaces", "builtin:docker-host")
		}
	}
	for _, cp := range values(flags, "--cap-add", "--security-opt") {
		l := lower(cp.s)
		if strings.Contains(l, "all") || strings.Contains(l, "sys_admin") || strings.Contains(l, "sys_ptrace") || strings.Contains(l, "unconfined") {
			c.add(Dangerous, "gives a container host capabilities", "builtin:docker-host")
		}
	}
	if has(flags, "--device") {
		c.add(Dangerous, "gives a container host devices", "builtin:docker-host")
	}
	for _, v := range values(flags, "v", "--volume", "--mount") {
		src := v.s
		if strings.Contains(src, "source=") || strings.Contains(src, "src=") {
			for kv := range strings.SplitSeq(src, ",") {
				if k, val, _ := strings.Cut(kv, "="); k == "source" || k == "src" {
					src = val
				}
			}
		} else {
			src, _, _ = strings.Cut(src, ":")
		}
		if v.dyn {
			c.add(Dangerous, "mounts a host path that is not known until it runs", "builtin:docker-host")
			continue
		}
		if !strings.HasPrefix(src, "/") && !strings.HasPrefix(src, "~") && !strings.HasPrefix(src, ".") {
			continue // a named volume
		}
		cands, _ := c.wk.resolve(field{s: src}, c.d)
		for _, p := range cands {
			lp := lower(p)
			if p == "/" {
				c.add(Blocked, "mounts the host's whole file system into a container", "builtin:docker-host")
			}
			if p == "/" || underAny(lp, systemDirs) || c.wk.pl.isHomeDir(p) || isAncestor(p, c.wk.pl.home) ||
				c.wk.pl.isCredentialStore(p) || strings.HasSuffix(lp, "docker.sock") || isAncestor(p, c.wk.pl.root) && p != c.wk.pl.root {
				c.add(Dangerous, "mounts the host's root, system, home or Docker socket", "builtin:docker-host")
			}
		}
	}
}

// kubectl judges by verb: reading the cluster is Warning (network),
// changing it Dangerous.
func kubectl(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "nfclos", long: []string{"--namespace", "--filename", "--context", "--cluster", "--selector", "--output", "--kubeconfig", "--server", "--token", "--user", "--container", "--type", "--template"}, noVal: []string{"--dry-run"}})
	switch sub := first(ops); sub {
	case "get", "describe", "logs", "explain", "top", "version", "api-resources", "api-versions",
		"cluster-info", "diff", "events", "wait", "auth", "plugin", "completion", "kustomize", "":
		c.add(Warning, "reads cluster state", "builtin:network")
	case "config":
		switch second(ops) {
		case "view", "get-contexts", "current-context", "get-clusters", "get-users":
			c.add(Warning, "reads cluster configuration", "builtin:network")
		default:
			c.add(Warning, "changes local cluster configuration", "builtin:kubeconfig")
		}
	case "rollout":
		if s := second(ops); s == "status" || s == "history" {
			c.add(Warning, "reads cluster state", "builtin:network")
		} else {
			c.add(Dangerous, "changes the cluster", "builtin:cluster-change")
		}
	default:
		if v, ok := value(flags, "--dry-run"); ok && v.s != "none" || has(flags, "--dry-run") {
			c.add(Warning, "checks a change to the cluster", "builtin:network")
			return
		}
		c.add(Dangerous, "changes the cluster ("+sub+")", "builtin:cluster-change")
	}
}

// readVerbs returns a handler that is Warning (network read) when any
// operand is one of reads, and Dangerous otherwise.
func readVerbs(why string, reads ...string) handler {
	return func(c *cmd) {
		_, ops := parseOpts(c.rest(), optSpec{})
		if len(ops) == 0 {
			c.add(Safe, "prints usage", "builtin:read-only")
			return
		}
		for _, op := range ops {
			l := lower(op.s)
			for _, r := range reads {
				if l == r || strings.HasSuffix(r, "-") && strings.HasPrefix(l, r) {
					c.add(Warning, "reads remote state", "builtin:network")
					return
				}
			}
		}
		c.add(Dangerous, why, "builtin:cluster-change")
	}
}

// cloudCLI judges aws, gcloud, az and gsutil: listing and describing is
// Warning, revealing secrets or changing anything Dangerous.
func cloudCLI(c *cmd) {
	_, ops := parseOpts(c.rest(), optSpec{long: []string{"--profile", "--region", "--output", "--query", "--project", "--format", "--subscription", "--resource-group", "--endpoint-url"}})
	words := make([]string, 0, len(ops))
	for _, op := range ops {
		words = append(words, lower(op.s))
	}
	line := strings.Join(words, " ")
	for _, secret := range []string{"get-secret-value", "get-login-password", "export-credentials", "print-access-token", "print-identity-token", "get-access-token", "versions access", "get-parameter", "get-session-token", "assume-role"} {
		if strings.Contains(line, secret) {
			c.add(Dangerous, "reveals secrets", "builtin:cloud-secret")
			return
		}
	}
	if c.name == "aws" && len(words) >= 2 && words[0] == "s3" {
		switch words[1] {
		case "ls", "presign":
			c.add(Warning, "reads cloud storage", "builtin:network")
		case "cp", "sync", "mv":
			if strings.HasPrefix(words[len(words)-1], "s3://") || words[1] == "mv" {
				c.add(Dangerous, "changes cloud storage", "builtin:cluster-change")
			} else {
				c.add(Warning, "downloads from cloud storage", "builtin:network")
				c.path(accWrite, ops[len(ops)-1])
			}
		default:
			c.add(Dangerous, "changes cloud storage", "builtin:cluster-change")
		}
		return
	}
	if c.name == "gsutil" && len(words) > 0 {
		switch words[0] {
		case "ls", "cat", "du", "stat", "hash", "version":
			c.add(Warning, "reads cloud storage", "builtin:network")
		default:
			c.add(Dangerous, "changes cloud storage", "builtin:cluster-change")
		}
		return
	}
	for _, w := range words {
		if strings.HasPrefix(w, "describe") || strings.HasPrefix(w, "list") || strings.HasPrefix(w, "get-") ||
			w == "show" || w == "get" || w == "ls" || w == "get-caller-identity" || w == "--version" || w == "version" || w == "help" {
			c.add(Warning, "reads cloud state", "builtin:network")
			return
		}
	}
	c.add(Dangerous, "changes cloud resources or configuration", "builtin:cluster-change")
}

// gh judges GitHub's CLI: reading is Warning, writing Dangerous, and
// printing the token Blocked.
func gh(c *cmd) {
	flags, ops := parseOpts(c.rest(), optSpec{short: "RXfFHqtpbcrlsLAwjmBq", long: []string{"--repo", "--method", "--field", "--raw-field", "--header", "--input", "--jq", "--template", "--hostname", "--json", "--limit", "--state", "--label", "--body", "--title", "--base", "--head"}, noVal: []string{"--show-token"}})
	area, verb := first(ops), second(ops)
	switch {
	case area == "auth" && (verb == "token" || verb == "status" && has(flags, "t", "--show-token")):
		c.add(Blocked, "reveals a stored credential", "builtin:credential-store")
	case area == "api":
		m, ok := value(flags, "X", "--method")
		if ok && strings.ToUpper(m.s) != "GET" || has(flags, "f", "F", "--field", "--raw-field", "--input") {
			c.add(Dangerous, "changes things on GitHub", "builtin:cluster-change")
		} else {
			c.add(Warning, "reads from GitHub", "builtin:network")
		}
	case area == "" || verb == "" && area != "browse" || verb == "list" || verb == "view" || verb == "status" ||
		verb == "diff" || verb == "checks" || verb == "watch" || area == "search" || verb == "download" && area != "release" || area == "browse" || area == "help" || area == "version":
		c.add(Warning, "reads from GitHub", "builtin:network")
	case verb == "checkout" || verb == "clone":
		c.add(Warning, "downloads from GitHub", "builtin:network")
	default:
		c.add(Dangerous, "changes things on GitHub", "builtin:cluster-change")
	}
}

// dbClient judges database clients: connecting is Warning, SQL that
// drops, truncates or deletes Dangerous.
func dbClient(c *cmd) {
	c.add(Warning, "connects to a database", "builtin:database")
	var texts []string
	for _, a := range c.rest() {
		texts = append(texts, a.s)
	}
	if c.in != nil {
		if c.in.docLit {
			texts = append(texts, c.in.docText)
		}
		if c.in.pipe != nil {
			texts = append(texts, c.in.pipe.text)
		}
	}
	c.dbShellEscapes(texts)
	sql := strings.ToUpper(strings.Join(texts, " "))
	for _, fn := range []string{"WRITEFILE(", "EDIT(", "LOAD_EXTENSION(", "TO PROGRAM", "FROM PROGRAM", "INTO OUTFILE", "INTO DUMPFILE"} {
		if strings.Contains(sql, fn) {
			c.add(Dangerous, "SQL writes files or runs programs ("+strings.TrimSuffix(fn, "(")+")", "builtin:database-program")
		}
	}
	for _, fn := range []string{"READFILE(", "LOAD_FILE(", "PG_READ_FILE(", "PG_READ_BINARY_FILE(", "LOAD DATA"} {
		if strings.Contains(sql, fn) {
			c.add(Warning, "SQL reads files ("+strings.TrimSuffix(fn, "(")+")", "builtin:database-program")
		}
	}
	for _, kw := range []string{"DROP ", "DROP\t", "DROP\n", "TRUNCATE", "DELETE FROM", "DELETE\nFROM", "ALTER ", "FLUSHALL", "FLUSHDB", "DROPDATABASE", ".DROP(", "DELETEMANY", "REMOVE(", "GRANT ", "REVOKE "} {
		if strings.Contains(sql, kw) {
			c.add(Dangerous, "runs SQL that drops, truncates, deletes or alters", "builtin:database-destructive")
			return
		}
	}
	if c.in != nil && (c.in.file || c.in.pipe != nil && (c.in.pipe.other || c.in.pipe.files) || c.in.doc != nil && !c.in.docLit) {
		c.add(Warning, "runs SQL the classifier cannot see", "builtin:database")
	}
}

// dbShellEscapes judges the client-side commands of database shells in
// what they are given to run: sqlite3's .shell/.system (run a command),
// .output/.once/.save/.backup (write a file), .read/.import (read one),
// .load (load code); psql's and mysql's \! and system (run a command),
// \o (write) and \i (read).
func (c *cmd) dbShellEscapes(texts []string) {
	for _, t := range texts {
		for line := range strings.SplitSeq(t, "\n") {
			line = strings.TrimSpace(line)
			for part := range strings.SplitSeq(line, ";") {
				part = strings.TrimSpace(part)
				word, rest, _ := strings.Cut(part, " ")
				rest = strings.TrimSpace(rest)
				switch lower(word) {
				case ".shell", ".system", "\\!", "system", "\\system":
					c.add(Warning, "runs a shell command from the database client", "builtin:database-program")
					c.script(rest, bashLang)
				case ".output", ".once", ".save", ".backup", "\\o", "\\out", "tee", "\\w":
					if rest != "" && !strings.HasPrefix(rest, "|") {
						c.path(accWrite, lit(strings.Trim(lastWord(rest), `'"`)))
					} else if strings.HasPrefix(rest, "|") {
						c.add(Warning, "pipes output to a command", "builtin:database-program")
						c.script(strings.TrimPrefix(rest, "|"), bashLang)
					}
				case ".read", ".import", ".open", "\\i", "\\ir", "source", "\\.":
					if rest != "" {
						c.path(accRead, lit(strings.Trim(firstWord(rest), `'"`)))
					}
				case ".load":
					c.add(Dangerous, "loads a native extension into the database client", "builtin:database-program")
				}
			}
		}
	}
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return w
}

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
